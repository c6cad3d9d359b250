"""A process ends with the process it serves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from cardtable.app.orphans import end_with_parent


def test_the_watch_ends_the_process_once_what_it_serves_is_gone() -> None:
    ended, gone = threading.Event(), threading.Event()
    end_with_parent(os.getppid(), ended.set, alive=lambda: not gone.is_set())
    assert not ended.wait(0.5)  # the parent is there and so is what it serves
    gone.set()
    assert ended.wait(5)


def _wait_for(path: Path, text: str, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text() == text:
            return True
        time.sleep(0.05)
    return False


def test_a_process_whose_parent_is_killed_ends(tmp_path: Path) -> None:
    said = tmp_path / "said"
    child = textwrap.dedent(f"""
        import os, time
        from cardtable.app.orphans import end_with_parent
        def end():
            open({str(said)!r}, "w").write("ended")
            os._exit(0)
        end_with_parent(os.getppid(), end)
        open({str(said)!r}, "w").write("watching")
        time.sleep(60)
    """)
    parent = subprocess.Popen(
        [sys.executable, "-c", f"import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', {child!r}]); time.sleep(60)"]
    )
    try:
        assert _wait_for(said, "watching")
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert _wait_for(said, "ended", seconds=10)
    finally:
        parent.kill()
