"""Saved games and settings in SQLite (one file, WAL mode), created and migrated here.

The database lives in the user's data directory unless a path (or an ``sqlite:///``
URL) is given or the ``CARDTABLE_DB`` environment variable names one. Every game is stored as what it is
(game id, deal number, options, the list of actions as move texts, the undo position,
the clock), so a game killed at any moment resumes exactly; loading replays the moves
through the engine and verifies them. A file that is not ours is never written to.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardtable.app.history import History
from cardtable.app.scoring import Scoring
from cardtable.app.session import Options, Session
from cardtable.solitaire import apply, check, get_variant
from cardtable.solitaire.formats import FormatError, format_move, parse_move

SCHEMA_VERSION = 3
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            player TEXT NOT NULL,
            variant TEXT NOT NULL,
            deal INTEGER NOT NULL,
            options TEXT NOT NULL,
            steps TEXT NOT NULL,
            at INTEGER NOT NULL,
            elapsed REAL NOT NULL,
            status TEXT NOT NULL,
            moves INTEGER NOT NULL,
            score INTEGER NOT NULL,
            vegas INTEGER NOT NULL,
            started TEXT NOT NULL,
            updated TEXT NOT NULL)""",
        "CREATE INDEX games_by_player ON games (player, updated)",
        """CREATE TABLE settings (
            player TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
            PRIMARY KEY (player, key))""",
    ),
    ("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",),
    (
        """CREATE TABLE blackjack_tables (
            player TEXT PRIMARY KEY, state TEXT NOT NULL, version INTEGER NOT NULL, updated TEXT NOT NULL)""",
        """CREATE TABLE blackjack_rounds (
            id INTEGER PRIMARY KEY, player TEXT NOT NULL, rules TEXT NOT NULL, hands TEXT NOT NULL,
            dealer TEXT NOT NULL, net INTEGER NOT NULL, at TEXT NOT NULL)""",
        "CREATE INDEX blackjack_rounds_by_player ON blackjack_rounds (player, id)",
    ),
)
"""Migration n (from 0) brings the schema from version n to n + 1."""


class StorageError(Exception):
    """The database can't be used; nothing in it was changed."""


class CorruptSave(StorageError):
    """One saved game can't be read back; the row is left as it is."""


class StaleGame(Exception):
    """The game changed elsewhere (another server process) since this copy was loaded."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored game, as the statistics see it."""

    id: int
    player: str
    variant: str
    deal: int
    options: str
    status: str
    moves: int
    score: int
    vegas: int
    elapsed: float
    started: str
    updated: str


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
    if text.startswith("sqlite:///"):
        return Path(text.removeprefix("sqlite:///"))
    if "://" in text:
        scheme = text.split("://", 1)[0]
        raise StorageError(f"{scheme} databases are not supported; give a file name or an sqlite:///FILE URL")
    return Path(text)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Store:
    """The saved games and settings of every player on this machine (or server)."""

    def __init__(self, path: str | Path | None = None) -> None:
        """The store in file ``path``: a file name or an ``sqlite:///FILE`` database URL."""
        self.path = database_file(path) if path is not None else database_file(default_path())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, timeout=10, check_same_thread=False)
            self._prepare()
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path} is not a cardtable database ({error}); it was left untouched") from None

    def _prepare(self) -> None:
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = 0
        if tables:
            if "schema_version" not in tables:
                raise StorageError(f"{self.path} holds another program's data; it was left untouched")
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            version = row[0] if row else 0
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"{self.path} was written by a newer cardtable (schema {version}, this one knows "
                    f"{SCHEMA_VERSION}); it was left untouched"
                )
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        for step in range(version, SCHEMA_VERSION):
            with self._db:
                for statement in MIGRATIONS[step]:
                    self._db.execute(statement)
                self._db.execute("DELETE FROM schema_version")
                self._db.execute("INSERT INTO schema_version VALUES (?)", (step + 1,))

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    # -- games -------------------------------------------------------------------------

    def save(
        self,
        player: str,
        session: Session,
        game_id: int | None = None,
        status: str | None = None,
        version: int = 0,
        expected: int | None = None,
    ) -> int:
        """Store the whole game; returns its id (new when ``game_id`` is None).

        ``version`` counts the actions taken on the game, so a client acting on an
        older view can be told so. With ``expected``, the save happens only if the stored
        version is still that one (else StaleGame): two processes never both apply an
        action to the same version.
        """
        variant = session.variant
        steps = [[_move_text(variant, m) for m in step] for step in session.history.steps]
        options = json.dumps({"auto_build": session.options.auto_build, "scoring": session.options.scoring.value})
        status = status or ("won" if session.is_won else "playing")
        vegas = _vegas(session)
        row = (
            variant.id, session.deal_number, options, json.dumps(steps), session.history.at,
            session.elapsed, status, session.move_count, session.score, vegas, version, _now(),
        )
        with self._db:
            if game_id is None:
                cursor = self._db.execute(
                    "INSERT INTO games (variant, deal, options, steps, at, elapsed, status, moves, score, vegas,"
                    " version, updated, player, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*row, player, _now()),
                )
                assert cursor.lastrowid is not None
                return cursor.lastrowid
            update = (
                "UPDATE games SET variant = ?, deal = ?, options = ?, steps = ?, at = ?, elapsed = ?, status = ?,"
                " moves = ?, score = ?, vegas = ?, version = ?, updated = ? WHERE id = ? AND player = ?"
            )
            if expected is None:
                found = self._db.execute(update, (*row, game_id, player))
            else:
                found = self._db.execute(update + " AND version = ?", (*row, game_id, player, expected))
            if found.rowcount == 0:
                self.version(player, game_id)  # KeyError when there is no such game
                raise StaleGame(f"game {game_id} changed since version {expected}")
            return game_id

    def set_status(self, player: str, game_id: int, status: str) -> None:
        """Mark a game won, lost (abandoned or stuck) or playing."""
        with self._db:
            self._db.execute("UPDATE games SET status = ?, updated = ? WHERE id = ? AND player = ?", (status, _now(), game_id, player))

    def load(self, player: str, game_id: int) -> Session:
        """The game, replayed move by move; a save that does not replay raises CorruptSave."""
        row = self._db.execute(
            "SELECT variant, deal, options, steps, at, elapsed FROM games WHERE id = ? AND player = ?",
            (game_id, player),
        ).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id} for this player")
        try:
            return _rebuild(*row)
        except (ValueError, LookupError, TypeError, FormatError) as error:
            raise CorruptSave(f"saved game {game_id} can't be read back: {error}") from None

    def version(self, player: str, game_id: int) -> int:
        """How many actions the game has seen (see ``save``)."""
        row = self._db.execute("SELECT version FROM games WHERE id = ? AND player = ?", (game_id, player)).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id} for this player")
        return int(row[0])

    def latest_unfinished(self, player: str) -> int | None:
        """The id of the player's most recently played unfinished game."""
        row = self._db.execute(
            "SELECT id FROM games WHERE player = ? AND status = 'playing' ORDER BY updated DESC, id DESC LIMIT 1",
            (player,),
        ).fetchone()
        return None if row is None else int(row[0])

    def records(self, player: str, variant: str | None = None) -> Iterator[GameRecord]:
        """The player's games, oldest first (optionally of one game)."""
        query = (
            "SELECT id, player, variant, deal, options, status, moves, score, vegas, elapsed, started, updated"
            " FROM games WHERE player = ?"
        )
        args: tuple[object, ...] = (player,)
        if variant is not None:
            query += " AND variant = ?"
            args += (variant,)
        for row in self._db.execute(query + " ORDER BY id", args):
            yield GameRecord(*row)

    # -- settings ----------------------------------------------------------------------

    # -- blackjack tables --------------------------------------------------------------

    def table_state(self, player: str) -> tuple[str, int] | None:
        """A player's blackjack table as saved (its text and version), if any."""
        row = self._db.execute("SELECT state, version FROM blackjack_tables WHERE player = ?", (player,)).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def save_table(self, player: str, state: str, version: int, finished: dict[str, Any] | None = None) -> None:
        """Save the table as ``version`` and, in the same transaction, a round just settled.

        Only the next version is saved (StaleGame if another process saved it first)."""
        with self._db:
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

    def table_rounds(self, player: str, last: int | None = None) -> list[dict[str, Any]]:
        """The player's settled blackjack rounds, oldest first (only the ``last`` few if given)."""
        rows = self._db.execute(
            "SELECT rules, hands, dealer, net, at FROM blackjack_rounds WHERE player = ? ORDER BY id DESC LIMIT ?",
            (player, -1 if last is None else last),
        ).fetchall()
        return [
            {"rules": r[0], "hands": json.loads(r[1]), "dealer": r[2], "net": int(r[3]), "at": r[4]} for r in reversed(rows)
        ]

    def setting(self, player: str, key: str, default: str | None = None) -> str | None:
        """A player's setting."""
        row = self._db.execute("SELECT value FROM settings WHERE player = ? AND key = ?", (player, key)).fetchone()
        return default if row is None else str(row[0])

    def set_setting(self, player: str, key: str, value: str) -> None:
        """Change a player's setting."""
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?, ?)", (player, key, value))


_move_text = lru_cache(maxsize=1 << 16)(format_move)
"""Move texts, remembered: every save writes the whole list, mostly moves already seen."""


def _vegas(session: Session) -> int:
    """The game's Vegas result when played for Vegas points (kept for cumulative Vegas)."""
    return session.score if session.options.scoring is Scoring.VEGAS else 0


def _rebuild(variant_id: str, deal: int, options_text: str, steps_text: str, at: int, elapsed: float) -> Session:
    variant = get_variant(variant_id)
    options_data = json.loads(options_text)
    options = Options(bool(options_data.get("auto_build", True)), Scoring(options_data.get("scoring", "uniform")))
    history = History.begin(variant.start(deal))
    for number, step in enumerate(json.loads(steps_text), start=1):
        if not isinstance(step, list):
            raise ValueError(f"step {number} is not a list of moves")
        state = history.state
        moves = [parse_move(variant, text) for text in step]
        for move in moves:
            verdict = check(state, move)
            if not verdict.ok:
                raise ValueError(f"step {number}: {verdict.reason}")
            state = apply(state, move, trusted=True)
        history = history.push(moves, state)
    if not 0 <= at <= len(history.steps):
        raise ValueError(f"undo position {at} is outside the game")
    return Session(variant, deal, options, history.go_to(at), elapsed)
