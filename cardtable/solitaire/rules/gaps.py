"""Montana's gaps and rows: a gap takes the card one higher in suit than the card to its
left (any card of the row's starting rank at a row's start; nothing after a King or
another gap), each row is built in one suit from its first place, and a redeal gathers
what is out of sequence and deals it again.

The gap itself is an empty rule (``EmptyRule.after``, compiled to ``Tables.follows``);
this module holds what reads whole rows: how far a row is in sequence, the redeal, the
goal and the words of a refused card. The redeal gathers the cards out of sequence in
reading order and shuffles them as gathered with ``gathering.mixed`` (seeded by which
cards they are and the redeal's number), so both engines deal alike and each deal
redeals its own way; the cards go to the places out of sequence in reading order,
leaving empty the first of them in each row.
"""

from __future__ import annotations

from cardtable.cards import Card, Rank
from cardtable.solitaire.model import LEGAL, State, Verdict
from cardtable.solitaire.rules.gathering import mixed

IN_SUIT = "each row holds one suit in order from its first place"


def rows(state: State) -> list[tuple[int, ...]]:
    """The grid's rows of tableau piles, in reading order."""
    t = state.variant.tables
    width = state.variant.grid or len(t.tableau)
    return [t.tableau[n : n + width] for n in range(0, len(t.tableau), width)]


def row_start(state: State) -> Rank:
    """The rank every row starts with (what its first place takes)."""
    first = state.variant.piles[state.variant.tables.tableau[0]].empty.ranks
    assert first, "a row's first place names the rank it takes"
    return first[0]


def in_sequence(state: State, row: tuple[int, ...]) -> int:
    """How many places from the row's start hold its suit in order from the start rank."""
    ranks = state.variant.deck.ranks
    at = ranks.index(row_start(state))
    piles = state.piles
    first = piles[row[0]]
    if not first:
        return 0
    suit = first[-1].suit
    n = 0
    for place in row:
        cards = piles[place]
        if not cards or at + n >= len(ranks) or cards[-1].suit is not suit or cards[-1].rank is not ranks[at + n]:
            break
        n += 1
    return n


def rows_in_suit(state: State) -> bool:
    """Whether every row holds its suit in order, from the start rank to the top."""
    ranks = state.variant.deck.ranks
    length = len(ranks) - ranks.index(row_start(state))
    return all(in_sequence(state, row) == length for row in rows(state))


def share_in_sequence(state: State) -> float:
    """The share of the cards in play that lie in sequence from their row's start."""
    ranks = state.variant.deck.ranks
    length = len(ranks) - ranks.index(row_start(state))
    every = rows(state)
    return sum(in_sequence(state, row) for row in every) / max(1, length * len(every))


def regap(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Gather the cards out of sequence, shuffle them and deal them to the places out of
    sequence, the first such place of each row left empty."""
    places: list[int] = []
    gaps: set[int] = set()
    for row in rows(state):
        n = in_sequence(state, row)
        if n < len(row):
            gaps.add(row[n])
            places += row[n:]
    by_index = {c.index: c for i in places for c in piles[i]}
    order = mixed(tuple(by_index), state.redeals)  # (as gathered, place by place)
    dealt = iter(order)
    for i in places:
        piles[i] = () if i in gaps else (by_index[next(dealt)],)
        hidden[i] = 0


def no(reason: str) -> Verdict:
    """A refusal (as ``words.no``: words reads the observer, which reads the goal here)."""
    return Verdict(False, reason)


def _left_card(state: State, left: int) -> str:
    """The card to a gap's left as a player may name it (never a face-down card)."""
    cards = state.piles[left]
    return cards[-1].symbol if state.is_face_up(left, len(cards) - 1) else "a face-down card"


def check_gap(state: State, pile: int, card: Card) -> Verdict:
    """Whether ``card`` may fill the gap ``pile`` (whose empty rule follows its left
    neighbour), and if not, why."""
    lead = state.variant.tables.follows[pile]
    assert lead is not None
    left, table = lead
    title = state.variant.piles[pile].id.title
    cards = state.piles[left]
    rule = state.variant.piles[pile].empty
    if not cards:
        return no(f"{card.symbol} can't go in the gap at {title}: the place to its left is empty ({rule.phrase})")
    if card.index not in table[cards[-1].index]:
        return no(f"{card.symbol} can't go in the gap after {_left_card(state, left)}: it takes {rule.phrase}")
    return LEGAL


def why_no_gap(state: State, card: Card) -> str | None:
    """Why ``card``, free to move, fills no gap: the card it must follow has no gap after
    it, or no first place of a row (which takes the start rank) is empty; None where it
    can't be said so (a game without such gaps, a card it follows out of sight). Only
    cards in sight are named.

    >>> from cardtable.solitaire import get_variant
    >>> montana = get_variant("montana").start(1)  # 3♠ lies at place 32, 2♣ after it
    >>> why_no_gap(montana, montana.piles[montana.variant.index_of_name("t1")][-1])
    '4♠ goes only in a gap just after 3♠, and the place after 3♠ is taken'
    """
    variant = state.variant
    t, piles = variant.tables, state.piles
    after = {lead[0]: (i, lead[1]) for i, lead in ((i, t.follows[i]) for i in t.tableau) if lead is not None}
    if not after:
        return None
    if any(t.follows[i] is None and card.rank in (variant.piles[i].empty.ranks or ()) for i in t.tableau):
        return f"{card.symbol} goes only in the first place of a row, and none is empty"
    table = next(iter(after.values()))[1]
    for pile in t.tableau:
        cards = piles[pile]
        if not cards or not state.is_face_up(pile, len(cards) - 1):
            continue
        lead = cards[-1]
        if card.index not in (after[pile][1] if pile in after else table)[lead.index]:
            continue
        if pile not in after:
            return f"{card.symbol} goes only in a gap just after {lead.symbol}, and {lead.symbol} ends a row"
        return f"{card.symbol} goes only in a gap just after {lead.symbol}, and the place after {lead.symbol} is taken"
    return None
