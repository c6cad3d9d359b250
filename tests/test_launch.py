"""The command's entry point: a Ctrl-C while the program loads ends it with a word."""

from __future__ import annotations

import importlib.abc
import signal
import subprocess
import sys
import time

import pytest

from cardtable import launch


class _CtrlCOnLoading(importlib.abc.MetaPathFinder):
    """Raises KeyboardInterrupt when ``cardtable.cli`` is imported, as a Ctrl-C does
    while its modules load."""

    def find_spec(self, name, path, target=None):  # type: ignore[no-untyped-def]
        if name == "cardtable.cli":
            raise KeyboardInterrupt
        return None


def test_a_ctrl_c_while_the_modules_load_is_a_word_and_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "cardtable.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_CtrlCOnLoading(), *sys.meta_path])
    assert launch.main() == 130
    assert capsys.readouterr().err == launch.INTERRUPTED + "\n"


def test_a_real_ctrl_c_soon_after_starting_prints_no_traceback() -> None:
    for delay in (0.05, 0.1, 0.15):  # the command takes about 0.3 s: each lands while it loads or runs
        process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "rules", "klondike"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
        assert "Traceback" not in err, (delay, err)
