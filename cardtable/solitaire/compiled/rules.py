"""The compiled rules as one value: a numba struct whose fields are the arrays
``program.py`` reads off a variant's tables.

One struct rather than a tuple of arrays: a kernel handed a tuple takes a reference to
every array in it on each call (two atomic operations per array, some seventy for the
whole tuple), which cost the search more than the moves themselves. A struct is one
reference; a kernel takes only the fields it reads.
"""

from __future__ import annotations

from typing import Any

from numba import njit, types
from numba.core import cgutils
from numba.experimental import structref
from numba.extending import intrinsic

FIELDS = (
    "meta",  # int64[META_SIZE]: the game's numbers, at the positions program.py names
    "group",  # int64[pile]: what moves off each pile (shared.ONE, RUN, ...; -1: nothing)
    "run_id",  # int64[pile]: the card table a moving run follows (-1: none)
    "build_id",  # int64[pile]: the card table of what builds on the pile (-1: nothing)
    "tables",  # bool[table, below, above]: whether ``above`` may lie on ``below``
    "followers",  # int64[table, below, n]: the cards that may lie on ``below`` (padded with -1)
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
    "sinks",  # bool[pile]: only the pile's top card and count matter (tables.Tables.sinks)
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


@intrinsic
def _borrowed(typingctx: Any, array: Any) -> Any:
    """The same array, holding no reference to its memory.

    numba counts references to every array it passes between kernels, with an atomic
    operation at each call for each array: for the search's many short calls that was
    half its time. A borrowed array skips the counting (the count's address is null),
    so it must only be used while its owner lives (``Program`` keeps the owners), and
    never handed back to Python.
    """
    if not isinstance(array, types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        source = context.make_array(array)(context, builder, value=args[0])
        view = context.make_array(array)(context, builder)
        for field in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(view, field, getattr(source, field))
        view.meminfo = cgutils.get_null_value(view.meminfo.type)  # type: ignore[no-untyped-call]
        view.parent = cgutils.get_null_value(view.parent.type)  # type: ignore[no-untyped-call]
        return view._getvalue()

    return array(array), codegen


borrowed: Any = _borrowed
"""``borrowed(array)``, for kernels (typed loosely: numba calls it, not Python)."""


@njit(cache=True)
def made(  # type: ignore[no-untyped-def]
    meta, group, run_id, build_id, tables, followers, empty, takes, capacity, one_in, is_foundation,
    supermove_sources, covered, cells, open_columns, tableau, foundations, exposable, singles, symmetric, fixed,
    symmetric_while_dealing, fixed_while_dealing, dependents, copies, base_step, rank_pos, feeds, dealt_to, uncovers,
    turns, touching, left, after, waiting, precedes, ranks_from, sinks,
):
    """A new ``Rules`` of the arrays given in ``FIELDS``' order. Called from Python,
    ``Rules(...)`` would compile numba's constructor anew in every process (a second or
    more before a process's first search); this one is kept in the cache."""
    return Rules(  # type: ignore[no-untyped-call]
        meta, group, run_id, build_id, tables, followers, empty, takes, capacity, one_in, is_foundation,
        supermove_sources, covered, cells, open_columns, tableau, foundations, exposable, singles, symmetric, fixed,
        symmetric_while_dealing, fixed_while_dealing, dependents, copies, base_step, rank_pos, feeds, dealt_to, uncovers,
        turns, touching, left, after, waiting, precedes, ranks_from, sinks,
    )


@njit(cache=True)
def lent(r):  # type: ignore[no-untyped-def]
    """``r`` with every field borrowed (see ``borrowed``): the struct the kernels take."""
    b = borrowed
    return Rules(  # type: ignore[no-untyped-call]
        b(r.meta), b(r.group), b(r.run_id), b(r.build_id), b(r.tables), b(r.followers), b(r.empty), b(r.takes),
        b(r.capacity), b(r.one_in), b(r.is_foundation), b(r.supermove_sources), b(r.covered), b(r.cells),
        b(r.open_columns), b(r.tableau), b(r.foundations), b(r.exposable), b(r.singles), b(r.symmetric), b(r.fixed),
        b(r.symmetric_while_dealing), b(r.fixed_while_dealing), b(r.dependents), b(r.copies), b(r.base_step),
        b(r.rank_pos), b(r.feeds), b(r.dealt_to), b(r.uncovers), b(r.turns), b(r.touching), b(r.left), b(r.after),
        b(r.waiting), b(r.precedes), b(r.ranks_from), b(r.sinks),
    )
