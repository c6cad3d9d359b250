"""Yukon's relatives: Alaska, Moosehide, Double Yukon and Chinese Discipline, from PySolFC's rules."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position


def _columns(game: str, deal: int = 3) -> list[tuple[int, int]]:
    state = get_variant(game).start(deal)
    return [(len(state.piles[i]), state.hidden[i]) for i in state.variant.piles_of(PileKind.TABLEAU)]


def test_alaska_deals_like_yukon() -> None:
    assert _columns("alaska") == [(1, 0)] + [(n + 5, n) for n in range(1, 7)]
    assert not get_variant("alaska").piles_of(PileKind.STOCK)


def test_alaska_builds_up_or_down_in_suit_moving_any_face_up_card_with_what_lies_on_it() -> None:
    state = position("alaska", t1="[3C] 8H 2S KD", t2="9H", t3="7H", t4="9D", t5="6H")
    assert check(state, move(state, "t1", "t2", 3)).ok  # 8H down onto 9H, with 2S KD on it
    assert check(state, move(state, "t1", "t3", 3)).ok  # 8H up onto 7H
    assert "in suit" in check(state, move(state, "t1", "t4", 3)).reason
    assert "up or down by one" in check(state, move(state, "t5", "t2")).reason  # in suit, three apart
    t1 = state.variant.index_of_name("t1")
    targets = {m.target for m in legal_moves(state) if m.source == t1 and m.count == 3}
    assert {state.variant.index_of_name(n) for n in ("t2", "t3")} <= targets
    assert state.variant.index_of_name("t4") not in targets


def test_alaska_fills_an_empty_column_only_with_a_king_and_keeps_its_foundations() -> None:
    state = position("alaska", t1="[3C] 8H 2S KD", t4="", t5="QC", f1="AH 2H", t6="3S")
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok
    assert "stay there" in check(state, move(state, "f1", "t6")).reason


def test_moosehide_builds_down_in_any_suit_but_the_cards_own() -> None:
    state = position("moosehide", t1="[3C] 8H 2S KD", t2="9D", t3="9S", t4="9H", t5="7H", t6="")
    assert check(state, move(state, "t1", "t2", 3)).ok  # 8H on 9D: red on red, another suit
    assert check(state, move(state, "t1", "t3", 3)).ok
    assert "in a different suit" in check(state, move(state, "t1", "t4", 3)).reason
    assert "down by one" in check(state, move(state, "t1", "t5", 3)).reason
    assert "only a King" in check(state, move(state, "t2", "t6")).reason
    t1 = state.variant.index_of_name("t1")
    targets = {m.target for m in legal_moves(state) if m.source == t1 and m.count == 3}
    assert targets == {state.variant.index_of_name(n) for n in ("t2", "t3")}


def test_double_yukon_deals_both_decks_to_ten_columns_with_six_face_up_on_each() -> None:
    variant = get_variant("double-yukon")
    assert variant.deck.size == 104 and len(variant.piles_of(PileKind.FOUNDATION)) == 8
    assert _columns("double-yukon") == [(n + 6, n) for n in range(9)] + [(14, 8)]
    assert not variant.piles_of(PileKind.STOCK)


def test_double_yukon_builds_like_yukon_on_eight_foundations() -> None:
    state = position("double-yukon", t1="[3C] 8H 2C KD", t2="9S", t3="9H", t4="", t5="QC", t6="AH", f1="AH")
    assert check(state, move(state, "t1", "t2", 3)).ok
    assert "alternat" in check(state, move(state, "t1", "t3", 3)).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok
    homes = {m.target for m in legal_moves(state) if m.source == state.variant.index_of_name("t6")}
    assert homes & set(state.variant.piles_of(PileKind.FOUNDATION))  # the second Ace of hearts starts another


def test_chinese_discipline_deals_seven_columns_of_seven_and_keeps_three_cards_back() -> None:
    assert _columns("chinese-discipline") == [(7, 0)] * 3 + [(7, 3), (7, 4), (7, 5), (7, 6)]
    state = get_variant("chinese-discipline").start(3)
    assert len(state.piles[state.variant.index_of_name("stock")]) == 3


def test_chinese_discipline_deals_its_stock_onto_the_first_three_columns_at_any_time() -> None:
    state = position("chinese-discipline", stock="[2C] [3C] [4C]", t1="KS", t2="", t3="QH", t4="JD")
    deal = Move(MoveKind.DEAL)
    assert deal in legal_moves(state)  # an empty column does not stop it
    after = apply(state, deal)
    assert pile(after, "t1") == "KS 4C" and pile(after, "t2") == "3C" and pile(after, "t3") == "QH 2C"
    assert pile(after, "t4") == "JD" and deal not in legal_moves(after)


def test_chinese_discipline_builds_like_yukon() -> None:
    state = position("chinese-discipline", t1="[3C] 8H 2C KD", t2="9S", t3="9H", t4="", t5="QC")
    assert check(state, move(state, "t1", "t2", 3)).ok
    assert "alternat" in check(state, move(state, "t1", "t3", 3)).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok
