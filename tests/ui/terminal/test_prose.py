"""Rules pages as a terminal shows them: every word kept, in order, within the width."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.solitaire import variants
from cardtable.solitaire.rulebook import rules_page
from cardtable.ui.terminal.prose import plain_prose


def _words(markdown: str) -> list[str]:
    """The page's words, without its marks (heading hashes, item dashes, code ticks)."""
    words = markdown.replace("`", "").split()
    return [word for word in words if set(word) - set("#") and word != "-"]


@pytest.mark.parametrize("width", [40, 80, 132])
def test_every_games_page_keeps_its_words_in_order_within_the_width(width: int) -> None:
    for variant in variants():
        page = rules_page(variant)
        shown = plain_prose(page, width)
        lines = shown.splitlines()
        underlines = [line for line in lines if line and set(line) <= {"=", "-"}]
        assert [word for word in _words(shown) if set(word) - set("=-")] == _words(page), variant.id
        assert "`" not in shown and not any(line.startswith("#") for line in lines), variant.id
        assert len(underlines) == page.count("\n#") + 1  # each heading underlined, the title too
        assert all(len(line) < width or " " not in line.strip() for line in lines), variant.id


def test_the_rules_command_writes_plain_text_to_a_terminal_and_markdown_to_a_pipe(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "cardtable.cli", "rules", "freecell"]
    env = dict(os.environ, CARDTABLE_DB=str(tmp_path / "p.db"), COLUMNS="60")
    piped = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert piped.returncode == 0 and piped.stdout.startswith("# FreeCell\n") and "\n## Rules\n" in piped.stdout
    leader, follower = pty.openpty()
    shown = subprocess.run(command, stdout=follower, stderr=subprocess.PIPE, env=env, timeout=120)
    os.close(follower)
    text = b""
    while chunk := _read(leader):
        text += chunk
    os.close(leader)
    assert shown.returncode == 0, shown.stderr
    lines = text.decode().replace("\r\n", "\n").splitlines()
    assert lines[:2] == ["FreeCell", "========"] and "Rules" in lines and "-----" in lines
    assert max(len(line) for line in lines) < 60  # wrapped to the terminal's width


def _read(fd: int) -> bytes:
    """What is left to read from a terminal whose other end has closed."""
    try:
        return os.read(fd, 65536)
    except OSError:  # (the end of it, on Linux)
        return b""
