"""A card that can never leave its column proves a deal lost without a search."""

from __future__ import annotations

import pytest

from cardtable.solitaire import apply, get_variant
from cardtable.solver import Budget, Outcome, solve
from cardtable.solver import held, running
from cardtable.solver.running import search
from cardtable.solver.trapped import applies, trapped


def test_klondike_89_is_lost_at_once_and_the_reason_names_the_cards() -> None:
    start = get_variant("klondike").start(89)
    result = solve(start, Budget(nodes=1_000, seconds=600))
    assert result.outcome is Outcome.UNWINNABLE and result.nodes == 0 and result.thoughtful
    assert result.reason == trapped(start)
    assert "J♦ can never leave its column" in result.reason
    assert "Q♣ and Q♠" in result.reason and "6♦" in result.reason


def test_a_deal_without_a_trapped_card_is_searched_as_before() -> None:
    result = solve(get_variant("klondike").start(1), Budget(nodes=200_000, seconds=600))
    assert result.outcome is Outcome.SOLVED and result.reason == ""


@pytest.mark.parametrize(
    ("game", "deals", "least"),
    [
        ("russian-solitaire", range(1, 41), 5),
        ("fan", range(1, 31), 5),
        ("exiled-kings", range(1, 601), 9),
        ("streets-and-alleys", range(1, 41), 5),
    ],
)
def test_every_trapped_deal_is_also_proven_lost_by_a_search_of_every_position(
    game: str, deals: range, least: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Russian Solitaire's cards lie over face-down cards; Fan's are all face up, one
    # card moves at a time, and deal 26 holds five cards that wait for one another.
    # In Exiled Kings only a King starts an empty row: seven of the nine deals are lost
    # because no row can be cleared for the Kings that wait for one. In Streets and Alleys
    # any card starts an empty row, and none can be cleared.
    # The search is a plain one: it would otherwise drop every position the same
    # reasoning holds (``solver.held``), and prove nothing of its own.
    monkeypatch.setattr(running, "held_tables", lambda variant, piles: held.OFF)
    variant = get_variant(game)
    caught = [deal for deal in deals if trapped(variant.start(deal)) is not None]
    assert len(caught) >= least
    for deal in caught:
        start = variant.start(deal)
        searched = search(start, 200_000, float("inf"), variant.solving.weights(), idle=True)
        assert searched.exhausted, deal


def test_cards_that_wait_for_one_another_are_named_together() -> None:
    why = trapped(get_variant("fan").start(26))
    assert why == "Q♣, 3♥, 10♣, 6♣ and J♥ can never leave their fans: each waits for a card that lies under one of them"


@pytest.mark.parametrize(("game", "least"), [("klondike", 8), ("yukon", 8), ("fan", 3)])
def test_no_deal_the_search_wins_is_called_trapped(game: str, least: int) -> None:
    variant = get_variant(game)
    won = 0
    for deal in range(1, 31):
        start = variant.start(deal)
        searched = search(start, 5_000, float("inf"), variant.solving.weights(), idle=True)
        if searched.solved:
            won += 1
            assert trapped(start) is None, deal
    assert won >= least


def test_a_king_waits_for_a_column_that_can_be_cleared() -> None:
    # Klondike deal 3753: K♠, K♦ and K♣ can go only to an empty column, and every column
    # holds a card that waits for one of them, so none can be cleared.
    variant = get_variant("klondike")
    start = variant.start(3753)
    why = trapped(start)
    assert why is not None and why.endswith("or for an empty column, and no other column can ever be cleared")
    assert "K♠" in why and "K♦" in why and "K♣" in why
    searched = search(start, 200_000, float("inf"), variant.solving.weights(), idle=True)
    assert searched.exhausted


def test_cards_held_for_want_of_an_empty_column_are_said_so_beside_the_others() -> None:
    # Exiled Kings deal 429: some cards are held whatever the empty rows, K♣ only for
    # want of one, so the reason must name the empty row as well (the game's own word).
    why = trapped(get_variant("exiled-kings").start(429))
    assert why is not None and "K♣" in why and "can never leave their rows" in why
    assert why.endswith("or for an empty row, and no other row can ever be cleared")


@pytest.mark.parametrize(
    ("game", "deals"), [("klondike", (1, 3)), ("streets-and-alleys", (2, 3)), ("fortress", (2, 4))]
)
def test_no_position_along_a_win_is_called_trapped(game: str, deals: tuple[int, ...]) -> None:
    # Mid-game, once piles have been emptied and cards have gone home, as at the start.
    variant = get_variant(game)
    for deal in deals:
        state = variant.start(deal)
        result = solve(state, Budget(nodes=200_000, seconds=600))
        assert result.outcome is Outcome.SOLVED, deal
        for move in result.moves:
            assert trapped(state) is None, (deal, move)
            state = apply(state, move)


def test_a_card_is_held_by_the_cards_on_it_too() -> None:
    # Deal 86: no card alone lacks a place, but 7♣, J♦, 4♦, 7♠ and 7♥ each wait for a
    # card under one of them (the search proves it lost after 263,000 positions).
    why = trapped(get_variant("klondike").start(86))
    assert why is not None and why.startswith("7♣, J♦, 4♦, 7♠ and 7♥ can never leave their columns")


@pytest.mark.parametrize("game", ["spider", "pyramid", "la-belle-lucie", "crescent", "aces-up", "double-klondike"])
def test_games_whose_cards_leave_piles_in_other_ways_are_left_to_the_search(game: str) -> None:
    assert not applies(get_variant(game))


@pytest.mark.parametrize("game", ["freecell", "bakers-game", "eight-off"])
def test_games_where_a_free_cell_takes_any_card_are_not_looked_at(game: str) -> None:
    # Every card can leave once the cards on it have: there is nothing to find.
    variant = get_variant(game)
    assert not applies(variant)
    assert all(trapped(variant.start(deal)) is None for deal in range(1, 21))
