"""The declarative solitaire engine: values, rule atoms, variants and the games."""

from cardtable.solitaire.checks import WON_ALREADY, IllegalMove, check
from cardtable.solitaire.engine import apply, canonical_key, interchangeable, is_won, legal_moves
from cardtable.solitaire.model import LEGAL, Move, MoveKind, PileId, PileKind, State, Verdict
from cardtable.solitaire.observe import Observation, observe
from cardtable.solitaire.registry import UnknownGame, families, get_variant, register, variants
from cardtable.solitaire.rules.goal import still_to_go
from cardtable.solitaire.traits import Layout, Play, Traits
from cardtable.solitaire.variant import Goal, Variant

import cardtable.solitaire.games  # noqa: E402, F401, I001  (registers every game, after the registry)

__all__ = [
    "Goal", "IllegalMove", "LEGAL", "Layout", "Move", "MoveKind", "Observation", "PileId", "PileKind",
    "Play", "State", "Traits", "UnknownGame", "Variant", "Verdict", "WON_ALREADY", "apply", "canonical_key", "check", "families",
    "get_variant", "interchangeable", "is_won", "legal_moves", "observe", "register", "still_to_go", "variants",
]
