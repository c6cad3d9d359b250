"""Blackjack with configurable rules; Thunderjack! is one rule set (see ``rules``)."""

from cardtable.thunderjack.hand import SEATS, Finish, Hand, Seat, is_natural, is_thunderjack, total
from cardtable.thunderjack.round import Action, IllegalAction, Round, act, check, legal_actions, start
from cardtable.thunderjack.rules import PRESETS, PUBLISHED_EDGES, Doubling, RuleSet, preset
from cardtable.thunderjack.shoe import Shoe
from cardtable.thunderjack.table import Table

__all__ = [
    "PRESETS", "PUBLISHED_EDGES", "SEATS", "Action", "Doubling", "Finish", "Hand", "IllegalAction", "Round",
    "RuleSet", "Seat", "Shoe", "Table", "act", "check", "is_natural", "is_thunderjack", "legal_actions", "preset",
    "start", "total",
]
