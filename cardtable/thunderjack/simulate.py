"""Many rounds played with the advisor's strategy: the player's edge and its standard error.

Rounds run in chunks, each from its own freshly shuffled shoe seeded by (seed, chunk),
so a run is reproducible whatever the number of worker processes. The player plays one to
three hands a round, as at the table; the edge is per hand bet.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.thunderjack import kernel
from cardtable.thunderjack.composition import compositions
from cardtable.thunderjack.rules import RuleSet
from cardtable.thunderjack.strategy import decision_table, rule_array

CHUNK = 250_000
"""Rounds per unit of work (and per fresh shoe)."""


@dataclass(frozen=True, slots=True)
class Simulation:
    """The totals of a run: net result in bets, its square, and counts of what happened;
    ``hands`` played each round."""

    rules: RuleSet
    totals: tuple[float, ...]
    hands: int = 1

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return int(self.totals[kernel.ROUNDS])

    @property
    def edge(self) -> float:
        """The player's average result per hand, as a fraction of the hand's bet."""
        return self.totals[kernel.NET] / self.rounds / self.hands

    @property
    def standard_error(self) -> float:
        """The standard error of ``edge`` (from the rounds' results: a round's hands share a dealer)."""
        mean, mean_square = self.totals[kernel.NET] / self.rounds, self.totals[kernel.NET_SQUARED] / self.rounds
        return math.sqrt(max(mean_square - mean**2, 0.0) / self.rounds) / self.hands

    def count(self, what: int) -> int:
        """How many times ``what`` (a statistic of ``kernel``) happened."""
        return int(self.totals[what])

    def report(self) -> str:
        """The result as a few lines of text."""
        per, per_hand = 100.0 / self.rounds, 100.0 / (self.rounds * self.hands)
        k = kernel
        lines = [
            self.rules.describe(),
            f"rounds {self.rounds:,}, {self.hands} hand{'s' * (self.hands > 1)} each",
            f"player edge {100 * self.edge:+.4f}% ± {100 * self.standard_error:.4f}% of a hand's bet (one standard error)"
            if self.rounds > 1 else f"player edge {100 * self.edge:+.4f}% of a hand's bet (one round: no standard error)",
            f"won {self.count(k.WINS) * per:.2f}%, lost {self.count(k.LOSSES) * per:.2f}%, "
            f"pushed {self.count(k.PUSHES) * per:.2f}% of rounds",
            f"blackjacks {self.count(k.BLACKJACKS) * per_hand:.3f}%, thunderjacks {self.count(k.THUNDERJACKS) * per_hand:.3f}%, "
            f"blitzes {self.count(k.BLITZES) * per_hand:.3f}% of hands dealt",
            f"doubles {self.count(k.DOUBLES) * per_hand:.2f}%, splits {self.count(k.SPLITS) * per_hand:.2f}%, "
            f"surrenders {self.count(k.SURRENDERS) * per_hand:.2f}% of hands dealt",
        ]
        return "\n".join(lines)


FREE, TAKEN, DONE = 0, 1, 2
"""A chunk's state in a run's shared plan."""


def play_chunk(rules: RuleSet, rounds: int, seed: int, hands: int = 1) -> tuple[float, ...]:
    """Totals of ``rounds`` rounds of ``hands`` hands from a fresh shoe seeded by ``seed``."""
    shoe = np.arange(52 * rules.decks, dtype=np.int64) % 52
    comps = compositions(rules.decks)
    stats, _ = kernel.play_rounds(
        shoe, 0, rounds, rule_array(rules, hands), decision_table(rules), comps.after, comps.single, seed, False, np.zeros(0)
    )
    return tuple(float(x) for x in stats)


def simulate(
    rules: RuleSet,
    rounds: int,
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    hands: int = 1,
) -> Simulation:
    """Play ``rounds`` rounds of ``hands`` hands in ``workers`` processes (this one and
    ``workers - 1`` helpers); ``progress(done, rounds)`` as chunks finish.

    Every process takes the next free chunk from a shared plan. A helper first pays for
    its start (imports, the strategy), so in a run too short for that this process plays
    every chunk and the helpers are stopped unused. Once no chunk is free, this process
    plays the chunks still being played by helpers as well, and takes whichever answer
    comes first (a chunk's result depends only on its seed): it never waits for a helper,
    even one that died.
    """
    if rounds < 1:
        raise ValueError("simulate at least one round")
    if not 1 <= hands <= rules.seats:
        raise ValueError(f"this table has 1 to {rules.seats} hands, not {hands}")
    chunks = tuple((min(CHUNK, rounds - start), seed * 1_000_003 + n) for n, start in enumerate(range(0, rounds, CHUNK)))
    plan = Plan(rules, hands, chunks)
    helpers = min(workers, len(chunks)) - 1
    context = multiprocessing.get_context("spawn")
    states = context.Array("i", len(chunks))
    totals = context.Array("d", len(chunks) * kernel.STAT_COUNT, lock=False)
    started = [context.Process(target=_help, args=(plan, states, totals), daemon=True) for _ in range(helpers)]
    for helper in started:
        helper.start()
    reported = 0

    def report() -> None:
        nonlocal reported
        with states.get_lock():
            done = sum(size for (size, _), state in zip(chunks, states[:]) if state == DONE)
        if progress is not None and done > reported:
            progress(done, rounds)
        reported = done

    try:
        while _play_next(plan, states, totals, unfinished=True):
            report()
    finally:
        for helper in started:
            helper.terminate()
            helper.join()
    summed = np.array(totals).reshape(len(chunks), kernel.STAT_COUNT).sum(axis=0)
    return Simulation(rules, tuple(float(x) for x in summed), hands)


@dataclass(frozen=True, slots=True)
class Plan:
    """What a run plays: the rules, hands a round, and each chunk's (rounds, seed)."""

    rules: RuleSet
    hands: int
    chunks: tuple[tuple[int, int], ...]


def _help(plan: Plan, states: Any, totals: Any) -> None:
    """A helper process: play free chunks until none is left."""
    while _play_next(plan, states, totals):
        pass


def _play_next(plan: Plan, states: Any, totals: Any, unfinished: bool = False) -> bool:
    """Take the next free chunk (or, ``unfinished``, one not yet done) and play it;
    False when there is none."""
    with states.get_lock():
        now = states[:]
        chunk = next((n for n, state in enumerate(now) if state == FREE), None)
        if chunk is None and unfinished:
            chunk = next((n for n, state in enumerate(now) if state == TAKEN), None)
        if chunk is None:
            return False
        states[chunk] = TAKEN
    size, seed = plan.chunks[chunk]
    result = play_chunk(plan.rules, size, seed, plan.hands)
    at = chunk * kernel.STAT_COUNT
    totals[at : at + kernel.STAT_COUNT] = result
    with states.get_lock():
        states[chunk] = DONE
    return True
