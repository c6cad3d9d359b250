"""Request bodies over the limit are refused with a 413, unread, however they arrive;
one that stops arriving, with a 408."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.app import Store
from cardtable.ui.web.limits import MAX_BODY, BodyLimit
from cardtable.ui.web.server import create_app


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(Store(tmp_path / "web.db"))


def _padded(size: int) -> bytes:
    """A request for a new game, padded with white space (which JSON allows) to ``size`` bytes."""
    head, tail = b'{"game": "klondike", "deal": 1', b"}"
    return head + b" " * (size - len(head) - len(tail)) + tail


def test_a_body_at_the_limit_is_accepted(app: FastAPI) -> None:
    answer = TestClient(app).post("/api/games", content=_padded(MAX_BODY), headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text


def test_a_declared_fifty_megabyte_body_is_refused(app: FastAPI) -> None:
    answer = TestClient(app).post("/api/games", content=_padded(50 * 2**20), headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    assert answer.json()["detail"] == "the request body is too large: at most 64 KiB is accepted"


def test_a_body_one_byte_over_is_refused_on_every_route(app: FastAPI) -> None:
    client = TestClient(app)
    game = client.post("/api/games", json={"game": "klondike", "deal": 1}).json()
    for url in ("/api/games", f"/api/games/{game['id']}/actions", f"/api/games/{game['id']}/targets", "/api/thunderjack/actions"):
        answer = client.post(url, content=_padded(MAX_BODY + 1), headers={"Content-Type": "application/json"})
        assert answer.status_code == 413 and "too large" in answer.json()["detail"], url


def _call(app: FastAPI, chunks: list[bytes], path: str = "/api/games") -> tuple[int, bytes, int]:
    """POST to ``path`` straight through ASGI, the body streamed in ``chunks`` with no
    Content-Length: the status, the body of the answer, and how many chunks were read."""
    read = 0
    answer: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        if read > len(chunks):
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": chunks[read - 1], "more_body": read < len(chunks)}

    async def send(message: dict[str, Any]) -> None:
        answer.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in answer if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in answer if m["type"] == "http.response.body"), read


@pytest.mark.parametrize("path", ["/api/games", "/api/games/1/actions", "/api/games/1/targets"])
def test_a_streamed_body_is_refused_once_it_passes_the_limit_and_read_no_further(app: FastAPI, path: str) -> None:
    body = _padded(2**20)
    chunks = [body[n : n + 1024] for n in range(0, len(body), 1024)]
    status, text, read = _call(app, chunks, path)
    assert status == 413 and b"too large" in text
    assert read == MAX_BODY // 1024 + 1  # the chunk that passed the limit was the last one read


def test_a_small_streamed_body_is_read_whole(app: FastAPI) -> None:
    body = b'{"game": "freecell", "deal": 11982}'
    status, text, read = _call(app, [body[:10], body[10:20], body[20:]])
    assert status == 201 and b'"deal":11982' in text and read == 3


def _partly(app: Any, then: dict[str, Any] | None) -> tuple[int, dict[bytes, bytes], bytes]:
    """POST the start of a body to ``app``, then ``then`` (None: nothing ever again)."""
    answer: list[dict[str, Any]] = []
    given = 0

    async def receive() -> dict[str, Any]:
        nonlocal given
        given += 1
        if given == 1:
            return {"type": "http.request", "body": b'{"game": ', "more_body": True}
        if then is None:
            await asyncio.Event().wait()  # the rest never comes
        assert then is not None
        return then

    async def send(message: dict[str, Any]) -> None:
        answer.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": "/api/games", "raw_path": b"/api/games", "query_string": b"", "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))
    start = next(m for m in answer if m["type"] == "http.response.start")
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in answer if m["type"] == "http.response.body")


def test_a_body_that_stops_arriving_is_given_up_on_and_the_connection_closed(app: FastAPI) -> None:
    status, headers, text = _partly(BodyLimit(app, seconds=0.2), None)
    assert status == 408 and headers.get(b"connection") == b"close"
    assert "stopped arriving" in text.decode()


def test_a_body_that_trickles_in_is_given_up_on_as_a_whole(app: FastAPI) -> None:
    """The whole body has a deadline of its own, however patient the wait for each part
    (a byte now and then would otherwise hold the connection for weeks)."""
    status, _, text = _partly(BodyLimit(app, seconds=30.0, whole=0.3), None)
    assert status == 408 and "too slowly" in text.decode()


def test_a_client_that_hangs_up_mid_body_is_answered_not_raised(app: FastAPI) -> None:
    status, _, text = _partly(app, {"type": "http.disconnect"})  # it used to raise ClientDisconnect: a traceback a time
    assert status == 400 and "hung up" in text.decode()
