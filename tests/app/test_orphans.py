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


def _wait_for(path: Path, word: str, seconds: float = 20.0) -> str:
    """What the process wrote to ``path`` once it starts with ``word`` ('' if it never did)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = path.read_text() if path.exists() else ""
        if said.startswith(word):
            return said
        time.sleep(0.05)
    return ""


def test_a_process_whose_parent_is_killed_ends(tmp_path: Path) -> None:
    said = tmp_path / "said"
    child = textwrap.dedent(f"""
        import os, time
        from cardtable.app.orphans import end_with_parent
        def end():
            open({str(said)!r}, "w").write("ended")
            os._exit(0)
        end_with_parent(os.getppid(), end)
        open({str(said)!r}, "w").write(f"watching {{os.getpid()}}")
        time.sleep(60)
    """)
    parent = subprocess.Popen(
        [sys.executable, "-c", f"import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', {child!r}]); time.sleep(60)"]
    )
    watching = _wait_for(said, "watching")
    try:
        assert watching
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert _wait_for(said, "ended", seconds=10)
    finally:
        parent.kill()
        if watching:  # the grandchild too, had its watch failed
            try:
                os.kill(int(watching.split()[1]), signal.SIGKILL)
            except ProcessLookupError:
                pass
