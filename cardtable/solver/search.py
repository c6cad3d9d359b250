"""``solve``: search a position for a win, prove there is none, or say the budget ran out.

The search is compiled (``solver.kernel``); every solution it finds is replayed through
the engine's own ``check`` and ``apply`` before it is returned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from enum import Enum


from cardtable.solitaire import Move, State, is_won
from cardtable.solitaire.formats import ReplayError, replay_steps
from cardtable.solitaire.solving import Solving
from cardtable.solver.trapped import trapped

SMALLEST_TRY = 200
"""Positions below which one of a game's first tries is not worth starting: where the
budget is small (a hint solving an arrangement of the hidden cards) the game's own
search gets it all."""


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
    eager: bool = True
    """Whether the searches that send every card home at once (``Solving.eager_home``)
    may run. A hint's arrangements of the hidden cards leave them out: their hints won
    fewer games (docs/benchmarks.md)."""

    def node_room(self, bytes_per_node: int) -> int:
        """The positions that fit in both the node and the memory budget."""
        return max(16, min(self.nodes, self.memory_mb * (1 << 20) // bytes_per_node))


@dataclass(frozen=True, slots=True)
class Result:
    """A verdict with its moves (when solved) and what it cost.

    ``thoughtful`` is True when the solver saw what a player can't (``foreseen``): the
    position's face-down cards, as in "thoughtful" solitaire, or where a redeal that
    shuffles will put the cards; so the verdict is about the deal, not about what a
    player could know. ``reason`` says why a position is lost when that was seen
    without a search (``trapped``); empty otherwise.
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    thoughtful: bool
    reason: str = ""
    """Why a deal can't be won, when a proof says so without a search (else empty)."""
    limit: str = ""
    """For an unknown verdict, the budget that ran out: ``seconds``, ``nodes`` or ``memory``."""

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
    thoughtful = bool(foreseen(state))
    why = trapped(state)
    if why is not None:
        return Result(Outcome.UNWINNABLE, (), 0, time.perf_counter() - began, thoughtful, why)
    from cardtable.solver import running  # numba loads with the first search, not with the package

    running.warm_up(state)
    room = budget.node_room(running.bytes_per_node(state.variant))
    began = time.perf_counter()
    deadline = began + budget.seconds
    nodes = 0
    # Depth first where the game asks for it and the positions asked for would not fit
    # the best-first store: the same proof in a fifth of the memory.
    deep = state.variant.solving.depth_first and budget.nodes > room
    for stage in _stages(state.variant.solving, budget, began, any(state.hidden), deep):
        if time.perf_counter() >= deadline:
            break
        until = min(stage.until, deadline)
        if stage.depth_first:
            searched = running.dive(state, min(stage.positions, budget.node_room(running.DIVE_BYTES)), until, stage.idle)
        else:
            searched = running.search(state, min(stage.positions, room), until, stage.weighting.weights(), stage.idle)
        nodes += searched.nodes
        if searched.solved:
            _replay(state, searched.moves)
            return Result(Outcome.SOLVED, searched.moves, nodes, time.perf_counter() - began, thoughtful)
        if searched.exhausted and stage.proves:
            # Every position reachable was searched: a proof, whatever the weights.
            return Result(Outcome.UNWINNABLE, (), nodes, time.perf_counter() - began, thoughtful)
    ran_out = "seconds" if time.perf_counter() >= deadline else "memory" if room < budget.nodes else "nodes"
    return Result(Outcome.UNKNOWN, (), nodes, time.perf_counter() - began, thoughtful, limit=ran_out)


def foreseen(state: State) -> str:
    """What the solver sees from ``state`` that a player can't ('' for nothing).

    >>> from cardtable.solitaire import get_variant
    >>> [foreseen(get_variant(g).start(1)) for g in ("klondike", "montana", "freecell")]
    ['every face-down card', "where each redeal's shuffle puts the cards", '']
    """
    if any(state.hidden):
        return "every face-down card"
    return "where each redeal's shuffle puts the cards" if state.variant.stock.mixes else ""


def warm_up(state: State) -> None:
    """Compile (or load from numba's cache) the search once per process, before any
    budget's clock starts: the kernels take the same array types for every game. A
    caller that times several searches as one (a hint's arrangements) calls it first."""
    from cardtable.solver import running

    running.warm_up(state)


@dataclass(frozen=True, slots=True)
class _Stage:
    """One search of a solve: its weighting, whether it plays idle moves, and how far it
    may go (positions stored, and a clock time)."""

    weighting: Solving
    idle: bool
    positions: int
    until: float
    depth_first: bool = False

    @property
    def eager(self) -> bool:
        """Whether it sends every card home the foundations take (``Solving.eager_home``)."""
        return self.weighting.eager_home

    @property
    def proves(self) -> bool:
        """Whether finding no win in all it can reach proves the deal lost: only a
        search that tries every move and sends home only the cards safe to send."""
        return self.idle and not self.eager


def _stages(solving: Solving, budget: Budget, began: float, hidden: bool = True, deep: bool = False) -> list[_Stage]:
    """The searches one solve runs in turn, each with a store of its own: each of the
    game's first tries, capped (and again with four times the room, as many rounds as
    the game asks, all of them within a quarter of the budget's positions; a try left
    fewer than ``SMALLEST_TRY`` is skipped); then, where the game skips idle moves at
    first and cards lie face down (``hidden``), a narrower search for half the time, at
    most ``NARROW_SECONDS`` (sending every card home if the game's ``eager_home`` and
    the budget's ``eager``); last the game's own full search, the one that can prove a
    deal lost (depth first if ``deep``), which sends home only the cards safe to send.

    >>> from cardtable.solitaire import get_variant
    >>> klondike = get_variant("klondike").solving
    >>> [s.until for s in _stages(klondike, Budget(seconds=60), 0.0) if s.until < float("inf")]
    [5.0]
    >>> [s.until for s in _stages(klondike, Budget(seconds=60), 0.0, hidden=False) if s.until < float("inf")]
    []
    """
    endless = float("inf")
    allowed = [t for t in solving.first_tries if budget.eager or not t.eager_home]
    tries = [(t, t.positions * 4**r) for r in range(solving.rounds) for t in allowed]
    # The tries take at most a quarter of the positions, shrunk alike where the budget is
    # small (a verdict's or a hint's), so the search that can prove a deal lost keeps the rest.
    share = min(1.0, budget.nodes / (4 * max(1, sum(room for _, room in tries))))
    rooms = [(t, int(room * share)) for t, room in tries]
    stages = [_Stage(t, t.idle_moves, room, endless) for t, room in rooms if room >= SMALLEST_TRY]
    if not solving.idle_moves and hidden:
        narrow = began + min(budget.seconds / 2, NARROW_SECONDS)
        stages.append(_Stage(solving if budget.eager else solving.proving(), False, budget.nodes, narrow))
    stages.append(_Stage(proving(solving, budget.nodes), True, budget.nodes, endless, deep))
    return stages


def proving(solving: Solving, positions: int) -> Solving:
    """The weighting of the search that can prove a deal lost, with room for
    ``positions``: talon cards in chains as long as ``pairs.LONGEST`` from
    ``CHAINS_FROM`` positions, in pairs below.

    >>> from cardtable.solitaire import get_variant
    >>> klondike = get_variant("klondike").solving
    >>> proving(klondike, 1_500).paired, proving(klondike, 10**6).paired
    (1, 4)
    """
    proof = solving.proving()
    if positions < CHAINS_FROM:
        return proof
    from cardtable.solver.pairs import LONGEST  # numba loads with the first search, not with the package

    return replace(proof, paired=LONGEST)


CHAINS_FROM = 100_000
"""Positions from which the proof lays talon cards in chains rather than in pairs:
chains prove a deal lost in fewer positions, but a search with little room finds fewer
wins through them (a hint's arrangements of the hidden cards, 1,500 positions each, won
a third as many at Klondike's opening)."""


NARROW_SECONDS = 5.0
"""The longest the narrower search (no idle moves) may take: with half of a long budget
it held back, for tens of seconds, deals the full search wins in one."""


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
