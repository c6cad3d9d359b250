""""Show me" in the terminal: stepping through the win in the typed mode, the playback
screen in the full screen, and a game with face-down cards given up only once agreed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cardtable.app import Options, Scoring, Session, Store
from cardtable.app.showing import Playback, playback
from cardtable.app.service import Games
from cardtable.solitaire import get_variant
from cardtable.solver import solve
from cardtable.ui.terminal.fullscreen import CardView, TableApp
from textual.pilot import Pilot
from textual.widgets import Static
from cardtable.ui.terminal.playback import PlaybackScreen
from cardtable.ui.terminal.plain import play_plain, status_line


def _game(tmp_path: Path, game: str, deal: int) -> tuple[Games, int, Session]:
    games = Games(Store(tmp_path / "t.db"), "me")
    session = Session(get_variant(game), deal)
    return games, games.store.save("me", session), session


async def _until_played_back(pilot: Pilot[Any], app: TableApp) -> None:
    """Wait (30 s at most) for the playback screen: a loaded machine takes a while to
    find the win and lay the screen out."""
    for _ in range(600):
        await pilot.pause()
        if isinstance(app.screen, PlaybackScreen):
            return
        await asyncio.sleep(0.05)


def test_typed_show_steps_on_enter_and_stops_on_anything_else(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "freecell", 1)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "", "", "stop", "quit"], out.append)
    steps = [line for line in out if "show me: step" in line]
    assert len(steps) == 3 and steps[0].endswith(steps[0].split(": ")[-1])
    assert " from column " in steps[0].split("show me: step 1 of ")[1]  # in words, as a hint says a move
    assert any(line.startswith("  show me: a win in ") for line in out)
    assert "  stopped after step 3" in out and "  the game is as it was" in out
    assert session.move_count == 0
    assert [r.status for r in games.store.records("me")] == ["unplayed"]  # left untouched at the quit, not given up as lost


def test_each_step_of_show_me_counts_on_from_the_game_with_its_clock_and_score(tmp_path: Path) -> None:
    session = Session(get_variant("freecell"), 617, Options(scoring=Scoring.STANDARD))
    assert session.play_card("t1").ok
    shown = playback(session, seconds=60.0)
    assert isinstance(shown, Playback)
    session.pause()  # (the frames' clock stands where the game's does)
    opening, second = shown.frame(session, 0), shown.frame(session, 1)
    assert (opening.move_count, second.move_count) == (1, 2) and opening.score == session.score
    assert second.elapsed == session.elapsed and second.state == shown.states[1]
    assert "won" not in status_line(second)  # (a playback is no game won and undone)
    out: list[str] = []
    games = Games(Store(tmp_path / "t.db"), "me")
    play_plain(games, games.store.save("me", session), session, ["show", "", "stop", "quit"], out.append)
    [first] = [line for line in out if "\n  show me: step 1 of" in line]
    assert "\nFreeCell, deal 617: 2 moves, score " in first, first


def test_typed_show_of_a_game_hiding_cards_asks_then_gives_it_up(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "klondike", 3)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "no", "show", "yes"] + [""] * 300 + ["quit"], out.append)
    assert "  not shown; the game goes on" in out
    assert "  the game is as it was (given up)" in out
    assert games.store.latest_unfinished("me") is None
    assert [r.status for r in games.store.records("me")] == ["lost"]


def test_fullscreen_m_plays_the_win_back_on_the_table_itself(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "freecell", 1)
    app = TableApp(games, game_id, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("m")
            await _until_played_back(pilot, app)
            screen = app.screen
            assert isinstance(screen, PlaybackScreen)
            await pilot.press("space")
            await pilot.pause()
            assert screen.step >= 1
            frame = app.drawn  # the table draws the win's position, not the game's
            assert frame is not app.session and frame.state == screen.shown.frame(app.session, screen.step).state
            piles = frame.state.piles  # a pile whose top card the moves shown changed (auto-build may have emptied the last one's)
            target = next(i for i, pile in enumerate(piles) if pile and pile[-1:] != app.session.state.piles[i][-1:])
            landed = piles[target][-1]
            top = [v for v in app.query(CardView) if v.pile == target and v.position == len(piles[target]) - 1]
            assert [str(v.render()) for v in top] == [landed.symbol] and landed not in app.session.state.piles[target]
            assert f"step {screen.step} of {len(screen.shown.moves)}" in str(screen.query_one("#playing", Static).render())
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, PlaybackScreen)
            assert app.session.move_count == 0 and app.drawn is app.session
            assert app.message == "the game is as it was"
            screen.action_step()  # a step whose tick was due as the player stopped it
            assert app.drawn is app.session

    asyncio.run(drive())


def test_typed_show_of_a_deal_proved_lost_says_it_cant_be_won(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "freecell", 11982)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "quit"], out.append)
    assert any("can't be won from here" in line for line in out)
    assert not any("show me: a win" in line for line in out)


def test_fullscreen_after_a_game_is_given_up_to_be_shown_it_is_played_no_further_and_n_deals_anew(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "klondike", 7)
    app = TableApp(games, game_id, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("m", "y")
            await _until_played_back(pilot, app)
            assert isinstance(app.screen, PlaybackScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.message == "the game is as it was (given up: n for a new deal)"
            await pilot.press("d", "u", "i")  # a deal, an undo and a hint: each refused, nothing changes
            await pilot.pause()
            assert app.session is session and session.move_count == 0
            assert app.message == "this game was given up: start a new deal"
            assert str(app.query_one("#message", Static).content).endswith(", given up")  # the status line too
            await pilot.press("n")  # nothing left to give up: a new deal at once
            await pilot.pause()
            assert app.session is not session and app.message.startswith("new deal")
            await pilot.press("q")

    asyncio.run(drive())
    assert [r.status for r in games.store.records("me")][:1] == ["lost"]


def test_typed_play_on_a_game_given_up_is_refused_and_a_won_game_may_still_be_undone(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "klondike", 3)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "yes", "stop", "turn", "new", "quit"], out.append)
    assert "  this game was given up: start a new deal" in out
    assert not any("Give up this game" in line for line in out)  # nothing left to give up
    won = Session(get_variant("freecell"), 1, Options(auto_build=False))
    for move in solve(won.state).moves:
        assert won.play(move).ok
    assert won.hint().reason == "the game is won: nothing is left to play"
    assert won.is_won and won.undo().ok and not won.given_up
    assert won.result == "won" and status_line(won).endswith(", won (undone to look back)")  # the win still counts
    assert won.redo().ok and not status_line(won).endswith("look back)")


def test_typed_show_of_a_lost_position_shows_the_win_from_further_back(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "golf", 3)
    out: list[str] = []
    play_plain(games, game_id, session, ["turn"] * 4 + ["show", "yes", "stop", "quit"], out.append)
    assert any(line.startswith("  show me: a win from 1 move back, in ") and "(none from where it stands)" in line for line in out), out
    assert "  the game is as it was (given up)" in out and session.move_count == 4


def test_typed_show_with_the_indicator_on_offers_the_undo_before_giving_up(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "golf", 3)
    games.set_indicator(True)
    out: list[str] = []
    play_plain(games, game_id, session, ["turn"] * 4 + ["show", "yes", "quit"], out.append)
    assert ("  this game can't be won from here, but it can be won 1 move back: undo 1 move and play on? (yes/no; "
            "after no, you are asked whether to give the game up to see the win)") in out
    assert session.move_count == 3 and not session.given_up
    assert games.store.load("me", game_id).move_count == 3  # saved as undone
    declined: list[str] = []
    play_plain(games, game_id, session, ["turn", "show", "no", "yes", "stop", "winnable", "quit"], declined.append)
    assert "  the game is as it was (given up)" in declined and session.given_up
    after = declined[declined.index("  the game is as it was (given up)"):]
    assert "  still winnable? the game was given up: start a new deal" in after
    assert not any("to get back to a winnable position" in line for line in after)  # no undo it can't make


def test_fullscreen_show_of_a_lost_position_starts_on_the_table_it_can_be_won_from(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "golf", 3)
    for _ in range(4):
        assert session.deal().ok
    app = TableApp(games, game_id, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("m", "y")
            await _until_played_back(pilot, app)
            screen = app.screen
            assert isinstance(screen, PlaybackScreen) and screen.shown.back == 1
            # A move back, before the win's first move (the playback steps on by itself).
            assert screen.shown.frame(app.session, 0).state == session.history.state_at(3)
            assert app.drawn.state == screen.shown.frame(app.session, screen.step).state
            assert screen.shown.text.startswith("a win from 1 move back, in")
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(drive())


def test_fullscreen_show_with_the_indicator_on_offers_the_undo_before_giving_up(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "golf", 3)
    games.set_indicator(True)
    for _ in range(4):
        assert session.deal().ok
    app = TableApp(games, game_id, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            for _ in range(600):  # the verdict is worked out on a thread
                if "can't be won" in app.verdict:
                    break
                await asyncio.sleep(0.05)
            await pilot.press("m")
            await pilot.pause()
            asked = str(app.screen.query_one("#sheet", Static).render())
            assert asked.startswith("This game can't be won from here, but it can be won 1 move back: undo 1 move and play on?")
            await pilot.press("y")
            await pilot.pause()
            assert app.session.move_count == 3 and not app.session.given_up
            assert games.store.load("me", game_id).move_count == 3
            await pilot.press("q")

    asyncio.run(drive())


def test_a_show_whose_search_runs_out_gives_nothing_up_typed_or_full_screen(tmp_path: Path) -> None:
    from cardtable.ui.terminal.playback import show_typed

    games, game_id, session = _game(tmp_path, "klondike", 3)
    out: list[str] = []
    show_typed(games, game_id, session, iter(["yes"]), out.append, lambda s: "", lambda: None, nodes=20)
    assert any("no win was found" in line and "the game goes on, not given up" in line for line in out)
    assert not session.given_up and games.store.latest_unfinished("me") == game_id
    app = TableApp(games, game_id, session)
    app.show_nodes = 20

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("m", "y")
            await pilot.pause()
            assert "no win was found" in app.message and "not given up" in app.message
            assert not app.session.given_up

    asyncio.run(drive())
    assert [r.status for r in games.store.records("me")] == ["playing"]
