"""Positions as text: exact round trips, readable output, clear errors."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.cards import parse_cards
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
        (lambda t: "\n".join(x.replace("[", "").replace("]", "") if x.startswith("stock") else x for x in t.splitlines()), "must all be face down"),
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


def test_picture_draws_tri_peaks_as_three_peaks_and_shows_a_stock_top_that_lies_face_up() -> None:
    peaks = render_state(get_variant("tri-peaks").start(1)).splitlines()
    assert peaks[2] == "      ##          ##          ##          t1-t3"  # the three tips, apart, named as moves name them
    assert peaks[5].split()[-1] == "t19-t28" and len(peaks[5].split()) == 11  # the open row, and its places
    assert [line.split()[-1] for line in render_state(get_variant("pyramid").start(1)).splitlines()[2:]] == [
        "t1", "t2-t3", "t4-t6", "t7-t10", "t11-t15", "t16-t21", "t22-t28"]
    state = get_variant("pyramid").start(1)
    assert f"stock 23 ({state.piles[0][-1].code})" in render_state(state)


def _freecell_text(**changes: str) -> str:
    """Deal 1 of FreeCell as text, with some pile lines replaced."""
    lines = format_state(get_variant("freecell").start(1)).splitlines()
    for name, cards in changes.items():
        lines = [f"{name}: {cards}".rstrip() if line.startswith(f"{name}:") else line for line in lines]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("changes", "complaint"),
    [
        ({"t1": "KD 2S 4C 3S 6D 6S", "c1": "JD AS"}, "pile c1: free cell 1 holds at most 1, not 2 cards"),
        ({"t1": "KD 2S 4C 3S 6D 6S", "f1": "JD"}, "pile f1: JD can't start foundation 1"),
        ({"t6": "7H QC 2C 3D", "f1": "AS AC"}, "pile f1: AC can't lie on AS: build up by one in suit"),
        ({"t6": "7H QC AC 2C 3D", "f1": "[AS]"}, "cards on foundation 1 lie face up"),
    ],
)
def test_impossible_piles_are_refused(changes: dict[str, str], complaint: str) -> None:
    with pytest.raises(FormatError, match=re.escape(complaint)):
        parse_state(_freecell_text(**changes))


def test_foundations_in_order_read_back() -> None:
    text = _freecell_text(t6="7H QC 3D", f1="AS", f2="AC 2C")
    assert parse_state(text).pile(get_variant("freecell").piles[4].id) == tuple(parse_cards("AS"))


def test_spider_foundations_hold_only_whole_runs() -> None:
    state = get_variant("spider-1suit").start(1)
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    cards = list(parse_cards(run))
    stock = state.variant.index_of_name("stock")
    rest = list(state.piles[stock])
    for card in cards:
        rest.remove(card)
    text = format_state(state).splitlines()
    text = [f"stock: {' '.join(f'[{c.code}]' for c in rest)}" if x.startswith("stock:") else x for x in text]
    whole = "\n".join(f"f1: {run}" if x.startswith("f1:") else x for x in text) + "\n"
    assert parse_state(whole).pile(get_variant("spider-1suit").piles[1].id) == tuple(cards)
    shuffled = whole.replace(f"f1: {run}", "f1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AS 2S")
    with pytest.raises(FormatError, match="complete runs"):
        parse_state(shuffled)


def test_picture_draws_a_grid_as_its_rows() -> None:
    # Montana came out as one row of 52 places, some 212 characters wide.
    state = get_variant("montana").start(3)
    rows = render_state(state).splitlines()[2:]
    assert len(rows) == 4 and all(len(row) < 60 for row in rows)
    assert rows[1].startswith(" t14: ") and len(rows[1].split()) == 14
    t14 = state.variant.index_of_name("t14")
    assert rows[1].split()[1] == (state.piles[t14][-1].code if state.piles[t14] else "14")
    # A gap shows its place's number, which a typed move names and a refusal says (deal 3: t19, t27, t41, t50).
    assert [w for row in rows for w in row.split()[1:] if w.isdigit()] == ["19", "27", "41", "50"]
    assert len(render_state(get_variant("monte-carlo").start(3)).splitlines()[2:]) == 5


def test_picture_counts_a_squared_reserve() -> None:
    state = get_variant("canfield").start(3)
    reserve = state.variant.index_of_name("r1")
    assert f"r1 {state.piles[reserve][-1].code} (13)" in render_state(state)


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_picture_fits_an_80_column_terminal(variant: Variant) -> None:
    """The piles above the tableau take as many lines as they need (Clock's thirteen
    foundations ran to 103 columns), and every line of the picture fits in 80."""
    state, rng = variant.start(2), random.Random(variant.id)
    for _ in range(30):
        assert max(map(len, render_state(state).splitlines())) < 80
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves))


def test_an_empty_foundation_that_starts_with_another_rank_than_an_ace_shows_it() -> None:
    quadrille = render_state(get_variant("quadrille").start(1))
    assert "f1 (5)" in quadrille and "f5 (Q)" in quadrille and "f9 (6)" in quadrille
    assert "f5 (KC)" in render_state(get_variant("bisley").start(1))  # a King of one suit
    assert "f1 --" in render_state(get_variant("klondike").start(1))  # an Ace, as most games: nothing to say
