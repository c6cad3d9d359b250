"""The `cardtable` command, run as a real subprocess."""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.app import Options, Scoring, Session, Store
from cardtable.cli import build_parser
from cardtable.app.service import Games
from cardtable.solitaire import get_variant, legal_moves
from cardtable.solitaire.formats import format_move, parse_state

SOLUTION = Path(__file__).parent / "fixtures" / "freecell" / "deal-1.solution"


def cardtable(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], input=stdin, capture_output=True, text=True, timeout=300,
        env=None if env is None else {**os.environ, **env},
    )


def test_games_lists_every_variant_with_its_id() -> None:
    result = cardtable("games")
    assert result.returncode == 0
    assert "klondike-draw3" in result.stdout and "Besieged Fortress" in result.stdout


def test_commands_that_never_search_start_without_the_compiled_search() -> None:
    # numba takes about as long to load as the rest of the program: only a search loads it.
    probe = "import sys, cardtable.cli, cardtable.app, cardtable.ui.web.api; print('numba' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert result.stdout.strip() == "False", result.stderr


def _unexplained(parser: argparse.ArgumentParser, command: str) -> list[str]:
    """The options of ``command`` and its subcommands that ``--help`` lists bare."""
    bare = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, inner in action.choices.items():
                bare += _unexplained(inner, f"{command} {name}")
        elif action.option_strings and action.help is None:
            bare.append(f"{command} {action.option_strings[-1]}")
    return bare


def test_every_option_of_every_command_says_what_it_does_in_its_help() -> None:
    # `blackjack simulate --help` listed --decks and --rounds with no word of what they take.
    assert _unexplained(build_parser(), "cardtable") == []


def test_deal_prints_a_position_that_reads_back() -> None:
    result = cardtable("deal", "klondike", "--deal", "7")
    assert result.returncode == 0
    assert parse_state(result.stdout) == get_variant("klondike").start(7)


def test_deal_in_freecell_solver_format() -> None:
    result = cardtable("deal", "freecell", "--deal", "1", "--format", "fcs")
    assert result.stdout.splitlines()[2] == ": JD KD 2S 4C 3S 6D 6S"
    refused = cardtable("deal", "klondike", "--format", "fcs")
    assert refused.returncode == 2 and "Klondike can't be written in Freecell Solver's notation: it has a stock" in refused.stderr


def test_moves_lists_the_opening_moves_in_words() -> None:
    result = cardtable("moves", "klondike", "--deal", "7")
    assert result.returncode == 0
    assert "t6>t2" in result.stdout and "10♥ onto J♠" in result.stdout


@pytest.mark.parametrize(("game", "deal", "line", "count"), [
    ("freecell", 1, "t1>c1          6♠ to the empty free cell 1 (or c2, c3 or c4: all alike)", 8),
    ("klondike", 3, "t4>f1          A♣ to the empty foundation 1 (or f2, f3 or f4: all alike)", 5),
])
def test_moves_lists_a_move_to_one_of_several_empty_piles_alike_once(game: str, deal: int, line: str, count: int) -> None:
    lines = cardtable("moves", game, "--deal", str(deal)).stdout.splitlines()
    assert line in lines and len(lines) == count
    start = get_variant(game).start(deal)
    said = set()  # every legal move is listed, or named as alike to one listed
    for listed in lines:
        written, *_ = listed.split()
        alike = re.search(r"\(or (.*): all alike\)", listed)
        others = re.findall(r"[a-z]+\d+", alike.group(1)) if alike else []
        said |= {written} | {f"{written.split('>')[0]}>{other}" for other in others}
    assert said == {format_move(start.variant, move) for move in legal_moves(start)}


def test_replay_from_stdin_reports_the_final_position() -> None:
    result = cardtable("replay", "klondike", "--deal", "7", "--moves", "-", stdin="t6>t2\ndeal deal\n")
    assert result.returncode == 3, result.stderr  # played through, not won: a script checking a solution sees it
    assert result.stdout.endswith("won: no\n")
    assert "waste: KD 6C" in result.stdout


def test_a_position_written_by_deal_is_solved_and_its_solution_replayed_from_it(tmp_path: Path) -> None:
    position = tmp_path / "position.txt"
    opening = cardtable("replay", "klondike", "--deal", "5", "--moves", "-", stdin="t6>f1 t6>t1 t5>t6 t4>t5\n")
    position.write_text(opening.stdout)  # four moves in (and "won: no"): not a deal's opening
    solved = cardtable("solve", "klondike", "--position", "-", stdin=position.read_text())
    assert solved.returncode == 0 and "Klondike, the position given: solved in" in solved.stderr, solved.stderr
    (tmp_path / "moves.txt").write_text(solved.stdout)
    won = cardtable("replay", "klondike", "--position", str(position), "--moves", str(tmp_path / "moves.txt"))
    assert won.returncode == 0 and won.stdout.endswith("won: yes\n"), won.stderr
    from_the_deal = cardtable("replay", "klondike", "--deal", "5", "--moves", str(tmp_path / "moves.txt"))
    assert from_the_deal.returncode != 0  # the moves play from the position, not the deal's opening
    both = cardtable("solve", "klondike", "--deal", "5", "--position", str(position))
    assert both.returncode == 2 and "--deal and --position can't go together" in both.stderr
    other = cardtable("solve", "freecell", "--position", str(position))
    assert other.returncode == 2 and "the position in " + str(position) + " is of Klondike, not FreeCell" in other.stderr
    position.write_text(opening.stdout.replace("game: klondike", "game: freecell"))  # a Klondike table, said FreeCell's
    misnamed = cardtable("solve", "klondike", "--position", str(position))
    assert misnamed.returncode == 2 and "the position in " + str(position) + " is of FreeCell, not Klondike" in misnamed.stderr
    position.write_text("\n")  # as replay leaves a file it wrote nothing to, its first move refused
    for game in ("klondike", "freecell"):  # (FreeCell's also reads Freecell Solver's boards)
        empty = cardtable("solve", game, "--position", str(position))
        assert empty.returncode == 2 and f"{position} is empty" in empty.stderr, empty.stderr


def test_replay_a_freecell_solution_wins() -> None:
    result = cardtable("replay", "freecell", "--deal", "1", "--moves", str(SOLUTION), "--notation", "freecell")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("won: yes\n")


def test_a_freecell_list_cut_short_is_blamed_where_it_breaks() -> None:
    words = SOLUTION.read_text().split()
    cut = " ".join(words[:12]) + " " + words[12][:1]  # the thirteenth move cut to one character
    result = cardtable("replay", "freecell", "--deal", "1", "--moves", "-", stdin=cut)
    assert result.returncode == 2 and f"move 13: '{words[12][:1]}' is not a FreeCell move" in result.stderr


def test_replay_stops_at_an_illegal_move_with_its_number_and_reason() -> None:
    result = cardtable("replay", "klondike", "--deal", "7", "--moves", "-", stdin="deal\nt1>t2\n")
    assert result.returncode == 1
    assert result.stderr.strip() == "cardtable: move 2 (t1>t2): 6♦ can't go on J♠: build down by one in alternating colours"


def test_bad_input_gets_a_clear_message_and_no_traceback() -> None:
    cases = [
        (("deal", "klondyke"), "did you mean klondike"),
        (("deal", "freecell", "--deal", "0"), "FreeCell deal numbers run from 1"),
        (("play", "freecell", "--deal", "0", "--plain", "--db", ":memory:"), "FreeCell deal numbers run from 1"),
        (("replay", "klondike", "--moves", "/no/such/file"), "can't read /no/such/file"),
        (("replay", "klondike", "--moves", ""), "--moves names no file (the name is empty): give a file of moves, or -"),
        (("replay", "klondike", "--moves", "-"), "not a move"),
        (("deal", "klondike", "--deal", "٣"), "a deal number is written in the digits 0-9, not '٣'"),
        (("solve", "klondike", "--deal", "3_0"), "a deal number is written in the digits 0-9"),
        (("play", "freecell[", "--plain", "--db", ":memory:"), "unknown game 'freecell[': a game's name has no '['"),
    ]
    for args, message in cases:
        result = cardtable(*args, stdin="t1 to t2\n")
        assert result.returncode == 2 and message in result.stderr
        assert "Traceback" not in result.stderr


def test_rules_prints_the_summary_and_the_rules_from_the_declaration() -> None:
    result = cardtable("rules", "relaxed-pyramid")
    assert result.returncode == 0 and "total 13" in result.stdout
    assert "- Stock: deal 1 card to the waste; 3 passes through the stock." in result.stdout
    _clean_refusal(cardtable("rules", "no-such-game"), "no-such-game")
    _clean_refusal(cardtable("rules"), "name a game")


def test_an_option_makes_the_game_it_names() -> None:
    result = cardtable("deal", "freecell", "--option", "cells=6", "--deal", "3")
    assert result.returncode == 0 and "c6:" in result.stdout and "c7:" not in result.stdout
    assert parse_state(result.stdout).variant is get_variant("freecell[cells=6]")
    _clean_refusal(cardtable("deal", "freecell", "--option", "cells=9"), "cells may be 1, 2, 3, 4, 5, 6, not 9")
    _clean_refusal(cardtable("rules", "--option", "cells=2"), "--option needs a game")
    both = cardtable("deal", "klondike[draw=3]", "--option", "passes=2", "--format", "json")  # the id's and the flag's
    assert '"game": "klondike[draw=3,passes=2]"' in both.stdout, both.stderr
    _clean_refusal(cardtable("deal", "klondike[draw=3]", "--option", "draw=1"), "draw is given twice (draw=3 and draw=1)")
    unlimited = cardtable("deal", "klondike-vegas", "--option", "passes=unlimited", "--format", "json")
    assert '"game": "klondike-vegas[passes=unlimited]"' in unlimited.stdout, unlimited.stderr  # as the rule page offers it


def test_rules_write_makes_a_page_per_game(tmp_path: Path) -> None:
    result = cardtable("rules", "--write", str(tmp_path))
    assert result.returncode == 0
    pages = {p.stem for p in tmp_path.glob("*.md")} - {"README"}
    assert "klondike" in pages and "freecell" in pages
    assert "(klondike.md)" in (tmp_path / "README.md").read_text(encoding="utf-8")


def test_an_unknown_flag_shows_the_usage_of_the_command_it_was_given_to() -> None:
    result = cardtable("solve", "freecell", "--bogus")
    assert result.returncode == 2 and result.stderr.startswith("usage: cardtable solve")
    assert "unrecognized arguments: --bogus" in result.stderr
    version = cardtable("--version")
    assert version.returncode == 0 and re.fullmatch(r"cardtable \d+\.\d+\.\d+\n", version.stdout)


def test_a_database_in_a_folder_that_does_not_exist_is_refused_by_every_command(tmp_path: Path) -> None:
    db = str(tmp_path / "typo" / "g.db")
    for command in (("play", "klondike", "--plain"), ("stats",), ("serve",), ("thunderjack", "--plain"), ("solve", "freecell")):
        _clean_refusal(cardtable(*command, "--db", db, stdin="quit\n"), f"can't open the database {db}: its folder does not exist")
    assert not (tmp_path / "typo").exists()


def test_serve_refuses_a_port_or_host_it_could_not_listen_on(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    for port in ("99999", "0", "-1", "eighty"):
        result = cardtable("serve", "--port", port, "--db", db)
        _clean_refusal(result, "a port is a whole number from 1 to 65535")
        assert "open http" not in result.stdout
    _clean_refusal(cardtable("serve", "--host", "999.1.1.1", "--db", db), "can't listen on '999.1.1.1'")


def _clean_refusal(result: subprocess.CompletedProcess[str], message: str, status: int = 2) -> None:
    """A refusal in one line, with the exit status: 2 for input to fix, 1 for a database
    (or a game saved in it) that can't be used."""
    assert result.returncode == status, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_resuming_a_game_whose_moves_are_corrupt_is_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    store = Store(db)
    game = store.save("local", Session(get_variant("klondike"), 7))
    store.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET steps = '[[\"t1>t7:9\"]]'")
    raw.commit()
    raw.close()
    before = db.read_bytes()
    result = cardtable("resume", "--db", str(db), stdin="quit\n")
    _clean_refusal(result, f"game {game} can't be resumed (saved game {game} can't be read back: step 1:")
    assert db.read_bytes() == before


def test_resume_passes_over_an_unreadable_game_to_the_next_and_lists_or_takes_one_by_number(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    store = Store(db)
    day = Session(get_variant("freecell"), 9, daily=True)
    assert day.move_card("t1", -1, "c1").ok
    daily = store.save("local", day)  # the oldest
    begun = Session(get_variant("yukon"), 5, Options(auto_build=False))
    assert begun.move_card("t3", -1, "f1").ok  # a move made: the game is kept when left, not only resumed
    older = store.save("local", begun)
    newer = store.save("local", Session(get_variant("klondike"), 7))
    hidden = Session(get_variant("klondike"), 123456, Options(auto_build=False), random_deal=True)
    assert hidden.deal().ok
    drawn = store.save("local", hidden)  # the latest: its number tells the face-down cards
    store.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET steps = '[[\"t1>t7:9\"]]' WHERE id = ?", (newer,))
    raw.commit()
    raw.close()
    listed = cardtable("resume", "--list", "--db", str(db))  # the latest played first
    rows = [line.split(maxsplit=4) for line in listed.stdout.splitlines()[1:5]]
    assert [(int(r[0]), r[-1]) for r in rows] == [(drawn, "Klondike, random deal"),
        (newer, "Klondike (can't be read back; kept as it is)"), (older, "Yukon, deal 5"),
        (daily, "FreeCell (daily deal)")], listed.stdout  # marked, not offered; told apart by deal
    assert "123456" not in listed.stdout
    cardtable("resume", str(drawn), "--plain", "--db", str(db), stdin="new\nyes\nquit\n")  # given up: off the list
    result = cardtable("resume", "--plain", "--db", str(db), stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert f"game {newer} can't be resumed (saved game {newer} can't be read back" in result.stderr
    assert "Yukon" in result.stdout
    chosen = cardtable("resume", str(older), "--plain", "--db", str(db), stdin="quit\n")
    assert chosen.returncode == 0 and "Yukon" in chosen.stdout and not chosen.stderr
    _clean_refusal(cardtable("resume", str(older), "--list", "--db", str(db)),
                   f"--list or a game's number, not both: --list lists the unfinished games, {older} resumes game {older}")
    _clean_refusal(cardtable("resume", "99", "--db", str(db)),
                   f"there is no unfinished game 99; `cardtable resume --db {db} --list` lists those that are")
    _clean_refusal(cardtable("resume", str(drawn), "--db", str(db)),  # given up above
                   f"game {drawn} is over (lost): only an unfinished game can be resumed; `cardtable resume --db {db} --list`")
    named = cardtable("resume", str(newer), "--db", str(db))
    _clean_refusal(named, f"game {newer} can't be resumed", status=1)
    assert len(named.stderr.splitlines()) == 1 and "starts another" not in named.stderr  # one refusal, of the game asked for


def test_a_mistyped_database_folder_is_refused_whether_named_by_flag_or_environment(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "games.db"
    _clean_refusal(cardtable("stats", "--db", str(missing)), "its folder does not exist")
    named = cardtable("play", "klondike", "--plain", env={"CARDTABLE_DB": str(missing)}, stdin="quit\n")
    _clean_refusal(named, f"{missing} ($CARDTABLE_DB): its folder does not exist")
    _clean_refusal(cardtable("solve", "freecell", "--deals", "1-2", "--db", "postgres://host/db"), "postgres databases are not supported")
    assert list(tmp_path.iterdir()) == []


def test_a_database_path_through_a_file_or_an_empty_one_is_refused_clearly(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("mine")
    _clean_refusal(cardtable("play", "klondike", "--db", str(afile / "sub.db")), f"{afile} is a file, not a folder")
    _clean_refusal(cardtable("stats", "--db", ""), "no database file was named")
    assert afile.read_text() == "mine" and list(tmp_path.iterdir()) == [afile]


def test_another_programs_database_given_to_the_command_is_refused_and_unchanged(tmp_path: Path) -> None:
    foreign = tmp_path / "other.db"
    raw = sqlite3.connect(foreign)
    raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    raw.execute("INSERT INTO schema_version VALUES (2)")
    raw.execute("CREATE TABLE notes (body TEXT)")
    raw.commit()
    raw.close()
    before = foreign.read_bytes()
    _clean_refusal(cardtable("play", "klondike", "--db", str(foreign), stdin="quit\n"), "another program's data", status=1)
    assert foreign.read_bytes() == before


def test_play_options_are_used_and_kept_as_the_players_settings(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    first = cardtable("play", "klondike", "--deal", "7", "--db", db, "--scoring", "vegas", "--no-auto-build", stdin="quit\n")
    assert first.returncode == 0, first.stderr
    assert "Klondike, deal 7: 0 moves, score -52 (Vegas dollars)" in first.stdout
    assert Games(Store(db), "local").options("klondike") == Options(auto_build=False, scoring=Scoring.VEGAS)
    again = cardtable("play", "klondike", "--deal", "7", "--db", db, stdin="quit\n")
    assert "score -52 (Vegas dollars)" in again.stdout
    cardtable("play", "klondike", "--deal", "7", "--db", db, "--auto-build", stdin="quit\n")
    assert Games(Store(db), "local").options("klondike") == Options(auto_build=True, scoring=Scoring.VEGAS)


def test_the_timed_scoring_is_offered_to_play_with(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    result = cardtable("play", "klondike", "--deal", "7", "--db", db, "--scoring", "timed", stdin="quit\n")
    assert result.returncode == 0 and "score 0 (standard points, timed)" in result.stdout, result.stderr
    assert Games(Store(db), "local").options("klondike").scoring is Scoring.TIMED


def test_a_scoring_that_does_not_apply_to_the_game_is_refused_before_anything_is_saved(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    result = cardtable("play", "freecell", "--db", str(db), "--scoring", "standard", "--no-auto-build", stdin="quit\n")
    _clean_refusal(result, "standard scoring does not apply to FreeCell")
    store = Store(db)
    assert list(store.records("local")) == [] and store.setting("local", "auto_build") is None
    bogus = cardtable("play", "klondike", "--db", str(db), "--scoring", "golf")
    assert bogus.returncode == 2 and "invalid choice: 'golf'" in bogus.stderr


def test_stats_with_a_record_damaged_after_it_finished_count_it_say_so_and_change_nothing(tmp_path: Path) -> None:
    # The game was tallied as it finished: the statistics count it as the web's do, and
    # only its line among the recent games is left out.
    db = tmp_path / "g.db"
    store = Store(db)
    good = store.save("local", Session(get_variant("klondike"), 7))
    store.set_status("local", good, "lost")
    bad = store.save("local", Session(get_variant("klondike"), 8))
    store.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET elapsed = 'forever', status = 'lost' WHERE id = ?", (bad,))
    raw.commit()
    raw.close()
    before = db.read_bytes()
    for style in ("text", "json", "csv"):
        result = cardtable("stats", "--db", str(db), "--format", style)
        assert result.returncode == 0 and "Traceback" not in result.stderr
        assert result.stderr == (
            f"cardtable: saved game {bad} can't be read for the recent games: its time played is 'forever', "
            "not a number of seconds; it is left out and kept as it is\n"
        )
        assert "Klondike" in result.stdout
        if style == "json":
            [klondike] = json.loads(result.stdout)
            assert (klondike["played"], klondike["won"], klondike["recent"]) == (2, 0, ["lost"])
    assert db.read_bytes() == before


def test_stats_count_finished_games_only_and_make_no_database_to_read(tmp_path: Path) -> None:
    db = tmp_path / "none-yet.db"
    for style, said in (("text", "No finished games yet.\n"), ("json", "[]\n")):
        result = cardtable("stats", "--db", str(db), "--format", style)
        assert result.returncode == 0 and result.stdout == said, result.stderr
    assert cardtable("stats", "--db", str(db), "--format", "csv").stdout.startswith("game,")
    assert not db.exists()  # only read: nothing made
    db.touch()  # an empty file is an empty database: read, not written into
    assert cardtable("stats", "--db", str(db)).stdout == "No finished games yet.\n" and db.stat().st_size == 0
    store = Store(db)
    store.save("local", Session(get_variant("freecell"), 7))  # in play, not finished
    store.close()
    result = cardtable("stats", "--db", str(db))
    assert result.returncode == 0 and result.stdout == "No finished games yet.\n"  # not "FreeCell: played 0"
    assert cardtable("stats", "golf", "--db", str(db)).stdout == "No finished Golf games yet.\n"
    store = Store(db)
    store.save("local", Session(get_variant("freecell"), 8), status="lost")
    store.close()
    assert cardtable("stats", "golf", "--db", str(db)).stdout == "No finished Golf games yet.\n"  # (FreeCell has one)
    _clean_refusal(cardtable("stats", "thunderjack", "--by-options", "--db", str(db)), "--by-options is for the solitaire games")


def test_a_tables_seed_out_of_range_is_refused(tmp_path: Path) -> None:
    for seed in ("-1", str(2**62), "twelve"):
        result = cardtable("thunderjack", "--plain", "--seed", seed, "--db", str(tmp_path / "t.db"))
        assert result.returncode == 2 and "--seed: expected a whole number from 0 to 2**62 - 1" in result.stderr, seed
    assert not (tmp_path / "t.db").exists()


def test_a_blank_or_endless_player_name_is_refused(tmp_path: Path) -> None:
    for name, said in (("", "a player's name can't be blank"), (" " * 3, "can't be blank"), ("x" * 65, "at most 64 characters, not 65")):
        result = cardtable("play", "klondike", "--plain", "--player", name, "--db", str(tmp_path / "p.db"), stdin="quit\n")
        assert result.returncode == 2 and said in result.stderr, name
    assert not (tmp_path / "p.db").exists()


def test_stats_of_an_unknown_or_empty_game_is_refused_even_before_any_game_is_saved(tmp_path: Path) -> None:
    db = tmp_path / "none-yet.db"
    for made in (False, True):
        for game, said in (("klondyke", "unknown game 'klondyke'; did you mean klondike"), ("", "unknown game ''")):
            _clean_refusal(cardtable("stats", game, "--db", str(db)), said)
        if not made:
            assert not db.exists()
            Store(db).close()


def test_every_command_page_opens_with_a_sentence() -> None:
    from cardtable.cli import build_parser

    def pages(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
        for action in parser._subparsers._group_actions if parser._subparsers else ():
            for name, sub in action.choices.items():
                yield name, sub
                yield from pages(sub)

    found = dict(pages(build_parser()))
    assert {"play", "solve", "replay", "blackjack", "simulate"} <= set(found)
    for name, page in found.items():
        said = page.description or ""
        assert said[:1].isupper() and said.endswith("."), (name, said)


def test_an_option_before_the_command_is_said_to_go_after_it(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    for words in (["--db", str(db), "stats"], [f"--db={db}", "stats"], ["--deal", "3", "deal", "freecell"]):
        result = cardtable(*words)
        option = words[0].split("=")[0]
        assert result.returncode == 2 and f"cardtable: {option} goes after the command it is for" in result.stderr, words
    assert not db.exists()  # nothing was opened
    # `./run.sh --db FILE stats`: options alone go to the web server, so this is what runs.
    served = cardtable("serve", "--db", str(db), "stats")
    assert served.returncode == 2 and served.stderr.startswith(
        "cardtable: stats is a command, not a word serve takes: a command goes first (`./run.sh stats ...`"), served.stderr
    assert not db.exists()
    assert cardtable("stats", "--db", str(db)).returncode == 0


def test_a_typed_game_whose_save_waits_for_another_program_says_so_and_is_saved_once_it_is_free(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    first = cardtable("play", "freecell", "--deal", "5", "--plain", "--db", str(db), stdin="t1>c1\nquit\n")
    assert first.returncode == 0 and not first.stderr
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program writing, until the game has said it waits
    resumed = subprocess.Popen([sys.executable, "-m", "cardtable", "resume", "--plain", "--db", str(db)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert resumed.stdin is not None and resumed.stderr is not None
    resumed.stdin.write("t2>c2\nquit\n")
    resumed.stdin.flush()
    said = resumed.stderr.readline()  # (blocks until the save has waited its second)
    holder.execute("COMMIT")
    holder.close()
    out, err = resumed.communicate(timeout=60)
    assert said == "cardtable: waiting for the database: another program is writing to it (up to 10 s)\n"
    assert resumed.returncode == 0 and not err, err
    listed = cardtable("resume", "--list", "--db", str(db))
    row = listed.stdout.splitlines()[1]
    assert row.endswith("FreeCell, deal 5") and row.split()[3] == "2", listed.stdout  # both moves kept
