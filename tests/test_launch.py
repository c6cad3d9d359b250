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
    """Sent once cardtable's own code runs, as Python's import log shows (a Ctrl-C before
    that lands in Python's own start, which prints its traceback whatever the program),
    while a solve loads the compiled search (about two seconds, a busy machine's pause
    before the signal included)."""
    # Caught here, as at a terminal: a process that ignores Ctrl-C (as a searching worker
    # does) passes the ignoring on to its children.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for delay in (0.02, 0.07, 0.15):
            _interrupted_after(delay)
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupted_after(delay: float) -> None:
    for _ in range(3):
        err = _interrupt(delay)
        # Python drops an interrupt that lands in its import lock's weakref callback, saying
        # "Exception ignored in" with a trace of its own frames only: no program can catch
        # it there, and the command then runs on. Such a try is made again.
        if not _dropped_by_python(err):
            return
    pytest.fail(f"every interrupt at {delay} s landed in Python's import machinery")


def _dropped_by_python(err: str) -> bool:
    """Whether Python dropped the interrupt in its import lock's weakref callback."""
    return "Exception ignored in" in err and "importlib._bootstrap" in err


def _interrupt(delay: float) -> str:
    process = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "cardtable", "solve", "freecell", "--deal", "1", "--no-store"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert process.stderr is not None
    for line in process.stderr:
        if line.rstrip().endswith("| cardtable.launch"):
            break  # the entry point is loaded: what follows is cardtable's
    else:
        pytest.fail("the import log never named cardtable.launch")
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    if _dropped_by_python(err):
        return err
    assert "Traceback" not in err, (delay, err)
    # Ended by the word and status 130, or (where the signal lands as the interpreter ends)
    # by the signal itself: never as if nothing had come.
    assert process.returncode in (130, -signal.SIGINT), (delay, process.returncode, err[-2000:])
    return err
