"""Searches in a process of their own: the same answers as here, at the lowest priority,
an unknown answer (not an error) when the process is lost, and no process left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.app.searches import HERE, LOST, SearchProcess
from cardtable.app.standing import Indicator
from cardtable.app.history import History
from cardtable.solitaire import State, get_variant
from cardtable.solver import Budget, Outcome, Result


@pytest.fixture
def searches() -> Iterator[SearchProcess]:
    process = SearchProcess()
    yield process
    process.close()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a child of this process that ended stays a zombie until reaped: ended all the same
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] == "Z"


def test_a_search_in_its_own_process_finds_the_win_found_here(searches: SearchProcess) -> None:
    start = get_variant("freecell").start(1)
    there, here = searches.solve(start, Budget(nodes=50_000)), HERE.solve(start, Budget(nodes=50_000))
    assert there.outcome is Outcome.SOLVED and there.moves == here.moves
    assert searches.solve(get_variant("freecell").start(11982), Budget(nodes=200_000)).outcome is Outcome.UNWINNABLE
    assert searches.pid() != os.getpid()


def test_a_plan_made_in_its_own_process_is_the_plan_made_here(searches: SearchProcess) -> None:
    start = get_variant("spider-2suits").start(3)
    there = searches.plan(start, 800)
    assert there is not None and there == HERE.plan(start, 800)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the idle scheduling class is Linux's")
def test_the_searching_process_runs_only_on_cores_nothing_else_wants(searches: SearchProcess) -> None:
    assert os.sched_getscheduler(searches.pid()) == os.SCHED_IDLE


def test_a_process_lost_mid_search_answers_unknown_and_the_next_search_starts_another(searches: SearchProcess) -> None:
    first = searches.pid()
    long_one = get_variant("spider").start(1)  # four suits: no win within a minute
    answers: list[Result] = []
    asking = threading.Thread(target=lambda: answers.append(searches.solve(long_one, Budget(nodes=10**8, seconds=60))))
    asking.start()
    time.sleep(1.0)  # under way
    os.kill(first, signal.SIGKILL)
    asking.join(30)
    assert not asking.is_alive()
    assert answers[0].outcome is Outcome.UNKNOWN and answers[0].limit == LOST
    assert searches.solve(get_variant("freecell").start(1), Budget(nodes=50_000)).solved
    assert searches.pid() != first


def test_the_process_id_asked_just_after_a_kill_is_a_new_process(searches: SearchProcess) -> None:
    for _ in range(3):  # the kill may or may not have reached the pipe when the id is asked
        first = searches.pid()
        os.kill(first, signal.SIGKILL)
        assert searches.pid() != first


class _CountedPipe:
    """A pipe that counts how often it is closed."""

    def __init__(self, pipe: Any) -> None:
        self.pipe, self.closes, self.sent = pipe, 0, threading.Event()

    def send(self, message: object) -> None:
        self.pipe.send(message)
        self.sent.set()

    def recv(self) -> Any:
        return self.pipe.recv()

    def close(self) -> None:
        self.closes += 1
        self.pipe.close()


def test_closing_during_a_search_closes_the_pipe_once(searches: SearchProcess) -> None:
    """A server stopping closes the process while a search waits on it: both wake at its
    end, and only one may close the pipe (once, a server's shutdown failed on a
    descriptor closed twice)."""
    searches.warm_up(get_variant("freecell").start(1))
    counted = searches._pipe = _CountedPipe(searches._pipe)  # type: ignore[assignment]
    answers: list[Result] = []
    long_one = get_variant("spider").start(1)
    asking = threading.Thread(target=lambda: answers.append(searches.solve(long_one, Budget(nodes=10**8, seconds=60))))
    asking.start()
    assert counted.sent.wait(30)  # the search asked for on this pipe: under way
    time.sleep(0.2)
    searches.close()
    asking.join(30)
    assert answers[0].limit == LOST and counted.closes == 1


@pytest.mark.parametrize("when", ["ready", "starting"])
def test_the_searching_process_ends_with_the_process_it_serves(when: str) -> None:
    # ended without any cleanup, as a killed server is; "starting": before the process is ready
    ask = "searches.pid()" if when == "ready" else "(searches.start(), searches._process.pid)[1]"
    program = (
        "import os\n"
        "from cardtable.app.searches import SearchProcess\n"
        "if __name__ == '__main__':\n"
        "    searches = SearchProcess()\n"
        f"    print({ask}, flush=True)\n"
        "    os._exit(0)\n"
    )
    served = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True)
    pid = int(served.stdout.split()[0])
    deadline = time.monotonic() + 20
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _gone(pid)


def test_a_search_that_fails_there_raises_here(searches: SearchProcess) -> None:
    with pytest.raises(AttributeError):
        searches.solve("not a position")  # type: ignore[arg-type]
    assert searches.solve(get_variant("freecell").start(1), Budget(nodes=50_000)).solved  # and it goes on


class _Slow:
    """Searches that take ``seconds`` each and find nothing."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started: list[float] = []

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        self.started.append(time.monotonic())
        time.sleep(self.seconds)
        return Result(Outcome.UNKNOWN, (), 0, self.seconds, False, limit="nodes")

    def warm_up(self, state: State) -> None:
        pass


def test_the_indicator_rests_three_times_as_long_as_a_verdict_took_wherever_it_searched() -> None:
    slow = _Slow(0.2)
    indicator = Indicator(searcher=slow, share=0.25, look_back=0)
    try:
        first = indicator.submit(History.begin(get_variant("freecell").start(1)), game="a")
        second = indicator.submit(History.begin(get_variant("freecell").start(2)), game="b")
        assert first.result(10) is not None and second.result(10) is not None
    finally:
        indicator.close()
    assert slow.started[1] - slow.started[0] >= 0.2 + 3 * 0.2 * 0.9
