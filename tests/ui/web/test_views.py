"""A random deal's number is not sent while it would tell the face-down cards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.app import Options, Session, Store
from cardtable.solitaire import get_variant, legal_moves
from cardtable.solver import solve
from cardtable.ui.web.players import COOKIE, verify
from cardtable.ui.web.server import create_app
from cardtable.ui.web.views import catalogue, table_view

JSON = dict[str, Any]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "web.db")


@pytest.fixture
def app(store: Store) -> FastAPI:
    return create_app(store)


def _start(client: TestClient, game: str, deal: int | None = None) -> JSON:
    response = client.post("/api/games", json={"game": game, "deal": deal})
    assert response.status_code == 201, response.text
    view: JSON = response.json()
    return view


def _numbers(value: object) -> Iterator[int]:
    """Every whole number in a JSON value, strings of digits included."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, int):
        yield value
    elif isinstance(value, str):
        yield from (int(word) for word in "".join(c if c.isdigit() else " " for c in value).split())


def _player(app: FastAPI, client: TestClient) -> str:
    player = verify(client.cookies[COOKIE], app.state.secret)
    assert player is not None
    return player


def _stored_deal(store: Store, player: str, game_id: int) -> int:
    return next(r.deal for r in store.records(player) if r.id == game_id)


def _no_trace_of(deal: int, view: JSON) -> None:
    assert deal not in set(_numbers(view))
    assert str(deal) not in json.dumps(view)


def test_a_random_klondike_deal_is_sent_without_its_number_everywhere(app: FastAPI, store: Store) -> None:
    client = TestClient(app)
    view = _start(client, "klondike")
    assert view["deal"] is None and view["random_deal"] is True
    game_id = view["id"]
    deal = _stored_deal(store, _player(app, client), game_id)
    assert deal >= 1_000_000  # drawn from the whole range, not the first million
    views = [view, client.get(f"/api/games/{game_id}").json(), client.get("/api/games/latest").json()]
    answer = client.post(f"/api/games/{game_id}/actions", json={"action": "deal", "version": 0}).json()
    views += [answer, client.post(f"/api/games/{game_id}/actions", json={"action": "deal", "version": 0}).json()]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        views.append(socket.receive_json())
    views.append(client.get("/api/stats").json())
    for sent in views:
        _no_trace_of(deal, sent)


def test_the_number_of_a_random_deal_is_shown_once_the_game_is_over(app: FastAPI, store: Store) -> None:
    client = TestClient(app)
    view = _start(client, "spider")
    client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0})
    _start(client, "klondike", 7)  # gives the spider game up
    over = client.get(f"/api/games/{view['id']}").json()
    assert over["deal"] == _stored_deal(store, _player(app, client), view["id"]) and over["random_deal"] is True
    won = Session(get_variant("klondike"), 1234567, random_deal=True)
    won.is_over = True  # as when it was won, even if undone since
    assert table_view(1, won, 0)["deal"] == 1234567


def test_chosen_deals_and_deals_with_nothing_hidden_show_their_number(app: FastAPI) -> None:
    client = TestClient(app)
    chosen = _start(client, "klondike", 7)
    assert (chosen["deal"], chosen["random_deal"]) == (7, False)
    for game in ("freecell", "bisley"):
        view = _start(client, game)
        assert isinstance(view["deal"], int) and view["random_deal"] is True


def test_the_catalogue_names_the_scoring_each_game_starts_with() -> None:
    defaults = {g["id"]: g["default_scoring"] for g in catalogue(frozenset())}
    assert defaults["klondike-vegas"] == defaults["klondike-draw3-vegas"] == "vegas"
    assert defaults["klondike"] == defaults["freecell"] == "uniform"


def test_the_settings_offer_the_timed_scoring_where_standard_applies() -> None:
    offered = {g["id"]: g["scoring"] for g in catalogue(frozenset())}
    assert offered["klondike"] == ["uniform", "standard", "timed", "vegas"]
    assert "timed" not in offered["freecell"]


def test_a_draw_choice_only_joins_games_laid_out_alike() -> None:
    offered = [game for game in catalogue(frozenset()) if game["draws"]]
    assert offered  # Klondike's draw one or three
    for game in offered:
        assert game["id"] in game["draws"].values()
        for other in game["draws"].values():
            assert get_variant(other).piles == get_variant(game["id"]).piles


def test_a_game_that_gathers_its_columns_offers_its_redeal_and_the_redeals_left() -> None:
    lucie = Session(get_variant("la-belle-lucie"), 3)
    assert table_view(1, lucie, 0)["redeal"] == {"can": True, "left": 2}
    lucie.deal()
    lucie.deal()
    assert table_view(1, lucie, 2)["redeal"] == {"can": False, "left": 0}
    cruel = Session(get_variant("cruel"), 3, Options(auto_build=False))  # (its 2♣ goes home at the deal otherwise)
    assert table_view(1, cruel, 0)["redeal"] == {"can": False, "left": None}  # nothing to gather before a move
    assert table_view(1, Session(get_variant("klondike"), 3), 0)["redeal"] is None  # its stock redeals
    for game in ("crescent", "montana"):  # no stock either: their redeals need the control too
        assert table_view(1, Session(get_variant(game), 3), 0)["redeal"] == {"can": True, "left": 2 if game == "montana" else 3}
    assert table_view(1, Session(get_variant("freecell"), 3), 0)["redeal"] is None


def test_the_layout_trait_names_fans_and_triangles() -> None:
    layouts = {g["id"]: g["layout"] for g in catalogue(frozenset())}
    assert {layouts[g] for g in ("fan", "la-belle-lucie", "cruel", "black-hole", "free-fan")} == {"fans"}
    assert layouts["tri-peaks"] == layouts["pyramid"] == "triangle" and layouts["klondike"] == "columns"


def test_an_empty_foundation_shows_the_rank_that_starts_it(app: FastAPI) -> None:
    view = _start(TestClient(app), "quadrille", 1)
    starts = [p["starts"] for p in view["piles"] if p["kind"] == "foundation"]
    assert starts == ["5"] * 4 + ["Q"] * 4 + ["6"] * 4


def test_foundations_started_by_the_deals_base_rank_say_that_rank_once_it_shows() -> None:
    # Canfield's empty foundations showed nothing, though the base dealt to the first is in sight.
    session = Session(get_variant("canfield"), 1)
    base = session.state.piles[session.variant.index_of_name("f1")][0].rank.label
    view = table_view(1, session, 0)
    assert {p["starts"] for p in view["piles"] if p["kind"] == "foundation"} == {base}
    assert {p["starts"] for p in table_view(1, Session(get_variant("klondike"), 1), 0)["piles"] if p["kind"] == "foundation"} == {"A"}


def test_a_foundation_that_takes_an_unexpected_rank_next_says_which() -> None:
    view = table_view(1, Session(get_variant("calculation"), 2), 0)
    wants = {p["name"]: p.get("wants") for p in view["piles"] if p["kind"] == "foundation"}
    assert wants == {"f1": None, "f2": "4", "f3": "6", "f4": "8"}  # A takes a 2: the rank after it, not said
    klondike = table_view(1, Session(get_variant("klondike"), 2), 0)
    assert not any("wants" in p for p in klondike["piles"])


def test_the_view_says_where_each_card_may_go_as_the_targets_route_does(app: FastAPI) -> None:
    with TestClient(app) as client:
        view = _start(client, "klondike", 7)
        for _ in range(6):
            assert view["targets"], "deal 7 has moves to make"
            for pile in view["piles"]:
                for at, card in enumerate(pile["cards"]):
                    asked = client.post(f"/api/games/{view['id']}/targets", json={"pile": pile["name"], "position": at})
                    wanted = asked.json()["targets"] if "card" in card else []
                    assert view["targets"].get(pile["name"], {}).get(str(at), []) == wanted, (pile["name"], at)
            view = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": view["version"]}).json()["view"]


@pytest.mark.parametrize("game", ["golf", "tri-peaks", "pyramid", "klondike", "clock"])
def test_the_view_names_the_cards_a_click_plays_as_the_full_screen_plays_them(game: str) -> None:
    from cardtable.app.clicks import played_by_click

    session = Session(get_variant(game), 4)
    ever: set[tuple[str, int]] = set()
    for _ in range(4):
        view = table_view(1, session, 0)
        shown = {(p, at) for p, ats in view["played_by_click"].items() for at in ats}
        state = session.state
        played = {
            (session.pile_names[p], at) for p in range(len(state.piles)) for at in range(len(state.piles[p]))
            if played_by_click(state, p, at) is not None
        }
        assert shown == played
        ever |= shown
        assert session.play(legal_moves(state)[-1]).ok
    assert bool(ever) == (game in ("golf", "tri-peaks", "clock"))  # (never in Klondike; Pyramid's deal 4 shows no King here)


def test_a_game_given_up_says_no_card_may_go_anywhere() -> None:
    session = Session(get_variant("klondike"), 7)
    assert table_view(1, session, 0)["targets"]
    session.given_up = True  # as a game left for a new one is
    assert table_view(1, session, 0)["targets"] == {}
    assert table_view(1, session, 0)["result"] == "given up"


def test_a_won_game_undone_to_look_back_still_says_it_was_won() -> None:
    session = Session(get_variant("freecell"), 1, Options(auto_build=False))
    assert table_view(1, session, 0)["result"] is None
    for move in solve(session.state).moves:
        assert session.play(move).ok
    assert table_view(1, session, 0)["result"] == "won"
    assert session.undo().ok
    view = table_view(1, session, 0)
    assert (view["won"], view["result"]) == (False, "won")  # as the statistics count it


def test_a_fresh_deal_says_what_went_home_at_the_deal_until_the_first_move() -> None:
    session = Session(get_variant("yukon"), 5)
    assert table_view(1, session, 0)["sent_home_at_the_deal"] == "A♠ and 2♠ went home at the deal (auto-build)"
    assert not table_view(1, session, 0)["can_restart"]  # (the page's Restart stays off: nothing to go back to)
    assert session.play(legal_moves(session.state)[0]).ok
    assert table_view(1, session, 1)["sent_home_at_the_deal"] == "" and table_view(1, session, 1)["can_restart"]
    assert session.restart().ok
    restarted = table_view(1, session, 2)
    assert restarted["can_undo"] and not restarted["can_restart"]  # the restart undoes; there is nothing to restart
    assert table_view(1, Session(get_variant("yukon"), 5, Options(auto_build=False)), 0)["sent_home_at_the_deal"] == ""


def test_a_given_up_game_offers_no_card_to_drag_or_click() -> None:
    session = Session(get_variant("clock"), 1)  # its turned card: the table's only move, played by a click
    assert table_view(1, session, 0)["played_by_click"]
    session.given_up = session.is_over = True
    view = table_view(1, session, 0)
    assert view["targets"] == {} and view["played_by_click"] == {}
