"""`cardtable solve` as a user runs it: one deal, a classified range, the store, the files."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.app.solved import SolvedDeals
from cardtable.solver import Outcome
from cardtable.solver import cluster
from cardtable.solver.batch import DealResult

FIXTURES = Path(__file__).parent.parent / "fixtures" / "freecell"


@pytest.fixture(autouse=True)
def _own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Verdicts go to a database of the test's own, never the user's."""
    db = tmp_path / "own.db"
    monkeypatch.setenv("CARDTABLE_DB", str(db))
    return db


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Status, standard output and error (less the note of a first compile, which comes
    only when this process compiled the solver)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    err = "".join(line for line in err.splitlines(keepends=True) if not line.startswith("(the solver was compiled"))
    return status, out, err


def replay_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, *args: str
) -> tuple[int, str, str]:
    """``cardtable replay ARGS --moves -`` with ``text`` on its standard input."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    return run(capsys, "replay", *args, "--moves", "-")


def test_a_freecell_solution_prints_in_freecell_solver_notation_and_pipes_into_replay(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, "solve", "freecell", "--deal", "617")
    assert status == 0
    assert err.startswith("FreeCell, deal 617: solved in ")
    solution = out.strip()  # the moves alone, as `solve ... | replay ... --moves -` reads them
    assert len(solution.split()) == int(err.split("solved in ")[1].split()[0])
    assert all(re.fullmatch(r"[1-8a-dh][1-8a-dh](v[0-9a-f]+)?", word) for word in solution.split())
    status, out, _ = replay_input(capsys, monkeypatch, out, "freecell", "--deal", "617")
    assert status == 0 and out.endswith("won: yes\n")


def test_freecell_solvers_own_output_replays_as_it_comes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fixture is what `fc-solve -m -sn` (5.0.0) printed for deal 617's board
    (`cardtable deal freecell --deal 617 --format fcs`): report lines around the moves."""
    printed = (FIXTURES / "fc-solve-617-output.txt").read_text()
    assert printed.startswith("-=-=") and "This game is solveable." in printed
    status, out, err = replay_input(capsys, monkeypatch, printed, "freecell", "--deal", "617")
    assert status == 0 and out.endswith("won: yes\n"), err
    status, _, err = replay_input(capsys, monkeypatch, printed.replace("8a 8b", "8a 8b zz"), "freecell", "--deal", "617")
    assert status == 2 and "zz" in err  # only the report lines are passed over


def test_a_klondike_solution_says_it_is_thoughtful_and_replays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, "solve", "klondike-draw3", "--deal", "3")
    assert status == 0
    assert "thoughtful" in err.splitlines()[1]
    status, out, _ = replay_input(capsys, monkeypatch, out, "klondike-draw3", "--deal", "3")
    assert status == 0 and out.endswith("won: yes\n")


def test_a_solution_typed_into_play_as_the_solver_says_wins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.ui.terminal.test_plain import cardtable

    status, out, err = run(capsys, "solve", "klondike", "--option", "draw=3", "--option", "passes=3", "--deal", "3", "--no-store")
    told = re.search(r"`cardtable (play [^`]+)`", err)
    assert status == 0 and told is not None and "--no-auto-build" in told.group(1)
    played = cardtable(tmp_path / "p.db", *shlex.split(told.group(1)), "--plain", stdin="\n".join(out.split()) + "\n")
    assert f"You won in {len(out.split())} moves!" in played.stdout
    status, out, err = run(capsys, "solve", "golf", "--deal", "3", "--no-store")  # no foundation auto-build plays to
    told = re.search(r"`cardtable (play [^`]+)`", err)
    assert status == 0 and told is not None and "auto-build" not in err, err
    played = cardtable(tmp_path / "p.db", *shlex.split(told.group(1)), "--plain", stdin=out)  # pasted, one line
    assert f"You won in {len(out.split())} moves!" in played.stdout, played.stdout[-500:]
    # Nothing goes home at this deal: pasted, the line plays with auto-build on; typed a
    # move at a time, with it off.
    status, out, err = run(capsys, "solve", "freecell", "--deal", "617", "--notation", "cardtable", "--no-store")
    pasted, typed = re.findall(r"`cardtable (play [^`]+)`", err)
    assert status == 0 and "auto-build" not in pasted and typed.endswith("--no-auto-build"), err
    played = cardtable(tmp_path / "p.db", *shlex.split(pasted), "--plain", stdin=out)
    assert "You won" in played.stdout, played.stdout[-500:]
    played = cardtable(tmp_path / "p.db", *shlex.split(typed), "--plain", stdin="\n".join(out.split()) + "\n")
    assert "You won" in played.stdout, played.stdout[-500:]


def test_unwinnable_and_unknown_have_their_own_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "bakers-game", "--deal", "10")
    assert status == 1 and "can't be won" in err and out == ""
    status, out, err = run(capsys, "solve", "freecell", "--deal", "11982", "--nodes", "100")
    assert status == 3 and "unknown: the positions ran out (--nodes gives more)" in err and out == ""
    status, out, err = run(capsys, "solve", "spider", "--deal", "1", "--memory", "64", "--nodes", "10000000")
    assert status == 3 and "unknown: the memory ran out (--memory gives more, in MB)" in err
    status, out, err = run(capsys, "solve", "spider", "--deal", "1", "--seconds", "0.3")
    assert status == 3 and "unknown: the time ran out (--seconds gives more)" in err
    status, out, err = run(capsys, "solve", "freecell", "--deal", "8", "--seconds", "1e-9")  # out of time before a position
    assert status == 3 and "unknown: the time ran out" in err and "no search needed" not in err, err


def test_a_deal_lost_from_the_start_says_which_card_is_trapped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_compiling(state: object) -> None:
        raise AssertionError("a deal lost from the start needs no search, so nothing is compiled")

    monkeypatch.setattr("cardtable.solver.search.warm_up", no_compiling)
    status, out, err = run(capsys, "solve", "klondike", "--deal", "89", "--nodes", "100")
    assert status == 1 and out == ""
    assert "can't be won: J♦ can never leave its column" in err and "(no search needed)" in err


def test_a_deal_a_smaller_budget_leaves_unknown_says_what_the_store_holds(
    capsys: pytest.CaptureFixture[str], _own_database: Path
) -> None:
    assert run(capsys, "solve", "freecell", "--deal", "11982")[0] == 1  # proved lost, and kept
    status, _, err = run(capsys, "solve", "freecell", "--deal", "11982", "--nodes", "100")
    assert status == 3 and "an earlier search, kept in the store, proved it can't be won" in err
    assert run(capsys, "solve", "freecell", "--deal", "5")[0] == 0
    status, _, err = run(capsys, "solve", "freecell", "--deal", "5", "--nodes", "16")
    assert status == 3 and re.search(r"an earlier search, kept in the store, solved it in \d+ moves", err)
    status, _, err = run(capsys, "solve", "freecell", "--deal", "6", "--nodes", "16")
    assert status == 3 and "earlier search" not in err  # nothing kept for that deal


def test_a_single_deal_adds_its_verdict_to_the_catalogue(capsys: pytest.CaptureFixture[str], _own_database: Path) -> None:
    assert run(capsys, "solve", "bakers-game", "--deal", "10")[0] == 1
    assert run(capsys, "solve", "bakers-game", "--deal", "1")[0] == 0
    stored = {r.deal: r for r in SolvedDeals(_own_database).results("bakers-game")}
    assert stored[10].outcome is Outcome.UNWINNABLE and stored[1].outcome is Outcome.SOLVED and stored[1].solution
    assert run(capsys, "solve", "bakers-game", "--deal", "2", "--no-store")[0] == 0
    assert 2 not in {r.deal for r in SolvedDeals(_own_database).results("bakers-game")}


def test_options_of_a_range_are_refused_for_one_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["--csv", str(tmp_path / "one.csv")], ["--plot", str(tmp_path / "one.svg")], ["--workers", "2"],
                  ["--deals", "1-2"]):
        status, out, err = run(capsys, "solve", "freecell", "--deal", "5", *extra)
        assert status == 2 and out == "" and extra[0] in err and "Traceback" not in err, extra
    assert not list(tmp_path.iterdir())


def test_a_range_is_classified_stored_and_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, table, record, picture = tmp_path / "c.db", tmp_path / "r.csv", tmp_path / "r.json", tmp_path / "r.svg"
    status, out, err = run(
        capsys, "solve", "bakers-game", "--deals", "1-12", "--workers", "2", "--db", str(db),
        "--csv", str(table), "--json", str(record), "--plot", str(picture),
    )
    assert status == 0
    assert "12 deals: 11 solved, 1 proven unwinnable, 0 unknown" in out
    assert "95% interval" in out and "12/12 deals" in err
    assert re.search(r"12/12 deals: \d+ solved, \d+ proven unwinnable, \d+ unknown", err)  # the progress counts each verdict
    rows = list(csv.DictReader(table.open()))
    assert [int(r["deal"]) for r in rows] == list(range(1, 13))
    assert {r["outcome"] for r in rows} == {"solved", "unwinnable"}
    data = json.loads(record.read_text())
    assert data["share"] == pytest.approx(11 / 12) and len(data["results"]) == 12
    assert (data["deals"], data["complete"]) == ("1-12", True)  # the range asked, searched whole
    assert (data["solved"], data["unwinnable"], data["unknown"]) == (11, 1, 0)
    assert data["budget"] == {"seconds": 60.0, "nodes": 2_000_000, "memory_mb": 1536}  # what the verdicts were reached with
    assert data["from_store"] == 0 and not any(r["from_store"] for r in data["results"])  # every verdict searched by this run
    assert {r["from_store"] for r in rows} == {"0"}
    assert picture.read_text().startswith("<svg") and "unwinnable (1)" in picture.read_text()
    assert "(this run's budget 60 s)" in picture.read_text()  # the budget the verdicts were reached with
    stored = SolvedDeals(db).results("bakers-game")
    assert [(r.deal, r.outcome.value) for r in stored] == [(int(r["deal"]), r["outcome"]) for r in rows]
    status, out, _ = run(capsys, "solve", "bakers-game", "--deals", "1-14", "--db", str(db), "--json", str(record),
                         "--csv", str(table), "--plot", str(picture))
    assert status == 0 and "12 verdicts and their times come from the store" in out
    again = json.loads(record.read_text())
    assert again["from_store"] == 12  # searched by an earlier run, perhaps with another budget, and each marked so
    assert [r["deal"] for r in again["results"] if r["from_store"]] == list(range(1, 13))
    assert [r["from_store"] for r in csv.DictReader(table.open())] == ["1"] * 12 + ["0"] * 2
    assert "(this run's budget 60 s; 12 from the store, searched earlier with their own)" in picture.read_text()
    status, out, _ = run(capsys, "solve", "bakers-game", "--deals", "3", "--db", str(db))
    assert status == 0 and "(1 verdict and its time come from the store; --again solves it anew)" in out


def test_an_unknown_searched_with_the_budget_asked_is_kept_and_a_larger_budget_searches_it_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.db")
    asked = ("solve", "golf", "--deals", "1-6", "--workers", "1", "--db", db)
    status, out, _ = run(capsys, *asked, "--nodes", "2000")
    assert status == 0 and "6 deals: 1 solved, 0 proven unwinnable, 5 unknown" in out
    status, out, _ = run(capsys, *asked, "--nodes", "2000")  # (as run again after a Ctrl-C): it would only run out again
    assert status == 0 and "(6 verdicts and their times come from the store" in out
    status, out, _ = run(capsys, *asked, "--nodes", "4000")
    assert status == 0 and "(1 verdict and its time come from the store" in out
    assert all(r.nodes > 3000 for r in SolvedDeals(db).results("golf") if r.outcome is Outcome.UNKNOWN)


def test_the_advice_on_typing_a_solution_comes_from_playing_it_so(capsys: pytest.CaptureFixture[str]) -> None:
    # Typed a move at a time with auto-build on, Strategy's deal 1 plays whole; Klondike's
    # deal 2 does not (auto-build takes a card home ahead of the move that names it).
    status, _, err = run(capsys, "solve", "strategy", "--deal", "1", "--no-store")
    assert status == 0 and "(typed or pasted in play as they are: `cardtable play strategy --deal 1`)" in err
    status, _, err = run(capsys, "solve", "klondike", "--deal", "2", "--no-store")
    assert status == 0 and "typed a move at a time, with auto-build off" in err
    status, _, err = run(capsys, "solve", "klondike", "--deal", "1", "--no-store")  # an ace home as it is dealt
    assert status == 0 and "with auto-build off: on, it sends cards home as the game is dealt, ahead of the moves" in err


def test_exported_solutions_are_written_as_the_one_deal_solve_prints_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, record = tmp_path / "r.csv", tmp_path / "r.json"
    status, _, _ = run(capsys, "solve", "freecell", "--deals", "1-2", "--no-store", "--csv", str(table), "--json", str(record))
    assert status == 0
    rows = list(csv.DictReader(table.open()))
    _, printed, _ = run(capsys, "solve", "freecell", "--deal", "2", "--no-store")
    assert rows[1]["solution"] == printed.strip()  # Freecell Solver's notation, as printed
    status, out, _ = replay_input(capsys, monkeypatch, rows[0]["solution"], "freecell", "--deal", "1")
    assert status == 0 and out.endswith("won: yes\n")
    data = json.loads(record.read_text())
    assert data["interval"][1] <= 1.0 and data["results"][0]["solution"] == rows[0]["solution"]
    run(capsys, "solve", "freecell", "--deals", "1", "--no-store", "--csv", str(table), "--notation", "cardtable")
    assert ">" in next(csv.DictReader(table.open()))["solution"]


def test_a_file_that_cannot_be_written_once_the_deals_are_searched_stops_the_batch_with_its_verdicts_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.db"
    status, out, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", str(db), "--csv", "/dev/full")
    assert status == 4 and "3 deals: 3 solved" in out  # not 2, a usage error: the range was searched
    assert "can't write /dev/full: No space left on device; the verdicts are kept in the store" in err
    assert len(SolvedDeals(db).results("freecell")) == 3
    status, out, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--no-store", "--json", "/dev/full")
    assert status == 4 and "the verdicts were not kept (--no-store)" in err


def test_a_proof_is_never_replaced_by_an_unknown(tmp_path: Path) -> None:
    store = SolvedDeals(tmp_path / "c.db")
    store.record([DealResult("freecell", 7, Outcome.SOLVED, 90, 10, 0.1, False, "t1>f1")])
    store.record([DealResult("freecell", 7, Outcome.UNKNOWN, 0, 99, 5.0, False)])
    assert store.results("freecell")[0].outcome is Outcome.SOLVED
    store.record([DealResult("freecell", 8, Outcome.UNKNOWN, 0, 99, 5.0, False)])
    store.record([DealResult("freecell", 8, Outcome.UNWINNABLE, 0, 99, 5.0, False)])
    assert set(store.decided("freecell")) == {7, 8}


def test_bad_input_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args, words in [
        (("solve", "nosuchgame"), "unknown game 'nosuchgame' (`cardtable games` lists every game)"),
        (("solve", "freecell", "--deals", "1-x"), "deals are numbers or ranges"),
        (("solve", "freecell", "--deals", "9-3"), "the range 9-3 runs backwards: 3-9 names those deals"),
        (("solve", "freecell", "--deals", "1 2"), "not '1 2'"),  # not deal 12
        (("solve", "freecell", "--deals", "1-2", "--again", "--no-store"), "--again and --no-store can't go together"),
        (("solve", "freecell", "--deals", "1-3 4"), "not '1-3 4'"),
        (("solve", "freecell", "--deals", "-1-3"), "not '-1-3'"),
        (("solve", "golf", "--deals", "1-2", "--scheduler", "http://127.0.0.1:1", "--no-store"), "http:// is not a scheduler's: its address starts with tcp://"),
        (("solve", "klondike", "--deals", "1-1,000"), "write a deal number without separators (1-1000, not 1-1,000)"),
        (("solve", "freecell", "--deal", "0"), "FreeCell deal numbers run from 1"),
        (("solve", "freecell", "--seconds", "0"), "--seconds must be a finite number above 0, not 0"),
        (("solve", "freecell", "--nodes", "0"), "--nodes must be at least 16, not 0"),
        (("solve", "freecell", "--memory", "0", "--nodes", "8"), "--nodes must be at least 16, not 8; --memory must be at least 64 (MB), not 0"),
        (("solve", "freecell", "--seconds", "inf"), "not inf (--nodes caps a long search)"),
        (("solve", "freecell", "--deals", "1", "--plot", str(tmp_path / "p.gif"), "--no-store"), ".svg or .png"),
        (("solve", "freecell", "--deals", "1", "--json", str(tmp_path)), "it is a folder"),
        (("solve", "freecell", "--deals", "1", "--db", str(tmp_path / "no" / "c.db")), "its folder does not exist"),
        (("solve", "freecell", "--deal", "1", "--db", str(tmp_path / "no" / "c.db")), "its folder does not exist"),
    ]:
        status, out, err = run(capsys, *args)
        assert status == 2 and words in err and "Traceback" not in err, args


def test_a_file_that_is_not_ours_is_left_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE mine (x)")
    db.commit()
    db.close()
    before = other.read_bytes()
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-2", "--db", str(other))
    assert status == 4 and "another program's data" in err  # the solve could not go on (1 would say "can't be won")
    assert other.read_bytes() == before


def test_a_png_plot_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "r.png"
    status, _, _ = run(capsys, "solve", "freecell", "--deals", "1-3", "--no-store", "--plot", str(picture))
    assert status == 0 and picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_batch_that_cannot_work_is_refused_before_any_deal_is_solved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.db"
    for args, words in [
        (("--deals", "0-2"), "FreeCell deal numbers run from 1 to 2,147,483,647, not 0"),
        (("--deals", "٣-٥"), "deals are numbers or ranges such as 1-100, not '٣-٥'"),
        (("--deals", ","), "deals are numbers or ranges such as 1-100, not ',' (an empty part between commas)"),
        (("--deals", "1-999999,1000000-1999999"), "is more than 1,000,000 deals: classify a range in parts"),
        (("--deals", "1-2", "--scheduler", "nonsense"), "can't use the cluster at nonsense: a scheduler's address is like"),
        (("--deals", "1-2", "--scheduler", "tcp://host:port"), "a scheduler's address is like tcp://HOST:8786"),
        (("--deals", "1-2", "--csv", str(tmp_path / "no" / "r.csv")), "its folder does not exist"),
        (("--deals", "1-2", "--json", "/proc/cardtable-results.json"), "can't write /proc/cardtable-results.json"),
        (("--deals", "1-2", "--plot", str(tmp_path / "r.txt")), ".svg or .png"),
        (("--deals", "1-2", "--seconds", "nan"), "--seconds must be a finite number above 0, not nan"),
        (("--deals", "1-2", "--csv", str(db)), f"--csv {db} is the database the verdicts (and saved games) are kept in"),
        (("--deals", "1-2", "--no-store", "--json", str(db)), f"--json {db} is the database"),  # it holds saved games
        (("--deals", "1-2", "--csv", f"{db}-wal"), "is one of the database's own files"),
        (("--deals", "1-2", "--csv", "-"), "--csv - : name a file"),
        (("--deals", "1-2", "--csv", str(tmp_path / "r"), "--json", str(tmp_path / "r")), "--csv and --json name the same file"),
        (("--deals", "1-2", "--scheduler", "tcp://h:8786", "--workers", "2"), "with --scheduler the cluster's workers"),
        (("--deal", "3", "--db", str(tmp_path)), f"{tmp_path} is a folder, not a database file"),  # before the search
    ]:
        status, out, err = run(capsys, "solve", "freecell", *args, "--db", str(db)) if "--db" not in args else run(
            capsys, "solve", "freecell", *args)
        assert status == 2 and words in err and "Traceback" not in err, args
        assert out == ""
    assert not db.exists() or db.read_bytes()[:16] == b"SQLite format 3\x00"  # never written over
    monkeypatch.setenv("CARDTABLE_DB", str(tmp_path))  # the folder named by the environment: named, not None
    status, _, err = run(capsys, "solve", "freecell", "--deal", "3")
    assert status == 2 and f"{tmp_path} is a folder, not a database file" in err, err
    status, _, err = run(capsys, "solve", "klondike", "--notation", "freecell")
    assert status == 2 and "it has a stock; --notation cardtable writes it" in err


def test_a_hard_link_to_the_database_is_refused_as_an_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A second name for the database's file (a hard link) is the database: writing the
    results there would put a CSV over every saved game."""
    db = tmp_path / "c.db"
    assert run(capsys, "solve", "freecell", "--deals", "1-2", "--db", str(db))[0] == 0
    link = tmp_path / "results.csv"
    os.link(db, link)
    status, out, err = run(capsys, "solve", "freecell", "--deals", "1-2", "--db", str(db), "--csv", str(link))
    assert status == 2 and "is the database the verdicts" in err and out == ""
    assert db.read_bytes()[:16] == b"SQLite format 3\x00"
    other = tmp_path / "other.json"
    twice = tmp_path / "twice.csv"
    twice.write_text("")
    os.link(twice, other)
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-2", "--no-store", "--csv", str(twice), "--json", str(other))
    assert status == 2 and "name the same file" in err


def test_a_batch_whose_verdicts_are_all_stored_needs_no_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.db")
    assert run(capsys, "solve", "freecell", "--deals", "1-3", "--db", db)[0] == 0
    status, out, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", db, "--scheduler", "tcp://127.0.0.1:1")
    assert status == 0 and "3 deals: 3 solved" in out and "cluster" not in err


def test_overlapping_ranges_solve_each_deal_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "freecell", "--deals", "1-3,2-4", "--no-store")
    assert status == 0 and "4 deals: 4 solved" in out


def test_the_solver_results_table_is_a_migration_of_the_store(tmp_path: Path) -> None:
    from cardtable.app.migrations import SCHEMA_VERSION
    from cardtable.app.storage import Store

    store = Store(tmp_path / "c.db")
    store.close()
    db = sqlite3.connect(tmp_path / "c.db")
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("SELECT count(*) FROM solver_results").fetchone()[0] == 0
    db.close()


def test_a_long_first_compile_is_explained(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.commands import solve as command

    monkeypatch.setattr(command, "COMPILE_NOTE", -1.0)  # as if the first search took a while
    monkeypatch.setattr(command, "search_is_cached", lambda: False)  # as after an install
    assert main(["solve", "freecell", "--deal", "1", "--no-store"]) == 0
    said = capsys.readouterr().err.splitlines()
    assert said[0] == command.COMPILING  # before the wait, not only after it
    assert said[1].startswith("(the solver was compiled for this machine first: ") and "FreeCell, deal 1: solved" in said[2]
    assert main(["solve", "freecell", "--deals", "1-2", "--no-store"]) == 0
    assert capsys.readouterr().err.startswith(command.COMPILING)  # a range too, before its progress
    monkeypatch.setattr(command, "search_is_cached", lambda: True)  # only loaded, however long that took
    assert main(["solve", "freecell", "--deal", "1", "--no-store"]) == 0
    assert main(["solve", "freecell", "--deals", "1-2", "--no-store"]) == 0
    assert "compiled" not in capsys.readouterr().err


def test_a_deal_lost_from_the_start_says_nothing_of_compiling(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.commands import solve as command

    monkeypatch.setattr(command, "search_is_cached", lambda: False)
    assert main(["solve", "klondike", "--deal", "89", "--no-store"]) == 1  # J♦ over both black Queens: no search
    assert "compiled" not in capsys.readouterr().err


def test_the_png_plot_marks_whole_deals_only() -> None:
    from cardtable.solver.plot import drawing

    results = [DealResult("freecell", deal, Outcome.SOLVED, 90, 500, 0.01 * deal, False) for deal in range(1, 21)]
    figure = drawing(results, "FreeCell")
    ticks = figure.axes[0].get_xticks()
    assert len(ticks) >= 3 and all(float(t).is_integer() for t in ticks)
    figure.canvas.draw()
    legend, plotted = figure.axes[0].get_legend().get_window_extent(), figure.axes[0].get_window_extent()
    assert legend.x0 >= plotted.x1  # beside the points, never over one


def test_a_batch_with_nothing_decided_says_so_and_writes_no_share(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.json"
    status, out, _ = run(capsys, "solve", "spider", "--deals", "1-2", "--nodes", "50", "--no-store", "--json", str(report))
    assert status == 0 and "winnable: no deal was decided" in out and "no solution to measure" in out
    written = json.loads(report.read_text(encoding="utf-8"))
    assert written["share"] is None and written["interval"] is None


def test_ctrl_c_stops_a_batch_at_once_and_keeps_what_was_solved(tmp_path: Path) -> None:
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it: the workers
    leave it to the batch, which stops them at once (not after the deals queued for
    them, 2 s a deal), stores what finished and says how much."""
    db = tmp_path / "s.db"
    report = tmp_path / "so-far.csv"
    command = [sys.executable, "-m", "cardtable.cli", "solve", "spider", "--deals", "1-200", "--workers", "2",
               "--seconds", "2", "--db", str(db), "--csv", str(report)]
    # Started as from a terminal, with Ctrl-C at its default: a process started with SIGINT
    # ignored (a shell's background job, or a test runner's worker that ignores it) keeps
    # ignoring it, and would rightly solve on.
    batch = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(12)  # a few deals done by now, far fewer than the 200
    os.killpg(batch.pid, signal.SIGINT)
    interrupted = time.monotonic()
    out, err = batch.communicate(timeout=90)
    assert time.monotonic() - interrupted < 8, "the batch went on solving after Ctrl-C"
    assert batch.returncode == 130 and "Traceback" not in err
    said = re.search(r"cardtable: interrupted; (\d+) solved and (\d+) proven unwinnable, kept in the store[^;\n]*(?:; (\d+) unknown)?", err)
    assert said is not None, err
    assert _stored(db) == sum(int(n or 0) for n in said.groups()) < 200  # every verdict reached is kept
    if _stored(db):  # and the file asked for holds them (on a loaded machine no deal may be done yet)
        rows = report.read_text(encoding="utf-8").splitlines()
        assert "the files asked for hold the" in err and len(rows) - 1 == _stored(db), err
    else:
        assert not report.exists() and "the files asked for were not written" in err, err


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started that are still there (Linux's own list)."""
    try:
        return {int(n) for n in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def _gone(pids: set[int], seconds: float) -> bool:
    """Whether every one of ``pids`` has ended within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid) for pid in pids):
            return True
        time.sleep(0.1)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:", 1)[1].split("\n", 1)[0].lower()
    except (OSError, IndexError):
        return "zombie"


def _batch(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "cardtable.cli", "solve", "spider", "--workers", "2", "--db", str(tmp_path / "b.db"),
               *args]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _workers_of(batch: subprocess.Popen[str]) -> set[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(_children(batch.pid)) < 2:
        time.sleep(0.1)
    return _children(batch.pid)


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGKILL], ids=["kill", "kill -9"])
def test_a_batch_ended_by_a_signal_takes_its_workers_with_it(tmp_path: Path, ending: signal.Signals) -> None:
    """Its workers would otherwise solve on for minutes, then sit holding memory."""
    batch = _batch(tmp_path, "--deals", "1-200", "--seconds", "5", "--csv", str(tmp_path / "r.csv"))
    workers = _workers_of(batch)
    assert len(workers) == 2
    time.sleep(2)
    batch.send_signal(ending)
    _, err = batch.communicate(timeout=60)
    assert _gone(workers, 10), "a worker outlived its batch"
    if ending is signal.SIGTERM:  # ended as Ctrl-C ends it
        assert batch.returncode == 143 and "cardtable: stopped (kill);" in err and "Traceback" not in err, err


def test_a_batch_killed_outright_has_stored_its_verdicts_of_more_than_two_seconds_ago(tmp_path: Path) -> None:
    """``kill -9`` leaves no time to store anything: what was reached is stored as it goes,
    every two seconds (it was every fifty verdicts, so a slow game lost them all)."""
    command = [sys.executable, "-m", "cardtable.cli", "solve", "spider-4suits", "--deals", "1-40", "--seconds", "1",
               "--nodes", "100000000", "--db", str(tmp_path / "k.db")]
    batch = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert batch.stderr is not None
    for line in batch.stderr:  # not a terminal: a line every tenth of the way, every 4 deals of 1 s each
        if "8/40 deals" in line:
            break
    batch.kill()
    batch.wait(timeout=30)
    assert 3 <= _stored(tmp_path / "k.db") < 40  # stored at the first verdict two seconds after the start, at least


def test_a_worker_lost_mid_batch_costs_only_its_deals_which_are_solved_again(tmp_path: Path) -> None:
    """A worker killed (as the out-of-memory killer would) breaks the pool: the deals it
    and its fellows held are solved in new workers, and the batch ends as if nothing
    happened."""
    report = tmp_path / "r.csv"
    batch = _batch(tmp_path, "--deals", "1-16", "--seconds", "1", "--no-store", "--csv", str(report))
    workers = _workers_of(batch)
    assert len(workers) == 2
    time.sleep(1.5)
    os.kill(min(workers), signal.SIGKILL)
    out, err = batch.communicate(timeout=180)
    assert batch.returncode == 0 and "Traceback" not in err, err
    rows = list(csv.DictReader(report.read_text(encoding="utf-8").splitlines()))
    assert sorted(int(r["deal"]) for r in rows) == list(range(1, 17))


def _stored(db: Path) -> int:
    """Verdicts in the store (0 before it exists)."""
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM solver_results").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_a_scheduler_address_where_something_else_answers_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A server that is not Dask's (here one that greets with an SSH banner, as port 22
    would) is named in words: its bytes, read as a message, once asked for exabytes."""
    stranger = socket.socket()
    stranger.bind(("127.0.0.1", 0))
    stranger.listen()
    port = stranger.getsockname()[1]

    def greet() -> None:
        for _ in range(5):
            try:
                caller, _ = stranger.accept()
            except OSError:
                return
            caller.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n" + bytes(range(256)) * 4)

    threading.Thread(target=greet, daemon=True).start()
    try:
        status, out, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--no-store", "--scheduler", f"tcp://127.0.0.1:{port}")
    finally:
        stranger.close()
    assert status == 2 and out == ""
    assert err.startswith(f"cardtable: can't use the cluster at tcp://127.0.0.1:{port}: no Dask scheduler answered there (")
    assert "EiB" not in err and "MemoryError" not in err, err  # its bytes' "size" is no news to the user


def test_a_scheduler_address_where_a_silent_server_listens_is_refused_in_seconds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server that waits to be asked (a web server: the dashboard's port given for the
    scheduler's) is told from a scheduler, which greets at once, before Dask's client
    would give up on it."""
    monkeypatch.setattr(cluster, "PROBE_SECONDS", 0.5)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # connections wait in its backlog, answered by no one
        port = silent.getsockname()[1]
        began = time.monotonic()
        status, out, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--no-store", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert status == 2 and out == ""
    assert "said nothing in 0.5 s, and a scheduler greets at once: is it a dashboard's or another server's port?" in err, err
    assert time.monotonic() - began < cluster.CONNECT_SECONDS / 2


def test_budgets_read_with_separators_and_a_shuffling_redeal_is_called_foresight(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", "freecell", "--deal", "1", "--nodes", "2,000,000", "--no-store")
    assert status == 0, err
    status, out, err = run(capsys, "solve", "montana", "--deal", "4", "--nodes", "60_000", "--no-store")
    assert status == 0 and "redeal" in out
    assert "(the solver knew where each redeal's shuffle puts the cards: thoughtful play)" in err


@pytest.mark.parametrize("scheme", ["tcp", "ws"])
def test_a_scheduler_address_where_nothing_listens_is_refused_at_once(capsys: pytest.CaptureFixture[str], scheme: str) -> None:
    with socket.socket() as taken:  # a port just freed: nothing listens there
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
    began = time.monotonic()
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--scheduler", f"{scheme}://127.0.0.1:{port}", "--no-store")
    assert status == 4 and f"nothing listens on port {port} of 127.0.0.1: is the scheduler running?" in err  # not a usage error:
    assert "3 deals not searched (1-3)" in err  # the same command works once the scheduler runs
    assert time.monotonic() - began < 10  # not Dask's 30 s of trying


def test_one_deal_refuses_a_damaged_database_before_it_searches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cut.db"
    assert run(capsys, "solve", "freecell", "--deal", "3", "--db", str(db))[0] == 0
    whole = db.read_bytes()
    db.write_bytes(whole[: len(whole) // 2])  # cut short, as a copy that stopped half way
    kept = db.read_bytes()
    status, out, err = run(capsys, "solve", "freecell", "--deal", "4", "--db", str(db))
    assert status == 4 and out == "" and "damaged" in err and "solved in" not in err, err
    assert db.read_bytes() == kept  # left as it was


def test_the_png_plot_writes_seconds_as_plain_numbers() -> None:
    from cardtable.solver.plot import drawing

    for seconds, labelled in (((0.31, 0.37, 0.45, 0.52), {"0.3", "0.4", "0.5"}), ((0.001, 0.4, 3.0), {"0.001", "0.01", "0.1", "1"})):
        results = [DealResult("golf", n + 1, Outcome.SOLVED, 10, 100, s, False) for n, s in enumerate(seconds)]
        figure = drawing(results, "Golf")
        figure.canvas.draw()
        axis = figure.axes[0]
        shown = {t.get_text() for minor in (False, True) for t in axis.get_yticklabels(minor=minor) if t.get_text()}
        assert labelled <= shown and not any("e" in text or "10^" in text or "×" in text for text in shown), shown


def test_a_batch_that_cannot_go_on_says_what_is_left_first_and_exits_4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not 1, which says a deal can't be won; the deals left and how to go on come before
    the cause, whose library text is cut to its first line."""
    import cardtable.commands.solve as command
    from cardtable.solver.batch import BatchStopped, classify

    def stops(game: str, deals: list[int], *rest: object, **named: object) -> object:
        yield from classify(game, deals[:1], *rest, **named)  # type: ignore[arg-type]
        raise BatchStopped("the cluster stopped the batch (OSError: gone)", deals[1:])

    monkeypatch.setattr(command, "classify", stops)
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", str(tmp_path / "s.db"))
    assert status == command.STOPPED == 4
    assert "cardtable: 2 deals not searched (2-3): the cluster stopped the batch (OSError: gone); 1 solved and 0 proven " \
        "unwinnable, kept in the store (run the same command again to go on)" in err, err


def test_a_kill_outside_the_batchs_own_loop_exits_as_a_kill_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before its first deal or while it draws its picture, as within its loop: 143."""
    import cardtable.commands.solve as command
    from cardtable.commands import stopping

    def killed(*args: object) -> int:
        stopping.on_kill(signal.SIGTERM, None)
        return 0

    monkeypatch.setattr(command, "_many", killed)
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", str(tmp_path / "s.db"))
    assert status == command.TERMINATED == 143 and "Traceback" not in err


def test_a_database_that_refuses_the_verdicts_stops_the_batch_with_4_and_the_files_keep_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not 2 (a usage error) nor 1 (can't be won): the batch could not go on, and what it
    reached is in the files asked for."""
    import cardtable.commands.solve as command
    from cardtable.app.storage_errors import StorageError

    def refused(self: SolvedDeals, results: object) -> None:
        raise StorageError("the database is busy")

    monkeypatch.setattr(SolvedDeals, "record", refused)
    table = tmp_path / "out.csv"
    status, out, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", str(tmp_path / "s.db"), "--csv", str(table))
    assert status == command.STOPPED
    assert "cardtable: every deal was searched, but the database did not take the verdicts (the database is busy)" in err
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", str(tmp_path / "s.db"), "--csv", "/dev/full")
    assert status == command.STOPPED and "can't write /dev/full" in err
    assert "the database did not take every verdict: the same command again searches those anew" in err  # not "kept"
    assert "3 solved" in out  # the summary, as after any whole range
    assert [row["deal"] for row in csv.DictReader(table.open())] == ["1", "2", "3"]
    stopped, record = tmp_path / "stopped.csv", tmp_path / "stopped.json"
    status, out, err = run(capsys, "solve", "freecell", "--deals", "1-60", "--db", str(tmp_path / "s.db"), "--csv", str(stopped),
                           "--json", str(record))
    assert status == command.STOPPED and "the batch stopped after 50 deals: the database did not take the verdicts" in err
    assert len(list(csv.DictReader(stopped.open()))) == 50 and "solved" not in out  # what was reached; no summary
    written = json.loads(record.read_text())
    assert (written["deals"], written["complete"], len(written["results"])) == ("1-60", False, 50)  # says it is partial


def test_ctrl_c_is_said_as_ctrl_c_even_when_the_database_then_refuses_the_verdicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardtable.commands.solve as command
    from cardtable.app.storage_errors import StorageError
    from cardtable.solver.batch import classify

    def refused(self: SolvedDeals, results: object) -> None:
        raise StorageError("the database is busy")

    def interrupted(game: str, deals: list[int], *rest: object, **named: object) -> object:
        yield from classify(game, deals[:1], *rest, **named)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(SolvedDeals, "record", refused)
    monkeypatch.setattr(command, "classify", interrupted)
    status, _, err = run(capsys, "solve", "freecell", "--deals", "1-3", "--db", str(tmp_path / "s.db"))
    assert status == command.INTERRUPTED and "interrupted" in err and "did not take" not in err, err


def test_a_board_in_freecell_solvers_text_is_solved_and_replayed_from(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    status, board, _ = run(capsys, "deal", "freecell", "--deal", "1", "--format", "fcs")
    assert status == 0 and board.startswith("Foundations:")
    (tmp_path / "one.fcs").write_text(board)
    status, out, err = run(capsys, "solve", "freecell", "--position", str(tmp_path / "one.fcs"), "--no-store")
    assert status == 0 and err.startswith("FreeCell, the position given: solved in "), err
    status, _, err = replay_input(capsys, monkeypatch, out, "freecell", "--position", str(tmp_path / "one.fcs"))
    assert status == 0 and _.rstrip().endswith("won: yes"), err
    (tmp_path / "bad.fcs").write_text(board.replace("AS", "AH"))
    status, _, err = run(capsys, "solve", "freecell", "--position", str(tmp_path / "bad.fcs"), "--no-store")
    assert status == 2 and "repeated: AH" in err and "Freecell Solver's board text" in err


def _solve_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardtable.cli", "solve", *args]


def test_a_reader_that_stops_reading_leaves_the_verdicts_status_and_store_as_they_are(tmp_path: Path) -> None:
    db = tmp_path / "piped.db"
    for deal, status in (("11982", 1), ("5", 0)):
        solving = subprocess.Popen(_solve_command("freecell", "--deal", deal, "--db", str(db)),
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert solving.stdout is not None
        solving.stdout.close()  # as `| head -0`: gone before the first line is written
        assert solving.wait(timeout=120) == status, deal
    kept = sqlite3.connect(db).execute("SELECT deal, outcome FROM solver_results ORDER BY deal").fetchall()
    assert kept == [(5, "solved"), (11982, "unwinnable")]


def test_an_output_that_cant_be_written_and_a_memory_past_the_machines_are_said_in_a_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    if Path("/dev/full").exists():
        with open("/dev/full", "w") as full:
            done = subprocess.run(_solve_command("freecell", "--deal", "5", "--no-store"), stdout=full,
                                  stderr=subprocess.PIPE, text=True, timeout=120)
        assert done.returncode == 4 and done.stderr.endswith("cardtable: can't write the output: No space left on device\n")
        assert "Traceback" not in done.stderr
    status, _, err = run(capsys, "solve", "spider", "--deal", "2", "--memory", str(1 << 40), "--no-store")
    assert status == 2 and f"--memory {1 << 40} (MB) is more than this machine has (" in err


def test_freecell_solvers_moves_in_words_are_refused_with_the_command_that_writes_them_readably(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    words = "-=-=-=-=-=-=-=-=-=-=-=-\n\nMove a card from stack 4 to freecell 0\n\nMove 3 cards from stack 2 to stack 5\n"
    status, _, err = replay_input(capsys, monkeypatch, words, "freecell", "--deal", "1")
    assert status == 2 and "Freecell Solver's in words" in err and "fc-solve -m -sn BOARD" in err


def test_every_board_deal_writes_in_freecell_solvers_text_reads_back_and_penguins_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from cardtable.commands.solitaire import read_position
    from cardtable.solitaire import variants
    from cardtable.solitaire.formats import board_unwritable, uses_freecell_notation

    for variant in (v for v in variants() if uses_freecell_notation(v)):
        status, board, err = run(capsys, "deal", variant.id, "--deal", "3", "--format", "fcs")
        if board_unwritable(variant):  # Penguin: its foundations start with the deal's base card
            assert status == 2 and "foundations don't start with an Ace" in err, variant.id
            continue
        (tmp_path / "board.fcs").write_text(board)
        assert status == 0 and read_position(str(tmp_path / "board.fcs"), variant) == variant.start(3), variant.id


def test_a_verdict_waiting_for_a_database_another_program_holds_says_so_and_is_kept_once_it_is_free(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.db"
    assert run(capsys, "solve", "freecell", "--deal", "10", "--db", str(db))[0] == 0  # the file made, one verdict in
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")  # another program writing, for two seconds
    freed = threading.Timer(2.0, lambda: holder.execute("COMMIT"))
    freed.start()
    status, out, err = run(capsys, "solve", "freecell", "--deal", "11", "--db", str(db))
    freed.join()
    holder.close()
    assert status == 0 and out.strip()
    assert "cardtable: waiting for the database: another program is writing to it (up to 30 s)" in err
    assert "not stored" not in err
    assert sorted(SolvedDeals(db).decided("freecell")) == [10, 11]
