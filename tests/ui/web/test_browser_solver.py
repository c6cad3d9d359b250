"""The solver in play, in a real browser: the "still winnable?" indicator, winnable and
daily deals, and "show me" played back and stopped."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Dialog, Page, Route, expect

from cardtable.app import Store
from cardtable.app.standing import Indicator
from cardtable.solitaire import State
from cardtable.solver import Budget, Outcome, Result
from cardtable.ui.web.server import create_app
from tests.ui.web.serving import serving
from tests.ui.web.test_browser import browser, moves_said, page, settle, snap, start  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server of test_browser's, its verdicts budgeted in positions only (a loaded
    machine must not turn FreeCell 11982's proof into "unknown")."""
    app = create_app(Store(tmp_path_factory.mktemp("solver-web") / "e2e.db"))
    app.state.live.indicator = Indicator(nodes=100_000, known=app.state.live.indicator.known, seconds=float("inf"))
    yield from serving(app)


def test_the_indicator_is_opt_in_says_what_it_uses_and_follows_each_move(page: Page) -> None:  # noqa: F811
    start(page, "freecell", 1)
    expect(page.locator("#winnable")).to_be_hidden()
    page.click("#show-settings")
    expect(page.locator("#winnable-text")).to_contain_text("face-down cards included")
    page.check("#setting-winnable")
    page.click("#settings-done")
    expect(page.locator("#winnable")).to_have_text("Still winnable? yes", timeout=30_000)
    page.click('#table .card[data-pile="t1"] >> nth=-1')
    page.click('#table .slot[data-pile="c1"]')
    expect(page.locator("#status")).to_contain_text("1 move ·")
    # worked out off the request path at the idle priority: seconds on a busy machine
    expect(page.locator("#winnable")).to_have_text("Still winnable? yes", timeout=30_000)
    start(page, "freecell", 11982)
    expect(page.locator("#winnable")).to_have_text("Still winnable? can't be won from here", timeout=30_000)
    snap(page, "winnable-indicator-11982")
    page.click("#show-settings")
    page.uncheck("#setting-winnable")
    page.click("#settings-done")
    expect(page.locator("#winnable")).to_be_hidden()


def test_a_winnable_deal_and_the_daily_deal_from_their_buttons(page: Page, server: str) -> None:  # noqa: F811
    page.select_option("#game-picker", "freecell")
    page.click("#new-winnable")
    expect(page.locator("#status")).to_contain_text("FreeCell · winnable deal ")
    expect(page.locator("#message")).to_have_text(re.compile(r"^A deal the solver proved winnable\.( \S.* went home at the deal \(auto-build\)\.)?$"))
    first = page.request.get(f"{server}/api/games/latest").json()
    assert not first["daily"]
    page.select_option("#game-picker", "klondike")
    page.click("#daily-deal")
    expect(page.locator("#status")).to_contain_text("Klondike · daily deal ·")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Today's deal: proved winnable\.( \S.* went home at the deal \(auto-build\)\.)?$"))
    daily = page.request.get(f"{server}/api/games/latest").json()
    assert daily["daily"] and daily["deal"] is None
    snap(page, "daily-deal")
    page.click("#table")
    page.keyboard.press("d")  # played: the daily deal is in progress (a card may go home with the deal)
    expect(page.locator("#status")).not_to_contain_text("· 0 moves ·")
    page.click("#daily-deal")  # again: nothing to give up for it, nothing asked
    expect(page.locator("#message")).to_contain_text("This is today's deal, still in play")
    assert page.request.get(f"{server}/api/games/latest").json()["id"] == daily["id"]
    page.select_option("#game-picker", "chameleon")  # no deal proved: nothing to press in vain
    expect(page.locator("#message")).to_have_text(  # said too: a phone shows no title
        "No deal of Chameleon has been proved winnable yet, so Winnable deal and Daily are off for it.")
    for button in ("#new-winnable", "#daily-deal"):
        expect(page.locator(button)).to_be_disabled()
        expect(page.locator(button)).to_have_attribute("title", "No deal of Chameleon has been proved winnable yet")
    page.select_option("#game-picker", "spider")  # four suits: shipped deals
    expect(page.locator("#new-winnable")).to_be_enabled()
    page.click("#show-settings")
    page.select_option("#game-options select[name=suits]", "2")  # a game made by options: the server judges it
    page.click("#settings-done")
    expect(page.locator("#new-winnable")).to_be_enabled()
    page.click("#new-winnable")
    # From the published list, whose wins tell its cards anyway: its number is shown.
    expect(page.locator("#status")).to_contain_text(re.compile(r"Spider \(2 suits\) · winnable deal \d+ ·"))
    expect(page.locator("#message")).to_have_text(re.compile(r"^A deal the solver proved winnable\.( \S.* went home at the deal \(auto-build\)\.)?$"))
    page.select_option("#game-picker", "spider-2suits")
    expect(page.locator("#new-winnable")).to_be_enabled()
    expect(page.locator("#new-winnable")).to_have_attribute("title", "A deal the solver proved winnable")


def test_show_me_plays_the_win_back_and_stops_where_asked(page: Page, server: str) -> None:  # noqa: F811
    start(page, "freecell", 1)
    page.click("#show-settings")
    page.check("#setting-winnable")
    page.click("#settings-done")
    expect(page.locator("#winnable")).to_have_text("Still winnable? yes", timeout=30_000)
    where = page.locator("#show-me").bounding_box()
    page.click("#show-me")
    # Each move said as a hint says it, as the terminal's playback does.
    expect(page.locator("#message")).to_contain_text(
        re.compile(r"Show me: step [2-9]\d* of \d+: \S+ (from|to|onto) .+ \(a win in \d+ moves over \d+ steps\)$"))
    expect(page.locator("#status")).to_contain_text(re.compile(r"· [2-9]\d* moves ·"))  # the playback's own count
    # The verdict is on the game, not on the playback's table: it stood beside the playback's count.
    expect(page.locator("#winnable")).to_be_hidden()
    expect(page.locator("#show-me")).to_have_text("Stop")
    assert page.locator("#show-me").bounding_box() == where  # "Stop" is pressed where "Show me" was
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text("Stopped after step")
    expect(page.locator("#show-me")).to_have_text("Show me")
    settle(page)
    assert page.locator('#table .card[data-pile="t1"]').first.get_attribute("data-card") == "JD"  # as it was
    expect(page.locator("#status")).to_contain_text("0 moves")
    expect(page.locator("#winnable")).to_have_text("Still winnable? yes")


def test_the_game_s_clock_waits_while_show_me_plays(page: Page, server: str) -> None:  # noqa: F811
    # The table shows the solver's play, not the player's: the clock ran on through it.
    start(page, "freecell", 1)
    page.click('#table .card[data-pile="t1"] >> nth=-1')
    page.click('#table .slot[data-pile="c1"]')
    expect(page.locator("#status")).to_contain_text(" 1 move ·")
    running = lambda: page.request.get(f"{server}/api/games/latest").json()["clock_running"]  # noqa: E731
    assert running()
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text(re.compile(r"Show me: step \d+ of"))
    assert _within(10, lambda: not running())  # (once the socket's word reaches the server)
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text("Stopped after step")
    assert _within(10, running)


def _within(seconds: float, holds: Callable[[], bool]) -> bool:
    """Whether ``holds()`` comes true within ``seconds``, asked every tenth of a second."""
    deadline = time.monotonic() + seconds
    while not holds():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_show_me_on_a_deal_proved_lost_says_so_without_an_error(page: Page) -> None:  # noqa: F811
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    start(page, "freecell", 11982)
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text("can't be won from here", timeout=30_000)
    expect(page.locator("#show-me")).to_have_text("Show me")
    expect(page.locator("#status")).to_contain_text("0 moves")
    assert errors == []  # an answer, not a failed request


def _the_new_table_stands(page: Page, server: str) -> None:  # noqa: F811
    """Baker's Game deal 2, dealt during "show me" on another game, is still the table
    once several steps of a playback would have been drawn."""
    page.wait_for_timeout(1_500)
    expect(page.locator("#status")).to_contain_text("Baker's Game · deal 2 · 0 moves")
    expect(page.locator("#show-me")).to_have_text("Show me")
    dealt = page.request.get(f"{server}/api/games/latest").json()
    first = next(p for p in dealt["piles"] if p["name"] == "t1")["cards"][-1]["card"]
    assert page.locator('#table .card[data-pile="t1"]').last.get_attribute("data-card") == first


def test_a_new_deal_during_show_me_stops_it_and_keeps_the_new_table(page: Page, server: str) -> None:  # noqa: F811
    start(page, "freecell", 1)
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text(re.compile(r"Show me: step \d+ of"))
    start(page, "bakers-game", 2)
    expect(page.locator("#show-me")).to_have_text("Show me")
    _the_new_table_stands(page, server)
    expect(page.locator("#message")).to_have_text(re.compile(r"^(\S.* went home at the deal \(auto-build\)\.)?$"))  # no playback


def test_a_new_deal_while_show_me_looks_for_the_win_keeps_the_new_table(page: Page, server: str) -> None:  # noqa: F811
    held: list[Route] = []  # the search's answer, kept back until the new deal is on the table
    page.route("**/api/games/*/show", lambda route: held.append(route))
    start(page, "freecell", 1)
    page.click("#show-me")
    expect(page.locator("#message")).to_have_text("Looking for a win…")
    while not held:
        page.wait_for_timeout(20)
    start(page, "bakers-game", 2)
    held[0].continue_()
    _the_new_table_stands(page, server)


def test_show_me_pressed_again_while_it_looks_stops_it_and_starts_no_second_playback(page: Page) -> None:  # noqa: F811
    held: list[Route] = []  # the search's answer, kept back until the second press
    page.route("**/api/games/*/show", lambda route: held.append(route))
    start(page, "freecell", 1)
    page.click("#show-me")
    expect(page.locator("#message")).to_have_text("Looking for a win…")
    expect(page.locator("#show-me")).to_have_text("Stop")
    for _ in range(100):  # the first press's request reaches the route
        if held:
            break
        page.wait_for_timeout(50)
    page.click("#show-me")
    held[0].continue_()
    stopped = "Stopped before the first step; the game is as it was."
    expect(page.locator("#message")).to_have_text(stopped, timeout=30_000)  # a first search loads the solver
    assert len(held) == 1  # one search, not one per press
    expect(page.locator("#show-me")).to_have_text("Show me")
    page.wait_for_timeout(1_000)  # two steps of a playback, had one started
    expect(page.locator("#message")).to_have_text(stopped)
    settle(page)
    assert page.locator('#table .card[data-pile="t1"]').first.get_attribute("data-card") == "JD"


def test_a_hint_during_show_me_stops_it_and_keeps_the_hints_words(page: Page) -> None:  # noqa: F811
    start(page, "freecell", 1)
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text(re.compile(r"Show me: step \d+ of"), timeout=30_000)
    page.keyboard.press("h")
    # At once, not at the playback's next step: the game's table, count and button.
    expect(page.locator("#status")).to_contain_text("FreeCell · deal 1 · 0 moves ·", timeout=300)
    expect(page.locator("#show-me")).to_have_text("Show me", timeout=300)
    expect(page.locator("#message")).to_contain_text("Hint: ")
    page.wait_for_timeout(1_000)  # the playback's last step is over, and said nothing over the hint
    expect(page.locator("#message")).to_contain_text("Hint: ")
    expect(page.locator("#table .hinted")).not_to_have_count(0)


def test_show_me_gives_a_game_with_face_down_cards_up_once_agreed(page: Page, server: str) -> None:  # noqa: F811
    start(page, "klondike", 3)
    page.click("#show-me")  # the page's fixture says yes to the question
    expect(page.locator("#message")).to_contain_text(re.compile(r"Show me: step \d+ of"))
    snap(page, "show-me-klondike")
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text("Stopped after step")
    expect(page.locator("#message")).to_contain_text("It was given up: deal a new one to play on.")
    assert page.request.get(f"{server}/api/games/latest").status == 204  # given up: nothing left unfinished
    for control in ("#hint", "#undo", "#restart", "#auto-finish"):  # played no further
        expect(page.locator(control)).to_be_disabled()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/actions" in request.url else None)
    page.keyboard.press("h")  # a key asks all the same: refused, and not blamed on another tab
    expect(page.locator("#message")).to_have_text("This game was given up: deal a new one to play on.")
    page.locator('#table .slot[data-pile="stock"], #table .card[data-pile="stock"]').last.click()
    expect(page.locator("#message")).to_have_text("This game was given up: deal a new one to play on.")
    assert asked == []  # refused on the page: no request the server refuses, no error in the console


def test_show_me_on_a_table_known_lost_offers_the_undo_before_giving_up(browser: Browser, server: str) -> None:  # noqa: F811
    # Golf deal 3 can be won, but not once the stock is turned four times from the start.
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    page = context.new_page()
    asked: list[str] = []
    refusing: list[bool] = []  # (the next dialogs Cancelled, in turn; the others accepted)

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss() if refusing and refusing.pop(0) else dialog.accept()

    page.on("dialog", answer)
    page.goto(server)
    start(page, "golf", 3)
    page.click("#show-settings")
    page.check("#setting-winnable")
    page.click("#settings-done")
    for turned in range(1, 5):
        page.keyboard.press("d")
        expect(page.locator("#status")).to_contain_text(moves_said(turned))
    expect(page.locator("#winnable")).to_have_text(
        "Still winnable? can't be won from here: undo 1 move to get back to a winnable position", timeout=30_000)
    asked.clear()
    page.click("#show-me")
    expect(page.locator("#status")).to_contain_text(moves_said(3))
    expect(page.locator("#winnable")).to_have_text("Still winnable? yes", timeout=30_000)
    assert asked == ["This game can't be won from here, but it can be won 1 move back. Undo 1 move and play on? "
                     "(Cancel: you are asked next whether to give the game up to see a win.)"]
    expect(page.locator("#message")).to_have_text("Took back 1 move: the game can be won from here.")
    expect(page.locator("#undo")).to_be_enabled()  # played on, not given up
    assert page.request.get(f"{server}/api/games/latest").status == 200
    # Into the lost table again; Cancel on the offer asks whether to give the game up (a
    # dismissed dialog never gives it up), and yes shows the win: the indicator has
    # nothing more to say of a game over, and the playback ends in a sentence.
    page.keyboard.press("d")
    expect(page.locator("#winnable")).to_contain_text("undo 1 move", timeout=30_000)
    asked.clear()
    refusing.append(True)
    page.click("#show-me")
    expect(page.locator("#message")).to_contain_text("Shown: a win from 1 move back, in ",
                                                     timeout=90_000)
    assert len(asked) == 2 and asked[1].endswith("Show it?"), asked
    expect(page.locator("#winnable")).to_be_hidden()
    context.close()


class _Slow:
    """A solver on a machine too busy to give it a core for a while."""

    def solve(self, state: State, budget: Budget = Budget()) -> Result:
        time.sleep(20)
        return Result(Outcome.UNKNOWN, (), 0, 20.0, False)

    def warm_up(self, state: State) -> None:
        pass


def test_a_verdict_long_on_its_way_is_said_to_be_and_why(browser: Browser, tmp_path: Path) -> None:  # noqa: F811
    app = create_app(Store(tmp_path / "slow.db"))
    app.state.live.indicator = Indicator(searcher=_Slow())
    for address in serving(app):
        page = browser.new_page()
        page.goto(address)
        start(page, "freecell", 1)
        page.click("#show-settings")
        page.check("#setting-winnable")
        page.click("#settings-done")
        page.click('#table .card[data-pile="t1"] >> nth=-1')  # off the opening, which may be known already
        page.click('#table .slot[data-pile="c1"]')
        expect(page.locator("#status")).to_contain_text("1 move ·")
        expect(page.locator("#winnable")).to_have_text("Still winnable? …")
        expect(page.locator("#winnable")).to_contain_text("still working it out", timeout=15_000)
        page.close()
