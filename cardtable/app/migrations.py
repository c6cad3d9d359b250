"""The schema of a cardtable database and the steps that bring an older one up to it.

Migration n (from 0) brings the schema from version n to n + 1; ``storage.Store`` runs
each step in its own transaction, so a failed upgrade leaves the file where it was.
"""

from __future__ import annotations

import sqlite3

from cardtable.app import blackjack_tally
from cardtable.app.blackjack_tally import BLACKJACK_TALLIES, BY_RULES
from cardtable.app.saved_rows import rebuild
from cardtable.app.solved_schema import SOLVER_RESULTS
from cardtable.app.storage_files import tables
from cardtable.app.tally_schema import DAILY_MIGRATION, DAILY_SUFFIX, TALLY_MIGRATION
from cardtable.solitaire.formats import FormatError

SCHEMA_VERSION = 17
PYRAMID_RENAMED = (
    "UPDATE games SET variant = 'relaxed-pyramid' WHERE variant = 'pyramid'",
    "UPDATE games SET position = replace(position, char(10) || 'game: pyramid' || char(10),"
    " char(10) || 'game: relaxed-pyramid' || char(10)) WHERE variant = 'relaxed-pyramid'",
    f"UPDATE game_tallies SET variant = 'relaxed-' || variant WHERE variant IN ('pyramid', 'pyramid{DAILY_SUFFIX}')",
    f"UPDATE score_bests SET variant = 'relaxed-' || variant WHERE variant IN ('pyramid', 'pyramid{DAILY_SUFFIX}')",
    "UPDATE solver_results SET game = 'relaxed-pyramid' WHERE game = 'pyramid'",
)
"""Migration 8: the game stored as ``pyramid`` was won by clearing the pyramid; that game
is ``relaxed-pyramid`` now (``pyramid`` is played as PySolFC plays it), so saved games,
tallies, best scores and solver verdicts move to the name that keeps their meaning."""
PROOFS_DROPPED = ("DELETE FROM solver_results WHERE outcome = 'unwinnable'",)
"""Migration 9: the solver's proofs that a deal can't be won are searched again. Before
this, where the foundations give cards back (Klondike), the search sent a card home that
a card brought back might still have needed, and could call a winnable deal lost."""
RULES_CORRECTED = (
    "DELETE FROM solver_results WHERE outcome = 'unwinnable' AND game IN ('simple-simon', 'easthaven')",
    "DELETE FROM solver_results WHERE outcome = 'solved' AND game IN ('la-belle-lucie', 'cruel')",
)
"""Migration 10: four games' rules were corrected. Simple Simon and Easthaven allow more
moves (a run in one suit of any length; foundation cards taken back), La Belle Lucie and
Cruel fewer (one card at a time, not runs). Verdicts the corrections may contradict are
searched again: a proof of a loss where moves were added, a win where moves were taken
away (the others still hold). Unfinished games of the last two that played a move no
longer allowed are read back by replaying them (``_unreplayable_positions_dropped``),
which names the step the rules now refuse, rather than failing later at an undo or a
hint."""
DEALS_INDEXED = ("CREATE INDEX IF NOT EXISTS games_by_deal ON games (player, variant, deal)",)
"""Migration 12: the deals of a game a player has been dealt, read without reading the
rest of their history (a winnable deal is one they have not seen yet, where one is known)."""
BOOKMARKS = ("ALTER TABLE games ADD COLUMN bookmark TEXT",)
"""Migration 13: the player's bookmark, the way back to a marked position (NULL: none
set). A file that has the column already (a copy put back at an older schema number)
keeps it."""
REDEALS_RESHUFFLED = (
    "DELETE FROM solver_results WHERE game IN ('montana', 'la-belle-lucie')",
    "DELETE FROM settings WHERE player = '' AND (key LIKE 'daily:montana:%' OR key LIKE 'daily:la-belle-lucie:%')",
)
"""Migration 14: a redeal of Montana or La Belle Lucie shuffles its cards another way
(before, nearly every deal's redeals put them back the same way), so what a deal number
plays after its first redeal changed: every stored verdict on their deals is searched
again, and a daily deal chosen by one is chosen again. Their unfinished games are read
back by replaying them (``saved_rows``), which names a redeal the rules now play apart."""
RUNS_CLEARED = (
    "DELETE FROM solver_results WHERE game IN ('scorpion', 'wasp', 'three-blind-mice')",
    "DELETE FROM settings WHERE player = '' AND (key LIKE 'daily:scorpion:%' OR key LIKE 'daily:wasp:%'"
    " OR key LIKE 'daily:three-blind-mice:%')",
    "UPDATE games SET position = NULL WHERE status = 'playing' AND variant IN ('scorpion', 'wasp', 'three-blind-mice')",
)
"""Migration 16: in Scorpion, Wasp and Three Blind Mice a run from King to Ace made under
other cards now leaves the table once they are gone, and a run cleared that uncovers
another clears that one too (before, both stayed, and could block the game for good), so
a deal's verdict may have changed either way: each is searched again, and a daily deal
chosen by one is chosen again. Unfinished games forget their saved position and are read
back by replaying their moves under the rules as they are now, which clears such a run
(or names the step the rules now refuse)."""
NARROWED = "SELECT id FROM games WHERE status = 'playing' AND variant IN ('la-belle-lucie', 'cruel')"
"""The unfinished games of the games whose rules migration 10 narrowed."""
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
    ("ALTER TABLE games ADD COLUMN random_deal INTEGER NOT NULL DEFAULT 0",),
    TALLY_MIGRATION,
    (SOLVER_RESULTS,),
    DAILY_MIGRATION,
    # The position a game has reached and its points, so a game is read back without
    # replaying every move (NULL for games saved before: those are replayed).
    ("ALTER TABLE games ADD COLUMN position TEXT", "ALTER TABLE games ADD COLUMN points INTEGER"),
    PYRAMID_RENAMED,
    PROOFS_DROPPED,
    RULES_CORRECTED,
    BLACKJACK_TALLIES,
    DEALS_INDEXED,
    BOOKMARKS,
    REDEALS_RESHUFFLED,
    BY_RULES,
    RUNS_CLEARED,
)
"""Migration n (from 0) brings the schema from version n to n + 1.

Games saved before migration 4 count as deals the player chose: their random deals came
from a small range, so hiding those numbers now would protect nothing."""


def migrate(db: sqlite3.Connection, step: int) -> None:
    """Run migration ``step`` on ``db`` (inside the caller's transaction) and record the
    schema version it reaches."""
    bookmarked = MIGRATIONS[step] is BOOKMARKS and "bookmark" in tables(db)["games"]
    for statement in () if bookmarked else MIGRATIONS[step]:
        db.execute(statement)
    if MIGRATIONS[step] is TALLY_MIGRATION:
        from cardtable.app.tallies import backfill  # it reads games as the statistics do

        backfill(db)
    if MIGRATIONS[step] is BY_RULES:  # (the totals of migration 11 are counted here, by rule set)
        blackjack_tally.backfill(db)
    if MIGRATIONS[step] is RULES_CORRECTED:
        _unreplayable_positions_dropped(db, NARROWED)
    db.execute("DELETE FROM schema_version")
    db.execute("INSERT INTO schema_version VALUES (?)", (step + 1,))


def _unreplayable_positions_dropped(db: sqlite3.Connection, games: str) -> None:
    """Forget the saved position of each game the query ``games`` names whose moves no
    longer replay (part of migration 10): read back, it is replayed and reported as a save
    that can't be read, step and reason named, with its row kept as it is."""
    rows = db.execute(
        "SELECT id, variant, deal, options, steps, at, elapsed, random_deal, status FROM games"
        f" WHERE position IS NOT NULL AND id IN ({games})"
    ).fetchall()
    for game_id, *row in rows:
        try:
            rebuild((*row, None, None))
        except (ValueError, LookupError, TypeError, FormatError):
            db.execute("UPDATE games SET position = NULL WHERE id = ?", (game_id,))


def expected_tables(version: int) -> dict[str, tuple[str, ...]]:
    """The tables and columns a cardtable database of schema ``version`` has."""
    db = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS[:version]:
            for statement in step:
                db.execute(statement)
        return tables(db)
    finally:
        db.close()
