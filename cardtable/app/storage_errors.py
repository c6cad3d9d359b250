"""What can go wrong with the store, and how SQLite's errors are told to the program."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class StorageError(Exception):
    """The database can't be used; nothing in it was changed."""


class StoreBusy(StorageError):
    """Another connection held the database's write lock for longer than the store
    waits (``Store.timeout``); nothing was changed, and trying again later is safe."""


BUSY_ERRORS = ("SQLITE_BUSY", "SQLITE_LOCKED")
"""SQLite's names (and their extended forms') for "another connection holds the lock"."""


def storage_error(error: sqlite3.Error, doing: str) -> StorageError:
    """What an SQLite error while ``doing`` something means to the rest of the program.

    >>> busy = sqlite3.OperationalError("database is locked")
    >>> busy.sqlite_errorname = "SQLITE_BUSY"
    >>> type(storage_error(busy, "save game 3")).__name__
    'StoreBusy'
    """
    name = str(getattr(error, "sqlite_errorname", ""))
    if name.startswith(BUSY_ERRORS):
        return StoreBusy(f"can't {doing}: the database is busy (another program holds it); try again shortly")
    return StorageError(f"can't {doing}: {error}; nothing was saved")


class CorruptSave(StorageError):
    """One saved game can't be read back; the row is left as it is."""


class StaleGame(Exception):
    """The game changed elsewhere (another server process) since this copy was loaded."""


class GameOver(StaleGame, StorageError):
    """The game was given up (lost or left unplayed): it can't be played on or saved again."""


@contextmanager
def failing_as(doing: str) -> Iterator[None]:
    """Raise an SQLite error met inside as the StorageError it means (``storage_error``)."""
    try:
        yield
    except sqlite3.Error as error:
        raise storage_error(error, doing) from None


def begin_write(db: sqlite3.Connection, seconds: float, waiting: Callable[[], None] | None = None) -> None:
    """Begin a write transaction on ``db``, waiting up to ``seconds`` for another
    connection's lock; ``waiting``, if given, is called once when that takes more than a
    second, so a program that would sit silent can say why. The connection waits
    ``seconds`` again afterwards."""
    if waiting is None:
        db.execute("BEGIN IMMEDIATE")
        return
    db.execute("PRAGMA busy_timeout = 1000")
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if not str(getattr(error, "sqlite_errorname", "")).startswith(BUSY_ERRORS):
            raise
        waiting()
        db.execute(f"PRAGMA busy_timeout = {max(0, int((seconds - 1) * 1000))}")
        db.execute("BEGIN IMMEDIATE")
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
