"""What a click on a card may mean: its targets, and the move guessed for it."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.app import Options, Session
from cardtable.app.hints import describe
from cardtable.app.clicks import played_by_click, targets, the_only_move, why_nowhere
from cardtable.solitaire import Move, MoveKind, Variant, apply, get_variant, legal_moves, variants
from cardtable.solitaire.rules.pairs import exposed_piles
from tests.solitaire.games.positions import position


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


def test_a_face_down_card_under_a_pairing_top_card_neither_pairs_nor_has_targets() -> None:
    session = Session(get_variant("pyramid"), 3)  # the stock's face-up top card is a King
    stock = session.state.piles[session.pile_index("stock")]
    assert stock[-1].code == "KS" and session.state.hidden[session.pile_index("stock")] == len(stock) - 1
    assert session.targets("stock", -1) == ["f1"]
    assert session.targets("stock", 0) == []  # it used to answer for the King on top
    refused = session.move_card("stock", 0, "f1")
    assert not refused.ok and "face down" in refused.reason
    assert session.state.piles[session.pile_index("stock")] == stock  # nothing moved


def test_a_klondike_card_has_the_piles_that_take_it() -> None:
    session = Session(get_variant("klondike"), 7)
    assert session.targets("t6", -1) == ["t2"]
    assert session.guess("t6", -1) is not None and session.play_card("t6", -1).ok


def test_an_accordion_pile_moves_whole_whichever_of_its_cards_is_named() -> None:
    state = position("accordion", t1="8D", t2="5C", t3="KS", t4="9C 9D", stock="[2H]")
    for named in (0, 1, -1):  # its cards lie one on another: the page can reach only the top one
        session = Session(state.variant, 1)
        session.history = session.history.begin(state)
        assert session.targets("t4", named) == ["t1"]
        moved = session.move_card("t4", named, "t1")
        assert moved.ok, moved.reason
        assert [c.code for c in session.state.piles[session.pile_index("t1")]] == ["8D", "9C", "9D"]


def test_a_hint_counts_cards_as_cards_and_names_a_whole_pile_by_its_top() -> None:
    state = position("accordion", t1="8D", t2="5C", t3="KS", t4="9C 9D", stock="[2H]")
    moving = Move(MoveKind.MOVE, state.variant.index_of_name("t4"), state.variant.index_of_name("t1"), 2)
    assert describe(state, moving) == "9♦ and the card under it from pile 4 to pile 1"
    yukon = position("yukon", t1="[5C] 2H 5D 2D", t2="3S")
    run = Move(MoveKind.MOVE, yukon.variant.index_of_name("t1"), yukon.variant.index_of_name("t2"), 3)
    assert describe(yukon, run) == "2♥ and the 2 cards on it from column 1 to column 2"


def test_a_double_click_where_no_foundation_takes_a_card_plays_it_where_it_fits() -> None:
    # Spider's foundations take whole suits by themselves: "no card may be played to foundation 1" said nothing.
    spider = Session(get_variant("spider"), 1)
    assert spider.targets("t1", -1) == ["t9"]
    assert spider.to_foundation("t1", -1).reason == (  # typed "t1 f": refused, saying what does go there
        "foundation 1 takes only a complete run from King to Ace, which moves there by itself"
    )
    assert spider.to_foundation("t1", -1, or_where_it_fits=True).ok  # a double-click
    assert spider.state.piles[spider.pile_index("t9")][-1].code == "3D"
    klondike = Session(get_variant("klondike"), 1, Options(auto_build=False))  # where foundations take cards, a refusal says why
    assert klondike.to_foundation("t1", -1).reason == "4♠ can't go on the empty foundation 1: it takes only an Ace"


def test_a_foundation_that_starts_empty_and_takes_one_card_takes_it_by_a_double_click() -> None:
    # Quadrille's Queens go to centre places that build on nothing: the double-click was refused.
    state = position("quadrille", waste="QS")
    session = Session(state.variant, 1)
    session.history = session.history.begin(state)
    sent = session.to_foundation("waste", -1)
    assert sent.ok, sent.reason
    assert any(session.state.piles[f] == (state.piles[state.variant.index_of_name("waste")][-1],)
               for f in state.variant.tables.foundations)


def _named(session: Session) -> dict[str, dict[int, list[str]]]:
    """``Session.places`` with the piles named."""
    names = session.pile_names
    return {names[p]: {at: [names[i] for i in to] for at, to in each.items()} for p, each in session.places().items()}


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_every_target_is_what_targets_says_of_each_card(variant: Variant) -> None:
    session, rng = Session(variant, 3), random.Random(variant.id)
    for _ in range(4):
        found = _named(session)
        for name in session.pile_names:  # the face-up cards: the ones a player can pick up
            pile = session.pile_index(name)
            for at in range(session.state.hidden[pile], len(session.state.piles[pile])):
                assert found.get(name, {}).get(at, []) == session.targets(name, at), (name, at)
            assert all(at >= session.state.hidden[pile] for at in found.get(name, {}))
        for _ in range(12):
            moves = legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_a_card_with_somewhere_to_go_is_played_by_naming_it_alone(variant: Variant) -> None:
    """Typing a card alone (or a double click) plays it wherever it has a place: in a
    game of pairs, also where it is the pair's second card (a Pyramid card and the
    waste's top: the pair was found only when the waste's card was named)."""
    session, rng = Session(variant, 5), random.Random(variant.id)
    for _ in range(6):
        for name in session.pile_names:
            pile = session.pile_index(name)
            for at in range(session.state.hidden[pile], len(session.state.piles[pile])):
                if session.targets(name, at):
                    guessed = session.guess(pile, at)
                    assert guessed is not None, (name, at)
                    assert pile in (guessed.source, guessed.target)
        for _ in range(10):
            moves = legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))


def test_every_target_names_a_klondike_run_by_the_card_under_it() -> None:
    session = Session(get_variant("klondike"), 7)
    assert _named(session) == {"t6": {5: ["t2"]}, "t7": {6: ["t4"]}}


def test_clocks_turned_card_goes_to_its_hour_at_a_click_all_through_a_deal() -> None:
    # The table's only move, every time: a click that only picked it up asked for a second click to no purpose.
    state = get_variant("clock").start(1)
    waste = state.variant.index_of_name("waste")
    played = 0
    while state.piles[waste] and legal_moves(state):
        (move,) = legal_moves(state)
        assert played_by_click(state, waste, len(state.piles[waste]) - 1) == move.target
        state = apply(state, move)
        played += 1
    assert played == 41  # deal 1 plays 41 cards before the fourth King turns up


def test_a_card_with_one_place_is_not_played_at_a_click_while_anything_else_can_be_done() -> None:
    # Klondike deal 1's opening: the stock deals, and other cards move, so a click picks a card up.
    state = get_variant("klondike").start(1)
    assert the_only_move(state) is None
    assert all(played_by_click(state, p, len(cards) - 1) is None for p, cards in enumerate(state.piles) if cards)


def test_a_card_clicked_in_a_game_won_says_the_game_is_won() -> None:
    from cardtable.solitaire import WON_ALREADY, is_won

    won = position("relaxed-golf", stock="[5C] [8H]", waste="2D 3S")  # the tableau cleared, cards left in the stock
    assert is_won(won)
    waste = won.variant.index_of_name("waste")
    assert why_nowhere(won, waste, -1) == WON_ALREADY  # not "that card has no legal move now"


def test_a_pyramid_card_under_another_says_which_covers_it() -> None:
    session = Session(get_variant("pyramid"), 1, Options(auto_build=False))  # the apex 5H lies under KH and KD
    assert session.why_nowhere("t1", -1) == "5♥ is covered by K♥ and K♦: only exposed cards pair"
    assert session.deal().ok  # the waste: 4S as dealt, then 4C on it
    assert session.why_nowhere("waste", 0) == "4♠ is under 4♣: only exposed cards pair"


def test_an_exposed_card_with_no_partner_says_which_card_it_wants() -> None:
    pyramid = Session(get_variant("pyramid"), 1, Options(auto_build=False))
    assert pyramid.why_nowhere("t22", -1) == "7♥ pairs only with a Six, to total 13: no Six is exposed"
    assert pyramid.why_nowhere("waste", -1) == "4♠ pairs only with a Nine, to total 13: no Nine is exposed"
    monte_carlo = Session(get_variant("monte-carlo"), 1, Options(auto_build=False))
    assert monte_carlo.why_nowhere("t1", -1) == (
        "4♠ pairs only with another Four lying next to it (across, up and down, or diagonally): none does"
    )


@pytest.mark.parametrize("variant", [v for v in variants() if v.pairs is not None], ids=lambda v: v.id)
def test_every_exposed_card_of_a_game_of_pairs_that_can_not_go_says_why(variant: Variant) -> None:
    # "That card has no legal move now" told the player nothing of the rule.
    rng = random.Random(7)
    for deal in (1, 2, 3):
        state = variant.start(deal)
        for _ in range(30):
            playable = {m.source for m in legal_moves(state)} | {m.target for m in legal_moves(state)}
            for pile in exposed_piles(state):
                if pile not in playable:
                    assert why_nowhere(state, pile, -1) != "that card has no legal move now"
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))


@pytest.mark.parametrize("variant", [v for v in variants() if any(v.tables.follows)], ids=lambda v: v.id)
def test_every_card_that_fills_no_gap_names_the_card_it_must_follow(variant: Variant) -> None:
    # Montana's cards said "that card has no legal move now", never which gap they wait for.
    rng = random.Random(3)
    state = variant.start(1)
    assert why_nowhere(state, variant.index_of_name("t1"), -1) == (
        "4♠ goes only in a gap just after 3♠, and the place after 3♠ is taken"
    )
    for _ in range(40):
        moves = legal_moves(state)
        movable = {m.source for m in moves}
        for pile in variant.tables.tableau:
            if state.piles[pile] and pile not in movable and state.is_face_up(pile, len(state.piles[pile]) - 1):
                said = why_nowhere(state, pile, -1)
                assert said != "that card has no legal move now" and state.piles[pile][-1].symbol in said
        if not moves:
            break
        state = apply(state, rng.choice(moves))


def test_a_card_the_columns_refuse_by_their_build_says_so_with_the_rule() -> None:
    # Every column refusing it, each with its own top card, said only "that card has no
    # legal move now".
    klondike = get_variant("klondike").start(1)
    assert why_nowhere(klondike, klondike.variant.index_of_name("t1"), -1) == (
        "4♠ builds on no column's last card (build down by one in alternating colours); no foundation takes it yet")
    bisley = get_variant("bisley").start(1)
    assert why_nowhere(bisley, bisley.variant.index_of_name("t13"), -1).startswith(
        "9♠ builds on no column's last card (build up or down by one in suit)")


SYMBOL = re.compile("(?:10|[2-9AJQK])[♣♦♥♠]")


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_a_card_said_to_build_on_no_column_names_no_other_card(variant: Variant) -> None:
    # The cards it would build on may lie face down: it named them ("builds only on 7♦ or 7♥").
    rng = random.Random(variant.id)
    state = variant.start(2)
    for _ in range(40):
        for pile in variant.tables.tableau:
            cards = state.piles[pile]
            if len(cards) > state.hidden[pile] and not targets(state, pile, 1):
                said = why_nowhere(state, pile, -1)
                if " builds on no " in said:
                    assert set(SYMBOL.findall(said)) == {cards[-1].symbol}, said
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves))
