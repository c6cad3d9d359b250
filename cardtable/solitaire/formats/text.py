"""A position as text that reads back to the same State.

One header line names the game, one gives the redeals used, then one line per pile,
bottom card first, face-down cards in brackets::

    game: klondike
    redeals: 0
    stock: [5C] [9H] ...
    t2: [JD] 4S
"""

from __future__ import annotations

from collections import Counter

from cardtable.cards import Card, NotationError, parse_card
from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.model import State
from cardtable.solitaire.registry import UnknownGame, get_variant


def format_state(state: State) -> str:
    """The position as text; ``parse_state`` reads it back to an equal State."""
    lines = [f"game: {state.variant.id}", f"redeals: {state.redeals}"]
    for spec, cards, hidden in zip(state.variant.piles, state.piles, state.hidden):
        words = [f"[{c.code}]" if n < hidden else c.code for n, c in enumerate(cards)]
        lines.append(f"{spec.id.name}: {' '.join(words)}".rstrip())
    return "\n".join(lines) + "\n"


def _cards(name: str, words: list[str]) -> tuple[tuple[Card, ...], int]:
    cards: list[Card] = []
    hidden = 0
    for word in words:
        down = word.startswith("[") and word.endswith("]")
        if down and len(cards) > hidden:
            raise FormatError(f"pile {name}: face-down card {word} lies on a face-up card")
        try:
            cards.append(parse_card(word[1:-1] if down else word))
        except NotationError as error:
            raise FormatError(f"pile {name}: {error}") from None
        hidden += down
    return tuple(cards), hidden


def parse_state(text: str) -> State:
    """Read a position written by ``format_state``, checking that it is a real one."""
    fields: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon:
            raise FormatError(f"line {number}: expected 'name: value', got {line.strip()!r}")
        if key in fields:
            raise FormatError(f"line {number}: {key!r} appears twice")
        fields[key] = value.strip()
    try:
        variant = get_variant(fields.pop("game"))
    except KeyError:
        raise FormatError("the position does not say which game it is (a 'game:' line)") from None
    except UnknownGame as error:
        raise FormatError(str(error)) from None
    redeals_text = fields.pop("redeals", "0")
    if not redeals_text.isdecimal():
        raise FormatError(f"redeals must be a whole number, not {redeals_text!r}")
    redeals = int(redeals_text)
    allowed = variant.stock.redeals_allowed
    if allowed is not None and redeals > allowed:
        raise FormatError(f"{variant.name} allows only {allowed} redeal(s), not {redeals}")
    piles: list[tuple[Card, ...]] = []
    hidden: list[int] = []
    for spec in variant.piles:
        name = spec.id.name
        if name not in fields:
            raise FormatError(f"pile {name} of {variant.name} is missing")
        cards, down = _cards(name, fields.pop(name).split())
        piles.append(cards)
        hidden.append(down)
    if fields:
        raise FormatError(f"{variant.name} has no pile(s) {', '.join(sorted(fields))}")
    stock = variant.tables.stock
    if stock is not None and hidden[stock] != len(piles[stock]):
        raise FormatError("the stock's cards must all be face down")
    found = Counter(c for pile in piles for c in pile)
    if found != Counter(variant.deck.cards()):
        missing = Counter(variant.deck.cards()) - found
        extra = found - Counter(variant.deck.cards())
        problems = [f"missing {' '.join(c.code for c in missing.elements())}" if missing else ""]
        problems.append(f"extra {' '.join(c.code for c in extra.elements())}" if extra else "")
        raise FormatError(f"the cards are not {variant.name}'s deck: " + "; ".join(p for p in problems if p))
    return State(variant, tuple(piles), tuple(hidden), redeals)
