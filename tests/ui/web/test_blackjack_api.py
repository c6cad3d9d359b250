"""The Thunderjack API: the player's view only, versions, and clear 4xx for bad input."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.app import Store
from cardtable.app.blackjack import BlackjackTable
from cardtable.ui.web.players import COOKIE, verify
from cardtable.ui.web.server import create_app
from cardtable.ui.web.shapes import BlackjackRefused


@pytest.fixture
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    return create_app(Store(tmp_path / "tj.db"))


@pytest.fixture
def client(app) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(app)


def send(client: TestClient, view: dict[str, Any], intent: str, value: str = "") -> Any:
    return client.post("/api/thunderjack/actions", json={"intent": intent, "value": value, "version": view["version"]})


def test_a_round_is_bet_dealt_played_and_settled_over_http(client: TestClient) -> None:
    view = client.get("/api/thunderjack").json()
    assert view["credits"] == 500 and view["round"] is None and view["actions"] == []
    view = send(client, view, "chip", "50").json()["view"]
    assert view["can_deal"] and view["version"] == 1
    answer = send(client, view, "deal").json()
    view = answer["view"]
    while view["actions"]:
        assert send(client, view, "hint").json()["message"]
        view = send(client, view, "play", "stand").json()["view"]
    assert view["round"]["over"] and view["credits"] == 500 + view["round"]["net"]
    stats = client.get("/api/thunderjack/stats").json()
    assert stats["rounds"] == 1 and [r["net"] for r in stats["history"]] == [view["round"]["net"]]
    assert stats["history"][0]["dealer"] == [c["card"] for c in view["round"]["dealer"]]  # a list, as a hand's cards
    net = view["round"]["hands"][0]["paid"] - view["round"]["hands"][0]["bet"]  # in words, as the terminal says it
    assert stats["history"][0]["hands"][0]["result"] == (f"won {net}" if net > 0 else f"lost {-net}" if net < 0 else "pushed")
    assert "/api/thunderjack/actions" in client.get("/openapi.json").json()["paths"]


def test_no_view_carries_the_shoe_or_the_hole_card_before_the_end(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(3)
    view = client.get("/api/thunderjack").json()
    player = verify(client.cookies[COOKIE], app.state.secret)
    assert player is not None
    checked = 0
    for _ in range(150):
        if view["can_fresh_stake"]:
            view = send(client, view, "stake").json()["view"]
        if not view["can_deal"]:
            view = send(client, view, "chip", "10").json()["view"]
        view = send(client, view, "deal").json()["view"]
        while view["actions"]:
            table = BlackjackTable(app.state.live.store, player)
            assert table.round is not None
            hole = table.round.dealer[1].code
            seen = [c["card"] for h in view["round"]["hands"] for c in h["cards"]] + [view["round"]["dealer"][0]["card"]]
            text = str(view)
            assert view["round"]["dealer"][1] == {"down": True} and "shoe" not in text and "seed" not in text
            assert text.count(f"'{hole}'") == seen.count(hole)
            checked += 1
            view = send(client, view, "play", rng.choice(view["actions"])).json()["view"]
    assert checked > 100


def test_a_stale_version_is_refused_with_the_current_table(client: TestClient) -> None:
    view = client.get("/api/thunderjack").json()
    assert send(client, view, "chip", "10").status_code == 200
    stale = send(client, view, "chip", "10")
    assert stale.status_code == 409 and stale.json()["view"]["seats"][1]["bet"] == 10


def test_a_chip_is_sent_as_the_number_the_table_lists_or_as_its_digits(client: TestClient) -> None:
    view = client.get("/api/thunderjack").json()
    chip = view["chips"][0]
    assert isinstance(chip, int)
    numbered = client.post("/api/thunderjack/actions", json={"intent": "chip", "value": chip, "version": view["version"]})
    assert numbered.status_code == 200 and numbered.json()["ok"], numbered.text
    view = numbered.json()["view"]
    assert send(client, view, "chip", str(chip)).json()["view"]["seats"][1]["bet"] == 2 * chip
    for value in (10.5, True, None, [chip]):
        refused = client.post("/api/thunderjack/actions", json={"intent": "chip", "value": value, "version": view["version"]})
        assert refused.status_code == 422 and refused.json()["detail"] == "value: must be text or a whole number"


def test_players_have_their_own_tables(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    view = client.get("/api/thunderjack").json()
    send(client, view, "chip", "250")
    stranger = TestClient(app)
    assert stranger.get("/api/thunderjack").json()["seats"][1]["bet"] == 0


def test_bad_intents_get_clear_messages(client: TestClient) -> None:
    view = client.get("/api/thunderjack").json()
    assert send(client, view, "chip", "lots").json()["message"] == "a chip is a number of credits, not 'lots'"
    assert send(client, view, "chip", "20").json()["message"].startswith("there is no 20 chip")
    assert send(client, view, "play", "hit").json()["message"] == "there is no round in play: place a bet and deal"
    assert send(client, view, "toggle", "top").json()["message"] == "there is no 'top' hand: right, middle or left"
    assert client.post("/api/thunderjack/actions", json={"intent": "cheat", "version": 0}).status_code == 422


def test_an_action_that_does_not_exist_is_named_so_whether_or_not_a_round_is_in_play(client: TestClient) -> None:
    view = client.get("/api/thunderjack").json()
    refused = send(client, view, "play", "jump").json()["message"]
    assert refused == "there is no action 'jump'; the actions are hit, stand, double, split, surrender"


def test_a_chip_with_spaces_around_it_is_the_chip_sent_the_same_as_the_hand_it_goes_on(client: TestClient) -> None:
    view = client.get("/api/thunderjack").json()
    view = send(client, view, "toggle", " Middle ").json()["view"]
    answer = send(client, view, "chip", " 50 ").json()
    assert answer["ok"] and answer["view"]["seats"][1]["bet"] == 50


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(
    st.dictionaries(st.sampled_from(["intent", "value", "version"]),
                    st.one_of(st.text(max_size=20), st.integers(), st.none(), st.booleans()), max_size=3),
    st.text(max_size=30),
))
def test_nothing_a_client_sends_gets_a_500(client: TestClient, body: Any) -> None:
    answer = client.post("/api/thunderjack/actions", json=body)
    assert answer.status_code < 500


def test_a_save_that_loses_a_race_is_a_409_with_the_stored_table(app, client: TestClient, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardtable.ui.web import blackjack_api

    view = client.get("/api/thunderjack").json()
    player = verify(client.cookies[COOKIE], app.state.secret)
    assert player is not None
    loaded = blackjack_api._table

    def raced(request: Any, who: str) -> BlackjackTable:
        table = loaded(request, who)  # another process saves between this load and the save
        assert BlackjackTable(app.state.live.store, who).chip(250).ok
        return table

    monkeypatch.setattr(blackjack_api, "_table", raced)
    answer = send(client, view, "chip", "10")
    monkeypatch.undo()
    assert answer.status_code == 409 and answer.json()["view"]["seats"][1]["bet"] == 250
    assert answer.json()["view"] == client.get("/api/thunderjack").json()


def test_a_damaged_table_is_kept_aside_on_request_and_a_new_one_opened(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    view = client.get("/api/thunderjack").json()
    send(client, view, "chip", "50")
    player = verify(client.cookies[COOKIE], app.state.secret)
    refused = client.post("/api/thunderjack/new-table")
    assert refused.status_code == 409 and "your saved table reads back" in refused.json()["detail"]  # never set aside
    assert player not in refused.text  # (the cookie's name for the player is nothing to show)
    store: Store = app.state.live.store
    assert store.table_state(player) is not None
    with sqlite3.connect(store.path) as raw:
        raw.execute("UPDATE blackjack_tables SET state = '{not json'")
    damaged = client.get("/api/thunderjack")
    assert damaged.status_code == 409 and "can't be read back" in damaged.json()["detail"]
    acted = client.post("/api/thunderjack/actions", json={"intent": "hint", "version": 1})
    assert acted.status_code == 409 and "can't be read back" in acted.json()["detail"]
    BlackjackRefused.model_validate_json(acted.text, strict=True)  # the 409 documented for the route: no table to carry
    renewed = client.post("/api/thunderjack/new-table")
    assert renewed.status_code == 200, renewed.text
    body = renewed.json()
    assert body["ok"] and "kept aside in the database" in body["message"] and player not in body["message"]
    assert body["view"]["credits"] == 500 and body["view"]["version"] == 0
    assert client.get("/api/thunderjack").status_code == 200
    with sqlite3.connect(store.path) as raw:
        kept = raw.execute("SELECT state FROM blackjack_tables WHERE player LIKE ?", (f"{player} (set aside %",)).fetchall()
    assert kept == [("{not json",)]  # the damaged record, untouched


def test_a_new_player_asking_for_a_new_table_gets_the_refusal_and_a_cookie(app) -> None:  # type: ignore[no-untyped-def]
    fresh = TestClient(app)
    refused = fresh.post("/api/thunderjack/new-table")
    assert refused.status_code == 409 and COOKIE in refused.cookies
