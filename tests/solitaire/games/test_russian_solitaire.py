"""Russian Solitaire: Yukon building in suit, from its published rules."""

from __future__ import annotations

from cardtable.solitaire import PileKind, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, position


def test_the_deal_is_yukons() -> None:
    state = get_variant("russian-solitaire").start(3)
    columns = [(len(state.piles[i]), state.hidden[i]) for i in state.variant.piles_of(PileKind.TABLEAU)]
    assert columns == [(1, 0)] + [(n + 5, n) for n in range(1, 7)]


def test_build_down_in_suit_moving_any_face_up_card_with_what_lies_on_it() -> None:
    state = position("russian-solitaire", t1="[3C] 8H 2S KD", t2="9H", t3="9D", t4="", t5="QC")
    assert check(state, move(state, "t1", "t2", 3)).ok
    assert "in suit" in check(state, move(state, "t1", "t3", 3)).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok


def test_cards_on_the_foundations_stay_there_in_yukon_and_russian_solitaire() -> None:
    for game in ("yukon", "russian-solitaire"):
        state = position(game, f1="AH 2H", t1="3S", t2="")
        assert "stay there" in check(state, move(state, "f1", "t1")).reason
        assert not check(state, move(state, "f1", "t2")).ok
        assert all(m.source != state.variant.index_of_name("f1") for m in legal_moves(state))
