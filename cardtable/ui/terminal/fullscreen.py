"""The full-screen table: drag a card (with the cards on it) onto another pile, or click
a card then its target (double-click sends it home); or move the cursor with the arrow
keys and press space to pick up and put down. Every key is listed on the ``?`` page
(``screens.KEYS``); the "still winnable?" verdict follows the status line, worked out
on a thread of its own.
"""

from __future__ import annotations

import copy
import threading
from dataclasses import replace

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.errors import NoWidget
from textual.events import Click, MouseDown, MouseUp, Resize
from textual.widgets import Footer, Static

from cardtable.app import EventKind, Outcome, Session
from cardtable.app.autoplay import sent_home_after, sent_home_at_the_deal
from cardtable.app.clicks import deals, deals_on_click, held_by_pile, played_by_click
from cardtable.app.deals import NoWinnableDeal
from cardtable.app.history import History
from cardtable.app.service import Games
from cardtable.app.showing import NODES as SHOW_NODES, NoWin, give_up_reason, playback, reveals
from cardtable.app.solved import store_indicator
from cardtable.app.standing import LONGER_AFTER, SETTING_TEXT, Indicator, Standing, Verdict, setting_said
from cardtable.app.storage_errors import StaleGame, StorageError
from cardtable.kernel_cache import COMPILING, search_is_cached
from cardtable.solitaire import Move
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rulebook import rules_page
from cardtable.ui.terminal.layout import MESSAGE_LINES, TOO_SMALL, fitted, first_words, too_small, with_verdict
from cardtable.ui.terminal.playback import PlaybackScreen, undo_offer
from cardtable.ui.terminal.plain import (
    DAILY_AGAIN, DAILY_IN_PLAY, as_played_elsewhere, clock_standing, daily_in_play, give_up_question, kept_as_saved, new_deal, put_away,
    saved_words, stats_text, status_line,
)
from cardtable.ui.terminal.screens import KEYS, ConfirmScreen, TextScreen
from cardtable.ui.terminal.watching import on_hang_up, pause_while_covered
from cardtable.ui.terminal.table_view import TABLE_CSS, CardView, Marks, TableView

__all__ = ["CardView", "ConfirmScreen", "TableApp", "TextScreen", "play_fullscreen"]

class TableApp(App[int]):
    """A solitaire table in the terminal."""

    ENABLE_COMMAND_PALETTE = False  # its "Quit" would skip q's pause and save
    ALLOW_SELECT = False  # no text to select on a table; and a click on a card redrawn under it crashed its selection

    CSS = TABLE_CSS
    # The key line shows what fits in 80 columns; ? lists every key with the rules.
    BINDINGS = [
        Binding("left,h", "cursor(-1)", "Pile", show=False), Binding("right,l", "cursor(1)", "", show=False),
        Binding("up,k", "card(-1)", "", show=False), Binding("down,j", "card(1)", "", show=False),
        Binding("space", "pick", "Pick"), Binding("space", "pick('drop')", "Drop"), Binding("enter", "play_here", "Play", show=False),
        Binding("d", "deal", "Deal"), Binding("d", "deal('none')", "", show=False), Binding("u", "undo", "Undo"), Binding("r", "redo", "Redo", show=False),
        Binding("R", "restart", "Restart", show=False), Binding("b", "mark", "Mark", show=False),
        Binding("B", "to_mark", "Back to the mark", show=False),
        Binding("i", "hint", "Hint"), Binding("a", "auto", "Finish", show=False), Binding("n", "new", "New"),
        Binding("N", "new('new winnable')", "Winnable deal", show=False), Binding("D", "new('daily')", "Daily", show=False),
        Binding("m", "show_me", "Show me", show=False), Binding("w", "winnable", "Winnable?", show=False),
        Binding("question_mark", "rules", "Rules+keys"), Binding("s", "stats", "Stats", show=False),
        Binding("q", "quit_game", "Quit"),
        Binding("ctrl+c", "quit_game", "Quit", show=False, priority=True),  # as q: saved, not the toolkit's prompt
    ]

    def __init__(self, games: Games, game_id: int, session: Session, indicator: Indicator | None = None) -> None:
        super().__init__()
        self.indicator = indicator or store_indicator(games.store)
        self.judging = games.indicator_on()
        """Whether the "still winnable?" verdict follows the status line."""
        self.verdict = ""
        """The verdict on the position shown ("" while the indicator is off)."""
        self._leaving = threading.Event()
        """Set as the player quits: no longer search starts then (quitting waits for it)."""
        self.show_nodes = SHOW_NODES
        """Positions "show me" may search for a win."""
        self.games, self.game_id, self.session = games, game_id, session
        self._saved: tuple[Session, Session] = (session, copy.copy(session))
        """The game as last saved (the session, and a copy of it then), for a failed save."""
        self.farewell = ""
        """What the player is told once the table is closed: where an unfinished game was kept."""
        self.resume = "cardtable resume"
        """The command that continues a game kept (with the --db and --player in use)."""
        self.selected: tuple[int, int] | None = None
        self.pressed: tuple[int, int] | None = None
        """The face-up card the mouse button went down on: a drag may be starting."""
        self.hinted: Move | None = None
        """The move the last hint named, lit on the table until the next action."""
        self.cursor_pile, self.cursor_card = 0, -1
        self.message = first_words(session)
        self.played_back: Session | None = None
        """A position of "show me", drawn in the game's place while it plays (the game
        itself is not moved)."""

    @property
    def drawn(self) -> Session:
        """What the table shows: the game, or the position "show me" has reached."""
        return self.played_back or self.session

    def show_frame(self, frame: Session | None) -> None:
        """Draw a position of "show me" (None: the game again)."""
        self.played_back = frame
        self.hinted = self.selected = None
        self.redraw()

    # -- drawing -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TableView(self)
        yield Static("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        self.judge()
        self.set_interval(1.0, self.tick)
        pause_while_covered(self, lambda: self.session)
        on_hang_up(self.action_quit_game)

    def on_resize(self, event: Resize) -> None:
        """A terminal made smaller than the table needs says so: some cards no longer show."""
        note = too_small(*event.size)
        if note:
            self.message = note
        elif self.message.startswith(TOO_SMALL):
            self.message = ""
        if self.query(TableView):  # (a resize may come before the table is laid out)
            self.redraw()
            self.call_after_refresh(self.show_message)  # at the new size (the screen's lags the event)

    def tick(self) -> None:
        """The status line again while the clock runs: its time, and a timed score, move on
        (not once the table is being taken down: a tick may come after its line is gone)."""
        if self.session.clock_running and self.query("#message"):
            self.show_message()

    @property
    def marks(self) -> Marks:
        """What the player has lit: the hinted move, the card picked up, the cursor."""
        return Marks(self.hinted, self.selected, self.cursor_pile, self.cursor_card)

    def redraw(self) -> None:
        """Rebuild the table from the session (the engine's state is the only truth)."""
        self.query_one(TableView).refresh(recompose=True)
        self.show_message()
        self.refresh_bindings()  # (a new deal may be of a game with other keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Left off the key line: Deal, in a game with no stock and no redeal (Yukon), where
        d says why it does nothing; and Pick or Drop, whichever space does not do now."""
        if action == "deal" and hasattr(self, "session"):
            dealing = bool(self.session.variant.piles_of(PileKind.STOCK)) or self.session.gathering is not None
            return dealing == (parameters != ("none",))
        if action == "pick":  # space: Drop (the same action) while a card is held
            return (getattr(self, "selected", None) is None) == (parameters != ("drop",))
        return True

    def show_message(self) -> None:
        """The message, and the status line with the verdict when the indicator is on."""
        shown = self.judging and self.verdict and not (self.session.result or self.session.given_up)  # nothing to judge, undone or not
        verdict, message, (width, height) = self.verdict if shown else "", self.message, self.size
        note = too_small(width, height) if width else ""
        if note and not message.startswith(TOO_SMALL):
            message = f"{note}. {message}" if message else note  # while it lasts
        said = fitted(message, (width or 80) - 2, MESSAGE_LINES - 1)
        status = with_verdict(status_line(self.session, stock=True), verdict, (width or 80) - 2)
        self.query_one("#message", Static).update(f"{said}\n{status}")

    def judge(self) -> None:
        """Ask for the verdict on the position shown (on a thread: no key waits for it)."""
        if not self.judging:
            return
        history, deal = self.session.history, (self.session.variant.id, self.session.deal_number)
        ready = self.indicator.remembered(history, deal)
        self.verdict = "…"
        if ready is not None:
            self._say(ready)
        self.show_message()
        if ready is not None and (ready.standing is not Standing.UNKNOWN or ready.longer):
            return

        def work() -> None:
            verdict = ready or self.indicator.verdict(history, deal)
            if ready is None:
                self.call_from_thread(self._judged, history, verdict)
            if verdict.standing is Standing.UNKNOWN and not verdict.longer:  # once the table rests, a longer search
                if not self._leaving.wait(LONGER_AFTER) and self.judging and self.session.history is history:
                    self.call_from_thread(self._judged, history, self.indicator.longer(history))

        self.run_worker(work, thread=True, group="winnable")

    def _judged(self, history: History, verdict: Verdict) -> None:
        if self.session.history is history:  # else the table moved on: its own verdict follows
            self._say(verdict)
            self.show_message()

    def _say(self, verdict: Verdict) -> None:
        """Keep the verdict short on the status line; why a game is lost, where that is
        known, takes the message's line when it says nothing else (or only that the
        setting is on): "no moves left", a refusal or a hint stay."""
        self.verdict = replace(verdict, why="").answer
        if verdict.why and (not self.message or self.message.endswith(SETTING_TEXT)):
            self.message = verdict.why

    def show(self, outcome: Outcome, done: str = "") -> None:
        """Report an outcome, save the game, redraw. A save that fails (a busy or
        read-only database) takes the game back to as it was last saved, and says so."""
        if outcome.ok and outcome.hint is None:
            saved = self._saved
            try:
                self.games.save(self.game_id, self.session)
            except (StaleGame, StorageError) as error:
                if saved[0] is self.session:  # (not a game dealt since)
                    vars(self.session).update(vars(saved[1]))
                if isinstance(error, StaleGame):  # played (or given up) in another window since: that game is the one
                    self._played_elsewhere()
                else:
                    self.message = f"{error}: not played, the game is as it was"
                self.selected = None
                self.redraw()
                return
            built = sent_home_after(saved[1].history, self.session.history) if saved[0] is self.session else ""
            self._saved = (self.session, copy.copy(self.session))
            kinds = {e.kind for e in outcome.events}
            done = done or "; ".join(words for words in (outcome.reason, built) if words)  # as the typed mode says them
            if EventKind.WON in kinds:
                self.games.leave(self.game_id, self.session)
                done = f"You won in {self.session.move_count} moves! n for a new deal; the win is recorded, u only looks back."
            elif EventKind.STUCK in kinds:
                done = ("The game is lost: no move played could have gone otherwise. n for a new deal." if self.session.is_lost
                        else "No move leads anywhere now: u to undo, n for a new deal.")
        self.message = outcome.reason if not outcome.ok or outcome.hint else (done or outcome.reason)
        self.hinted = None if outcome.hint is None else outcome.hint.move
        self.selected = None
        self.redraw()
        if outcome.ok and outcome.hint is None:
            self.judge()

    # -- mouse -------------------------------------------------------------------------

    def _played_elsewhere(self) -> None:
        """Take the game as another window saved it since this one read it, and say so."""
        self.session, self.message = as_played_elsewhere(self.games, self.game_id, self.session)
        self._saved = (self.session, copy.copy(self.session))

    def _card_at(self, x: int, y: int) -> CardView | None:
        try:
            view, _ = self.get_widget_at(x, y)
        except NoWidget:
            return None
        return view if isinstance(view, CardView) else None

    def on_mouse_down(self, event: MouseDown) -> None:
        view = self._card_at(event.screen_x, event.screen_y)
        face_up = view is not None and view.position >= self.session.state.hidden[view.pile]
        self.pressed = (view.pile, view.position) if view is not None and face_up and view.position >= 0 else None

    def on_mouse_up(self, event: MouseUp) -> None:
        """A card dragged onto another pile moves there (with the cards on it)."""
        pressed, self.pressed = self.pressed, None
        view = self._card_at(event.screen_x, event.screen_y)
        if pressed is not None and view is not None and view.pile != pressed[0]:
            self.show(self.session.move_card(*pressed, view.pile))

    def on_click(self, event: Click) -> None:
        view = event.widget
        if not isinstance(view, CardView):
            return
        pile, position = view.pile, view.position
        if event.chain >= 2 and position >= 0:
            self.show(self.session.to_foundation(pile, position, or_where_it_fits=True))
        elif self.selected is not None and self.selected[0] != pile:
            source, at = self.selected
            self.show(self.session.move_card(source, at, pile))
        elif self._deals_here(pile):
            self.show(self.session.deal())
        elif self.selected is None and (place := played_by_click(self.session.state, pile, position)) is not None:
            self.show(self.session.move_card(pile, position, place))  # it can do nothing else (Golf), as in the browser
        elif position >= 0 and position >= self.session.state.hidden[pile]:
            if self.selected != (pile, position) and not self.session.targets(pile, position):  # nothing picked up
                self.selected = None
                if deals(self.session.variant, pile):  # a stock's card that can do nothing else (Pyramid's)
                    return self.show(self.session.deal())
                self.message = self.session.why_nowhere(pile, position)
                return self.redraw()
            self.selected = None if self.selected == (pile, position) else (pile, position)
            again = ", or the stock again to deal" if self.selected and deals(self.session.variant, pile) else ""
            self.message = f"now click where it goes{again}" if self.selected else ""
            self.redraw()
        elif position >= 0:  # face down: said, as in the browser (an older message stood)
            self.message = "that card is face down: it can't be played until it turns up"
            self.redraw()

    def _deals_here(self, pile: int) -> bool:
        """Whether a click or a key on ``pile`` deals: a stock that deals, the card picked up as it is."""
        held = None if self.selected is None else self.selected[0]
        return self.session.variant.piles[pile].kind is PileKind.STOCK and deals_on_click(self.session.state, pile, held)

    # -- keys --------------------------------------------------------------------------

    def relight(self) -> None:
        """Move the cursor's mark to where the cursor is now without rebuilding the table (a
        rebuild of Montana's 52 places took over half a second of CPU, and keys pressed
        meanwhile were lost); rebuilt where the card is not drawn apart (a folded run)."""
        cards = len(self.drawn.observation.piles[self.cursor_pile])
        at = self.cursor_card % cards if cards else -1
        found = [v for v in self.query(CardView) if v.pile == self.cursor_pile and v.position == at]
        if not found:
            self.redraw()
            return
        for view in self.query(".cursor"):
            view.remove_class("cursor")
        found[0].add_class("cursor")
        self.show_message()

    def action_cursor(self, step: int) -> None:
        self.cursor_pile = (self.cursor_pile + step) % len(self.session.variant.piles)
        self.cursor_card = -1
        self.relight()

    def action_card(self, step: int) -> None:
        """Up or down a pile's cards; past its first or last, on to the pile above or below."""
        cards = len(self.session.state.piles[self.cursor_pile])
        at = self.cursor_card % max(cards, 1) + step
        beside = self._pile_beside(step > 0) if not 0 <= at < cards else None
        if beside is not None:
            self.cursor_pile, self.cursor_card = beside, -1
        else:
            self.cursor_card = at % max(cards, 1)
        self.relight()

    def _pile_beside(self, below: bool) -> int | None:
        """The pile drawn nearest under (or over) the cursor's pile, by where their names
        stand on the screen; None in the bottom (top) row."""
        heads = {v.pile: v.region for v in self.query(CardView) if v.position == -1}
        here = heads.get(self.cursor_pile)
        if here is None:
            return None
        others = [(pile, r) for pile, r in heads.items() if (r.y > here.y if below else r.y < here.y)]
        if not others:
            return None
        row = min(r.y for _, r in others) if below else max(r.y for _, r in others)
        return min((p for p in others if p[1].y == row), key=lambda p: abs(p[1].x - here.x))[0]

    def action_pick(self, _: str = "pick") -> None:
        pile = self.cursor_pile
        cards = self.session.state.piles[pile]
        if self.selected is not None and self.selected[0] != pile:
            self.show(self.session.move_card(*self.selected, pile))
        elif self._deals_here(pile):
            self.show(self.session.deal())
        elif self.selected is None and cards and (place := played_by_click(self.session.state, pile, self.cursor_card % len(cards))) is not None:
            self.show(self.session.move_card(pile, self.cursor_card % len(cards), place))  # as a click plays it (Golf, a Pyramid King)
        elif self.selected is not None:  # dropped on its own pile: put back
            self.selected, self.message = None, "put back where it lay"
            self.redraw()
        elif cards:
            at = self.cursor_card % len(cards)
            face_up = at >= self.session.state.hidden[pile]
            held = held_by_pile(self.session.state, pile, at) if face_up else ""  # (a card under others that can't go with it)
            if face_up and not held and not self.session.targets(pile, at):  # nowhere to go: said now, as a click says it
                held = self.session.why_nowhere(pile, at)
            self.selected = (pile, at) if face_up and not held else None
            self.message = "now move to where it goes and press space" if self.selected else held or "that card is face down"
            self.redraw()
        else:
            self.message = "this place is empty: nothing to pick up"
            self.redraw()

    def action_play_here(self) -> None:
        cards = self.session.state.piles[self.cursor_pile]
        if self._deals_here(self.cursor_pile):
            self.show(self.session.deal())
        elif cards:
            self.show(self.session.play_card(self.cursor_pile, self.cursor_card % len(cards)))
        else:
            self.message = "this place is empty: nothing to play"
            self.redraw()

    def action_deal(self, _none: str = "") -> None:
        self.show(self.session.deal())  # (where nothing deals, the reason why)

    def action_undo(self) -> None:
        self.show(self.session.undo())

    def action_redo(self) -> None:
        self.show(self.session.redo())

    def action_restart(self) -> None:
        self.show(self.session.restart())

    def action_mark(self) -> None:
        self.show(self.session.set_bookmark())

    def action_to_mark(self) -> None:
        self.show(self.session.to_bookmark())

    def action_hint(self) -> None:
        self.session.told_lost = self.indicator.telling(self.judging)  # (a move said to lose goes last)
        if search_is_cached():
            self.show(self.session.hint())
            return
        self.message = COMPILING  # the first search after an install compiles the solver: said before the wait
        self.redraw()
        self.call_after_refresh(self._first_hint)

    def _first_hint(self) -> None:
        with clock_standing(self.session):
            hint = self.session.hint()
        self.show(hint)

    def action_auto(self) -> None:
        self.show(self.session.auto_finish())

    def action_new(self, word: str = "new") -> None:
        """A new deal (``new``, ``new winnable`` or ``daily``); one that gives the game in
        progress up as lost is asked first."""
        if daily_in_play(self.session, word):
            self.message = DAILY_IN_PLAY
            self.show_message()
            return
        if not self.session.is_in_progress:
            self._new_deal(word)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._new_deal(word)

        self.push_screen(ConfirmScreen(give_up_question(word)), answered)

    def _new_deal(self, word: str = "new") -> None:
        kept = self.game_id
        try:
            self.game_id, self.session = new_deal(self.games, self.game_id, self.session, word)
        except StaleGame:  # played (or given up) in another window since: that game is the one, nothing given up
            self._played_elsewhere()
            self.redraw()
            return
        except (NoWinnableDeal, StorageError) as error:
            self.message = str(error) + (": the game goes on" if isinstance(error, StorageError) else "")
            self.show_message()
            return
        if self.game_id == kept:  # today's deal was the game in play
            self.message = DAILY_IN_PLAY
            self.show_message()
            return
        # A hidden number tells every face-down card (or how a redeal mixes): named once the game is over.
        deal = " (its number is shown once the game is over)" if self.session.is_deal_hidden else f" {self.session.deal_number}"
        kind = {"new winnable": "winnable deal", "daily": "today's deal"}.get(word, "deal")
        again = f" ({DAILY_AGAIN})" if word == "daily" and not self.session.daily else ""
        sent = sent_home_at_the_deal(self.session.history)
        self.show(Outcome(True), f"new {kind}{deal}{again}" + (f"; {sent}" if sent else ""))

    def action_show_me(self) -> None:
        """Play the solver's win back, step by step (a game hiding cards is given up
        first, once the player says yes; undoing to a winnable table is offered before)."""
        reason = give_up_reason(self.session)
        if not reason:
            self._show_me()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._show_me(giving_up=True)

        asked = ConfirmScreen(f"{reason[:1].upper()}{reason[1:]}. Show it?")
        offer = undo_offer(self.indicator.remembered(self.session.history)) if self.judging else None
        if offer is None:
            self.push_screen(asked, answered)
            return

        def undo_first(yes: bool | None) -> None:  # the indicator knows a winnable table a few moves back
            if not yes:
                self.push_screen(asked, answered)
                return
            for _ in range(offer[0]):
                self.session.undo()
            self.show(Outcome(True), "undone: play on from a table that can be won")

        self.push_screen(ConfirmScreen(f"{offer[1][:1].upper()}{offer[1][1:]} (no: you are then asked whether to give it up to see the win)"), undo_first)

    def _show_me(self, giving_up: bool = False) -> None:
        """Search, then play the win back; ``giving_up``: the player agreed to give the game
        up for it, which happens only if the answer ``reveals`` something."""
        with clock_standing(self.session, not search_is_cached()):  # (the first search after an install compiles)
            shown = playback(self.session, self.show_nodes)
        if giving_up and reveals(shown):
            try:
                self.games.give_up(self.game_id, self.session)
            except (StorageError, StaleGame) as error:  # (a busy database, another window): nothing given up or shown
                why = error if isinstance(error, StorageError) else "the game was played in another window since"
                self.message = f"{why}: not shown, the game goes on"
                self.redraw()
                return
        if isinstance(shown, NoWin):
            kept = giving_up and not self.session.given_up
            self.message = shown.reason + (": the game goes on, not given up" if kept else "")
            self.redraw()
            return
        self.message = "show me: the solver's win, played on the table; your game itself does not move"
        self.redraw()

        def ended(_: None) -> None:
            self.message = "the game is as it was" + (" (given up: n for a new deal)" if self.session.given_up else "")
            self.show_frame(None)

        self.push_screen(PlaybackScreen(self.session, shown, self.show_frame), ended)

    def action_winnable(self) -> None:
        """Turn the "still winnable?" indicator on or off (a setting kept for later games)."""
        try:
            self.games.set_indicator(not self.judging)
        except StorageError as error:
            self.message = f"{error}: the setting is as it was"
            self.show_message()
            return
        self.judging = not self.judging
        self.message = setting_said(self.judging)
        self.verdict = ""
        self.show_message()
        self.judge()

    def action_rules(self) -> None:
        self.push_screen(TextScreen(f"{rules_page(self.session.variant)}\n## Keys\n\n{KEYS.removeprefix('Keys: ')}", markdown=True))

    def action_stats(self) -> None:
        self.push_screen(TextScreen(stats_text(self.games, self.session.variant)))

    def action_quit_game(self) -> None:
        self._leaving.set()
        self.session.pause()
        if not self.session.is_over:
            try:
                self.farewell = put_away(self.games, self.game_id, self.session, self.resume)
            except StaleGame:  # played in another window since: as it left it
                self.farewell = f"Game {self.game_id} was played in another window since: it is kept as that window left it."
            except StorageError as error:
                self.farewell = f"{error}. {kept_as_saved(self.game_id, self.resume)}"
                self.exit(return_code=1)
                return
        self.exit()


def play_fullscreen(games: Games, game_id: int, session: Session, resume: str = "cardtable resume", note: str = "") -> int:
    """Run the full-screen table until the player quits (``note``: its first message); say
    where an unfinished game was saved (``resume``: the command that continues it)."""
    app = TableApp(games, game_id, session)
    app.resume, app.message = resume, first_words(session, note)
    app.run()
    code = app.return_code or 0
    if app.farewell or not app.session.is_over:  # closed another way: saved after its last action
        try:
            print(app.farewell or saved_words(app.game_id, resume))
        except OSError:  # the terminal was closed (SIGHUP): nobody is left to read it
            pass
    return code
