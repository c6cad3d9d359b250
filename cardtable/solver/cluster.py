"""A batch on a Dask cluster: deals in shares, as a local batch has them, sent to
dask.distributed workers.

Needs the optional extra ``cardtable[distributed]``. Each share is a task the scheduler
may retry, so a worker lost mid-run costs only the deals it held, which run again.
"""

from __future__ import annotations

import logging
import socket
import threading
from contextlib import contextmanager
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from urllib.parse import urlsplit

from cardtable.solver.batch import BatchStopped, DealResult, share_size, solve_deals
from cardtable.solver.search import Budget

RETRIES = 3
"""Times a share is tried again after its worker is lost."""

OPENING = 8
"""Deals sent one to a task before the rest: once all are back, their times size the
rest's shares (the first few back would be the quickest of them)."""

WORKERS_SECONDS = 120
"""How long a batch's deals wait for the scheduler's first worker before the batch says
it has none (a cluster that starts workers for work queued takes a while)."""

CONNECT_SECONDS = 30
"""How long the scheduler has to answer before the batch gives up on it."""


def classify_on_cluster(
    address: str,
    game: str,
    deals: Iterable[int],
    budget: Budget,
    skip: Callable[[int], bool] = lambda deal: False,
    say: Callable[[str], None] = lambda words: None,
) -> Iterator[DealResult]:
    """Solve every deal on the cluster whose scheduler is at ``address`` (or a
    ``distributed.Client``-compatible object), yielding results as shares finish;
    ``say`` tells the user of a wait (a scheduler with no workers yet)."""
    todo = [deal for deal in deals if not skip(deal)]
    if not todo:  # every verdict is known: nothing to send, no cluster to reach
        return
    try:
        from distributed import Client
    except ImportError:
        raise ImportError("the cluster path needs dask's distributed package: pip install 'cardtable[distributed]'") from None
    if isinstance(address, str):
        _reachable(address)
    with _quiet():
        yield from _on(_connected(Client, address), address, game, todo, budget, say)


@contextmanager
def _quiet() -> Iterator[None]:
    """Dask's loggers silenced while a batch runs (its failures are said by the batch, in
    words), each as it was after. Some keep a level and a handler of their own
    (``distributed.client`` logged its lost scheduler with a traceback)."""
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] == "distributed"]
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _on(
    client: Any, address: str, game: str, todo: list[int], budget: Budget, say: Callable[[str], None] = lambda words: None
) -> Iterator[DealResult]:
    """The batch's deals on ``client``'s cluster, yielded as shares finish; the client is
    closed at the end. The first ``OPENING`` deals go one to a task; once they are back,
    the rest go all at once (a cluster that grows with its queue sees it whole), in
    shares sized as a local batch sizes its own (``batch.share_size``): FreeCell's deals,
    milliseconds each, by the dozen, where a task costs the scheduler more than a deal."""
    from distributed import as_completed

    decided: set[int] = set()
    back, seconds = 0, 0.0  # deals back, and their seconds

    def submit(deals: list[int]) -> Any:
        return client.submit(solve_deals, game, deals, budget, retries=RETRIES, pure=False)

    try:
        futures = as_completed([submit([deal]) for deal in todo[:OPENING]])  # type: ignore[no-untyped-call]
        rest = todo[OPENING:]
        try:  # asked once the work waits, so a cluster that grows with its queue has begun to
            if not client.scheduler_info().get("workers"):
                say(f"the scheduler has no workers yet: the deals wait up to {WORKERS_SECONDS} s for one "
                    f"(`dask worker {address}` starts one)")
            client.wait_for_workers(1, timeout=WORKERS_SECONDS)
        except TimeoutError:  # the cluster can't go on, as when it goes away: not a mistake in the command
            raise BatchStopped(f"the scheduler has no workers (none joined in {WORKERS_SECONDS} s of deals "
                               f"waiting): start some with `dask worker {address}`", todo) from None
        try:
            for future in futures:
                results = future.result()
                decided.update(r.deal for r in results)
                back += len(results)
                seconds += sum(r.seconds for r in results)
                yield from results
                if rest and back >= OPENING:
                    share = share_size(back, seconds)
                    futures.update(submit(rest[at : at + share]) for at in range(0, len(rest), share))  # type: ignore[no-untyped-call]
                    rest = []
        except Exception as error:  # noqa: BLE001 - the scheduler gone, a share that kills its workers...
            left = [deal for deal in todo if deal not in decided]
            gone = "connection-lost" in str(error) or type(error).__name__ == "FutureCancelledError"
            why = "the connection to the scheduler was lost" if gone else first_line(error)
            raise BatchStopped(f"the cluster stopped the batch ({why})", left) from None
    finally:
        client.close()


PROBE_SECONDS = 5.0
"""How long the first look at the scheduler's port may take."""


class NotAScheduler(ValueError):
    """The address names no Dask scheduler (another scheme, or what answers there speaks
    another protocol): the command's to mend, unlike a scheduler not reached now."""


SCHEMES = ("tcp", "tls", "ws", "wss", "inproc", "ucx")
"""The address schemes Dask's clients speak."""


def _reachable(address: str) -> None:
    """Raise ConnectionError at once where nothing listens at ``address`` (a refused
    connection, an unknown host): Dask's client would try for ``CONNECT_SECONDS``;
    NotAScheduler where its scheme is not a scheduler's."""
    parsed = urlsplit(address if "://" in address else f"tcp://{address}")
    if parsed.scheme not in SCHEMES:
        raise NotAScheduler(
            f"{parsed.scheme}:// is not a scheduler's: its address starts with tcp:// (or tls://, ws://, wss://), "
            "as `dask scheduler` prints it"
        )
    if parsed.scheme not in ("tcp", "tls", "ws", "wss") or not parsed.hostname or parsed.port is None:
        return  # a protocol not over TCP (inproc, ucx): Dask's client says what it makes of it
    try:
        probe = socket.create_connection((parsed.hostname, parsed.port), timeout=PROBE_SECONDS)
    except socket.gaierror as error:
        raise ConnectionError(f"there is no host {parsed.hostname!r} ({error.strerror})") from None
    except ConnectionRefusedError:
        raise ConnectionError(f"nothing listens on port {parsed.port} of {parsed.hostname}: is the scheduler running?") from None
    except OSError:
        return  # a slow network, or a firewall: Dask's client tries for longer
    with probe:
        if parsed.scheme == "tcp":
            _greeted(probe)


def _greeted(probe: socket.socket) -> None:
    """Raise NotAScheduler unless what answers on ``probe`` greets as a Dask scheduler
    does, at once and unasked (the length of its first message, 8 bytes little-endian,
    a small number where a stranger's text reads as a huge one): a web
    server (a dashboard's port) waits for a request, and Dask's client would wait on it
    for ``CONNECT_SECONDS``. (The scheduler logs the probe as a connection "closed before
    handshake completed", at INFO.)"""
    try:
        first = probe.recv(64)
    except TimeoutError:
        raise NotAScheduler(
            f"no Dask scheduler answered there (what listens there said nothing in {PROBE_SECONDS:g} s, and a "
            "scheduler greets at once: is it a dashboard's or another server's port?)"
        ) from None
    except OSError:
        return  # cut off mid-greeting: Dask's client says what it makes of it
    if len(first) >= 8 and not 0 < int.from_bytes(first[:8], "little") <= 1 << 20:
        raise NotAScheduler("no Dask scheduler answered there (something answered, but not in Dask's protocol)")


def first_line(error: BaseException) -> str:
    """An error in a few words: its kind and the first line of its message (the rest is
    the library's own account).

    >>> first_line(RuntimeError("scheduler-connection-lost.\\nClient lost the connection"))
    'RuntimeError: scheduler-connection-lost.'
    >>> first_line(OSError())
    'OSError'
    """
    said = str(error).strip().splitlines()
    return f"{type(error).__name__}: {said[0]}"[:160] if said else type(error).__name__


def _connected(client_class: Any, address: str) -> Any:
    """A client of the scheduler at ``address``; ConnectionError, in words, when none
    answers, and NotAScheduler when what answers is not one (Dask's own timeout does not
    cover a server that takes the connection and never replies, and a stranger's bytes
    read as a message can ask for exabytes)."""
    outcome: dict[str, Any] = {}

    def connect() -> None:
        try:
            outcome["client"] = client_class(address, timeout=CONNECT_SECONDS)
        except BaseException as error:  # noqa: BLE001 - whatever it was, it is said below
            outcome["error"] = error

    trying = threading.Thread(target=connect, name="cardtable-connect", daemon=True)
    trying.start()
    trying.join(CONNECT_SECONDS + 10)
    if "client" in outcome:
        return outcome["client"]
    error = outcome.get("error")
    if error is None:
        why = f"no answer in {CONNECT_SECONDS + 10} s"
    elif isinstance(error, (OSError, TimeoutError)):
        why = first_line(error)
    elif isinstance(error, (MemoryError, ValueError, TypeError, EOFError)):  # a stranger's bytes read as Dask's
        raise NotAScheduler("no Dask scheduler answered there (something answered, but not in Dask's protocol)")
    else:
        why = first_line(error)
    raise ConnectionError(f"no Dask scheduler answered there ({why})")
