"""The compiled rules as one value: a numba struct whose fields are the arrays
``program.py`` reads off a variant's tables.

One struct rather than a tuple of arrays: a kernel handed a tuple takes a reference to
every array in it on each call (two atomic operations per array, some seventy for the
whole tuple), which cost the search more than the moves themselves. A struct is one
reference; a kernel takes only the fields it reads.
"""

from __future__ import annotations

from typing import Any

from numba import types
from numba.experimental import structref

FIELDS = (
    "meta",  # int64[META_SIZE]: the game's numbers, at the positions program.py names
    "group",  # int64[pile]: what moves off each pile (shared.ONE, RUN, ...; -1: nothing)
    "run_id",  # int64[pile]: the card table a moving run follows (-1: none)
    "build_id",  # int64[pile]: the card table of what builds on the pile (-1: nothing)
    "tables",  # bool[table, below, above]: whether ``above`` may lie on ``below``
    "empty",  # bool[pile, card]: what an empty pile takes
    "takes",  # bool[pile]: the pile takes cards at all
    "capacity",  # int64[pile]: most cards the pile holds (-1: no limit)
    "one_in",  # bool[pile]: the pile takes one card at a time
    "is_foundation",  # bool[pile]
    "supermove_sources",  # bool[pile]: runs leave it as single cards through free cells
    "covered",  # int64[pile, n]: the piles covering it (padded with -1)
    "cells",  # int64[]: the free cells
    "open_columns",  # int64[]: the empty columns that take any card (supermoves count them)
    "tableau",  # int64[]
    "foundations",  # int64[]
    "exposable",  # int64[]: the piles whose top cards may pair
    "singles",  # bool[card]: removed alone in a pairing game
    "symmetric",  # int64[group, n]: interchangeable piles (padded with -1)
    "fixed",  # int64[]: the other piles
    "symmetric_while_dealing",  # as ``symmetric``, while the stock holds cards
    "fixed_while_dealing",
    "dependents",  # int64[card, n]: the cards that may be built on it off the foundations (padded with -1)
    "copies",  # int64[card]: copies of each card in the deck
    "base_step",  # int64[pile]: an empty pile's rank from the deal's base (NO_STEP: named outright)
    "rank_pos",  # int64[card]: the card's place in the deck's rank order (-1: not in the deck)
    "feeds",  # bool[pile, pile]: pile j takes cards from pile i
    "dealt_to",  # int64[]: the piles a deal from the stock lands on, in order
    "uncovers",  # int64[pile, n]: the piles a pile's last card leaving may turn up (padded)
    "turns",  # int64[pile]: the column whose top card turns up when a card lands here (-1: none)
    "touching",  # bool[pile, pile]: the two piles may pair (the grid)
    "left",  # int64[pile]: the pile a gap continues (-1: none)
    "after",  # int64[pile]: the card table of what that gap takes after its left card
    "waiting",  # bool[pile]: takes no card while the stock holds any
    "precedes",  # bool[card, card]: the first must reach the foundations before the second
    "ranks_from",  # int64[pile]: the pile whose ranks alone it takes (-1: any)
)
"""The struct's fields, in the order ``Rules`` takes them."""


@structref.register
class RulesType(types.StructRef):
    """numba's type of ``Rules``: one per combination of array types, the same for
    every variant, so one compiled kernel serves every game."""

    def preprocess_fields(self, fields: Any) -> tuple[tuple[str, Any], ...]:
        return tuple((name, types.unliteral(typ)) for name, typ in fields)  # type: ignore[no-untyped-call]


class Rules(structref.StructRefProxy):
    """A variant's compiled rules, built by ``program.program_of``; the kernels read
    its fields by name (``rules.tableau``)."""


structref.define_proxy(Rules, RulesType, list(FIELDS))  # type: ignore[no-untyped-call]
