"""Step texts: the same JSON as encoding every step afresh, whatever the history did."""

from __future__ import annotations

import json
import random

from cardtable.app.history import History
from cardtable.app.step_texts import StepTexts
from cardtable.solitaire import apply, get_variant, legal_moves
from cardtable.solitaire.formats import format_move
from tests.app.wandering import wander


def _fresh(history: History) -> str:
    variant = history.state.variant
    return json.dumps([[format_move(variant, m) for m in step] for step in history.steps])


def test_texts_follow_moves_undos_and_branches_exactly() -> None:
    rng = random.Random(5)
    history = History.begin(get_variant("freecell").start(11))
    texts = StepTexts()
    for history in wander(history, rng, 300, undo=0.2, redo=0.05):
        assert texts.encode("game", history.state.variant, history.steps) == _fresh(history)


def test_games_are_kept_apart_and_the_oldest_forgotten() -> None:
    start = get_variant("klondike").start(2)
    move = legal_moves(start)[0]
    one = History.begin(start).push((move,), apply(start, move))
    texts = StepTexts(size=2)
    texts.encode("a", start.variant, one.steps)
    texts.encode("b", start.variant, ())
    texts.encode("c", start.variant, one.steps)
    assert texts.encode("b", start.variant, one.steps) == _fresh(one)
    assert list(texts._kept) == ["c", "b"]
