"""Saved games and settings in SQLite (one file, WAL mode), created here and migrated
by the steps in ``migrations.py``.

The database lives in the user's data directory unless a path (or an ``sqlite:///``
URL) is given or the ``CARDTABLE_DB`` environment variable names one. Every game is stored as what it is
(game id, deal number, options, the list of actions as move texts, the undo position,
the clock), so a game killed at any moment resumes exactly; loading replays the moves
through the engine and verifies them.

A file is known as ours by its SQLite ``application_id`` (files from cardtable versions
that did not set it are known by their exact tables and columns, and stamped); anything
else is refused before a single pragma or table is written. Each migration step runs in
one transaction, so a failed upgrade leaves the file at the schema it had.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from cardtable.app.saved_rows import FINISHED as FINISHED
from cardtable.app.saved_rows import GameRecord as GameRecord
from cardtable.app.saved_rows import Save as Save
from cardtable.app.saved_rows import columns
from cardtable.app.saved_rows import rebuild as _rebuild
from cardtable.app.saved_rows import record_of as record_of
from cardtable.app.session import Session
from cardtable.app.step_texts import StepTexts
from cardtable.app.storage_files import damage
from cardtable.app.storage_files import database_file as database_file
from cardtable.app.storage_files import default_path as default_path
from cardtable.app.storage_files import make_folder as _make_folder
from cardtable.app.storage_files import stored_version as _stored_version
from cardtable.app.storage_files import tables as _tables
from cardtable.app.storage_files import unwritable
from cardtable.app.storage_errors import CorruptSave as CorruptSave
from cardtable.app.storage_errors import GameOver as GameOver
from cardtable.app.storage_errors import StaleGame as StaleGame
from cardtable.app.storage_errors import StorageError as StorageError
from cardtable.app.storage_errors import StoreBusy as StoreBusy
from cardtable.app.storage_errors import begin_write, failing_as, storage_error
from cardtable.app import blackjack_tally
from cardtable.app import migrations
from cardtable.solitaire.formats import FormatError

APPLICATION_ID = 0x43445442
"""``PRAGMA application_id`` of a cardtable database ("CDTB")."""
_LEFT_DAMAGED = "it was left untouched: restore a copy, or move it aside and a new one is made"

_RESULT = ("status", "moves", "score", "vegas", "elapsed")
"""The columns that record how a game went, in the order ``save`` passes them."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def local_minute(stamp: str) -> str:
    """A stored time (``_now``'s, in UTC) as this machine's clock reads it, to the minute;
    a time that does not read as one is shown as it is, cut to the minute.

    >>> local_minute("garbled")
    'garbled'
    """
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return str(stamp)[:16].replace("T", " ")


WRITE_WAIT = 10.0
"""Seconds a write waits, by default, for another connection holding the database."""


class Store:
    """The saved games and settings of every player on this machine (or server)."""

    def __init__(self, path: str | Path | None = None, timeout: float = WRITE_WAIT,
                 waiting: Callable[[], None] | None = None) -> None:
        """The store in file ``path``: a file name or an ``sqlite:///FILE`` database URL.

        Each thread uses a connection of its own (a write waiting for the lock holds up
        only its own thread); ``timeout`` is how many seconds a write waits for another
        connection's lock before giving up with StoreBusy. ``waiting`` is called when a
        write has waited a second (a terminal says why it sits still); it may be set to
        None later, when nothing may be printed any more (a full screen)."""
        self.path = database_file(path if path is not None else default_path())
        self.timeout = timeout
        self.waiting = waiting
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._opening = threading.Lock()
        _make_folder(self.path)
        if self.path.is_dir():
            raise StorageError(f"{self.path} is a folder, not a database file")
        try:
            self._step_texts = StepTexts()
            self._main = self._connect()
        except sqlite3.Error as error:
            raise StorageError(f"can't open {self.path}: {unwritable(self.path) or error}") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as error:
            self._main.close()
            if getattr(error, "sqlite_errorname", "") == "SQLITE_CORRUPT":
                raise StorageError(f"{self.path} is damaged ({error}); {_LEFT_DAMAGED}") from None
            if getattr(error, "sqlite_errorname", "") == "SQLITE_NOTADB":
                raise StorageError(f"{self.path} is not a cardtable database ({error}); it was left untouched") from None
            raise StorageError(f"can't use {self.path}: {unwritable(self.path) or error}") from None
        except StorageError:
            self._main.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        """A new connection to the file (autocommit: every write below opens its own
        explicit transaction, DDL included)."""
        db = sqlite3.connect(self.path, timeout=self.timeout, check_same_thread=False, isolation_level=None)
        with self._opening:
            self._opened.append(db)
        self._local.db = db
        return db

    @property
    def _db(self) -> sqlite3.Connection:
        """This thread's connection (an in-memory database has only the one)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is not None:
            return db
        if str(self.path) == ":memory:":
            return self._main
        try:
            db = self._connect()
            db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as error:
            raise storage_error(error, f"open {self.path}") from None
        return db

    def connected(self) -> None:
        """Open this thread's connection now, not at its first call (StorageError if it can't)."""
        self._db

    @contextmanager
    def together(self, doing: str) -> Iterator[None]:
        """What is stored inside, on this thread, kept all together or not at all (one
        transaction): a new deal and the game it gives up. A database error in any
        part, or at the end, is raised as failing to do ``doing`` (``storage_error``),
        nothing of it kept."""
        try:
            with failing_as(doing), self._transaction():
                self._local.together = True
                try:
                    yield
                finally:
                    self._local.together = False
        except StorageError as error:
            cause = error.__context__
            if type(error) in (StorageError, StoreBusy) and isinstance(cause, sqlite3.Error):
                raise storage_error(cause, doing) from None  # (said as the whole, not the part that met it)
            raise

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (no other process writes meanwhile);
        inside ``together``, part of its transaction."""
        if getattr(self._local, "together", False):  # (this thread's own ``together`` only)
            yield self._db
            return
        begin_write(self._db, self.timeout, self.waiting)
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def _prepare(self) -> None:
        """Know the file for ours (reading only), then switch to WAL and migrate."""
        version, stamp = self._identify()
        fault = damage(self._db)
        if fault is not None:  # writing to it could lose more: the player decides
            raise StorageError(f"{self.path} is damaged ({fault}); {_LEFT_DAMAGED}")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        if stamp:
            with self._transaction() as db:
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for step in range(version, migrations.SCHEMA_VERSION):
            try:
                with self._transaction() as db:
                    if _stored_version(db) > step:
                        continue  # another process migrated it first
                    if step == 0:
                        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    migrations.migrate(db, step)
            except sqlite3.DatabaseError as error:
                if step == 0:  # a new file: nothing of the player's in it yet
                    raise StorageError(f"can't make a cardtable database in {self.path} ({error})") from None
                raise StorageError(
                    f"{self.path} could not be upgraded from schema {step} to {step + 1} ({error}); "
                    f"it was left at schema {step}"
                ) from None

    def _identify(self) -> tuple[int, bool]:
        """The file's schema version, and whether it still needs our application id.

        Only reads: a file that is not positively ours raises StorageError untouched."""
        db = self._db
        application_id = int(db.execute("PRAGMA application_id").fetchone()[0])
        tables = _tables(db)
        if application_id == APPLICATION_ID:
            version = _stored_version(db) if "schema_version" in tables else -1
            if version < 0 or (version > 0 and "games" not in tables):
                raise StorageError(f"{self.path} is a damaged cardtable database (its schema record is missing)")
            if version > migrations.SCHEMA_VERSION:
                raise StorageError(
                    f"{self.path} was written by a newer cardtable (schema {version}, this one knows "
                    f"{migrations.SCHEMA_VERSION}); it was left untouched"
                )
            return version, False
        if application_id == 0 and not tables and int(db.execute("PRAGMA user_version").fetchone()[0]) == 0:
            return 0, False  # a new (or empty) file: step 0 stamps it
        if application_id == 0 and "schema_version" in tables:
            version = _stored_version(db)
            if 1 <= version <= migrations.SCHEMA_VERSION and tables == migrations.expected_tables(version):
                return version, True  # made by a cardtable from before the application id
        raise StorageError(f"{self.path} holds another program's data; it was left untouched")

    def require_writable(self) -> None:
        """StorageError if this user can't write the file (or its folder): a server says
        so as it starts. A file in write-ahead mode with its log left beside it opens on a
        read-only disk without a word (reading works), and only each save then fails."""
        refused = unwritable(self.path)
        if refused is not None:
            raise StorageError(f"can't use {self.path}: {refused}")

    def checkpoint(self) -> None:
        """Write everything the write-ahead log holds into the database file itself (a
        server stopping: its file alone is then a whole copy to back up). Another process
        still reading keeps what it needs; a failure leaves the log as it was."""
        try:
            # (mode=rw: a file moved away meanwhile is not made anew, empty; the wait for
            # a busy lock is the store's own, once, as the server stops)
            with closing(sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True, timeout=self.timeout)) as db:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except (sqlite3.Error, ValueError):  # (ValueError: a name that is no file, such as :memory:)
            pass

    def close(self) -> None:
        """Close the database (every thread's connection)."""
        with self._opening:
            for db in self._opened:
                db.close()

    # -- games -------------------------------------------------------------------------

    def save(
        self,
        player: str,
        session: Session,
        game_id: int | None = None,
        status: str | None = None,
        expected: int | None = None,
    ) -> int:
        """Store the whole game; returns its id (new when ``game_id`` is None).

        A new game is version 0 and every later save raises the version by one, so a
        version is never reused and a client acting on an older view can be told so.
        With ``expected``, the save happens only if the stored version is still that one
        (else StaleGame): two processes never both apply an action to the same version.
        A result once recorded stays: a won game stays won (with its moves, score and
        time), and a lost or unplayed one refuses the save (GameOver).
        """
        game, result = columns(self._step_texts, player, session, game_id, status)
        with failing_as("save the game" if game_id is None else f"save game {game_id}"):
            if self.waiting is None:  # one statement, its own transaction
                return self._write_game(player, game_id, expected, game, result)
            with self._transaction():  # (which says when it waits for the lock)
                return self._write_game(player, game_id, expected, game, result)

    def save_together(self, saves: Sequence[Save]) -> list[int | Exception]:
        """Several saved games' next versions written in one transaction (one commit for
        all, on this thread's connection): for each, what ``save`` would give, its game
        id or the exception it would raise. A refused save (StaleGame, GameOver,
        KeyError) refuses only itself; a database error (a busy lock, a full disk)
        fails every save of the batch and stores none of it, as it would have failed
        each of them alone."""
        answers: list[int | Exception] = []
        rows: list[tuple[int, Save, tuple[object, ...], tuple[object, ...]]] = []
        for save in saves:
            try:
                game, result = columns(self._step_texts, save.player, save.session, save.game_id, save.status)
            except Exception as error:  # a game that can't be written down: only its own save fails
                answers.append(error)
                continue
            rows.append((len(answers), save, game, result))
            answers.append(save.game_id)
        try:
            with self._transaction():
                for at, save, game, result in rows:
                    try:
                        self._write_game(save.player, save.game_id, save.expected, game, result)
                    except (StaleGame, KeyError) as refused:  # GameOver too: no row was changed
                        answers[at] = refused
        except sqlite3.Error as error:
            for at, save, _, _ in rows:
                answers[at] = storage_error(error, f"save game {save.game_id}")
        return answers

    def _write_game(
        self, player: str, game_id: int | None, expected: int | None, game: tuple[object, ...], result: tuple[object, ...]
    ) -> int:
        """The statement of ``save``: one each, so the write lock is held for no longer
        than the write itself (two server processes share the file, and a longer hold
        made each wait)."""
        if game_id is None:
            cursor = self._db.execute(
                "INSERT INTO games (variant, deal, options, steps, at, random_deal, position, points, bookmark, status,"
                " moves, score, vegas, elapsed, version, updated, player, started)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                (*game, *result, _now(), player, _now()),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid
        # A won game keeps the result it was won with (SET reads the row as it was).
        kept = ", ".join(f"{column} = CASE status WHEN 'won' THEN {column} ELSE ? END" for column in _RESULT)
        where = "id = ? AND player = ? AND status NOT IN ('lost', 'unplayed')" + (" AND version = ?" if expected is not None else "")
        cursor = self._db.execute(
            "UPDATE games SET variant = ?, deal = ?, options = ?, steps = ?, at = ?, random_deal = ?, position = ?, points = ?,"
            " bookmark = ?, "
            f"{kept}, version = version + 1, updated = ? WHERE {where}",
            (*game, *result, _now(), game_id, player, *(() if expected is None else (expected,))),
        )
        if cursor.rowcount == 0:
            self._refuse_save(player, game_id, expected)
        return game_id

    def _refuse_save(self, player: str, game_id: int, expected: int | None) -> None:
        """Why a save changed no row: no such game, a newer version, or a given-up game."""
        stored = self._db.execute("SELECT version, status FROM games WHERE id = ? AND player = ?", (game_id, player)).fetchone()
        if stored is None:
            raise KeyError(f"no game {game_id} for this player")
        if expected is not None and stored[0] != expected:
            raise StaleGame(f"game {game_id} changed since version {expected}")
        raise GameOver(f"game {game_id} is over (it was given up): it can't be played on; start a new game")

    def keep_clock(self, player: str, game_id: int, version: int, elapsed: float) -> bool:
        """Keep the seconds a game in play has run (its clock stopped since its last save:
        the player left the table) where the game is still at ``version``; the game is not
        moved on. Whether it was kept (not where the game moved on, or ended, meanwhile)."""
        with failing_as("keep the game's clock"), self._transaction() as db:
            cursor = db.execute(
                "UPDATE games SET elapsed = ? WHERE id = ? AND player = ? AND version = ? AND status = 'playing'"
                " AND elapsed < ?",
                (elapsed, game_id, player, version, elapsed),
            )
        return cursor.rowcount == 1

    def set_status(self, player: str, game_id: int, status: str) -> None:
        """Mark a game won, lost (abandoned or stuck) or playing (a new version of it).

        A result once recorded stays (GameOver when asked to change it)."""
        with failing_as(f"record the result of game {game_id}"), self._transaction() as db:
            stored = db.execute("SELECT status FROM games WHERE id = ? AND player = ?", (game_id, player)).fetchone()
            if stored is None:
                raise KeyError(f"no game {game_id} for this player")
            if stored[0] in FINISHED and stored[0] != status:
                raise GameOver(f"game {game_id} was {stored[0]}: its result can't change")
            db.execute(
                "UPDATE games SET status = ?, version = version + 1, updated = ? WHERE id = ?", (status, _now(), game_id)
            )

    def load(self, player: str, game_id: int) -> Session:
        """The game as saved: from the position it reached, or (saved before positions
        were kept, or with one that can't be read) replayed move by move. A save that
        does not read back raises CorruptSave."""
        return self.load_at(player, game_id)[0]

    def load_at(self, player: str, game_id: int) -> tuple[Session, int]:
        """The game as saved (``load``) and its version, read together: a version read
        apart could be another save's."""
        with failing_as(f"read game {game_id}"):
            row = self._read_game(player, game_id)
        if row is None:
            raise KeyError(f"no game {game_id} for this player")
        try:
            session = _rebuild(row)
        except (ValueError, LookupError, TypeError, FormatError) as error:
            raise CorruptSave(f"saved game {game_id} can't be read back: {error}") from None
        session.random_deal = bool(row[6])
        session.is_over = session.is_over or row[7] in FINISHED
        session.given_up = row[7] in ("lost", "unplayed")
        return session, int(row[11])  # type: ignore[call-overload]

    def _read_game(self, player: str, game_id: int) -> tuple[object, ...] | None:
        row: tuple[object, ...] | None = self._db.execute(
            "SELECT variant, deal, options, steps, at, elapsed, random_deal, status, position, points, bookmark, version"
            " FROM games WHERE id = ? AND player = ?",
            (game_id, player),
        ).fetchone()
        return row

    def version(self, player: str, game_id: int) -> int:
        """How many actions the game has seen (see ``save``)."""
        with failing_as(f"read game {game_id}"):
            row = self._db.execute(
                "SELECT version FROM games WHERE id = ? AND player = ?", (game_id, player)
            ).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id} for this player")
        return int(row[0])

    def latest_unfinished(self, player: str) -> int | None:
        """The id of the player's most recently played unfinished game."""
        with failing_as("read the games"):
            row = self._db.execute(
                "SELECT id FROM games WHERE player = ? AND status = 'playing' ORDER BY updated DESC, id DESC LIMIT 1",
                (player,),
            ).fetchone()
        return None if row is None else int(row[0])

    def unfinished_ids(self, player: str) -> list[int]:
        """The ids of the player's unfinished games, the most recently played first."""
        with failing_as("read the games"):
            rows = self._db.execute(
                "SELECT id FROM games WHERE player = ? AND status = 'playing' ORDER BY updated DESC, id DESC", (player,)
            ).fetchall()
        return [int(row[0]) for row in rows]

    def unfinished(self, player: str) -> list[GameRecord]:
        """The player's unfinished games, the most recently played first (a row too
        damaged to describe is left out; ``load`` says what is wrong with it)."""
        with failing_as("read the games"):
            rows = self._db.execute(
                "SELECT id, player, variant, deal, options, status, moves, score, vegas, elapsed, started, updated"
                " FROM games WHERE player = ? AND status = 'playing' ORDER BY updated DESC, id DESC",
                (player,),
            ).fetchall()
        found = []
        for row in rows:
            try:
                found.append(record_of(row))
            except ValueError:
                continue
        return found

    def unfinished_daily(self, player: str, variant: str, deal: int) -> int | None:
        """The id of the player's latest unfinished game of ``deal`` begun as the day's deal."""
        with failing_as("read the games"):
            row = self._db.execute(
                "SELECT id FROM games WHERE player = ? AND variant = ? AND deal = ? AND status = 'playing'"
                " AND json_valid(options) AND json_extract(options, '$.daily') IS 1 ORDER BY updated DESC, id DESC LIMIT 1",
                (player, variant, deal),
            ).fetchone()
        return None if row is None else int(row[0])

    def played_daily(self, player: str, variant: str, deal: int) -> bool:
        """Whether the player has already begun ``deal`` of ``variant`` as a daily deal
        (a move made, or the game given up)."""
        with failing_as("read the games"):
            row = self._db.execute(
                "SELECT 1 FROM games WHERE player = ? AND variant = ? AND deal = ? AND status != 'unplayed'"
                " AND (moves > 0 OR status != 'playing')"
                " AND json_valid(options) AND json_extract(options, '$.daily') IS 1 LIMIT 1",
                (player, variant, deal),
            ).fetchone()
        return row is not None

    def dealt(self, player: str, variant: str) -> set[int]:
        """The deals of ``variant`` the player has been dealt, played or not."""
        with failing_as("read the games"):
            rows = self._db.execute(
                "SELECT DISTINCT deal FROM games WHERE player = ? AND variant = ?", (player, variant)
            ).fetchall()
        return {int(row[0]) for row in rows}

    def records(
        self, player: str, variant: str | None = None, skip: Callable[[CorruptSave], None] | None = None
    ) -> Iterator[GameRecord]:
        """The player's games, oldest first (optionally of one game, with the games played
        with options of its own).

        A row whose fields are not what a saved game holds raises CorruptSave, or with
        ``skip`` is handed to it and left out; the row itself is never changed."""
        query = (
            "SELECT id, player, variant, deal, options, status, moves, score, vegas, elapsed, started, updated"
            " FROM games WHERE player = ?"
        )
        args: tuple[object, ...] = (player,)
        if variant is not None:  # the game played with options too (``freecell[cells=6]``)
            query += r" AND (variant = ? OR variant LIKE ? ESCAPE '\')"
            args += (variant, variant.replace("\\", "\\\\").replace("%", r"\%").replace("_", r"\_") + "[%")
        with failing_as("read the games"):  # a damaged file: the error says so, not a traceback
            rows = self._db.execute(query + " ORDER BY id", args).fetchall()
        for row in rows:
            try:
                yield record_of(row)
            except ValueError as error:
                problem = CorruptSave(f"saved game {row[0]} can't be counted in the statistics: {error}")
                if skip is None:
                    raise problem from None
                skip(problem)

    def query(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows a read-only statement gives (for the statistics, ``tallies.py``)."""
        with failing_as("read the statistics"):
            return self._db.execute(sql, args).fetchall()

    # -- settings ----------------------------------------------------------------------

    # -- blackjack tables --------------------------------------------------------------

    def table_state(self, player: str) -> tuple[str, int] | None:
        """A player's blackjack table as saved (its text and version), if any."""
        row = self._db.execute("SELECT state, version FROM blackjack_tables WHERE player = ?", (player,)).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def set_table_aside(self, player: str, version: int) -> str:
        """Keep the player's saved table (at ``version``) under another name, so a new one
        can be opened: the name it is kept under (StaleGame if it changed meanwhile)."""
        aside = f"{player} (set aside {_now()})"
        with failing_as("set the blackjack table aside"), self._transaction():
            moved = self._db.execute(
                "UPDATE blackjack_tables SET player = ? WHERE player = ? AND version = ?", (aside, player, version))
            if moved.rowcount == 0:
                raise StaleGame(f"the blackjack table of {player} changed elsewhere")
        return aside

    def save_table(self, player: str, state: str, version: int, finished: dict[str, Any] | None = None) -> None:
        """Save the table as ``version`` and, in the same transaction, a round just settled.

        Only the next version is saved (StaleGame if another process saved it first)."""
        with failing_as("save the blackjack table"), self._transaction():
            if version == 1:
                try:
                    self._db.execute("INSERT INTO blackjack_tables VALUES (?, ?, ?, ?)", (player, state, version, _now()))
                except sqlite3.IntegrityError:
                    raise StaleGame(f"the blackjack table of {player} was opened elsewhere") from None
            else:
                found = self._db.execute(
                    "UPDATE blackjack_tables SET state = ?, version = ?, updated = ? WHERE player = ? AND version = ?",
                    (state, version, _now(), player, version - 1),
                )
                if found.rowcount == 0:
                    raise StaleGame(f"the blackjack table of {player} changed elsewhere")
            if finished is not None:
                self._db.execute(
                    "INSERT INTO blackjack_rounds (player, rules, hands, dealer, net, at) VALUES (?, ?, ?, ?, ?, ?)",
                    (player, finished["rules"], json.dumps(finished["hands"]), finished["dealer"], finished["net"], _now()),
                )
                blackjack_tally.add(self._db, player, finished)

    def table_rounds(self, player: str, last: int | None = None, rules: str | None = None) -> list[dict[str, Any]]:
        """The player's settled blackjack rounds (under ``rules`` if given), oldest first
        (``blackjack_tally.rounds``)."""
        with failing_as("read the blackjack rounds"):
            return blackjack_tally.rounds(self._db, player, last, rules)

    def table_rule_sets(self, player: str) -> dict[str, int]:
        """The rule sets the player has settled blackjack rounds under, with how many."""
        with failing_as("read the blackjack statistics"):
            return blackjack_tally.rule_sets(self._db, player)

    def table_tally(self, player: str, rules: str) -> dict[str, int]:
        """The player's blackjack totals over every round settled under ``rules``, kept as
        they are stored."""
        with failing_as("read the blackjack statistics"):
            return blackjack_tally.read(self._db, player, rules)

    def setting(self, player: str, key: str, default: str | None = None) -> str | None:
        """A player's setting."""
        with failing_as("read a setting"):
            row = self._db.execute("SELECT value FROM settings WHERE player = ? AND key = ?", (player, key)).fetchone()
        return default if row is None else str(row[0])

    def set_setting(self, player: str, key: str, value: str) -> None:
        """Change a player's setting."""
        with failing_as("save a setting"), self._transaction():
            self._db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?, ?)", (player, key, value))
