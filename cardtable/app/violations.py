"""Order violations: cards lying on a card they could not have been built on."""

from __future__ import annotations

from cardtable.solitaire import State
from cardtable.solitaire.model import PileKind


def order_violations(state: State) -> dict[str, tuple[int, ...]]:
    """For each tableau pile with a build rule, the positions (0 = bottom) of face-up
    cards that lie on a card the rules would not let them be built on.

    Cards dealt that way are what the player must untangle; a UI marks them.
    """
    variant = state.variant
    marks: dict[str, tuple[int, ...]] = {}
    for i, spec in enumerate(variant.piles):
        rule = spec.build
        if spec.kind is not PileKind.TABLEAU or rule is None:
            continue
        cards = state.piles[i]
        bad = tuple(
            n
            for n in range(state.hidden[i] + 1, len(cards))
            if not rule.allows(variant.deck, cards[n - 1], cards[n])
        )
        if bad:
            marks[spec.id.name] = bad
    return marks


def violation_count(state: State) -> int:
    """How many cards are out of order in the tableau."""
    return sum(len(v) for v in order_violations(state).values())
