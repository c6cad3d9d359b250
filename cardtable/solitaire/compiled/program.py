"""A variant's compiled tables as plain arrays: the form the compiled generator reads.

Every array here is read off ``variant.tables`` (which the atoms compiled), never off a
game's id, so a game declared later gets its compiled form for free. Card tables are
indexed by ``Card.index`` (0..51); a two-deck game simply holds each index twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cardtable.solitaire.compiled.rules import Rules, lent, made
from cardtable.solitaire.compiled.shared import MOVES_STAY_PUT, SAFE_DEEPER, SINGLES_SAFE
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rules.goal import cards_to_win
from cardtable.solitaire.rules.groups import GroupKind
from cardtable.solitaire.rules.stock import StockTarget
from cardtable.solitaire.rules.turning import turned_from
from cardtable.solitaire.tables import Table
from cardtable.solitaire.variant import Goal, Variant

Array = npt.NDArray[np.int64]

GROUP_CODES = {
    GroupKind.ONE: 0, GroupKind.RUN: 1, GroupKind.SUPERMOVE: 2, GroupKind.FACE_UP: 3, GroupKind.WHOLE: 4,
    GroupKind.ONE_OR_WHOLE: 5, GroupKind.WHOLE_BY_TOP: 9,
}
"""The compiled code of each movable-group kind (-1: nothing moves)."""

# Positions in Program.meta (the kernel reads them by these names).
PILES, CAPACITY, STOCK, WASTE, STOCK_TARGET, DEAL_COUNT, REDEALS_ALLOWED = 0, 1, 2, 3, 4, 5, 6
NEEDS_FILLED, FLIP, GOAL, DECK_SIZE, CLEAR_RUN, HAS_PAIRS, PAIR_TOTAL = 7, 8, 9, 10, 11, 12, 13
RUN_LENGTH, AUTO_HOME, DISCARD, WASTE_AUTO, DEALING_GROUPS_DIFFER, KEY_REDEALS = 14, 15, 16, 17, 18, 19
REFILL, BY_BASE, RANKS, SHUFFLE, OUTRANKED, STOCK_FACE_UP = 20, 21, 22, 23, 24, 25
TURN_TO = 26  # the pile a turned-up card goes to (rules/turning.py), -1: none
SAME_RANK, SLIDE, GRID_ROW, GRID_GOAL = 30, 31, 32, 33
ROWS_GOAL, ONE_PILE_GOAL = 1, 2
"""``meta[GRID_GOAL]``: 0 for the goals read off the foundations or the cleared tableau."""
META_SIZE = 39
NO_STEP = -1000
"""``base_step`` of a pile whose empty rule names its ranks outright."""

_STOCK_TARGETS = {StockTarget.NONE: 0, StockTarget.WASTE: 1, StockTarget.TABLEAU: 2, StockTarget.GATHER: 3, StockTarget.RESERVE: 4,
                  StockTarget.ROTATE: 5}
_STOCK_TARGETS |= {StockTarget.CLOSE_UP: 10, StockTarget.GAPS: 11, StockTarget.FIRST_GAP: 12}


@dataclass(frozen=True, slots=True, eq=False)
class Program:
    """The arrays of one variant's rules. ``rules`` is the struct the kernels take.

    Card tables are ``tables[t, below, above]``: whether ``above`` may lie on ``below``
    under compiled rule ``t`` (a build order or a run order).
    """

    variant: Variant
    meta: Array
    rules: Rules
    piles: int
    capacity: int
    owned: Rules
    """The arrays ``rules`` borrows (``rules.lent``): kept here so they live as long."""


_PROGRAMS: dict[Variant, Program] = {}
"""Variants compare by identity, so each variant object has its own compiled form."""


def program_of(variant: Variant) -> Program:
    """The compiled arrays of ``variant``, built once per variant.

    >>> from cardtable.solitaire.registry import get_variant
    >>> program = program_of(get_variant("freecell"))
    >>> program.piles, program.capacity
    (16, 52)
    """
    found = _PROGRAMS.get(variant)
    if found is None:
        found = _PROGRAMS[variant] = _compile(variant)
    return found


def _compile(variant: Variant) -> Program:
    t = variant.tables
    count = len(variant.piles)
    if count > 250 or variant.deck.size > 250 or len(t.foundations) > 62:  # kernel._taking: a bit per foundation
        raise ValueError(f"{variant.id}: too many piles or cards for the compiled form")
    tables: list[tuple[frozenset[int], ...]] = []

    def table_id(table: tuple[frozenset[int], ...] | None) -> int:
        if table is None:
            return -1
        for n, known in enumerate(tables):
            if known is table or known == table:
                return n
        tables.append(table)
        return len(tables) - 1

    build_id = np.array([table_id(b) for b in t.build], dtype=np.int64)
    run_id = np.array([table_id(r) for r in t.run], dtype=np.int64)
    clear = table_id(t.clear_run)
    home_rules = {(s.build, s.empty) for s in variant.piles if s.kind is PileKind.FOUNDATION}
    dependents = _dependents(variant)
    grid = _grid_rules(variant, table_id)  # before the card tables: it adds the gaps' table
    card_tables = np.zeros((max(len(tables), 1), 52, 52), dtype=np.bool_)
    for n, table in enumerate(tables):
        for below, aboves in enumerate(table):
            for above in aboves:
                card_tables[n, below, above] = True
    empty = np.zeros((count, 52), dtype=np.bool_)
    for i, accepted in enumerate(t.empty):
        for c in accepted:
            empty[i, c] = True
    takes = np.zeros(count, dtype=np.bool_)
    takes[list(t.targets)] = True
    group = np.array([-1 if g is None else GROUP_CODES[g] for g in t.group], dtype=np.int64)
    capacity = np.array([-1 if c is None else c for c in t.capacity], dtype=np.int64)
    covered = _padded(t.covered)
    copies = np.zeros(52, dtype=np.int64)
    for card in variant.deck.cards():
        copies[card.index] += 1
    singles = np.zeros(52, dtype=np.bool_)
    pairs = variant.pairs
    if pairs is not None:
        for c in range(52):
            singles[c] = (c % 13 + 1) in {int(r) for r in pairs.singles}
    meta = np.zeros(META_SIZE, dtype=np.int64)
    stock = variant.stock
    meta[PILES] = count
    meta[CAPACITY] = variant.deck.size
    meta[STOCK] = -1 if t.stock is None else t.stock
    meta[WASTE] = -1 if t.waste is None else t.waste
    meta[STOCK_TARGET] = _STOCK_TARGETS[stock.target]
    meta[DEAL_COUNT] = stock.count
    meta[REDEALS_ALLOWED] = -1 if stock.redeals_allowed is None else stock.redeals_allowed
    meta[NEEDS_FILLED] = stock.needs_every_pile_filled
    meta[FLIP] = variant.flip_revealed
    meta[GOAL] = 1 if variant.goal is Goal.TABLEAU_CLEARED else 0
    meta[DECK_SIZE] = cards_to_win(variant)  # the cards home in a won game
    meta[CLEAR_RUN] = clear
    meta[HAS_PAIRS] = pairs is not None
    meta[PAIR_TOTAL] = 0 if pairs is None else pairs.total
    meta[RUN_LENGTH] = len(variant.deck.ranks)
    # A card may be sent home without asking only where that can never cost the game:
    # every foundation follows one rule (so it does not matter which takes the card),
    # the goal is the foundations, each takes only one card on a given card (so a card
    # home never takes another's place), and no stock rule needs a column kept filled. A
    # redeal that gathers the columns lays them out by how many cards each holds (and a
    # shuffled one mixes by which cards are gathered), so a card sent home early changes
    # every later layout: such games send nothing home unasked.
    # Foundations of several rules will do where no card can ever join two of them
    # (Quadrille's Fives, Queens and Sixes: see _homes_apart).
    meta[AUTO_HOME] = (
        variant.goal is Goal.ALL_TO_FOUNDATIONS
        and (
            (t.homes_in_order and len(home_rules) == 1 and next(iter(home_rules))[0] is not None)
            or _homes_apart(variant)
        )
        and not stock.needs_every_pile_filled
        and stock.target is not StockTarget.GATHER
        and pairs is None
    )
    # Taking a card out of a waste dealt several at a time changes which cards later
    # passes turn up, so only a one-at-a-time waste gives up cards automatically.
    meta[WASTE_AUTO] = stock.count == 1
    # A card removed alone pairs with nothing, and taking it away only uncovers cards: any
    # win that removes it later is a win with it removed now, where cards are only ever
    # taken away (no grid that closes up or keeps its places, no gathering redeal).
    meta[SINGLES_SAFE] = (
        pairs is not None and bool(pairs.singles) and variant.goal in (Goal.ALL_TO_FOUNDATIONS, Goal.TABLEAU_CLEARED)
        and not variant.closes_up and not variant.grid and stock.target is StockTarget.WASTE
    )
    meta[DISCARD] = t.foundations[0] if t.foundations else -1
    meta[DEALING_GROUPS_DIFFER] = t.symmetric_while_dealing is not t.symmetric
    meta[KEY_REDEALS] = stock.redeals_allowed is not None
    meta[REFILL] = -1 if t.refill is None else t.refill
    meta[BY_BASE] = t.by_base
    meta[RANKS] = len(variant.deck.ranks)
    meta[SHUFFLE] = stock.shuffle
    meta[OUTRANKED] = variant.discard is not None
    meta[STOCK_FACE_UP] = stock.face_up
    meta[TURN_TO] = -1 if variant.turn_up is None else variant.index_of(variant.turn_up.to)
    _grid_meta(variant, meta)
    # A pile started by a rank the deal chose: that rank's step from the base, and each
    # card's place in the deck's rank order (-1: not in the deck).
    base_step = np.array(
        [NO_STEP if s.empty.from_base is None else s.empty.from_base for s in variant.piles], dtype=np.int64
    )
    # feeds[i, j]: pile j takes cards from pile i (every pair, unless the tables name its feeders).
    feeds = np.ones((count, count), dtype=np.bool_)
    for j, *_, feeders in t.receivers:
        if feeders is not None:
            feeds[:, j] = [i in feeders for i in range(count)]
    rank_pos = np.full(52, -1, dtype=np.int64)
    for card in variant.deck.cards():
        rank_pos[card.index] = variant.deck.ranks.index(card.rank)
    uncovers, waiting = _padded(t.uncovers), _waiting(variant)
    ranks_from = np.array([-1 if p is None else p for p in t.ranks_from] or [-1] * count, dtype=np.int64)
    meta[MOVES_STAY_PUT] = (
        meta[REFILL] < 0 and not meta[SLIDE] and meta[CLEAR_RUN] < 0 and meta[TURN_TO] < 0
        and not (covered >= 0).any() and not (uncovers >= 0).any() and not waiting.any() and not (ranks_from >= 0).any()
    )
    meta[SAFE_DEEPER] = _safe_deeper(variant, meta, group, feeds, card_tables[run_id], dependents)
    owned = made(  # type: ignore[call-arg]
        meta,
        group,
        run_id,
        build_id,
        card_tables,
        _followers(card_tables),
        empty,
        takes,
        capacity,
        np.array(t.one_in, dtype=np.bool_),
        np.array(t.is_foundation, dtype=np.bool_),
        np.array([i in t.supermove_sources for i in range(count)], dtype=np.bool_),
        covered,
        np.array(t.cells, dtype=np.int64),
        np.array(t.open_columns, dtype=np.int64),
        np.array(t.tableau, dtype=np.int64),
        np.array(t.foundations, dtype=np.int64),
        np.array(t.exposable, dtype=np.int64),
        singles,
        _padded(t.symmetric),
        np.array(t.fixed, dtype=np.int64),
        _padded(t.symmetric_while_dealing),
        np.array(t.fixed_while_dealing, dtype=np.int64),
        dependents,
        copies,
        base_step,
        rank_pos,
        feeds,
        np.array(t.dealt_to, dtype=np.int64),
        uncovers,
        np.array(turned_from(variant), dtype=np.int64),
        *grid,
        waiting,
        _precedes(variant),
        ranks_from,
        np.array([i in t.sinks for i in range(count)], dtype=np.bool_),
    )
    return Program(variant, meta, lent(owned), count, variant.deck.size, owned)


def _grid_meta(variant: Variant, meta: Array) -> None:
    """The grid games' meta: pairs of one rank (Monte Carlo), a row that closes up after
    every move (Accordion), the grid's row length, and a goal read off the grid (rows in
    suit from the rank a row's first place takes, or one pile)."""
    pairs = variant.pairs
    meta[SAME_RANK] = pairs is not None and pairs.same_rank
    meta[SLIDE] = variant.closes_up
    meta[GRID_ROW] = variant.grid or 0
    meta[GRID_GOAL] = {Goal.ROWS_IN_SUIT: ROWS_GOAL, Goal.ONE_PILE: ONE_PILE_GOAL}.get(variant.goal, 0)


def _grid_rules(variant: Variant, table_id: Callable[[Table | None], int]) -> tuple[npt.NDArray[np.generic], ...]:
    """The grid's arrays, appended to ``rules``: ``touching[i, j]`` (pairs may be made of
    piles i and j: every pair where the game's pairs need not touch), ``left[j]`` (the
    pile a gap at j continues, -1: none) and ``after[j]`` (the card table of what it takes)."""
    t = variant.tables
    count = len(variant.piles)
    touching = np.ones((count, count), dtype=np.bool_)
    if t.neighbours is not None:
        touching[:] = False
        for i, near in enumerate(t.neighbours):
            touching[i, list(near)] = True
    left = np.full(count, -1, dtype=np.int64)
    after = np.full(count, -1, dtype=np.int64)
    for j, lead in enumerate(t.follows):
        if lead is not None:
            left[j] = lead[0]
            after[j] = table_id(lead[1])
    return touching, left, after


def _waiting(variant: Variant) -> npt.NDArray[np.bool_]:
    """``waiting[j]``: pile ``j`` takes no card while the stock holds any (``rules/waiting.py``)."""
    out = np.zeros(len(variant.piles), dtype=np.bool_)
    out[list(variant.tables.after_stock)] = True
    return out


def _precedes(variant: Variant) -> npt.NDArray[np.bool_]:
    """``precedes[y, x]``: card ``y`` must reach the foundations before card ``x`` can (the
    foundations' build order, followed on; pairs that could come either way are left
    out). Only the solver's estimate reads it, and only for a game that weighs it."""
    out = np.zeros((52, 52), dtype=np.bool_)
    if not variant.solving.blocked:
        return out
    for spec, table in zip(variant.piles, variant.tables.build):
        if table is None or spec.kind is not PileKind.FOUNDATION:
            continue
        for below, aboves in enumerate(table):
            for above in aboves:
                out[below, above] = True
    for _ in range(6):  # 2**6 > 13 steps: the closure of the order
        out = out | (out.astype(np.int64) @ out.astype(np.int64) > 0)
    return out & ~out.T


def _followers(card_tables: npt.NDArray[np.bool_]) -> Array:
    """``followers[t, c]``: the cards that may lie on card ``c`` under card table ``t``,
    padded with -1 (a short list where the table's row is 52 flags)."""
    width = max(1, int(card_tables.sum(axis=2).max(initial=0)))
    out = np.full((card_tables.shape[0], 52, width), -1, dtype=np.int64)
    for t, below in zip(*np.nonzero(card_tables.any(axis=2))):
        aboves = np.flatnonzero(card_tables[t, below])
        out[t, below, : len(aboves)] = aboves
    return out


def _padded(rows: tuple[tuple[int, ...], ...]) -> Array:
    """Ragged rows as one array padded with -1 (at least one column)."""
    width = max((len(r) for r in rows), default=0) or 1
    out = np.full((max(len(rows), 1), width), -1, dtype=np.int64)
    for n, row in enumerate(rows):
        out[n, : len(row)] = row
    if not rows:
        out = out[:0]
    return out


def _homes_apart(variant: Variant) -> bool:
    """Whether the foundations follow several rules but no card can ever reach foundations
    of two of them, and each takes at most one card on any card: then a card sent home
    has only one kind of place to go, and which pile of that kind takes it does not matter.

    A foundation's reach is what its empty rule takes, followed along its build table as
    far as its capacity allows (a Five built down to the King stops short of the Queen).
    """
    t = variant.tables
    reach: dict[object, set[int]] = {}
    for f in t.foundations:
        spec, table = variant.piles[f], t.build[f]
        if table is not None and any(len(aboves) > 1 for aboves in table):
            return False
        cards = set(t.empty[f])
        if not cards:
            return False  # started by the deal (Bisley's Aces): its reach is not known here
        edge = set(cards)
        for _ in range((spec.capacity or variant.deck.size) - 1):
            if table is None:
                break
            edge = {a for c in edge for a in table[c]} - cards
            cards |= edge
        reach.setdefault((spec.build, spec.empty), set()).update(cards)
    if len(reach) < 2:
        return False
    seen: set[int] = set()
    for cards in reach.values():
        if seen & cards:
            return False
        seen |= cards
    return True


def _safe_deeper(
    variant: Variant, meta: Array, group: Array, feeds: npt.NDArray[np.bool_], runs: npt.NDArray[np.bool_], dependents: Array
) -> bool:
    """Whether card c may go home while a card x that could be built on it is still out,
    so long as x goes home next, as does each card y still out that could be built on x,
    and every card that could be built on y is home (a red Six goes home with both black
    Fives out if the black Fours and the other red Four are home).

    Why no win is lost: a win that keeps c out uses it only to hold x, or a run x, y
    (nothing else can lie on y: its own dependents are home). Where the win lays them on
    c, y and x go home instead, each next in line and on top just then; anything that
    would later be laid on them is home already. So the same win is played with c, x
    and y home, as long as sending them home early changes nothing else: foundations
    that never give cards back (the next card stays next until it goes), one card of
    each, every pile sending its cards home, runs that only move in building order, no
    stock dealt onto the piles, no foundation that fills up, and no move with a further
    effect (``MOVES_STAY_PUT``)."""
    t = variant.tables
    homes = list(t.foundations)
    if not meta[AUTO_HOME] or not meta[MOVES_STAY_PUT] or any(t.group[f] is not None for f in homes):
        return False
    if any(t.capacity[f] is not None for f in homes):  # (a full foundation takes no next card)
        return False
    if variant.deck.size != 52 or (t.stock is not None and variant.stock.target is not StockTarget.WASTE):
        return False
    out = [i for i in range(len(variant.piles)) if i not in homes]
    if not all(feeds[i, f] for i in out for f in homes):
        return False
    built_on = [set(row[row >= 0]) for row in dependents]
    for i in out:
        if group[i] in (GROUP_CODES[GroupKind.RUN], GROUP_CODES[GroupKind.SUPERMOVE]):
            if any(not set(np.flatnonzero(runs[i, below])) <= built_on[below] for below in range(52)):
                return False
        elif group[i] not in (-1, GROUP_CODES[GroupKind.ONE]):
            return False
    return True


def _dependents(variant: Variant) -> Array:
    """``dependents[c]``: the cards that may be built on card ``c`` somewhere off the
    foundations (padded with -1), so ``c`` is worth keeping in play until each is home.

    Where the foundations give cards back (Klondike's), a card home may come back onto
    ``c`` to take a card of its own: then the cards that may be built on those count
    too, and so on down (5♠ stays out while 3♣ might want a red Four brought back onto
    it)."""
    out: list[set[int]] = [set() for _ in range(52)]
    for spec, table in zip(variant.piles, variant.tables.build):
        if table is None or spec.kind is PileKind.FOUNDATION:
            continue
        for below, aboves in enumerate(table):
            out[below] |= aboves
    if any(variant.tables.group[f] is not None for f in variant.tables.foundations):
        changed = True
        while changed:
            changed = False
            for cards in out:
                more = set().union(*(out[c] for c in cards)) - cards
                if more:
                    cards |= more
                    changed = True
    return _padded(tuple(tuple(sorted(cards)) for cards in out))
