"""FreeCell interchange: Freecell Solver's board text and the standard move notation.

Board text, as Freecell Solver reads and prints it::

    Foundations: H-0 C-0 D-0 S-0
    Freecells:  -  -  -  -
    : JD KD 2S 4C 3S 6D 6S
    ...

Standard notation: columns ``1``-``8`` (a tenth column is ``10``, as Freecell Solver writes
it: ``10a``, ``110``, ``101``; ``0`` is read for it too), free cells ``a``-``d``,
foundations ``h``: ``3a``, ``a7``, ``1h``, ``85``. Freecell Solver prints five kinds of move: column to
column, column to cell, cell to column, and column or cell home (never cell to cell,
nor a card off a foundation). The number of cards in a column-to-column move is
inferred: the only count that fits a non-empty column. Freecell Solver's extended
notation (``fc-solve -snx``) adds the count of a run moved to an empty column in hex,
``85v3``, so that there a plain move carries one card; its plain standard notation
(``-sn``) leaves the count out, and a whole list is read with the count the moves
after it need. This module reads both and writes the extended one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cards import Card, NotationError, Rank, Suit, card_of, parse_card
from cardtable.solitaire.checks import check
from cardtable.solitaire.engine import apply, is_won
from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.model import Move, MoveKind, PileKind, State
from cardtable.solitaire.games.freecell import freecell
from cardtable.solitaire.variant import Variant

_CELL_LETTERS = "abcdefgk"
"""Free cells by letter; "h" names the foundations, so an eighth cell (Eight Off's) is "k",
as Freecell Solver writes it (``fc-solve --game eight_off``)."""
_COLUMN_DIGITS = tuple(str(n) for n in range(1, 11))
"""Columns by number: ``10`` is the tenth (``0`` is read for it too, as lists written before
were)."""
_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


def _layout(variant: Variant) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    t = variant.tables
    why = (
        "it has no columns" if not t.tableau
        else "it has a stock" if t.stock is not None
        else f"it is played with {variant.deck.size} cards, not 52" if variant.deck.size != 52
        else f"it has {len(t.tableau)} columns, and the notation numbers {len(_COLUMN_DIGITS)} at most"
        if len(t.tableau) > len(_COLUMN_DIGITS)
        else f"it has {len(t.cells)} free cells, and the notation letters {len(_CELL_LETTERS)} at most (h is home)"
        if len(t.cells) > len(_CELL_LETTERS)
        else ""
    )
    if why:
        raise FormatError(f"{variant.name} can't be written in Freecell Solver's notation: {why}")
    return t.cells, t.foundations, t.tableau


def require_freecell_like(variant: Variant) -> None:
    """Raise FormatError unless ``variant`` can be written in FreeCell's notations."""
    _layout(variant)


def uses_freecell_notation(variant: Variant) -> bool:
    """Whether a game's solutions are written in Freecell Solver's notation: a game with
    free cells that the notation can name every pile of.

    >>> from cardtable.solitaire import get_variant
    >>> uses_freecell_notation(get_variant("freecell")), uses_freecell_notation(get_variant("klondike"))
    (True, False)
    """
    try:
        _layout(variant)
    except FormatError:
        return False
    return bool(variant.tables.cells)


def board_unwritable(variant: Variant) -> str:
    """Why ``variant``'s positions can't be written in Freecell Solver's board text ('' if
    they can): its foundations are written as the rank each suit has reached from the
    Ace, so a game whose foundations start elsewhere (Penguin's base card) has none.

    >>> from cardtable.solitaire import get_variant
    >>> board_unwritable(get_variant("freecell")), board_unwritable(get_variant("penguin"))[:40]
    ('', "Penguin's board can't be written in Free")
    """
    try:
        _, foundations, _ = _layout(variant)
    except FormatError as error:
        return str(error)
    if any(variant.piles[f].empty.ranks != (Rank.ACE,) or variant.piles[f].empty.from_base is not None for f in foundations):
        return (f"{variant.name}'s board can't be written in Freecell Solver's board text: its foundations don't start "
                "with an Ace")
    return ""


def freecell_board_to_fcs(state: State) -> str:
    """The position in Freecell Solver's board text (FormatError where the game's board
    can't be, ``board_unwritable``)."""
    if why := board_unwritable(state.variant):
        raise FormatError(why)
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
    if why := board_unwritable(variant):
        raise FormatError(why.replace("written in", "read from"))
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
    if letter == "0" and len(columns) == len(_COLUMN_DIGITS):
        letter = _COLUMN_DIGITS[-1]
    if letter in _COLUMN_DIGITS[: len(columns)]:
        return PileKind.TABLEAU, columns[_COLUMN_DIGITS.index(letter)]
    if letter in _CELL_LETTERS[: len(cells)]:
        return PileKind.CELL, cells[_CELL_LETTERS.index(letter)]
    if letter in ("h", "f"):
        return PileKind.FOUNDATION, None
    digits = " ".join(_COLUMN_DIGITS[: len(columns)])
    raise FormatError(f"{text!r}: {letter!r} is no column ({digits}), cell (a-{_CELL_LETTERS[len(cells) - 1]}) or foundation (h)")


@dataclass(frozen=True, slots=True)
class _Word:
    """One move as written: where from, where to, and the count when it is given."""

    source_kind: PileKind
    source: int
    target_kind: PileKind
    target: int | None
    count: int | None


_MOVE = re.compile(r"(10|.)(10|.)(?:v([0-9a-f]+))?")
"""A move: two places (a column's number, ``10`` included, a cell's letter or ``h``) and
a count; ``101`` is the tenth column to the first, ``110`` the first to the tenth."""


def _read_word(variant: Variant, text: str) -> _Word:
    """The places and count a move names; raise FormatError when it is no move."""
    word = text.strip().lower()
    match = _MOVE.fullmatch(word)
    if match is None:
        raise FormatError(f"{text!r} is not a FreeCell move: two places like 3a, a7, 1h, 85 or 10a (85v3 for 3 cards)")
    (kind, source), (target_kind, target) = _place(variant, match[1], text), _place(variant, match[2], text)
    if source is None:
        raise FormatError(f"{text!r}: cards don't move out of the foundations in FreeCell")
    count = None
    if match[3] is not None:
        count = int(match[3], 16)
        if kind is not PileKind.TABLEAU or target_kind is not PileKind.TABLEAU:
            raise FormatError(f"{text!r}: a card count (v) is written only for moves between columns")
        if count < 1:
            raise FormatError(f"{text!r}: a move carries at least one card")
    return _Word(kind, source, target_kind, target, count)


def _options(state: State, word: _Word, extended: bool) -> list[Move]:
    """What ``word`` may mean in ``state``, the likeliest first (legal or not).

    A plain move between columns carries the only run that fits a non-empty column. Onto
    an empty one it carries one card when the list is in the extended notation (which
    writes every longer move's count); in plain standard notation any count may have
    been meant: one card first, then longer runs.
    """
    tables = state.variant.tables
    if word.count is not None:
        assert word.target is not None
        return [tables.transfer(word.source, word.target, word.count)]
    if word.target_kind is PileKind.FOUNDATION:
        return [Move(MoveKind.MOVE, word.source, f, 1) for f in tables.foundations]
    assert word.target is not None
    if word.source_kind is not PileKind.TABLEAU or word.target_kind is not PileKind.TABLEAU:
        return [Move(MoveKind.MOVE, word.source, word.target, 1)]
    counts = range(1, max(len(state.piles[word.source]), 1) + 1)
    if not state.piles[word.target]:
        counts = range(1, 2) if extended else counts
    else:
        counts = range(counts.stop - 1, 0, -1)  # the one that fits: found from the longest
    return [tables.transfer(word.source, word.target, k) for k in counts]


def parse_freecell_move(state: State, text: str, *, extended: bool = False) -> Move:
    """Read one move in standard notation, resolving foundation and card count in ``state``.

    ``15v3`` moves three cards (the count in hex, as Freecell Solver's extended notation
    writes it). Without a count, a move onto a column carries the only run that fits; onto
    an empty column, the longest run that may move, or, when ``extended`` (the text
    comes from the extended notation, which gives every longer move's count), one card.
    A whole list is better read with ``parse_freecell_solution``, which looks ahead.
    """
    word = _read_word(state.variant, text)
    options = _options(state, word, extended)
    if word.count is None and word.target_kind is PileKind.TABLEAU and not extended and not state.piles[word.target or 0]:
        options.reverse()
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
            return _COLUMN_DIGITS[columns.index(pile)]
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


_REPORT = re.compile(
    r"(?:-=)+-?|This game is solveable\.|I could not solve this game\.|Total number of states checked is \d+\."
    r"|This scan generated \d+ states\.",
    re.IGNORECASE,
)
"""The lines Freecell Solver prints around its moves (``fc-solve -m -sn``): its output
reads as it comes."""


def freecell_words(text: str) -> list[str]:
    """The moves of a solution text, separated by spaces, commas or semicolons; the
    report lines Freecell Solver prints around them are passed over.

    >>> freecell_words("-=-=-=-=\\n\\n8a 8b\\n3h\\n\\nThis game is solveable.\\nTotal number of states checked is 26.")
    ['8a', '8b', '3h']
    """
    kept = (line for line in text.splitlines() if not _REPORT.fullmatch(line.strip()))
    return [word for word in re.split(r"[\s,;]+", "\n".join(kept).strip()) if word]


def looks_like_freecell(words: Sequence[str]) -> bool:
    """Whether a list is in FreeCell's notation: its first word has the shape of a
    FreeCell move (``8a``, ``1h``, ``85v3``), as no word of cardtable's notation does
    (``t3>t5``, ``deal``). A word further on that is no move is then named where it is.

    >>> looks_like_freecell(["7a", "4"]), looks_like_freecell(["t3>t5", "deal"])
    (True, False)
    """
    return bool(words) and len(words[0]) <= 8 and _MOVE.fullmatch(words[0].lower()) is not None


def is_extended(words: list[str]) -> bool:
    """Whether a solution uses the extended notation (some move gives its count)."""
    matches = (_MOVE.fullmatch(word.lower()) for word in words)
    return any(match is not None and match[3] is not None for match in matches)


def parse_freecell_solution(state: State, text: str | Sequence[str]) -> list[Move]:
    """Read a whole solution (a text, or its words) as Freecell Solver means it.

    Foundations are resolved move by move. A list in the extended notation gives the
    count of every run moved to an empty column; in plain standard notation such a move
    may carry one card or several, and the count is the one that keeps the rest of the
    list legal (one card first), preferring a reading that wins. A list no reading makes
    legal is read one card to an empty column, so its first illegal move can be shown.
    """
    words = freecell_words(text) if isinstance(text, str) else list(text)
    extended = is_extended(words)
    read = [_read_word(state.variant, word) for word in words]
    if extended:
        return _first_legal(state, read, extended)
    return _looking_ahead(state, read) or _first_legal(state, read, extended)


def readable_freecell_words(variant: Variant, words: Sequence[str]) -> tuple[list[str], FormatError | None]:
    """The words up to the first one that is no move in ``variant``, and what is wrong
    with that one (None when every word reads)."""
    for n, word in enumerate(words):
        try:
            _read_word(variant, word)
        except FormatError as error:
            return list(words[:n]), error
    return list(words), None


def _first_legal(state: State, words: list[_Word], extended: bool) -> list[Move]:
    """Each word as its first legal meaning (or, once one has none, as one card)."""
    moves = []
    for word in words:
        options = _options(state, word, extended)
        move = next((m for m in options if check(state, m).ok), None) or _fitting(state, options)
        moves.append(move)
        if check(state, move).ok:
            state = apply(state, move, trusted=True)
    return moves


def _fitting(state: State, options: list[Move]) -> Move:
    """Of the meanings of a move none makes legal, the run that builds on the column it
    goes to (so its refusal says what stops it: too few free cells, say), else one card."""
    for move in options:
        assert move.source is not None and move.target is not None
        cards, held = state.piles[move.source], state.piles[move.target]
        build = state.variant.piles[move.target].build
        if held and build is not None and move.count <= len(cards) and build.allows(state.variant.deck, held[-1], cards[-move.count]):
            return move
    return min(options, key=lambda m: m.count)


READING_LIMIT = 20_000
"""Moves the look-ahead may play while reading one list, however ambiguous it is."""


def _looking_ahead(start: State, words: list[_Word]) -> list[Move] | None:
    """The meanings that make every move of a plain list legal, ending in a win if any
    does; None when no reading is legal throughout (or the search ran over its limit)."""
    # Depth first: for each word read so far, the position before it, its legal
    # meanings, and which of them is being followed.
    path: list[tuple[State, list[Move], int]] = []
    dead: set[tuple[int, State]] = set()
    state, played, legal_end = start, 0, None
    while True:
        at = len(path)
        options: list[Move] = []
        if at == len(words):
            moves = [meanings[k] for _, meanings, k in path]
            if is_won(state):
                return moves
            legal_end = legal_end or moves
        elif (at, state) not in dead:
            options = [m for m in _options(state, words[at], False) if check(state, m).ok]
        if options:
            path.append((state, options, 0))
        else:
            dead.add((at, state))
            while path and path[-1][2] + 1 == len(path[-1][1]):
                before, _, _ = path.pop()
                dead.add((len(path), before))
            if not path:
                return legal_end
            before, options, k = path.pop()
            path.append((before, options, k + 1))
        before, options, k = path[-1]
        played += 1
        if played > READING_LIMIT:
            return legal_end
        state = apply(before, options[k], trusted=True)


def format_freecell_solution(state: State, moves: list[Move]) -> str:
    """Write a move list in standard notation, space separated."""
    words = []
    for move in moves:
        words.append(format_freecell_move(state, move))
        state = apply(state, move)
    return " ".join(words)
