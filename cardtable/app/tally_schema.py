"""The database side of the statistics tallies (``tallies.py``): migration 5's tables,
indexes and the triggers that tally each game in the transaction that finishes it."""

from __future__ import annotations

import json

from cardtable.solitaire.traits import Scoring

_SCORINGS = tuple(s.value for s in Scoring)
_SCORING = (
    "CASE WHEN json_valid(NEW.options) AND json_extract(NEW.options, '$.scoring') IN "
    f"({', '.join(repr(name) for name in _SCORINGS)}) THEN json_extract(NEW.options, '$.scoring') ELSE '' END"
)

_DAILY = "(json_valid(NEW.options) AND json_extract(NEW.options, '$.daily') IS 1)"

DAILY_SUFFIX = ":daily"
"""Added to a game's id to make the key its daily deals are tallied under."""


def _tally(key: str) -> str:
    """The statements that add a finished game to its tally under the key ``key``."""
    return _TALLY.replace("NEW.variant", key)


_TALLY = f"""
    INSERT INTO game_tallies (player, variant) VALUES (NEW.player, NEW.variant) ON CONFLICT DO NOTHING;
    UPDATE game_tallies SET
        played = played + 1,
        won = won + (NEW.status = 'won'),
        best_streak = MAX(best_streak, CASE NEW.status WHEN 'won' THEN current_streak + 1 ELSE 0 END),
        current_streak = CASE NEW.status WHEN 'won' THEN current_streak + 1 ELSE 0 END,
        best_time = CASE NEW.status WHEN 'won' THEN MIN(COALESCE(best_time, NEW.elapsed), NEW.elapsed) ELSE best_time END,
        fewest_moves = CASE NEW.status WHEN 'won' THEN MIN(COALESCE(fewest_moves, NEW.moves), NEW.moves) ELSE fewest_moves END,
        vegas_total = vegas_total + NEW.vegas,
        vegas_games = vegas_games + ({_SCORING} = 'vegas')
    WHERE player = NEW.player AND variant = NEW.variant;
    INSERT INTO score_bests (player, variant, scoring, best) VALUES (NEW.player, NEW.variant, {_SCORING}, NEW.score)
        ON CONFLICT DO UPDATE SET best = MAX(best, excluded.best);
"""

TALLY_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE game_tallies (
        player TEXT NOT NULL, variant TEXT NOT NULL,
        played INTEGER NOT NULL DEFAULT 0, won INTEGER NOT NULL DEFAULT 0,
        current_streak INTEGER NOT NULL DEFAULT 0, best_streak INTEGER NOT NULL DEFAULT 0,
        best_time REAL, fewest_moves INTEGER,
        vegas_total INTEGER NOT NULL DEFAULT 0, vegas_games INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player, variant))""",
    """CREATE TABLE score_bests (
        player TEXT NOT NULL, variant TEXT NOT NULL, scoring TEXT NOT NULL, best INTEGER NOT NULL,
        PRIMARY KEY (player, variant, scoring))""",
    "CREATE INDEX games_finished ON games (player, variant, id) WHERE status IN ('won', 'lost')",
    "CREATE INDEX games_finished_by_player ON games (player, id) WHERE status IN ('won', 'lost')",
    f"""CREATE TRIGGER game_finished AFTER UPDATE OF status ON games
        WHEN OLD.status NOT IN ('won', 'lost') AND NEW.status IN ('won', 'lost')
        BEGIN {_TALLY} END""",
    f"""CREATE TRIGGER game_saved_finished AFTER INSERT ON games
        WHEN NEW.status IN ('won', 'lost')
        BEGIN {_TALLY} END""",
)
"""Schema migration 5: the tallies, their triggers, and indexes for the recent games."""

_KEY = f"NEW.variant || CASE WHEN {_DAILY} THEN '{DAILY_SUFFIX}' ELSE '' END"

DAILY_MIGRATION: tuple[str, ...] = (
    "DROP TRIGGER game_finished",
    "DROP TRIGGER game_saved_finished",
    f"""CREATE TRIGGER game_finished AFTER UPDATE OF status ON games
        WHEN OLD.status NOT IN ('won', 'lost') AND NEW.status IN ('won', 'lost')
        BEGIN {_tally(_KEY)} END""",
    f"""CREATE TRIGGER game_saved_finished AFTER INSERT ON games
        WHEN NEW.status IN ('won', 'lost')
        BEGIN {_tally(_KEY)} END""",
)
"""Schema migration 7: the day's deals are tallied apart, under the game's id with
``DAILY_SUFFIX`` (no game saved before it was a daily deal)."""



def scoring_of(options: str) -> str:
    """The scoring an options text names ('' when it names none there is), as the
    triggers read it.

    >>> scoring_of('{"scoring": "vegas"}'), scoring_of("{not json"), scoring_of('{"scoring": "x"}')
    ('vegas', '', '')
    """
    try:
        data = json.loads(options)
    except ValueError:
        return ""
    scoring = data.get("scoring") if isinstance(data, dict) else None
    return scoring if scoring in _SCORINGS else ""
