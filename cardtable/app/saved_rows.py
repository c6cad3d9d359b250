"""Reading a stored game back: its row's fields checked one by one (a damaged row is
refused in words, never half read), the session rebuilt from the position it reached or,
failing that, by replaying its moves, and the record the statistics read."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass

from cardtable.app.history import History
from cardtable.app.scoring import Scoring
from cardtable.app.intents import Options
from cardtable.app.session import Session
from cardtable.app.step_texts import StepTexts
from cardtable.solitaire import Move, MoveKind, State, Variant, get_variant
from cardtable.solitaire.formats import FormatError, ReplayError, format_move, format_state, parse_move, parse_state, replay_steps


FINISHED = ("won", "lost", "unplayed")
"""Stored results that are final: a won game stays won, a given-up game is never revived."""


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


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"its {what} is {value!r}, not text")
    return value


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"its {what} is {value!r}, not a whole number")
    return value


def _seconds(value: object) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value < math.inf:
        raise ValueError(f"its time played is {value!r}, not a number of seconds")
    return float(value)


def record_of(row: tuple[object, ...]) -> GameRecord:
    """A stored row as the statistics see it; ValueError says which field is wrong."""
    status = _text(row[5], "result")
    if status not in ("playing", *FINISHED):
        raise ValueError(f"its result is {status!r}, not one of playing, {', '.join(FINISHED)}")
    moves = _whole(row[6], "move count")
    if moves < 0:
        raise ValueError(f"its move count is {moves}, below zero")
    return GameRecord(
        id=_whole(row[0], "id"),
        player=_text(row[1], "player"),
        variant=_text(row[2], "game"),
        deal=_whole(row[3], "deal number"),
        options=_text(row[4], "options"),
        status=status,
        moves=moves,
        score=_whole(row[7], "score"),
        vegas=_whole(row[8], "Vegas result"),
        elapsed=_seconds(row[9]),
        started=_text(row[10], "start time"),
        updated=_text(row[11], "last played time"),
    )


def rebuild(row: tuple[object, ...]) -> Session:
    """A session from a stored row (game, deal, options, moves, undo position, time);
    ValueError (or LookupError, FormatError) says what is wrong with it."""
    variant_id, deal, options_text = _text(row[0], "game"), _whole(row[1], "deal number"), _text(row[2], "options")
    steps_text, at, elapsed = _text(row[3], "move list"), _whole(row[4], "undo position"), _seconds(row[5])
    variant = get_variant(variant_id)
    options_data = json.loads(options_text)
    if not isinstance(options_data, dict):
        raise ValueError(f"its options are {options_text!r}, not an object")
    auto = options_data.get("auto_build", True)
    if not isinstance(auto, bool):
        raise ValueError(f"its auto-build option is {auto!r}, not true or false")
    options = Options(auto, Scoring(_text(options_data.get("scoring", "uniform"), "scoring option")))
    daily = options_data.get("daily", False) is True
    steps = json.loads(steps_text)
    if not isinstance(steps, list):
        raise ValueError("its move list is not a list")
    played: list[tuple[Move, ...]] = []
    parsed: dict[str, Move] = {}  # a move's text means the same move anywhere in the game
    for number, step in enumerate(steps, start=1):
        if not isinstance(step, list) or not all(isinstance(text, str) for text in step):
            raise ValueError(f"step {number} is not a list of moves")
        played.append(tuple(parsed[text] if text in parsed else parsed.setdefault(text, parse_move(variant, text)) for text in step))
    table_steps = options_data.get("table_steps", 0)
    if type(table_steps) is not int or table_steps not in (0, 1) or table_steps > len(played):
        raise ValueError(f"its steps played at the deal are {table_steps!r}, not 0 or 1 of its {len(played)}")
    if not table_steps <= at <= len(played):
        raise ValueError(f"undo position {at} is outside the game")
    opening = variant.start(deal)
    # A redeal that shuffles is checked by a replay: its shuffle is the engine's, and a
    # game saved before the shuffle changed would break at its first undo, not here.
    shuffled = variant.stock.mixes and any(m.kind is MoveKind.REDEAL for step in played for m in step)
    current = None if shuffled else _position(variant, row[8], digest(steps_text, at))
    if current is not None:  # the position it reached: nothing to replay
        points = row[9] if isinstance(row[9], int) and not isinstance(row[9], bool) else None
        history = History.resumed(opening, tuple(played), at, current, table_steps)
        session = Session(variant, deal, options, history, elapsed, daily=daily, points=points)
        session.bookmark = _bookmark(row[10] if len(row) > 10 else None, history)
        _marked(session, options_data)
        return session
    # The history is built once at the end: pushing step by step copied the states so
    # far on every step, a cost that grew with the square of the game's length.
    states = [opening]
    for number, moves in enumerate(played, start=1):
        state = states[-1]
        try:
            for state in replay_steps(state, moves):
                pass
        except ReplayError as error:
            raise ValueError(f"step {number}: {error.reason}") from None
        states.append(state)
    session = Session(variant, deal, options, History(tuple(states), tuple(played), at, table_steps), elapsed, daily=daily)
    session.bookmark = _bookmark(row[10] if len(row) > 10 else None, session.history)
    _marked(session, options_data)
    return session


def _marked(session: Session, options: dict[str, object]) -> None:
    """Mark a session read back as its options were saved: the day of a daily deal, and
    whether it was dealt as a winnable deal."""
    session.day = _day(options)
    session.winnable = options.get("winnable") is True


def _day(options: dict[str, object]) -> str | None:
    """The day a daily deal was dealt for, as saved with its options (None if not saved)."""
    day = options.get("day")
    return day if isinstance(day, str) and options.get("daily") is True else None


def digest(steps: str, at: int) -> str:
    """A fingerprint of the moves and the undo position a saved position was reached by."""
    return hashlib.blake2b(f"{at}\n{steps}".encode(), digest_size=12).hexdigest()


def _position(variant: Variant, text: object, digest: str) -> State | None:
    """The saved position, if it was saved with exactly these moves and reads back as a
    position of this game. Otherwise (an older save, or moves changed since) the game is
    replayed: the position is only a shortcut, and a replay finds what is wrong."""
    if not isinstance(text, str):
        return None
    saved_with, _, body = text.partition("\n")
    if saved_with != digest:
        return None
    try:
        state = parse_state(body)
    except (FormatError, ValueError, LookupError):
        return None
    return state if state.variant is variant else None


@dataclass(frozen=True)
class Save:
    """One saved game's next version, as ``Store.save`` takes it (``Store.save_together``)."""

    player: str
    session: Session
    game_id: int
    status: str | None = None
    expected: int | None = None


def columns(
    step_texts: StepTexts, player: str, session: Session, game_id: int | None, status: str | None
) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """A game's columns as the store writes them: the game (game id, deal, options, step
    texts, undo position, random deal, position, points, bookmark) and its result
    (status, moves, score, Vegas result, seconds)."""
    variant = session.variant
    steps = step_texts.encode(None if game_id is None else (player, game_id, variant.id), variant, session.history.steps)
    settings: dict[str, object] = {"auto_build": session.options.auto_build, "scoring": session.options.scoring.value}
    if session.history.table_steps:
        settings["table_steps"] = session.history.table_steps  # the table's step at the deal: no undo takes it back
    if session.winnable:
        settings["winnable"] = True  # dealt as a deal proved winnable: said beside its number
    if session.daily:
        settings["daily"] = True  # the statistics count the day's deals apart
        if session.day:
            settings["day"] = session.day
    options = json.dumps(settings)
    status = status or ("won" if session.is_won else "playing")
    vegas = session.score if session.options.scoring is Scoring.VEGAS else 0  # kept for cumulative Vegas
    result = (status, session.move_count, session.score, vegas, session.elapsed)
    points = None if session.options.scoring is Scoring.UNIFORM else session.points
    game = (
        variant.id, session.deal_number, options, steps, session.history.at, int(session.random_deal),
        digest(steps, session.history.at) + "\n" + format_state(session.state), points, bookmark_text(session),
    )
    return game, result


def bookmark_text(session: Session) -> str | None:
    """The bookmark as saved (None when none is set): how many steps lead to it, and
    its own steps only where they are not the game's (it marks a line since undone and
    played over).

    >>> from cardtable.solitaire import get_variant
    >>> session = Session(get_variant("klondike"), 3, Options(auto_build=False))
    >>> bookmark_text(session), session.deal().ok, session.set_bookmark().ok, bookmark_text(session)
    (None, True, True, '{"at": 1}')
    >>> session.undo().ok, session.move_card("t1", 0, "t2").ok, bookmark_text(session)
    (True, True, '{"at": 1, "line": [["deal"]]}')
    """
    mark = session.bookmark
    if mark is None:
        return None
    if mark.steps[: mark.at] == session.history.steps[: mark.at]:
        return json.dumps({"at": mark.at})
    texts = [[format_move(session.variant, move) for move in step] for step in mark.steps]
    return json.dumps({"at": mark.at, "line": texts})


def _bookmark(text: object, history: History) -> History | None:
    """The bookmark saved as ``text`` (``bookmark_text``) in a game read back as
    ``history``; None if none was set, or if it no longer reads back (a bookmark is a
    convenience: a damaged one is dropped, never the game)."""
    if not isinstance(text, str):
        return None
    try:
        data = json.loads(text)
        at = data["at"]
        if not isinstance(at, int) or isinstance(at, bool):
            return None
        if "line" not in data:
            return history.go_to(at)
        variant = history.state_at(0).variant
        steps = tuple(tuple(parse_move(variant, move) for move in step) for step in data["line"])
        states = [history.state_at(0)]
        for moves in steps:
            state = states[-1]
            for state in replay_steps(state, moves):
                pass
            states.append(state)
        table_steps = history.table_steps if steps[: history.table_steps] == history.steps[: history.table_steps] else 0
        return History(tuple(states), steps, at, table_steps) if table_steps <= at <= len(steps) else None
    except (ValueError, LookupError, TypeError, FormatError, ReplayError):
        return None
