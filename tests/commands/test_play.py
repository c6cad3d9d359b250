"""`cardtable play` on a real terminal (a pseudo-terminal of a chosen size)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path


def _on_a_terminal(args: list[str], columns: int, lines: int, typed: str, db: Path) -> tuple[int, str]:
    """Run ``cardtable ARGS`` on a pseudo-terminal of the given size, type ``typed``,
    and return its exit status and everything it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = dict(os.environ, CARDTABLE_DB=str(db))
    command = subprocess.Popen([sys.executable, "-m", "cardtable.cli", *args], stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    os.write(master, typed.encode())
    written = b""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if select.select([master], [], [], 0.5)[0]:
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


def test_a_terminal_too_small_for_the_full_screen_table_gets_typed_commands(tmp_path: Path) -> None:
    status, written = _on_a_terminal(["play", "klondike", "--deal", "7"], 60, 20, "quit\n", tmp_path / "g.db")
    assert status == 0
    assert "the terminal is 60x20; the full-screen table needs 80x24: typed commands instead" in written
    assert "Klondike, deal 7: 0 moves" in written and "Saved as game 1" in written


def test_the_thunderjack_table_too(tmp_path: Path) -> None:
    status, written = _on_a_terminal(["thunderjack", "--seed", "1"], 70, 24, "quit\n", tmp_path / "g.db")
    assert status == 0 and "the terminal is 70x24; the full-screen table needs 80x24" in written
