"""Hand-built positions for rule tests: name the piles that hold cards, the rest are empty."""

from __future__ import annotations

from cardtable.cards import parse_card
from cardtable.solitaire import Move, MoveKind, State, Variant, get_variant


def position(game: str | Variant, redeals: int = 0, **piles: str) -> State:
    """A State with the given piles, e.g. ``position("klondike", t1="[5C] KS QD")``.

    Cards in brackets are face down. Piles are named as in text forms (``t1``, ``f2``,
    ``c1``, ``stock``, ``waste``). Cards need not make a whole deck.
    """
    variant = game if isinstance(game, Variant) else get_variant(game)
    cards: list[tuple[object, ...]] = [() for _ in variant.piles]
    hidden = [0 for _ in variant.piles]
    for name, text in piles.items():
        i = variant.index_of_name(name)
        words = text.split()
        cards[i] = tuple(parse_card(w.strip("[]")) for w in words)
        hidden[i] = sum(w.startswith("[") for w in words)
    return State(variant, tuple(cards), tuple(hidden), redeals)  # type: ignore[arg-type]


def run_of(suit: str, top: str = "K") -> str:
    """A foundation's cards from the Ace of ``suit`` up to ``top``: ``run_of("S", "3")``
    is ``"AS 2S 3S"``."""
    ranks = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    return " ".join(rank + suit for rank in ranks[: ranks.index(top) + 1])


def last_king_left() -> State:
    """Klondike one move from its win: every card home but the King of spades, alone on
    column 1."""
    return position("klondike", f1=run_of("C"), f2=run_of("D"), f3=run_of("H"), f4=run_of("S", "Q"), t1="KS")


def move(state: State, source: str, target: str, count: int = 1) -> Move:
    """A transfer between named piles."""
    v = state.variant
    return Move(MoveKind.MOVE, v.index_of_name(source), v.index_of_name(target), count)


def pile(state: State, name: str) -> str:
    """A pile in the same notation ``position`` reads."""
    i = state.variant.index_of_name(name)
    return " ".join(f"[{c.code}]" if n < state.hidden[i] else c.code for n, c in enumerate(state.piles[i]))
