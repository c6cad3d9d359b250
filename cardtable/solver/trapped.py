"""A proof without a search: cards that can never leave their columns.

A card with only face-down cards under it can leave its pile only as the bottom card of
whatever moves (nothing under it can be lifted); so can a face-up card lying on a card it
does not follow in a run, where runs or single cards move. Such a card needs a place of
its own: a card it may be built on, an empty pile that takes it, or its foundation. When
every card it may be built on lies under it, no empty pile takes it, and a card that must
go home before it lies under it too, it never leaves, and the game is lost. About one
Klondike deal in a hundred starts so (deal 89: J♦ over both black Queens and 6♦), and a
search would have to visit every position to prove it.

The same holds for a few cards together: each can leave only once another of them has
(its hosts lie under the others, or a card it must follow home does), and no card leaves
before every card on it has. An empty pile takes a card only once every card dealt to it
has left (a King in Klondike waits for some other column to be cleared). ``trapped``
finds every card that can ever leave, by letting cards go one at a time wherever any
rule allows (ignoring every cost), and what is left can't.

The reasoning holds only where cards leave a pile from its top and are put on a pile's
top, one deck has each card once, and the goal is every card home: ``applies`` checks
the variant's atoms for that. Where it is unsure (a pile started by a rank the deal
chooses), it counts the card free, so a "trapped" answer is always a proof. The search
asks the same of every position it meets where a move can hold a card (``held.py``).
"""

from __future__ import annotations

from functools import cache

from cardtable.cards import Card
from cardtable.solitaire import State, Variant
from cardtable.solitaire.tables import Table
from cardtable.solitaire.rules.goal import Goal
from cardtable.solitaire.rules.groups import GroupKind
from cardtable.solitaire.rules.stock import StockTarget

_TOPS_ONLY = (StockTarget.NONE, StockTarget.WASTE, StockTarget.TABLEAU, StockTarget.RESERVE)
"""Stocks that only put cards on piles' tops (others gather, rotate or fill gaps)."""


def trapped(state: State) -> str | None:
    """Why the game can't be won because cards can never leave their columns, or None.

    >>> from cardtable.solitaire import get_variant
    >>> trapped(get_variant("klondike").start(89))
    'J♦ can never leave its column: it lies over Q♣ and Q♠, the cards it may be built on, and over 6♦, which must go home before it'
    >>> trapped(get_variant("klondike").start(676))
    '10♥ and 10♦ can never leave their columns: each waits for a card that lies under one of them'
    >>> trapped(get_variant("klondike").start(1)) is None
    True
    """
    variant = state.variant
    if not applies(variant):
        return None
    held = _held(state)
    if not held:
        return None
    hosts, needs, spaces = hosts_of(variant), needs_of(variant), spaces_of(variant)
    pile_word = variant.tableau_word
    for card, pile, at in held:
        below = {c.index: c for c in state.piles[pile][:at]}
        free = hosts[card.index]
        if free is not None and not spaces[card.index] and free <= below.keys() and needs[card.index] & below.keys():
            home = next(below[c] for c in below if c in needs[card.index]).symbol
            return f"{card.symbol} can never leave its {pile_word}: {_over(below, free)}{home}, which must go home before it"
    # Name the highest card held in each column: each waits for a card under one of them.
    tops = {pile: card for card, pile, _ in held}
    names = [card.symbol for card in tops.values()]
    # Say so where some of them would leave if empty columns could always be had.
    cleared = len(_held(state, clearing=False)) < len(held)
    waits = f" or for an empty {pile_word}, and no other {pile_word} can ever be cleared" if cleared else ""
    if len(names) == 1:
        return f"{names[0]} can never leave its {pile_word}: it waits for a card that lies under it{waits}"
    together = ", ".join(names[:-1]) + " and " + names[-1]
    return f"{together} can never leave their {pile_word}s: each waits for a card that lies under one of them{waits}"


def _held(state: State, clearing: bool = True) -> list[tuple[Card, int, int]]:
    """The cards (with pile and place) that can never leave their columns: every card
    left once cards have gone wherever a rule lets them, ignoring every cost. With
    ``clearing`` False, as if every empty pile could be had at once (to tell whether the
    clearing of columns is what holds them)."""
    variant = state.variant
    hosts, needs, spaces = hosts_of(variant), needs_of(variant), spaces_of(variant)
    t = variant.tables
    tableau = set(t.tableau)
    place: dict[int, tuple[Card, int, int]] = {}
    for i in t.tableau:
        cards = state.piles[i]
        for x, card in enumerate(cards):
            if x <= state.hidden[i] or moves_alone(t.group[i], t.run[i], cards[x - 1], card):
                place[card.index] = (card, i, x)
    gone = set(range(52)) - place.keys()  # elsewhere, or able to move with the cards under them

    def can_clear(pile: int) -> bool:
        """Whether ``pile`` is or may become empty: its first card dealt can leave."""
        return not clearing or pile not in tableau or not state.piles[pile] or state.piles[pile][0].index in gone

    def can_leave(card: int, pile: int, at: int) -> bool:
        if not all(c.index in gone for c in state.piles[pile][at + 1 :]):
            return False  # still covered by a card that has not left
        on = hosts[card]
        if on is None:
            return True
        below = {c.index for c in state.piles[pile][:at]}
        if not needs[card] & below and needs[card] <= gone:
            return True
        if any(can_clear(q) for q in spaces[card] if q != pile):
            return True
        for host in on - below:
            if host not in place:
                return True
            _, i, x = place[host]
            if all(c.index in gone for c in state.piles[i][x + 1 :]):
                return True
        return False

    changed = True
    while changed:
        changed = False
        for index, (_, pile, at) in place.items():
            if index not in gone and can_leave(index, pile, at):
                gone.add(index)
                changed = True
    return [place[c] for c in place if c not in gone]


def moves_alone(kind: GroupKind | None, order: Table | None, under: Card, card: Card) -> bool:
    """Whether ``card``, face up on ``under``, can only ever move as the bottom card of
    what moves: one card moves at a time, or runs move and it does not follow ``under``."""
    if kind is GroupKind.ONE:
        return True
    return kind in (GroupKind.RUN, GroupKind.SUPERMOVE) and order is not None and card.index not in order[under.index]


def _over(below: dict[int, Card], hosts: frozenset[int]) -> str:
    """The start of the reason: the cards the trapped card lies over that it could go on."""
    if not hosts:
        return "no card may take it, no empty pile either, and it lies over "
    on = " and ".join(below[c].symbol for c in sorted(hosts))
    return f"it lies over {on}, the card{'s' * (len(hosts) > 1)} it may be built on, and over "


@cache
def applies(variant: Variant) -> bool:
    """Whether the variant's atoms let ``trapped`` reason as it does, and a card may be
    held at all: where a free cell takes any card, every card can leave once the cards
    on it have (FreeCell), so there is nothing to look for."""
    t = variant.tables
    cards = variant.deck.cards()
    return (
        variant.goal is Goal.ALL_TO_FOUNDATIONS
        and len({c.index for c in cards}) == len(cards)
        and variant.stock.target in _TOPS_ONLY
        and variant.pairs is None
        and variant.clear_runs is None
        and variant.discard is None
        and variant.turn_up is None
        and variant.grid is None
        and not variant.closes_up
        and not any(t.covered)
        and not any(t.uncovers)
        and bool(t.foundations)
        and not all(any(pile not in t.tableau for pile in piles) for piles in spaces_of(variant))
    )


@cache
def hosts_of(variant: Variant) -> tuple[frozenset[int] | None, ...]:
    """For each card, the cards it may be built on off the foundations; None where an
    empty pile started by a rank the deal chooses may take it (so it counts as free)."""
    hosts: list[set[int] | None] = [set() for _ in range(52)]
    for _, build, _, *_, foundation, from_base, _ in variant.tables.receivers:
        if foundation:
            continue
        if from_base is not None:
            for c in range(52):
                hosts[c] = None
        if build is not None:
            for below, aboves in enumerate(build):
                for c in aboves:
                    found = hosts[c]
                    if found is not None:
                        found.add(below)
    return tuple(None if h is None else frozenset(h) for h in hosts)


@cache
def spaces_of(variant: Variant) -> tuple[frozenset[int], ...]:
    """For each card, the piles off the foundations that take it when empty."""
    spaces: list[set[int]] = [set() for _ in range(52)]
    for pile, _, empty, *_, foundation, _, _ in variant.tables.receivers:
        if not foundation:
            for c in empty:
                spaces[c].add(pile)
    return tuple(frozenset(s) for s in spaces)


@cache
def needs_of(variant: Variant) -> tuple[frozenset[int], ...]:
    """For each card, the cards that must be home before it can go home: those on every
    way up the foundations to it (none where a foundation's start depends on the deal)."""
    homes = [r for r in variant.tables.receivers if r[6]]
    if any(from_base is not None for *_, from_base, _ in homes):
        return tuple(frozenset() for _ in range(52))
    starts = set().union(*(empty for _, _, empty, *_ in homes))
    under: list[set[int]] = [set() for _ in range(52)]
    for _, build, *_ in homes:
        for below, aboves in enumerate(build or ()):
            for c in aboves:
                under[c].add(below)
    known: dict[int, frozenset[int]] = {}

    def needs(card: int, seen: frozenset[int]) -> frozenset[int]:
        if card in known:
            return known[card]
        if card in starts or not under[card] or card in seen:
            return frozenset()  # a start, no way home, or a loop (wrapping ranks): assume nothing
        ways = [needs(h, seen | {card}) | {h} for h in under[card]]
        found = frozenset.intersection(*ways)
        known[card] = found
        return found

    return tuple(needs(c, frozenset()) for c in range(52))
