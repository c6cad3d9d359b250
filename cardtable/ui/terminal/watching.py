"""What the full-screen table watches beside its keys: a page or question covering it
(the game's clock waits) and the terminal closing (the table quits as q does)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen

from cardtable.app import Session


def pause_while_covered(app: App[Any], session: Callable[[], Session]) -> None:
    """Stop ``session()``'s clock while another screen covers ``app``'s present one (the
    table), and run it again when the table is back (reading is not play)."""
    table, covered = app.screen, False

    def screen_changed(screen: Screen[Any]) -> None:
        nonlocal covered
        if screen is not table and session().clock_running:
            session().pause()
            covered = True
        elif screen is table and covered:
            session().run_clock()
            covered = False

    app.screen_change_signal.subscribe(app, screen_changed)


def on_hang_up(quit_game: Callable[[], None]) -> None:
    """Run ``quit_game`` on the running loop when the terminal closes (SIGHUP) or the
    program is told to end (SIGTERM, as ``kill`` and ``timeout`` send): the game put away,
    a deal with nothing played not kept. Nothing where there is no such signal (Windows)
    or the loop is not the main thread's."""
    for name in ("SIGHUP", "SIGTERM"):
        try:
            asyncio.get_running_loop().add_signal_handler(getattr(signal, name), quit_game)
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass
