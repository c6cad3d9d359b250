"""The saved form of a game's steps, encoded a step at a time.

A save writes every step of the game as JSON (a list of move-text lists). Encoding them
all again on every action made a save cost grow with the game: half a millisecond at
300 steps. Steps are frozen and a history keeps the step objects it already had, so the
text of each step is remembered and only the steps added since the last save are
encoded.

>>> from cardtable.solitaire import get_variant, legal_moves, apply
>>> start = get_variant("klondike").start(1)
>>> move = legal_moves(start)[0]
>>> texts = StepTexts()
>>> texts.encode("game", start.variant, ((move,), (move, move)))
'[["t7>f1"], ["t7>f1", "t7>f1"]]'
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence

from cardtable.solitaire import Move, Variant
from cardtable.solitaire.formats import format_move

Step = tuple[Move, ...]

KEPT_GAMES = 4096
"""How many games' step texts are remembered (the least recently saved are forgotten)."""


class StepTexts:
    """Step texts of recently saved games, by a key naming the game."""

    def __init__(self, size: int = KEPT_GAMES) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, tuple[Sequence[Step], list[str]]] = OrderedDict()
        self._lock = threading.Lock()  # saves come from several threads

    def encode(self, game: Hashable | None, variant: Variant, steps: Sequence[Step]) -> str:
        """``steps`` as the JSON text ``json.dumps`` gives for their move-text lists
        (remembered under ``game`` unless it is None)."""
        with self._lock:
            old_steps, old_texts = self._kept.get(game, ((), [])) if game is not None else ((), [])
        same = 0
        for old, new in zip(old_steps, steps):
            if old is not new:
                break
            same += 1
        texts = old_texts[:same] + [json.dumps([format_move(variant, m) for m in step]) for step in steps[same:]]
        if game is not None:
            with self._lock:
                self._kept[game] = (steps, texts)
                self._kept.move_to_end(game)
                if len(self._kept) > self._size:
                    self._kept.popitem(last=False)
        return "[" + ", ".join(texts) + "]"
