"""The API does what its published schema says: Schemathesis, with every check, against
the real server (a bounded number of examples per operation, the player's cookie and a
real game id supplied)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardtable.ui.web.players import COOKIE
from tests.ui.web.serving import free_port

EXAMPLES = 12
"""Examples per operation and phase: enough to try every status, a few seconds in all."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """`cardtable serve` on a port of its own: its address."""
    port = free_port()
    command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--db", str(tmp_path / "c.db")]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            httpx.get(url + "/api/games", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.05)
    yield url
    process.terminate()
    process.wait(timeout=20)


def test_the_server_does_what_its_schema_says(server: str, tmp_path: Path) -> None:
    with httpx.Client(base_url=server) as browser:
        game = browser.post("/api/games", json={"game": "klondike", "deal": 3}).json()
        cookie = browser.cookies[COOKIE]
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        f'[parameters]\n"path.game_id" = {game["id"]}\n"cookie.{COOKIE}" = "{cookie}"\n'
    )
    st = shutil.which("st", path=str(Path(sys.executable).parent)) or "st"
    command = [
        st, "--config-file", str(config), "run", server + "/openapi.json", "--checks", "all",
        "--max-examples", str(EXAMPLES), "--seed", "16", "--workers", "1", "--no-color",
        "--header", f"Cookie: {COOKIE}={cookie}", "--report-dir", str(tmp_path / "report"),
        "--request-timeout", "60",  # a hint or "show me" searches: seconds, not ten, on a machine busy with other tests
    ]
    done = subprocess.run(  # in tmp_path: Schemathesis keeps a cache in its working folder
        command, capture_output=True, text=True, timeout=300, env={**os.environ, "NO_COLOR": "1"}, cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
