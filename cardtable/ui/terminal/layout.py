"""Where the full-screen table puts the piles so every game fits the terminal (80x24 at
least): how wide a pile is, which piles share a row, the rows of a triangle and where
each of its piles lies across (from what covers what), rows of fans, and which lines a
long column folds away so its playable cards stay on screen.

>>> pile_width([13], 80)
5
>>> lines = fold(20, 6, 10)  # 20 cards, 6 face down, 10 lines
>>> len(lines), lines[0], lines[1], lines[-1]
(10, Line(position=5, folded=6), Line(position=11, folded=6), Line(position=19, folded=0))
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from cardtable.app import Session, order_violations
from cardtable.app.autoplay import sent_home_at_the_deal
from cardtable.solitaire import Variant
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.traits import Layout

SMALLEST_SCREEN = (80, 24)
"""Columns and lines the full-screen table needs."""
WIDEST, NARROWEST = 5, 3
"""Characters a pile takes: room for "10♥!" at most, for "10♥" at least."""
GAP = 1
MESSAGE_LINES = 3
"""Lines under the table: the message (two at most) and the status line."""

TOO_SMALL = "the terminal is"
"""How the note on a terminal too small for the table begins."""


def too_small(width: int, height: int) -> str:
    """The note on a terminal too small for the table (short: one line on a narrow one), or ''.

    >>> too_small(79, 30), too_small(80, 24)
    ('the terminal is 79x30: the table needs 80x24', '')
    """
    if width >= SMALLEST_SCREEN[0] and height >= SMALLEST_SCREEN[1]:
        return ""
    return f"{TOO_SMALL} {width}x{height}: the table needs {SMALLEST_SCREEN[0]}x{SMALLEST_SCREEN[1]}"


def fitted(message: str, width: int, lines: int) -> str:
    """``message`` wrapped to ``width``, in at most ``lines`` lines: what does not fit
    ends in an ellipsis, so the line after it (the status) is never pushed off.

    >>> fitted("no moves left: u to undo, n for a new deal", 22, 2)
    'no moves left: u to\\nundo, n for a new deal'
    >>> fitted("no moves left: u to undo, n for a new deal, q to quit", 22, 2)
    'no moves left: u to\\nundo, n for a new…'
    """
    wrapped = textwrap.wrap(message, max(8, width)) or [""]
    if len(wrapped) <= lines:
        return "\n".join(wrapped)
    kept = wrapped[:lines]
    kept[-1] = textwrap.shorten(kept[-1] + " " + wrapped[lines], max(8, width) - 1, placeholder="") + "…"
    return "\n".join(kept)


def with_verdict(status: str, answer: str, width: int) -> str:
    """The status line followed by the answer to "still winnable?" (``Verdict.answer``),
    within ``width`` columns: the answer's explanation shortens first (an undo's count
    stays), then the question, then the status from its end, so that the answer always
    shows with its question.

    >>> status = "Klondike (draw 3), random deal: 0 moves, score 0%, 0:00"
    >>> with_verdict(status, "yes", 100)
    'Klondike (draw 3), random deal: 0 moves, score 0%, 0:00 · still winnable? yes'
    >>> with_verdict(status, "unknown: the search ran out of room before it could tell", 78)
    'Klondike (draw 3), random deal: 0 moves, score 0%, 0:00 · winnable? unknown'
    >>> with_verdict(status, "can't be won from here: undo 1 move to get back to a winnable position", 78)
    "0 moves, score 0%, 0:00 · winnable? can't be won from here: undo 1 move"
    """
    if not answer:
        return status
    said, _, why = answer.partition(": ")
    short = f"{said}: {why.removesuffix(' to get back to a winnable position')}" if why.startswith("undo ") else said
    counts = status.partition(": ")[2] or status  # the moves, score and clock: the game's name goes first
    for line in (f"{status} · still winnable? {answer}", f"{status} · still winnable? {short}", f"{status} · winnable? {short}",
                 f"{counts} · winnable? {short}"):
        if len(line) <= width:
            return line
    asked = f"winnable? {short}"
    room = max(8, width - len(asked) - 3)  # (" · " between them)
    return f"{textwrap.shorten(counts, room - 1, placeholder='')}… · {asked}"


def first_words(session: Session, note: str = "") -> str:
    """The table's first message: ``note`` where there is one (an earlier game of the deal
    kept, say), else how to play; either way, what went home at the deal.

    >>> from cardtable.solitaire import get_variant
    >>> from cardtable.app import Session, order_violations
    >>> first_words(Session(get_variant("yukon"), 5), "an earlier game is kept")
    'an earlier game is kept; A♠ and 2♠ went home at the deal (auto-build)'
    """
    sent = sent_home_at_the_deal(session.history)
    if note:
        return f"{note}; {sent}" if sent else note
    how, home = _how_to_click(session.variant), _double_click(session.variant)
    marks = "; ! marks a card out of order" if order_violations(session.state) else ""  # (else said only in the help)
    if sent:
        return f"{sent}; {how}; ? for the rules and keys{marks}"
    return f"{how}{home}; ? for the rules and keys{marks}"


def sends_home(variant: Variant) -> bool:
    """Whether the player sends cards home (or discards them) one at a time: not in
    Spider, where a whole suit goes by itself, nor in Montana, whose foundations hold
    the Aces taken out at the deal."""
    if variant.traits.layout is Layout.GRID and variant.pairs is None:
        return False
    return variant.discard is not None or any(
        variant.piles[i].build is not None or variant.piles[i].empty.ranks != () for i in variant.piles_of(PileKind.FOUNDATION)
    )


def _double_click(variant: Variant) -> str:
    """What a double-click on a card does, where it is not a pair's (said with the pairs)."""
    if variant.pairs is not None or not variant.piles_of(PileKind.FOUNDATION):
        return ""
    return "; double-click sends it home" if sends_home(variant) else "; double-click plays it where it fits"


def _how_to_click(variant: Variant) -> str:
    """How a click plays here: a card at once where it has no other place to go (Golf),
    a card and its partner in a game of pairs, else a card and where it goes.

    >>> from cardtable.solitaire import get_variant
    >>> _how_to_click(get_variant("golf")), _how_to_click(get_variant("klondike"))
    ('click a card to play it (or use the arrows and space)', 'click a card, then where it goes (or use the arrows and space)')
    """
    if not variant.piles_of(PileKind.FOUNDATION):
        return "click a card to play it (or use the arrows and space)"
    if variant.pairs is not None:
        alone = "; a card that goes alone goes at a click" if variant.pairs.singles else ""  # (none in Monte Carlo)
        return f"click a card, then the one it pairs with{alone} (or use the arrows and space)"
    return "click a card, then where it goes (or use the arrows and space)"


def short_name(name: str, wide: int) -> str:
    """A pile's name in ``wide`` characters: whole where it fits, else without its vowels
    after the first letter (a name cut short, "wast", reads as a typo).

    >>> short_name("t10", 3), short_name("waste", 4), short_name("stock", 4), short_name("stock", 3)
    ('t10', 'wst', 'stck', 'stc')
    """
    if len(name) <= wide:
        return name
    return (name[0] + "".join(c for c in name[1:] if c not in "aeiou"))[:wide]


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
    if variant.traits.layout is Layout.CLOCK:  # the hours first, each above its column
        top.sort(key=lambda i: variant.piles[i].kind is not PileKind.FOUNDATION)
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


def peak_columns(variant: Variant) -> dict[int, float]:
    """Where each pile of a triangle lies across, counted in piles: the open piles (covered
    by none) side by side, each covered pile midway between the piles covering it. So
    Pyramid's rows are centred over one another and Tri-Peaks stands as three peaks.

    >>> from cardtable.solitaire import get_variant
    >>> tips = tableau_rows(get_variant("tri-peaks"))[0]
    >>> [peak_columns(get_variant("tri-peaks"))[i] for i in tips]
    [1.5, 4.5, 7.5]
    """
    across: dict[int, float] = {}
    tableau = [i for i, spec in enumerate(variant.piles) if spec.kind is PileKind.TABLEAU]
    for i in tableau:
        if not variant.piles[i].covered_by:
            across[i] = float(len(across))

    def column_of(i: int) -> float:
        if i not in across:
            over = [column_of(variant.index_of(p)) for p in variant.piles[i].covered_by]
            across[i] = sum(over) / len(over)
        return across[i]

    return {i: column_of(i) for i in tableau}


@dataclass(frozen=True, slots=True)
class Fans:
    """Many short piles laid out as rows of fans, each fan one line: its name, then its
    cards side by side (a long fan folds what lies under its last ``shown`` cards)."""

    rows: tuple[tuple[int, ...], ...]
    wide: int
    """Characters a card takes."""
    shown: int
    """Places for cards in a fan."""

    def fan_width(self) -> int:
        """Characters a fan takes: its name and its cards, with a gap after each."""
        return (1 + self.shown) * (self.wide + GAP)


def fan_rows(variant: Variant, screen_width: int, room: int) -> Fans:
    """The tableau as rows of fans, as wide as fits in ``room`` lines (a blank line under
    each row where there is room for it).

    >>> from cardtable.solitaire import get_variant
    >>> fans = fan_rows(get_variant("la-belle-lucie"), 80, 18)
    >>> [len(row) for row in fans.rows], fans.wide, fans.shown
    ([3, 3, 3, 3, 3, 3], 5, 3)
    """
    tableau = [i for i, spec in enumerate(variant.piles) if spec.kind is PileKind.TABLEAU]
    shown = max(3, max((sum(variant.piles[i].dealt) for i in tableau), default=3))
    for wide in range(WIDEST, NARROWEST - 1, -1):
        fans = _in_rows(tableau, screen_width, wide, shown)
        if len(fans.rows) * 2 - 1 <= room:
            return fans
    return _in_rows(tableau, screen_width, NARROWEST, shown)


def _in_rows(tableau: list[int], screen_width: int, wide: int, shown: int) -> Fans:
    across = max(1, screen_width // ((1 + shown) * (wide + GAP)))
    rows = -(-len(tableau) // across)
    across = -(-len(tableau) // max(rows, 1))  # rows as even as they go
    return Fans(tuple(tuple(tableau[n : n + across]) for n in range(0, len(tableau), across)), wide, shown)
