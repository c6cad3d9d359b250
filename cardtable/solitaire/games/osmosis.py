"""Osmosis and Peek: four reserves of four, foundations laid in rows that take any rank
of their suit, but only a rank already lying in the row above.

These are the published rules, which PySolFC plays as Treasure Trove and Peek II (hence
the aliases). PySolFC's own Osmosis and Peek differ: the stock turns one card at a time,
and each row must repeat, rank for rank, the order of the longest row."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, stock, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_rank, nothing, same_suit, to_waste, top_card
from cardtable.solitaire.rules.deal import base_by_deal
from cardtable.solitaire.rules.empty import dealt_base
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant


def _rows() -> tuple[PileSpec, ...]:
    """Four foundations, one a row: each builds in its own suit in any order of rank,
    and below the first, takes only ranks already in the row above it."""
    return tuple(
        PileSpec(
            PileId(PileKind.FOUNDATION, n),
            any_rank & same_suit,
            dealt_base,
            one_at_a_time=True,
            ranks_from=None if n == 1 else PileId(PileKind.FOUNDATION, n - 1),
        )
        for n in range(1, 5)
    )


def _osmosis(id: str, name: str, face_down: int, summary: str, aliases: tuple[str, ...]) -> Variant:
    return register(
        Variant(
            id=id,
            name=name,
            piles=(
                stock(),
                waste(),
                *_rows(),
                *(PileSpec(PileId(PileKind.RESERVE, n), None, nothing, top_card, (face_down, 4 - face_down)) for n in range(1, 5)),
            ),
            stock=to_waste(3),
            deal=base_by_deal(),
            summary=summary,
            aliases=aliases,
            family="osmosis",
            layout=Layout.ROWS,
        )
    )


osmosis = _osmosis(
    "osmosis",
    "Osmosis",
    3,
    (
        "The first card dealt starts the top row of the foundations; every row starts with "
        "a card of its rank and holds one suit, in any order of rank. A card goes to a row "
        "only if a card of its rank already lies in the row above (the top row takes any "
        "card of its suit). Four reserves of four cards, the top one face up, play from "
        "their top cards; turn the stock three cards at a time, as often as you like."
    ),
    ("treasure-trove",),
)

peek = _osmosis(
    "peek",
    "Peek",
    0,
    (
        "Osmosis with every reserve card face up. The first card dealt starts the top row "
        "of the foundations; every row starts with a card of its rank and holds one suit, "
        "in any order of rank, taking only ranks already in the row above. Turn the stock "
        "three cards at a time, as often as you like."
    ),
    ("peek-ii",),
)
