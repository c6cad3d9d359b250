"""Move notation for every variant: ``t3>t5``, ``t3>t5:3``, ``deal``, ``redeal``,
``t25+waste`` (a pair) and ``t28+`` (a card discarded alone).

>>> from cardtable.solitaire import get_variant
>>> klondike = get_variant("klondike")
>>> move = parse_move(klondike, "t7 > t3 : 2")
>>> format_move(klondike, move)
't7>t3:2'
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.rules.stock import StockTarget
from cardtable.solitaire.model import Move, MoveKind
from cardtable.solitaire.variant import Variant


@lru_cache(maxsize=None)
def pile_numbers(variant: Variant) -> dict[str, int]:
    """Pile name (``t3``, ``waste``) to its position in ``variant.piles``."""
    return {spec.id.name: i for i, spec in enumerate(variant.piles)}


def pile_name(variant: Variant, pile: int | None) -> str:
    """The name of the pile at ``pile``."""
    if pile is None or not 0 <= pile < len(variant.piles):
        raise FormatError(f"{variant.name} has no pile number {pile}")
    return variant.tables.names[pile]


def format_move(variant: Variant, move: Move) -> str:
    """Write ``move`` in the notation; raises FormatError for a move naming no pile."""
    if move.kind is MoveKind.DEAL:
        return "deal"
    if move.kind is MoveKind.REDEAL:
        return "redeal"
    source = pile_name(variant, move.source)
    if move.kind is MoveKind.PAIR:
        return f"{source}+" if move.target is None else f"{source}+{pile_name(variant, move.target)}"
    target = pile_name(variant, move.target)
    return f"{source}>{target}" if move.count == 1 else f"{source}>{target}:{move.count}"


def _pile(variant: Variant, name: str, text: str) -> int:
    if not name:
        raise FormatError(f"{text!r} names no pile on one side: write both, as in t3>t5")
    number = pile_numbers(variant).get(name)
    if number is None:
        raise FormatError(f"{text!r}: {variant.name} has no pile {name!r} (its piles: {piles_said(tuple(pile_numbers(variant)))})")
    return number


def piles_said(names: tuple[str, ...]) -> str:
    """Pile names as a refusal lists them, each run of numbered ones as a range
    (Montana's 52 places: t1-t52).

    >>> piles_said(("stock", "f1", "f2", "t1", "t2", "t3", "t5"))
    'stock, f1-f2, t1-t3, t5'
    """
    runs: list[list[str]] = []
    for name in names:
        match = re.fullmatch(r"([a-z]+)(\d+)", name)
        last = re.fullmatch(r"([a-z]+)(\d+)", runs[-1][-1]) if runs else None
        if match and last and match[1] == last[1] and int(match[2]) == int(last[2]) + 1:
            runs[-1].append(name)
        else:
            runs.append([name])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def parse_move(variant: Variant, text: str) -> Move:
    """Read a move; spaces and case don't matter. Pairs come out lower pile first."""
    word = "".join(text.split()).lower()
    if word in ("deal", "redeal"):
        return Move(MoveKind.DEAL if word == "deal" else MoveKind.REDEAL)
    if "+" in word:
        first, _, second = word.partition("+")
        a = _pile(variant, first, text)
        if not second:
            return Move(MoveKind.PAIR, a, None)
        b = _pile(variant, second, text)
        return Move(MoveKind.PAIR, min(a, b), max(a, b))
    if ">" in word:
        source, _, rest = word.partition(">")
        target, _, count = rest.partition(":")
        if count and not count.removeprefix("-").isdecimal():
            raise FormatError(f"{text!r}: the card count after ':' must be a whole number")
        number = int(count) if count else 1
        if number < 1:
            raise FormatError(f"{text!r}: a move carries at least one card")
        return Move(MoveKind.MOVE, _pile(variant, source, text), _pile(variant, target, text), number)
    pairs = ", or t25+waste to discard a pair" if variant.pairs is not None else ""
    deals = "" if variant.stock.target is StockTarget.NONE else ", deal, redeal"  # (FreeCell has neither)
    raise FormatError(f"{text!r} is not a move: write t3>t5 (or t3>t5:3 for three cards){deals}{pairs}")


def parse_moves(variant: Variant, text: str) -> list[Move]:
    """Read moves separated by spaces, commas, semicolons or lines; ``#`` starts a comment.

    >>> from cardtable.solitaire import get_variant
    >>> [format_move(get_variant("klondike"), m) for m in parse_moves(get_variant("klondike"), "deal t7 > t3, redeal")]
    ['deal', 't7>t3', 'redeal']
    """
    return [parse_move(variant, word) for word in move_words(text)]


def move_words(text: str) -> list[str]:
    """The moves of a text, one word each, as the player wrote them less spaces.

    >>> move_words("deal t7 > t3, redeal  # then stop")
    ['deal', 't7>t3', 'redeal']
    """
    words = []
    for line in text.splitlines():
        line = re.sub(r"\s*([>:])\s*", r"\1", line.split("#", 1)[0])
        words += [word for word in re.split(r"[\s,;]+", line) if word]
    return words
