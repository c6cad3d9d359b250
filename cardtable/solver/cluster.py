"""A batch on a Dask cluster: the same chunks of deals, sent to dask.distributed workers.

Needs the optional extra ``cardtable[distributed]``. Each chunk is a task the scheduler
may retry, so a worker lost mid-run costs only the deals it held, which run again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from cardtable.solver.batch import CHUNK, DealResult, solve_deals
from cardtable.solver.search import Budget

RETRIES = 3
"""Times a chunk is tried again after its worker is lost."""


def classify_on_cluster(
    address: str,
    game: str,
    deals: Iterable[int],
    budget: Budget,
    skip: Callable[[int], bool] = lambda deal: False,
) -> Iterator[DealResult]:
    """Solve every deal on the cluster whose scheduler is at ``address`` (or a
    ``distributed.Client``-compatible object), yielding results as chunks finish."""
    todo = [deal for deal in deals if not skip(deal)]
    if not todo:  # every verdict is known: nothing to send, no cluster to reach
        return
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ImportError("the cluster path needs dask's distributed package: pip install 'cardtable[distributed]'") from None
    client = Client(address, timeout=30)  # type: ignore[no-untyped-call]
    try:
        futures = [
            client.submit(solve_deals, game, todo[at : at + CHUNK], budget, retries=RETRIES, pure=False)
            for at in range(0, len(todo), CHUNK)
        ]
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield from future.result()
    finally:
        client.close()  # type: ignore[no-untyped-call]
