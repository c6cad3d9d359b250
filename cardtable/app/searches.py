"""Where a search runs: on the calling thread (``HERE``) or in a process of its own.

A server's searches (hints, "still winnable?", "show me", winnable and daily deals) run
in processes of their own (``SearchProcess``). On a thread of the server's process, a
search's Python steps share the interpreter's lock with the threads serving moves;
worse, a searching thread given a lower priority may be left waiting for a core while it
holds that lock, and every move waits with it. A process shares no lock with the server.
Hints and verdicts search at the lowest priority the system has, taking only what the
server leaves idle; the searches a player waits for with nothing else to show run a
little below the server instead (``WAITED_NICENESS``).

>>> from cardtable.solitaire import get_variant
>>> HERE.solve(get_variant("freecell").start(1)).outcome.value
'solved'
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from functools import cache
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from cardtable.app.lookahead import Plan, plan
from cardtable.app.orphans import end_with_parent
from cardtable.solitaire import State
from cardtable.solver import Budget, Outcome, Result, solve, warm_up

IDLE = -1
"""A searching process's priority when it runs only on idle cores (``SearchProcess``)."""

WAITED_NICENESS = 5
"""How much lower than its server a process runs the searches a player waits for with
nothing else to show (winnable and daily deals, show me; a hint falls back on the
heuristic, a verdict may come later): they must progress on busy cores, where the idle
class left them waiting without end; but each costs as much CPU as hundreds of moves,
so moves still go first (about a quarter of a core's share against a move's)."""

LOST = "the searching process stopped"
"""What an unknown answer says ran out (``Result.limit``) when the process searching
it was lost (killed, or out of memory)."""


class Searcher(Protocol):
    """Solves positions somewhere."""

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        """``solver.solve(state, budget)``, waited for."""
        ...

    def warm_up(self, state: State) -> None:
        """Make ready to search (numba's kernels loaded), before any search's clock starts."""
        ...


class HintSearcher(Searcher, Protocol):
    """Solves positions, and makes a hint's plans, somewhere."""

    def plan(self, state: State, nodes: int) -> Plan | None:
        """``lookahead.plan(state, nodes)``, waited for."""
        ...


class Here:
    """Searches on the calling thread."""

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        """``solver.solve``, here."""
        return solve(state, budget)

    def warm_up(self, state: State) -> None:
        """``solver.warm_up``, here."""
        warm_up(state)

    def plan(self, state: State, nodes: int) -> Plan | None:
        """``lookahead.plan``, here."""
        return plan(state, nodes)


HERE = Here()


class SearchProcess:
    """Searches in one process of its own, started at the first search (or ``start``)
    and started again after it is lost. Any thread may ask; the searches are taken one
    at a time. It runs at the lowest priority (``IDLE``), or ``niceness`` lower than the
    process it serves: a search a player waits for without a fallback must get a share
    of busy cores, where the idle class would get none.

    >>> from cardtable.solitaire import get_variant
    >>> searches = SearchProcess()
    >>> searches.solve(get_variant("freecell").start(1)).moves == HERE.solve(get_variant("freecell").start(1)).moves
    True
    >>> searches.close()
    """

    def __init__(self, niceness: int = IDLE) -> None:
        self.niceness = niceness
        """Nice values the process runs below its server's, or ``IDLE``: Linux's idle class."""
        self._asking = threading.Lock()
        """Held while a search is asked and answered: one at a time."""
        self._starting = threading.Lock()
        self._process: BaseProcess | None = None
        self._pipe: Connection | None = None

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        """``solver.solve(state, budget)`` in the process; unknown (``LOST``) if the
        process is lost before it answers."""
        try:
            result: Result = self._ask(solve, state, budget)
        except _Lost:
            return Result(Outcome.UNKNOWN, (), 0, 0.0, False, limit=LOST)
        return result

    def warm_up(self, state: State) -> None:
        """Wait for the process to be up and ready (it warms up as it starts)."""
        try:
            self._ask(int)
        except _Lost:
            pass

    def plan(self, state: State, nodes: int) -> Plan | None:
        """``lookahead.plan(state, nodes)`` in the process (a Python search as long as a
        hint's: kept off the server's interpreter); None if the process is lost."""
        try:
            planned: Plan | None = self._ask(plan, state, nodes)
        except _Lost:
            return None
        return planned

    def start(self) -> None:
        """Start the process now, without waiting for it (it takes a second or two to
        be ready), so that the first search does not wait for it."""
        self._started()

    def pid(self) -> int:
        """The searching process's id, once it is ready (it is started if need be, and
        started again if it is found lost on the way: a killed process may read as alive
        for a moment, until its end reaches the pipe)."""
        try:
            pid: int = self._ask(os.getpid)
        except _Lost:
            pid = self._ask(os.getpid)
        return pid

    def close(self) -> None:
        """End the process at once (a search under way answers unknown); the next search
        starts another. The pipe is closed here only: the search under way, woken by the
        end as this is, leaves it alone (two threads closing one pipe at once could close
        its descriptor twice, or another file that took its number meanwhile)."""
        with self._starting:
            process, pipe, self._process, self._pipe = self._process, self._pipe, None, None
        if process is not None:
            process.kill()
            process.join()
        if pipe is not None:
            pipe.close()

    def _started(self) -> Connection:
        with self._starting:
            if self._pipe is None or self._process is None or not self._process.is_alive():
                if self._pipe is not None:
                    self._pipe.close()
                ours, theirs = multiprocessing.Pipe()
                # spawned, not forked: forking a threaded server would copy its locks held
                process = multiprocessing.get_context("spawn").Process(
                    target=_serve, args=(theirs, os.getpid(), self.niceness), name="cardtable-search", daemon=True
                )
                process.start()
                theirs.close()  # so that its end, should it die, reads as the end of the pipe
                self._process, self._pipe = process, ours
            return self._pipe

    def _ask(self, call: Callable[..., object], *args: object) -> Any:
        with self._asking:
            pipe = self._started()
            try:
                pipe.send((call, args))
                ok, answer = pipe.recv()
            except (EOFError, OSError):
                with self._starting:
                    if self._pipe is pipe:  # else ``close`` took it, and closes it: a pipe is closed once
                        self._pipe = None
                        pipe.close()
                raise _Lost from None
        if not ok:
            raise answer
        return answer


class _Lost(Exception):
    """The searching process ended before it answered."""


def _serve(pipe: Connection, served: int, niceness: int = IDLE) -> None:
    """A searching process for process ``served``, at ``niceness`` (``SearchProcess``):
    ready itself, then answer calls until the pipe closes."""
    _searching(served, niceness)
    while True:
        try:
            call, args = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            answer = (True, call(*args))
        except Exception as error:  # the asker's to handle, as if it had searched itself
            answer = (False, error)
        pipe.send(answer)


def _searching(served: int, niceness: int = IDLE) -> None:
    """A searching process's start: its priority (``IDLE``, the lowest there is:
    Linux's idle class, which runs only on a core nothing else wants, elsewhere the
    highest nice value; else ``niceness`` lower), a watch that ends it with the process
    it serves, then numba's kernels, loaded once for every game. Ctrl-C is for the
    process it serves (which stops it), not for it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    end_with_parent(served, lambda: os._exit(0))  # nothing it holds needs saving
    try:
        if niceness == IDLE:
            try:
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            except (AttributeError, OSError):
                os.nice(19)
        else:
            os.nice(niceness)
    except (AttributeError, OSError):
        pass
    from cardtable.solitaire import variants

    warm_up(variants()[0].start(1))  # any game: the kernels take the same array types for all


@cache
def search_process(purpose: str, niceness: int = IDLE) -> SearchProcess:
    """This process's searching process for ``purpose`` (one each, made on first use):
    a server's hints and its verdicts each have their own, so neither waits for the other."""
    return SearchProcess(niceness)
