"""Classify many deals: each solved in a worker process, results as they come."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from cardtable.solitaire import Variant, get_variant
from cardtable.solitaire.formats import format_move
from cardtable.solver.search import Budget, Outcome, Result, solve

SHARE_SECONDS = 0.25
"""About how long the deals a local worker takes at once should keep it busy: the results
come back when all are done, so a long share loses its finished deals to Ctrl-C, and a
short one pays for handing it over more often than for solving (FreeCell's deals take a
few milliseconds, Spider's seconds)."""

MOST_SHARED = 32
"""The most deals a worker takes at once (a local one, or a cluster's)."""

BREAKS = 3
"""Times the worker processes may be lost (killed, out of memory) before a batch stops:
each time, the deals they held are solved again in new ones."""

PARENT_CHECK = 0.5
"""Seconds between a worker's looks at whether the batch that started it is still there."""


class BatchStopped(Exception):
    """A batch could not go on (its workers kept being lost, or its cluster went away);
    the results yielded before it stand. ``left`` holds the deals not decided."""

    def __init__(self, why: str, left: list[int]) -> None:
        super().__init__(why)
        self.left = left


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


SPENT = 0.95
"""The share of a budget an unknown verdict's search must have used to count as having
had that budget (a solve stops a little short of its positions, and its clock is read
between slices)."""


def spent(result: DealResult, budget: Budget, variant: Variant) -> bool:
    """Whether an unknown ``result``'s search already had ``budget``: it used the seconds,
    or the positions the budget's memory holds. The same budget would run out again, so
    a batch asked again keeps it; a larger one searches it anew.

    >>> from cardtable.solitaire import get_variant
    >>> row = DealResult("golf", 1, Outcome.UNKNOWN, 0, 299_998, 3.1, True)
    >>> [spent(row, b, get_variant("golf")) for b in (Budget(nodes=300_000), Budget(nodes=600_000), Budget(nodes=600_000, seconds=3.0))]
    [True, False, True]
    """
    from cardtable.solver.running import bytes_per_node

    room = budget.node_room(bytes_per_node(variant))
    return result.seconds >= SPENT * budget.seconds or result.nodes >= SPENT * room


def solve_deals(game: str, deals: Iterable[int], budget: Budget) -> list[DealResult]:
    """Solve deals one after another (a worker's share of a batch)."""
    return [solve_deal(game, deal, budget) for deal in deals]


def _chunks(deals: list[int], size: Callable[[], int]) -> Iterator[list[int]]:
    """``deals`` in shares of ``size()`` deals, asked again for each share."""
    start = 0
    while start < len(deals):
        count = size()
        yield deals[start : start + count]
        start += count


def share_size(solved: int, seconds: float) -> int:
    """Deals to hand a worker at once, after ``solved`` deals took ``seconds`` in all: one
    until the first come back, then as many as ``SHARE_SECONDS`` holds.

    >>> share_size(0, 0.0), share_size(8, 16.0), share_size(100, 1.0), share_size(1000, 0.1)
    (1, 1, 25, 32)
    """
    if not solved:
        return 1
    return max(1, min(MOST_SHARED, int(SHARE_SECONDS * solved / max(seconds, 1e-9))))


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
    pool = _pool(workers)
    finished = False
    try:
        spent = [0.0, 0.0]  # deals solved, and their seconds
        chunks = _chunks(todo, lambda: share_size(int(spent[0]), spent[1]))
        running: dict[Future[list[DealResult]], list[int]] = {}
        breaks = 0
        for chunk in chunks:
            running[pool.submit(solve_deals, game, chunk, budget)] = chunk
            if len(running) >= 4 * workers:
                break
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            lost: list[list[int]] = []
            for future in done:
                chunk = running.pop(future)
                try:
                    results = future.result()
                except BrokenProcessPool:  # a worker was killed (out of memory, say): its deals go again
                    lost.append(chunk)
                    continue
                spent[0] += len(results)
                spent[1] += sum(r.seconds for r in results)
                yield from results
                chunk = next(chunks, [])
                if chunk and not lost:
                    try:
                        running[pool.submit(solve_deals, game, chunk, budget)] = chunk
                    except BrokenProcessPool:  # broken while the results were handed on
                        lost.append(chunk)
                elif chunk:
                    lost.append(chunk)
            if lost:
                lost += list(running.values())  # the pool is broken: every deal it held goes again
                breaks += 1
                if breaks > BREAKS:
                    left = sorted(d for chunk in lost for d in chunk) + [d for chunk in chunks for d in chunk]
                    raise BatchStopped(f"the solving processes were lost {breaks} times (killed, or out of memory: "
                                       "--memory lowers each search's limit)", left)
                pool.shutdown(wait=False, cancel_futures=True)
                pool = _pool(workers)
                running = {pool.submit(solve_deals, game, chunk, budget): chunk for chunk in lost}
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:  # interrupted (Ctrl-C), or the caller stopped reading: the deals queued are dropped, not solved
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in set(multiprocessing.active_children()) - others:
                worker.terminate()


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes for a batch, each ending with the process that started it."""
    return ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or workers), initializer=_serve_batch)


def _serve_batch() -> None:
    """Set a worker up: it ignores Ctrl-C (the batch that started it stops it, at once,
    rather than each worker dropping one chunk and going on with the next), ends at
    SIGTERM whatever the batch made of it, and ends once the process that started it is
    gone (the batch, or the fork server that ends with it: killed outright, the batch
    can't stop its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="cardtable-batch-watch", daemon=True).start()
