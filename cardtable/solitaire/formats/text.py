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
from itertools import chain

from cardtable.cards import Card, NotationError, parse_card
from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.model import PileKind, State
from cardtable.solitaire.piles import PileSpec
from cardtable.solitaire.registry import UnknownGame, get_variant
from cardtable.solitaire.rules.reveal import stock_hidden
from cardtable.solitaire.variant import Variant

_FACE_UP_KINDS = (PileKind.FOUNDATION, PileKind.CELL, PileKind.WASTE)


def format_state(state: State) -> str:
    """The position as text; ``parse_state`` reads it back to an equal State."""
    lines = [f"game: {state.variant.id}", f"redeals: {state.redeals}"]
    for spec, cards, hidden in zip(state.variant.piles, state.piles, state.hidden):
        words = [f"[{c.code}]" if n < hidden else c.code for n, c in enumerate(cards)]
        lines.append(f"{spec.id.name}: {' '.join(words)}".rstrip())
    return "\n".join(lines) + "\n"


def _cards(name: str, words: list[str]) -> tuple[tuple[Card, ...], int]:
    hidden = 0
    while hidden < len(words) and words[hidden][:1] == "[" and words[hidden][-1:] == "]":
        hidden += 1
    try:  # the usual case: face-down cards first, each card readable
        if not any("[" in word for word in words[hidden:]):
            backs = [parse_card(w[1:-1]) for w in words[:hidden]]
            return tuple(backs + [parse_card(w) for w in words[hidden:]]), hidden
    except NotationError:
        pass  # read again card by card below, to say which card and why
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


def _pile_problem(variant: Variant, spec: PileSpec, cards: tuple[Card, ...], down: int) -> str | None:
    """What makes a pile impossible in ``variant``: too many cards, face-down cards where
    every card lies face up, or a foundation out of its order."""
    if spec.capacity is not None and len(cards) > spec.capacity:
        return f"{spec.id.title} holds at most {spec.capacity}, not {len(cards)} cards"
    if down and spec.kind in _FACE_UP_KINDS:
        return f"cards on {spec.id.title} lie face up"
    if spec.kind is not PileKind.FOUNDATION or not cards:
        return None
    deck = variant.deck
    if spec.build is not None:
        base = cards[0]
        if not (spec.empty.accepts(base) if not spec.empty.takes_nothing else base.rank is variant.deal.bases_out):
            return f"{base.code} can't start {spec.id.title}"
        for below, above in zip(cards, cards[1:]):
            if not spec.build.allows(deck, below, above):
                return f"{above.code} can't lie on {below.code}: {spec.build.phrase}"
    elif variant.clear_runs is not None:
        rule, length = variant.clear_runs, len(deck.ranks)
        runs = [cards[n : n + length] for n in range(0, len(cards), length)]
        if any(len(run) != length or not all(rule.allows(deck, a, b) for a, b in zip(run, run[1:])) for run in runs):
            return f"{spec.id.title} holds only complete runs that {rule.phrase}"
    return None


def parse_state(text: str) -> State:
    """Read a position written by ``format_state``, checking that it is a real one: the
    variant's deck, the stock face down, no pile over its capacity, foundations in order."""
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
    if stock is not None and hidden[stock] != stock_hidden(variant, len(piles[stock])):
        but = ", but the top one," if variant.stock.face_up else ""
        raise FormatError(f"the stock's cards{but} must all be face down")
    for spec, cards, down in zip(variant.piles, piles, hidden):
        problem = _pile_problem(variant, spec, cards, down)
        if problem:
            raise FormatError(f"pile {spec.id.name}: {problem}")
    found = Counter(chain.from_iterable(piles))
    deck = Counter(variant.deck.cards())
    if found != deck:
        missing = deck - found
        extra = found - deck
        problems = [f"missing {' '.join(c.code for c in missing.elements())}" if missing else ""]
        problems.append(f"extra {' '.join(c.code for c in extra.elements())}" if extra else "")
        raise FormatError(f"the cards are not {variant.name}'s deck: " + "; ".join(p for p in problems if p))
    return State(variant, tuple(piles), tuple(hidden), redeals)
