"""The solver's safe moves home (``homes.home_move``): always a legal move, and only
where no card still out could want the card, for a base the deal chose and foundations
that wrap round from King to Ace as for any other game."""

from __future__ import annotations

import random

import pytest

from cardtable.solitaire import Move, MoveKind, State, apply, get_variant, legal_moves
from cardtable.solitaire.compiled import homes, to_arrays
from cardtable.solitaire.compiled.bridge import to_move
from cardtable.solitaire.compiled.program import AUTO_HOME, SAFE_DEEPER, SINGLES_SAFE, program_of
from tests.solitaire.games.positions import move, position


def _home(state: State) -> object:
    p = to_arrays(state)
    found = int(homes.home_move(p.program.rules, p.cards, p.lens, p.hid))
    return None if found < 0 else to_move(state.variant, found)


def test_a_card_goes_home_only_once_the_cards_that_could_go_on_it_are_home() -> None:
    base = position("canfield", f1="7S", t1="8S", t2="7H", t3="QC", r1="2C")
    assert _home(base) is None  # 8♠ waits for the red Sevens; 7♥ waits for the black Sixes
    ready = position("canfield", f1="7S", f2="7H", f3="7D", t1="8S", t3="QC", r1="2C")
    assert _home(ready) == move(ready, "t1", "f1")


def test_no_card_of_another_rank_starts_a_foundation() -> None:
    state = position("penguin", f1="9C", f2="9D", f3="9H", t1="AS")
    assert _home(state) is None  # the empty fourth foundation takes only a Nine
    state = position("penguin", f1="9C", f2="9D", f3="9H", t1="AS", t2="TC")
    assert _home(state) == move(state, "t2", "f1")  # 10♣ on the 9♣, with the 9♣ home


@pytest.mark.parametrize(
    "game",
    ["canfield", "storehouse", "penguin", "agnes-sorel", "calculation", "freecell", "quadrille", "pyramid", "relaxed-pyramid"],
)
def test_a_move_home_is_always_legal(game: str) -> None:
    rng = random.Random(game)
    variant = get_variant(game)
    for deal in range(1, 15):
        state = variant.start(deal)
        for _ in range(80):
            found = _home(state)
            assert found is None or found in legal_moves(state)
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))


def test_foundations_of_several_rules_send_home_only_where_no_card_can_reach_two() -> None:
    assert program_of(get_variant("quadrille")).meta[AUTO_HOME]  # Fives to the King, Queens, Sixes to the Jack
    assert not program_of(get_variant("bisley")).meta[AUTO_HOME]  # a card may go up on the Aces or down on the Kings
    assert not program_of(get_variant("grandfathers-clock")).meta[AUTO_HOME]  # each suit's three foundations overlap on paper
    state = position("quadrille", waste="QD", f1="5D")
    assert _home(state) == move(state, "waste", "f5")


# Klondike's foundations give cards back. 5♠ could go home (both red Fours are home), but
# 3♣ covers 2♣ and its only way off is onto a red Four brought back onto 5♠; everything
# else lies face down under 2♣, in the order it goes home.
_WORRIED = dict(
    f1="AS 2S 3S 4S", f2="AH 2H 3H 4H", f3="AD 2D 3D 4D", f4="AC", t1="5S",
    t2=" ".join(f"[{c}]" for c in reversed(
        "4C 5C 5H 5D 6S 6C 6H 6D 7S 7C 7H 7D 8S 8C 8H 8D 9S 9C 9H 9D TS TC TH TD "
        "JS JC JH JD QS QC QH QD KS KC KH KD".split()
    )) + " 2C 3C",
)


def test_where_foundations_give_cards_back_a_card_stays_out_while_a_card_could_come_back_onto_it() -> None:
    state = position("klondike", **_WORRIED)
    assert _home(state) is None  # a red Four may come back onto 5♠ for 3♣
    assert _home(position("freecell", f1="AS 2S 3S 4S", f2="AH 2H 3H 4H", f3="AD 2D 3D 4D", t1="5S")) is not None


def test_the_solver_wins_a_game_that_needs_a_card_kept_out_for_a_card_to_come_back_onto() -> None:
    from cardtable.solver import Outcome, solve

    result = solve(position("klondike", **_WORRIED))
    assert result.outcome is Outcome.SOLVED  # it was "unwinnable" with 5♠ sent home


def test_where_cards_are_only_taken_away_an_exposed_king_goes_at_once() -> None:
    state = position("pyramid", t1="8C", t27="5H", t28="KS", stock="2D", waste="QH")
    assert _home(state) == Move(MoveKind.PAIR, state.variant.index_of_name("t28"))  # it pairs with nothing
    covered = position("pyramid", t1="8C", t21="KS", t27="5H", t28="4D", stock="2D", waste="QH")
    assert _home(covered) is None  # 4♦ and 5♥ cover it; and 8♣ with 5♥ is a choice, not a safe move
    waste = position("relaxed-pyramid", t28="4D", stock="[2D]", waste="KH")
    assert _home(waste) == Move(MoveKind.PAIR, waste.variant.index_of_name("waste"))
    assert not program_of(get_variant("monte-carlo")).meta[SINGLES_SAFE]  # its grid closes up: nothing is safe


def test_kings_going_at_once_prove_a_pyramid_deal_lost_in_a_tenth_of_the_positions() -> None:
    from cardtable.solver import Budget, Outcome, solve

    result = solve(get_variant("pyramid").start(10), Budget(nodes=150_000))
    assert result.outcome is Outcome.UNWINNABLE  # 72,711 positions; 915,938 with Kings taken when the search chose


def test_a_card_goes_home_while_the_cards_that_could_go_on_it_go_home_next_and_so_do_theirs() -> None:
    # 6♥ with both black Fives out: each goes home next, as does the red Four that could
    # go on them (4♦); and the cards that could go on 4♦ (the black Threes) are home.
    homes = dict(f1="AS 2S 3S 4S", f2="AH 2H 3H 4H 5H", f4="AC 2C 3C 4C")
    ready = position("freecell", **homes, f3="AD 2D 3D", t1="6H", t2="5S", t3="4D 5C")
    assert _home(ready) == move(ready, "t1", "f2")
    waiting = position("freecell", **homes, f3="AD 2D", t1="6H", t2="5S", t3="3D 4D 5C")
    assert _home(waiting) is None  # 4♦ isn't next: a black Five may yet need 6♥ to lie on


@pytest.mark.parametrize(
    ("game", "deeper"),
    [("freecell", True), ("bakers-dozen", True), ("klondike", False), ("yukon", False), ("spider-1suit", False),
     ("double-freecell", False), ("quadrille", False)],
)
def test_a_card_goes_home_ahead_of_cards_still_out_only_where_no_win_can_be_lost_by_it(game: str, deeper: bool) -> None:
    # Klondike's foundations give cards back, Yukon moves cards not in sequence, Spider
    # and Double FreeCell have two of each card, Quadrille's foundations fill up: there
    # the cards still out must be home first.
    assert bool(program_of(get_variant(game)).meta[SAFE_DEEPER]) is deeper
