"""Nothing the server sends names a card the player cannot see.

Random play of every game through the API (each answer also checked against the
published schema), with the table followed on a WebSocket and
the "still winnable?" indicator on: every reply (table views, failed moves' reasons,
hints, events, stale-version refusals, ``targets``, verdicts) and every socket message
(views and verdicts) is checked against the game as stored, which
holds the true identity of every face-down card.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.app import Effort, History, Store
from cardtable.cards import Card
from cardtable.app.standing import Indicator
from cardtable.solitaire import Move, MoveKind, State, Variant, apply, get_variant, legal_moves, variants
from cardtable.solitaire.observe import remembered
from cardtable.ui.web.players import COOKIE, verify
from cardtable.ui.web.server import create_app
from cardtable.ui.web.shapes import TableOut
from cardtable.ui.web.views import outcome_view, table_view
from tests.ui.web.conforming import conforms

JSON = dict[str, Any]

ACTIONS_PER_GAME = 240
"""Requests per game (24,000 over the hundred games, a few seconds a game)."""

QUICK = Effort(nodes=400, seconds=30.0, samples=3, sample_nodes=300, sample_seconds=30.0, plan_nodes=100)
"""A hint's search, small: the same answers for any arrangement of the unseen cards are
asked of it many times over. Its plan too: at 800 positions, laying out twelve thousand,
Lucas's plans took two and a half minutes of this file's run."""

MENTION = re.compile(r"(?<![A-Za-z0-9])(?:([A2-9TJQK])([CDHS])|(10|[A2-9JQK])([♣♦♥♠]))(?![A-Za-z0-9])")
"""A card named anywhere in a text, as a code (``TH``) or with its suit symbol (``10♥``)."""


def mentions(text: str) -> set[str]:
    """The cards a text names, as codes.

    >>> sorted(mentions('{"card": "TH"} "7♥ can\\'t go on 10♠" t3 f1'))
    ['7H', 'TH', 'TS']
    """
    found = set()
    for code_rank, code_suit, label, symbol in MENTION.findall(text):
        if code_rank:
            found.add(code_rank + code_suit)
        else:
            found.add(("T" if label == "10" else label) + "CDHS"["♣♦♥♠".index(symbol)])
    return found


def face_up(state: State) -> set[str]:
    """The cards a player sees (a card shown in one copy may lie face down in another)."""
    return {c.code for i, pile in enumerate(state.piles) for n, c in enumerate(pile) if n >= state.hidden[i]}


def face_down(state: State) -> set[str]:
    """The cards lying face down, the stock's included."""
    return {c.code for i, pile in enumerate(state.piles) for c in pile[: state.hidden[i]]}


def check_view(view: JSON, state: State) -> None:
    """The view shows exactly the face-up cards, each face-down card as a bare back, and
    marks out-of-order cards only where both cards are face up."""
    for pile, cards, hidden in zip(view["piles"], state.piles, state.hidden):
        assert pile["cards"] == [{"down": True} if n < hidden else {"card": c.code} for n, c in enumerate(cards)]
    names = state.variant.tables.names
    for name, positions in view["violations"].items():
        assert all(p - 1 >= state.hidden[names.index(name)] for p in positions)


def check_reply(reply: JSON, before: State, after: State, states: dict[int, State]) -> None:
    """No card in the reply beyond those face up before or after the request; every view
    in it true to the table of its version."""
    for view in (reply, reply.get("view")):
        if isinstance(view, dict) and "piles" in view:
            check_view(view, states[view["version"]])
    text = json.dumps(reply, ensure_ascii=False)
    seen = face_up(before) | face_up(after)
    assert mentions(text) <= seen, (mentions(text) - seen, text[:500])
    for card in (face_down(before) | face_down(after)) - seen:
        assert card not in text


def check_frames(reply: JSON, start: State) -> None:
    """Each table of a "show me" playback is true to the position its moves lead to from
    ``start`` (the game's true table), face-down cards as bare backs."""
    names = start.variant.tables.names
    state = start
    for frame in reply["frames"]:
        for step in (frame["move"], *frame["home"]):  # the move, and the moves home auto-build sent after it
            source = names.index(step["source"]) if "source" in step else None
            target = names.index(step["target"]) if "target" in step else None
            state = apply(state, Move(MoveKind(step["kind"]), source, target, step.get("count", 1)))
        check_view(frame["view"], state)


def _request(rng: random.Random, state: State, version: int) -> tuple[str, JSON]:
    """A random request on the table: often a legal move, often a wrong or pointless one,
    sometimes on a face-down card, sometimes on a stale version."""
    names = state.variant.tables.names
    roll = rng.random()
    moves = legal_moves(state)
    if rng.random() < 0.04:
        version = version + 1 if version == 0 or rng.random() < 0.3 else rng.randrange(version)
    body: JSON = {"version": version}
    if roll < 0.45 and moves:
        move = rng.choice(moves)
        if move.kind is MoveKind.MOVE and move.source is not None and move.target is not None:
            action = rng.choice(["move", "card_onto_card"])
            return "actions", {**body, "action": action, "pile": names[move.source], "position": -move.count,
                               "target": names[move.target]}
        if move.kind is MoveKind.PAIR and move.source is not None:
            return "actions", {**body, "action": "play", "pile": names[move.source], "position": -1}
        return "actions", {**body, "action": "deal"}
    pile = rng.randrange(len(names))
    size = len(state.piles[pile])
    card = {"pile": names[pile], "position": rng.randrange(size) if size else -1}
    if roll < 0.62:
        return "actions", {**body, **card, "action": rng.choice(["play", "to_foundation"])}
    if roll < 0.72:
        return "actions", {**body, **card, "action": "move", "target": rng.choice(names)}
    if roll < 0.82:
        return "targets", card
    if roll < 0.85:
        return "winnable", {}
    if roll < 0.86:
        return "show", {**body, "give_up": rng.random() < 0.5}
    action = rng.choice(["hint", "hint", "undo", "undo", "redo", "redo_all", "restart", "auto_finish", "deal", "deal"])
    return "actions", {**body, "action": action}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[FastAPI, Store]]:
    """The application, and a second connection to its database to read the truth from."""
    path = tmp_path / "web.db"
    truth = Store(path)
    app = create_app(Store(path))
    indicator = Indicator(nodes=300, seconds=float("inf"))  # small: a verdict after every move
    indicator.verdict(History.begin(variants()[0].start(1)))  # the search compiled before the first game, not during it
    app.state.live.indicator = indicator
    app.state.live.show_nodes = 3_000
    app.state.live.hint_effort = QUICK  # the hint's search in small, as the indicator's
    yield app, truth
    truth.close()


def _play(app: FastAPI, truth: Store, variant: Variant, rng: random.Random) -> None:
    """Random play of one game, every reply and socket message checked (on one event
    loop, as a server runs: a client outside ``with`` starts a thread and a loop per request)."""
    with TestClient(app) as client:
        _play_on(client, app, truth, variant, rng)


def _play_on(client: TestClient, app: FastAPI, truth: Store, variant: Variant, rng: random.Random) -> None:
    numbers = variant.deal.deal_numbers
    created = client.post("/api/games", json={"game": variant.id, "deal": numbers.start + rng.randrange(10_000)})
    assert created.status_code == 201, created.text
    conforms("create", 201, created.text)
    game_id = created.json()["id"]
    player = verify(client.cookies[COOKIE], app.state.secret)
    assert player is not None
    state = truth.load(player, game_id).state
    states = {0: state}
    verdicts = 0
    check_reply(created.json(), state, state, states)
    assert client.post("/api/settings", json={"winnable": True}).status_code == 200
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        shown = socket.receive_json()["view"]
        check_reply(shown, state, state, states)
        for _ in range(ACTIONS_PER_GAME):
            version = truth.version(player, game_id)
            kind, body = _request(rng, state, version)
            if kind == "winnable":
                answer = client.get(f"/api/games/{game_id}/winnable")
            else:
                answer = client.post(f"/api/games/{game_id}/{kind}", json=body)
            assert answer.status_code in (200, 409, 422), answer.text
            conforms(kind, answer.status_code, answer.text)  # and what the schema says, in every game
            after_version = truth.version(player, game_id)
            after = truth.load(player, game_id).state if after_version != version else state
            states[after_version] = after
            if kind == "show" and answer.status_code == 200:
                game = truth.load(player, game_id)  # a win shown from further back starts there
                check_frames(answer.json(), game.history.state_at(game.history.at - answer.json()["back"]))
                answer_json = {k: v for k, v in answer.json().items() if k != "frames"}
            else:
                answer_json = answer.json()
            check_reply(answer_json, state, after, states)
            while shown["version"] != after_version:  # the socket may skip versions, never the last
                message = socket.receive_json()
                if message["type"] == "winnable":  # a verdict on a version already shown
                    check_reply(message, states[message["version"]], states[message["version"]], states)
                    verdicts += 1
                    continue
                shown = message["view"]
                TableOut.model_validate(shown, strict=False)  # the socket's views are the API's
                check_reply(shown, states[shown["version"]], states[shown["version"]], states)
            state = after
    assert verdicts > 0


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_no_reply_or_socket_message_names_a_face_down_card(served: tuple[FastAPI, Store], variant: Variant) -> None:
    app, truth = served
    _play(app, truth, variant, random.Random(f"2024 {variant.id}"))


@pytest.mark.parametrize("game, deal", [("klondike", 3), ("freecell", 1)])
def test_show_me_frames_show_no_face_down_card(served: tuple[FastAPI, Store], game: str, deal: int) -> None:
    app, truth = served
    client = TestClient(app)
    created = client.post("/api/games", json={"game": game, "deal": deal}).json()
    player = verify(client.cookies[COOKIE], app.state.secret)
    assert player is not None
    start = truth.load(player, created["id"]).state
    shown = client.post(f"/api/games/{created['id']}/show", json={"version": 0, "give_up": True})
    assert shown.status_code == 200, shown.text
    check_frames(shown.json(), start)
    assert shown.json()["frames"][-1]["view"]["won"]


def test_the_check_itself_catches_a_named_face_down_card() -> None:
    from cardtable.app import Session

    session = Session(variants()[0], 7)
    state = session.state
    hidden = sorted(face_down(state) - face_up(state))[0]
    states = {0: state}
    reply: JSON = {"ok": False, "reason": f"{hidden} can't go there", "view": None}
    with pytest.raises(AssertionError):
        check_reply(reply, state, state, states)
    symbol = hidden.replace("T", "10")[:-1] + "♣♦♥♠"["CDHS".index(hidden[-1])]
    with pytest.raises(AssertionError):
        check_reply({"reason": f"{symbol} can't go there"}, state, state, states)


def _rearranged(state: State, rng: random.Random, known: frozenset[Card] = frozenset()) -> State:
    """The same table with the face-down cards the player has not seen (all but
    ``known``) shuffled among their places."""
    down = [c for pile, hidden in zip(state.piles, state.hidden) for c in pile[:hidden] if c not in known]
    rng.shuffle(down)
    cards = iter(down)
    piles = tuple(
        tuple(c if c in known else next(cards) for c in pile[:hidden]) + pile[hidden:]
        for pile, hidden in zip(state.piles, state.hidden)
    )
    return dataclasses.replace(state, piles=piles)


def _everything_shown(state: State, history: History | None = None) -> str:
    """All a player is told about a position (reached through ``history``, if given): the
    view with every flag, the hint, and where each top card may go."""
    from cardtable.app import Session, SolvingHinter

    history = history or History.begin(state)
    session = Session(state.variant, 1, history=history, hinter=SolvingHinter(QUICK))
    names = state.variant.tables.names
    return json.dumps({
        "view": table_view(1, session, 0),
        "hint": outcome_view(session.hint(), session),
        "targets": {name: session.targets(name, -1) for name in names},
    })


@pytest.mark.parametrize("variant", [v for v in variants() if v.traits.hidden_cards], ids=lambda v: v.id)
def test_no_flag_or_answer_depends_on_how_the_face_down_cards_lie(variant: Variant) -> None:
    """Positions from random play, each shown again with the face-down cards the player
    has not seen rearranged: the player must be told exactly the same (the stuck flag
    included). A stock turned over from the waste was seen, so it keeps its order."""
    rng = random.Random(variant.id)
    checked = 0
    deal = 0
    while deal < 4 or (checked < 30 and deal < 40):  # four deals, more where games end fast (Russian Solitaire)
        deal += 1
        state = variant.start(deal)
        states = [state]
        for depth in range(160):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves), trusted=True)
            states.append(state)
            if depth % 8 and legal_moves(state):
                continue
            shown = _everything_shown(state)
            known = remembered(states)
            for _ in range(2):
                assert _everything_shown(_rearranged(state, rng, known)) == shown, (variant.id, deal, depth)
            checked += 1
    assert checked >= 30


def _played(start: State, moves: list[Move]) -> History:
    history = History.begin(start)
    for move in moves:
        history = history.push((move,), apply(history.state, move))
    return history


@pytest.mark.parametrize("game", ["klondike", "klondike-draw3", "pyramid", "spider-2suits"])
def test_what_the_player_saw_may_count_and_nothing_never_seen(game: str) -> None:
    """Hints know the cards a player saw on the way (the stock after a pass, say), so here
    the position comes with the game that reached it: the cards never seen, swapped about
    from the deal on and the same moves played, must change nothing the player is told.
    They are swapped by place, not by name, since two decks hold twins of a card."""
    variant = get_variant(game)
    rng = random.Random(game)
    for deal in range(1, 5):
        start = variant.start(deal)
        moves: list[Move] = []
        state = start
        for _ in range(120):
            choices = legal_moves(state)
            if not choices:
                break
            deals = [m for m in choices if m.kind in (MoveKind.DEAL, MoveKind.REDEAL)]
            moves.append(rng.choice(deals if deals and rng.random() < 0.4 else choices))
            state = apply(state, moves[-1])
        history = _played(start, moves)
        # The places never turned up: below the fewest face-down cards each pile held.
        lowest = [min(s.hidden[p] for s in history.reached()) for p in range(len(start.piles))]
        places = [(p, i) for p, low in enumerate(lowest) for i in range(low)]
        if len(places) < 2:
            continue
        moved = dict(zip(places, rng.sample([start.piles[p][i] for p, i in places], len(places))))

        def swapped(piles: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
            return tuple(tuple(moved.get((p, i), c) for i, c in enumerate(pile)) for p, pile in enumerate(piles))

        again = _played(dataclasses.replace(start, piles=swapped(start.piles)), moves)
        assert again.state.piles == swapped(state.piles)
        assert _everything_shown(again.state, again) == _everything_shown(state, history), (game, deal)
