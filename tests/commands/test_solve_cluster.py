"""`cardtable solve --scheduler` against a real Dask scheduler and worker, started as a
user starts them (`dask scheduler`, `dask worker`), one of them taken away mid-batch."""

from __future__ import annotations

import selectors
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

DEVNULL = subprocess.DEVNULL
DASK = Path(sys.executable).parent / "dask"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _listening(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def _progress(process: subprocess.Popen[str], seconds: float) -> str:
    """What ``process`` writes on its standard error up to its first progress line
    (``[###...``), waited for ``seconds`` at most."""
    assert process.stderr is not None
    said = ""
    deadline = time.monotonic() + seconds
    with selectors.DefaultSelector() as waiting:
        waiting.register(process.stderr, selectors.EVENT_READ)
        while not said.splitlines()[-1:] or not said.splitlines()[-1].startswith("["):
            assert waiting.select(max(0.0, deadline - time.monotonic())), f"no progress: {said}"
            line = process.stderr.readline()
            assert line, f"the batch ended: {said}"
            said += line
    return said


def test_a_scheduler_gone_mid_batch_is_said_in_words_with_no_log_of_dask_s_own(tmp_path: Path) -> None:
    # Dask's client logged its lost scheduler with some thirty lines of traceback before
    # the batch's own words.
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], stdout=DEVNULL, stderr=DEVNULL)
    worker: subprocess.Popen[bytes] | None = None
    batch: subprocess.Popen[str] | None = None
    try:
        assert _listening(port, 60), "the scheduler did not start"
        worker = subprocess.Popen([str(DASK), "worker", address, "--nthreads", "1", "--nworkers", "1", "--no-dashboard"], stdout=DEVNULL, stderr=DEVNULL)
        batch = subprocess.Popen(
            [sys.executable, "-m", "cardtable.cli", "solve", "golf", "--deals", "13-212", "--seconds", "0.5",
             "--no-store", "--scheduler", address],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        first = _progress(batch, 180)  # up to the progress line at a tenth of the way: the batch is under way
        scheduler.send_signal(signal.SIGTERM)
        _, rest = batch.communicate(timeout=120)
        err = first + rest
    finally:
        for process in (batch, worker, scheduler):
            if process is not None and process.poll() is None:
                process.terminate()  # (a worker's nanny ends the worker process it started)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
    assert batch.returncode == 4, err
    assert first.splitlines()[-1].startswith("[###") and "cardtable: " in rest and "deals not searched" in rest, err
    assert "distributed." not in err and "Traceback" not in err and "ERROR" not in err, err
