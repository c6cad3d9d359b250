"""HEAD and OPTIONS on every address, through the ASGI test client on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.app import Store
from cardtable.ui.web.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Store(tmp_path / "web.db")))


def _game(client: TestClient) -> int:
    response = client.post("/api/games", json={"game": "klondike", "deal": 3})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


def test_head_answers_as_get_does_without_the_body(client: TestClient) -> None:
    game = _game(client)
    for url in ("/", "/api/games", f"/api/games/{game}", "/api/stats", "/openapi.json", "/static/app.js"):
        got, head = client.get(url), client.head(url)
        assert head.status_code == got.status_code == 200, url
        assert head.content == b"", url
        assert head.headers["content-length"] == got.headers["content-length"] == str(len(got.content)), url
        assert head.headers["content-type"] == got.headers["content-type"], url


def test_head_of_a_game_not_yours_is_refused_as_get_is(client: TestClient, tmp_path: Path) -> None:
    game = _game(client)
    stranger = TestClient(client.app)
    assert stranger.head(f"/api/games/{game}").status_code == stranger.get(f"/api/games/{game}").status_code == 404


def test_options_names_every_method_an_address_takes(client: TestClient) -> None:
    game = _game(client)
    for url, allowed in (
        ("/api/games", "GET, HEAD, OPTIONS, POST"),
        (f"/api/games/{game}", "GET, HEAD, OPTIONS"),
        (f"/api/games/{game}/actions", "OPTIONS, POST"),
        ("/", "GET, HEAD, OPTIONS"),
        ("/static/app.js", "GET, HEAD, OPTIONS"),
    ):
        response = client.options(url)
        assert response.status_code == 204 and response.headers["allow"] == allowed, url
    documented = client.get("/openapi.json").json()["paths"]
    for path, operations in documented.items():
        url = path.replace("{game_id}", str(game))
        allow = set(client.options(url).headers["allow"].split(", "))
        assert {method.upper() for method in operations} <= allow, path


def test_options_of_an_address_that_does_not_exist_says_so(client: TestClient) -> None:
    for url in ("/api/nothing", "/nowhere"):
        response = client.options(url)
        assert response.status_code == 404 and response.json() == {"detail": f"there is no {url}"}


def test_a_refused_method_names_in_allow_what_options_does(client: TestClient) -> None:
    for method, url in (("DELETE", "/api/games"), ("POST", "/"), ("GET", "/api/games/1/actions")):
        refused = client.request(method, url)
        assert refused.status_code == 405, url
        assert refused.headers["allow"] == client.options(url).headers["allow"], url


def test_a_websockets_address_asked_over_http_says_to_open_it_as_one(client: TestClient) -> None:
    game = client.post("/api/games", json={"game": "freecell", "deal": 1}).json()
    url = f"/api/games/{game['id']}/ws"
    asked = client.get(url)
    assert asked.status_code == 426 and asked.headers["upgrade"] == "websocket"
    assert asked.json() == {"detail": f"{url} is a WebSocket: open it as one (Upgrade: websocket)"}
    with client.websocket_connect(url) as socket:  # (as one, it opens)
        assert socket.receive_json()["view"]["id"] == game["id"]
    posted = client.post(url, json={})
    assert posted.status_code == 405 and posted.json()["detail"] == f"{url} takes GET, not POST"
    assert posted.headers["allow"] == client.options(url).headers["allow"] == "GET, HEAD, OPTIONS"
    for method in ("TRACE", "PROPFIND"):  # methods the catch-all does not take: Starlette's refusal, worded alike
        assert client.request(method, "/api/nothing").json() == {"detail": "there is no /api/nothing"}
        refused = client.request(method, "/api/games")
        assert refused.status_code == 405 and refused.json()["detail"] == f"/api/games takes GET or POST, not {method}"
