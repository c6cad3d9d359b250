"""Rule atoms. Each is plain data with words, and its module holds the rule whole: the
check with its reason, the moves it generates and the table the engine compiles from it
(transfer.py is where the pile atoms meet; docs/architecture.md maps them)."""

from cardtable.solitaire.rules.build import (
    BuildRule,
    alt_color,
    any_rank,
    any_suit,
    down,
    other_suit,
    same_color,
    same_suit,
    up,
    up_or_down,
)
from cardtable.solitaire.rules.deal import DealPlan, Shuffle, aces_out, microsoft, standard
from cardtable.solitaire.rules.empty import EmptyRule, aces_only, any_card, base, kings_only, nothing
from cardtable.solitaire.rules.groups import Group, GroupKind, face_up, run, supermove, top_card, whole_pile
from cardtable.solitaire.rules.pairs import PairRule, thirteen
from cardtable.solitaire.rules.stock import StockPolicy, StockTarget, no_stock, to_tableau, to_waste

__all__ = [
    "BuildRule", "DealPlan", "EmptyRule", "Group", "GroupKind", "PairRule", "Shuffle",
    "StockPolicy", "StockTarget", "aces_only", "aces_out", "alt_color", "any_card", "any_rank",
    "any_suit", "base", "down", "face_up", "kings_only", "microsoft", "no_stock", "nothing",
    "other_suit", "run", "same_color", "same_suit", "standard", "supermove", "thirteen",
    "to_tableau", "to_waste", "top_card", "up", "up_or_down", "whole_pile",
]
