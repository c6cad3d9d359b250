"""Which groups of cards may be lifted off a pile together, and how many may move now."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from cardtable.solitaire.model import State
from cardtable.solitaire.rules.build import BuildRule

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


class GroupKind(Enum):
    """How the size of a movable group is decided."""

    ONE = "one card"
    RUN = "run"
    SUPERMOVE = "supermove"
    FACE_UP = "face-up cards"
    WHOLE = "whole pile"
    ONE_OR_WHOLE = "one card or the whole pile"
    WHOLE_BY_TOP = "the whole pile, matched by its top card"


WHOLE_PILES = frozenset({GroupKind.WHOLE, GroupKind.WHOLE_BY_TOP})
"""The groups that are always a whole pile: any of its cards names it."""


@dataclass(frozen=True, slots=True)
class Group:
    """A movable-group rule; ``rule`` orders a run (None: the pile's own build rule).

    >>> top_card.kind.value, run().rule is None
    ('one card', True)
    """

    kind: GroupKind
    rule: BuildRule | None = None

    @property
    def phrase(self) -> str:
        """What may move, in words."""
        if self.kind is GroupKind.ONE:
            return "only one card moves at a time"
        if self.kind is GroupKind.FACE_UP:
            return "any face-up card moves with the cards on it"
        if self.kind is GroupKind.WHOLE:
            return "only the whole face-up part of the pile moves"
        if self.kind is GroupKind.SUPERMOVE:
            order = "" if self.rule is None else f" that follows '{self.rule.phrase}'"
            return f"a run{order} moves if it could move card by card through free cells and empty columns"
        if self.kind is GroupKind.WHOLE_BY_TOP:
            return "only the whole pile moves, and its top card is the one that must match"
        if self.kind is GroupKind.ONE_OR_WHOLE:
            return "one card moves, or the whole pile as a run; never part of it"
        how = "as a run" if self.rule is None else f"as a run that follows '{self.rule.phrase}'"
        return f"cards move together only {how}"

    def phrase_in(self, variant: Variant) -> str:
        """``phrase`` as ``variant`` has it: a supermove names only the places it can use.

        >>> from cardtable.solitaire.registry import get_variant
        >>> supermove().phrase_in(get_variant("free-fan"))
        'a run moves if it could move card by card through the free cells'
        """
        if self.kind is not GroupKind.SUPERMOVE:
            return self.phrase
        return self.phrase.replace("through free cells and empty columns", "through " + through(variant)[0])


top_card = Group(GroupKind.ONE)
face_up = Group(GroupKind.FACE_UP)
whole_pile = Group(GroupKind.WHOLE)
one_or_whole = Group(GroupKind.ONE_OR_WHOLE)
whole_by_top = Group(GroupKind.WHOLE_BY_TOP)
"""The whole pile moves, and the build rule judges its top card (Accordion)."""
"""The top card alone, or the whole pile when it is one run (Canfield's columns)."""


def run(rule: BuildRule | None = None) -> Group:
    """Any run of face-up cards in order (by ``rule``, or by the pile's build rule)."""
    return Group(GroupKind.RUN, rule)


def supermove(rule: BuildRule | None = None) -> Group:
    """A run as long as free cells and empty columns allow: (cells + 1) x 2^columns."""
    return Group(GroupKind.SUPERMOVE, rule)


def supermove_limit(free_cells: int, empty_columns: int, to_empty: bool) -> int:
    """The longest run a supermove can carry.

    Moving to an empty column leaves one fewer empty column to use on the way.

    >>> supermove_limit(4, 0, False), supermove_limit(2, 2, False), supermove_limit(2, 2, True)
    (5, 12, 6)
    """
    columns = empty_columns - 1 if to_empty else empty_columns
    return (free_cells + 1) << max(columns, 0)


def movable_count(state: State, pile: int) -> int:
    """How many cards could be lifted off ``pile`` together, ignoring any target."""
    t = state.variant.tables
    cards = state.piles[pile]
    n = len(cards)
    up = n - state.hidden[pile]
    kind = t.group[pile]
    if kind is None or up <= 0 or any(state.piles[c] for c in t.covered[pile]):
        return 0
    if kind is GroupKind.ONE:
        return 1
    if kind is GroupKind.RUN or kind is GroupKind.SUPERMOVE or kind is GroupKind.ONE_OR_WHOLE:
        order = t.run[pile]
        assert order is not None
        k = 1
        while k < up and cards[n - k].index in order[cards[n - k - 1].index]:
            k += 1
        return k
    return up


def through(variant: Variant) -> tuple[str, str]:
    """What a supermove in ``variant`` moves through, in words, and how long it may be.

    >>> from cardtable.solitaire.registry import get_variant
    >>> through(get_variant("freecell"))
    ('free cells and empty columns', '(free cells + 1) x 2^(empty columns)')
    >>> through(get_variant("free-fan"))
    ('the free cells', 'free cells + 1')
    """
    t, word = variant.tables, variant.tableau_word
    if t.cells and t.open_columns:
        return f"free cells and empty {word}s", f"(free cells + 1) x 2^(empty {word}s)"
    if t.cells:
        return "the free cells", "free cells + 1"
    return f"the empty {word}s", f"2^(empty {word}s)"


def supermove_limits(state: State) -> tuple[int, int]:
    """The longest supermove now, to an occupied and to an empty column."""
    t = state.variant.tables
    piles = state.piles
    free = [piles[c] for c in t.cells].count(())
    columns = [piles[c] for c in t.open_columns].count(())
    return supermove_limit(free, columns, False), supermove_limit(free, columns, True)
