"""Foundations laid in rows, each taking only ranks already in the row above it
(Osmosis): a pile's ``ranks_from`` names the pile whose ranks it may take.

The whole rule lives here: its words, the check's refusal, and the filter the move
generator applies to the transfers it found. ``Tables.ranks_from`` holds each pile's
row above (or None; empty where no pile has one); the compiled generator reads the same as an array of pile numbers.
"""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.solitaire.model import Move, MoveKind, State, Verdict
from cardtable.solitaire.rules.words import no

WORDS = "it takes only a rank that already lies in the row above it"
"""The rule as the rules page says it."""


def allows(state: State, target: int, card: Card) -> bool:
    """Whether ``card``'s rank may go to ``target`` as far as the row above is concerned."""
    rows = state.variant.tables.ranks_from
    above = rows[target] if rows else None
    # Only cards face up count (no game turns a foundation card down, but a check never
    # reads a face-down card).
    return above is None or any(c.rank is card.rank for c in state.piles[above][state.hidden[above] :])


def check_rows(state: State, target: int, card: Card) -> Verdict | None:
    """A refusal if ``target`` takes only the ranks of its row above and ``card``'s is not there."""
    if allows(state, target, card):
        return None
    above = state.variant.tables.ranks_from[target]
    assert above is not None
    title = state.variant.piles[target].id.title
    rank = card.rank.name.title()
    return no(f"{card.symbol} can't go on {title}: no {rank} lies in {state.variant.piles[above].id.title} yet")


def drop_unranked(state: State, out: list[Move], start: int) -> None:
    """Remove from ``out[start:]`` the transfers the rows above refuse."""
    if not state.variant.tables.ranks_from:
        return
    piles = state.piles
    kept = [
        m for m in out[start:]
        if m.kind is not MoveKind.MOVE or m.target is None or m.source is None
        or allows(state, m.target, piles[m.source][-m.count])
    ]
    out[start:] = kept
