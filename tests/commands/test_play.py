"""`cardtable play` on a real terminal (a pseudo-terminal of a chosen size)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest


def _readable(fd: int, seconds: float = 0.5) -> bool:
    """Whether ``fd`` has something to read (or was closed) within ``seconds``. Polled, not
    selected: ``select`` refuses a descriptor numbered past 1023, as a pty opened late in a
    long run of tests may be."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(seconds * 1000))


def _on_a_terminal(
    args: list[str], columns: int, lines: int, typed: str, db: Path, term: str = "xterm-256color", once: str = ""
) -> tuple[int, str]:
    """Run ``cardtable ARGS`` on a pseudo-terminal of the given size and ``TERM``, type
    ``typed`` (once it has written ``once``), and return its exit status and everything
    it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}  # (set by some runners: the pty's size rules)
    env.update(CARDTABLE_DB=str(db), TERM=term)
    command = subprocess.Popen([sys.executable, "-m", "cardtable.cli", *args], stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    written = b""
    if not once:
        os.write(master, typed.encode())
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if once and once.encode() in written:
            os.write(master, typed.encode())
            once = ""
        if _readable(master):
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the command ended and closed its side
                break
            if not chunk:
                break
            written += chunk
        elif command.poll() is not None:
            break
    status = command.wait(timeout=30)
    os.close(master)
    return status, written.decode(errors="replace")


def test_a_terminal_that_draws_only_text_gets_the_typed_mode_with_a_note(tmp_path: Path) -> None:
    """TERM=dumb (Emacs's shell) can't draw the full-screen table, which would hang there
    drawing nothing: the typed mode instead, and the note says why."""
    status, written = _on_a_terminal(["play", "klondike", "--deal", "7"], 80, 24, "t6 t2\nquit\n", tmp_path / "d.db", "dumb")
    assert status == 0
    assert "(TERM=dumb) can't draw the full-screen table: typed commands instead" in written, written[-500:]
    assert "Klondike, deal 7: 1 move" in written and "Saved as game 1" in written, written[-500:]


def test_a_terminal_too_small_for_the_full_screen_table_gets_typed_commands(tmp_path: Path) -> None:
    status, written = _on_a_terminal(["play", "klondike", "--deal", "7"], 60, 20, "quit\n", tmp_path / "g.db")
    assert status == 0
    assert "the terminal is 60x20; the full-screen table needs 80x24: typed commands instead" in written
    assert "Klondike, deal 7: 0 moves" in written and "Nothing was played: the deal was not kept." in written


def test_the_thunderjack_table_too(tmp_path: Path) -> None:
    status, written = _on_a_terminal(["thunderjack", "--seed", "1"], 70, 24, "quit\n", tmp_path / "g.db")
    assert status == 0 and "the terminal is 70x24; the full-screen table needs 80x24" in written


def test_a_damaged_games_table_is_one_line_from_stats_and_resume_not_a_traceback(tmp_path: Path) -> None:
    from cardtable.app import Session, Store
    from cardtable.solitaire import get_variant

    db = tmp_path / "bad.db"
    store = Store(db)
    for deal in range(1, 40):
        store.save("local", Session(get_variant("golf"), deal))
    store.close()
    with sqlite3.connect(db) as look:
        root, size = look.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0], \
            look.execute("PRAGMA page_size").fetchone()[0]
    with db.open("r+b") as damaged:  # the games table's first page, overwritten past its header
        damaged.seek((root - 1) * size + 16)
        damaged.write(os.urandom(size - 32))
    for command in (["stats"], ["resume", "--list"], ["resume"]):
        done = subprocess.run([sys.executable, "-m", "cardtable.cli", *command, "--db", str(db)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode in (1, 2) and "Traceback" not in done.stderr, (command, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("cardtable: "), done.stderr


def test_the_resume_command_offered_is_one_that_pasted_as_it_stands_resumes_that_game(tmp_path: Path) -> None:
    import re
    import shlex

    from tests.test_cli import cardtable

    (tmp_path / "elsewhere").mkdir()
    elsewhere = {"CARDTABLE_DB": str(tmp_path / "elsewhere" / "other.db")}  # the usual database: not this one
    played = cardtable("play", "freecell", "--deal", "1", "--plain", "--db", str(tmp_path / "mine.db"),
                       "--player", "Ünï 🂡", stdin="t1 c1\nquit\n", env=elsewhere)
    offered = re.search(r"`cardtable (resume[^`]*)` continues it", played.stdout)
    assert offered is not None, played.stdout
    again = cardtable(*shlex.split(offered.group(1)), "--plain", stdin="quit\n", env=elsewhere)
    assert again.returncode == 0 and "FreeCell, deal 1: 1 move," in again.stdout, again.stderr
    listed = cardtable(*shlex.split(offered.group(1)), "--list", env=elsewhere)
    footer = re.search(r"`cardtable (resume[^`]*) GAME` continues one", listed.stdout)
    assert footer is not None and footer.group(1) == offered.group(1)


def test_bytes_that_are_not_text_are_echoed_as_the_replacement_character(tmp_path: Path) -> None:
    # In the C locale Python reads standard input with surrogate escapes; in a UTF-8 one, strictly.
    for command, locale in ((["play", "freecell", "--deal", "1"], {"LC_ALL": "C"}), (["thunderjack"], {"LC_ALL": "C"}),
                            (["play", "freecell", "--deal", "1"], {"PYTHONIOENCODING": "utf-8"}),
                            (["thunderjack"], {"PYTHONIOENCODING": "utf-8"})):
        done = subprocess.run([sys.executable, "-m", "cardtable.cli", *command, "--plain", "--db", str(tmp_path / "t.db")],
                              input=b"t\xff1 t2\nquit\n", capture_output=True, timeout=120, env=dict(os.environ, **locale))
        out = done.stdout.decode()
        assert done.returncode == 0 and "'t\ufffd1" in out and "udcff" not in out, (command, out[-400:], done.stderr)


@pytest.mark.parametrize("ending", [signal.SIGHUP, signal.SIGTERM])
def test_a_terminal_closed_at_the_deal_keeps_no_game_to_resume_and_one_played_is_kept(
    tmp_path: Path, ending: signal.Signals
) -> None:
    # A closed terminal sends SIGHUP (and kill, timeout send SIGTERM): it ended the program,
    # leaving the deal listed to resume with 0 moves.
    for mode, moves in ((["--plain"], b""), ([], b""), (["--plain"], b"turn\n"), ([], b"d")):
        db = tmp_path / f"{len(mode)}{len(moves)}.db"
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = dict(os.environ, CARDTABLE_DB=str(db), TERM="xterm-256color")
        command = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "play", "klondike", "--deal", "12", *mode],
                                   stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        written = b""
        end = time.monotonic() + 60
        while b"deal 12" not in written and time.monotonic() < end:  # the table is up
            if _readable(master):
                written += os.read(master, 65536)
        if moves:
            os.write(master, moves)
            while b"1 move" not in written and time.monotonic() < end:
                if _readable(master):
                    written += os.read(master, 65536)
        if ending is signal.SIGHUP:
            os.close(master)  # the terminal goes away, and its program is told
        command.send_signal(ending)
        command.wait(timeout=30)
        if ending is not signal.SIGHUP:
            os.close(master)
        rows = sqlite3.connect(db).execute("SELECT moves FROM games WHERE status = 'playing'").fetchall()
        assert rows == ([(1,)] if moves else []), (mode, moves, rows, written[-300:])


def test_the_unfinished_games_are_listed_by_the_local_clock(tmp_path: Path) -> None:
    import re
    from datetime import datetime, timedelta, timezone

    from tests.test_cli import cardtable

    where = {"CARDTABLE_DB": str(tmp_path / "c.db")}
    cardtable("play", "freecell", "--deal", "1", "--plain", stdin="t1 c1\nquit\n", env=where)
    listed = cardtable("resume", "--list", env={**where, "TZ": "JST-9"})  # nine hours ahead of the stored UTC
    shown = re.search(r"^\s+\d+\s+(\d{4}-\d\d-\d\d \d\d:\d\d)\s", listed.stdout, re.MULTILINE)
    assert shown is not None, listed.stdout
    tokyo = datetime.now(timezone(timedelta(hours=9))).replace(tzinfo=None)
    assert abs(datetime.strptime(shown.group(1), "%Y-%m-%d %H:%M") - tokyo) < timedelta(minutes=5)


def test_typed_play_fits_a_long_message_to_the_terminal_between_words(tmp_path: Path) -> None:
    status, written = _on_a_terminal(["play", "klondike", "--deal", "7", "--plain"], 50, 24, "t1 t2\nquit\n", tmp_path / "w.db")
    lines = [line.removeprefix("> ") for line in written.replace("\r\n", "\n").splitlines()]  # (the prompt, unechoed)
    assert status == 0
    at = next(i for i, line in enumerate(lines) if "can't go on" in line)
    assert lines[at : at + 2] == ["  6D can't go on JS: build down by one in", "  alternating colours"], lines[at - 2 : at + 3]


def test_a_deal_chosen_again_while_unfinished_says_the_earlier_game_is_kept(tmp_path: Path) -> None:
    from tests.test_cli import cardtable

    where = {"CARDTABLE_DB": str(tmp_path / "c.db")}
    first = cardtable("play", "klondike", "--deal", "7", "--plain", stdin="turn\nquit\n", env=where)
    assert "unfinished" not in first.stderr
    again = cardtable("play", "klondike", "--deal", "7", "--plain", stdin="quit\n", env=where)
    assert "cardtable: note: a new game of this deal begins; game 1 of it, unfinished, is kept: `cardtable resume 1` goes on with it" in again.stderr
    other = cardtable("play", "klondike", "--deal", "8", "--plain", stdin="quit\n", env=where)
    assert "unfinished" not in other.stderr  # another deal: nothing to say


def test_the_full_screen_shows_that_the_earlier_game_of_a_deal_is_kept_on_the_table(tmp_path: Path) -> None:
    """Said before the full screen opened, the words were hidden by it until the player quit."""
    db = tmp_path / "f.db"
    assert _on_a_terminal(["play", "klondike", "--deal", "7"], 100, 30, "dq", db, once="Quit")[0] == 0  # a card turned
    status, written = _on_a_terminal(["play", "klondike", "--deal", "7"], 100, 30, "q", db, once="Quit")
    assert status == 0 and "\x1b[?1049h" in written  # (the full screen's own page)
    on_the_table = written.split("\x1b[?1049h", 1)[1]
    assert "a new game of this deal begins; game 1 of it" in on_the_table, on_the_table[-800:]
