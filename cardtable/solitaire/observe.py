"""The observer: what a player seated at the table may see of a position.

Every view of a game goes through here (the web page's JSON and its events, both
terminal modes, hint explanations, refusals): a face-down card has no identity in an
observation, and a random deal's number is withheld until the game is over, as it would
tell every face-down card.

>>> from cardtable.solitaire.registry import get_variant
>>> seen = observe(get_variant("klondike").start(5), 5, random_deal=True)
>>> seen.piles[seen.variant.index_of_name("t2")][0] is None, seen.deal is None
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.solitaire.model import State
from cardtable.solitaire.rules.goal import is_won

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


@dataclass(frozen=True, slots=True)
class Observation:
    """A position as a player sees it: each pile bottom to top, None for a face-down card."""

    variant: Variant
    piles: tuple[tuple[Card | None, ...], ...]
    redeals: int
    deal: int | None
    """The deal number, or None where it is withheld (or was not given)."""

    def top(self, pile: int) -> Card | None:
        """The top card of ``pile`` if a player can see it (None: face down or empty)."""
        cards = self.piles[pile]
        return cards[-1] if cards else None


def seen_card(state: State, pile: int, position: int) -> Card | None:
    """The card at ``position`` (0 = bottom) of ``pile`` if it is face up, else None."""
    return None if position < state.hidden[pile] else state.piles[pile][position]


def observe(state: State, deal: int | None = None, *, random_deal: bool = False, over: bool = False) -> Observation:
    """What a seated player may see of ``state`` (dealt as ``deal``).

    The number of a deal drawn at random is withheld while the game goes on if the game
    deals cards face down, or its redeals mix the cards by it (Montana, La Belle Lucie:
    the number would tell how they fall); ``over`` says the game has ended (won, lost or
    given up).
    """
    variant = state.variant
    chance = variant.traits.hidden_cards or variant.stock.mixes
    withheld = random_deal and chance and not (over or is_won(state))
    piles = tuple(
        cards if not down else (None,) * down + cards[down:]
        for cards, down in zip(state.piles, state.hidden)
    )
    return Observation(variant, piles, state.redeals, None if withheld else deal)


def stock_known(state: State) -> bool:
    """Whether a player who watched the game knows every card face down in the stock,
    from the position alone: a stock turned over from the waste holds the cards seen
    there, in order, unless the turning over shuffles them.

    >>> from dataclasses import replace
    >>> from cardtable.solitaire.registry import get_variant
    >>> start = get_variant("klondike").start(5)
    >>> stock_known(start), stock_known(replace(start, redeals=1))
    (False, True)
    """
    policy = state.variant.stock
    return state.redeals > 0 and policy.turns_waste_over and not policy.mixes


def remembered(states: Sequence[State]) -> frozenset[Card]:
    """The face-down cards of the last of ``states`` whose place a player who watched the
    game through them knows: each was seen going face down (turned back into the stock in
    order, say), with no shuffling redeal since.

    Copies of a card (a game of two decks) look alike, so a card counts as known only
    when every face-down copy of it was seen going down; a copy turned up again counts
    as one of those seen, so no copy dealt face down and never seen is taken for known.

    >>> from cardtable.solitaire.registry import get_variant
    >>> from cardtable.solitaire.model import Move, MoveKind
    >>> from cardtable.solitaire.engine import apply
    >>> start = get_variant("klondike").start(5)
    >>> deal = Move(MoveKind.DEAL)
    >>> states = [start]
    >>> while states[-1].piles[start.variant.index_of_name("stock")]:
    ...     states.append(apply(states[-1], deal))
    >>> states.append(apply(states[-1], Move(MoveKind.REDEAL)))  # the waste turned over
    >>> stock = start.variant.index_of_name("stock")
    >>> remembered(states) == frozenset(states[-1].piles[stock]), remembered(states[:1])
    (True, frozenset())
    """
    if not states:
        return frozenset()
    mixes = states[0].variant.stock.mixes
    watched: Counter[Card] = Counter()  # of each card, the face-down copies seen going down
    before = states[0]
    down = _face_down(before)
    for state in states[1:]:
        if state.hidden != before.hidden or state.redeals != before.redeals:
            now = _face_down(state)
            if mixes and state.redeals != before.redeals:
                watched.clear()
            else:
                for card in now.keys() | down.keys():
                    change = now[card] - down[card]
                    if change:  # turned up: taken, to be safe, as copies that were seen
                        watched[card] = max(watched[card] + change, 0)
            down = now
        before = state
    return frozenset(card for card, copies in down.items() if watched[card] >= copies)


def _face_down(state: State) -> Counter[Card]:
    """How many copies of each card lie face down."""
    return Counter(c for pile, down in zip(state.piles, state.hidden) for c in pile[:down])
