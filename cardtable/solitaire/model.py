"""The engine's values: pile identities, moves, verdicts and the game state."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from cardtable.cards import Card

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


class PileKind(Enum):
    """What a pile is for; the short letter names it in text forms."""

    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    CELL = "cell"
    RESERVE = "reserve"


_LETTERS = {PileKind.FOUNDATION: "f", PileKind.TABLEAU: "t", PileKind.CELL: "c", PileKind.RESERVE: "r"}
_TITLES = {
    PileKind.FOUNDATION: "foundation",
    PileKind.TABLEAU: "column",
    PileKind.CELL: "free cell",
    PileKind.RESERVE: "reserve",
}


@dataclass(frozen=True, slots=True)
class PileId:
    """A pile's identity: its kind and its number (from 1) among piles of that kind.
    ``word`` is what the game's rules call a pile of its kind where that is not the
    usual word (Beleaguered Castle's rows); it is not part of the identity.

    >>> PileId(PileKind.TABLEAU, 3).name, PileId(PileKind.STOCK).title
    ('t3', 'the stock')
    >>> PileId(PileKind.TABLEAU, 3, "row").title, PileId(PileKind.TABLEAU, 3, "row") == PileId(PileKind.TABLEAU, 3)
    ('row 3', True)
    >>> PileId(PileKind.RESERVE, 1, alone=True).title
    'the reserve'
    """

    kind: PileKind
    number: int = 1
    word: str = field(default="", compare=False)
    alone: bool = field(default=False, compare=False)
    """Whether it is its game's one pile of its kind: titled ``the reserve``, not ``reserve 1``."""

    @property
    def name(self) -> str:
        """Short name used in text forms: ``stock``, ``waste``, ``f1``, ``t3``, ``c2``, ``r1``."""
        letter = _LETTERS.get(self.kind)
        return self.kind.value if letter is None else f"{letter}{self.number}"

    @property
    def noun(self) -> str:
        """What a pile of this kind is called: ``column``, ``row``, ``free cell``, ``stock``."""
        return self.word or _TITLES.get(self.kind, self.kind.value)

    @property
    def title(self) -> str:
        """The pile in words, for messages: ``column 3``, ``the waste``."""
        return f"the {self.noun}" if self.kind not in _TITLES or self.alone else f"{self.noun} {self.number}"


class MoveKind(Enum):
    """The kinds of move a player makes."""

    MOVE = "move"
    """Cards from the top of one pile onto another."""
    DEAL = "deal"
    """Deal from the stock (to the waste or to the tableau, as the game says)."""
    REDEAL = "redeal"
    """Turn the waste back over into the stock."""
    PAIR = "pair"
    """Discard exposed cards that match (a pair totalling 13, or a King alone)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One player move. ``source`` and ``target`` number piles in ``Variant.piles``.

    A MOVE carries ``count`` cards from the top of ``source`` onto ``target``; a PAIR
    discards the top cards of ``source`` and ``target`` (``target`` None: one card alone).
    A pair has no order, so its lower pile number always becomes ``source``:

    >>> Move(MoveKind.PAIR, 5, 2) == Move(MoveKind.PAIR, 2, 5)
    True
    """

    kind: MoveKind
    source: int | None = None
    target: int | None = None
    count: int = 1

    def __post_init__(self) -> None:
        first, second = self.source, self.target
        if self.kind is MoveKind.PAIR and second is not None and (first is None or second < first):
            object.__setattr__(self, "source", second)
            object.__setattr__(self, "target", first)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a move is legal, and if not, why, in a player's words."""

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


LEGAL = Verdict(True)


@dataclass(frozen=True, slots=True)
class State:
    """A position: every pile bottom to top, plus how many of its cards lie face down.

    Face-down cards are always the lowest ``hidden[i]`` cards of pile ``i``. States are
    values: equal positions of the same variant compare equal and hash alike.
    """

    variant: Variant
    piles: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]
    redeals: int = 0

    def pile(self, pile: PileId) -> tuple[Card, ...]:
        """The cards of a pile, named by its id."""
        return self.piles[self.variant.index_of(pile)]

    def is_face_up(self, pile: int, position: int) -> bool:
        """Whether the card at ``position`` (0 = bottom) of pile ``pile`` is face up."""
        return position >= self.hidden[pile]
