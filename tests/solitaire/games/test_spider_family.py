"""Spiderette, Will o' the Wisp, Simple Simon and Scorpion, from their published rules."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, PileKind, apply, check, get_variant, legal_moves
from cardtable.solitaire.compiled import compiled_apply
from tests.solitaire.games.positions import move, pile, position

DEAL = Move(MoveKind.DEAL)
FULL_SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def _columns(game: str, deal: int = 3) -> list[tuple[int, int]]:
    state = get_variant(game).start(deal)
    return [(len(state.piles[i]), state.hidden[i]) for i in state.variant.piles_of(PileKind.TABLEAU)]


def test_spiderette_deals_one_deck_like_klondike() -> None:
    v = get_variant("spiderette")
    assert v.deck.size == 52 and len(v.piles_of(PileKind.FOUNDATION)) == 4
    assert _columns("spiderette") == [(n, n - 1) for n in range(1, 8)]
    assert len(v.start(3).piles[v.index_of_name("stock")]) == 24


def test_will_o_the_wisp_deals_seven_columns_of_three() -> None:
    assert _columns("will-o-the-wisp") == [(3, 2)] * 7
    state = get_variant("will-o-the-wisp").start(3)
    assert len(state.piles[state.variant.index_of_name("stock")]) == 31


def test_spiderette_moves_only_runs_in_suit_and_deals_only_when_no_column_is_empty() -> None:
    state = position("spiderette", t1="9C", t2="8H 7H", t3="8D 7C", t4="", stock="[2C]")
    assert check(state, move(state, "t2", "t1", 2)).ok
    assert "can't move with the cards on it" in check(state, move(state, "t3", "t1", 2)).reason
    assert DEAL not in legal_moves(state)


def test_a_full_suit_leaves_the_table_in_spiderette() -> None:
    state = position("spiderette", t1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", t2="AS")
    after = apply(state, move(state, "t2", "t1"))
    assert pile(after, "f1") == FULL_SPADES and pile(after, "t1") == ""


def test_simple_simon_deals_everything_face_up_in_a_staircase() -> None:
    assert _columns("simple-simon") == [(n, 0) for n in (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)]
    assert get_variant("simple-simon").tables.stock is None


def test_simple_simon_moves_a_run_in_one_suit_of_any_length_and_no_other_run() -> None:
    # Published rules (Wikibooks, PySolFC): a run in one suit moves as one, with or
    # without empty columns; a run of mixed suits never moves together.
    kings = {f"t{n}": "KD" for n in range(5, 11)}
    none_empty = position("simple-simon", t1="9H 8H 7H 6H 5H", t2="TC", t3="KC", t4="KH", **kings)
    assert check(none_empty, move(none_empty, "t1", "t2", 5)).ok
    mixed = position("simple-simon", t1="9H 8S 7H", t2="TC", t3="", t4="", **kings)
    assert "can't move with the cards on it" in check(mixed, move(mixed, "t1", "t2", 3)).reason


def test_scorpion_deal_leaves_three_cards_for_the_first_three_columns() -> None:
    assert _columns("scorpion") == [(7, 3)] * 4 + [(7, 0)] * 3
    state = position("scorpion", stock="[2C] [3C] [4C]", t1="KS", t2="", t3="QH", t4="JD")
    after = apply(state, DEAL)
    assert pile(after, "t1") == "KS 4C" and pile(after, "t2") == "3C" and pile(after, "t3") == "QH 2C"
    assert pile(after, "t4") == "JD"


def test_scorpion_moves_any_face_up_card_with_what_lies_on_it_onto_its_suit() -> None:
    state = position("scorpion", t1="[4D] 9C 2H KD", t2="TC", t3="TH", t4="", t5="QS")
    assert check(state, move(state, "t1", "t2", 3)).ok  # 9C with 2H KD on it, out of order
    assert "in suit" in check(state, move(state, "t1", "t3", 3)).reason
    assert "only a King" in check(state, move(state, "t5", "t4")).reason
    assert check(state, move(state, "t1", "t4")).ok


def test_a_full_run_uncovered_in_scorpion_leaves_as_one_built_does() -> None:
    # Scorpion moves any face-up card with what lies on it, so a run from King to Ace can
    # be made under other cards; it leaves once they do (else, with no empty column, it
    # stays for good and the game can stick with every card in order).
    state = position("scorpion", t1="[4D] KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 7H 6H", t2="8H", t3="KC")
    uncovering = move(state, "t1", "t2", 2)
    after = apply(state, uncovering)
    assert pile(after, "f1") == FULL_SPADES and pile(after, "t1") == "4D" and pile(after, "t2") == "8H 7H 6H"
    assert compiled_apply(state, uncovering) == after  # the solver's move, the same
    one_card = position("scorpion", t1="KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH 9D", t2="TD", stock="[2C] [3C] [4C]")
    carried = move(one_card, "t1", "t2")
    assert pile(apply(one_card, carried), "f1") == "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"
    assert compiled_apply(one_card, carried) == apply(one_card, carried)
    both = position("scorpion", t1="[4D] " + FULL_SPADES + " 3H 2H AH", t2="KH QH JH TH 9H 8H 7H 6H 5H 4H")
    finishing = move(both, "t1", "t2", 3)  # a run finished where the cards go, another uncovered where they leave
    after = apply(both, finishing)
    assert (pile(after, "f1"), pile(after, "f2"), pile(after, "t1")) == ("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", FULL_SPADES, "4D")
    assert compiled_apply(both, finishing) == after


def test_a_run_cleared_that_uncovers_another_clears_that_one_too() -> None:
    # Wasp deal 5090 ended with the hearts in order on a column and three foundations empty:
    # the diamonds finished on top of them left, the hearts under them stayed.
    hearts = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"
    for game in ("scorpion", "wasp", "three-blind-mice"):
        state = position(game, t1=f"[4D] {hearts} {FULL_SPADES[:-3]}", t2="AS", t3="KC")
        finishing = move(state, "t2", "t1")
        after = apply(state, finishing)
        assert (pile(after, "f1"), pile(after, "f2"), pile(after, "t1")) == (FULL_SPADES, hearts, "4D"), game
        assert compiled_apply(state, finishing) == after, game
