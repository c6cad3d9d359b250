"""The progress line of the commands that work a while."""

from __future__ import annotations

import io

from cardtable.commands.progress import ProgressLine


def test_off_a_terminal_a_line_is_written_at_each_new_tenth_and_at_the_end() -> None:
    log = io.StringIO()
    line = ProgressLine(log)
    for done in range(1, 26):
        line.show(done, 25, f"{done}/25")
    lines = log.getvalue().split("\n")
    assert "\r" not in log.getvalue() and lines[-1] == ""
    assert [text.split("] ")[1] for text in lines[:-1]] == [f"{n}/25" for n in (3, 5, 8, 10, 13, 15, 18, 20, 23, 25)]
    assert lines[-2] == "[" + "#" * 30 + "] 25/25"


def test_work_shorter_than_a_tenth_still_ends_with_its_line() -> None:
    log = io.StringIO()
    ProgressLine(log).show(1, 1, "1/1")
    assert log.getvalue() == "[" + "#" * 30 + "] 1/1\n"
