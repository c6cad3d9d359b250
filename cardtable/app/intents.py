"""What a player asks of a session and what it answers: the settings a game is played
with, and the outcome of an intent (``session.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.app.events import Event
from cardtable.app.hints import Hint
from cardtable.app.scoring import Scoring


@dataclass(frozen=True, slots=True)
class Options:
    """A player's settings for a game."""

    auto_build: bool = True
    scoring: Scoring = Scoring.UNIFORM


@dataclass(frozen=True, slots=True)
class Chosen:
    """Settings a player names for a new game; one left None keeps what was saved."""

    auto_build: bool | None = None
    scoring: Scoring | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to an intent."""

    ok: bool
    reason: str = ""
    events: tuple[Event, ...] = ()
    hint: Hint | None = None
