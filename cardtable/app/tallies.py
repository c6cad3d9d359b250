"""Statistics kept by the database: a tally per player and game, updated as games finish.

Counting every saved game on every request made ``GET /api/stats`` cost grow with the
player's history (a quarter of a second at 22,000 games). SQLite triggers now add each
game to its player's tally in the transaction that finishes it (won or lost), so reading
the statistics reads one row per game played plus the few most recent games, however
long the history. Streaks follow the order games finish in. A row edited behind the
program's back is reported as unreadable when it is among the recent games read.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from cardtable.app.stats import GameStats, RecentGame, _plays_vegas, _scoring_of, summarize
from cardtable.app.storage import CorruptSave, GameRecord, Store, record_of
from cardtable.app.tally_schema import DAILY_SUFFIX, scoring_of

DAILY_GAME = "(json_valid(options) AND json_extract(options, '$.daily') IS 1)"
"""Whether a stored game was the day's deal, in SQL."""


def backfill(db: sqlite3.Connection) -> None:
    """Tally the games finished before the tallies existed (part of migration 5)."""
    columns = "id, player, variant, deal, options, status, moves, score, vegas, elapsed, started, updated"
    by_player: dict[str, list[GameRecord]] = {}
    for row in db.execute(f"SELECT {columns} FROM games WHERE status IN ('won', 'lost') ORDER BY id"):
        try:
            record = record_of(row)
        except ValueError:
            continue  # unreadable: left out, as the statistics always did
        by_player.setdefault(record.player, []).append(record)
    for player, records in by_player.items():
        for s in summarize(records):
            finished = [r for r in records if r.variant == s.game]
            db.execute(
                "INSERT INTO game_tallies VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (player, s.game, s.played, s.won, s.current_streak, s.best_streak, s.best_time, s.fewest_moves,
                 sum(r.vegas for r in finished), sum(scoring_of(r.options) == "vegas" for r in finished)),
            )
            for r in finished:
                db.execute(
                    "INSERT INTO score_bests VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET best = MAX(best, excluded.best)",
                    (player, s.game, scoring_of(r.options), r.score),
                )



def player_stats(
    store: Store, player: str, recent: int = 10, latest: int = 30, of: str | None = None
) -> tuple[list[GameStats], list[GameRecord], list[CorruptSave]]:
    """The player's statistics per game (as ``summarize`` words them, with the last
    ``recent`` games of each; only game ``of``'s and its games with options of their own,
    if named), their ``latest`` finished games, oldest first, and the recent rows that
    can't be read."""
    unreadable: dict[object, CorruptSave] = {}
    columns = "id, player, variant, deal, options, status, moves, score, vegas, elapsed, started, updated"
    finished = "player = ? AND status IN ('won', 'lost')"
    tallies = store.query(
        "SELECT variant, played, won, current_streak, best_streak, best_time, fewest_moves, vegas_total, vegas_games"
        " FROM game_tallies WHERE player = ? ORDER BY variant",
        (player,),
    )
    stats = []
    for key, played, won, current, best, best_time, fewest, vegas_total, vegas_games in tallies:
        daily = key.endswith(DAILY_SUFFIX)
        variant = key.removesuffix(DAILY_SUFFIX) if daily else key
        if of is not None and variant != of and not variant.startswith(f"{of}["):
            continue
        kind = DAILY_GAME if daily else f"NOT {DAILY_GAME}"
        rows = store.query(
            f"SELECT {columns} FROM games WHERE {finished} AND variant = ? AND {kind} ORDER BY id DESC LIMIT ?",
            (player, variant, recent),
        )
        games = _readable(rows, unreadable)
        scoring = scoring_of(games[0].options) if games else ""
        bests = store.query(
            "SELECT best FROM score_bests WHERE player = ? AND variant = ? AND scoring = ?", (player, key, scoring)
        )
        vegas = _plays_vegas(variant)
        stats.append(GameStats(
            game=variant, options="", played=played, won=won,
            win_rate=round(won / played, 4) if played else 0.0,
            current_streak=current, best_streak=best, best_time=best_time, fewest_moves=fewest,
            best_score=bests[0][0] if bests else None,
            vegas_total=vegas_total if vegas else 0,
            recent=tuple(g.status for g in reversed(games)),
            vegas_games=vegas_games if vegas else 0,
            recent_games=tuple(RecentGame(g.updated[:10], g.deal, g.status, g.score, _scoring_of(g)) for g in reversed(games)),
            best_score_scoring=scoring or None,
            daily=daily,
        ))
    rows = store.query(f"SELECT {columns} FROM games WHERE {finished} ORDER BY id DESC LIMIT ?", (player, latest))
    last = _readable(rows, unreadable)
    return stats, list(reversed(last)), list(unreadable.values())


def tallied(store: Store, player: str, variant: str | None = None) -> tuple[list[GameStats], list[CorruptSave]]:
    """The player's statistics per game as ``player_stats`` reads them (only ``variant``'s
    and its games with options of their own, if named), and the recent rows that can't
    be read: the numbers the web's statistics give, whatever the interface."""
    stats, _, unreadable = player_stats(store, player, latest=0, of=variant)
    return stats, unreadable


def _readable(rows: Sequence[tuple[object, ...]], unreadable: dict[object, CorruptSave]) -> list[GameRecord]:
    """The rows as records; those that can't be read go in ``unreadable`` by id."""
    records = []
    for row in rows:
        try:
            records.append(record_of(row))
        except ValueError as error:
            unreadable[row[0]] = CorruptSave(f"saved game {row[0]} can't be read for the recent games: {error}")
    return records


