""""Show me" on the web: the win as tables to play back; the game itself is not moved,
and a game with face-down cards is given up (after the player agrees) when a win is shown
or it is proved lost; a search that runs out gives nothing up."""

from __future__ import annotations

from itertools import accumulate
from pathlib import Path

from fastapi.testclient import TestClient

from cardtable.app import Store
from cardtable.app.hints import describe
from cardtable.solitaire import apply, get_variant
from cardtable.solitaire.formats import parse_move
from cardtable.ui.web.server import create_app


def _client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Store(tmp_path / "web.db")))


def test_the_win_is_played_back_as_tables_and_the_game_stays_as_it_was(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "freecell", "deal": 1}).json()
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0})
    assert shown.status_code == 200, shown.text
    body = shown.json()
    frames = body["frames"]
    assert body["found"] is True and body["given_up"] is False and body["text"] == f"a win in {frames[-1]['view']['moves']} moves over {len(frames)} steps"
    assert frames[-1]["view"]["won"] and not any(f["view"]["won"] for f in frames[:-1])
    assert [f["view"]["moves"] for f in frames] == list(accumulate(1 + len(f["home"]) for f in frames))  # (the counter counts moves home)
    assert {"kind", "source", "target"} <= set(frames[0]["move"])
    state = get_variant("freecell").start(1)  # each move in words, said of the table it is played on
    for frame in frames[:3]:
        shown = frame["move"]
        move = parse_move(state.variant, f"{shown['source']}>{shown['target']}:{shown.get('count', 1)}")
        assert frame["said"] == describe(state, move)
        state = apply(state, move)
        for home in frame["home"]:
            state = apply(state, parse_move(state.variant, f"{home['source']}>{home['target']}"))
    now = client.get(f"/api/games/{game['id']}").json()
    assert now["version"] == 0 and now["moves"] == 0 and not now["won"]
    stale = client.post(f"/api/games/{game['id']}/show", json={"version": 3})
    assert stale.status_code == 409 and stale.json()["view"]["version"] == 0


def test_a_game_with_face_down_cards_is_shown_only_once_given_up(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "klondike", "deal": 3}).json()
    asked = client.post(f"/api/games/{game['id']}/show", json={"version": 0})
    assert asked.status_code == 409 and "gives it up" in asked.json()["detail"]
    assert client.get("/api/games/latest").json()["id"] == game["id"]  # nothing given up yet
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0, "give_up": True})
    assert shown.status_code == 200, shown.text
    assert shown.json()["given_up"] and shown.json()["frames"][-1]["view"]["won"]
    assert client.get("/api/games/latest").status_code == 204  # over: given up, nothing is left unfinished
    again = client.post(f"/api/games/{game['id']}/show", json={"version": 1})
    assert again.status_code == 200 and not again.json()["given_up"]  # over now: shown freely
    stats = client.get("/api/stats").json()["stats"]
    assert [(s["game"], s["played"], s["won"]) for s in stats] == [("klondike", 1, 0)]
    for action in ("deal", "hint", "undo"):  # played no further, and the page is told why
        refused = client.post(f"/api/games/{game['id']}/actions", json={"action": action, "version": 1})
        assert refused.status_code == 409 and "was given up" in refused.json()["detail"]
        assert refused.json()["view"]["given_up"] and refused.json()["view"]["moves"] == 0


def test_a_game_whose_redeals_shuffle_is_shown_only_once_given_up(tmp_path: Path) -> None:
    # The win would show where Montana's redeal puts the cards, which no player can know.
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "montana", "deal": 1}).json()
    assert game["show_gives_up"] and "redeals shuffle the cards" in game["show_gives_up_because"]
    asked = client.post(f"/api/games/{game['id']}/show", json={"version": 0})
    assert asked.status_code == 409 and "redeals shuffle the cards" in asked.json()["detail"]
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0, "give_up": True})
    assert shown.status_code == 200 and shown.json()["given_up"], shown.text
    freecell = client.post("/api/games", json={"game": "freecell", "deal": 1}).json()
    assert not freecell["show_gives_up"] and freecell["show_gives_up_because"] == ""


def test_a_deal_proved_lost_says_so_rather_than_that_no_win_was_found(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "freecell", "deal": 11982}).json()
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0})
    assert shown.status_code == 200 and not shown.json()["found"] and "can't be won from here" in shown.json()["text"]
    assert shown.json()["frames"] == []
    client.app.state.live.show_nodes = 500  # too few to prove anything
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0})
    assert shown.status_code == 200 and not shown.json()["found"] and "no win was found" in shown.json()["text"]


def test_a_deal_lost_from_the_start_says_why_only_where_every_card_lies_face_up(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "streets-and-alleys", "deal": 1}).json()
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0})
    assert shown.status_code == 200 and not shown.json()["found"]
    assert shown.json()["text"].startswith("this game can't be won from here. 10♣, 10♦, Q♠, Q♣")
    # Klondike 89 is lost because of cards that lie face down: nothing names them. The
    # question asked first says that a proof of a loss gives the game up as a win shown does.
    game = client.post("/api/games", json={"game": "klondike", "deal": 89}).json()
    assert "if it can't be won, that it can't" in game["show_gives_up_because"]
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0, "give_up": True})
    assert shown.status_code == 200 and not shown.json()["found"] and shown.json()["given_up"]
    assert shown.json()["text"] == "this game can't be won from here (the game was given up)"


def test_a_position_lost_after_moves_shows_the_win_from_the_nearest_winnable_one(tmp_path: Path) -> None:
    # Golf deal 3 can be won, but not after the stock is turned four times from the start.
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "golf", "deal": 3}).json()
    for version in range(4):
        turned = client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": version})
        assert turned.status_code == 200, turned.text
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 4, "give_up": True})
    assert shown.status_code == 200, shown.text
    body = shown.json()
    assert body["given_up"] and body["back"] == 1
    assert body["text"].startswith("a win from 1 move back, in ")
    frames = body["frames"]
    assert frames[-1]["view"]["won"] and body["text"].endswith(f", in {len(frames)} moves (none from where it stands)")
    view = client.get(f"/api/games/{game['id']}").json()
    assert view["given_up"] and not view["can_undo"] and not view["can_redo"]  # over: nothing to take back


def test_a_search_that_runs_out_gives_nothing_up(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "klondike", "deal": 3}).json()
    client.app.state.live.show_nodes = 20  # too few to find the win
    shown = client.post(f"/api/games/{game['id']}/show", json={"version": 0, "give_up": True})
    assert shown.status_code == 200 and not shown.json()["found"] and "no win was found" in shown.json()["text"]
    assert shown.json()["text"].endswith("the game goes on, not given up") and not shown.json()["view"]["given_up"]
    assert client.get("/api/games/latest").json()["id"] == game["id"]  # still being played
    assert client.get("/api/stats").json()["stats"] == []
    moved = client.post(f"/api/games/{game['id']}/actions", json={"action": "deal", "version": 0})
    assert moved.status_code == 200, moved.text


def test_the_moves_shown_sent_in_turn_win_the_game_auto_build_playing_as_shown(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = client.post("/api/games", json={"game": "freecell", "deal": 617}).json()  # auto-build on
    frames = client.post(f"/api/games/{game['id']}/show", json={"version": 0}).json()["frames"]
    assert any(frame["home"] for frame in frames)
    version = 0
    for frame in frames:
        played = client.post(f"/api/games/{game['id']}/actions", json={**frame["move"]["action"], "version": version}).json()
        assert played["ok"], played
        version = played["view"]["version"]
        assert [p["cards"] for p in played["view"]["piles"]] == [p["cards"] for p in frame["view"]["piles"]]
    assert played["view"]["won"] and played["view"]["moves"] == frames[-1]["view"]["moves"]
