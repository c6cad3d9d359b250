"""The database file itself: where it is (a path or an sqlite:/// URL), the folder it
goes in, and what a file holds before it is opened as the store (its tables and the
schema version it records). Nothing here writes to the file; only the folder is made."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from cardtable.app.storage_errors import StorageError


def make_folder(path: Path) -> None:
    """Create the folder the database file goes in, or say truly why it can't be."""
    folder = path.parent
    for above in (folder, *folder.parents):
        if above.exists():
            if not above.is_dir():
                raise StorageError(f"can't put the database at {path}: {above} is a file, not a folder")
            break
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"can't create the folder {folder} for the database: {error.strerror or error}") from None


def tables(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Each table of the database with its column names, in order (reads only)."""
    names = [
        row[0]
        for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'")
    ]
    return {name: tuple(row[0] for row in db.execute("SELECT name FROM pragma_table_info(?)", (name,))) for name in names}


def stored_version(db: sqlite3.Connection) -> int:
    """The schema version the file records (0 before the first migration, -1 if unreadable)."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").fetchone():
        return 0
    rows = db.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) != 1 or not isinstance(rows[0][0], int):
        return -1
    return int(rows[0][0])


def damage(db: sqlite3.Connection) -> str | None:
    """The first fault SQLite's quick check finds in the file, or None for a sound one
    (reads every page: some 0.1 s for 80 MB, milliseconds for a usual player's file)."""
    found = str(db.execute("PRAGMA quick_check(1)").fetchone()[0])
    return None if found == "ok" else found.replace("*** in database main ***", "").strip()


def unwritable(path: Path) -> str | None:
    """Why SQLite can't write the database at ``path`` for this user, when the file or its
    folder says so (the folder must take the journal files made beside the file), else None."""
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path} is read-only for this user"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return (f"its folder {path.parent} is read-only for this user, and SQLite makes its journal files "
                f"({path.name}-wal, {path.name}-shm) beside the database")
    return None


def default_path() -> Path:
    """``CARDTABLE_DB`` if set, else ``cardtable.db`` in the user's data directory."""
    named = os.environ.get("CARDTABLE_DB")
    if named:
        return Path(named).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cardtable" / "cardtable.db"


def database_file(where: str | Path) -> Path:
    """The SQLite file a path or database URL names (``sqlite:///games.db`` is relative,
    ``sqlite:////srv/games.db`` absolute); other kinds of database are refused clearly.

    >>> database_file("sqlite:///games.db"), database_file("sqlite:////srv/games.db")
    (PosixPath('games.db'), PosixPath('/srv/games.db'))
    """
    text = str(where)
    if "://" in text and not text.startswith("sqlite:///"):
        scheme = text.split("://", 1)[0]
        raise StorageError(f"{scheme} databases are not supported; give a file name or an sqlite:///FILE URL")
    name = text.removeprefix("sqlite:///")
    if not name.strip():
        raise StorageError("no database file was named (the name is empty); give a file name such as games.db")
    return Path(name)
