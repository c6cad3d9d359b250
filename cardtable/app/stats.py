"""Statistics per player and game (and option set), with CSV and JSON export."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from cardtable.app.scoring import Scoring
from cardtable.app.storage import GameRecord


@dataclass(frozen=True, slots=True)
class GameStats:
    """A player's results at one game (or one option set of it)."""

    game: str
    options: str
    played: int
    won: int
    win_rate: float
    current_streak: int
    best_streak: int
    best_time: float | None
    fewest_moves: int | None
    best_score: int | None
    vegas_total: int
    recent: tuple[str, ...]
    """The last results, newest last: ``won`` or ``lost``."""


def summarize(records: Iterable[GameRecord], recent: int = 10, by_options: bool = False) -> list[GameStats]:
    """Statistics for each game in ``records`` (finished games only count as played).

    >>> from cardtable.app.storage import GameRecord
    >>> games = [GameRecord(n, "me", "klondike", n, "{}", s, 90, 10, -52, 60.0, "", "") for n, s in
    ...          enumerate(["won", "lost", "won", "won", "playing"])]
    >>> stats = summarize(games)[0]
    >>> stats.played, stats.won, stats.current_streak, stats.best_streak
    (4, 3, 2, 2)
    """
    groups: dict[tuple[str, str], list[GameRecord]] = {}
    for record in records:
        key = (record.variant, record.options if by_options else "")
        groups.setdefault(key, []).append(record)
    out = []
    for (game, options), games in sorted(groups.items()):
        finished = [g for g in games if g.status in ("won", "lost")]
        wins = [g for g in finished if g.status == "won"]
        best = current = 0
        for g in finished:
            current = current + 1 if g.status == "won" else 0
            best = max(best, current)
        out.append(
            GameStats(
                game=game,
                options=options,
                played=len(finished),
                won=len(wins),
                win_rate=round(len(wins) / len(finished), 4) if finished else 0.0,
                current_streak=current,
                best_streak=best,
                best_time=min((g.elapsed for g in wins), default=None),
                fewest_moves=min((g.moves for g in wins), default=None),
                best_score=max((g.score for g in finished), default=None),
                vegas_total=sum(g.vegas for g in finished) if _plays_vegas(game) else 0,
                recent=tuple(g.status for g in finished[-recent:]),
            )
        )
    return out


def _plays_vegas(game: str) -> bool:
    """Whether Vegas points count for the game (older saves may hold some for other games)."""
    try:
        return Scoring.VEGAS.applies_to(game)
    except LookupError:
        return False


def to_json(stats: list[GameStats]) -> str:
    """The statistics as a JSON list of objects."""
    return json.dumps([asdict(s) for s in stats], indent=2)


def to_csv(stats: list[GameStats]) -> str:
    """The statistics as CSV with a header row (recent results joined by spaces)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    fields = list(GameStats.__dataclass_fields__)
    writer.writerow(fields)
    for s in stats:
        row = asdict(s)
        row["recent"] = " ".join(s.recent)
        writer.writerow([row[f] for f in fields])
    return buffer.getvalue()
