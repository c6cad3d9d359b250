"""Which files the store will use, atomic migrations, and rows that can't be read back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.app import CorruptSave, Session, StorageError, Store
from cardtable.app import migrations
from cardtable.app.migrations import MIGRATIONS, SCHEMA_VERSION
from cardtable.app.storage import APPLICATION_ID
from cardtable.solitaire import get_variant
from tests.ui.web.serving import free_port


def _sqlite(path: Path, *statements: str) -> bytes:
    """A database made by someone else; returns its bytes."""
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()
    return path.read_bytes()


def _tables(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        db.close()


def _legacy(path: Path, version: int, *extra: str) -> bytes:
    """A database as a cardtable from before the application id left it."""
    statements = [s for step in MIGRATIONS[:version] for s in step]
    return _sqlite(
        path, *statements, f"INSERT INTO schema_version VALUES ({version})",
        "INSERT INTO games (player, variant, deal, options, steps, at, elapsed, status, moves, score, vegas, started,"
        " updated) VALUES ('me', 'klondike', 7, '{}', '[[\"deal\"]]', 1, 3.0, 'playing', 1, 0, 0, '', '')",
        *extra,
    )


@pytest.mark.parametrize(
    "statements",
    [
        ("CREATE TABLE schema_version (version INTEGER NOT NULL)", "INSERT INTO schema_version VALUES (2)",
         "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", "INSERT INTO notes (body) VALUES ('keep me')"),
        ("CREATE TABLE schema_version (version INTEGER NOT NULL)",),
        ("PRAGMA application_id = 1234", "CREATE TABLE games (id INTEGER)"),
        ("PRAGMA user_version = 9",),
    ],
    ids=["own-schema-version", "empty-schema-version", "other-application-id", "empty-with-user-version"],
)
def test_another_programs_database_is_refused_and_not_changed_by_a_byte(tmp_path: Path, statements: tuple[str, ...]) -> None:
    foreign = tmp_path / "other.db"
    before = _sqlite(foreign, *statements)
    with pytest.raises(StorageError, match="another program's data; it was left untouched"):
        Store(foreign)
    assert foreign.read_bytes() == before
    assert not Path(f"{foreign}-wal").exists()


def test_a_new_database_carries_the_cardtable_application_id(tmp_path: Path) -> None:
    Store(tmp_path / "new.db").close()
    db = sqlite3.connect(tmp_path / "new.db")
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION + 1))
def test_a_database_from_before_the_application_id_is_recognised_stamped_and_migrated(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.db"
    _legacy(path, version)
    store = Store(path)
    assert store.load("me", 1).move_count == 1
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION


def test_a_look_alike_with_tables_of_its_own_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lookalike.db"
    before = _legacy(path, 3, "CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StorageError, match="another program"):
        Store(path)
    assert path.read_bytes() == before


def _failing_step(monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    """Migration ``step`` creates a table, then fails."""
    broken = (*MIGRATIONS[step], "CREATE TABLE half_done (x)", "ALTER TABLE no_such_table ADD COLUMN y")
    steps = (*MIGRATIONS[:step], broken, *MIGRATIONS[step + 1 :])
    monkeypatch.setattr(migrations, "MIGRATIONS", steps)
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", len(steps))


def test_a_failing_migration_leaves_the_file_at_its_old_schema_with_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.db"
    store = Store(path)
    game = store.save("me", Session(get_variant("klondike"), 7))
    store.close()
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, ("CREATE TABLE half_done (x)", "ALTER TABLE nowhere ADD y")))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StorageError, match=f"could not be upgraded from schema {SCHEMA_VERSION} to {SCHEMA_VERSION + 1}"):
        Store(path)
    monkeypatch.undo()
    assert "half_done" not in _tables(path)
    again = Store(path)
    assert again.load("me", game).deal_number == 7
    assert again._db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION


def test_a_first_migration_failing_half_way_does_not_spoil_a_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "new.db"
    _failing_step(monkeypatch, 0)
    with pytest.raises(StorageError, match=f"can't make a cardtable database in {path}"):
        Store(path)
    monkeypatch.undo()
    assert _tables(path) == set()
    store = Store(path)  # used to fail for good: "table schema_version already exists"
    assert store.load("me", store.save("me", Session(get_variant("klondike"), 7))).deal_number == 7


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("options", "[1]", "its options are '\\[1\\]', not an object"),
        ("options", '{"auto_build": "yes"}', "auto-build option is 'yes'"),
        ("options", '{"scoring": 3}', "scoring option is 3, not text"),
        ("elapsed", "abc", "time played is 'abc'"),
        ("elapsed", -5.0, "time played is -5.0"),
        ("steps", '{"moves": 1}', "move list is not a list"),
        ("steps", '[["deal", 7]]', "step 1 is not a list of moves"),
        ("at", "x", "undo position is 'x'"),
        ("deal", "seven", "deal number is 'seven'"),
        ("variant", "no-such-game", "no-such-game"),
    ],
)
def test_a_saved_row_with_a_bad_field_is_reported_clearly(tmp_path: Path, column: str, value: object, message: str) -> None:
    store = Store(tmp_path / "g.db")
    game = store.save("me", Session(get_variant("klondike"), 7))
    store._db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game))
    with pytest.raises(CorruptSave, match=f"saved game {game} can't be read back: .*{message}"):
        store.load("me", game)


def test_a_database_path_that_can_not_be_a_file_is_refused_truly(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("mine")
    with pytest.raises(StorageError, match=f"{afile} is a file, not a folder"):
        Store(afile / "sub.db")
    with pytest.raises(StorageError, match=f"{afile} is a file, not a folder"):
        Store(afile / "deeper" / "sub.db")
    assert afile.read_text() == "mine"
    with pytest.raises(StorageError, match="is a folder, not a database file"):
        Store(tmp_path)
    for empty in ("", "  ", "sqlite:///"):
        with pytest.raises(StorageError, match="no database file was named"):
            Store(empty)


def _damaged(path: Path) -> bytes:
    """A store with three saved games whose games table then has a page scribbled over
    (as a failing disk or a stray write would leave it); returns its bytes."""
    store = Store(path)
    for deal in (1, 2, 3):
        store.save("me", Session(get_variant("klondike"), deal))
    root = store.query("SELECT rootpage FROM sqlite_master WHERE name = 'games'")[0][0]
    size = store.query("PRAGMA page_size")[0][0]
    store.close()
    with path.open("r+b") as file:
        file.seek((root - 1) * size + 8)
        file.write(b"\x07" * 64)
    return path.read_bytes()


def test_a_damaged_database_is_named_so_and_nothing_is_written_to_it(tmp_path: Path) -> None:
    before = _damaged(tmp_path / "games.db")
    with pytest.raises(StorageError, match=r"games.db is damaged \(.*page.*\); it was left untouched: restore a copy"):
        Store(tmp_path / "games.db")
    assert (tmp_path / "games.db").read_bytes() == before
    assert not (tmp_path / "games.db-wal").exists() or not (tmp_path / "games.db-wal").stat().st_size


def test_a_damaged_database_is_one_line_from_the_command_line_and_no_game_starts(tmp_path: Path) -> None:
    from tests.ui.terminal.test_plain import cardtable

    before = _damaged(tmp_path / "games.db")
    played = cardtable(tmp_path / "games.db", "play", "klondike", "--plain", stdin="q\n")
    assert played.returncode == 1 and "Traceback" not in played.stderr  # (2 is for input to fix)
    assert "games.db is damaged" in played.stderr and "Klondike, deal" not in played.stdout
    assert (tmp_path / "games.db").read_bytes() == before


def test_a_read_only_folder_or_file_is_named_as_the_reason_a_database_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.app import storage_files

    path = tmp_path / "games.db"
    path.write_bytes(b"")
    assert storage_files.unwritable(path) is None
    # The suite may run as root, whom permissions don't bind: the user's view of them is put in place.
    monkeypatch.setattr(storage_files.os, "access", lambda where, mode: Path(where) != tmp_path)
    assert storage_files.unwritable(path) == (
        f"its folder {tmp_path} is read-only for this user, and SQLite makes its journal files "
        "(games.db-wal, games.db-shm) beside the database"
    )
    monkeypatch.setattr(storage_files.os, "access", lambda where, mode: Path(where) != path)
    assert storage_files.unwritable(path) == f"{path} is read-only for this user"


def test_a_server_on_a_database_it_cannot_write_is_refused_as_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file in write-ahead mode with its log left beside it opens for reading on a
    read-only disk: a server on it used to start, then refuse every save with a 503 that
    says a retry is safe. Commands that only read (stats) still read it."""
    from cardtable.app import storage_files
    from cardtable.ui.web.server import serve

    path = tmp_path / "games.db"
    Store(path).close()
    monkeypatch.setattr(storage_files.os, "access", lambda where, mode: Path(where) != path)
    with pytest.raises(StorageError, match="games.db is read-only for this user"):
        serve(port=free_port(), db=str(path))  # (refused before it listens)
    Store(path).close()  # opening to read is still allowed
