"""Blackjack with configurable rules; Thunderjack! is one rule set (see ``rules``)."""

from cardtable.thunderjack.hand import SEATS, Finish, Hand, Seat, is_natural, is_thunderjack, total
from cardtable.thunderjack.round import Action, IllegalAction, Round, act, check, legal_actions, start
from cardtable.thunderjack.rules import PRESETS, PUBLISHED, PUBLISHED_EDGES, Doubling, Published, RuleSet, preset, published_edge
from cardtable.thunderjack.shoe import Shoe
from cardtable.thunderjack.table import Table

__all__ = [
    "PRESETS", "PUBLISHED", "PUBLISHED_EDGES", "SEATS", "Action", "Doubling", "Finish", "Hand", "IllegalAction",
    "Published", "Round", "RuleSet", "Seat", "Shoe", "Table", "act", "check", "is_natural", "is_thunderjack",
    "legal_actions", "preset", "published_edge", "start", "total",
]
