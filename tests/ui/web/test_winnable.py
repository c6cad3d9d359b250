"""The "still winnable?" indicator on the web: the setting, the WebSocket message, the
route to poll, and a deal known to be lost said so when chosen by number."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.app import Store
from cardtable.app.service import today
from cardtable.app.solved import SolvedDeals
from cardtable.app.standing import SETTING_TEXT, Indicator
from cardtable.solver.batch import DealResult
from cardtable.solver.search import Outcome
from cardtable.solitaire import get_variant
from tests.app.racing import saved_after_first_read


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    served = create_app_quick(tmp_path / "web.db")
    return served


def create_app_quick(path: Path) -> FastAPI:
    from cardtable.ui.web.server import create_app

    app = create_app(Store(path))
    app.state.live.indicator = Indicator(nodes=5_000, seconds=float("inf"), known=app.state.live.indicator.known)
    return app


def _poll(client: TestClient, game_id: int) -> dict[str, Any]:
    for _ in range(600):
        answer = client.get(f"/api/games/{game_id}/winnable")
        assert answer.status_code == 200, answer.text
        if answer.json()["standing"] != "pending":
            return dict(answer.json())
        time.sleep(0.05)
    raise AssertionError("no verdict")


def test_the_setting_is_off_until_turned_on_and_says_what_it_uses(app: FastAPI) -> None:
    client = TestClient(app)
    assert client.get("/api/settings").json() == {"winnable": False, "winnable_text": SETTING_TEXT}
    assert "face-down cards included" in SETTING_TEXT
    game = client.post("/api/games", json={"game": "freecell", "deal": 1}).json()
    off = client.get(f"/api/games/{game['id']}/winnable")
    assert off.status_code == 409 and "off" in off.json()["detail"]
    assert client.post("/api/settings", json={"winnable": True}).json()["winnable"] is True
    assert client.get("/api/settings").json()["winnable"] is True
    assert _poll(client, game["id"]) == {"id": game["id"], "version": 0, "standing": "winnable", "undo": None,
                                         "text": "winnable", "answer": "yes"}


def test_each_view_on_the_socket_is_followed_by_its_verdict(app: FastAPI) -> None:
    client = TestClient(app)
    client.post("/api/settings", json={"winnable": True})
    game = client.post("/api/games", json={"game": "freecell-1-cell", "deal": 2, "options": {"auto_build": False}}).json()
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as socket:
        assert socket.receive_json()["type"] == "view"
        first = socket.receive_json()
        assert first["type"] == "winnable" and first["standing"] == "winnable" and first["version"] == 0
        version = 0
        for source, target in (("t1", "c1"), ("c1", "f1"), ("t2", "c1")):  # the third move loses the game
            moved = client.post(f"/api/games/{game['id']}/actions", json={
                "action": "move", "version": version, "pile": source, "position": -1, "target": target})
            assert moved.json()["ok"], moved.text
            version += 1
            messages = [socket.receive_json(), socket.receive_json()]
            assert [m["type"] for m in messages] == ["view", "winnable"]
        verdict = messages[1]
        assert verdict["version"] == 3 and verdict["standing"] == "lost" and verdict["undo"] == 1
        assert verdict["text"] == "can't be won from here: undo 1 move to get back to a winnable position"


def test_an_unknown_verdict_is_followed_by_a_longer_searchs_once_the_table_rests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.app import standing
    from cardtable.ui.web import live

    monkeypatch.setattr(live, "LONGER_AFTER", 0.2)  # the table's rest, and the server's (no verdict asked meanwhile)
    monkeypatch.setattr(standing, "LONGER_AFTER", 0.2)
    app = create_app_quick(tmp_path / "l.db")
    app.state.live.indicator = Indicator(nodes=20_000, seconds=float("inf"))  # 11982's proof needs some 110,000
    client = TestClient(app)
    client.post("/api/settings", json={"winnable": True})
    game = client.post("/api/games", json={"game": "freecell", "deal": 11982}).json()
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as socket:
        assert socket.receive_json()["type"] == "view"
        first, then = socket.receive_json(), socket.receive_json()
        assert (first["type"], first["standing"], first["version"]) == ("winnable", "unknown", 0)
        assert (then["type"], then["standing"], then["version"]) == ("winnable", "lost", 0)
        moved = client.post(f"/api/games/{game['id']}/actions", json={
            "action": "move", "version": 0, "pile": "t1", "position": -1, "target": "c1"})
        assert moved.json()["ok"], moved.text
        view, verdict = socket.receive_json(), socket.receive_json()
        assert view["type"] == "view" and (verdict["standing"], verdict["version"]) == ("lost", 1)  # lost before: lost now


def test_a_move_made_before_the_table_rests_gets_no_longer_verdict_for_the_table_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.app import standing
    from cardtable.ui.web import live

    monkeypatch.setattr(live, "LONGER_AFTER", 1.0)
    monkeypatch.setattr(standing, "LONGER_AFTER", 0.0)  # (the server at rest at once: only the table's rest counts)
    app = create_app_quick(tmp_path / "m.db")
    app.state.live.indicator = Indicator(nodes=20_000, seconds=float("inf"))
    client = TestClient(app)
    client.post("/api/settings", json={"winnable": True})
    game = client.post("/api/games", json={"game": "freecell", "deal": 11982}).json()
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as socket:
        assert socket.receive_json()["type"] == "view"
        assert socket.receive_json()["standing"] == "unknown"
        moved = client.post(f"/api/games/{game['id']}/actions", json={  # within the second the table would rest
            "action": "move", "version": 0, "pile": "t1", "position": -1, "target": "c1"})
        assert moved.json()["ok"], moved.text
        view, verdict = socket.receive_json(), socket.receive_json()
        assert view["type"] == "view" and (verdict["standing"], verdict["version"]) == ("unknown", 1)
        later = socket.receive_json()  # the new table's longer search, once it rests: none for the table before
        assert (later["standing"], later["version"]) == ("lost", 1)


def test_a_deal_proved_lost_says_so_when_chosen_by_number(tmp_path: Path) -> None:
    path = tmp_path / "web.db"
    known = SolvedDeals(path)
    known.record([DealResult("freecell", 11982, Outcome.UNWINNABLE, 0, 71775, 0.9, False, "")])
    known.close()
    client = TestClient(create_app_quick(path))
    client.post("/api/settings", json={"winnable": True})
    game = client.post("/api/games", json={"game": "freecell", "deal": 11982}).json()
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as socket:
        socket.receive_json()
        verdict = socket.receive_json()
    assert verdict["standing"] == "lost" and verdict["text"] == "can't be won from here"


def test_with_the_setting_off_the_socket_sends_views_only(app: FastAPI) -> None:
    client = TestClient(app)
    game = client.post("/api/games", json={"game": "freecell", "deal": 1}).json()
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as socket:
        assert socket.receive_json()["type"] == "view"
        client.post(f"/api/games/{game['id']}/actions", json={"action": "hint", "version": 0})
        moved = client.post(f"/api/games/{game['id']}/actions",
                            json={"action": "move", "version": 0, "pile": "t1", "position": -1, "target": "c1"})
        assert moved.json()["ok"]
        assert socket.receive_json()["type"] == "view"


def test_a_winnable_deal_and_the_daily_deal_are_dealt_and_counted(app: FastAPI) -> None:
    from cardtable.app.deals import DealBook

    live = app.state.live
    live.deals = DealBook(live.store, nodes=5_000, searcher=live.waited)  # solved off the server's process
    client = TestClient(app)
    winnable = client.post("/api/games", json={"game": "freecell", "pick": "winnable"})
    assert winnable.status_code == 201, winnable.text
    assert winnable.json()["deal"] in app.state.live.deals.catalogue(get_variant("freecell"))
    assert not winnable.json()["daily"] and winnable.json()["winnable"]  # the page calls it a winnable deal
    played = {"action": "play", "version": 0, "pile": "t1", "position": -1}
    assert client.post(f"/api/games/{winnable.json()['id']}/actions", json=played).json()["ok"]
    live._warm.clear()  # read back from the store
    assert client.get(f"/api/games/{winnable.json()['id']}").json()["winnable"]
    daily = client.post("/api/games", json={"game": "freecell", "pick": "daily"}).json()
    moved = client.post(f"/api/games/{daily['id']}/actions", json=played).json()
    assert moved["ok"]
    kept = client.post("/api/games", json={"game": "freecell", "pick": "daily", "leaving": {"game_id": daily["id"], "version": 1}})
    assert kept.status_code == 201 and kept.json()["id"] == daily["id"]  # still in play: given back, nothing given up
    assert (kept.json()["moves"], kept.json()["version"], kept.json()["daily_day"]) == (moved["view"]["moves"], 1, str(today()))
    assert client.post("/api/games", json={"game": "freecell", "deal": 5}).status_code == 201  # the daily given up
    again = client.post("/api/games", json={"game": "freecell", "pick": "daily"}).json()
    assert daily["daily"] and daily["deal"] == again["deal"]
    assert not again["daily"]  # begun already: the day's line counts the first try only
    assert daily["winnable"] and again["winnable"]  # the day's deal is proved winnable too
    hidden = client.post("/api/games", json={"game": "klondike", "pick": "daily"}).json()
    assert hidden["daily"] and hidden["deal"] is None  # it would tell the face-down cards
    assert [p["cards"] for p in daily["piles"]] == [p["cards"] for p in again["piles"]]  # one deal a day
    both = client.post("/api/games", json={"game": "freecell", "deal": 5, "pick": "daily"})
    assert both.status_code == 422 and "not both" in both.json()["detail"]
    stats = client.get("/api/stats").json()["stats"]
    assert {(s["game"], s["daily"]) for s in stats} == {("freecell", False), ("freecell", True)}
    assert [s["played"] for s in stats] == [1, 1]  # each given up after a move (deal 5 and the replay had none)
    # Klondike's day, begun and given up, then asked for again: an ordinary game, its number shown.
    begun = client.post(f"/api/games/{hidden['id']}/actions", json={"action": "deal", "version": 0}).json()
    assert begun["ok"]
    assert client.post("/api/games", json={"game": "freecell", "deal": 6}).status_code == 201  # that one given up
    shown = client.post("/api/games", json={"game": "klondike", "pick": "daily"}).json()
    assert not shown["daily"] and shown["deal"] is not None  # its number, seen as the day's game ended
    assert [p["cards"] for p in hidden["piles"]] == [p["cards"] for p in shown["piles"]]


def test_the_days_game_given_back_as_another_process_saves_it_comes_with_that_saves_version(
    app: FastAPI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.app.deals import DealBook

    live = app.state.live
    live.deals = DealBook(live.store, nodes=5_000, searcher=live.waited)
    client = TestClient(app)
    daily = client.post("/api/games", json={"game": "freecell", "pick": "daily"}).json()
    player = client.cookies["cardtable_player"].rpartition(".")[0]
    there = Store(tmp_path / "web.db")  # another server process on the same file
    moved = there.load(player, daily["id"])
    assert moved.play_card("t1").ok
    live._warm.clear()  # not in this process's memory: read from the store
    saved_after_first_read(live.store, monkeypatch, lambda: there.save(player, moved, daily["id"], expected=0))
    again = client.post("/api/games", json={"game": "freecell", "pick": "daily"})
    assert again.status_code == 201 and again.json()["id"] == daily["id"]
    # The table shown is the one saved at the version the page will act on.
    assert (again.json()["moves"], again.json()["version"]) in {(0, 0), (moved.move_count, 1)}
    played = {"action": "undo", "version": again.json()["version"]}
    if again.json()["version"] == 1:
        assert client.post(f"/api/games/{daily['id']}/actions", json=played).json()["ok"]


def test_new_winnable_deals_go_through_the_list_before_any_comes_again(app: FastAPI) -> None:
    from cardtable.app.deals import shipped

    client = TestClient(app)
    listed = set(shipped()["crescent"])  # every card face up: the page is told the deal
    dealt = [client.post("/api/games", json={"game": "crescent", "pick": "winnable"}).json()["deal"] for _ in listed]
    assert sorted(dealt) == sorted(listed)


def test_a_game_with_no_deal_proved_winnable_says_so_and_gives_nothing_up(app: FastAPI) -> None:
    from cardtable.app.deals import DealBook

    app.state.live.deals = DealBook(app.state.live.store, nodes=16, tries=1, daily_tries=1)
    client = TestClient(app)
    game = client.post("/api/games", json={"game": "chameleon", "deal": 3}).json()
    client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})
    refused = client.post("/api/games", json={"game": "chameleon", "pick": "winnable"})
    assert refused.status_code == 409 and "can't yet prove its deals winnable" in refused.json()["detail"]
    assert client.get("/api/games/latest").json()["id"] == game["id"]  # still in play


def test_a_lost_game_with_every_card_face_up_says_why(app: FastAPI) -> None:
    client = TestClient(app)
    client.post("/api/settings", json={"winnable": True})
    game = client.post("/api/games", json={"game": "streets-and-alleys", "deal": 1}).json()
    verdict = _poll(client, game["id"])
    assert verdict["standing"] == "lost"
    assert verdict["text"].startswith("can't be won from here. 10♣, 10♦, Q♠, Q♣, 10♥, 3♦, Q♥ and Q♦")


def test_a_deal_from_the_published_list_is_dealt_by_its_number(app: FastAPI) -> None:
    """The shipped list of winnable deals is public, with each deal's win: a deal dealt
    from it with its number hidden could still be found from its opening cards, face-down
    ones and all, so its number is shown, as a chosen deal's is."""
    from cardtable.app.deals import shipped

    client = TestClient(app)
    for pick in ("winnable", "daily"):
        game = client.post("/api/games", json={"game": "spider", "pick": pick}).json()
        assert game["deal"] in shipped()["spider"], pick


def test_a_winnable_deal_searched_for_starts_among_as_many_numbers_as_a_random_deal(app: FastAPI) -> None:
    """Searched for from fewer (2^31), a table of every opening would tell the face-down
    cards of the deal found from the cards showing."""
    import random

    from cardtable.app.deals import DealBook

    book = DealBook(app.state.live.store, nodes=5_000)
    found = [book.winnable(get_variant("klondike"), random.Random(seed)) for seed in range(3)]
    assert all(deal >= 1 << 31 for deal in found), found


def test_a_game_given_up_gets_no_verdict_and_no_undo_advice(app: FastAPI) -> None:
    # Undo is refused on a game given up, so "undo 2 moves" would send the player nowhere.
    client = TestClient(app)
    client.post("/api/settings", json={"winnable": True})
    game = client.post("/api/games", json={"game": "klondike", "deal": 3}).json()
    assert _poll(client, game["id"])["standing"] == "winnable"
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0, "give_up": True})
    assert shown.json()["given_up"], shown.text
    asked = client.get(f"/api/games/{game['id']}/winnable")
    assert asked.status_code == 409 and "given up" in asked.json()["detail"]


def test_a_game_won_gets_no_verdict(app: FastAPI) -> None:
    client = TestClient(app)
    client.post("/api/settings", json={"winnable": True})
    view = client.post("/api/games", json={"game": "freecell", "deal": 1, "options": {"auto_build": False}}).json()
    frames = client.post(f"/api/games/{view['id']}/show", json={"version": 0}).json()["frames"]
    for frame in frames:  # the win shown, played move by move
        played = client.post(f"/api/games/{view['id']}/actions", json={**frame["move"]["action"], "version": view["version"]})
        assert played.json()["ok"], played.text
        view = played.json()["view"]
        if view["won"]:
            break
    assert view["won"]
    asked = client.get(f"/api/games/{view['id']}/winnable")
    assert asked.status_code == 409 and asked.json()["detail"] == f"game {view['id']} is won: there is nothing left to win"


def test_the_socket_of_a_game_given_up_sends_its_view_and_no_verdict(tmp_path: Path) -> None:
    import httpx
    from websockets.sync.client import connect

    from tests.ui.web.serving import serving

    for address in serving(create_app_quick(tmp_path / "web.db")):  # (the server stops after the one pass)
        with httpx.Client(base_url=address, headers={"Origin": address}) as client:
            client.post("/api/settings", json={"winnable": True})
            given = client.post("/api/games", json={"game": "klondike", "deal": 3}).json()
            assert client.post(f"/api/games/{given['id']}/show", json={"version": 0, "give_up": True}).json()["given_up"]
            kept = client.post("/api/games", json={"game": "klondike", "deal": 3}).json()
            headers = {"Origin": address, "Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items())}
        url = f"ws{address.removeprefix('http')}/api/games/{{}}/ws"
        with connect(url.format(given["id"]), additional_headers=headers) as ended, \
                connect(url.format(kept["id"]), additional_headers=headers) as playing:
            assert [orjson.loads(s.recv(timeout=10))["type"] for s in (ended, playing)] == ["view", "view"]
            assert orjson.loads(playing.recv(timeout=30))["type"] == "winnable"  # the same deal, in play
            with pytest.raises(TimeoutError):
                ended.recv(timeout=2)
