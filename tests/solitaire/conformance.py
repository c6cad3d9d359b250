"""Shared helpers of the conformance suite: candidate moves and invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from cardtable.solitaire import Move, MoveKind, State, Variant, variants
from cardtable.solitaire.options import Option, with_options


def every_candidate(state: State) -> Iterator[Move]:
    """Every move shape the engine could be asked about in ``state``, legal or not."""
    n = len(state.piles)
    for i in range(n):
        for j in range(n):
            for k in range(1, len(state.piles[i]) + 2):
                yield Move(MoveKind.MOVE, i, j, k)
    yield Move(MoveKind.DEAL)
    yield Move(MoveKind.REDEAL)
    for i in range(n):
        yield Move(MoveKind.PAIR, i, None)
        for j in range(n):
            yield Move(MoveKind.PAIR, i, j)


def some_candidates(state: State, legal: Sequence[Move], rng: random.Random, count: int) -> list[Move]:
    """``count`` moves the engine could be asked about, legal or not.

    Half are near misses of legal moves (one card more or less, another target), where
    ``check`` and ``legal_moves`` are likeliest to disagree; the rest come from any pile
    to any pile with any count, or are pairs, deals and redeals.
    """
    n = len(state.piles)
    out = []
    for _ in range(count):
        roll = rng.random()
        if legal and roll < 0.5:
            move = legal[int(roll * 2 * len(legal))]
            if move.kind is MoveKind.MOVE:
                other = int(rng.random() * n)
                count_off = move.count + (1 if roll < 0.25 else -1)
                if other == move.target:
                    out.append(Move(MoveKind.MOVE, move.source, move.target, max(count_off, 1)))
                else:
                    out.append(Move(MoveKind.MOVE, move.source, other, move.count))
            elif move.kind is MoveKind.PAIR:
                out.append(Move(MoveKind.PAIR, move.source, int(rng.random() * (n + 1)) or None))
            else:
                out.append(Move(MoveKind.REDEAL if move.kind is MoveKind.DEAL else MoveKind.DEAL))
        elif roll < 0.875:
            i = int(rng.random() * n)
            out.append(Move(MoveKind.MOVE, i, int(rng.random() * n), 1 + int(rng.random() * (len(state.piles[i]) + 1))))
        elif roll < 0.95:
            out.append(Move(MoveKind.PAIR, int(rng.random() * n), int(rng.random() * (n + 1)) or None))
        else:
            out.append(Move(MoveKind.DEAL if roll < 0.975 else MoveKind.REDEAL))
    return out


def card_counts(state: State) -> Counter[int]:
    """How many of each card lie anywhere in the position."""
    return Counter(card.index for pile in state.piles for card in pile)


def deck_counts(state: State) -> Counter[int]:
    """How many of each card the variant's deck holds."""
    return Counter(card.index for card in state.variant.deck.cards())


def is_well_formed(state: State) -> bool:
    """Hidden counts lie within their piles, and the stock is all face down (but its top
    card, where the game shows it)."""
    stock = state.variant.tables.stock
    inside = all(0 <= h <= len(p) for p, h in zip(state.piles, state.hidden))
    if stock is None:
        return inside
    held = len(state.piles[stock])
    shown = 1 if held and state.variant.stock.face_up else 0
    return inside and state.hidden[stock] == held - shown


def chosen_variants() -> list[Variant]:
    """Games made by the player options: each option's lowest and highest values other
    than the game's own, on the first game of each family that offers that option, where the choice is
    not a registered game already. A game or option added later is covered by the suites
    that use this, with no new test."""
    registered = set(variants())
    seen: set[tuple[str, Option, int]] = set()
    out: list[Variant] = []
    for variant in variants():
        for option in variant.options:
            others = [v for v in option.values if v != option.current(variant)]
            for value in sorted({min(others), max(others)}):
                if (variant.family or variant.id, option, value) in seen:
                    continue
                seen.add((variant.family or variant.id, option, value))
                made = with_options(variant, {option.name: value}, registered)
                if made not in registered and made not in out:
                    out.append(made)
    return out
