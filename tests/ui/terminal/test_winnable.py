"""The "still winnable?" indicator in the terminal: the typed ``winnable`` command and
setting, and the full-screen status line with its key."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from textual.geometry import Region

from cardtable.app import Options, Session, Store
from cardtable.app.service import Games
from cardtable.app.standing import SETTING_TEXT, Indicator, setting_said
from cardtable.solitaire import get_variant
from cardtable.ui.terminal.fullscreen import TableApp
from cardtable.ui.terminal.plain import SEARCH_STOPPED, SEARCHING_LONGER, SEARCHING_NOW, play_plain


def _games(tmp_path: Path) -> Games:
    return Games(Store(tmp_path / "t.db"), "me")


async def _settled(app: TableApp) -> None:
    """Wait (up to 4 s) for the verdict being worked out on its thread."""
    for _ in range(200):
        await asyncio.sleep(0.02)
        if app.verdict != "…":
            return


def test_typed_winnable_answers_and_the_setting_follows_every_move(tmp_path: Path) -> None:
    games = _games(tmp_path)
    session = Session(get_variant("freecell-1-cell"), 2, Options(auto_build=False))
    game_id = games.store.save("me", session)
    out: list[str] = []
    lines = ["winnable", "t1 c1", "winnable on", "c1 f1", "t2 c1", "winnable off", "undo", "quit"]
    play_plain(games, game_id, session, lines, out.append, indicator=Indicator(nodes=3_000, seconds=float("inf")))
    verdicts = [line for line in out if "still winnable?" in line]
    assert verdicts == [
        "  still winnable? yes",  # asked
        "  still winnable? yes",  # the table's, as the setting is turned on
        "  still winnable? yes",  # after c1 f1
        "  still winnable? can't be won from here: undo 1 move to get back to a winnable position",
    ]
    assert f"  Still winnable? On. {SETTING_TEXT}" in out  # as the full screen
    assert "  Still winnable? Off: no verdict follows a move until it is turned on again." in out
    assert not games.indicator_on()


def test_typed_winnable_on_is_kept_for_the_next_session(tmp_path: Path) -> None:
    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 1)
    game_id = games.store.save("me", session)
    play_plain(games, game_id, session, ["winnable on", "quit"], lambda text: None, indicator=Indicator(nodes=3_000, seconds=float("inf")))
    out: list[str] = []
    later = Session(get_variant("freecell"), 1)  # (the first, quit unplayed, is not kept: a new game of the same deal)
    play_plain(games, games.store.save("me", later), later, ["quit"], out.append, indicator=Indicator(nodes=3_000, seconds=float("inf")))
    assert "  still winnable? yes" in out


def test_fullscreen_w_turns_the_indicator_on_and_the_verdict_follows_the_status(tmp_path: Path) -> None:
    games = _games(tmp_path)
    session = Session(get_variant("freecell-1-cell"), 2, Options(auto_build=False))
    game_id = games.store.save("me", session)
    app = TableApp(games, game_id, session, indicator=Indicator(nodes=3_000, seconds=float("inf")))

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            assert app.verdict == ""
            await pilot.press("w")
            await _settled(app)
            assert games.indicator_on() and app.verdict == "yes"
            for source, target in (("t1", "c1"), ("c1", "f1"), ("t2", "c1")):
                app.show(app.session.move_card(source, -1, target))
                await _settled(app)
            assert app.verdict == "can't be won from here: undo 1 move to get back to a winnable position"
            await pilot.press("u")
            await _settled(app)
            assert app.verdict == "yes"
            await pilot.press("w")
            assert app.verdict == "" and not games.indicator_on()

    asyncio.run(drive())


def test_typed_new_winnable_and_daily_deal_proved_deals(tmp_path: Path) -> None:
    from cardtable.app.deals import DealBook

    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 1)
    game_id = games.store.save("me", session)
    out: list[str] = []
    play_plain(games, game_id, session, ["new winnable", "daily", "t1 c", "daily", "quit"], out.append)
    catalogue = DealBook(games.store).catalogue(get_variant("freecell"))
    assert any(f"FreeCell, winnable deal {deal}: 0 moves" in line for line in out for deal in catalogue)
    assert any("FreeCell, daily deal" in line for line in out)
    assert "  this is today's deal, still in play: play on" in out  # asked for again while in play: nothing given up
    *_, given_up, latest = games.store.records("me")  # the day's, left untouched at the end
    assert games.store.load("me", given_up.id).winnable  # (read back as it was dealt)
    assert latest.options and games.store.load("me", latest.id).daily and latest.status == "playing"
    out.clear()
    again = games.store.load("me", latest.id)
    play_plain(games, latest.id, again, ["new", "yes", "daily", "quit"], out.append)  # given up, then asked for again
    assert "  today's deal again: you have played it, so this game counts as an ordinary one" in out


def test_typed_new_winnable_goes_through_the_list_before_a_deal_comes_again(tmp_path: Path) -> None:
    import re

    from cardtable.app.deals import shipped

    games = _games(tmp_path)
    session = Session(get_variant("crescent"), 1)
    listed = set(shipped()["crescent"]) - {1}  # deal 1 is on the table already
    out: list[str] = []
    play_plain(games, games.store.save("me", session), session, ["new winnable"] * len(listed) + ["quit"], out.append)
    dealt = [int(m.group(1)) for line in out for m in [re.search(r"Crescent, (?:winnable )?deal (\d+): 0 moves", line)] if m]
    assert dealt[0] == 1 and sorted(dealt[1:]) == sorted(listed)  # the table first, then each deal once


def test_fullscreen_keys_deal_a_winnable_deal_and_the_daily_deal(tmp_path: Path) -> None:
    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 1)
    app = TableApp(games, games.store.save("me", session), session, indicator=Indicator(nodes=3_000, seconds=float("inf")))

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("N")
            assert app.message.startswith("new winnable deal") and not app.session.daily
            await pilot.press("D")
            assert re.fullmatch(rf"new today's deal {app.session.deal_number}(; .+ went home at the deal \(auto-build\))?", app.message)
            assert app.session.daily  # FreeCell hides nothing

    asyncio.run(drive())


def test_a_lost_open_game_says_why_typed_in_codes_and_on_the_full_screen_message(tmp_path: Path) -> None:
    # Streets and Alleys deal 1: every card face up, and eight of them can never leave
    # their rows, so the verdict says why (the typed mode writes the cards as typed).
    games = _games(tmp_path)
    session = Session(get_variant("streets-and-alleys"), 1)
    game_id = games.store.save("me", session)
    out: list[str] = []
    indicator = Indicator(nodes=1_000, seconds=float("inf"))
    play_plain(games, game_id, session, ["winnable", "quit"], out.append, indicator=indicator)
    said = "\n".join(out)
    assert "  still winnable? can't be won from here. TC, TD, QS, QC, TH, 3D, QH and QD can never leave" in said

    app = TableApp(games, game_id, session, indicator=Indicator(nodes=1_000, seconds=float("inf")))

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("w")
            await _settled(app)
            assert app.verdict == "can't be won from here"
            assert app.message.startswith("10♣, 10♦, Q♠, Q♣, 10♥, 3♦, Q♥ and Q♦ can never leave")

    asyncio.run(drive())


def test_fullscreen_status_line_stays_on_an_80_column_screen_under_a_long_message(tmp_path: Path) -> None:
    games = _games(tmp_path)
    session = Session(get_variant("klondike"), 2)
    game_id = games.store.save("me", session)
    app = TableApp(games, game_id, session, indicator=Indicator(nodes=3_000, seconds=float("inf")))

    def lines() -> list[str]:
        shown = app.query_one("#message")
        return [strip.text.strip() for strip in shown.render_lines(Region(0, 0, shown.size.width, shown.size.height))]

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("w")
            await _settled(app)
            await pilot.pause()
            seen = lines()
            assert seen[0].startswith("Still winnable? On.") and seen[1].endswith("never a card).")  # whole, in two lines
            assert seen[2].startswith("Klondike, deal 2:") and seen[2].endswith("still winnable? yes")
            app.verdict = "can't be won from here: undo 1 move to get back to a winnable position"  # too long to fit whole
            app.show_message()
            await pilot.pause()
            # The game's name gives way first: the moves, the score and the clock stay.
            assert lines()[2] == "0 moves, score 0%, 0:00 · winnable? can't be won from here: undo 1 move"
            await pilot.press("q")

    asyncio.run(drive())


def test_fullscreen_status_drops_the_verdict_once_the_game_is_won(tmp_path: Path) -> None:
    from tests.solitaire.games.positions import last_king_left

    state = last_king_left()
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    games = _games(tmp_path)
    games.set_indicator(True)
    app = TableApp(games, games.store.save("me", session), session, indicator=Indicator(nodes=3_000))

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _settled(app)
            assert "still winnable? yes" in str(app.query_one("#message").render())
            await pilot.click(f"#card-{session.pile_index('t1')}-0", times=2)
            await _settled(app)
            await pilot.pause()
            assert app.session.is_won and "still winnable" not in str(app.query_one("#message").render())
            await pilot.press("u")  # undone to look back: won all the same, nothing to judge
            await _settled(app)
            await pilot.pause()
            assert not app.session.is_won and "winnable" not in str(app.query_one("#message").render())

    asyncio.run(drive())


def test_the_settings_words_fit_the_80_column_screens_message_whole() -> None:
    from cardtable.ui.terminal.layout import fitted

    said = fitted(setting_said(True), 80 - 2, 2)
    assert not said.endswith("…") and said.replace("\n", " ").endswith("never a card).")


def test_typed_daily_over_a_game_in_progress_asks_about_todays_deal(tmp_path: Path) -> None:
    """Not "deal a new one": today's deal may be a game of it begun already, given back."""
    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 5)
    out: list[str] = []
    play_plain(games, games.store.save("me", session), session, ["t1 c", "daily", "no", "quit"], out.append)
    assert "  Give up this game as lost for today's deal? (yes/no)" in out and "  the game goes on" in out


def test_typed_winnable_on_a_won_game_says_it_is_won() -> None:
    from cardtable.app.showing import Playback, playback
    from cardtable.ui.terminal.plain import still_winnable

    session = Session(get_variant("freecell"), 1, Options(auto_build=False))
    shown = playback(session, seconds=float("inf"))
    assert isinstance(shown, Playback)
    for move in shown.moves:
        assert session.play(move).ok
    assert session.is_won
    assert still_winnable(Indicator(nodes=1_000, seconds=float("inf")), session) == "  still winnable? the game is won"


def test_an_unknown_verdict_is_searched_again_longer_when_asked_for_or_the_table_rests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.ui.terminal import fullscreen

    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 11982)  # its proof: some 110,000 positions; 20,000 each, 160,000 longer
    game_id = games.store.save("me", session)
    out: list[str] = []
    play_plain(games, game_id, session, ["winnable", "winnable", "quit"], out.append, indicator=Indicator(nodes=20_000, seconds=float("inf")))
    assert "  still winnable? can't be won from here" in out  # asked for: the longer search decides it
    said = [line for line in out if "search" in line or "still winnable?" in line]
    assert said == [  # the player is told why nothing shows for a while; asked again, the verdict is at once
        SEARCHING_NOW, SEARCHING_LONGER, "  still winnable? can't be won from here", "  still winnable? can't be won from here",
    ]
    monkeypatch.setattr(fullscreen, "LONGER_AFTER", 0.1)
    app = TableApp(games, game_id, Session(get_variant("freecell"), 11982), indicator=Indicator(nodes=20_000, seconds=float("inf")))
    seen: list[str] = []  # every verdict the status line shows, as it is shown (read every 20 ms, a
    shows = TableApp.show_message  # busy machine's key press came back with the verdict already final)

    def showing(shown: TableApp) -> None:
        if not seen or seen[-1] != shown.verdict:
            seen.append(shown.verdict)
        shows(shown)

    monkeypatch.setattr(TableApp, "show_message", showing)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("w")
            for _ in range(1500):
                await asyncio.sleep(0.02)
                if app.verdict.startswith("can't"):
                    break

    asyncio.run(drive())
    assert "unknown: the search ran out of room before it could tell" in seen and seen[-1] == "can't be won from here"


def test_the_full_screen_quit_while_a_verdict_is_unknown_starts_no_longer_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.ui.terminal import fullscreen

    # Long enough that the quit comes first on a loaded machine (at 0.3 s the key once came
    # later, under a full test run); a quit that did not end the wait would still meet it.
    monkeypatch.setattr(fullscreen, "LONGER_AFTER", 3.0)
    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 11982)
    indicator = Indicator(nodes=20_000, seconds=float("inf"))
    longer: list[object] = []
    monkeypatch.setattr(indicator, "longer", lambda history: longer.append(history))  # (a quit would wait for it)
    app = TableApp(games, games.store.save("me", session), session, indicator=indicator)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("w")
            await _settled(app)
            assert app.verdict.startswith("unknown")
            await pilot.press("q")

    asyncio.run(drive())  # (returns once its threads are done)
    assert longer == []


def test_ctrl_c_while_typed_winnable_searches_stops_the_search_not_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import _thread
    import signal
    import threading

    games = _games(tmp_path)
    session = Session(get_variant("freecell"), 11982)
    game_id = games.store.save("me", session)
    indicator = Indicator(nodes=20_000, seconds=float("inf"))
    released = threading.Event()

    def longer(history: object) -> object:  # a search that takes as long as the test wants
        released.wait(20)
        raise AssertionError("its verdict must go unsaid")

    monkeypatch.setattr(indicator, "longer", longer)
    out: list[str] = []

    def write(text: str) -> None:
        out.append(text)
        if text == SEARCHING_LONGER:  # Ctrl-C while it searches
            threading.Timer(0.2, _thread.interrupt_main).start()

    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # (as at a terminal)
    try:
        status = play_plain(games, game_id, session, ["winnable", "t8>c1", "quit"], write, indicator=indicator)
    finally:
        signal.signal(signal.SIGINT, before)
        released.set()
    assert status == 0  # the game went on to the quit typed, not ended by the Ctrl-C
    assert SEARCH_STOPPED in out and out.index(SEARCH_STOPPED) > out.index(SEARCHING_LONGER)
    assert games.store.load("me", game_id).move_count == 1  # the move typed after it was played and saved
