"""The tableau as a grid of single-card places (``Variant.grid``: places in a row), and
Monte Carlo's closing up.

Places are the tableau piles in reading order, row after row. Two places are neighbours
when they touch across, up and down or diagonally. Closing up slides every card left in
the grid towards the first place, keeping their reading order, and refills the places
left empty at the end from the stock, its top card first: in Monte Carlo the player asks
for it with the stock (a deal), as in PySolFC, once a pair has left gaps.

>>> neighbours((0, 1, 2, 3, 4, 5), 3)[0], neighbours((0, 1, 2, 3, 4, 5), 3)[4]
(frozenset({1, 3, 4}), frozenset({0, 1, 2, 3, 5}))
"""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.solitaire.model import LEGAL, State, Verdict
from cardtable.solitaire.rules.reveal import stock_hidden
from cardtable.solitaire.rules.words import no

TOUCHING = "lying next to each other (across, up and down, or diagonally)"


def neighbours(places: tuple[int, ...], row: int) -> tuple[frozenset[int], ...]:
    """For each place (in reading order), the piles of the places touching it."""
    out = []
    for n in range(len(places)):
        r, c = divmod(n, row)
        near = set()
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                m = rr * row + cc
                if (dr or dc) and 0 <= cc < row and 0 <= rr and m < len(places):
                    near.add(places[m])
        out.append(frozenset(near))
    return tuple(out)


def can_close_up(state: State) -> bool:
    """Whether closing up would change the layout: a gap lies before a card, or a gap
    is left and the stock can fill it."""
    t = state.variant.tables
    piles = state.piles
    gap = False
    for i in t.tableau:
        if not piles[i]:
            gap = True
        elif gap:
            return True
    return gap and t.stock is not None and bool(piles[t.stock])


def check_close_up(state: State) -> Verdict:
    """Whether the stock may close the layout up now, and if not, why."""
    if can_close_up(state):
        return LEGAL
    t = state.variant.tables
    if not any(not state.piles[i] for i in t.tableau):
        return no("there is no gap to close up: remove a pair first")
    return no("the gaps are at the end and the stock is empty: there is nothing to close up")


def close_up(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Slide the cards towards the first place in reading order, then refill the empty
    places at the end from the stock, its top card first."""
    t = state.variant.tables
    laid = [piles[i] for i in t.tableau if piles[i]]
    s = t.stock
    stock = piles[s] if s is not None else ()
    for n, i in enumerate(t.tableau):
        if n < len(laid):
            piles[i] = laid[n]
        elif stock:
            piles[i] = stock[-1:]
            stock = stock[:-1]
        else:
            piles[i] = ()
        hidden[i] = 0
    if s is not None:
        piles[s] = stock
        hidden[s] = stock_hidden(state.variant, len(stock))


def slide(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Close the row up after a move (Accordion): the piles after an emptied place slide
    left, keeping their order, so the places in use stay together at the start."""
    t = state.variant.tables
    laid = [(piles[i], hidden[i]) for i in t.tableau if piles[i]]
    for n, i in enumerate(t.tableau):
        piles[i], hidden[i] = laid[n] if n < len(laid) else ((), 0)


def first_gap(state: State) -> int | None:
    """The first empty place of the tableau (None: every place holds cards)."""
    piles = state.piles
    return next((i for i in state.variant.tables.tableau if not piles[i]), None)


def fill_first_gap(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Deal the stock's top card, face up, into the first empty place."""
    t = state.variant.tables
    s = t.stock
    gap = first_gap(state)
    assert s is not None and gap is not None
    piles[gap] = piles[s][-1:]
    hidden[gap] = 0
    piles[s] = piles[s][:-1]
    hidden[s] = stock_hidden(state.variant, len(piles[s]))


def reaches(state: State, source: int, target: int) -> bool:
    """Whether a pile at ``source`` may move onto ``target``, ``reach`` places to its left."""
    reach = state.variant.reach
    t = state.variant.tables
    if reach is None:
        return True
    if source not in t.tableau or target not in t.tableau:
        return False
    return t.tableau.index(source) - t.tableau.index(target) in reach


def reach_words(reach: tuple[int, ...]) -> str:
    """``a pile moves only onto the pile 1 or 3 places to its left``."""
    places = " or ".join(str(r) for r in reach)
    return f"a pile moves only onto the pile {places} place{'s' if reach != (1,) else ''} to its left"
