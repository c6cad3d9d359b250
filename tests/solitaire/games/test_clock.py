"""The Clock, from its published rules (PySolFC's Clock, also called Travellers)."""

from __future__ import annotations

from cardtable.solitaire import PileKind, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.traits import Layout
from cardtable.solver import Outcome, solve
from tests.solitaire.games.positions import move, pile, position


def test_thirteen_piles_of_four_face_down_and_the_kings_pile_s_top_card_turned() -> None:
    for deal in range(1, 10):
        state = get_variant("clock").start(deal)
        v = state.variant
        columns = v.piles_of(PileKind.TABLEAU)
        assert [len(state.piles[t]) for t in columns] == [4] * 12 + [3]
        assert [state.hidden[t] for t in columns] == [4] * 12 + [3]
        assert len(pile(state, "waste").split()) == 1 and not any(state.piles[f] for f in v.piles_of(PileKind.FOUNDATION))
    assert v.traits.layout is Layout.CLOCK and v.traits.hidden_cards


def test_the_only_move_is_the_turned_card_to_its_hour() -> None:
    for deal in range(1, 30):
        state = get_variant("clock").start(deal)
        while moves := legal_moves(state):
            assert len(moves) == 1
            card = state.piles[state.variant.index_of_name("waste")][-1]
            assert state.variant.pile_names[moves[0].target] == f"f{int(card.rank)}"  # type: ignore[index]
            state = apply(state, moves[0])


def test_the_card_goes_face_up_to_its_hour_and_turns_up_that_pile_s_top_card() -> None:
    state = position("clock", waste="7H", t7="[2C] [9D] [KS] [4D]", f7="7C")
    after = apply(state, move(state, "waste", "f7"))
    assert pile(after, "f7") == "7C 7H"
    assert pile(after, "t7") == "[2C] [9D] [KS]"
    assert pile(after, "waste") == "4D"


def test_a_card_goes_only_to_its_own_hour() -> None:
    state = position("clock", waste="7H", t5="[2C]", f5="5S", f8="")
    assert check(state, move(state, "waste", "f5")).reason == "7♥ can't go on 5♠: build with cards of the same rank"
    assert check(state, move(state, "waste", "f8")).reason == "7♥ can't go on the empty foundation 8: it takes only an Eight"
    assert "can't be moved" in check(state, move(state, "t5", "f8")).reason


def test_kings_go_to_the_middle_and_the_fourth_king_ends_the_game() -> None:
    state = position("clock", waste="KH", f13="KS KC KD", t13="", t2="[2D]")
    after = apply(state, move(state, "waste", "f13"))
    assert legal_moves(after) == () and not is_won(after)


def test_the_clock_is_won_when_every_card_is_face_up_at_its_hour() -> None:
    state = get_variant("clock").start(33)  # tests/fixtures/solitaire/clock-deal-33.moves
    while moves := legal_moves(state):
        state = apply(state, moves[0])
    assert is_won(state) and not any(state.hidden)


def test_the_solver_decides_a_clock_deal_by_playing_it_through() -> None:
    won, lost = solve(get_variant("clock").start(33)), solve(get_variant("clock").start(1))
    assert won.outcome is Outcome.SOLVED and len(won.moves) == 52
    assert lost.outcome is Outcome.UNWINNABLE and lost.nodes <= 53  # one position per card turned
