"""The full screen's watchers: the clock waits while a page covers the table, and a
closed terminal quits the table."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from cardtable.app import Session
from cardtable.solitaire import get_variant
from cardtable.ui.terminal.watching import on_hang_up, pause_while_covered


class Page(Screen[None]):
    """Any screen laid over the table (the rules, statistics, a question)."""

    def compose(self) -> ComposeResult:
        yield Static("a page")


class Table(App[None]):
    """A table that only watches its session's clock."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def on_mount(self) -> None:
        pause_while_covered(self, lambda: self.session)


def _played_golf() -> Session:
    session = Session(get_variant("golf"), 3)
    assert session.deal().ok and session.clock_running
    return session


def test_the_clock_waits_while_a_page_covers_the_table_and_runs_again_under_it() -> None:
    session = _played_golf()

    async def drive() -> None:
        async with Table(session).run_test() as pilot:
            pilot.app.push_screen(Page())
            await pilot.pause()
            assert not session.clock_running
            reading = session.elapsed
            await asyncio.sleep(0.2)
            assert session.elapsed == reading  # reading is not play
            pilot.app.pop_screen()
            await pilot.pause()
            assert session.clock_running

    asyncio.run(drive())


def test_a_clock_stopped_before_the_page_stays_stopped_after_it() -> None:
    session = _played_golf()
    session.pause()  # as where nothing on the table leads anywhere, or the game is won

    async def drive() -> None:
        async with Table(session).run_test() as pilot:
            pilot.app.push_screen(Page())
            await pilot.pause()
            pilot.app.pop_screen()
            await pilot.pause()
            assert not session.clock_running

    asyncio.run(drive())


@pytest.mark.parametrize("sent", [signal.SIGHUP, signal.SIGTERM])
def test_a_hang_up_or_a_kill_runs_the_quit_on_the_loop(sent: signal.Signals) -> None:
    quit_at: list[bool] = []
    # Caught here if the watch were not set: the test fails, not the process that runs it.
    before = {s: signal.signal(s, lambda signum, frame: quit_at.append(False)) for s in (signal.SIGHUP, signal.SIGTERM)}

    async def drive() -> None:
        loop = asyncio.get_running_loop()
        on_hang_up(lambda: quit_at.append(True))
        try:
            os.kill(os.getpid(), sent)
            for _ in range(100):
                if quit_at:
                    break
                await asyncio.sleep(0.01)
        finally:
            for s in before:
                loop.remove_signal_handler(s)

    try:
        asyncio.run(drive())
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
    assert quit_at == [True]


def test_off_the_main_thread_a_hang_up_watch_is_left_off_without_an_error() -> None:
    import threading

    failed: list[BaseException] = []

    def elsewhere() -> None:
        async def drive() -> None:
            on_hang_up(lambda: None)

        try:
            asyncio.run(drive())
        except BaseException as error:  # noqa: BLE001 (any error fails the test)
            failed.append(error)

    before = signal.getsignal(signal.SIGHUP)
    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join(10)
    assert failed == [] and signal.getsignal(signal.SIGHUP) == before  # no watch set, and no error
