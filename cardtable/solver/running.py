"""One compiled best-first search (``solver.kernel``) from a position, driven a slice
at a time so the clock is looked at, in a store that grows as it fills.

Kept apart from ``search`` so that numba loads only when a search runs: a command that
never searches starts without it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from cardtable.solitaire import Move, State, Variant
from cardtable.solitaire.compiled import Program, program_of, to_arrays, to_move
from cardtable.solitaire.compiled.keys import hashes_for
from cardtable.solitaire.compiled.shared import MAX_MOVES
from cardtable.solver import kernel
from cardtable.solver.held import held_tables
from cardtable.solver.pairs import spare_arrays

SLICE = 2048
"""Nodes expanded between looks at the clock."""
FIRST_ROOM = 1 << 14
"""Positions the store holds at first; it grows fourfold as needed, up to the budget,
so a quick solve touches little memory."""


@dataclass(frozen=True, slots=True)
class Searched:
    """How one search ended: won (with its moves), every reachable position searched
    (``exhausted``), or neither (stopped by its positions or its clock)."""

    solved: bool
    exhausted: bool
    nodes: int
    moves: tuple[Move, ...] = ()


Store = tuple[np.ndarray, ...]


def _bytes_per_node(row: int) -> int:
    """Memory one stored position costs: its row, links, move log, heap and hash slots
    (the table's, doubled for the moment a growing table holds its old and new slots)."""
    return row + 4 + 4 + 8 + 4 + 32 + 12 + 32 + 16


def _store(room: int, most: int, row: int, capacity: int) -> Store:
    """Empty arrays for up to ``most`` positions of ``row`` bytes, with a hash table for
    ``room`` of them (see ``kernel.run``). The arrays filled in order (the positions,
    their links and moves, the heap) are made for ``most`` at once: the system gives
    their memory page by page as the search reaches it, so a quick solve still touches
    little, and a long one never copies them as it grows (a million of Pyramid's
    positions took 1.4 s to copy, past the clock's end). Only the table grows."""
    return (
        np.zeros((most, row), dtype=np.uint8),
        np.zeros(most, dtype=np.int32),
        np.zeros(most, dtype=np.int32),
        np.zeros(most, dtype=np.int64),
        np.zeros(most, dtype=np.int32),
        np.zeros(8 * most + 4 * (2 * capacity + 4), dtype=np.int32),
        _table(room),
        np.zeros(most, dtype=np.int64),
        np.zeros(most, dtype=np.int32),
    )


def _table(room: int) -> np.ndarray:
    """An empty hash table for ``room`` positions, at most half full."""
    return np.zeros(1 << max(4, (2 * room - 1).bit_length()), dtype=np.uint64)


def _work(program: Program) -> tuple[np.ndarray, ...]:
    """The search's scratch arrays (``kernel.run``): a position and a child position
    (cards, lengths, face-down counts, redeals), the moves and their talon reach, the
    talon, a position for the talon's jumps, the estimate's card depths, the pile
    hashes a child's key is worked out from (``keys.pile_hashes``) and the talon's
    (``talon.talon_chains``), the scratch a talon card's pairs are found in
    (``pairs.spare_arrays``), and the tables and scratch of the look for cards that can
    never leave their columns (``held.is_held``)."""
    piles, capacity, tables = program.piles, program.capacity, program.variant.tables
    groups = max(len(tables.symmetric), len(tables.symmetric_while_dealing))

    def position() -> tuple[np.ndarray, ...]:
        return (np.zeros((piles, capacity), dtype=np.uint8), np.zeros(piles, dtype=np.int64),
                np.zeros(piles, dtype=np.int64), np.zeros(1, dtype=np.int64))

    moves = (np.zeros(MAX_MOVES, dtype=np.int64), np.zeros(MAX_MOVES, dtype=np.int64),
             np.zeros(capacity, dtype=np.int64))
    depths = (np.zeros(52, dtype=np.int64),)
    talon_chains = (np.zeros((2, capacity + 1), dtype=np.uint64),)
    spare = spare_arrays(piles, capacity, MAX_MOVES, groups)
    held = held_tables(program.variant, piles) + (np.zeros(piles, dtype=np.int64), np.zeros(52, dtype=np.uint64))
    return (position() + position() + moves + position()[:3] + depths + hashes_for(piles, capacity, groups) + talon_chains
            + spare + held)


def _grown(store: Store, room: int) -> Store:
    """``store`` with its hash table made for ``room`` positions (every key kept)."""
    table = _table(room)
    kernel.rehash(store[6], table)
    return store[:6] + (table,) + store[7:]


_COMPILED: list[bool] = []


def warm_up(state: State) -> None:
    """Compile (or load from numba's cache) the search once per process (see
    ``search.warm_up``). The depth-first search, for budgets larger than memory allows
    best first, compiles when first used: such a search runs for minutes anyway."""
    if not _COMPILED:
        search(state, 16, float("inf"), state.variant.solving.weights(), idle=False)
        _COMPILED.append(True)


def search(state: State, positions: int, deadline: float, weights: tuple[int, ...], idle: bool) -> Searched:
    """One best-first search from ``state`` (skipping idle moves unless ``idle``) until
    ``deadline`` or ``positions`` stored, with its win if found."""
    store, counters = _run(state, positions, deadline, weights, idle)
    status = int(counters[kernel.STATUS])
    moves = _path(state, store, int(counters[kernel.WIN])) if status == kernel.SOLVED else ()
    return Searched(status == kernel.SOLVED, status == kernel.EXHAUSTED, int(counters[kernel.NODES]), moves)


def bytes_per_node(variant: Variant) -> int:
    """Memory one position of ``variant`` costs the search's store."""
    program = program_of(variant)
    return _bytes_per_node(2 * program.piles + 1 + program.capacity)


def _run(state: State, most: int, deadline: float, weights: tuple[int, ...], idle: bool) -> tuple[Store, np.ndarray]:
    """The search itself: its store and counters."""
    program = program_of(state.variant)
    position = to_arrays(state)
    row = 2 * program.piles + 1 + program.capacity
    store = _store(min(most, FIRST_ROOM), most, row, program.capacity)
    counters = np.zeros(8, dtype=np.int64)
    counters[kernel.ROOM] = min(most, FIRST_ROOM)
    weighing = np.array(weights, dtype=np.int64)
    rules = program.rules
    kernel.begin(rules, weighing, store, counters, position.cards, position.lens, position.hid, position.extra)
    scratch = _work(program)
    while counters[kernel.STATUS] == kernel.RUNNING and time.perf_counter() < deadline:
        kernel.run(rules, weighing, idle, store, scratch, counters, SLICE)
        room = int(counters[kernel.ROOM])
        if counters[kernel.STATUS] == kernel.FULL and room < most:
            counters[kernel.ROOM] = min(most, 4 * room)
            store = _grown(store, int(counters[kernel.ROOM]))
            counters[kernel.STATUS] = kernel.RUNNING
    return store, counters


def _path(state: State, store: Store, node: int) -> tuple[Move, ...]:
    """The moves from the root to ``node``, read back along the parent links."""
    _, parent, _, mstart, mcount, mlog, *_ = store
    edges = []
    while node >= 0:
        start = int(mstart[node])
        edges.append(mlog[start : start + int(mcount[node])])
        node = int(parent[node])
    return tuple(to_move(state.variant, int(c)) for edge in reversed(edges) for c in edge)


DIVE_BYTES = 40
"""Memory a position costs the depth-first search: its key in a table at most half
full, doubled while the table grows, and a share of the stacks."""

DIVE_ROOM = 1 << 12
"""Depth, moves and log entries the depth-first search's stacks hold at first (they
double as needed); its table starts at ``FIRST_ROOM`` positions."""


def dive(state: State, positions: int, deadline: float, idle: bool = True) -> Searched:
    """One depth-first search from ``state`` (``depth.py``) until ``deadline`` or
    ``positions`` seen, with its win if found."""
    from cardtable.solver import depth

    program = program_of(state.variant)
    position = to_arrays(state)
    row = 2 * program.piles + 1 + program.capacity
    store = _dive_store(DIVE_ROOM, row, FIRST_ROOM)
    counters = np.zeros(8, dtype=np.int64)
    rules = program.rules
    scratch = _work(program)
    depth.start(rules, store, scratch, counters, position.cards, position.lens, position.hid, position.extra)
    assert counters[kernel.STATUS] != kernel.FULL  # the first room holds any position's moves (MAX_MOVES)
    while time.perf_counter() < deadline:
        if counters[kernel.STATUS] == kernel.FULL:
            if 2 * counters[kernel.NODES] + 2 > len(store[8]) and len(store[8]) >= 4 * positions:
                break  # the table holds as many positions as the search may see
            store = _dive_grown(store, counters, program.capacity)
            counters[kernel.STATUS] = kernel.RUNNING
        if counters[kernel.STATUS] != kernel.RUNNING or counters[kernel.NODES] >= positions:
            break
        depth.dive(rules, idle, store, scratch, counters, SLICE)
    status = int(counters[kernel.STATUS])
    moves: tuple[Move, ...] = ()
    if status == kernel.SOLVED:
        moves = tuple(to_move(state.variant, int(c)) for c in store[6][: int(counters[depth.LOG_TOP])])
    return Searched(status == kernel.SOLVED, status == kernel.EXHAUSTED, int(counters[kernel.NODES]), moves)


def _dive_store(room: int, row: int, table: int) -> Store:
    """The depth-first search's arrays (see ``depth.dive``)."""
    return (
        np.zeros((room, row), dtype=np.uint8),
        np.zeros(room * 16 + MAX_MOVES, dtype=np.int64),
        np.zeros(room * 16 + MAX_MOVES, dtype=np.int64),
        np.zeros(room, dtype=np.int64),
        np.zeros(room, dtype=np.int64),
        np.zeros(room, dtype=np.int64),
        np.zeros(room * 8 + 4 * MAX_MOVES, dtype=np.int32),
        np.zeros(room, dtype=np.int64),
        np.zeros(1 << max(4, (2 * table - 1).bit_length()), dtype=np.uint64),
    )


def _dive_grown(store: Store, counters: np.ndarray, capacity: int) -> Store:
    """The depth-first search's arrays with room for more: each that is nearly full
    doubled (the table rehashed)."""
    from cardtable.solver import depth

    rows, mstack, rstack, fstart, fnext, fcount, elog, estart, table = store
    if counters[depth.DEPTH] + 2 > len(fstart):
        rows = np.concatenate([rows, np.zeros_like(rows)])
        fstart, fnext, fcount, estart = (np.concatenate([a, np.zeros_like(a)]) for a in (fstart, fnext, fcount, estart))
    if counters[depth.MOVES_TOP] + MAX_MOVES > len(mstack):
        mstack, rstack = (np.concatenate([a, np.zeros_like(a)]) for a in (mstack, rstack))
    if counters[depth.LOG_TOP] + 4 * capacity + 8 > len(elog):
        elog = np.concatenate([elog, np.zeros_like(elog)])
    if 2 * counters[kernel.NODES] + 2 > len(table):
        bigger = np.zeros(2 * len(table), dtype=np.uint64)
        kernel.rehash(table, bigger)
        table = bigger
    return rows, mstack, rstack, fstart, fnext, fcount, elog, estart, table
