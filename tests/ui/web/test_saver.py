"""The thread that writes the server's saves, on a real SQLite file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from cardtable.app import Session, StaleGame, Store, StoreBusy
from cardtable.app.storage import Save
from cardtable.solitaire import get_variant
from cardtable.ui.web.saver import Saver


def _games(store: Store, count: int) -> list[tuple[int, Session]]:
    """``count`` saved games, each with a deal played on it since (not yet saved)."""
    games = []
    for deal in range(1, count + 1):
        game = store.save("me", Session(get_variant("klondike"), deal))
        session = store.load("me", game)
        session.deal()
        games.append((game, session))
    return games


def test_saves_that_queue_are_written_together_and_answered_only_once_committed(tmp_path: Path) -> None:
    path = tmp_path / "saves.db"
    store, reader = Store(path, timeout=5), Store(path)
    games = _games(store, 10)
    batches: list[int] = []
    write = store.save_together

    def counted(saves: Sequence[Save]) -> list[int | Exception]:
        batches.append(len(saves))
        return write(saves)

    store.save_together = counted  # type: ignore[method-assign]
    saver = Saver(store)
    stored_when_answered: list[int] = []

    async def play() -> list[int]:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # the first save waits for this lock; the rest queue meanwhile
        first = saver.save(Save("me", games[0][1], games[0][0], expected=0))
        while not batches:  # until the writer has taken it, and waits for the lock
            await asyncio.sleep(0.01)
        rest = [saver.save(Save("me", session, game, expected=0)) for game, session in games[1:]]
        for (game, _), answer in zip(games, [first, *rest]):
            answer.add_done_callback(lambda _, game=game: stored_when_answered.append(reader.version("me", game)))
        await asyncio.sleep(0.1)
        other.execute("ROLLBACK")
        other.close()
        return await asyncio.gather(first, *rest)

    assert asyncio.run(play()) == [game for game, _ in games]
    saver.close()
    assert batches == [1, 9]
    assert stored_when_answered == [1] * 10  # every answer came after its commit
    assert all(reader.load("me", game).state == session.state for game, session in games)


def test_a_refused_save_among_others_is_refused_alone(tmp_path: Path) -> None:
    store = Store(tmp_path / "saves.db")
    (first, mine), (second, theirs) = _games(store, 2)
    saver = Saver(store)

    async def play() -> list[int | BaseException]:
        return await asyncio.gather(
            saver.save(Save("me", mine, first, expected=0)),
            saver.save(Save("me", theirs, second, expected=3)),  # an old view's action
            return_exceptions=True,
        )

    saved, refused = asyncio.run(play())
    saver.close()
    assert saved == first and isinstance(refused, StaleGame)
    assert store.version("me", first) == 1 and store.version("me", second) == 0


def test_a_busy_database_fails_every_waiting_save_and_stores_none(tmp_path: Path) -> None:
    path = tmp_path / "saves.db"
    store = Store(path, timeout=0.2)
    games = _games(store, 3)
    saver = Saver(store)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")

    async def play() -> list[int | BaseException]:
        return await asyncio.gather(*(saver.save(Save("me", session, game, expected=0)) for game, session in games),
                                    return_exceptions=True)

    answers = asyncio.run(play())
    other.execute("ROLLBACK")
    other.close()
    saver.close()
    assert all(isinstance(answer, StoreBusy) and "busy" in str(answer) for answer in answers)
    assert [store.version("me", game) for game, _ in games] == [0, 0, 0]


def test_the_writer_opens_its_connection_before_the_first_save(tmp_path: Path) -> None:
    store = Store(tmp_path / "saves.db")
    opened = len(store._opened)
    saver = Saver(store)
    assert len(store._opened) == opened + 1  # a limit set on every connection now reaches its writes too
    saver.close()


def test_saves_queued_before_close_are_written(tmp_path: Path) -> None:
    store = Store(tmp_path / "saves.db")
    games = _games(store, 3)
    saver = Saver(store)

    async def play() -> None:
        for game, session in games:
            saver.save(Save("me", session, game, expected=0))
        saver.close()

    asyncio.run(play())
    assert [store.version("me", game) for game, _ in games] == [1, 1, 1]
