"""Classify many deals: each solved in a worker process, results as they come."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from cardtable.solitaire import Variant, get_variant
from cardtable.solitaire.formats import format_move
from cardtable.solver.search import Budget, Outcome, Result, solve

CHUNK = 4
"""Deals a worker takes at once: few enough that a lost worker costs little."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal's verdict, as a batch records it; ``solution`` is in cardtable's move
    notation (``replay`` reads it), empty unless solved."""

    game: str
    deal: int
    outcome: Outcome
    moves: int
    nodes: int
    seconds: float
    thoughtful: bool
    solution: str = ""


def solve_deal(game: str, deal: int, budget: Budget) -> DealResult:
    """Solve one deal of ``game`` (a variant id) within ``budget``.

    >>> solve_deal("freecell", 1, Budget()).outcome.value
    'solved'
    """
    variant = get_variant(game)
    return deal_result(variant, deal, solve(variant.start(deal), budget))


def deal_result(variant: Variant, deal: int, result: Result) -> DealResult:
    """A solve's ``result`` for one deal, as a batch records it."""
    solution = " ".join(format_move(variant, move) for move in result.moves)
    return DealResult(
        variant.id, deal, result.outcome, len(result.moves), result.nodes, result.seconds, result.thoughtful, solution
    )


def solve_deals(game: str, deals: Iterable[int], budget: Budget) -> list[DealResult]:
    """Solve deals one after another (a worker's share of a batch)."""
    return [solve_deal(game, deal, budget) for deal in deals]


def _chunks(deals: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(deals), size):
        yield deals[start : start + size]


def classify(
    game: str,
    deals: Iterable[int],
    budget: Budget,
    workers: int = 1,
    skip: Callable[[int], bool] = lambda deal: False,
) -> Iterator[DealResult]:
    """Solve every deal (but those ``skip`` names), yielding each result as it arrives.

    With ``workers`` above 1 the deals are shared among that many processes; otherwise
    they are solved here, in order.
    """
    todo = [deal for deal in deals if not skip(deal)]
    if workers <= 1:
        for deal in todo:
            yield solve_deal(game, deal, budget)
        return
    others = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or workers), initializer=_leave_interrupts)
    finished = False
    try:
        chunks = _chunks(todo, CHUNK)
        running: set[Future[list[DealResult]]] = set()
        for chunk in chunks:
            running.add(pool.submit(solve_deals, game, chunk, budget))
            if len(running) >= 4 * workers:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
                chunk = next(chunks, [])
                if chunk:
                    running.add(pool.submit(solve_deals, game, chunk, budget))
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:  # interrupted (Ctrl-C), or the caller stopped reading: the deals queued are dropped, not solved
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in set(multiprocessing.active_children()) - others:
                worker.terminate()


def _leave_interrupts() -> None:
    """A worker ignores Ctrl-C: the batch that started it stops it, at once, rather
    than each worker dropping one chunk and going on with the next."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
