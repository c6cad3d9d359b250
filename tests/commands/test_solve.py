"""`cardtable solve` as a user runs it: one deal, a classified range, the store, the files."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.app.solved import SolvedDeals
from cardtable.solver import Outcome
from cardtable.solver.batch import DealResult


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_freecell_solution_prints_in_freecell_solver_notation_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "solve", "freecell", "--deal", "617")
    assert status == 0
    verdict, solution = out.splitlines()
    assert verdict.startswith("FreeCell, deal 617: solved in ")
    assert len(solution.split()) == int(verdict.split("solved in ")[1].split()[0])
    moves = tmp_path / "moves.txt"
    moves.write_text(solution)
    status, out, _ = run(capsys, "replay", "freecell", "--deal", "617", "--moves", str(moves), "--notation", "freecell")
    assert status == 0 and out.endswith("won: yes\n")


def test_a_klondike_solution_says_it_is_thoughtful_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "klondike-draw3", "--deal", "3")
    assert status == 0
    lines = out.splitlines()
    assert "thoughtful" in lines[1]
    moves = tmp_path / "moves.txt"
    moves.write_text(lines[2])
    status, out, _ = run(capsys, "replay", "klondike-draw3", "--deal", "3", "--moves", str(moves))
    assert status == 0 and out.endswith("won: yes\n")


def test_unwinnable_and_unknown_have_their_own_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "bakers-game", "--deal", "10")
    assert status == 1 and "can't be won" in out
    status, out, _ = run(capsys, "solve", "freecell", "--deal", "11982", "--nodes", "100")
    assert status == 3 and "unknown" in out


def test_a_range_is_classified_stored_and_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, table, record, picture = tmp_path / "c.db", tmp_path / "r.csv", tmp_path / "r.json", tmp_path / "r.svg"
    status, out, err = run(
        capsys, "solve", "bakers-game", "--deals", "1-12", "--workers", "2", "--db", str(db),
        "--csv", str(table), "--json", str(record), "--plot", str(picture),
    )
    assert status == 0
    assert "12 deals: 11 solved, 1 proven unwinnable, 0 unknown" in out
    assert "95% interval" in out and "12/12 deals" in err
    rows = list(csv.DictReader(table.open()))
    assert [int(r["deal"]) for r in rows] == list(range(1, 13))
    assert {r["outcome"] for r in rows} == {"solved", "unwinnable"}
    data = json.loads(record.read_text())
    assert data["share"] == pytest.approx(11 / 12) and len(data["results"]) == 12
    assert picture.read_text().startswith("<svg") and "unwinnable (1)" in picture.read_text()
    stored = SolvedDeals(db).results("bakers-game")
    assert [(r.deal, r.outcome.value) for r in stored] == [(int(r["deal"]), r["outcome"]) for r in rows]
    status, out, _ = run(capsys, "solve", "bakers-game", "--deals", "1-12", "--db", str(db))
    assert status == 0 and "12 verdicts, and their times, come from the store" in out


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
        (("solve", "nosuchgame"), "unknown game"),
        (("solve", "freecell", "--deals", "1-x"), "deals are numbers or ranges"),
        (("solve", "freecell", "--deals", "9-3"), "empty or negative"),
        (("solve", "freecell", "--deal", "0"), "deal numbers run from 1"),
        (("solve", "freecell", "--seconds", "0"), "the budget needs"),
        (("solve", "freecell", "--deals", "1", "--plot", str(tmp_path / "p.gif"), "--no-store"), ".svg or .png"),
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
    assert status == 2 and "another program's data" in err
    assert other.read_bytes() == before


def test_a_png_plot_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "r.png"
    status, _, _ = run(capsys, "solve", "freecell", "--deals", "1-3", "--no-store", "--plot", str(picture))
    assert status == 0 and picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_batch_that_cannot_work_is_refused_before_any_deal_is_solved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.db"
    for args, words in [
        (("--deals", "0-2"), "deal numbers run from 1"),
        (("--deals", "1-2", "--scheduler", "nonsense"), "can't use the cluster"),
        (("--deals", "1-2", "--csv", str(tmp_path / "no" / "r.csv")), "its folder does not exist"),
        (("--deals", "1-2", "--plot", str(tmp_path / "r.txt")), ".svg or .png"),
        (("--deals", "1-2", "--seconds", "nan"), "the budget needs"),
    ]:
        status, out, err = run(capsys, "solve", "freecell", *args, "--db", str(db))
        assert status == 2 and words in err and "Traceback" not in err, args
        assert out == ""
    status, _, err = run(capsys, "solve", "klondike", "--notation", "freecell")
    assert status == 2 and "no free cells" in err


def test_overlapping_ranges_solve_each_deal_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "freecell", "--deals", "1-3,2-4", "--no-store")
    assert status == 0 and "4 deals: 4 solved" in out


def test_the_solver_results_table_is_a_migration_of_the_store(tmp_path: Path) -> None:
    from cardtable.app.storage import SCHEMA_VERSION, Store

    store = Store(tmp_path / "c.db")
    store.close()
    db = sqlite3.connect(tmp_path / "c.db")
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("SELECT count(*) FROM solver_results").fetchone()[0] == 0
    db.close()
