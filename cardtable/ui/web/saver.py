"""The server's saves: one thread writes them, many in one transaction when they queue.

Every action a player takes is saved before it is answered. Handing each save to a pool
thread of its own costs more than the save (waking a thread and then the event loop,
per save), and each of those threads' connections reads the file's changed pages again.
So one thread writes every action's save, on one connection: when saves queue while it
writes, it takes them all and writes them in one transaction (``Store.save_together``)
and hands every answer back to the event loop at once. SQLite lets one connection write
at a time anyway, so one writer holds up nothing that several would not.

A save is answered only once its transaction has committed (or failed: then nothing of
it is stored), so the server still acknowledges nothing unsaved.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections import defaultdict
from collections.abc import Callable

from cardtable.app.storage import Save, Store

Waiting = tuple[asyncio.AbstractEventLoop, asyncio.Future[int], Save]
"""A save queued: the event loop waiting for it, its answer to be, and the save."""

BATCH = 64
"""At most this many saves are written in one transaction, so none waits for a long one."""


class Saver:
    """The thread that writes ``store``'s saves (``save``), until ``close``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[Waiting | None] = queue.SimpleQueue()
        opened = threading.Event()
        self._thread = threading.Thread(target=self._write, args=(opened,), name="cardtable-saves", daemon=True)
        self._thread.start()
        opened.wait(timeout=30)  # its connection is open before the first save (it is one of the store's)

    def save(self, save: Save) -> asyncio.Future[int]:
        """The game's id once ``save`` has committed; the exception ``Store.save`` would
        raise if it did not (nothing of it stored)."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[int] = loop.create_future()
        self._queue.put((loop, answer, save))
        return answer

    def close(self) -> None:
        """Write what is queued, then stop the thread."""
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _write(self, opened: threading.Event) -> None:
        """The thread: open its connection (then set ``opened``); take what is queued,
        write it in one transaction, answer; again."""
        try:
            self.store.connected()
        except Exception:  # noqa: BLE001 - the first save meets the same error, and answers it
            pass
        opened.set()
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # stop once this batch is answered
                    break
                batch.append(more)
            try:
                answers: list[int | Exception] = self.store.save_together([save for _, _, save in batch])
            except Exception as error:  # noqa: BLE001 - whatever went wrong, each waiting save is told
                answers = [error] * len(batch)
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[int], int | Exception]]] = defaultdict(list)
            for (loop, answer, _), outcome in zip(batch, answers):
                by_loop[loop].append((answer, outcome))
            for loop, answered in by_loop.items():
                _tell(loop, _answering(answered))


def _answering(answered: list[tuple[asyncio.Future[int], int | Exception]]) -> Callable[[], None]:
    """Set each waiting save's answer (on its event loop)."""

    def answer() -> None:
        for future, outcome in answered:
            if future.done():  # its request went away meanwhile
                continue
            if isinstance(outcome, Exception):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)

    return answer


def _tell(loop: asyncio.AbstractEventLoop, call: Callable[[], None]) -> None:
    """Run ``call`` on ``loop`` (nothing if the loop has closed: nobody waits there)."""
    try:
        loop.call_soon_threadsafe(call)
    except RuntimeError:
        pass
