"""Move notation: every generated move writes and reads back; junk says what is wrong."""

from __future__ import annotations

import random

import pytest

from cardtable.solitaire import Move, MoveKind, apply, get_variant, legal_moves, variants
from cardtable.solitaire.formats import FormatError, format_move, parse_move, parse_moves


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_every_generated_move_round_trips(variant: object) -> None:
    from cardtable.solitaire import Variant

    assert isinstance(variant, Variant)
    rng = random.Random(3)
    for deal in range(1, 21):
        state = variant.start(deal)
        for _ in range(60):
            moves = legal_moves(state)
            if not moves:
                break
            for move in moves:
                assert parse_move(variant, format_move(variant, move)) == move
            state = apply(state, rng.choice(moves))


def test_notation_examples() -> None:
    klondike = get_variant("klondike")
    t3, t5 = klondike.index_of_name("t3"), klondike.index_of_name("t5")
    assert parse_move(klondike, "T3>T5") == Move(MoveKind.MOVE, t3, t5, 1)
    assert parse_move(klondike, " t3 > t5 : 4 ") == Move(MoveKind.MOVE, t3, t5, 4)
    assert format_move(klondike, Move(MoveKind.MOVE, t3, t5, 4)) == "t3>t5:4"
    assert parse_move(klondike, "deal") == Move(MoveKind.DEAL)
    pyramid = get_variant("pyramid")
    waste, apex = pyramid.index_of_name("waste"), pyramid.index_of_name("t1")
    assert parse_move(pyramid, "t1+waste") == Move(MoveKind.PAIR, min(waste, apex), max(waste, apex))
    assert parse_move(pyramid, "t28+") == Move(MoveKind.PAIR, pyramid.index_of_name("t28"), None)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("t3-t5", "not a move"),
        ("t3>t9", "no pile 't9'"),
        ("x1>t2", "no pile 'x1'"),
        ("t3>t5:x", "whole number"),
        ("t3>t5:0", "at least one card"),
        ("t3>t5:-1", "at least one card"),  # a whole number, but not a count of cards
        ("", "not a move"),
        ("t1>", "'t1>' names no pile on one side: write both, as in t3>t5"),  # half typed
        (">>", "names no pile on one side"),
        ("+t3", "names no pile on one side"),
    ],
)
def test_malformed_moves_are_explained(text: str, complaint: str) -> None:
    with pytest.raises(FormatError, match=complaint):
        parse_move(get_variant("klondike"), text)


def test_move_lists_allow_spaces_commas_lines_and_comments() -> None:
    klondike = get_variant("klondike")
    moves = parse_moves(klondike, "deal  t7 > t3:2, redeal # a comment\n\n t1>f1; deal")
    assert [format_move(klondike, m) for m in moves] == ["deal", "t7>t3:2", "redeal", "t1>f1", "deal"]


def test_a_move_naming_a_missing_pile_cannot_be_written() -> None:
    with pytest.raises(FormatError, match="no pile number"):
        format_move(get_variant("klondike"), Move(MoveKind.MOVE, 40, 1))


def test_the_notation_offers_pairs_and_deals_only_in_games_that_have_them() -> None:
    with pytest.raises(FormatError) as klondike:
        parse_move(get_variant("klondike"), "t3-t5")
    with pytest.raises(FormatError) as pyramid:
        parse_move(get_variant("pyramid"), "t3-t5")
    assert "pair" not in str(klondike.value) and "t25+waste to discard a pair" in str(pyramid.value)
    with pytest.raises(FormatError) as freecell:
        parse_move(get_variant("freecell"), "t3-t5")
    assert "deal" not in str(freecell.value) and "deal, redeal" in str(klondike.value)  # no stock, no deal offered
