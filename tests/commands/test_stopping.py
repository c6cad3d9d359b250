"""Ctrl-C and kill while a batch writes its files: the files are finished first."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from cardtable.cli import main


@pytest.mark.parametrize("ending", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_a_stop_while_the_files_are_written_waits_for_them_to_be_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, ending: signal.Signals
) -> None:
    # A second Ctrl-C as a stopped batch wrote its files lost the plot, without a word.
    import cardtable.commands.solve as command

    drawn = command.plot

    def stopped_while_drawing(*args: object) -> None:
        os.kill(os.getpid(), ending)  # (delivered here, in the main thread, before the drawing goes on)
        drawn(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(command, "plot", stopped_while_drawing)
    report, picture = tmp_path / "r.json", tmp_path / "r.png"
    status = main(["solve", "freecell", "--deals", "1-3", "--no-store", "--json", str(report), "--plot", str(picture)])
    err = capsys.readouterr().err
    assert status == (130 if ending is signal.SIGINT else 143) and "Traceback" not in err, err
    assert report.stat().st_size > 0 and picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # both whole
