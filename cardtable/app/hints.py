"""Hints: the legal moves ranked, each with a reason in words.

``Hinter`` is the interface; ``HeuristicHinter`` ranks by simple, explainable rules, and
``guide.SolvingHinter`` puts a move that leads to a win ahead of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, State, apply, legal_moves
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.observe import seen_card, stock_known
from cardtable.solitaire.rules.gaps import in_sequence, rows
from cardtable.solitaire.rules.groups import WHOLE_PILES
from cardtable.solitaire.rules.stock import deals_onto_full_columns
from cardtable.solitaire.traits import Layout


QUICK_HINT = "a quick hint: the solver is busy"
"""How a hint from the heuristic alone, given while the solver is busy, says so."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move, how good it looks, and why."""

    move: Move
    score: int
    reason: str


class Avoid(Protocol):
    """Whether a move must not be suggested: played from ``state``, or from the position
    hinted at where ``state`` is None."""

    def __call__(self, move: Move, state: State | None = None) -> bool: ...


class Hinter(Protocol):
    """Anything that can rank the moves of a position."""

    def best_moves(
        self, state: State, previous: Move | None = None, avoid: Avoid | None = None,
        known: frozenset[Card] = frozenset(),
    ) -> list[Hint]:
        """The legal moves, best first; ``previous`` is the move just played, if any;
        none that ``avoid`` refuses (a move back to a position already reached); ``known``
        the face-down cards whose places the player knows, for a hinter that looks ahead."""
        ...


def _card_words(state: State, pile: int, index: int) -> str:
    """A card for a message: its name when face up, only where it lies when face down."""
    card = seen_card(state, pile, index)
    if card is None:
        return f"the face-down card of {state.variant.piles[pile].id.title}"
    return card.symbol


def describe(state: State, move: Move) -> str:
    """What a move does, in words a player can follow at the table.

    >>> from cardtable.solitaire import get_variant
    >>> state = get_variant("freecell").start(1)
    >>> describe(state, Move(MoveKind.MOVE, state.variant.index_of_name("t1"), state.variant.index_of_name("c1")))
    '6♠ from column 1 to free cell 1'
    >>> peaks = get_variant("tri-peaks").start(2)
    >>> describe(peaks, Move(MoveKind.MOVE, peaks.variant.index_of_name("t19"), peaks.variant.index_of_name("waste")))
    'Q♣ to the waste'
    """
    if move.kind is MoveKind.DEAL:
        return "deal from the stock"
    if move.kind is MoveKind.REDEAL:
        if state.variant.tables.waste is None:  # a redeal of the columns says what it does
            return "redeal: " + state.variant.stock.redeal_in(state.variant.tableau_word)
        return "turn the waste over into the stock"
    assert move.source is not None
    source_top = len(state.piles[move.source]) - 1
    if move.kind is MoveKind.PAIR:
        first = _card_words(state, move.source, source_top)
        if move.target is None:
            return f"remove {first}"
        second = _card_words(state, move.target, len(state.piles[move.target]) - 1)
        return f"remove {first} and {second}"
    assert move.target is not None
    piles = state.variant.piles
    group = piles[move.source].group
    others = "the card" if move.count == 2 else f"the {move.count - 1} cards"
    if move.count == 1:
        run = _card_words(state, move.source, source_top)
    elif group is not None and group.kind in WHOLE_PILES:  # the pile shows its top card
        run = f"{_card_words(state, move.source, source_top)} and {others} under it"
    else:
        run = f"{_card_words(state, move.source, source_top + 1 - move.count)} and {others} on it"
    gap = gap_words(state, move.target)
    if gap:  # (a grid's places have no names on the table: the card and where it goes say it)
        return f"{run} into {gap}"
    if _unnamed(state, move.source):  # (a peak's places have no names either: the card says which)
        return f"{run} to {piles[move.target].id.title}"
    return f"{run} from {piles[move.source].id.title} to {piles[move.target].id.title}"


def _unnamed(state: State, pile: int) -> bool:
    """Whether the table shows ``pile`` without a name: a place in a pyramid or peaks
    (Tri-Peaks' place 19 is found by its card)."""
    return state.variant.traits.layout is Layout.TRIANGLE and pile in state.variant.tables.tableau


def _in_run(state: State, place: int) -> bool:
    """Whether the card at the grid's ``place`` lies in its row's run from the row's
    start (``gaps.in_sequence``), or, the place empty, one put there would."""
    row = next((r for r in rows(state) if place in r), ())
    if not row:
        return False
    reached = in_sequence(state, row)
    return row.index(place) < reached if state.piles[place] else row.index(place) == reached


def gap_words(state: State, pile: int) -> str:
    """A grid's empty place as the player finds it: by the card to its left, or as the
    start of its row ('' for any other pile, or one that holds a card).

    >>> from cardtable.solitaire import get_variant
    >>> montana = get_variant("montana").start(1)
    >>> gaps = [p for p in montana.variant.tables.tableau if not montana.piles[p]]
    >>> [gap_words(montana, p) for p in gaps][:1]
    ['the gap after K♦']
    """
    follows = state.variant.tables.follows
    if state.piles[pile] or not any(follows):
        return ""
    lead = follows[pile]
    if lead is not None:
        left = state.piles[lead[0]]
        return f"the gap after {left[-1].symbol}" if left else "the gap after another gap"
    row = next((n for n, places in enumerate(rows(state), 1) if pile in places), None)
    return "" if row is None else f"the gap that starts row {row}"


def _last_free_place(state: State, cell: int) -> bool:
    """Whether ``cell`` is the last empty free cell, with no empty column that takes any
    card either (one that takes only a King sets nothing else aside): once it is filled,
    nothing more can be set aside."""
    variant = state.variant
    columns = [p for p in variant.piles_of(PileKind.TABLEAU) if variant.piles[p].empty.ranks is None]
    return not any(not state.piles[p] for p in (*variant.piles_of(PileKind.CELL), *columns) if p != cell)


def _freed(state: State, move: Move, left: int) -> PileKind | None:
    """Where the card ``move`` leaves on top of its pile can go next, other than a free
    cell: a foundation if it can go home, else the tableau, or None (nowhere yet)."""
    if not left or state.hidden[move.source or 0] >= left:
        return None
    after = apply(state, move, trusted=True)
    kinds = {after.variant.piles[m.target].kind for m in legal_moves(after)
             if m.kind is MoveKind.MOVE and m.source == move.source and m.target is not None}
    return next((kind for kind in (PileKind.FOUNDATION, PileKind.TABLEAU) if kind in kinds), None)


class HeuristicHinter:
    """Ranks moves by what they achieve: cards home, cards revealed, columns emptied."""

    def best_moves(
        self, state: State, previous: Move | None = None, avoid: Avoid | None = None,
        known: frozenset[Card] = frozenset(),
    ) -> list[Hint]:
        """The legal moves, best first, each saying what to do and why; none that
        ``avoid`` refuses. (It judges the move alone: ``known`` is not used.)"""
        full = deals_onto_full_columns(state)
        hints = [self._judge(state, m, previous, full) for m in legal_moves(state) if avoid is None or not avoid(m)]
        ranked = sorted(hints, key=lambda h: -h.score)
        return [Hint(h.move, h.score, f"{describe(state, h.move)}: {h.reason}") for h in ranked]

    def _judge(self, state: State, move: Move, previous: Move | None, full: bool = False) -> Hint:
        """One move's worth. ``full``: the stock still has cards and deals only when every
        column holds one (``deals_onto_full_columns``), so a column emptied for no more
        than that holds the deal back, and one filled brings it nearer."""
        variant = state.variant
        if move.kind is MoveKind.DEAL:
            return Hint(move, 1, "cards seen on an earlier pass come round again" if stock_known(state) else "new cards come into play")
        if move.kind is MoveKind.REDEAL:
            again = "another pass through the stock" if variant.tables.waste is not None else "the cards laid out afresh"
            return Hint(move, 0, again)
        if move.kind is MoveKind.PAIR:
            return Hint(move, 60, "the pair totals 13 and leaves the game" if move.target is not None else "a King leaves the game alone")
        assert move.source is not None and move.target is not None
        source, target = variant.piles[move.source], variant.piles[move.target]
        cards = state.piles[move.source]
        card = cards[-move.count]
        left = len(cards) - move.count
        reveals = left > 0 and state.hidden[move.source] >= left
        if previous is not None and previous.kind is MoveKind.MOVE and (previous.source, previous.target) == (move.target, move.source):
            return Hint(move, -80, "that only takes back the last move")
        if target.kind is PileKind.FOUNDATION:
            return Hint(move, 100 + 20 * reveals, "it goes home" + (" and turns up a face-down card" if reveals else ""))
        if source.kind is PileKind.FOUNDATION:
            return Hint(move, -40, "a card back down from its foundation gives something to build on")
        if reveals:
            return Hint(move, 80, "that turns up a face-down card")
        empties = left == 0 and source.kind is PileKind.TABLEAU
        onto_empty = not state.piles[move.target]
        alike = any(move.source in group and move.target in group for group in variant.tables.symmetric)
        if gap_words(state, move.target):  # (in a grid every move empties a place: what counts is the row's run)
            if _in_run(state, move.source):
                return Hint(move, -50, "that breaks the run it stands in, from its row's start")
            if _in_run(state, move.target):
                words = "it carries its row's run on" if variant.tables.follows[move.target] else "it starts its row's run"
                return Hint(move, 70, f"{words}, and stays where it lies from now on")
            return Hint(move, 30, "it fits, though its row's run from the start does not reach it yet")
        if empties and onto_empty and alike:  # (a grid's places are not alike: where a card lies matters)
            return Hint(move, -60, f"from one empty {source.id.noun} to another changes nothing")
        if empties:
            if full:
                return Hint(move, 0, f"that empties a {source.id.noun}, but the stock deals only when none is empty")
            return Hint(move, 50, f"that empties a {source.id.noun}")
        if target.kind is PileKind.CELL:
            freed = _freed(state, move, left)
            if _last_free_place(state, move.target) and freed is not PileKind.FOUNDATION:
                return Hint(move, -20, "that takes the last free place, and the card under it can't go home")
            if freed is None:
                return Hint(move, -5, "nothing can use the card under it yet")
            return Hint(move, 5, "parking it frees the card under it")
        if source.kind is PileKind.WASTE:
            return Hint(move, 40, "that brings a card from the waste into play")
        if onto_empty and full and target.kind is PileKind.TABLEAU:
            return Hint(move, 2, f"that fills an empty {target.id.noun}, and the stock deals only when none is empty")
        below = cards[left - 1] if left else None
        if below is not None and source.build is not None and source.build.allows(variant.deck, below, card):
            # Below a deal or a redeal, even onto an empty pile: a run split off there and
            # joined again, over and over, is how a game wanders without end.
            return Hint(move, -10, "it fits where it is too, so this gains little")
        if onto_empty:
            return Hint(move, 10, f"that starts a new {target.id.noun}")
        return Hint(move, 30, f"it builds on {state.piles[move.target][-1].symbol}")


RANKER = HeuristicHinter()
"""The heuristic's ranking, for whoever wants moves ordered without a search (it holds no state)."""
