"""What an empty pile accepts as its first card.

Most games name the ranks once and for all (Kings to an empty column). Some let the deal
choose: in Canfield the first card dealt to a foundation sets the rank every foundation
starts with (the *base*), and Penguin fills an empty column only with the rank below it.
Such a rule names its rank as a step from the base (``from_base``), and the base is read
off the position: the bottom card of the first foundation that holds one. Cards never
leave these games' foundations, so the base never changes once dealt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.cards import ALL_CARDS, Card, DeckSpec, Rank, Suit
from cardtable.solitaire.rules.build import BuildRule

if TYPE_CHECKING:
    from cardtable.solitaire.model import State

_RANK_WORDS = {Rank.ACE: "an Ace", Rank.KING: "a King", Rank.EIGHT: "an Eight"}


def rank_words(rank: Rank) -> str:
    """A rank with its article: ``an Ace``, ``a Seven``."""
    return _RANK_WORDS.get(rank, f"a {rank.name.title()}")


@dataclass(frozen=True, slots=True)
class EmptyRule:
    """The cards an empty pile takes: some ranks (None: any), some suits (None: any);
    or, with ``from_base``, only the rank that many steps from the deal's base rank; or,
    with ``after``, only a card that rule lets follow the card to the pile's left in the
    game's grid (a gap in Montana, ``rules/gaps.py``; the ranks and suits are then ``()``).

    >>> from cardtable.cards import parse_card
    >>> kings_only.accepts(parse_card("KD")), kings_only.accepts(parse_card("QD"))
    (True, False)
    >>> below_base.accepts(parse_card("6H"), DeckSpec(), Rank.SEVEN), below_base.accepts(parse_card("KH"), DeckSpec(), Rank.ACE)
    (True, True)
    """

    phrase: str
    ranks: tuple[Rank, ...] | None = None
    suits: tuple[Suit, ...] | None = None
    from_base: int | None = None
    after: BuildRule | None = None

    def accepts(self, card: Card, deck: DeckSpec | None = None, base: Rank | None = None) -> bool:
        """Whether ``card`` may start this empty pile (for a rule set by the deal, given
        the deck and its ``base`` rank; with no base known, any rank passes)."""
        if self.from_base is not None and base is not None:
            return card.rank is based_rank(deck or DeckSpec(), base, self.from_base)
        return (self.ranks is None or card.rank in self.ranks) and (
            self.suits is None or card.suit in self.suits
        )

    def words(self, deck: DeckSpec, base: Rank | None) -> str:
        """What the pile takes, in words, naming the rank the deal chose."""
        if self.from_base is None or base is None:
            return self.phrase
        return f"only {rank_words(based_rank(deck, base, self.from_base))} ({self.phrase})"

    @property
    def takes_nothing(self) -> bool:
        """True when no card may ever start the pile."""
        return (self.ranks == () or self.suits == ()) and self.after is None

    def table(self) -> frozenset[int]:
        """The indices of every card this rule accepts whatever the deal (none, for a
        rule the deal sets: the engine reads those from ``rank_cards``)."""
        if self.from_base is not None:
            return frozenset()
        return frozenset(c.index for c in ALL_CARDS if self.accepts(c))


def based_rank(deck: DeckSpec, base: Rank, step: int) -> Rank:
    """The rank ``step`` places from ``base`` in the deck's rank order, round the corner.

    >>> based_rank(DeckSpec(), Rank.ACE, -1), based_rank(DeckSpec(), Rank.SEVEN, 0)
    (<Rank.KING: 13>, <Rank.SEVEN: 7>)
    """
    ranks = deck.ranks
    return ranks[(ranks.index(base) + step) % len(ranks)]


def base_rank(state: State) -> Rank | None:
    """The base rank the deal chose: the bottom card of the first foundation holding one
    (None before the deal sets it, or where that card lies face down)."""
    for f in state.variant.tables.foundations:
        cards = state.piles[f]
        if cards:
            return None if state.hidden[f] else cards[0].rank
    return None


def rank_cards(rank: Rank) -> frozenset[int]:
    """The indices of the cards of one rank."""
    return frozenset(c.index for c in ALL_CARDS if c.rank is rank)


def base(rank: Rank, suit: Suit | None = None) -> EmptyRule:
    """Only cards of one rank (and, if given, one suit) start the pile."""
    words = rank_words(rank)
    if suit is not None:
        words = f"the {rank.name.title()} of {suit.name.lower()}"
    return EmptyRule(f"only {words}", (rank,), None if suit is None else (suit,))


any_card = EmptyRule("any card")
kings_only = base(Rank.KING)
aces_only = base(Rank.ACE)
nothing = EmptyRule("nothing: once emptied it stays empty", ())
dealt_base = EmptyRule("the base rank, which the deal sets", from_base=0)
"""Foundations start with the rank the deal chose (Canfield)."""
below_base = EmptyRule("one rank below the foundations' base", from_base=-1)
"""Columns are filled only with the rank just below the deal's base (Penguin)."""
