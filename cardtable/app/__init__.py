"""The application layer: sessions (intents, undo/redo, auto-build, hints, scoring,
timer, events), storage in SQLite and statistics. No user-interface code lives here."""

from cardtable.app.events import Event, EventKind
from cardtable.app.guide import Effort, SolvingHinter
from cardtable.app.hints import HeuristicHinter, Hint, Hinter
from cardtable.app.history import History
from cardtable.app.scoring import Scoring, uniform_score
from cardtable.app.intents import Chosen, Options, Outcome
from cardtable.app.session import Session, new_session
from cardtable.app.stats import GameStats, summarize
from cardtable.app.storage import CorruptSave, GameRecord, StaleGame, Store, StorageError, StoreBusy
from cardtable.app.violations import order_violations

__all__ = [
    "CorruptSave", "Effort", "Event", "EventKind", "GameRecord", "GameStats", "HeuristicHinter", "Hint", "Hinter",
    "Chosen", "History", "Options", "Outcome", "Scoring", "Session", "SolvingHinter", "StaleGame", "StorageError", "Store", "StoreBusy", "new_session",
    "order_violations", "summarize", "uniform_score",
]
