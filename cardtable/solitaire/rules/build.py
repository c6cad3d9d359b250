"""Build rules: which card may lie on which, combined with ``&``.

>>> from cardtable.cards import DeckSpec, parse_card
>>> rule = down & alt_color
>>> rule.phrase
'build down by one in alternating colours'
>>> rule.allows(DeckSpec(), parse_card("8S"), parse_card("7H"))
True
>>> rule.allows(DeckSpec(), parse_card("8S"), parse_card("7C"))
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardtable.cards import Card, DeckSpec

Test = Callable[[DeckSpec, Card, Card], bool]


@dataclass(frozen=True, slots=True)
class BuildAtom:
    """One condition on a card placed on another, with the words that explain it."""

    words: str
    test: Test


@dataclass(frozen=True, slots=True)
class BuildRule:
    """All of its atoms must hold for ``above`` to be placed on ``below``."""

    atoms: tuple[BuildAtom, ...]

    def __and__(self, other: BuildRule) -> BuildRule:
        return BuildRule(self.atoms + other.atoms)

    @property
    def phrase(self) -> str:
        """The rule in words, such as ``build down by one in suit``; what it disregards
        is said once (``build regardless of rank and suit``).

        >>> (any_rank & any_suit).phrase, (down & any_suit).phrase
        ('build regardless of rank and suit', 'build down by one regardless of suit')
        """
        said = [atom.words for atom in self.atoms if not atom.words.startswith(_REGARDLESS)]
        ignored = [atom.words.removeprefix(_REGARDLESS) for atom in self.atoms if atom.words.startswith(_REGARDLESS)]
        if ignored:
            said.append(_REGARDLESS + " and ".join(ignored))
        return "build " + " ".join(said)

    def allows(self, deck: DeckSpec, below: Card, above: Card) -> bool:
        """Whether ``above`` may be placed on ``below``."""
        for atom in self.atoms:  # a loop, not all(...): check calls this for every move
            if not atom.test(deck, below, above):
                return False
        return True

    def table(self, deck: DeckSpec) -> tuple[frozenset[int], ...]:
        """For each card index, the indices of the cards that may be placed on it."""
        cards = sorted(set(deck.cards()), key=lambda c: c.index)
        by_index: list[frozenset[int]] = [frozenset()] * 52
        for below in cards:
            by_index[below.index] = frozenset(a.index for a in cards if self.allows(deck, below, a))
        return tuple(by_index)


_REGARDLESS = "regardless of "


def _atom(words: str, test: Test) -> BuildRule:
    return BuildRule((BuildAtom(words, test),))


def _down(deck: DeckSpec, below: Card, above: Card) -> bool:
    return deck.is_next(above.rank, below.rank)


def _up(deck: DeckSpec, below: Card, above: Card) -> bool:
    return deck.is_next(below.rank, above.rank)


def _up_or_down(deck: DeckSpec, below: Card, above: Card) -> bool:
    return _up(deck, below, above) or _down(deck, below, above)


def _any_rank(deck: DeckSpec, below: Card, above: Card) -> bool:
    return True


def _any_suit(deck: DeckSpec, below: Card, above: Card) -> bool:
    return True


def _alt_color(deck: DeckSpec, below: Card, above: Card) -> bool:
    return below.color is not above.color


def _same_suit(deck: DeckSpec, below: Card, above: Card) -> bool:
    return below.suit is above.suit


def _same_color(deck: DeckSpec, below: Card, above: Card) -> bool:
    return below.color is above.color


def _other_suit(deck: DeckSpec, below: Card, above: Card) -> bool:
    return below.suit is not above.suit


def _suit_or_rank(deck: DeckSpec, below: Card, above: Card) -> bool:
    return below.suit is above.suit or below.rank is above.rank


down = _atom("down by one", _down)
up = _atom("up by one", _up)
up_or_down = _atom("up or down by one", _up_or_down)
any_rank = _atom("regardless of rank", _any_rank)
any_suit = _atom("regardless of suit", _any_suit)
alt_color = _atom("in alternating colours", _alt_color)
same_suit = _atom("in suit", _same_suit)
same_color = _atom("in the same colour", _same_color)
other_suit = _atom("in a different suit", _other_suit)
suit_or_rank = _atom("on a card of the same suit or the same rank", _suit_or_rank)
"""Accordion: a pile goes onto one whose top card matches its own by suit or by rank."""
