"""Ranks that wrap round the corner: building down, a King may go on an Ace; building
up, an Ace on a King (as in Alexandria's and Vanishing Cross's columns).

A build atom is a test on two cards with the words that explain it; ``BuildRule.table``
compiles any such test into the engine's tables, so this file is the whole rule: checks
explain a refusal with its words, and the generators, runs and hints follow from it.

>>> from cardtable.cards import DeckSpec, parse_card
>>> from cardtable.solitaire.rules import alt_color
>>> rule = down_round & alt_color
>>> rule.phrase
'build down by one (a King on an Ace) in alternating colours'
>>> rule.allows(DeckSpec(), parse_card("AS"), parse_card("KH")), rule.allows(DeckSpec(), parse_card("AS"), parse_card("KC"))
(True, False)
"""

from __future__ import annotations

from cardtable.cards.words import number_word
from cardtable.cards import Card, DeckSpec
from cardtable.solitaire.rules.build import BuildAtom, BuildRule


def _down_round(deck: DeckSpec, below: Card, above: Card) -> bool:
    # "One lower" in the deck's own rank order, and the lowest rank's next lower is the highest.
    return deck.is_next(above.rank, below.rank) or (below.rank is deck.ranks[0] and above.rank is deck.ranks[-1])


def _up_round(deck: DeckSpec, below: Card, above: Card) -> bool:
    return deck.is_next(below.rank, above.rank) or (below.rank is deck.ranks[-1] and above.rank is deck.ranks[0])


def _up_or_down_round(deck: DeckSpec, below: Card, above: Card) -> bool:
    return _up_round(deck, below, above) or _down_round(deck, below, above)


down_round = BuildRule((BuildAtom("down by one (a King on an Ace)", _down_round),))
"""Build down by one; a King goes on an Ace."""
up_round = BuildRule((BuildAtom("up by one (an Ace on a King)", _up_round),))
"""Build up by one; an Ace goes on a King."""
up_or_down_round = BuildRule((BuildAtom("up or down by one (Ace and King touch)", _up_or_down_round),))
"""Build up or down by one; an Ace goes on a King and a King on an Ace (Black Hole, Tri-Peaks)."""


def up_round_by(step: int) -> BuildRule:
    """Build up by ``step`` ranks, counting on from the King to the Ace (Calculation).

    >>> from cardtable.cards import parse_card
    >>> rule = up_round_by(3)
    >>> rule.allows(DeckSpec(), parse_card("QS"), parse_card("2H")), rule.allows(DeckSpec(), parse_card("QS"), parse_card("3H"))
    (True, False)
    """

    def test(deck: DeckSpec, below: Card, above: Card) -> bool:
        ranks = deck.ranks
        return ranks[(ranks.index(below.rank) + step) % len(ranks)] is above.rank

    words = number_word(step)
    return BuildRule((BuildAtom(f"up by {words} (counting on from the King to the Ace)", test),))
