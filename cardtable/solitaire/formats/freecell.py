"""FreeCell interchange: Freecell Solver's board text and the standard move notation.

Board text, as Freecell Solver reads and prints it::

    Foundations: H-0 C-0 D-0 S-0
    Freecells:  -  -  -  -
    : JD KD 2S 4C 3S 6D 6S
    ...

Standard notation: columns ``1``-``8``, free cells ``a``-``d``, foundations ``h``:
``3a``, ``a7``, ``1h``, ``85``. The number of cards in a column-to-column move is
inferred: the only count that fits a non-empty column, the largest for an empty one.
Freecell Solver's extended notation (``fc-solve -snx``) adds the count of a run moved
to an empty column in hex: ``85v3``; this module reads both and writes the extended one.
"""

from __future__ import annotations

import re

from cardtable.cards import Card, NotationError, Rank, Suit, card_of, parse_card
from cardtable.solitaire.checks import check
from cardtable.solitaire.engine import apply
from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.model import Move, MoveKind, PileKind, State
from cardtable.solitaire.games.freecell import freecell
from cardtable.solitaire.variant import Variant

_CELL_LETTERS = "abcdefghij"
_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


def _layout(variant: Variant) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    t = variant.tables
    if not t.tableau or t.stock is not None or variant.deck.size != 52:
        raise FormatError(f"{variant.name} is not a FreeCell-like game")
    return t.cells, t.foundations, t.tableau


def require_freecell_like(variant: Variant) -> None:
    """Raise FormatError unless ``variant`` can be written in FreeCell's notations."""
    _layout(variant)


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
    variant = variant or freecell
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


_MOVE = re.compile(r"(.)(.)(?:v([0-9a-f]+))?")


def parse_freecell_move(state: State, text: str, *, extended: bool = False) -> Move:
    """Read one move in standard notation, resolving foundation and card count in ``state``.

    ``15v3`` moves three cards (the count in hex, as Freecell Solver's extended notation
    writes it). Without a count, a move onto a column carries the only run that fits; onto
    an empty column, the longest run that may move, or, when ``extended`` (the text
    comes from the extended notation, which gives every longer move its count), one card.
    """
    word = text.strip().lower()
    match = _MOVE.fullmatch(word)
    if match is None:
        raise FormatError(f"{text!r} is not a FreeCell move: two characters like 3a, a7, 1h or 85 (85v3 for 3 cards)")
    (kind, source), (target_kind, target) = _place(state.variant, match[1], text), _place(state.variant, match[2], text)
    if source is None:
        raise FormatError(f"{text!r}: cards don't move out of the foundations in FreeCell")
    if match[3] is not None:
        count = int(match[3], 16)
        if kind is not PileKind.TABLEAU or target_kind is not PileKind.TABLEAU:
            raise FormatError(f"{text!r}: a card count (v) is written only for moves between columns")
        if count < 1:
            raise FormatError(f"{text!r}: a move carries at least one card")
        assert target is not None
        return state.variant.tables.transfer(source, target, count)
    if target_kind is PileKind.FOUNDATION:
        options = [Move(MoveKind.MOVE, source, f, 1) for f in state.variant.tables.foundations]
    else:
        assert target is not None
        most = 1
        if kind is PileKind.TABLEAU and target_kind is PileKind.TABLEAU and not (extended and not state.piles[target]):
            most = len(state.piles[source])
        options = [Move(MoveKind.MOVE, source, target, k) for k in range(most, 0, -1)]
    for move in options:
        if check(state, move).ok:
            return move
    return options[-1]  # illegal: the caller's check says why


def format_freecell_move(state: State, move: Move) -> str:
    """Write ``move`` (made in ``state``) in standard notation; it reads back to ``move``.

    A run of several cards to an empty column carries its count in hex (``15v3``), as in
    Freecell Solver's extended notation; so does a lone card there when a longer run could
    have gone (``15v1``). The notation names no foundation: ``1h`` reads back as the first
    foundation that takes the card, an equivalent position.
    """
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
    plain = letter(move.source) + letter(move.target)
    if move.source in columns and move.target in columns:
        assert move.target is not None
        to_empty = not state.piles[move.target]
        if (to_empty and move.count > 1) or parse_freecell_move(state, plain) != move:
            return f"{plain}v{move.count:x}"
    elif move.count != 1:
        raise FormatError(f"{plain} with {move.count} cards: in FreeCell notation only columns move runs")
    return plain


def freecell_words(text: str) -> list[str]:
    """The moves of a solution text, separated by spaces, commas or semicolons."""
    return [word for word in re.split(r"[\s,;]+", text.strip()) if word]


def is_extended(words: list[str]) -> bool:
    """Whether a solution uses the extended notation (some move gives its count)."""
    matches = (_MOVE.fullmatch(word.lower()) for word in words)
    return any(match is not None and match[3] is not None for match in matches)


def parse_freecell_solution(state: State, text: str) -> list[Move]:
    """Read a whole solution; counts and foundations are resolved move by move."""
    words = freecell_words(text)
    extended = is_extended(words)
    moves = []
    for word in words:
        move = parse_freecell_move(state, word, extended=extended)
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
