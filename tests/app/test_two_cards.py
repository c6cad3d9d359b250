"""Two cards named together: a build onto the second card, else a pair."""

from __future__ import annotations

from cardtable.app import Options, Session
from cardtable.solitaire import State, get_variant
from tests.solitaire.games.positions import pile, position


def _at(state: State) -> Session:
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    return session


def test_a_card_builds_with_its_run_onto_the_second_card_in_klondike() -> None:
    session = _at(position("klondike", t1="[4C] 8H 7S", t2="9C"))
    assert session.play_two_cards("8h", "9C").ok
    assert pile(session.state, "t2") == "9C 8H 7S" and pile(session.state, "t1") == "4C"


def test_klondike_refusals_say_why() -> None:
    session = _at(position("klondike", t1="[5C] JS TH", t2="9S", t3="8D"))
    assert session.play_two_cards("9S", "JS").reason == "J♠ is covered: cards go only on a pile's top card"
    assert session.play_two_cards("TH", "TH").reason.startswith("10♥ can't go on itself")  # not "covered"
    assert session.play_two_cards("8D", "9D").reason == "9D is not face up on the table"
    assert session.play_two_cards("8D", "zz").reason == "'zz' is not a card"
    assert "can't go on 8♦" in session.play_two_cards("9S", "8D").reason
    assert session.move_count == 0


def test_the_copy_that_can_move_is_the_one_moved() -> None:
    session = _at(position("spider", t1="5H 9C", t2="5H", t3="6S"))
    assert session.play_two_cards("5H", "6S").ok
    assert pile(session.state, "t3") == "6S 5H" and pile(session.state, "t1") == "5H 9C"


def test_two_cards_that_make_13_pair_off_in_pyramid() -> None:
    session = Session(get_variant("relaxed-pyramid"), 3, Options(auto_build=False))
    assert session.play_two_cards("JC", "2D").ok
    assert [c.code for c in session.state.piles[session.pile_index("f1")]] == ["JC", "2D"]
    assert "don't pair" in session.play_two_cards("QC", "3D").reason
    assert session.play_two_cards("7D", "6S").reason == "7♦ is covered: only exposed cards pair"
    assert session.play_two_cards("9H", "9H").reason == "a card can't pair with itself"
    assert session.move_count == 1


def test_the_pile_intent_the_browser_uses_still_works() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    assert session.card_onto_card("t6", -1, "t2").ok


def test_a_discarded_card_is_said_to_be_removed_even_under_another() -> None:
    # It was "covered", which sent the player looking for it on the table.
    session = Session(get_variant("relaxed-pyramid"), 3, Options(auto_build=False))
    session.play_two_cards("JC", "2D")
    assert session.play_two_cards("2D", "JC").reason == "2♦ has been removed already"


def test_a_card_already_removed_in_pyramid_is_said_to_be_removed_not_covered() -> None:
    session = _at(position("pyramid", f1="3D TS", t1="5C", t2="8H"))
    assert session.play_two_cards("3D", "TS").reason == "3♦ has been removed already"
    assert session.play_two_cards("5C", "TS").reason == "10♠ has been removed already"
    assert session.play_card("f1").reason == "that card has been removed already"


def test_two_copies_either_of_which_could_move_are_asked_about_not_guessed() -> None:
    session = _at(position("spider", t1="9S 8H", t2="KC 7H", t3="7H", t4="8H"))
    refused = session.play_two_cards("7H", "8H")
    assert not refused.ok and refused.reason == "7♥ can go on 8♥ four ways: say which, as t2 t1, t2 t4, t3 t1 or t3 t4"
    assert session.move_count == 0


def test_copies_whose_moves_end_alike_are_one_way() -> None:
    session = _at(position("spider", t1="8H", t2="7H", t3="7H"))  # either 7H leaves one 7H on its own and one on 8H
    assert session.play_two_cards("7H", "8H").ok
    assert pile(session.state, "t1") == "8H 7H"


def test_whether_two_copies_are_asked_about_tells_nothing_of_the_cards_they_would_turn_up() -> None:
    asked = []
    for under in ("5D", "9C"):  # the card under the second 7H: the same as under the first, or not
        session = _at(position("spider", t1="8H", t2="[5D] 7H", t3=f"[{under}] 7H"))
        asked.append(session.play_two_cards("7H", "8H").ok)
    assert asked == [True, True]  # the columns look alike (a card face down under a 7H), so either goes, whatever lies there
