"""Where the full-screen table puts the piles so every game fits the terminal (80x24 at
least): how wide a pile is, which piles share a row, the rows of a triangle, and which
lines a long column folds away so its playable cards stay on screen.

>>> pile_width([13], 80)
5
>>> lines = fold(20, 6, 10)  # 20 cards, 6 face down, 10 lines
>>> len(lines), lines[0], lines[1], lines[-1]
(10, Line(position=5, folded=6), Line(position=11, folded=6), Line(position=19, folded=0))
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.solitaire import Variant
from cardtable.solitaire.model import PileKind

WIDEST, NARROWEST = 5, 3
"""Characters a pile takes: room for "10♥!" at most, for "10♥" at least."""
GAP = 1


def pile_width(row_lengths: list[int], screen_width: int) -> int:
    """The widest pile that lets the longest row fit the screen (never under NARROWEST)."""
    longest = max(row_lengths, default=1) or 1
    return max(NARROWEST, min(WIDEST, screen_width // longest - GAP))


def per_row(screen_width: int) -> int:
    """How many piles of the narrowest width fit side by side."""
    return max(1, screen_width // (NARROWEST + GAP))


def top_rows(variant: Variant, screen_width: int) -> list[list[int]]:
    """The piles above the tableau (stock, waste, cells, foundations, reserves), split into
    as many rows as the screen needs."""
    top = [i for i, spec in enumerate(variant.piles) if spec.kind is not PileKind.TABLEAU]
    room = per_row(screen_width)
    return [top[n : n + room] for n in range(0, len(top), room)] or [[]]


def tableau_rows(variant: Variant) -> list[list[int]]:
    """The tableau: one row of columns; the rows of a grid; or, where piles cover others
    (Pyramid), the rows of the triangle from its top down, each pile one row above the
    piles covering it."""
    tableau = [i for i, spec in enumerate(variant.piles) if spec.kind is PileKind.TABLEAU]
    row = variant.traits.row_length
    if row is not None:  # a grid (Monte Carlo, Montana): its rows one under another
        return [tableau[n : n + row] for n in range(0, len(tableau), row)]
    if not any(variant.piles[i].covered_by for i in tableau):
        return [tableau]
    height: dict[int, int] = {}

    def height_of(i: int) -> int:
        if i not in height:
            below = [variant.index_of(p) for p in variant.piles[i].covered_by]
            height[i] = 1 + max((height_of(b) for b in below), default=-1)
        return height[i]

    top = max(height_of(i) for i in tableau)
    return [[i for i in tableau if height_of(i) == h] for h in range(top, -1, -1)]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a column: the card at ``position``, or, when ``folded`` > 0, a line
    standing for that many cards ending at ``position``."""

    position: int
    folded: int = 0


def fold(total: int, hidden: int, room: int) -> tuple[Line, ...]:
    """The lines of a column of ``total`` cards (``hidden`` face down) in ``room`` lines:
    every card when it fits; else the face-down cards as one line, and if still too long
    the lower face-up cards as one more, so the top cards (the ones that play) show."""
    if total <= room:
        return tuple(Line(n) for n in range(total))
    lines: list[Line] = []
    if hidden > 1:
        lines.append(Line(hidden - 1, hidden))
        start = hidden
    else:
        start = 0
    face_up = list(range(start, total))
    if len(lines) + len(face_up) > room:
        keep = max(1, room - len(lines) - 1)
        lines.append(Line(total - keep - 1, len(face_up) - keep))
        face_up = face_up[-keep:]
    return tuple(lines) + tuple(Line(n) for n in face_up)
