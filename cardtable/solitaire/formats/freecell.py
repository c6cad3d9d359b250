"""FreeCell interchange: Freecell Solver's board text and the standard move notation.

Board text, as Freecell Solver reads and prints it::

    Foundations: H-0 C-0 D-0 S-0
    Freecells:  -  -  -  -
    : JD KD 2S 4C 3S 6D 6S
    ...

Standard notation: columns ``1``-``8``, free cells ``a``-``d``, foundations ``h``:
``3a``, ``a7``, ``1h``, ``85``. The number of cards in a column-to-column move is
inferred: the only count that fits a non-empty column, the largest for an empty one.
"""

from __future__ import annotations

import re

from cardtable.cards import Card, NotationError, Rank, Suit, card_of, parse_card
from cardtable.solitaire.checks import check
from cardtable.solitaire.engine import apply
from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.model import Move, MoveKind, PileKind, State
from cardtable.solitaire.registry import get_variant
from cardtable.solitaire.variant import Variant

_CELL_LETTERS = "abcdefghij"
_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


def _layout(variant: Variant) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    t = variant.tables
    if not t.tableau or t.stock is not None or variant.deck.size != 52:
        raise FormatError(f"{variant.name} is not a FreeCell-like game")
    return t.cells, t.foundations, t.tableau


def freecell_board_to_fcs(state: State) -> str:
    """The position in Freecell Solver's board text."""
    cells, foundations, columns = _layout(state.variant)
    tops: dict[Suit, int] = {suit: 0 for suit in Suit}
    for f in foundations:
        for card in state.piles[f]:
            tops[card.suit] = max(tops[card.suit], int(card.rank))
    found = " ".join(f"{s.letter}-{Rank(tops[s]).letter if tops[s] else 0}" for s in _FOUNDATION_ORDER)
    held = " ".join(state.piles[c][-1].code if state.piles[c] else "-" for c in cells)
    lines = [f"Foundations: {found}"]
    if cells:
        lines.append(f"Freecells: {held}")
    lines += [(": " + " ".join(c.code for c in state.piles[col])).rstrip() for col in columns]
    return "\n".join(lines) + "\n"


def freecell_board_from_fcs(text: str, variant: Variant | None = None) -> State:
    """Read Freecell Solver's board text into a position of ``variant`` (FreeCell)."""
    variant = variant or get_variant("freecell")
    cells, foundations, columns = _layout(variant)
    piles: list[tuple[Card, ...]] = [() for _ in variant.piles]
    rows: list[tuple[Card, ...]] = []
    try:
        for line in text.splitlines():
            head, colon, rest = line.partition(":")
            word = head.strip().lower()
            if not line.strip():
                continue
            if colon and word == "foundations":
                for n, (suit, top) in enumerate(_foundation_tops(rest)):
                    if n >= len(foundations):
                        raise FormatError("more foundations than the game has")
                    piles[foundations[n]] = tuple(card_of(Rank(r), suit) for r in range(1, top + 1))
            elif colon and word in ("freecells", "fc"):
                held = [w for w in rest.split()]
                if len(held) > len(cells):
                    raise FormatError(f"{len(held)} free cells given, {variant.name} has {len(cells)}")
                for c, w in zip(cells, held):
                    piles[c] = () if w == "-" else (parse_card(w),)
            else:
                rows.append(tuple(parse_card(w) for w in (rest if colon and not word else line).split()))
    except NotationError as error:
        raise FormatError(str(error)) from None
    if len(rows) != len(columns):
        raise FormatError(f"{len(rows)} columns given, {variant.name} has {len(columns)}")
    for col, row in zip(columns, rows):
        piles[col] = row
    cards = [c for p in piles for c in p]
    if len(cards) != 52 or len(set(cards)) != 52:
        twice = sorted({c.code for c in cards if cards.count(c) > 1})
        detail = f"; repeated: {' '.join(twice)}" if twice else ""
        raise FormatError(f"a FreeCell board holds 52 different cards, this one {len(cards)}{detail}")
    return State(variant, tuple(piles), tuple(0 for _ in piles), 0)


def _foundation_tops(text: str) -> list[tuple[Suit, int]]:
    tops = []
    for item in text.split():
        match = re.fullmatch(r"([CDHS])-([0A2-9TJQK]|10)", item.upper())
        if not match:
            raise FormatError(f"foundation {item!r}: write a suit and its top rank, like H-0 or S-5")
        suit = Suit("CDHS".index(match[1]))
        rank = match[2]
        tops.append((suit, 0 if rank == "0" else int(parse_card(rank + "S").rank)))
    return tops


def _place(variant: Variant, letter: str, text: str) -> tuple[PileKind, int | None]:
    cells, _, columns = _layout(variant)
    if letter.isdecimal() and 1 <= int(letter) <= len(columns):
        return PileKind.TABLEAU, columns[int(letter) - 1]
    if letter in _CELL_LETTERS[: len(cells)]:
        return PileKind.CELL, cells[_CELL_LETTERS.index(letter)]
    if letter in ("h", "f"):
        return PileKind.FOUNDATION, None
    raise FormatError(f"{text!r}: {letter!r} is no column (1-{len(columns)}), cell (a-{_CELL_LETTERS[len(cells) - 1]}) or foundation (h)")


def parse_freecell_move(state: State, text: str) -> Move:
    """Read one move in standard notation, resolving foundation and card count in ``state``."""
    word = text.strip().lower()
    if len(word) != 2:
        raise FormatError(f"{text!r} is not a FreeCell move: two characters like 3a, a7, 1h or 85")
    (kind, source), (target_kind, target) = _place(state.variant, word[0], text), _place(state.variant, word[1], text)
    if source is None:
        raise FormatError(f"{text!r}: cards don't move out of the foundations in FreeCell")
    if target_kind is PileKind.FOUNDATION:
        options = [Move(MoveKind.MOVE, source, f, 1) for f in state.variant.tables.foundations]
    else:
        assert target is not None
        most = len(state.piles[source]) if kind is PileKind.TABLEAU and target_kind is PileKind.TABLEAU else 1
        options = [Move(MoveKind.MOVE, source, target, k) for k in range(most, 0, -1)]
    for move in options:
        if check(state, move).ok:
            return move
    return options[-1]  # illegal: the caller's check says why


def format_freecell_move(state: State, move: Move) -> str:
    """Write ``move`` (made in ``state``) in standard notation."""
    cells, foundations, columns = _layout(state.variant)

    def letter(pile: int | None) -> str:
        if pile in columns:
            return str(columns.index(pile) + 1)
        if pile in cells:
            return _CELL_LETTERS[cells.index(pile)]
        if pile in foundations:
            return "h"
        raise FormatError(f"pile {pile} has no name in FreeCell notation")

    if move.kind is not MoveKind.MOVE:
        raise FormatError("FreeCell notation has only card moves")
    return letter(move.source) + letter(move.target)


def parse_freecell_solution(state: State, text: str) -> list[Move]:
    """Read a whole solution; counts and foundations are resolved move by move."""
    moves = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        move = parse_freecell_move(state, word)
        moves.append(move)
        if check(state, move).ok:
            state = apply(state, move, trusted=True)
    return moves


def format_freecell_solution(state: State, moves: list[Move]) -> str:
    """Write a move list in standard notation, space separated."""
    words = []
    for move in moves:
        words.append(format_freecell_move(state, move))
        state = apply(state, move)
    return " ".join(words)
