"""Fan, Shamrocks, Box Fan and Free Fan, from their published rules."""

from __future__ import annotations

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from cardtable.solitaire.rulebook import rule_lines
from tests.solitaire.games.positions import move, position


def test_seventeen_fans_of_three_and_one_of_a_single_card() -> None:
    state = get_variant("fan").start(1)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [3] * 17 + [1]
    assert not any(state.hidden) and all(not state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))


def test_build_down_in_suit_one_card_at_a_time() -> None:
    state = position("fan", t1="9C", t2="7D 8C", t3="8D", t4="9D 8D")
    assert check(state, move(state, "t2", "t1")).ok
    assert "in suit" in check(state, move(state, "t3", "t1")).reason
    assert "one card" in check(state, move(state, "t4", "t1", 2)).reason


def test_only_a_king_fills_an_empty_fan() -> None:
    state = position("fan", t1="", t2="QS", t3="KH")
    assert "only a King" in check(state, move(state, "t2", "t1")).reason
    assert move(state, "t3", "t1") in legal_moves(state)


def test_shamrocks_builds_up_or_down_regardless_of_suit_but_never_past_three_cards() -> None:
    state = position("shamrocks", t1="2C 9C", t2="8D", t3="TH", t4="9C 3S 9H", t5="")
    assert check(state, move(state, "t2", "t1")).ok and check(state, move(state, "t3", "t1")).ok
    assert "holds only 3 cards" in check(state, move(state, "t2", "t4")).reason
    assert "nothing" in check(state, move(state, "t2", "t5")).reason


def test_box_fan_sets_out_the_aces_and_builds_down_in_alternating_colours() -> None:
    state = get_variant("box-fan").start(2)
    v = state.variant
    assert [len(state.piles[i]) for i in v.piles_of(PileKind.TABLEAU)] == [3] * 16
    assert [len(state.piles[f]) for f in v.piles_of(PileKind.FOUNDATION)] == [1] * 4
    played = position("box-fan", t1="9C", t2="8H", t3="8S", t4="", t5="QD")
    assert check(played, move(played, "t2", "t1")).ok
    assert "alternating" in check(played, move(played, "t3", "t1")).reason
    assert "only a King" in check(played, move(played, "t5", "t4")).reason


def test_free_fan_moves_runs_through_its_two_free_cells() -> None:
    v = get_variant("free-fan")
    assert len(v.piles_of(PileKind.CELL)) == 2
    state = position("free-fan", t1="KD 9C 8C 7C", t2="TC")
    assert check(state, move(state, "t1", "t2", 3)).ok
    full = position("free-fan", t1="KD 9C 8C 7C", t2="TC", c1="2D")
    reason = check(full, move(full, "t1", "t2", 3)).reason
    assert reason == "only 2 cards can move now: free cells + 1"  # an empty fan takes only a King: no help
    assert "through the free cells" in " ".join(rule_lines(v)) and "column" not in " ".join(rule_lines(v))
    others = dict(t3="2S", t4="3S", t5="4S", t6="5S", t7="6S", t8="2H")
    freecell = position("freecell", t1="KD 9C 8H 7S 6D 5C", t2="TH", c1="2D", c2="3D", c3="4D", **others)
    assert check(freecell, move(freecell, "t1", "t2", 5)).reason.endswith("(free cells + 1) x 2^(empty columns)")
