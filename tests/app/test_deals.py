"""Winnable deals and the daily deal: proved by the solver, kept in the store, the daily
one the same everywhere, and counted apart in the statistics."""

from __future__ import annotations

import os
import random
import time
from datetime import date
from pathlib import Path

import pytest

from cardtable.app import Store
from cardtable.app.deals import DealBook, NoWinnableDeal, first_deal, shipped
from cardtable.app.searches import LOST, SearchProcess
from cardtable.app.service import Games
from cardtable.app.solved import SolvedDeals
from cardtable.app.stats import to_text
from cardtable.app.tallies import player_stats
from cardtable.solitaire import State, get_variant, is_won
from cardtable.solitaire.formats import parse_moves, replay_steps
from cardtable.solver import Budget, Outcome, Result, solve
from cardtable.solver.batch import DealResult

DAY = date(2026, 11, 24)


def test_a_winnable_deal_is_proved_and_joins_the_catalogue(tmp_path: Path) -> None:
    store = Store(tmp_path / "d.db")
    book = DealBook(store, nodes=5_000, tries=4)
    variant = get_variant("freecell")
    deal = book.winnable(variant, random.Random(3))
    assert deal in book.catalogue(variant)
    assert solve(variant.start(deal), Budget(nodes=5_000, seconds=float("inf"))).solved


class _Counting:
    """A searching process's searches, counted."""

    def __init__(self) -> None:
        self.process = SearchProcess()
        self.asked = 0

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        self.asked += 1
        return self.process.solve(state, budget)

    def warm_up(self, state: State) -> None:
        self.process.warm_up(state)


def test_the_deals_tried_are_solved_where_the_book_is_told(tmp_path: Path) -> None:
    searcher = _Counting()
    try:
        book = DealBook(Store(tmp_path / "p.db"), nodes=5_000, tries=4, searcher=searcher)
        variant = get_variant("freecell")
        deal = book.winnable(variant, random.Random(3))
        assert searcher.asked >= 1 and searcher.process.pid() != os.getpid()
        assert deal in book.catalogue(variant)
        assert deal == DealBook(Store(tmp_path / "h.db"), nodes=5_000, tries=4).winnable(variant, random.Random(3))
    finally:
        searcher.process.close()


class _Lost:
    """A searching process that is lost before it answers, every time."""

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        return Result(Outcome.UNKNOWN, (), 0, 0.0, False, limit=LOST)

    def warm_up(self, state: State) -> None:
        pass


def test_a_search_whose_process_was_lost_is_no_verdict_and_is_not_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.db")
    book = DealBook(store, nodes=5_000, tries=2, trying_seconds=0.0, searcher=_Lost())
    with pytest.raises(NoWinnableDeal, match="ask again"):
        book.winnable(get_variant("freecell"), random.Random(3))
    with pytest.raises(NoWinnableDeal, match="ask again"):  # not "none today": the day's deal stays the same
        book.daily(get_variant("freecell"), DAY)
    assert store.setting("", f"daily:freecell:{DAY.isoformat()}") is None
    known = SolvedDeals(store.path)
    assert known.results("freecell") == []  # tried again next time, not taken as unknown
    known.close()


def test_when_no_deal_is_proved_the_catalogue_is_dealt_from_else_it_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path / "d.db")
    variant = get_variant("yukon")
    book = DealBook(store, nodes=16, tries=2)
    with pytest.raises(NoWinnableDeal, match=r"try again in a moment .*cardtable solve yukon --deals 1-100`, are dealt at once"):
        book.winnable(variant, random.Random(1))
    known = SolvedDeals(store.path)
    known.record([DealResult("yukon", 77, Outcome.SOLVED, 200, 1, 1.0, True, "")])
    known.close()
    assert book.winnable(variant, random.Random(1)) == 77


def test_a_game_seldom_won_but_quick_to_decide_is_tried_past_the_first_few_deals(tmp_path: Path) -> None:
    # Clock is won about one deal in fourteen: six deals tried found none about two times in three.
    # Past the first two, tried as long as it takes (on a loaded machine a second is too few).
    book = DealBook(Store(tmp_path / "c.db"), tries=2, trying_seconds=float("inf"))
    clock = get_variant("clock")
    deal = book.winnable(clock, random.Random(5))
    assert solve(clock.start(deal), Budget(nodes=20_000, seconds=float("inf"))).solved


def test_a_day_with_no_daily_deal_is_searched_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "n.db")
    book = DealBook(store, nodes=16, daily_tries=3)
    with pytest.raises(NoWinnableDeal, match="none of the 3 deals tried"):
        book.daily(get_variant("yukon"), DAY)
    assert store.setting("", f"daily:yukon:{DAY.isoformat()}") == "none"  # kept: the next ask answers at once
    with pytest.raises(NoWinnableDeal):
        book.daily(get_variant("yukon"), DAY)


def test_the_daily_deal_is_the_same_everywhere_on_a_day_and_proved_winnable(tmp_path: Path) -> None:
    variant = get_variant("freecell")
    one = DealBook(Store(tmp_path / "one.db"), nodes=5_000).daily(variant, DAY)
    other_store = Store(tmp_path / "other.db")
    other = DealBook(other_store, nodes=5_000)
    assert other.daily(variant, DAY) == one
    assert other_store.setting("", f"daily:freecell:{DAY.isoformat()}") == str(one)  # worked out once a day
    assert 0 <= one - first_deal(variant, DAY.isoformat()) < 200  # forward from the day's number
    assert first_deal(variant, "2026-11-25") != first_deal(variant, DAY.isoformat())
    assert solve(variant.start(one), Budget(nodes=5_000, seconds=float("inf"))).solved


def test_daily_games_have_their_own_line_in_the_statistics(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    games = Games(store, "me", random.Random(2))
    book = DealBook(store, nodes=5_000)
    game_id, session = games.start_daily("freecell", DAY, book)
    assert session.daily and session.random_deal and session.winnable  # proved winnable, as the status line says
    assert store.load("me", game_id).daily and store.load("me", game_id).winnable
    session.play_card("t1")
    games.leave(game_id, session)  # given up: lost
    game_id, session = games.start("freecell", 5)
    session.play_card("t1")
    games.leave(game_id, session)
    game_id, session = games.start_winnable("freecell", book)
    assert not session.daily and session.random_deal
    stats, _, _ = player_stats(store, "me")
    lines = {(s.game, s.daily): s.played for s in stats}
    assert lines == {("freecell", False): 1, ("freecell", True): 1}
    assert "FreeCell daily deal: played 1" in to_text(stats)


def test_the_days_deal_counts_once_a_replay_is_an_ordinary_game(tmp_path: Path) -> None:
    # Watching "show me" and dealing the day's deal again earned a daily win and streak.
    store = Store(tmp_path / "r.db")
    games = Games(store, "me", random.Random(4))
    book = DealBook(store, nodes=5_000)
    game_id, first = games.start_daily("freecell", DAY, book)
    again_id, untouched = games.start_daily("freecell", DAY, book)  # nothing done to it yet: still the day's
    assert untouched.daily and again_id == game_id  # the same game, not a second one
    first.play_card("t1")
    games.save(game_id, first)
    back_id, back = games.start_daily("freecell", DAY, book)  # begun and not finished: given back as it was left
    assert back_id == game_id and back.daily and back.move_count == 1
    assert [r.id for r in store.unfinished("me")] == [game_id]
    games.give_up(game_id, first)
    replay_id, replay = games.start_daily("freecell", DAY, book)
    assert replay.deal_number == first.deal_number and not replay.daily
    assert not replay.random_deal  # its number shown: the day's game, over, showed it
    stats, _, _ = player_stats(store, "me")
    assert {(s.game, s.daily): s.played for s in stats} == {("freecell", True): 1}


@pytest.mark.parametrize("game", sorted(shipped()))
def test_every_shipped_winnable_deal_is_won_by_its_shipped_win(game: str) -> None:
    variant = get_variant(game)
    for deal, win in shipped()[game].items():
        start = variant.start(deal)
        *_, end = replay_steps(start, tuple(parse_moves(variant, win)))
        assert is_won(end), (game, deal)


def test_a_game_with_shipped_deals_deals_them_at_once_without_searching(tmp_path: Path) -> None:
    variant = get_variant("spider-2suits")
    known = set(shipped()["spider-2suits"])
    assert len(known) >= 2
    book = DealBook(Store(tmp_path / "s.db"), nodes=16)  # too few positions to prove anything
    started = time.monotonic()
    assert {book.winnable(variant, random.Random(seed)) for seed in range(20)} <= known
    daily = book.daily(variant, DAY)
    assert daily in known and time.monotonic() - started < 5
    assert DealBook(Store(tmp_path / "other.db")).daily(variant, DAY) == daily  # the same for everyone


def test_a_game_whose_deals_the_solver_cannot_prove_says_so_at_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    book = DealBook(store)
    chameleon = get_variant("chameleon")
    for ask in (lambda: book.winnable(chameleon, random.Random(1)), lambda: book.daily(chameleon, DAY)):
        with pytest.raises(NoWinnableDeal, match="can't yet prove its deals winnable"):
            ask()
    offered = book.offered()
    assert "chameleon" not in offered and {"klondike", "freecell", "spider", "spider-2suits"} <= offered  # the page's buttons follow
    known = SolvedDeals(store.path)  # a deal proved here with a larger budget is offered
    known.record([DealResult("chameleon", 77, Outcome.SOLVED, 200, 1, 1.0, True, "")])
    known.close()
    assert "chameleon" in book.offered() and book.daily(chameleon, DAY) == 77  # both buttons have a deal to give
    assert book.winnable(chameleon, random.Random(1)) == 77


class _Refusing:
    """A searching process that must not be asked."""

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        raise AssertionError("searched although a listed deal was still unseen")

    def warm_up(self, state: State) -> None:
        pass


def test_a_winnable_deal_is_one_of_the_list_the_player_has_not_been_dealt(tmp_path: Path) -> None:
    store = Store(tmp_path / "v.db")
    games = Games(store, "ann", random.Random(1))
    listed = sorted(shipped()["klondike-vegas"])
    for deal in listed[:-1]:
        games.start("klondike-vegas", deal)
    book = DealBook(store, searcher=_Refusing())
    _, session = games.start_winnable("klondike-vegas", book)
    assert session.deal_number == listed[-1]  # at once, and the only one ann has not had
    assert Games(store, "bob").start_winnable("klondike-vegas", book)[1].deal_number in listed  # bob's list is whole


def test_once_every_listed_deal_was_dealt_a_new_one_is_searched_for_and_listed(tmp_path: Path) -> None:
    store = Store(tmp_path / "n.db")
    games = Games(store, "ann", random.Random(1))
    limited = get_variant("limited")
    for deal in shipped()["limited"]:
        games.start("limited", deal)
    book = DealBook(store, trying_seconds=float("inf"))
    _, session = games.start_winnable("limited", book)
    found = session.deal_number
    assert found not in shipped()["limited"] and found in book.catalogue(limited)
    assert solve(limited.start(found), Budget(nodes=20_000, seconds=float("inf"))).solved
    assert session.is_deal_hidden


def test_a_search_lost_past_the_end_of_the_list_deals_from_the_list(tmp_path: Path) -> None:
    store = Store(tmp_path / "x.db")
    games = Games(store, "ann", random.Random(1))
    for deal in shipped()["limited"]:
        games.start("limited", deal)
    book = DealBook(store, searcher=_Lost())
    assert book.winnable(get_variant("limited"), random.Random(2), "ann") in shipped()["limited"]


def test_where_no_deal_is_proved_the_catalogue_deals_one_not_yet_seen(tmp_path: Path) -> None:
    store = Store(tmp_path / "y.db")
    known = SolvedDeals(store.path)
    known.record([DealResult("yukon", deal, Outcome.SOLVED, 200, 1, 1.0, True, "") for deal in (77, 78)])
    known.close()
    Games(store, "ann").start("yukon", 77)
    book = DealBook(store, nodes=16, tries=2)  # too few positions to prove anything
    assert {book.winnable(get_variant("yukon"), random.Random(seed), "ann") for seed in range(8)} == {78}
    assert {book.winnable(get_variant("yukon"), random.Random(seed), "bob") for seed in range(8)} == {77, 78}
