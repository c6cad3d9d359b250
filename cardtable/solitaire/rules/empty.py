"""What an empty pile accepts as its first card."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card, Rank, Suit

_RANK_WORDS = {Rank.ACE: "an Ace", Rank.KING: "a King", Rank.EIGHT: "an Eight"}


@dataclass(frozen=True, slots=True)
class EmptyRule:
    """The cards an empty pile takes: some ranks (None: any), some suits (None: any).

    >>> from cardtable.cards import parse_card
    >>> kings_only.accepts(parse_card("KD")), kings_only.accepts(parse_card("QD"))
    (True, False)
    """

    phrase: str
    ranks: tuple[Rank, ...] | None = None
    suits: tuple[Suit, ...] | None = None

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` may start this empty pile."""
        return (self.ranks is None or card.rank in self.ranks) and (
            self.suits is None or card.suit in self.suits
        )

    @property
    def takes_nothing(self) -> bool:
        """True when no card may ever start the pile."""
        return self.ranks == () or self.suits == ()

    def table(self) -> frozenset[int]:
        """The indices of every card this rule accepts."""
        from cardtable.cards import ALL_CARDS

        return frozenset(c.index for c in ALL_CARDS if self.accepts(c))


def base(rank: Rank, suit: Suit | None = None) -> EmptyRule:
    """Only cards of one rank (and, if given, one suit) start the pile."""
    words = _RANK_WORDS.get(rank, f"a {rank.name.title()}")
    if suit is not None:
        words = f"the {rank.name.title()} of {suit.name.lower()}"
    return EmptyRule(f"only {words}", (rank,), None if suit is None else (suit,))


any_card = EmptyRule("any card")
kings_only = base(Rank.KING)
aces_only = base(Rank.ACE)
nothing = EmptyRule("nothing: once emptied it stays empty", ())
