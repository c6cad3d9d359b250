""""Show me" in the terminal: stepping through the win in the typed mode, the playback
screen in the full screen, and a game with face-down cards given up only once agreed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtable.app import Session, Store
from cardtable.app.service import Games
from cardtable.solitaire import get_variant
from cardtable.ui.terminal.fullscreen import TableApp
from cardtable.ui.terminal.playback import PlaybackScreen
from cardtable.ui.terminal.plain import play_plain


def _game(tmp_path: Path, game: str, deal: int) -> tuple[Games, int, Session]:
    games = Games(Store(tmp_path / "t.db"), "me")
    session = Session(get_variant(game), deal)
    return games, games.store.save("me", session), session


def test_typed_show_steps_on_enter_and_stops_on_anything_else(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "freecell", 1)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "", "", "stop", "quit"], out.append)
    steps = [line for line in out if "show me: move" in line]
    assert len(steps) == 3 and steps[0].endswith(steps[0].split(": ")[-1])
    assert any(line.startswith("  show me: a win in ") for line in out)
    assert "  stopped after move 3" in out and "  the game is as it was" in out
    assert session.move_count == 0 and games.store.latest_unfinished("me") == game_id


def test_typed_show_of_a_game_hiding_cards_asks_then_gives_it_up(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "klondike", 3)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "no", "show", "yes"] + [""] * 300 + ["quit"], out.append)
    assert "  not shown; the game goes on" in out
    assert "  the game is as it was (given up)" in out
    assert games.store.latest_unfinished("me") is None
    assert [r.status for r in games.store.records("me")] == ["lost"]


def test_fullscreen_m_plays_the_win_back_on_a_screen_of_its_own(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "freecell", 1)
    app = TableApp(games, game_id, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("m")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, PlaybackScreen)
            await pilot.press("space")
            assert screen.step >= 1
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, PlaybackScreen)
            assert app.session.move_count == 0

    asyncio.run(drive())


def test_typed_show_of_a_deal_proved_lost_says_it_cant_be_won(tmp_path: Path) -> None:
    games, game_id, session = _game(tmp_path, "freecell", 11982)
    out: list[str] = []
    play_plain(games, game_id, session, ["show", "quit"], out.append)
    assert any("can't be won from here" in line for line in out)
    assert not any("show me: a win" in line for line in out)
