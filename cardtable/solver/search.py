"""``solve``: search a position for a win, prove there is none, or say the budget ran out.

The search is compiled (``solver.kernel``); every solution it finds is replayed through
the engine's own ``check`` and ``apply`` before it is returned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum

import numpy as np

from cardtable.solitaire import Move, State, is_won
from cardtable.solitaire.compiled import program_of, to_arrays, to_move
from cardtable.solitaire.compiled.shared import MAX_MOVES
from cardtable.solitaire.formats import ReplayError, replay_steps
from cardtable.solitaire.solving import Solving
from cardtable.solver import kernel
from cardtable.solver.trapped import trapped

SLICE = 2048
"""Nodes expanded between looks at the clock."""
SMALLEST_TRY = 200
"""Positions below which one of a game's first tries is not worth starting: where the
budget is small (a hint solving an arrangement of the hidden cards) the game's own
search gets it all."""
FIRST_ROOM = 1 << 14
"""Positions the store holds at first; it grows fourfold as needed, up to the budget,
so a quick solve touches little memory."""


class Outcome(Enum):
    """The solver's three answers."""

    SOLVED = "solved"
    """A win was found; the moves are in the result."""
    UNWINNABLE = "unwinnable"
    """Every position reachable was searched and none is won, or a card can never leave
    its column (``trapped``): a proof."""
    UNKNOWN = "unknown"
    """The budget ran out first."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search may spend: positions stored (by each of a solve's searches in
    turn, each with a store of its own), seconds, and memory."""

    nodes: int = 2_000_000
    seconds: float = 60.0
    memory_mb: int = 1536

    def node_room(self, bytes_per_node: int) -> int:
        """The positions that fit in both the node and the memory budget."""
        return max(16, min(self.nodes, self.memory_mb * (1 << 20) // bytes_per_node))


@dataclass(frozen=True, slots=True)
class Result:
    """A verdict with its moves (when solved) and what it cost.

    ``thoughtful`` is True when the position had face-down cards: the solver saw them,
    as in "thoughtful" solitaire, so the verdict is about the deal, not about what a
    player could know. ``reason`` says why a position is lost when that was seen
    without a search (``trapped``); empty otherwise.
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    thoughtful: bool
    reason: str = ""

    @property
    def solved(self) -> bool:
        """Whether a win was found."""
        return self.outcome is Outcome.SOLVED


class SolverError(RuntimeError):
    """The search returned moves the engine refuses: a disagreement between the compiled
    rules and the engine, never a player's mistake."""


def solve(state: State, budget: Budget = Budget()) -> Result:
    """Search ``state`` for a win within ``budget``.

    >>> from cardtable.solitaire import get_variant
    >>> result = solve(get_variant("freecell").start(1))
    >>> result.outcome.value, 50 < len(result.moves) < 200
    ('solved', True)
    """
    began = time.perf_counter()
    thoughtful = any(state.hidden)
    why = trapped(state)
    if why is not None:
        return Result(Outcome.UNWINNABLE, (), 0, time.perf_counter() - began, thoughtful, why)
    warm_up(state)
    began = time.perf_counter()
    deadline = began + budget.seconds
    nodes = 0
    for stage in _stages(state.variant.solving, budget, began):
        if time.perf_counter() >= deadline:
            break
        store, counters = _search(state, budget, stage.positions, min(stage.until, deadline), stage.weights, stage.idle)
        nodes += int(counters[kernel.NODES])
        status = int(counters[kernel.STATUS])
        if status == kernel.SOLVED:
            moves = _path(state, store, int(counters[kernel.WIN]))
            _replay(state, moves)
            return Result(Outcome.SOLVED, moves, nodes, time.perf_counter() - began, thoughtful)
        if status == kernel.EXHAUSTED and stage.idle:
            # Every position reachable was searched: a proof, whatever the weights.
            return Result(Outcome.UNWINNABLE, (), nodes, time.perf_counter() - began, thoughtful)
    return Result(Outcome.UNKNOWN, (), nodes, time.perf_counter() - began, thoughtful)


@dataclass(frozen=True, slots=True)
class _Stage:
    """One search of a solve: its weights, whether it plays idle moves, and how far it
    may go (positions stored, and a clock time)."""

    weights: tuple[int, ...]
    idle: bool
    positions: int
    until: float


def _stages(solving: Solving, budget: Budget, began: float) -> list[_Stage]:
    """The searches one solve runs in turn, each with a store of its own: each of the
    game's first tries, capped (and again with four times the room, as many rounds as
    the game asks, all of them within a quarter of the budget's positions; a try left
    fewer than ``SMALLEST_TRY`` is skipped); then, where the game skips idle moves at
    first, a narrower search for half the time; last the game's own full search, the
    one that can prove a deal lost."""
    endless = float("inf")
    tries = [(t, t.positions * 4**r) for r in range(solving.rounds) for t in solving.first_tries]
    # The tries take at most a quarter of the positions, shrunk alike where the budget is
    # small (a verdict's or a hint's), so the search that can prove a deal lost keeps the rest.
    share = min(1.0, budget.nodes / (4 * max(1, sum(room for _, room in tries))))
    rooms = [(t, int(room * share)) for t, room in tries]
    stages = [_Stage(t.weights(), t.idle_moves, room, endless) for t, room in rooms if room >= SMALLEST_TRY]
    if not solving.idle_moves:
        stages.append(_Stage(solving.weights(), False, budget.nodes, began + budget.seconds / 2))
    stages.append(_Stage(solving.weights(), True, budget.nodes, endless))
    return stages


Store = tuple[np.ndarray, ...]


def _bytes_per_node(row: int) -> int:
    """Memory one stored position costs: its row, links, move log, heap and hash slots,
    with a quarter more for the moment a growing store holds its old and new arrays."""
    return (row + 4 + 4 + 8 + 4 + 32 + 12 + 32) * 5 // 4


def _store(room: int, row: int, capacity: int) -> Store:
    """Empty arrays for ``room`` positions of ``row`` bytes (see ``kernel.run``)."""
    return (
        np.zeros((room, row), dtype=np.uint8),
        np.zeros(room, dtype=np.int32),
        np.zeros(room, dtype=np.int32),
        np.zeros(room, dtype=np.int64),
        np.zeros(room, dtype=np.int32),
        np.zeros(8 * room + 4 * (2 * capacity + 4), dtype=np.int32),
        np.zeros(1 << max(4, (2 * room - 1).bit_length()), dtype=np.uint64),
        np.zeros(room, dtype=np.int64),
        np.zeros(room, dtype=np.int32),
    )


def _work(piles: int, capacity: int) -> tuple[np.ndarray, ...]:
    """The search's scratch arrays (``kernel.run``): a position and a child position
    (cards, lengths, face-down counts, redeals), the moves and their talon reach, the
    talon, a position for the talon's jumps, and the estimate's card depths."""
    def position() -> tuple[np.ndarray, ...]:
        return (np.zeros((piles, capacity), dtype=np.uint8), np.zeros(piles, dtype=np.int64),
                np.zeros(piles, dtype=np.int64), np.zeros(1, dtype=np.int64))

    moves = (np.zeros(MAX_MOVES, dtype=np.int64), np.zeros(MAX_MOVES, dtype=np.int64),
             np.zeros(capacity, dtype=np.int64))
    return position() + position() + moves + position()[:3] + (np.zeros(52, dtype=np.int64),)


def _grown(store: Store, room: int, capacity: int) -> Store:
    """A store for ``room`` positions holding everything ``store`` holds."""
    bigger = _store(room, store[0].shape[1], capacity)
    for old, new in zip(store, bigger):
        if old is not store[6]:
            new[: len(old)] = old
    kernel.rehash(store[6], bigger[6])
    return bigger


_COMPILED: list[bool] = []


def warm_up(state: State) -> None:
    """Compile (or load from numba's cache) the search once per process, before any
    budget's clock starts: the kernels take the same array types for every game. A
    caller that times several searches as one (a hint's arrangements) calls it first."""
    if not _COMPILED:
        _search(state, Budget(nodes=16), 16, float("inf"), state.variant.solving.weights(), idle=False)
        _COMPILED.append(True)


def _search(
    state: State, budget: Budget, positions: int, deadline: float, weights: tuple[int, ...], idle: bool
) -> tuple[Store, np.ndarray]:
    """One best-first search from ``state`` until ``deadline`` or ``positions`` stored:
    its store and counters."""
    program = program_of(state.variant)
    position = to_arrays(state)
    row = 2 * program.piles + 1 + program.capacity
    most = min(positions, budget.node_room(_bytes_per_node(row)))
    store = _store(min(most, FIRST_ROOM), row, program.capacity)
    counters = np.zeros(8, dtype=np.int64)
    weighing = np.array(weights, dtype=np.int64)
    rules = program.rules
    kernel.begin(rules, weighing, store, counters, position.cards, position.lens, position.hid, position.extra)
    scratch = _work(program.piles, program.capacity)
    while counters[kernel.STATUS] == kernel.RUNNING and time.perf_counter() < deadline:
        kernel.run(rules, weighing, idle, store, scratch, counters, SLICE)
        room = len(store[1])
        if counters[kernel.STATUS] == kernel.FULL and room < most:
            store = _grown(store, min(most, 4 * room), program.capacity)
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


def _replay(state: State, moves: tuple[Move, ...]) -> None:
    """Play ``moves`` through the engine's one replay; any refusal, or a game not won at
    the end, is a SolverError."""
    try:
        for state in replay_steps(state, moves):
            pass
    except ReplayError as error:
        raise SolverError(f"the solution's move {error.number} is illegal: {error.reason}") from None
    if not is_won(state):
        raise SolverError("the solution ends in a position that is not won")
