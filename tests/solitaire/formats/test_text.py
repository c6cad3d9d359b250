"""Positions as text: exact round trips, readable output, clear errors."""

from __future__ import annotations

import random

import pytest

from cardtable.solitaire import Variant, apply, get_variant, legal_moves, variants
from cardtable.solitaire.formats import FormatError, format_state, parse_state, render_state


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_positions_round_trip_through_text(variant: Variant) -> None:
    rng = random.Random(11)
    for deal in range(1, 31):
        state = variant.start(deal)
        for _ in range(rng.randrange(80)):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
        text = format_state(state)
        assert parse_state(text) == state
        assert render_state(state)  # draws every position without failing


def test_face_down_cards_are_bracketed_and_readable() -> None:
    text = format_state(get_variant("klondike").start(5))
    assert "game: klondike" in text and "redeals: 0" in text
    assert "\nt2: [AC] 3S\n" in text


def _opening(game: str = "klondike") -> str:
    return format_state(get_variant(game).start(5))


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda t: t.replace("game: klondike", "game: chess"), "unknown game"),
        (lambda t: t.replace("game: klondike\n", ""), "which game"),
        (lambda t: t.replace("redeals: 0", "redeals: many"), "whole number"),
        (lambda t: t.replace("t2: [AC] 3S", "t2: 3S [AC]"), "face-down card"),
        (lambda t: t.replace("t2: [AC] 3S", "t2: [AC] 3X"), "not a card"),
        (lambda t: t.replace("t2: [AC] 3S", "t2: [AC] 3S 3S"), "extra 3S"),
        (lambda t: t.replace("t2: [AC] 3S\n", ""), "t2 .* missing"),
        (lambda t: t + "t8: KS\n", "no pile"),
        (lambda t: t + "garbage\n", "expected 'name: value'"),
        (lambda t: "\n".join(x.replace("[", "").replace("]", "") if x.startswith("stock") else x for x in t.splitlines()), "all be face down"),
    ],
)
def test_broken_positions_are_explained(change: object, complaint: str) -> None:
    assert callable(change)
    with pytest.raises(FormatError, match=complaint):
        parse_state(change(_opening()))


def test_too_many_redeals_are_refused() -> None:
    text = _opening("klondike-draw3-vegas").replace("redeals: 0", "redeals: 3")
    with pytest.raises(FormatError, match="only 2 redeal"):
        parse_state(text)


def test_picture_shows_face_down_cards_as_backs() -> None:
    picture = render_state(get_variant("klondike").start(5))
    assert "##" in picture and "AC" not in picture.split("\n", 2)[2].split("t2")[0]
    assert "stock 24" in picture
