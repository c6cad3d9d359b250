"""The game lane answers exactly as FastAPI's routes to the same endpoints would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.app import Store
from cardtable.ui.web import lane
from cardtable.ui.web.server import create_app

# Good and bad requests alike: "{mine}" is the caller's Klondike deal 7, "{other}" another
# player's game.
SCRIPT: list[tuple[str, str, bytes | None]] = [
    ("GET", "/api/games/{mine}", None),
    ("POST", "/api/games/{mine}/targets", b'{"pile": "t7", "position": -1}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "deal", "version": 0}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "deal", "version": 0}'),  # stale now
    ("POST", "/api/games/{mine}/actions", b'{"action": "move", "version": 1, "pile": "t1", "position": -1, "target": "t2"}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "hint", "version": 1}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "undo", "version": 1}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "move", "version": 2}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "fly", "version": 2}'),
    ("POST", "/api/games/{mine}/actions", b'{"action": "deal", "version": "two"}'),
    ("POST", "/api/games/{mine}/actions", b"{not json"),
    ("POST", "/api/games/{mine}/actions", b""),
    ("POST", "/api/games/{mine}/actions", b"[]"),
    ("POST", "/api/games/{mine}/targets", b'{"pile": "zz"}'),
    ("POST", "/api/games/{mine}/targets", b'{"pile": "t1", "position": 99}'),
    ("GET", "/api/games/0", None),
    ("GET", "/api/games/-4", None),
    ("GET", "/api/games/99999999999999999999999999999999", None),
    ("GET", "/api/games/4611686018427387905", None),
    ("GET", "/api/games/{other}", None),
    ("POST", "/api/games/{other}/actions", b'{"action": "deal", "version": 0}'),
    ("GET", "/api/games/77", None),
]


def _play(tmp_path: Path, with_lane: bool) -> list[tuple[int, Any]]:
    client = TestClient(create_app(Store(tmp_path / f"lane-{with_lane}.db"), lane=with_lane))
    stranger = TestClient(client.app)
    other = stranger.post("/api/games", json={"game": "freecell", "deal": 3}).json()["id"]
    mine = client.post("/api/games", json={"game": "klondike", "deal": 7}).json()["id"]
    answers = []
    for method, url, body in SCRIPT:
        headers = {} if body is None else {"Content-Type": "application/json"}
        response = client.request(method, url.format(mine=mine, other=other), content=body, headers=headers)
        payload = response.json()
        for view in (payload, payload.get("view")) if isinstance(payload, dict) else ():
            if isinstance(view, dict):
                view.pop("elapsed", None)
        if b'"hint"' in (body or b""):  # a hint searches against the clock: which move it finds may differ
            payload["reason"], payload["hint"] = "a hint", sorted(payload["hint"])
        answers.append((response.status_code, payload))
    return answers


def test_the_lane_and_the_routes_give_the_same_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_SECRET", "one key for both apps")
    by_lane, by_routes = _play(tmp_path, True), _play(tmp_path, False)
    assert by_lane == by_routes
    statuses = [status for status, _ in by_lane]
    assert statuses[:3] == [200, 200, 200] and statuses[3] == 409 and 404 in statuses and 422 in statuses


def test_the_lane_takes_only_its_own_requests() -> None:
    taken = [
        ("GET", "/api/games/12"), ("POST", "/api/games/12/actions"), ("POST", "/api/games/-3/targets"),
    ]
    passed_on = [
        ("GET", "/api/games/latest"), ("GET", "/api/games"), ("POST", "/api/games"), ("GET", "/api/games/12/actions"),
        ("POST", "/api/games/12"), ("GET", "/api/games/12/ws"), ("POST", "/api/games/1x/actions"),
        ("GET", "/api/games/12/"), ("POST", "/api/thunderjack/actions"),
    ]
    assert all(lane._route({"method": m, "path": p}) is not None for m, p in taken)
    assert all(lane._route({"method": m, "path": p}) is None for m, p in passed_on)
