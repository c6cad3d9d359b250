"""Pair removal: exposed cards whose ranks add up to a total leave the game together.

The whole rule lives here: which cards pair (data with words), which cards are exposed,
the pair moves, whether a pair is legal and why not, and the discard itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card, Rank
from cardtable.solitaire.model import LEGAL, Move, PileKind, State, Verdict
from cardtable.solitaire.rules.grid import TOUCHING
from cardtable.solitaire.rules.reveal import settle
from cardtable.solitaire.rules.words import no, pile_problem


@dataclass(frozen=True, slots=True)
class PairRule:
    """Two cards totalling ``total`` are discarded together; ``singles`` go alone. With
    ``same_rank`` two cards of one rank pair instead, and with ``touching`` only cards
    lying next to each other in the game's grid do (Monte Carlo, ``rules/grid.py``).

    >>> from cardtable.cards import parse_card
    >>> thirteen.matches(parse_card("QH"), parse_card("AS")), thirteen.is_single(parse_card("KC"))
    (True, True)
    >>> equal_neighbours.matches(parse_card("7H"), parse_card("7S"))
    True
    """

    total: int = 13
    singles: tuple[Rank, ...] = (Rank.KING,)
    same_rank: bool = False
    touching: bool = False

    def matches(self, first: Card, second: Card) -> bool:
        """Whether the two cards make a pair (wherever they lie)."""
        if self.same_rank:
            return first.rank is second.rank
        return int(first.rank) + int(second.rank) == self.total

    def is_single(self, card: Card) -> bool:
        """Whether the card is discarded on its own."""
        return card.rank in self.singles

    @property
    def phrase(self) -> str:
        """The rule in words."""
        alone = " ".join(f"{r.name.title()}s" for r in self.singles)
        tail = f"; {alone} go alone" if alone else ""
        if self.same_rank:
            where = f" {TOUCHING}" if self.touching else ""
            return f"remove two cards of the same rank{where}{tail}"
        return f"remove two exposed cards totalling {self.total}{tail}"


thirteen = PairRule()
equal_neighbours = PairRule(singles=(), same_rank=True, touching=True)
"""Two cards of one rank lying next to each other in the grid (Monte Carlo)."""


def exposed_piles(state: State) -> list[int]:
    """Piles whose top card is free to pair: face up and covered by nothing."""
    t = state.variant.tables
    piles = state.piles
    hidden = state.hidden
    covered = t.covered
    out = []
    for i in t.exposable:  # a plain loop: Pyramid asks this for every move
        cards = piles[i]
        if cards and hidden[i] < len(cards):
            for c in covered[i]:
                if piles[c]:
                    break
            else:
                out.append(i)
    return out


def pair_moves(state: State, out: list[Move]) -> None:
    """Add every legal pair (and single card) to ``out``."""
    rule = state.variant.pairs
    assert rule is not None
    t = state.variant.tables
    piles = state.piles
    exposed = exposed_piles(state)
    near = t.neighbours
    for n, i in enumerate(exposed):
        top = piles[i][-1]
        if rule.is_single(top):
            out.append(t.pair(i, None))
        for j in exposed[n + 1 :]:
            if rule.matches(top, piles[j][-1]) and (near is None or j in near[i]):
                out.append(t.pair(i, j))


def why_unpaired(state: State, pile: int) -> str | None:
    """Why the exposed top card of ``pile`` pairs with nothing in sight, in the rule's
    words; None if it can go (alone or with a card exposed). Only cards in sight are
    looked at, so the answer tells nothing of face-down ones.

    >>> from cardtable.solitaire import get_variant
    >>> pyramid = get_variant("pyramid").start(1)  # 7♥ lies exposed in the bottom row; no Six does
    >>> why_unpaired(pyramid, pyramid.variant.index_of_name("t22"))
    '7♥ pairs only with a Six, to total 13: no Six is exposed'
    """
    rule = state.variant.pairs
    exposed = exposed_piles(state)
    if rule is None or pile not in exposed:
        return None
    card = state.piles[pile][-1]
    near = state.variant.tables.neighbours
    if rule.is_single(card) or any(
        j != pile and rule.matches(card, state.piles[j][-1]) and (near is None or j in near[pile]) for j in exposed
    ):
        return None
    if rule.same_rank:
        where = " lying next to it (across, up and down, or diagonally)" if near is not None else ""
        return f"{card.symbol} pairs only with another {card.rank.name.title()}{where}: none does"
    need = rule.total - int(card.rank)
    if not 1 <= need <= 13:
        return f"{card.symbol} pairs with no card: {rule.phrase}"
    named = Rank(need).name.title()
    return f"{card.symbol} pairs only with a{'n' if named[0] in 'AEIOU' else ''} {named}, to total {rule.total}: no {named} is exposed"


def check_pair(state: State, move: Move) -> Verdict:
    """Whether a pair (or a single card) may be removed, and if not, why."""
    variant = state.variant
    rule = variant.pairs
    if rule is None:
        return no(f"{variant.name} has no pairing of cards")
    i, j = move.source, move.target
    problem = pile_problem(state, i) or (None if j is None else pile_problem(state, j))
    if problem:
        return no(problem)
    assert i is not None
    if i == j:
        return no("a card can't pair with itself")
    exposed = exposed_piles(state)
    for pile in (i,) if j is None else (i, j):
        if pile not in exposed:
            return no(_why_not_exposed(state, pile))
    first = state.piles[i][-1]
    if j is None:
        if not rule.is_single(first):
            return no(f"{first.symbol} can't go alone: {rule.phrase}")
        return LEGAL
    second = state.piles[j][-1]
    if not rule.matches(first, second):
        return no(f"{first.symbol} and {second.symbol} don't pair: {rule.phrase}")
    near = variant.tables.neighbours
    if near is not None and j not in near[i]:
        return no(f"{first.symbol} and {second.symbol} don't lie next to each other: {rule.phrase}")
    return LEGAL


def _why_not_exposed(state: State, pile: int) -> str:
    """Why a pile's top card can't pair, naming it only if a player can see it."""
    spec = state.variant.piles[pile]
    cards = state.piles[pile]
    if not cards:
        return f"{spec.id.title} is empty"
    if spec.kind is PileKind.STOCK:
        return "the stock's cards are face down: deal one to the waste to play it"
    if spec.kind is PileKind.FOUNDATION:  # where pairs go when removed
        shown = "that card" if state.hidden[pile] >= len(cards) else cards[-1].symbol
        return f"{shown} has been removed already"
    if pile not in state.variant.tables.exposable:
        return f"cards on {spec.id.title} are out of play"
    if state.hidden[pile] >= len(cards):
        return f"the top card of {spec.id.title} is face down"
    return f"{cards[-1].symbol} is covered: only exposed cards pair"


def discard(state: State, move: Move, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Put the paired top cards on the discard foundation."""
    assert move.source is not None
    variant = state.variant
    sources = [move.source] if move.target is None else [move.source, move.target]
    discarded = variant.tables.foundations[0]
    for i in sources:
        piles[discarded] = piles[discarded] + piles[i][-1:]
        piles[i] = piles[i][:-1]
        settle(variant, piles, hidden, i)
