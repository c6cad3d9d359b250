"""`cardtable replay`, `deal` and `rules` as a user runs them (through ``cardtable.cli.main``)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.solitaire import get_variant
from cardtable.solitaire.formats import format_freecell_solution, parse_freecell_solution, parse_state


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_move_file_that_is_not_utf8_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_bytes("t6>t2 # déjà\n".encode("latin-1"))
    status, out, err = run(capsys, "replay", "klondike", "--deal", "7", "--moves", str(moves))
    assert status == 2 and out == ""
    assert err.startswith("cardtable: ") and "is not UTF-8 text" in err and "Traceback" not in err


def test_files_saved_with_a_byte_order_mark_and_windows_line_ends_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves, position = tmp_path / "moves.txt", tmp_path / "position.txt"
    moves.write_bytes(b"\xef\xbb\xbfdeal\r\ndeal\r\n")
    status, out, err = run(capsys, "replay", "klondike", "--deal", "7", "--moves", str(moves))
    assert status == 3 and err == ""
    position.write_bytes(b"\xef\xbb\xbf" + out.replace("\n", "\r\n").encode())
    status, again, err = run(capsys, "replay", "klondike", "--position", str(position), "--moves", str(moves))
    assert status == 3 and err == "" and again != out  # (two more cards dealt)


def test_an_empty_move_file_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("\n", encoding="utf-8")
    status, out, err = run(capsys, "replay", "klondike", "--deal", "7", "--moves", str(moves))
    assert status == 3 and out.endswith("won: no\n")
    assert err == f"cardtable: note: {moves} holds no moves: the position shown is the one played from\n"


def test_standard_input_that_is_not_utf8_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1a \xff\xfe")))
    status, _, err = run(capsys, "replay", "freecell", "--moves", "-", "--notation", "freecell")
    assert status == 2 and "standard input is not UTF-8 text" in err


def test_an_illegal_freecell_move_is_reported_as_the_user_wrote_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("1a 15\n", encoding="utf-8")
    status, out, err = run(capsys, "replay", "freecell", "--deal", "1", "--moves", str(moves), "--notation", "freecell")
    assert status == 1 and out == ""
    assert err.startswith("cardtable: move 2 (15): ") and "t1>t5" not in err and "can't go on" in err


def test_the_first_problem_is_reported_even_before_a_later_typo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("1a 15 9x\n", encoding="utf-8")
    status, _, err = run(capsys, "replay", "freecell", "--deal", "1", "--moves", str(moves), "--notation", "freecell")
    assert status == 1 and err.startswith("cardtable: move 2 (15): ")
    moves.write_text("1a 1b 9x 15\n", encoding="utf-8")
    status, _, err = run(capsys, "replay", "freecell", "--deal", "1", "--moves", str(moves), "--notation", "freecell")
    assert status == 2 and "move 3: '9x'" in err and "no column" in err
    moves.write_text("t1>t2 t9>t1\n", encoding="utf-8")
    status, _, err = run(capsys, "replay", "klondike", "--deal", "7", "--moves", str(moves))
    assert status == 1 and err.startswith("cardtable: move 1 (t1>t2): ")


def test_a_freecell_solution_with_run_counts_replays_to_a_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = get_variant("freecell").start(1)
    solution = (Path(__file__).parents[1] / "fixtures" / "freecell" / "deal-1.solution").read_text()
    extended = format_freecell_solution(start, parse_freecell_solution(start, solution))
    assert "21v6" in extended
    moves = tmp_path / "moves.txt"
    moves.write_text(extended, encoding="utf-8")
    status, out, err = run(capsys, "replay", "freecell", "--deal", "1", "--moves", str(moves), "--notation", "freecell")
    assert status == 0, err
    assert out.endswith("won: yes\n")


def test_freecell_notation_is_refused_for_other_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("1a\n", encoding="utf-8")
    status, _, err = run(capsys, "replay", "klondike", "--moves", str(moves), "--notation", "freecell")
    assert status == 2 and "Klondike can't be written in Freecell Solver's notation: it has a stock" in err


@pytest.mark.parametrize("game", ["pyramid-1pass", "pyramid-unlimited"])
def test_pyramid_pass_settings_work_through_the_command(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", game, "--deal", "3")
    assert status == 0 and parse_state(out) == get_variant(game).start(3)
    status, out, _ = run(capsys, "deal", game, "--deal", "3", "--format", "json")
    assert status == 0 and json.loads(out)["game"] == game
    status, out, _ = run(capsys, "games")
    assert game in out
    status, out, _ = run(capsys, "rules", game)
    assert status == 0 and ("single pass" in out or "unlimited passes" in out)


@pytest.mark.parametrize("notation", ["sn", "snx"])
def test_freecell_solver_output_replays_to_a_win(notation: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixture = Path(__file__).parents[1] / "fixtures" / "freecell" / f"fc-solve-{notation}.txt"
    deal, text = next(line for line in fixture.read_text().splitlines() if not line.startswith("#")).split(":")
    moves = tmp_path / "moves.txt"
    moves.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "replay", "freecell", "--deal", deal, "--moves", str(moves), "--notation", "freecell")
    assert status == 0 and out.endswith("won: yes\n"), err


def test_rules_write_never_overwrites_a_file_it_did_not_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# My project\n", encoding="utf-8")
    status, _, err = run(capsys, "rules", "--write", str(tmp_path))
    assert status == 2 and "is not a page cardtable wrote" in err
    assert readme.read_text(encoding="utf-8") == "# My project\n" and list(tmp_path.iterdir()) == [readme]
    for folder, message in (("", "--write needs a folder"), (str(readme), "is a file, not a folder")):
        status, _, err = run(capsys, "rules", "--write", folder)
        assert status == 2 and message in err and "Traceback" not in err
    status, _, err = run(capsys, "rules", "--write", "/proc/no-such-folder")
    assert status == 2 and err.startswith("cardtable: can't write the pages to /proc/no-such-folder")
    deep = tmp_path / "no" / "such" / "folder"
    status, _, err = run(capsys, "rules", "--write", str(deep))
    assert status == 2 and err == f"cardtable: can't write the pages to {deep}: its folder {deep.parent} does not exist\n"
    assert not (tmp_path / "no").exists()
    status, _, _ = run(capsys, "rules", "golf", "--write", str(tmp_path / "pages"))  # one folder: made
    assert status == 0 and (tmp_path / "pages" / "golf.md").exists()


def test_rules_write_with_a_game_writes_that_page_and_a_second_run_replaces_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "rules", "freecell", "--write", str(tmp_path))
    assert status == 0 and out == f"wrote 1 rules page to {tmp_path}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["freecell.md"]
    assert run(capsys, "rules", "--write", str(tmp_path))[0] == 0
    assert run(capsys, "rules", "--write", str(tmp_path))[0] == 0  # its own pages are replaced
    assert (tmp_path / "README.md").read_text(encoding="utf-8").startswith("# The games")


def test_pyramid_moves_say_remove_as_its_rules_and_hints_do(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "pyramid", "--deal", "3")
    pairs = [line.split(None, 1)[1] for line in out.splitlines() if "+" in line.split()[0]]
    assert status == 0 and pairs and all(said.startswith("remove ") for said in pairs), out
    status, rules, _ = run(capsys, "rules", "pyramid")
    assert "Remove two exposed cards totalling 13" in rules
