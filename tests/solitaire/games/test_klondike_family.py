"""Thoughtful Klondike, Saratoga, Thumb and Pouch, Chinaman, Whitehead, Westcliff,
Easthaven, Double Klondike, Gargantua, Big Harp and Steps, from their published rules."""

from __future__ import annotations

import pytest

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


def _columns(game: str, deal: int = 3) -> list[tuple[int, int]]:
    """(cards, face down) of each column of a deal."""
    state = get_variant(game).start(deal)
    v = state.variant
    return [
        (len(state.piles[i]), state.hidden[i]) for i, spec in enumerate(v.piles) if spec.kind.value == "tableau"
    ]


def _stock(game: str, deal: int = 3) -> int:
    state = get_variant(game).start(deal)
    return len(state.piles[state.variant.index_of_name("stock")])


def test_thoughtful_deals_klondike_face_up() -> None:
    assert _columns("thoughtful-klondike") == [(n, 0) for n in range(1, 8)] and _stock("thoughtful-klondike") == 24
    state = position("thoughtful-klondike", t1="QS", t2="")
    assert "only a King" in check(state, move(state, "t1", "t2")).reason
    assert get_variant("open-klondike") is get_variant("thoughtful-klondike")


def test_saratoga_deals_face_up_and_turns_three() -> None:
    assert _columns("saratoga") == [(n, 0) for n in range(1, 8)] and _stock("saratoga") == 24
    state = apply(position("saratoga", stock="[2C] [3C] [4C] [5C]"), DEAL)
    assert pile(state, "waste") == "5C 4C 3C" and pile(state, "stock") == "[2C]"
    state = position("saratoga", t1="QS", t2="", t3="KC", t4="JD")
    assert "only a King" in check(state, move(state, "t1", "t2")).reason
    assert check(state, move(state, "t3", "t2")).ok and check(state, move(state, "t4", "t1")).ok
    assert "alternating colours" in check(state, move(state, "t1", "t3")).reason


def test_saratoga_redeals_without_limit() -> None:
    many = apply(position("saratoga", stock="[5C]"), DEAL)
    for _ in range(4):
        many = apply(apply(many, REDEAL), DEAL)
    assert REDEAL in legal_moves(many)


def test_thumb_and_pouch_builds_down_in_any_other_suit() -> None:
    assert _columns("thumb-and-pouch") == [(n, n - 1) for n in range(1, 8)] and _stock("thumb-and-pouch") == 24
    state = position("thumb-and-pouch", t1="9D", t2="8H", t3="8D", t4="8S", t5="", t6="QC")
    assert check(state, move(state, "t2", "t1")).ok  # red on red, another suit
    assert check(state, move(state, "t4", "t1")).ok
    assert "different suit" in check(state, move(state, "t3", "t1")).reason
    assert check(state, move(state, "t6", "t5")).ok  # any card fills an empty column
    assert move(state, "t3", "t1") not in legal_moves(state) and move(state, "t6", "t5") in legal_moves(state)


def test_thumb_and_pouch_moves_runs_built_in_other_suits() -> None:
    state = position("thumb-and-pouch", t1="[4C] TS 9H 8D", t2="JD", t3="KH 9S 8S", t4="TD")
    assert check(state, move(state, "t1", "t2", 3)).ok and move(state, "t1", "t2", 3) in legal_moves(state)
    assert "can't move with the cards on it" in check(state, move(state, "t3", "t4", 2)).reason  # one suit


def test_thumb_and_pouch_has_a_single_pass() -> None:
    state = apply(position("thumb-and-pouch", stock="[5C]"), DEAL)
    assert not check(state, REDEAL).ok and REDEAL not in legal_moves(state)


def test_chinaman_builds_in_other_suits_and_fills_spaces_with_kings() -> None:
    state = position("chinaman", t1="9D", t2="8H", t3="8D", t4="", t5="QC", t6="KD QS JH")
    assert check(state, move(state, "t2", "t1")).ok
    assert "different suit" in check(state, move(state, "t3", "t1")).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t6", "t4", 3)).ok and move(state, "t6", "t4", 3) in legal_moves(state)


def test_chinaman_turns_three_and_redeals_once() -> None:
    state = apply(position("chinaman", stock="[2C] [3C] [4C] [5C]"), DEAL)
    assert pile(state, "waste") == "5C 4C 3C"
    once = apply(position("chinaman", stock="[5C]"), DEAL)
    assert check(once, REDEAL).ok
    assert not check(apply(apply(once, REDEAL), DEAL), REDEAL).ok


def test_whitehead_builds_in_colour_and_moves_runs_in_suit() -> None:
    assert _columns("whitehead") == [(n, 0) for n in range(1, 8)]
    state = position("whitehead", t1="9D", t2="8H 7H", t3="8D 7H", t4="8C", t5="")
    assert check(state, move(state, "t2", "t1", 2)).ok  # 8H on 9D: red on red, and 8H 7H is in suit
    assert "same colour" in check(state, move(state, "t4", "t1")).reason
    assert "can't move with the cards on it" in check(state, move(state, "t3", "t1", 2)).reason
    assert check(state, move(state, "t4", "t5")).ok  # any card to an empty column


def test_whitehead_has_a_single_pass() -> None:
    state = position("whitehead", stock="", waste="5C", t1="KS")
    assert not check(state, REDEAL).ok


def test_westcliff_deals_ten_columns_of_three_and_keeps_foundation_cards() -> None:
    assert _columns("westcliff") == [(3, 2)] * 10 and _stock("westcliff") == 22
    state = position("westcliff", f1="AS 2S", t1="3H", t2="")
    assert not check(state, move(state, "f1", "t1")).ok
    assert check(state, move(state, "t1", "t2")).ok  # any card fills a space
    assert not check(apply(position("westcliff", stock="[5C]"), DEAL), REDEAL).ok


def test_easthaven_deals_a_card_to_every_column_even_an_empty_one() -> None:
    assert _columns("easthaven") == [(3, 2)] * 7 and _stock("easthaven") == 31
    state = position("easthaven", stock="[2C] [3C] [4C] [5C] [6C] [7C] [8C] [9C]", t1="", t2="KS", t3="QH")
    assert DEAL in legal_moves(state)
    after = apply(state, DEAL)
    assert pile(after, "t1") == "9C" and pile(after, "t2") == "KS 8C" and pile(after, "stock") == "[2C]"
    again = apply(after, DEAL)
    assert pile(again, "t1") == "9C 2C" and pile(again, "t2") == "KS 8C" and pile(again, "stock") == ""


def test_easthaven_moves_runs_in_alternating_colours() -> None:
    state = position("easthaven", t1="9S 8H 7C", t2="TD", t3="")
    assert check(state, move(state, "t1", "t2", 3)).ok and check(state, move(state, "t1", "t3", 2)).ok


def test_easthaven_lets_a_foundation_card_come_back_as_klondike_does() -> None:
    # PySolFC's Easthaven keeps Klondike's foundations: "you may move cards back out".
    state = position("easthaven", f1="AS 2S 3S", t1="4H", t2="")
    assert check(state, move(state, "f1", "t1")).ok
    assert not check(state, move(state, "f1", "t2", 2)).ok  # one card at a time


def test_double_klondike_and_gargantua_use_two_decks_on_nine_columns() -> None:
    for game in ("double-klondike", "gargantua"):
        assert _columns(game) == [(n, n - 1) for n in range(1, 10)] and _stock(game) == 104 - 45
        assert len(get_variant(game).piles_of(PileKind.FOUNDATION)) == 8
    state = position("gargantua", t1="QS", t2="")
    assert "only a King" in check(state, move(state, "t1", "t2")).reason


def test_gargantua_redeals_once_and_double_klondike_without_limit() -> None:
    once = apply(position("gargantua", stock="[5C]"), DEAL)
    assert check(once, REDEAL).ok
    twice = apply(apply(once, REDEAL), DEAL)
    assert not check(twice, REDEAL).ok
    many = apply(position("double-klondike", stock="[5C]"), DEAL)
    for _ in range(4):
        many = apply(apply(many, REDEAL), DEAL)
    assert check(many, REDEAL).ok


def test_big_harp_deals_ten_columns_longest_first() -> None:
    assert _columns("big-harp") == [(n, n - 1) for n in range(10, 0, -1)] and _stock("big-harp") == 104 - 55
    assert len(get_variant("big-harp").piles_of(PileKind.FOUNDATION)) == 8


def test_steps_deals_klondikes_staircase_from_two_decks() -> None:
    assert _columns("steps") == [(n, n - 1) for n in range(1, 8)] and _stock("steps") == 104 - 28
    assert len(get_variant("steps").piles_of(PileKind.FOUNDATION)) == 8


@pytest.mark.parametrize("game", ["big-harp", "steps"])
def test_harps_build_in_alternating_colours_and_fill_spaces_with_any_card(game: str) -> None:
    state = position(game, t1="[4C] TS 9H 8C", t2="JD", t3="", t4="9D", t5="QS")
    assert check(state, move(state, "t1", "t2", 3)).ok and move(state, "t1", "t2", 3) in legal_moves(state)
    assert "alternating colours" in check(state, move(state, "t4", "t1")).reason
    assert check(state, move(state, "t5", "t3")).ok and move(state, "t5", "t3") in legal_moves(state)


def test_big_harp_has_a_single_pass_and_steps_two() -> None:
    once = apply(position("big-harp", stock="[5C]"), DEAL)
    assert not check(once, REDEAL).ok
    steps = apply(position("steps", stock="[5C]"), DEAL)
    assert check(steps, REDEAL).ok
    assert not check(apply(apply(steps, REDEAL), DEAL), REDEAL).ok
