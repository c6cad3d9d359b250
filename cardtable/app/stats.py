"""Statistics per player and game (and option set), with CSV and JSON export."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from cardtable.app.scoring import Scoring, score_said
from cardtable.app.storage import GameRecord
from cardtable.solitaire import get_variant


@dataclass(frozen=True, slots=True)
class RecentGame:
    """One finished game as the statistics list it (its deal is no secret once over)."""

    date: str
    """The day it finished, ``YYYY-MM-DD``."""
    deal: int
    result: str
    """``won`` or ``lost``."""
    score: int
    scoring: str | None = None
    """The scoring ``score`` is in (None for games saved without one)."""


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
    """The best score in the scoring the last finished game was played with (scores of
    different scorings are different units: percent, points, dollars)."""
    vegas_total: int
    recent: tuple[str, ...]
    """The last results, newest last: ``won`` or ``lost``."""
    vegas_games: int = 0
    """How many of the finished games were played for Vegas points."""
    recent_games: tuple[RecentGame, ...] = ()
    """The last finished games, newest last, with their day, deal and score."""
    best_score_scoring: str | None = None
    """The scoring ``best_score`` is in (None for games saved without one)."""
    daily: bool = False
    """Whether these are the results of the game's daily deals (counted apart)."""
    name: str = ""
    """The game's name as players know it (filled in from ``game``; the id itself for a
    game no longer in the collection)."""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", game_name(self.game))


def game_name(game: str) -> str:
    """The name of the game with id ``game``, or the id when there is no such game.

    >>> game_name("klondike-draw3"), game_name("no-such-game")
    ('Klondike (draw 3)', 'no-such-game')
    """
    try:
        return get_variant(game).name
    except LookupError:
        return game


def summarize(records: Iterable[GameRecord], recent: int = 10, by_options: bool = False) -> list[GameStats]:
    """Statistics for each game in ``records`` (finished games only count as played).

    >>> from cardtable.app.storage import GameRecord
    >>> games = [GameRecord(n, "me", "klondike", n, "{}", s, 90, 10, -52, 60.0, "", "") for n, s in
    ...          enumerate(["won", "lost", "won", "won", "playing"])]
    >>> stats = summarize(games)[0]
    >>> stats.played, stats.won, stats.current_streak, stats.best_streak
    (4, 3, 2, 2)
    >>> summarize(games[4:])  # a game still in play only
    []
    """
    groups: dict[tuple[str, bool, str], list[GameRecord]] = {}
    for record in records:
        key = (record.variant, is_daily(record.options), _settings(record.options) if by_options else "")
        groups.setdefault(key, []).append(record)
    out = []
    for (game, daily, options), games in sorted(groups.items()):
        finished = [g for g in games if g.status in ("won", "lost")]
        if not finished:
            continue  # only games still in play: nothing to count yet
        wins = [g for g in finished if g.status == "won"]
        scoring = _scoring(finished[-1]) if finished else None
        scored = [g for g in finished if _scoring(g) is scoring]
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
                best_score=max((g.score for g in scored), default=None),
                vegas_total=sum(g.vegas for g in finished) if _plays_vegas(game) else 0,
                recent=tuple(g.status for g in finished[-recent:]),
                vegas_games=sum(_scoring(g) is Scoring.VEGAS for g in finished) if _plays_vegas(game) else 0,
                recent_games=tuple(RecentGame(g.updated[:10], g.deal, g.status, g.score, _scoring_of(g)) for g in finished[-recent:]),
                best_score_scoring=None if scoring is None else scoring.value,
                daily=daily,
            )
        )
    return out


def _plays_vegas(game: str) -> bool:
    """Whether Vegas points count for the game (older saves may hold some for other games)."""
    try:
        return Scoring.VEGAS.applies_to(game)
    except LookupError:
        return False


def is_daily(options: str) -> bool:
    """Whether a stored game's options say it was the day's deal.

    >>> is_daily('{"daily": true}'), is_daily('{"scoring": "vegas"}'), is_daily("{not json")
    (True, False, False)
    """
    try:
        data = json.loads(options)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("daily") is True


def _scoring(record: GameRecord) -> Scoring | None:
    """The scoring a game was played with, if its options say."""
    try:
        options = json.loads(record.options)
        return Scoring(options["scoring"]) if isinstance(options, dict) else None
    except (ValueError, KeyError, TypeError):
        return None


def _scoring_of(record: GameRecord) -> str | None:
    """``_scoring``'s name, as the statistics keep it."""
    scoring = _scoring(record)
    return None if scoring is None else scoring.value


def _clock(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour).

    >>> _clock(65.9), _clock(3725)
    ('1:05', '1:02:05')
    """
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _settings(options: str) -> str:
    """The player's settings in a stored options text, as statistics group games by them:
    scoring and auto-build, not what else the game keeps there (the day of a daily deal,
    the table's step at the deal). A text that does not read is its own group.

    >>> _settings('{"scoring": "vegas", "table_steps": 1, "auto_build": true}')
    '{"auto_build": true, "scoring": "vegas"}'
    """
    read = _read_settings(options)
    return options if read is None else json.dumps({"auto_build": read[0], "scoring": read[1]})


def _options_words(options: str) -> str:
    """An option set as a player reads it: ``vegas scoring, auto-build off``."""
    read = _read_settings(options)
    return options if read is None else f"{read[1]} scoring, auto-build {'on' if read[0] else 'off'}"


def _read_settings(options: str) -> tuple[object, object] | None:
    """Auto-build and scoring as a stored options text says them (their defaults where
    it is silent); None where it is not an object."""
    try:
        data = json.loads(options)
    except ValueError:
        return None
    return (data.get("auto_build", True), data.get("scoring", "uniform")) if isinstance(data, dict) else None


def to_text(stats: list[GameStats]) -> str:
    """The statistics for reading: per game the counts, the bests, the cumulative Vegas
    total where Vegas was played, and the recent games with day, deal and score.

    >>> from cardtable.app.storage import GameRecord
    >>> won = GameRecord(1, "me", "klondike", 7, "{}", "won", 90, 100, 0, 65.0, "", "2026-01-02T10:00:00+00:00")
    >>> print(to_text(summarize([won])))
    Klondike: played 1, won 1 (100%), streak 1, best streak 1
      best score 100, best time 1:05, fewest moves 90
      recent: 2026-01-02  deal 7  won  score 100
    """
    if not stats:
        return "No finished games yet."
    blocks = []
    for s in stats:
        title = s.name + (" daily deal" if s.daily else "") + (f" ({_options_words(s.options)})" if s.options else "")
        lines = [
            f"{title}: played {s.played}, won {s.won} ({100 * s.win_rate:.0f}%), "
            f"streak {s.current_streak}, best streak {s.best_streak}"
        ]
        bests = [
            f"best score {'-' if s.best_score is None else score_said(s.best_score, s.best_score_scoring)}",
            f"best time {'-' if s.best_time is None else _clock(s.best_time)}",
            f"fewest moves {'-' if s.fewest_moves is None else s.fewest_moves}",
        ]
        if s.vegas_games:
            bests.append(f"Vegas total {s.vegas_total:+d} over {s.vegas_games} game{'s' * (s.vegas_games != 1)}")
        lines.append("  " + ", ".join(bests))
        for n, game in enumerate(reversed(s.recent_games)):
            label = "recent:" if n == 0 else ""
            lines.append(f"  {label:7} {game.date or '-':10}  deal {game.deal}  {game.result:4} score {score_said(game.score, game.scoring)}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def to_json(stats: list[GameStats]) -> str:
    """The statistics as a JSON list of objects."""
    return json.dumps([asdict(s) for s in stats], indent=2)


def to_csv(stats: list[GameStats]) -> str:
    """The statistics as CSV with a header row (recent results joined by spaces; each
    recent game as ``date/deal/result/score``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    fields = list(GameStats.__dataclass_fields__)
    writer.writerow(fields)
    for s in stats:
        row = asdict(s)
        row["recent"] = " ".join(s.recent)
        row["recent_games"] = " ".join(f"{g.date}/{g.deal}/{g.result}/{g.score}" for g in s.recent_games)
        writer.writerow([row[f] for f in fields])
    return buffer.getvalue()
