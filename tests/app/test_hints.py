"""The quick hint's ranking: what each kind of move is worth, and what it says."""

from __future__ import annotations

import random
import re

from cardtable.app.hints import HeuristicHinter, Hint
from cardtable.solitaire import MoveKind, apply, get_variant, legal_moves
from tests.solitaire.games.positions import position


def test_a_card_moved_between_two_places_it_fits_ranks_below_a_deal() -> None:
    # Canfield's hints sent the Queen of spades between two Kings, dealing in between, for ever.
    state = position("canfield", t1="KH QS", t2="KD", t3="9C", t4="4D", stock="[2C] [3C] [5H]", r1="[8S] 7S")
    ranked = HeuristicHinter().best_moves(state)
    assert ranked[0].move.kind is MoveKind.DEAL, [h.reason for h in ranked]
    shuffle = next(h for h in ranked if h.move.kind is MoveKind.MOVE and h.move.target == state.variant.index_of_name("t2"))
    assert shuffle.reason.endswith("it fits where it is too, so this gains little")


def test_a_card_that_fits_where_it_is_moved_to_an_empty_column_gains_little() -> None:
    # Spider's hints split a run into an empty column and joined it again, for ever,
    # each time "starting a new column", and never came to deal.
    state = position("spider-1suit", t1="TS 9S", t2="KS 4S", t3="KS", t4="QS", t5="JS", t6="8S", t7="7S", t8="6S", t9="5S")
    ranked = HeuristicHinter().best_moves(state)
    empty = state.variant.index_of_name("t10")

    def to_empty(source: str) -> Hint:
        i = state.variant.index_of_name(source)
        return next(h for h in ranked if (h.move.source, h.move.target, h.move.count) == (i, empty, 1))

    split, fresh = to_empty("t1"), to_empty("t2")
    assert split.reason.endswith("it fits where it is too, so this gains little"), split.reason
    assert split.score < 0 < fresh.score  # below a deal's (which Spider allows once no column is empty)
    assert fresh.reason.endswith("that starts a new column"), fresh.reason


def test_where_the_stock_deals_only_onto_full_columns_the_hint_fills_them_and_deals() -> None:
    # Spider's hints emptied a column (50) and filled it again (10) in turn for hundreds
    # of moves, the stock never dealt: an empty column holds the deal back.
    stock = " ".join(["[AS]"] * 10)
    gap = position("spider-1suit", stock=stock, t1="KS 5S", t2="9S", t3="TS", t4="KS", t5="QS", t6="JS", t7="KS", t8="3S", t9="7S")
    ranked = HeuristicHinter().best_moves(gap)
    assert "fills an empty column, and the stock deals only when none is empty" in ranked[0].reason, [h.reason for h in ranked]
    empties = next(h for h in ranked if "empties a column" in h.reason)  # 9S onto the 10
    assert empties.score < ranked[0].score and "the stock deals only when none is empty" in empties.reason
    full = position("spider-1suit", stock=stock, t1="KS 5S", t2="9S", t3="TS", t4="KS", t5="QS", t6="JS", t7="KS", t8="3S", t9="7S", t10="KS AS")
    ranked = HeuristicHinter().best_moves(full)
    assert ranked[0].move.kind is MoveKind.DEAL, [h.reason for h in ranked]
    without_stock = position("spider-1suit", t1="KS 5S", t2="9S", t3="TS", t4="KS", t5="QS", t6="JS", t7="KS", t8="3S", t9="7S", t10="KS AS")
    assert HeuristicHinter().best_moves(without_stock)[0].reason.endswith("that empties a column")  # nothing to deal: a gain again


def test_followed_in_freecell_the_heuristic_keeps_a_free_place_until_a_card_can_go_home() -> None:
    # Deal 617: the quick hint (the solver busy) used to park J♦, 4♠, 4♣ and K♦ from column
    # 1 in the four cells, none of them freeing a card that could go anywhere: stuck at move 6.
    from cardtable.app import Session
    from cardtable.solitaire import get_variant

    for deal in (1, 2, 617):
        session, previous, reasons = Session(get_variant("freecell"), deal), None, []
        for _ in range(15):
            best = HeuristicHinter().best_moves(session.state, previous, session.leads_back)[0]
            assert session.play(best.move).ok
            previous = best.move
            reasons.append(best.reason)
        assert not session.is_stuck(), (deal, reasons)
        assert not any("takes the last free place" in reason for reason in reasons[:10]), (deal, reasons)


def test_a_grids_hints_name_its_gaps_by_the_cards_beside_them_and_favour_a_rows_run() -> None:
    montana = get_variant("montana").start(3)  # 2♥ may start row 3; other cards fit gaps mid-row
    hints = HeuristicHinter().best_moves(montana)
    said = [h.reason for h in hints if h.move.kind is MoveKind.MOVE]
    assert said and not any("place" in reason for reason in said)  # the table shows no place numbers
    best = hints[0].reason
    assert best.startswith("2") and "into the gap that starts row 3: it starts its row's run" in best
    assert any(re.search(r"into the gap after \S+: it fits, though its row's run", reason) for reason in said)


def test_a_grids_hint_never_ranks_a_card_out_of_its_rows_run_above_a_plain_move() -> None:
    state, rng = get_variant("montana").start(3), random.Random(3)
    for _ in range(4):  # (a seeded line of play to a table with a row's 2 in place and another row's start empty)
        state = apply(state, rng.choice(legal_moves(state)), trusted=True)
    hints = HeuristicHinter().best_moves(state)
    breaking = [h for h in hints if "breaks the run it stands in" in h.reason]
    assert breaking and all(h.score < 0 for h in breaking)
    assert "breaks" not in hints[0].reason


def test_a_deal_from_a_stock_turned_over_says_its_cards_were_seen() -> None:
    # Once Canfield's stock was turned over, every deal was still "new cards come into play".
    from dataclasses import replace

    start = get_variant("klondike").start(5)
    fresh, turned = (next(h for h in HeuristicHinter().best_moves(s) if h.move.kind is MoveKind.DEAL) for s in (start, replace(start, redeals=1)))
    assert fresh.reason.endswith("new cards come into play"), fresh.reason
    assert turned.reason.endswith("cards seen on an earlier pass come round again"), turned.reason


def test_a_game_s_one_reserve_is_the_reserve_not_reserve_1() -> None:
    from cardtable.app.hints import describe
    from cardtable.solitaire import Move

    state = position("canfield", t1="KH QS", t2="KD", t3="8H", t4="4D", stock="[2C] [3C] [5H]", r1="[8S] 7S")
    play = Move(MoveKind.MOVE, state.variant.index_of_name("r1"), state.variant.index_of_name("t3"))
    assert describe(state, play) == "7♠ from the reserve to column 3"
    freecell = get_variant("freecell").start(1)  # four cells: each by its number
    assert describe(freecell, Move(MoveKind.MOVE, 4, freecell.variant.index_of_name("c2"))).endswith("to free cell 2")
