"""A plan from what the player sees: it gains on the table, stops where a card turns up,
and is the same however the face-down cards lie."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.app import Effort, Session, SolvingHinter
from cardtable.app.guide import NO_WIN_SEEN, arrangement
from cardtable.app.lookahead import plan
from cardtable.solitaire import MoveKind, State, apply, get_variant, legal_moves


def _positions(game: str, count: int, seed: int) -> list[State]:
    """Positions of random play (no deal, so the face-down cards stay many)."""
    rng = random.Random(seed)
    found = []
    for deal in range(1, count + 1):
        state = get_variant(game).start(deal)
        for _ in range(rng.randrange(0, 30)):
            moves = [m for m in legal_moves(state) if m.kind is not MoveKind.DEAL] or legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
        found.append(state)
    return found


@pytest.mark.parametrize("game", ["spider-2suits", "klondike-draw3", "yukon"])
def test_a_plan_is_the_same_however_the_face_down_cards_lie(game: str) -> None:
    rng = random.Random(game)
    for state in _positions(game, 12, 5):
        planned = plan(state, 300)
        for _ in range(2):
            assert plan(arrangement(state, rng), 300) == planned


def test_a_plan_ends_where_a_card_turns_up_and_gains_on_the_table() -> None:
    for state in _positions("spider-2suits", 12, 9):
        planned = plan(state, 300)
        if planned is None:
            continue
        hidden = sum(state.hidden)
        for move in planned.moves[:-1]:  # only the last move may turn a card up
            state = apply(state, move)
            assert sum(state.hidden) == hidden
        turned = sum(apply(state, planned.moves[-1]).hidden) < hidden
        assert re.fullmatch(r"(sends \d+ cards? home|turns up a face-down card|empties a column|builds longer runs) "
                            r"(at once|in \d+ moves)", planned.gain), planned.gain
        assert ("turns up" in planned.gain) == (turned and "home" not in planned.gain)


def test_a_plan_builds_in_suit_rather_than_off_it() -> None:
    state = get_variant("spider-2suits").start(1)
    planned = plan(state, 800)
    assert planned is not None
    source, target = planned.moves[0].source, planned.moves[0].target
    assert source is not None and target is not None
    moved, below = state.piles[source][-1], state.piles[target][-1]
    assert moved.suit == below.suit, (moved, below)  # both turn a card up: the one that builds a run wins


def test_where_no_arrangement_is_won_spiders_hint_follows_a_plan() -> None:
    session = Session(get_variant("spider-2suits"), 1, hinter=SolvingHinter(Effort(nodes=50, samples=2, sample_nodes=50), seed=5))
    hint = session.hint()
    assert hint.ok and "turns up a face-down card" in hint.reason and hint.reason.endswith(f"({NO_WIN_SEEN})"), hint.reason
