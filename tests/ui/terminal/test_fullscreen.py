"""The full-screen table, driven headless by Textual's pilot: clicks, keys, a win."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from cardtable.app import Options, Scoring, Session, Store, order_violations
from cardtable.app.service import Games
from cardtable.solitaire import MoveKind, get_variant, legal_moves
from textual.widgets import Static
from cardtable.app.clicks import played_by_click
from cardtable.ui.terminal.fullscreen import CardView, ConfirmScreen, TableApp
from cardtable.ui.terminal.plain import status_line
from tests.solitaire.games.positions import last_king_left, position
from tests.ui.terminal.compiling import slow_to_hint


def _app(tmp_path: Path, session: Session) -> tuple[TableApp, Games, int]:
    games = Games(Store(tmp_path / "t.db"), "me")
    game_id = games.store.save("me", session)
    return TableApp(games, game_id, session), games, game_id


def _top(session: Session, pile: str) -> str:
    cards = session.state.piles[session.pile_index(pile)]
    return cards[-1].code if cards else ""


def test_click_a_card_then_its_target_moves_it_and_keys_undo(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            t6, t2 = session.pile_index("t6"), session.pile_index("t2")
            await pilot.click(f"#card-{t6}-5")
            await pilot.click(f"#card-{t2}-1")
            await pilot.pause()
            assert _top(app.session, "t2") == "TH"
            assert games.store.load("me", game_id).state == app.session.state  # saved at once
            await pilot.press("u")
            assert _top(app.session, "t2") == "JS"
            await pilot.click(f"#card-{session.pile_index('t1')}-0")  # 6♦ goes nowhere: not picked up, and why
            await pilot.pause()
            assert app.selected is None and app.message.startswith("6♦ builds on no column's last card")
            await pilot.press("d")
            assert _top(app.session, "waste") == "KD"
            await pilot.press("i")
            assert app.message
            await pilot.click(f"#card-{t6}-0")  # face down: said, not the hint left standing
            await pilot.pause()
            assert app.selected is None and app.message == "that card is face down: it can't be played until it turns up"

    asyncio.run(drive())


def test_a_card_its_pile_holds_down_is_not_picked_up_and_the_rule_is_said(tmp_path: Path) -> None:
    session = Session(get_variant("golf"), 5)
    t1 = session.pile_index("t1")
    under, top = session.state.piles[t1][-2:]
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.cursor_pile, app.cursor_card = t1, len(session.state.piles[t1]) - 2
            await pilot.press("space")
            assert app.selected is None  # it could never move: nothing is held
            assert app.message == f"{under.symbol} lies under {top.symbol}: only one card moves at a time"
            app.cursor_pile, app.cursor_card = going, -1  # a top card with somewhere to go: the waste, its one place
            await pilot.press("space")
            assert app.session.move_count == 1 and app.selected is None  # played, as a click plays it

    going = next(p for p in session.variant.tables.tableau if session.targets(p, -1))
    asyncio.run(drive())


def test_double_click_sends_a_card_home_and_wins(tmp_path: Path) -> None:
    state = last_king_left()
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    app, games, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.click(f"#card-{session.pile_index('t1')}-0", times=2)
            await pilot.pause()
            assert app.session.is_won and "You won" in app.message

    asyncio.run(drive())
    assert [r.status for r in games.store.records("me")] == ["won"]


def _space_says(app: TableApp) -> str:
    return next(b.binding.description for b in app.active_bindings.values() if b.binding.key == "space" and b.enabled)


def test_keyboard_cursor_picks_up_and_drops(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            # The cursor starts on the stock; on an empty pile (the waste) it lights its place.
            await pilot.press("right")
            await pilot.pause()
            waste = app.query_one(f"#card-{session.pile_index('waste')}--1")
            assert waste.has_class("cursor")
            await pilot.press("space")
            assert app.message == "this place is empty: nothing to pick up"
            await pilot.press("enter")
            assert app.message == "this place is empty: nothing to play"
            for _ in range(session.pile_index("t6") - 1):
                await pilot.press("right")
            assert _space_says(app) == "Pick"
            await pilot.press("space")
            assert app.message == "now move to where it goes and press space"
            assert _space_says(app) == "Drop"  # the key line says what space does now
            for _ in range(session.pile_index("t6") - session.pile_index("t2")):
                await pilot.press("left")
            await pilot.press("space")
            assert _top(app.session, "t2") == "TH"
            await pilot.press("question_mark")
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(drive())


def test_space_on_a_card_that_can_go_nowhere_says_why_as_a_click_does(tmp_path: Path) -> None:
    session = Session(get_variant("golf"), 4, Options(auto_build=False))  # the waste shows Q♣
    app, _, _ = _app(tmp_path, session)
    t1 = session.pile_index("t1")
    why = session.why_nowhere(t1, -1)
    assert why.startswith(f"{session.state.piles[t1][-1].symbol} can't go on Q♣")

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(t1):  # from the stock to column 1
                await pilot.press("right")
            await pilot.press("space")  # it was picked up, and only a drop said it could go nowhere
            assert (app.selected, app.message) == (None, why)

    asyncio.run(drive())


def test_enter_on_the_stock_deals_and_space_on_the_cards_own_pile_puts_it_back(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the cursor starts on the stock: it deals, as a click does
            assert app.session.move_count == 1 and _top(app.session, "waste")
            for _ in range(session.pile_index("t6")):
                await pilot.press("right")
            await pilot.press("space")
            assert app.selected is not None and _space_says(app) == "Drop"
            await pilot.press("up")  # another card of the same pile
            await pilot.press("space")  # put back, not a second card picked up instead
            assert app.selected is None and app.message == "put back where it lay" and _space_says(app) == "Pick"
            assert app.session.move_count == 1
            await pilot.press("q")

    asyncio.run(drive())


def test_the_rules_sheet_scrolls_from_the_keyboard_on_a_small_screen(tmp_path: Path) -> None:
    app, _, _ = _app(tmp_path, Session(get_variant("klondike"), 7))

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            sheet = app.screen.query_one("#sheet")
            assert sheet.max_scroll_y > 0 and sheet.scroll_y == 0  # more than a screen: the keys are below
            await pilot.press("end")
            await pilot.pause()
            assert sheet.scroll_y == sheet.max_scroll_y
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.screen_stack[0]
            await pilot.press("ctrl+p")  # no command palette: its Quit would leave without saving
            await pilot.pause()
            assert app.screen is app.screen_stack[0] and len(app.screen_stack) == 1

    asyncio.run(drive())


def test_cards_out_of_order_are_marked(tmp_path: Path) -> None:
    session = Session(get_variant("yukon"), 3, Options(auto_build=False))
    marks = order_violations(session.state)
    assert marks
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            for name, positions in marks.items():
                i = session.pile_index(name)
                for n in range(len(session.state.piles[i])):
                    view = app.query_one(f"#card-{i}-{n}")
                    assert view.has_class("violation") == (n in positions)
            await pilot.press("q")

    asyncio.run(drive())


def test_a_random_deal_with_hidden_cards_keeps_its_number_off_the_screen(tmp_path: Path) -> None:
    games = Games(Store(tmp_path / "t.db"), "me", random.Random(5))
    game_id, session = games.start("klondike")
    app = TableApp(games, game_id, session)

    def shown() -> str:
        return str(app.query_one("#message", Static).content)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "Klondike, random deal:" in shown() and str(session.deal_number) not in shown()
            await pilot.press("n")
            await pilot.pause()
            assert app.session is not session and app.session.is_deal_hidden
            assert "new deal (its number is shown once the game is over)" in shown() and str(app.session.deal_number) not in shown()
            await pilot.press("q")

    asyncio.run(drive())


def test_a_new_deal_asks_before_giving_a_game_in_progress_up_as_lost(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and app.session is session
            await pilot.press("n")  # no: the game goes on
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmScreen) and app.session is session
            assert [r.status for r in games.store.records("me")] == ["playing"]
            await pilot.press("n", "y")
            await pilot.pause()
            assert app.session is not session and app.session.move_count == 0
            assert [r.status for r in games.store.records("me")] == ["lost", "playing"]
            await pilot.press("n")  # nothing played yet in the new deal: nothing to ask
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmScreen)
            await pilot.press("q")

    asyncio.run(drive())


def test_on_a_busy_database_a_move_goes_back_and_a_new_deal_gives_nothing_up(tmp_path: Path) -> None:
    import sqlite3

    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    games = Games(Store(tmp_path / "t.db", timeout=0.2), "me")
    app = TableApp(games, games.store.save("me", session), session)
    holder = sqlite3.connect(tmp_path / "t.db", isolation_level=None)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            assert session.move_count == 1
            holder.execute("BEGIN EXCLUSIVE")  # another program takes the database
            await pilot.press("d")
            await pilot.pause()
            assert session.move_count == 1 and "not played, the game is as it was" in app.message
            await pilot.press("n", "y")
            await pilot.pause()
            assert app.session is session and not session.given_up
            assert app.message.startswith("can't start a new game") and app.message.endswith("the game goes on")
            await pilot.press("w")
            await pilot.pause()
            assert not app.judging and app.message.endswith(": the setting is as it was")
            holder.execute("COMMIT")
            await pilot.press("d")
            await pilot.pause()
            assert session.move_count == 2
            holder.execute("BEGIN EXCLUSIVE")  # busy again at the quit
            await pilot.press("q")

    asyncio.run(drive())
    assert app.return_code == 1 and app.farewell.endswith("is kept as it was saved after its last move: `cardtable resume` continues it.")
    holder.execute("COMMIT")
    assert [(r.status, r.moves) for r in games.store.records("me")] == [("playing", 2)]
    holder.close()


def test_a_chosen_deal_shows_its_number(tmp_path: Path) -> None:
    app, _, _ = _app(tmp_path, Session(get_variant("klondike"), 7))

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "Klondike, deal 7:" in str(app.query_one("#message", Static).content)
            await pilot.press("q")

    asyncio.run(drive())


def test_the_statistics_screen_shows_bests_and_recent_games(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)
    games.leave(game_id, Session(get_variant("klondike"), 7))
    games.store.set_status("me", games.store.save("me", Session(get_variant("klondike"), 9)), "lost")
    app.game_id = games.store.save("me", session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("s")
            await pilot.pause()
            sheet = str(app.screen.query_one("#text", Static).content)
            assert "best score" in sheet and "fewest moves" in sheet
            assert "recent:" in sheet and "deal 9  lost" in sheet
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(drive())


def test_the_statistics_screen_counts_a_game_damaged_after_it_finished_and_says_so(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)
    games.store._db.execute("UPDATE games SET moves = 'many', status = 'lost' WHERE id = ?", (game_id,))
    app.game_id = games.store.save("me", session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("s")
            await pilot.pause()
            sheet = str(app.screen.query_one("#text", Static).content)
            # Tallied as it finished, as the web's statistics count it; the one in play is not counted.
            assert sheet.startswith("Klondike: played 1, won 0 (0%)")
            assert f"saved game {game_id} can't be read for the recent games" in sheet and "recent:" not in sheet
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(drive())


def test_a_hint_lights_the_cards_to_move_and_where_they_go_until_the_next_action(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("i")
            for _ in range(200):  # (a first search may wait for the solver to load, after a refresh)
                await pilot.pause(0.05)
                if app.hinted is not None:
                    break
            move = app.hinted
            assert move is not None and move.source is not None and move.target is not None
            source = session.state.piles[move.source]
            target = session.state.piles[move.target]
            lit = {(v.pile, v.position) for v in app.query(CardView) if v.has_class("hinted")}
            moved = {(move.source, n) for n in range(len(source) - move.count, len(source))}
            assert lit == moved | {(move.target, len(target) - 1)}
            assert app.message.startswith(app.session.hint().reason[:10])
            await pilot.press("d")
            await pilot.pause()
            assert app.hinted is None
            assert not [v for v in app.query(CardView) if v.has_class("hinted")]

    asyncio.run(drive())


def test_drag_a_run_onto_another_pile_and_see_it_land(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            t2, t6, t7 = (session.pile_index(p) for p in ("t2", "t6", "t7"))
            await pilot.pause()  # laid out before the first press
            await pilot.mouse_down(f"#card-{t6}-5")  # 10♥ onto J♠
            await pilot.mouse_up(f"#card-{t2}-1")
            await pilot.pause()
            assert [c.code for c in app.session.state.piles[t2][-2:]] == ["JS", "TH"]
            assert games.store.load("me", game_id).state == app.session.state
            await pilot.mouse_down(f"#card-{t2}-1")  # J♠ with 10♥ on it: a run, onto 4♠
            await pilot.mouse_up(f"#card-{t7}-6")
            await pilot.pause()
            assert "can't go on" in app.message and app.session.move_count == 1
            await pilot.mouse_down(f"#card-{t6}-4")  # a face-down card does not drag
            await pilot.mouse_up(f"#card-{t2}-2")
            await pilot.pause()
            assert app.session.move_count == 1

    asyncio.run(drive())


def test_the_status_counts_the_redeals_a_stock_has_left(tmp_path: Path) -> None:
    session = Session(get_variant("klondike-draw3-vegas"), 4, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert "2 redeals left" in str(app.query_one("#message", Static).render())
            for _ in range(8):
                await pilot.press("d")
            await pilot.press("d")  # the empty stock turns the waste over
            await pilot.pause()
            assert app.session.state.redeals == 1
            assert "1 redeal left" in str(app.query_one("#message", Static).render())

    asyncio.run(drive())
    unlimited = Session(get_variant("klondike"), 4)
    assert "left" not in status_line(unlimited, stock=True) and "left" not in status_line(session)


def test_d_redeals_a_game_that_gathers_its_fans_and_the_status_counts_the_redeals(tmp_path: Path) -> None:
    session = Session(get_variant("la-belle-lucie"), 3, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)
    dealt = session.state.piles

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert "2 redeals left" in str(app.query_one("#message", Static).render())
            await pilot.press("d")
            await pilot.pause()
            assert app.session.state.piles != dealt  # gathered, shuffled, dealt again
            assert "1 redeal left" in str(app.query_one("#message", Static).render())

    asyncio.run(drive())


def test_a_stock_whose_top_card_plays_shows_it_and_a_click_moves_it(tmp_path: Path) -> None:
    session = Session(get_variant("strategy"), 3, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)
    stock = session.pile_index("stock")
    top = session.state.piles[stock][-1]

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            shown = app.query_one(f"#card-{stock}-47", CardView)
            assert top.symbol in str(shown.render())
            await pilot.click(f"#card-{stock}-47")
            await pilot.click(f"#card-{session.pile_index('t1')}--1")
            await pilot.pause()
            assert _top(app.session, "t1") == top.code
            assert len(app.session.state.piles[stock]) == 47

    asyncio.run(drive())


def test_pyramids_stock_shows_its_top_card_and_a_pair_hint_lights_both_cards(tmp_path: Path) -> None:
    variant = get_variant("pyramid")
    deal = next(n for n in range(1, 50) if any(
        m.kind is MoveKind.PAIR and m.target is not None for m in legal_moves(variant.start(n))))
    session = Session(variant, deal, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)
    stock = session.pile_index("stock")
    cards = session.state.piles[stock]
    pair = next(m for m in legal_moves(session.state) if m.kind is MoveKind.PAIR and m.target is not None)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            shown = str(app.query_one(f"#card-{stock}-{len(cards) - 1}", CardView).render())
            assert shown == f"{cards[-1].symbol} {len(cards)}"  # the card that plays, and how many are left
            app.hinted = pair
            app.redraw()
            await pilot.pause()
            lit = {(v.pile, v.position) for v in app.query(CardView) if v.has_class("hinted")}
            assert lit == {(p, len(session.state.piles[p]) - 1) for p in (pair.source, pair.target)}

    asyncio.run(drive())


def test_the_status_line_runs_with_the_clock_between_moves(tmp_path: Path) -> None:
    now = [0.0]
    session = Session(get_variant("klondike"), 7, Options(auto_build=False, scoring=Scoring.TIMED), clock=lambda: now[0])
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.click(f"#card-{session.pile_index('t6')}-5")
            await pilot.click(f"#card-{session.pile_index('t2')}-1")  # the clock starts with the first move
            await pilot.pause()
            first = str(app.query_one("#message", Static).render())
            assert "0:00" in first and f"score {app.session.points}" in first
            now[0] = 25.0
            await pilot.pause(1.3)  # no move: the line moves on by itself
            later = str(app.query_one("#message", Static).render())
            assert "0:25" in later and f"score {max(0, app.session.points - 4)} (standard points, timed)" in later

    asyncio.run(drive())


def test_keys_restart_the_deal_and_mark_a_position_to_come_back_to(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")
            await pilot.press("b")
            await pilot.pause()
            assert "marked this position (after move 1)" in app.message
            marked = app.session.state
            await pilot.press("d", "d")
            await pilot.press("B")
            await pilot.pause()
            assert app.session.state == marked and app.session.move_count == 1
            await pilot.press("R")
            await pilot.pause()
            assert app.session.move_count == 0 and app.session.state == get_variant("klondike").start(7)
            assert app.message == "back at the opening position: undo takes the restart back"
            assert games.store.load("me", game_id).state == app.session.state  # saved

    asyncio.run(drive())


def test_the_cursor_shows_on_a_card_marked_out_of_order(tmp_path: Path) -> None:
    session = Session(get_variant("freecell"), 5, Options(auto_build=False))
    t2 = session.pile_index("t2")
    top = len(session.state.piles[t2]) - 1
    assert top in order_violations(session.state)["t2"]
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.cursor_pile = t2
            app.redraw()
            await pilot.pause()
            view = app.query_one(f"#card-{t2}-{top}", CardView)
            assert view.has_class("violation") and view.has_class("cursor")
            assert view.rich_style.reverse and view.rich_style.underline  # both marks show

    asyncio.run(drive())


def test_down_and_up_go_on_to_the_pile_below_and_above(tmp_path: Path) -> None:
    session = Session(get_variant("freecell"), 5, Options(auto_build=False))
    c1, t1 = session.pile_index("c1"), session.pile_index("t1")
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.cursor_pile = c1
            app.redraw()
            await pilot.pause()
            await pilot.press("down")
            assert app.cursor_pile == t1 and app.cursor_card == -1  # onto the column's playable card
            for _ in range(len(session.state.piles[t1]) - 1):
                await pilot.press("up")
            assert app.cursor_pile == t1 and app.cursor_card == 0  # up the column to its first card
            await pilot.press("up")
            assert app.cursor_pile == c1  # and on to the free cell above it

    asyncio.run(drive())


@pytest.mark.parametrize("game", ["golf", "pyramid"])
def test_space_plays_a_card_that_goes_alone_as_a_click_does(tmp_path: Path, game: str) -> None:
    # The help line says such a card goes "at a click (or use the arrows and space)": space
    # picked it up and asked where it goes.
    session = Session(get_variant(game), 1, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)
    pile, position = next((p, n) for p in range(len(session.state.piles)) for n in range(len(session.state.piles[p]))
                          if n == len(session.state.piles[p]) - 1 and played_by_click(session.state, p, n) is not None)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.cursor_pile, app.cursor_card = pile, position
            await pilot.press("space")
            await pilot.pause()
            assert app.session.move_count == 1 and app.selected is None, app.message

    asyncio.run(drive())


def test_the_cursor_moves_its_mark_without_rebuilding_the_table(tmp_path: Path) -> None:
    # Each arrow rebuilt Montana's 52 places (over half a second of CPU): keys pressed
    # meanwhile were lost. The mark moves alone now, one card lit at a time.
    session = Session(get_variant("montana"), 1, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            drawn = set(app.query(CardView))
            for step in range(1, 6):
                await pilot.press("right")
                await pilot.pause()
                lit = [(v.pile, v.position) for v in app.query(CardView) if v.has_class("cursor")]
                cards = len(session.state.piles[app.cursor_pile])
                assert lit == [(app.cursor_pile, cards - 1 if cards else -1)], step
            await pilot.press("down")
            await pilot.pause()
            assert [v.pile for v in app.query(CardView) if v.has_class("cursor")] == [app.cursor_pile]
            assert set(app.query(CardView)) == drawn  # the same widgets: nothing rebuilt

    asyncio.run(drive())


def test_a_click_on_pyramids_stock_picks_its_card_up_and_a_second_deals(tmp_path: Path) -> None:
    session = Session(get_variant("pyramid"), 6, Options(auto_build=False))  # 9♣ on the stock pairs with the waste's 4
    stock = session.pile_index("stock")
    left = len(session.state.piles[stock])
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.click(f"#card-{stock}-{left - 1}")
            await pilot.pause()
            assert app.selected == (stock, left - 1) and len(app.session.state.piles[stock]) == left
            assert "or the stock again to deal" in app.message
            await pilot.click(f"#card-{stock}-{left - 1}")
            await pilot.pause()
            assert len(app.session.state.piles[stock]) == left - 1 and app.selected is None

    asyncio.run(drive())


def test_a_click_on_a_pyramid_stock_card_that_pairs_with_none_deals_at_once(tmp_path: Path) -> None:
    session = Session(get_variant("pyramid"), 2, Options(auto_build=False))  # Q♦ on the stock: no King in reach
    stock = session.pile_index("stock")
    left = len(session.state.piles[stock])
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.click(f"#card-{stock}-{left - 1}")  # it can do nothing else
            await pilot.pause()
            assert len(app.session.state.piles[stock]) == left - 1 and app.selected is None

    asyncio.run(drive())


def test_a_terminal_made_too_small_says_so_and_the_note_goes_when_it_grows(tmp_path: Path) -> None:
    app, _, _ = _app(tmp_path, Session(get_variant("yukon"), 4, Options(auto_build=False)))

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.resize_terminal(50, 15)
            await pilot.pause()
            assert app.message == "the terminal is 50x15: the table needs 80x24"  # one line, even 50 wide
            await pilot.press("u")  # another message comes: the note stays before it while the terminal is small
            await pilot.pause()
            shown = str(app.query_one("#message", Static).content)
            assert shown.startswith("the terminal is 50x15: the table needs 80x24.") and "nothing to undo" in shown
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert "the terminal is" not in app.message
            # and off the screen at once, no key pressed, the clock standing (it stayed until either)
            assert not app.session.clock_running
            assert "the terminal is" not in str(app.query_one("#message", Static).content)

    asyncio.run(drive())


def test_canfields_reserve_says_how_many_cards_it_holds(tmp_path: Path) -> None:
    session = Session(get_variant("canfield"), 3, Options(auto_build=False))
    reserve = session.pile_index("r1")
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert str(app.query_one(f"#card-{reserve}--1", CardView).render()) == "r1 13"

    asyncio.run(drive())


def test_the_table_stays_put_when_a_first_card_goes_home(tmp_path: Path) -> None:
    state = position("yukon", t1="KS AD", t2="[2C] QH")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    t1, t2 = session.pile_index("t1"), session.pile_index("t2")
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = app.query_one(f"#card-{t2}--1", CardView).region.y
            await pilot.click(f"#card-{t1}-1", times=2)
            await pilot.pause()
            assert "AD" in {_top(app.session, f"f{n}") for n in range(1, 5)}
            assert app.query_one(f"#card-{t2}--1", CardView).region.y == before

    asyncio.run(drive())


def test_ctrl_c_saves_and_quits_as_q_does(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, games, game_id = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(drive())
    assert games.store.load("me", game_id).move_count == 1


def test_a_clock_tick_while_the_table_is_taken_down_does_nothing(tmp_path: Path) -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")  # the clock runs
            await pilot.pause()
            app.query_one("#message", Static).remove()
            await pilot.pause()
            app.tick()  # its line gone: no error

    asyncio.run(drive())


def test_quitting_a_deal_with_nothing_played_keeps_no_game(tmp_path: Path) -> None:
    for keys, kept in ((("q",), False), (("d", "q"), True)):  # left untouched; a card dealt from the stock first
        app, games, game_id = _app(tmp_path, Session(get_variant("klondike"), 7, Options(auto_build=False)))

        async def drive() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                for key in keys:
                    await pilot.press(key)

        asyncio.run(drive())
        said = f"Saved as game {game_id};" if kept else "Nothing was played: the deal was not kept."
        assert app.farewell.startswith(said)
        assert [r.id for r in games.store.unfinished("me")] == ([game_id] if kept else [])


def test_a_game_played_in_another_window_meanwhile_is_shown_not_written_over(tmp_path: Path) -> None:
    from cardtable.ui.terminal.plain import play_plain

    path = tmp_path / "two.db"
    game_id = Store(path).save("me", Session(get_variant("golf"), 3))
    here, there = Games(Store(path), "me"), Games(Store(path), "me")
    found = here.resume(game_id)
    assert found is not None
    app = TableApp(here, game_id, found[1])

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            elsewhere = there.resume(game_id)
            assert elsewhere is not None
            play_plain(there, game_id, elsewhere[1], ["turn", "turn", "quit"], lambda _: None)
            await pilot.press("d")
            await pilot.pause()
            assert "was played in another window since this one read it" in app.message
            assert app.session.move_count == 2  # the other window's game
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("q")

    asyncio.run(drive())
    assert Store(path).load("me", game_id).move_count == 3


def test_the_clock_waits_while_a_page_or_a_question_covers_the_table(tmp_path: Path) -> None:
    now = [0.0]
    session = Session(get_variant("klondike"), 7, Options(auto_build=False), clock=lambda: now[0])
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")  # the clock runs
            now[0] = 10.0
            for key in ("question_mark", "n"):  # the rules page; the give-up question of a new deal
                await pilot.press(key)
                await pilot.pause()
                assert len(app.screen_stack) == 2 and not session.clock_running
                now[0] += 60.0  # read for a minute: not play
                await pilot.press("escape")
                await pilot.pause()
                assert len(app.screen_stack) == 1 and session.clock_running
            now[0] += 5.0
            assert session.elapsed == 15.0

    asyncio.run(drive())


def test_a_fresh_deal_says_what_went_home_at_the_deal(tmp_path: Path) -> None:
    app, _, _ = _app(tmp_path, Session(get_variant("yukon"), 5))
    assert app.message.startswith("A♠ and 2♠ went home at the deal (auto-build); click a card")
    unbuilt, _, _ = _app(tmp_path, Session(get_variant("yukon"), 5, Options(auto_build=False)))
    assert unbuilt.message.startswith("click a card")


def test_the_key_line_offers_deal_only_where_there_is_something_to_deal(tmp_path: Path) -> None:
    # Yukon's key line offered "d Deal", which only said there was no stock.
    from textual.widgets._footer import FooterKey

    for game, offered in (("klondike", True), ("la-belle-lucie", True), ("yukon", False), ("freecell", False)):
        app, _, _ = _app(tmp_path, Session(get_variant(game), 1))

        async def drive() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                shown = {key.action for key in app.query(FooterKey)}
                assert "undo" in shown and ("deal" in shown) is offered, (game, shown)

        asyncio.run(drive())


def test_d_where_nothing_deals_says_why_and_leaves_the_key_line_as_it_was(tmp_path: Path) -> None:
    # With Deal left off Yukon's key line, d did nothing at all: not a word.
    from textual.widgets._footer import FooterKey

    app, _, _ = _app(tmp_path, Session(get_variant("yukon"), 1))

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            before = app.session.history
            await pilot.press("d")
            await pilot.pause()
            assert app.message == "Yukon has no stock to deal from"
            assert app.session.history is before
            assert "deal" not in {key.action for key in app.query(FooterKey)}

    asyncio.run(drive())


def test_the_first_hint_after_an_install_says_it_compiles_the_solver_and_stops_the_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The screen froze for a minute, nothing said, the game's clock running on.
    from cardtable.ui.terminal import fullscreen
    from cardtable.kernel_cache import COMPILING

    now = [0.0]
    session = slow_to_hint(now)
    assert session.play(legal_moves(session.state)[0]).ok  # the clock runs from here
    app, _, _ = _app(tmp_path, session)
    monkeypatch.setattr(fullscreen, "search_is_cached", lambda: False)  # as on a machine that never ran it
    said: list[str] = []

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.call_after_refresh = lambda callback: (said.append(app.message), callback())  # type: ignore[method-assign]
            await pilot.press("i")
            await pilot.pause()
            assert said == [COMPILING]  # shown before the wait
            assert app.message not in ("", COMPILING) and app.hinted is not None  # then the hint
            assert session.elapsed == 0.0  # the clock stood while the solver compiled

    asyncio.run(drive())


def test_a_golf_card_whose_one_place_is_the_waste_goes_there_at_the_click(tmp_path: Path) -> None:
    session = Session(get_variant("golf"), 4)  # the waste shows Q♣: column 4's J♦ goes on it, and nowhere else
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.click(f"#card-{session.pile_index('t3')}-4")  # 5♦ goes nowhere: not picked up, and why
            await pilot.pause()
            assert app.selected is None and app.session.move_count == 0
            assert app.message == "5♦ can't go on Q♣: build up or down by one regardless of suit"
            await pilot.click(f"#card-{session.pile_index('t4')}-4")
            await pilot.pause()
            assert _top(app.session, "waste") == "JD" and app.session.move_count == 1 and app.selected is None
            await pilot.press("q")

    asyncio.run(drive())


def test_clocks_turned_card_goes_to_its_hour_at_each_click(tmp_path: Path) -> None:
    session = Session(get_variant("clock"), 1)  # the table's only move, every time
    app, _, _ = _app(tmp_path, session)
    waste = session.pile_index("waste")

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            for played in (1, 2, 3):
                await pilot.click(f"#card-{waste}-0")
                await pilot.pause()
                assert app.session.move_count == played and app.selected is None
            await pilot.press("q")

    asyncio.run(drive())


def test_an_empty_free_cells_place_takes_a_click_where_a_card_would_lie(tmp_path: Path) -> None:
    session = Session(get_variant("freecell"), 1, Options(auto_build=False))
    t1, c1, c2 = session.pile_index("t1"), session.pile_index("c1"), session.pile_index("c2")
    top = len(session.state.piles[t1]) - 1
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            assert app.session.move_card(t1, top, c1).ok  # c1 holds a card now, c2 is empty beside it
            app.redraw()
            await pilot.pause()
            card = app.query_one(f"#card-{c1}-0").region
            place = app.query_one(f"#card-{c2}--1")
            under, _ = app.screen.get_widget_at(place.region.x + 1, card.y)  # beside c1's card, under c2's name
            assert under is place

    asyncio.run(drive())


def test_the_full_screen_says_what_auto_build_sent_home_after_a_move(tmp_path: Path) -> None:
    session = Session(get_variant("klondike-draw3"), 7)  # the first deal turns up A♣, and it goes home
    app, _, _ = _app(tmp_path, session)

    async def drive() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            assert any(_top(app.session, f) == "AC" for f in ("f1", "f2", "f3", "f4"))
            assert app.message == "A♣ went home (auto-build)"

    asyncio.run(drive())
