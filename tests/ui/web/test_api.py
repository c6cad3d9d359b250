"""The JSON API and WebSocket, through the ASGI test client on a real SQLite file."""

from __future__ import annotations

import json
import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from unittest.mock import ANY

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse, WebSocketTestSession
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.app import Session, Store
from cardtable.solitaire import apply, get_variant, legal_moves, variants
from cardtable.ui.web.server import create_app
from cardtable.ui.web.views import table_view


@pytest.fixture
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    return create_app(Store(tmp_path / "web.db"))


@pytest.fixture
def client(app) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(app)


def _start(client: TestClient, game: str = "klondike", deal: int | None = 7) -> dict:  # type: ignore[type-arg]
    response = client.post("/api/games", json={"game": game, "deal": deal})
    assert response.status_code == 201, response.text
    return response.json()


def _act(client: TestClient, view: dict, action: str, **extra: object):  # type: ignore[no-untyped-def,type-arg]
    return client.post(f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"], **extra})


def _same_table(one: dict, other: dict) -> bool:  # type: ignore[type-arg]
    """Whether two views show the same table. The clock runs between the two readings
    (0.0 then 0.1 on a loaded machine), so it need only be close, not equal."""
    clockless = [{k: v for k, v in view.items() if k not in ("elapsed", "clock_running")} for view in (one, other)]
    return clockless[0] == clockless[1] and abs(one["elapsed"] - other["elapsed"]) < 60


def test_views_of_one_table_read_at_different_moments_are_the_same_table() -> None:
    view = {"id": 1, "version": 3, "moves": 3, "elapsed": 0.0}
    assert _same_table(view, {**view, "elapsed": 0.1})
    assert not _same_table(view, {**view, "moves": 4, "elapsed": 0.1})
    assert not _same_table(view, {**view, "elapsed": 3600.0})


def test_catalogue_lists_every_game_with_its_rules(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [v.id for v in variants()]
    assert all(g["rules"] for g in games)
    offers = {g["id"]: g["winnable_deals"] for g in games}
    assert offers["klondike"] and offers["spider"] and not offers["chameleon"]  # no deal of Chameleon proved yet
    scorings = client.get("/api/games").json()["scorings"]  # each scoring in the words the statistics use
    assert scorings == {"uniform": "share of the cards home", "standard": "standard points",
                        "timed": "standard points, timed", "vegas": "Vegas dollars"}
    assert {s for g in games for s in g["scoring"]} == set(scorings)
    paths = client.get("/openapi.json").json()["paths"]
    body = paths["/api/games/{game_id}/actions"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"action", "version", "pile", "position", "target"} <= set(body["properties"])
    assert [p["name"] for p in paths["/api/games/{game_id}/targets"]["post"]["parameters"]] == ["game_id"]


def test_a_game_made_by_options_has_its_own_rules_and_an_unknown_one_is_named(client: TestClient) -> None:
    made = client.get("/api/rules", params={"game": "klondike[columns=9,wrap=yes]"})
    assert made.status_code == 200, made.text
    assert made.json()["name"] == "Klondike (9 columns, ranks that wrap from King to Ace)"
    assert any("9 columns" in line and "(a King on an Ace)" in line for line in made.json()["rule_lines"])
    missing = client.get("/api/rules", params={"game": "klondike[columns=12]"})
    assert missing.status_code == 404 and "columns may be 4, 5, 6, 7, 8, 9, not 12" in missing.json()["detail"]
    for unknown in (client.get("/api/rules", params={"game": "klondyke"}), client.post("/api/games", json={"game": "klondyke"})):
        assert unknown.status_code == 404
        assert unknown.json()["detail"] == "unknown game 'klondyke'; did you mean klondike, klondike3, open-klondike? (GET /api/games lists every game)"
    assert client.get("/api/rules", params={"game": "x" * 61}).status_code == 422
    assert client.get("/api/rules").status_code == 422


def test_every_reference_in_the_openapi_document_leads_somewhere(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    references = re.findall(r'"\$ref": "#/([^"]*)"', json.dumps(document))
    assert references
    for reference in references:
        node = document
        for part in reference.split("/"):
            node = node[part]
    bodies = [op["requestBody"] for path in document["paths"].values() for op in path.values() if "requestBody" in op]
    assert len(bodies) == 6  # new game, action, targets, settings, show me, Thunderjack intent


def test_the_openapi_document_gives_every_error_the_one_shape_sent_and_names_the_player_cookie(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in json.dumps(document)  # FastAPI's list, which no answer carries
    invalid = [op["responses"]["422"] for path in document["paths"].values() for op in path.values() if "422" in op["responses"]]
    assert len(invalid) > 6 and all(r["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorOut"}
                                    for r in invalid)
    assert document["components"]["securitySchemes"]["player"] == {
        "type": "apiKey", "in": "cookie", "name": "cardtable_player", "description": ANY}
    assert {"player": []} in document["security"]


def test_a_game_is_created_viewed_and_played(client: TestClient) -> None:
    view = _start(client)
    assert view["deal"] == 7 and view["version"] == 0
    assert "cardtable_player" in client.cookies
    moved = _act(client, view, "move", pile="t6", position=-1, target="t2").json()
    assert moved["ok"] and moved["view"]["version"] == 1
    assert moved["view"]["piles"][[p["name"] for p in moved["view"]["piles"]].index("t2")]["cards"][-1] == {"card": "TH"}
    assert [e["kind"] for e in moved["events"]] == ["moved", "turned"]
    refused = _act(client, moved["view"], "move", pile="t1", position=-1, target="t2").json()
    assert not refused["ok"] and "can't go on" in refused["reason"] and refused["view"]["version"] == 1
    assert client.get(f"/api/games/{view['id']}").json()["version"] == 1
    face_down = _act(client, moved["view"], "play", pile="stock", position=-1).json()
    assert not face_down["ok"] and face_down["reason"]
    hint = _act(client, moved["view"], "hint").json()
    assert hint["ok"] and hint["hint"]["kind"] and hint["view"]["version"] == 1


def test_a_setting_left_out_of_a_new_game_keeps_what_was_saved(client: TestClient) -> None:
    def dealt(options: dict[str, object] | None) -> tuple[object, object]:
        body = {"game": "klondike", "deal": 7} | ({} if options is None else {"options": options})
        view = client.post("/api/games", json=body).json()
        return view["auto_build"], view["scoring"]

    assert dealt({"auto_build": False, "scoring": "vegas"}) == (False, "vegas")
    assert dealt(None) == (False, "vegas")
    assert dealt({"scoring": "standard"}) == (False, "standard")  # auto-build stays off
    assert dealt({"auto_build": True}) == (True, "standard")  # the scoring stays
    assert dealt(None) == (True, "standard")


def _face_down_codes_hidden(view: dict, session: Session) -> None:  # type: ignore[type-arg]
    state = session.state
    text = json.dumps(view)
    shown = re.findall(r'"card": "(\w\w)"', text)
    face_up = [c.code for i, p in enumerate(state.piles) for n, c in enumerate(p) if n >= state.hidden[i]]
    assert sorted(shown) == sorted(face_up)
    for i, pile in enumerate(view["piles"]):
        down = [c for c in pile["cards"][: state.hidden[i]]]
        assert all(c == {"down": True} for c in down)


def test_a_scoring_the_game_has_not_is_refused_in_the_words_the_terminal_uses(client: TestClient) -> None:
    client.post("/api/games", json={"game": "klondike", "deal": 3})
    refused = client.post("/api/games", json={"game": "freecell", "options": {"scoring": "vegas"}})
    assert refused.status_code == 422  # a request the game's rules refuse: no game it conflicts with
    assert refused.json()["detail"] == ("vegas scoring does not apply to FreeCell: it scores games dealt from a stock "
                                        "to a waste, such as Klondike; use uniform scoring")
    latest = client.get("/api/games/latest").json()
    assert latest["game"] == "klondike" and latest["deal"] == 3  # the game in progress is not given up


def test_no_view_reveals_a_face_down_card_in_thousands_of_positions() -> None:
    rng = random.Random(21)
    checked = 0
    for variant in variants():
        for deal in range(1, 9):
            session = Session(variant, deal)
            state = session.state
            for _ in range(40):
                session.history = session.history.begin(state)
                _face_down_codes_hidden(table_view(1, session, 0), session)
                checked += 1
                moves = legal_moves(state)
                if not moves:
                    break
                state = apply(state, rng.choice(moves))
    assert checked > 3000


def test_the_socket_follows_every_action_and_events_name_only_cards_now_face_up(client: TestClient) -> None:
    view = _start(client, "klondike-draw3", 11)
    with client.websocket_connect(f"/api/games/{view['id']}/ws") as socket:
        first = socket.receive_json()
        assert _same_table(first["view"], client.get(f"/api/games/{view['id']}").json())
        for _ in range(12):
            answer = _act(client, view, "deal").json()
            view = answer["view"]
            message = socket.receive_json()
            assert _same_table(message["view"], view)
            up = {c["card"] for p in view["piles"] for c in p["cards"] if "card" in c}
            assert all(set(e["cards"]) <= up for e in answer["events"])


def test_another_players_game_is_simply_not_found(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    view = _start(client)
    stranger = TestClient(app)
    assert stranger.get(f"/api/games/{view['id']}").status_code == 404
    assert _act(stranger, view, "deal").status_code == 404
    forged = TestClient(app, cookies={"cardtable_player": client.cookies["cardtable_player"][:-4] + "0000"})
    assert forged.get(f"/api/games/{view['id']}").status_code == 404
    with pytest.raises(WebSocketDenialResponse) as refused:
        with stranger.websocket_connect(f"/api/games/{view['id']}/ws") as socket:
            socket.receive_json()
    assert refused.value.status_code == 404  # said as over HTTP
    assert refused.value.json()["detail"] == stranger.get(f"/api/games/{view['id']}").json()["detail"]


def test_a_page_of_another_site_may_not_follow_a_players_game(client: TestClient) -> None:
    view = _start(client)
    url = f"/api/games/{view['id']}/ws"
    with pytest.raises(WebSocketDenialResponse) as refused:
        with client.websocket_connect(url, headers={"origin": "http://evil.example"}) as socket:
            socket.receive_json()
    answer = refused.value
    assert answer.status_code == 403 and "another site" in answer.json()["detail"]  # the API's error body, not a bare 403
    with client.websocket_connect(url, headers={"origin": "http://testserver"}) as socket:  # the game's own page
        assert socket.receive_json()["view"]["id"] == view["id"]


@pytest.mark.parametrize("game_id, said", [
    ("abc", "must be a whole number"), ("0", "must be at least 1"), ("-1", "must be at least 1"),
    ("99999999999999999999", "must be at most"),
])
def test_a_socket_for_a_malformed_game_id_is_refused_with_the_apis_error(client: TestClient, game_id: str, said: str) -> None:
    with pytest.raises(WebSocketDenialResponse) as refused:
        with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
            socket.receive_json()
    assert refused.value.status_code == 422 and said in refused.value.json()["detail"]


@pytest.mark.parametrize("path, body", [
    ("/api/games", {"game": "aces-up"}),
    ("/api/settings", {"winnable": True}),
    ("/api/games/{id}/actions", {"action": "deal", "version": 0}),
])
def test_a_page_of_another_site_may_not_act_for_the_player(client: TestClient, path: str, body: dict) -> None:  # type: ignore[type-arg]
    """Another port of the same host is the same site, so the browser sends the player's
    cookie with such a page's requests: it is refused by its Origin, and nothing changes."""
    view = _start(client)
    assert _act(client, view, "deal").status_code == 200
    before = client.get(f"/api/games/{view['id']}").json()
    settings = client.get("/api/settings").json()
    url = path.format(id=view["id"])
    refused = client.post(url, json=body, headers={"origin": "http://testserver:8766"})
    assert refused.status_code == 403 and "another site" in refused.json()["detail"]
    after = client.get(f"/api/games/{view['id']}").json()
    assert (after["version"], after["moves"], after["given_up"]) == (before["version"], before["moves"], False)
    assert client.get("/api/settings").json() == settings
    assert client.get("/api/games/latest").json()["id"] == view["id"]


def test_behind_a_proxy_the_browsers_own_word_on_the_page_counts(client: TestClient) -> None:
    """A proxy may pass its own Host on: the browser's Sec-Fetch-Site, which nothing in
    between changes, says whether the page is this server's."""
    view = _start(client)
    proxied = {"host": "127.0.0.1:8000", "origin": "https://cards.example"}
    own = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0},
                      headers={**proxied, "sec-fetch-site": "same-origin"})
    assert own.status_code == 200 and own.json()["ok"]
    other = client.post("/api/games", json={"game": "golf"}, headers={**proxied, "sec-fetch-site": "same-site"})
    assert other.status_code == 403 and client.get("/api/games/latest").json()["id"] == view["id"]


def test_over_an_encrypted_connection_a_plain_page_of_the_same_host_may_not_act(app) -> None:  # type: ignore[no-untyped-def]
    """A page served unencrypted on the same host may be anyone's on the way: its Origin
    does not count as this server's own when the request came encrypted."""
    client = TestClient(app, base_url="https://testserver")
    view = _start(client)
    plain = client.post("/api/games", json={"game": "golf"}, headers={"origin": "http://testserver"})
    assert plain.status_code == 403 and client.get("/api/games/latest").json()["id"] == view["id"]
    own = client.post("/api/games", json={"game": "golf"}, headers={"origin": "https://testserver"})
    assert own.status_code == 201 and own.json()["game"] == "golf"


def test_a_body_passed_off_as_plain_text_is_not_read(client: TestClient) -> None:
    """A browser sends ``text/plain`` from any page without asking the server first: a
    body is read only when its Content-Type names JSON."""
    view = _start(client)
    sneaked = client.post("/api/games", content=b'{"game": "aces-up"}', headers={"content-type": "text/plain; x=json"})
    assert sneaked.status_code == 422 and "Content-Type: application/json" in sneaked.json()["detail"]
    assert client.get("/api/games/latest").json()["id"] == view["id"]
    own = client.post("/api/games", json={"game": "aces-up"}, headers={"origin": "http://testserver"})
    assert own.status_code == 201 and own.json()["game"] == "aces-up"


def test_a_stale_version_is_refused_with_the_current_table_and_never_applied_twice(client: TestClient) -> None:
    view = _start(client)
    assert _act(client, view, "deal").status_code == 200
    stale = _act(client, view, "deal")
    assert stale.status_code == 409 and stale.json()["view"]["version"] == 1
    current = client.get(f"/api/games/{view['id']}").json()
    assert current["moves"] == 1
    ahead = _act(client, {**view, "version": 7}, "deal")  # a version the table never had
    assert ahead.status_code == 409 and ahead.json()["detail"] == "the table has no version 7 (it is at version 1): here it is now"
    shown = client.post(f"/api/games/{view['id']}/show", json={"version": 7})
    assert shown.status_code == 409 and shown.json()["detail"] == ahead.json()["detail"]


def test_a_card_named_where_its_pile_holds_none_says_so_in_the_games_words(client: TestClient) -> None:
    # A card picked up on a table changed since: "t1 holds 0 cards", said the page, as "T1".
    view = _start(client, "klondike", 7)
    answer = _act(client, view, "play", pile="waste", position=0).json()
    assert not answer["ok"] and answer["reason"] == "the waste holds no card now: there is no card at position 0 of it"
    answer = _act(client, view, "move", pile="t2", position=5, target="t1").json()
    assert answer["reason"] == "column 2 holds 2 cards now: there is no card at position 5 of it"
    answer = _act(client, view, "move", pile="t99", position=-1, target="t1").json()
    assert answer["reason"].startswith("Klondike has no pile 't99': move needs the card's pile, one of stock, waste, f1")
    answer = _act(client, view, "move", pile="t6", position=-1, target="t99").json()
    assert answer["reason"].startswith("Klondike has no pile 't99': move needs a target pile, one of stock")


def test_where_a_card_may_go_says_which_table_it_answers_for(client: TestClient) -> None:
    view = _start(client, "klondike", 7)
    moved = _act(client, view, "move", pile="t6", position=-1, target="t2").json()["view"]
    asked = {"pile": "t1", "position": -1}
    now = client.post(f"/api/games/{view['id']}/targets", json=asked | {"version": moved["version"]}).json()
    assert now["version"] == 1
    stale = client.post(f"/api/games/{view['id']}/targets", json=asked | {"version": 0}).json()
    assert stale["version"] == 1  # not the table asked for, which this process no longer holds: said


def test_reload_finds_the_latest_unfinished_game(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    view = _start(client)
    _act(client, view, "deal")
    again = TestClient(app, cookies=dict(client.cookies))
    latest = again.get("/api/games/latest").json()
    assert latest["id"] == view["id"] and latest["moves"] == 1
    assert TestClient(app).get("/api/games/latest").status_code == 204


def test_a_new_deal_gives_up_only_the_game_the_player_agreed_to_give_up(client: TestClient) -> None:
    """The page checks the latest game, asks the player, then deals: a move made in
    another tab between the two requests must not be given up unseen."""
    view = _start(client)
    seen = {"game_id": view["id"], "version": view["version"]}
    moved = _act(client, view, "deal").json()["view"]  # another tab plays on meanwhile
    refused = client.post("/api/games", json={"game": "freecell", "deal": 1, "leaving": seen})
    assert refused.status_code == 409 and "played on in another tab" in refused.json()["detail"]
    latest = client.get("/api/games/latest").json()
    assert (latest["id"], latest["version"], latest["moves"], latest["given_up"]) == (view["id"], moved["version"], 1, False)
    agreed = {"game_id": view["id"], "version": moved["version"]}
    fresh = client.post("/api/games", json={"game": "freecell", "deal": 1, "leaving": agreed})
    assert fresh.status_code == 201, fresh.text
    assert client.get(f"/api/games/{view['id']}").json()["given_up"]
    started = client.post("/api/games", json={"game": "klondike", "deal": 3, "leaving": agreed})  # the freecell game came since
    assert started.status_code == 409 and "was started in another tab" in started.json()["detail"]
    ahead = {"game_id": fresh.json()["id"], "version": 5}  # a version no page saw
    refused = client.post("/api/games", json={"game": "klondike", "deal": 3, "leaving": ahead})
    assert refused.status_code == 409 and "has no version 5 yet (it is at 0)" in refused.json()["detail"]
    unknown = {"game_id": 999_999, "version": 0}  # no game of the player's: not blamed on another tab
    refused = client.post("/api/games", json={"game": "klondike", "deal": 3, "leaving": unknown})
    assert refused.status_code == 409
    assert refused.json()["detail"] == f"you have no game 999999: nothing was given up (name your latest game, game {fresh.json()['id']}, to give it up)"
    assert client.get("/api/games/latest").json()["id"] == fresh.json()["id"]


HOSTILE = [
    ("post", "/api/games", b"{not json"),
    ("post", "/api/games", b'{"game": 5}'),
    ("post", "/api/games", b'{"game": "klondike", "deal": -1}'),
    ("post", "/api/games", b'{"game": "klondike", "deal": 99999999999999999999999999}'),
    ("post", "/api/games", b'{"game": "freecell", "deal": 0}'),
    ("post", "/api/games", b'{"game": "nope"}'),
    ("post", "/api/games", b'{"game": "' + b"x" * 5000 + b'"}'),
    ("post", "/api/games", b'{"game": "freecell", "options": {"scoring": "vegas"}}'),
    ("post", "/api/games", b"[]"),
    ("get", "/api/games/abc", b""),
    ("get", "/api/games/-1", b""),
    ("get", "/api/games/99999999999999999999999", b""),
    ("get", "/api/nothing/here", b""),
    ("post", "/api/games/1/actions", b'{"action": "explode", "version": 0}'),
    ("post", "/api/games/1/actions", b'{"action": "deal", "version": "zero"}'),
    ("post", "/api/games", b""),
    ("post", "/api/games", b"\xff\xfe"),
    ("post", "/api/games", b'{"game": "klondike", "deal": 1.5}'),
    ("post", "/api/games", b'{"game": "klondike", "deal": "' + b"9" * 5000 + b'"}'),
    ("post", "/api/games", b'{"game": "klondike", "deal": ' + b"9" * 5000 + b"}"),
    ("post", "/api/games", b'{"game": "klondike", "options": 3}'),
    ("post", "/api/games", b'{"game": "klondike", "options": {"auto_build": "maybe"}}'),
    ("post", "/api/games/1/actions", b'{"action": "deal", "version": -1}'),
    ("post", "/api/games/1/actions", b'{"action": ["deal"], "version": 0}'),
    ("post", "/api/games/1/targets", b'{"pile": "t1", "position": "top"}'),
    ("post", "/api/games/1/targets", b'{"pile": "t1", "version": -5}'),
    ("post", "/api/games", b'{"game": "klondike[[["}'),
    ("delete", "/api/games/1", b""),
    ("post", "/api/games/1/actions", b"[" * 30000 + b"]" * 30000),
    ("post", "/api/games/1/targets", b'{"pile": ' + b"[" * 30000 + b"]" * 30000 + b"}"),
    ("post", "/api/games", b"[" * 30000 + b"]" * 30000),
    ("post", "/api/games/1/actions", b'{"action": "deal", "version": ' + b"9" * 5000 + b"}"),
    ("post", "/api/games/1/targets", b'{"pile": "t1", "position": ' + b"9" * 5000 + b"}"),
]


WELL_FORMED_BUT_NOT_ON_THE_TABLE: list[tuple[str, bytes]] = [
    ("/api/games/1/actions", b'{"action": "move", "version": 0}'),
    ("/api/games/1/actions", b'{"action": "move", "version": 0, "pile": "t99", "target": "t1"}'),
    ("/api/games/1/actions", b'{"action": "move", "version": 0, "pile": "t1", "position": 150, "target": "t2"}'),
    ("/api/games/1/targets", b'{"pile": "zz"}'),
]


@pytest.mark.parametrize(("url", "body"), WELL_FORMED_BUT_NOT_ON_THE_TABLE)
def test_a_well_formed_request_naming_no_card_on_the_table_is_answered_like_an_illegal_move(
    client: TestClient, url: str, body: bytes
) -> None:
    """The schema takes any pile name and position (they depend on the game and the
    table), so the server does too: the move is not taken and the answer says why."""
    view = _start(client)
    response = client.post(url, content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 200, response.text
    answer = response.json()
    if "targets" in answer:
        assert answer["targets"] == []
    else:
        assert answer["ok"] is False and answer["reason"] and answer["view"]["version"] == view["version"]


@pytest.mark.parametrize(("method", "url", "body"), HOSTILE)
def test_bad_requests_get_a_clear_4xx(client: TestClient, method: str, url: str, body: bytes) -> None:
    _start(client)
    response = client.request(method, url, content=body, headers={"Content-Type": "application/json"})
    assert 400 <= response.status_code < 500, response.text
    if method != "HEAD":
        assert response.json()["detail"]


def test_a_method_an_address_does_not_take_is_named_with_those_it_does(client: TestClient) -> None:
    view = _start(client)
    for method, url, allowed in (
        ("DELETE", f"/api/games/{view['id']}", "GET"), ("PUT", "/api/games", "GET or POST"),
        ("GET", f"/api/games/{view['id']}/actions", "POST"),
    ):
        response = client.request(method, url)
        implicit = {"OPTIONS"} | ({"HEAD"} if "GET" in allowed else set())
        assert response.status_code == 405
        assert set(response.headers["allow"].split(", ")) == set(allowed.split(" or ")) | implicit
        assert response.json()["detail"] == f"{url} takes {allowed}, not {method}"


def test_an_address_no_method_takes_is_not_found_whatever_the_method(client: TestClient) -> None:
    view = _start(client)
    for method in ("GET", "POST", "PUT", "DELETE"):
        url = f"/api/games/{view['id']}/hint"  # (a hint is an action: POST .../actions)
        response = client.request(method, url, json={})
        assert response.status_code == 404, (method, response.text)
        assert response.json()["detail"] == f"there is no {url}" and "allow" not in response.headers


READABLE = [
    (b"{not json", 400, "the request body is not valid JSON (expecting property name enclosed in double quotes)"),
    (b"", 422, "the request needs a JSON object as its body"),
    (b"[]", 422, "the request body must be a JSON object"),
    (b'{"game": 5}', 422, "game must be text (a JSON string)"),
    (b'{"game": "' + b"x" * 61 + b'"}', 422, "game must be at most 60 characters long"),
    (b'{"game": "klondike", "deal": "seven"}', 422, "deal must be a whole number"),
    (b'{"game": "klondike", "options": {"scoring": "golf"}}', 422,
     "options.scoring must be one of 'uniform', 'standard', 'timed' or 'vegas'"),
    (b'{"game": "klondike", "options": {"auto_build": "maybe"}}', 422, "options.auto_build must be true or false"),
    (b'{"deal": 3}', 422, "game is required"),
    (b'{"game": 1, "options": []}', 422, "game must be text (a JSON string); options must be a JSON object"),
    (b'{"game": "klondike", "colour": "red"}', 422, "colour is not a field this request takes"),
    (b'{"game": "klondike", "options": {"draw": 3}}', 422,
     'options.draw is not a field this request takes: a game\'s own options go in its id, as in "game": "name[draw=...]"'),
]


@pytest.mark.parametrize(("body", "status", "detail"), READABLE)
def test_a_bad_body_is_explained_in_plain_words(client: TestClient, body: bytes, status: int, detail: str) -> None:
    answer = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert (answer.status_code, answer.json()["detail"]) == (status, detail)


def test_bad_actions_and_addresses_are_explained_in_plain_words(client: TestClient) -> None:
    view = _start(client)
    url = f"/api/games/{view['id']}/actions"
    assert client.post(url, json={"version": 0}).json()["detail"] == "action is required"
    assert client.post(url, json={"action": "deal", "version": "one"}).json()["detail"] == "version must be a whole number"
    assert client.post(url, json={"action": "deal", "version": -1}).json()["detail"] == "version must be at least 0"
    wrong = client.post(url, json={"action": "fly", "version": 0}).json()["detail"]
    assert wrong.startswith("action must be one of 'move', 'card_onto_card'") and wrong.endswith("or 'to_bookmark'")
    moved = client.post(url, json={"action": "move", "version": 0, "pile": "t1", "position": 999, "target": "t2"})
    assert moved.json()["detail"] == "position must be at most 200"
    assert client.get("/api/games/abc").json()["detail"] == "the game id in the address must be a whole number"
    assert client.get("/api/games/0").json()["detail"] == "the game id in the address must be at least 1"
    assert client.get("/api/games/" + "9" * 40).json()["detail"] == "the game id in the address must be at most 4611686018427387904"
    extra = client.post(url, json={"action": "deal", "version": 0, "cards": "all"})
    assert (extra.status_code, extra.json()["detail"]) == (422, "cards is not a field this request takes")
    assert client.get(f"/api/games/{view['id']}").json()["version"] == 0  # refused, so nothing was dealt
    unlabelled = client.post("/api/games", content=b'{"game": "klondike"}')
    assert unlabelled.json()["detail"] == "the request body must be a JSON object, sent as Content-Type: application/json"


@pytest.mark.parametrize(
    ("game", "deal", "allowed"),
    [
        ("klondike", 2**62 + 1, True),  # once refused by a bound the API set below the engine's
        ("klondike", 2**63 - 1, True),
        ("klondike", 0, True),
        ("klondike", 2**63, False),
        ("klondike", -1, False),
        ("spider", 10**30, False),
        ("freecell", 2**31 - 1, True),
        ("freecell", 2**31, False),
        ("freecell", 0, False),
    ],
)
def test_a_deal_is_taken_exactly_when_the_game_takes_it(client: TestClient, game: str, deal: int, allowed: bool) -> None:
    numbers = get_variant(game).deal.deal_numbers
    assert (deal in numbers) == allowed
    answer = client.post("/api/games", json={"game": game, "deal": deal})
    if allowed:
        assert answer.status_code == 201, answer.text
        assert client.get(f"/api/games/{answer.json()['id']}").status_code == 200
    else:
        assert answer.status_code == 404  # no such deal: the request itself is well formed
        name = get_variant(game).name
        assert answer.json()["detail"] == f"{name} deal numbers run from {numbers.start:,} to {numbers.stop - 1:,}, not {deal:,}"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.dictionaries(
        st.sampled_from(["action", "version", "pile", "position", "target", "game", "deal"]),
        st.one_of(st.none(), st.integers(-10**20, 10**20), st.text(max_size=12), st.booleans(), st.lists(st.integers(), max_size=2)),
    )
)
def test_no_body_makes_the_server_fail(client: TestClient, body: dict) -> None:  # type: ignore[type-arg]
    if "game_id" not in client.__dict__:
        client.__dict__["game_id"] = _start(client)["id"]
    for url in ("/api/games", f"/api/games/{client.__dict__['game_id']}/actions", f"/api/games/{client.__dict__['game_id']}/targets"):
        assert client.post(url, json=body).status_code < 500


_JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    raw=st.one_of(
        st.binary(max_size=200),
        st.text(max_size=200).map(str.encode),
        _JSON_VALUES.map(lambda v: json.dumps(v).encode()),
        st.tuples(st.integers(1, 3000), st.sampled_from([b"[", b"{\"a\":", b"-"])).map(lambda t: t[1] * t[0]),
    )
)
def test_no_raw_body_makes_the_server_fail(client: TestClient, raw: bytes) -> None:
    if "game_id" not in client.__dict__:
        client.__dict__["game_id"] = _start(client)["id"]
    game = client.__dict__["game_id"]
    for url in ("/api/games", f"/api/games/{game}/actions", f"/api/games/{game}/targets", "/api/thunderjack/actions"):
        answer = client.post(url, content=raw, headers={"Content-Type": "application/json"})
        assert answer.status_code < 500, (url, raw, answer.text)
        assert answer.status_code < 300 or answer.json()["detail"]


def test_two_server_processes_on_one_database_never_apply_an_action_twice(tmp_path: Path) -> None:
    first = TestClient(create_app(Store(tmp_path / "shared.db")))
    second = TestClient(create_app(Store(tmp_path / "shared.db")))
    view = _start(first)
    second.cookies = first.cookies  # the same browser, its requests landing on either process
    for n in range(6):
        server = (first, second)[n % 2]
        answer = _act(server, view, "deal")
        assert answer.status_code == 200, answer.text
        view = answer.json()["view"]
        assert view["version"] == n + 1
    stale = _act(second, {**view, "version": 5}, "deal")
    assert stale.status_code == 409 and stale.json()["view"]["version"] == 6
    # Both processes hold the game warm at version 6; the first one acts, then the second
    # is offered an action made on version 6 as well: it must find out and refuse.
    won = _act(first, view, "deal").json()["view"]
    raced = _act(second, view, "deal")
    assert raced.status_code == 409 and _same_table(raced.json()["view"], won)
    assert raced.json()["detail"] == f"the table changed (version {won['version']}, not {view['version']}): here it is now"
    assert _same_table(first.get(f"/api/games/{view['id']}").json(), second.get(f"/api/games/{view['id']}").json())
    # An action that saves nothing (a hint, an illegal move) on a warm copy that another
    # process has moved past is refused just the same, with the table as it is.
    now = _act(first, raced.json()["view"], "deal").json()["view"]
    for action in ("hint", "move"):
        late = _act(second, raced.json()["view"], action)
        assert late.status_code == 409 and _same_table(late.json()["view"], now)


def test_a_socket_follows_actions_taken_in_another_process(tmp_path: Path) -> None:
    first = TestClient(create_app(Store(tmp_path / "shared.db")))
    second = TestClient(create_app(Store(tmp_path / "shared.db")))
    view = _start(first)
    second.cookies = first.cookies
    with first.websocket_connect(f"/api/games/{view['id']}/ws") as socket:
        assert socket.receive_json()["view"]["version"] == 0
        answer = _act(second, view, "deal").json()
        assert _same_table(socket.receive_json()["view"], answer["view"])  # within the poll interval


def test_a_hint_is_worked_out_off_the_event_loop(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    threads: dict[str, str] = {}
    hint, deal = Session.hint, Session.deal

    def recording_hint(self: Session, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        threads["hint"] = threading.current_thread().name
        return hint(self, *args, **kwargs)

    def recording_deal(self: Session):  # type: ignore[no-untyped-def]
        threads["deal"] = threading.current_thread().name
        return deal(self)

    monkeypatch.setattr(Session, "hint", recording_hint)
    monkeypatch.setattr(Session, "deal", recording_deal)
    view = _start(client)
    assert _act(client, view, "hint").json()["ok"]
    assert _act(client, view, "deal").json()["ok"]
    assert threads["hint"].startswith("cardtable-hints")
    assert not threads["deal"].startswith("cardtable-hints")


def test_a_hint_asked_while_the_solver_is_busy_comes_from_the_heuristic_at_once(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    """Other players' searches ahead of it: after ``hint_wait`` the heuristic answers, and
    says so; once the solver is free, the hint leads to a win again."""
    import threading
    import time

    from cardtable.app.hints import QUICK_HINT

    live = app.state.live
    live.hint_wait = 0.2
    view = _start(client, "freecell", 1)
    release = threading.Event()
    busy = live.thinking.submit(release.wait, 60)  # a long search of someone else's
    try:
        began = time.monotonic()
        answer = _act(client, view, "hint").json()
        assert time.monotonic() - began < 30
        assert answer["ok"] and answer["reason"].endswith(f"({QUICK_HINT})")
        assert not busy.done()
    finally:
        release.set()
    assert busy.result(timeout=60)
    answer = _act(client, view, "hint").json()
    assert answer["ok"] and "leads to a win" in answer["reason"] and QUICK_HINT not in answer["reason"]


def test_a_new_player_with_nothing_unfinished_gets_no_content_and_a_cookie(app) -> None:  # type: ignore[no-untyped-def]
    newcomer = TestClient(app)
    answer = newcomer.get("/api/games/latest")
    assert answer.status_code == 204 and answer.content == b""
    assert "cardtable_player" in answer.cookies  # so the game it starts next is its own


def test_a_bookmark_set_in_the_browser_survives_the_server_and_leads_back(tmp_path: Path) -> None:
    client = TestClient(create_app(Store(tmp_path / "web.db")))
    view = _start(client)
    assert not view["bookmark"]
    view = _act(client, view, "deal").json()["view"]
    marked = _act(client, view, "bookmark").json()
    assert marked["ok"] and marked["reason"].startswith("marked this position (after move 1)") and marked["view"]["bookmark"]
    view = _act(client, marked["view"], "deal").json()["view"]
    cookies = dict(client.cookies)
    restarted = TestClient(create_app(Store(tmp_path / "web.db")), cookies=cookies)  # a new server on the same file
    back = _act(restarted, view, "to_bookmark").json()
    assert back["ok"] and back["view"]["moves"] == 1 and back["view"]["piles"] == marked["view"]["piles"]


def test_the_clock_stops_while_no_page_has_the_game_open(client: TestClient) -> None:
    import time

    view = _start(client)
    playing = _act(client, view, "deal").json()["view"]
    assert playing["clock_running"]
    with client.websocket_connect(f"/api/games/{view['id']}/ws") as socket:
        assert socket.receive_json()["view"]["clock_running"]
    for _ in range(100):  # the server sees the page go
        left = client.get(f"/api/games/{view['id']}").json()
        if not left["clock_running"]:
            break
        time.sleep(0.02)
    assert not left["clock_running"]
    time.sleep(0.3)
    back = client.get(f"/api/games/{view['id']}").json()
    assert back["elapsed"] == left["elapsed"]  # away from the table: not counted
    again = _act(client, back, "deal").json()["view"]
    assert again["clock_running"] and again["elapsed"] - left["elapsed"] < 0.3  # runs on from where it stopped
    with client.websocket_connect(f"/api/games/{view['id']}/ws") as socket:
        socket.receive_json()
    with client.websocket_connect(f"/api/games/{view['id']}/ws") as socket:  # a reload: the page is back
        assert socket.receive_json()["view"]["clock_running"]  # its player's thinking counts again


def test_the_time_at_the_table_since_the_last_move_survives_the_server(tmp_path: Path) -> None:
    import time

    # One event loop for the whole visit, as a server has: a client opened per request
    # ends its loop with the page's socket, and the clock's keeping with it.
    with TestClient(create_app(Store(tmp_path / "web.db"))) as client:
        view = _act(client, _start(client), "deal").json()["view"]
        with client.websocket_connect(f"/api/games/{view['id']}/ws") as socket:
            socket.receive_json()
            time.sleep(0.6)  # the player thinks, then closes the page
        for _ in range(100):
            left = client.get(f"/api/games/{view['id']}").json()
            if not left["clock_running"]:
                break
            time.sleep(0.02)
    assert not left["clock_running"] and left["elapsed"] >= view["elapsed"] + 0.6
    for _ in range(100):  # kept on a store thread
        restarted = TestClient(create_app(Store(tmp_path / "web.db")), cookies=dict(client.cookies))
        again = restarted.get(f"/api/games/{view['id']}").json()
        if again["elapsed"] == pytest.approx(left["elapsed"], abs=0.01):
            break
        time.sleep(0.02)
    assert again["elapsed"] == pytest.approx(left["elapsed"], abs=0.01)  # not the clock of the last move


@pytest.mark.parametrize("game, deal, kinds", [
    ("pyramid", 1, {"pair"}), ("klondike", 18, {"deal", "redeal"}), ("freecell", 1, {"move"}), ("golf", 1, {"move", "deal"}),
])
def test_a_hint_carries_the_action_that_plays_it(client: TestClient, game: str, deal: int, kinds: set[str]) -> None:
    """A client plays the hint by posting its ``action`` as it is (a redeal or a pair has
    no action of its own name: it says which one plays it)."""
    view, seen = _start(client, game, deal), set()
    for _ in range(40):
        if kinds <= seen:
            break
        hint = _act(client, view, "hint").json()["hint"]
        if hint is None:
            break
        seen.add(hint["kind"])
        played = client.post(f"/api/games/{view['id']}/actions", json={**hint["action"], "version": view["version"]})
        assert played.status_code == 200 and played.json()["ok"], (hint, played.text)
        assert played.json()["view"]["moves"] > view["moves"]  # (with cards auto-built home after it)
        view = played.json()["view"]
    assert kinds <= seen, seen


def _told(socket: WebSocketTestSession) -> dict:  # type: ignore[type-arg]
    """The next view a page's socket is sent, within 5 s (a view never sent fails the
    test rather than hanging it)."""
    reader = ThreadPoolExecutor(1)
    try:
        message = reader.submit(socket.receive_json).result(timeout=5)
    finally:
        reader.shutdown(wait=False)
    assert message["type"] == "view"
    return message["view"]  # type: ignore[no-any-return]


def test_the_clock_waits_while_no_page_shows_the_table_and_odd_words_change_nothing(tmp_path: Path) -> None:
    """A page says ``away`` when a dialog covers its table or its tab is hidden, ``back``
    when it shows again: the clock stands while no page shows the table, and every page
    is told. Anything else a page sends is ignored."""
    with TestClient(create_app(Store(tmp_path / "web.db"))) as client:
        view = _act(client, _start(client), "deal").json()["view"]
        path = f"/api/games/{view['id']}/ws"
        with client.websocket_connect(path) as first:
            assert _told(first)["clock_running"]
            for odd in ("not json", "[1, 2]", '{"type": 5}', '{"type": "pause"}', '{"no": "type"}', "{}"):
                first.send_text(odd)
            first.send_text('{"type": "away"}')
            stood = _told(first)  # told at once: the clock stands
            assert not stood["clock_running"]
            with client.websocket_connect(path) as second:  # another tab shows the table: it runs
                assert _told(second)["clock_running"]
                assert _told(first)["clock_running"]
                second.send_text('{"type": "away"}')  # both away: it stands
                assert not _told(second)["clock_running"]
                assert not _told(first)["clock_running"]
                second.send_text('{"type": "back"}')
                assert _told(second)["clock_running"]
                assert _told(first)["clock_running"]
            first.send_text('{"type": "back"}')  # already running: nothing to tell
            assert client.get(f"/api/games/{view['id']}").json()["clock_running"]


def test_an_action_on_a_game_that_cant_be_read_back_answers_the_documented_409(tmp_path: Path) -> None:
    import sqlite3

    from tests.ui.web.conforming import conforms

    client = TestClient(create_app(Store(tmp_path / "damaged.db")))  # a server of its own: nothing of the game in memory
    game = _start(client, "yukon", 5)
    assert _act(client, game, "hint").status_code == 200
    with sqlite3.connect(tmp_path / "damaged.db") as raw:
        raw.execute("UPDATE games SET steps = '[[\"t1>t7:9\"]]', position = NULL WHERE id = ?", (game["id"],))
    fresh = TestClient(create_app(Store(tmp_path / "damaged.db")))
    fresh.cookies = client.cookies
    acted = fresh.post(f"/api/games/{game['id']}/actions", json={"action": "hint", "version": game["version"]})
    assert acted.status_code == 409 and "can't be read back" in acted.json()["detail"], acted.text
    conforms("actions", 409, acted.text)
