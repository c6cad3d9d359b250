"""A picture of the table for terminals: for people, never parsed back."""

from __future__ import annotations

from itertools import zip_longest

from cardtable.cards import Card
from cardtable.solitaire.model import PileKind, State
from cardtable.solitaire.observe import Observation, observe

_DOWN = "##"


def _code(card: Card | None) -> str:
    return _DOWN if card is None else card.code


def _top(state: Observation, pile: int) -> str:
    cards = state.piles[pile]
    return _code(cards[-1]) if cards else "--"


def _header(state: Observation) -> str:
    parts = []
    for i, spec in enumerate(state.variant.piles):
        kind = spec.kind
        if kind is PileKind.STOCK:
            parts.append(f"stock {len(state.piles[i])}")
        elif kind is PileKind.WASTE:
            shown = " ".join(_code(c) for c in state.piles[i][-3:]) or "--"
            parts.append(f"waste {shown}")
        elif kind in (PileKind.FOUNDATION, PileKind.CELL, PileKind.RESERVE):
            parts.append(f"{spec.id.name} {_top(state, i)}")
    allowed = state.variant.stock.redeals_allowed
    if allowed is not None and allowed > 0:
        parts.append(f"redeals left {allowed - state.redeals}")
    return "  ".join(parts)


def _columns(state: Observation, piles: tuple[int, ...]) -> list[str]:
    names = [state.variant.piles[i].id.name.rjust(3) for i in piles]
    lines = [" ".join(names)]
    columns = [
        [_code(c) for c in state.piles[i]] for i in piles
    ]
    for row in zip_longest(*columns, fillvalue="  "):
        lines.append(" ".join(word.rjust(3) for word in row).rstrip())
    return lines


def _pyramid(state: Observation, piles: tuple[int, ...]) -> list[str]:
    lines = []
    start, width = 0, 1
    rows = []
    while start < len(piles):
        rows.append(piles[start : start + width])
        start += width
        width += 1
    for n, row in enumerate(rows):
        words = [_code(state.piles[i][-1]) if state.piles[i] else "  " for i in row]
        lines.append(" " * 2 * (len(rows) - n - 1) + "  ".join(words))
    return lines


def render_state(state: State) -> str:
    """The position drawn as text: stock, waste, foundations and cells on top, then the
    tableau as columns (or as a pyramid). Face-down cards show as ``##``: the picture
    is drawn from what the observer lets a player see.
    """
    seen = observe(state)
    tableau = seen.variant.tables.tableau
    covered = any(seen.variant.piles[i].covered_by for i in tableau)
    body = _pyramid(seen, tableau) if covered else _columns(seen, tableau)
    return "\n".join([_header(seen), "", *body]) + "\n"
