"""What a click on a card may mean: its targets, and the move guessed for it."""

from __future__ import annotations

from cardtable.app import Session
from cardtable.solitaire import get_variant


def test_a_pyramid_king_clicked_then_the_foundation_goes_alone() -> None:
    session = Session(get_variant("pyramid"), 1)  # the King of clubs lies exposed at t26
    assert session.state.piles[session.pile_index("t26")][-1].code == "KC"
    assert session.targets("t26", -1) == ["f1"]
    moved = session.move_card("t26", -1, "f1")
    assert moved.ok, moved.reason
    assert [c.code for c in session.state.piles[session.pile_index("f1")]] == ["KC"]


def test_a_card_that_pairs_has_its_partner_as_target_either_way_round() -> None:
    session = Session(get_variant("pyramid"), 1)  # t23 and t28 make 13
    assert "t28" in session.targets("t23", -1) and "t23" in session.targets("t28", -1)
    assert session.targets("t1", -1) == []  # covered


def test_a_klondike_card_has_the_piles_that_take_it() -> None:
    session = Session(get_variant("klondike"), 7)
    assert session.targets("t6", -1) == ["t2"]
    assert session.guess("t6", -1) is not None and session.play_card("t6", -1).ok
