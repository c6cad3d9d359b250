"""Ranks that wrap, written as one atom in one file: its words explain refusals and the
engine's generator, compiled from it, offers exactly the moves ``check`` accepts."""

from __future__ import annotations

import random

from cardtable.cards import SHORT_RANKS, DeckSpec, parse_card
from cardtable.solitaire import Move, MoveKind, Variant, apply, check, legal_moves
from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.rules import alt_color, any_card, run, same_suit, up
from cardtable.solitaire.rules.groups import movable_count
from cardtable.solitaire.rules.wrapping import down_round, up_or_down_round, up_round
from tests.solitaire.conformance import every_candidate
from tests.solitaire.games.positions import position

WRAPPING = Variant(
    id="test-wrapping-columns",
    name="Wrapping columns",
    piles=(
        *foundations(4, up & same_suit, group=None),
        *tableau(((0, 6),) * 8 + ((0, 2),) * 2, down_round & alt_color, any_card, run()),
    ),
)
"""A test game: columns build down in alternating colours round the corner (K on A)."""


def test_the_atom_wraps_in_the_decks_own_rank_order() -> None:
    deck, short = DeckSpec(), DeckSpec(ranks=SHORT_RANKS)
    assert down_round.allows(deck, parse_card("AS"), parse_card("KH"))
    assert down_round.allows(deck, parse_card("8S"), parse_card("7H"))
    assert not down_round.allows(deck, parse_card("KS"), parse_card("AH"))
    assert up_round.allows(deck, parse_card("KS"), parse_card("AS"))
    assert down_round.allows(short, parse_card("6S"), parse_card("AH"))
    assert down_round.allows(short, parse_card("AS"), parse_card("KH"))


def test_up_or_down_round_joins_ace_and_king_both_ways() -> None:
    deck = DeckSpec()
    pairs = [("AS", "KH"), ("KS", "AH"), ("7S", "8H"), ("7S", "6H")]
    assert all(up_or_down_round.allows(deck, parse_card(a), parse_card(b)) for a, b in pairs)
    assert not up_or_down_round.allows(deck, parse_card("AS"), parse_card("QH"))
    assert not up_or_down_round.allows(deck, parse_card("7S"), parse_card("7H"))


def test_a_refusal_names_the_wrapping_rule() -> None:
    state = position(WRAPPING, t1="AS", t2="KC")
    t1, t2 = WRAPPING.index_of_name("t1"), WRAPPING.index_of_name("t2")
    assert check(state, Move(MoveKind.MOVE, t2, t1, 1)).reason == (
        "K♣ can't go on A♠: build down by one (a King on an Ace) in alternating colours"
    )


def test_a_run_carries_across_the_corner() -> None:
    state = position(WRAPPING, t1="2D AS KH QS", t2="3C")
    t1, t2 = WRAPPING.index_of_name("t1"), WRAPPING.index_of_name("t2")
    assert movable_count(state, t1) == 4
    assert Move(MoveKind.MOVE, t1, t2, 4) in legal_moves(state)


def test_generated_moves_are_exactly_the_checked_ones() -> None:
    rng = random.Random(5)
    for deal in range(3):
        state = WRAPPING.start(deal)
        for _ in range(40):
            legal = set(legal_moves(state))
            assert legal == {m for m in every_candidate(state) if check(state, m).ok}
            if not legal:
                break
            state = apply(state, rng.choice(sorted(legal, key=repr)))
