""""Show me" in the terminal: the solver's win played back step by step.

The typed mode steps on Enter and stops on any other line; the full screen steps on
its own (space steps at once, escape, q or m stops). Either way the game itself is not
moved: a game with face-down cards is given up first, once the player says yes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator

from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtable.app import Session
from cardtable.app.service import Games
from cardtable.app.showing import NoWin, Playback, give_up_reason, playback, reveals
from cardtable.app.standing import Standing, Verdict
from cardtable.app.storage_errors import StaleGame, StorageError
from cardtable.app.hints import describe
from cardtable.ui.terminal.commands import yes_or_no

STEP_SECONDS = 0.6
"""How long the full screen shows each step."""


def step_text(session: Session, shown: Playback, step: int, picture: Callable[[Session], str]) -> str:
    """The table after ``step`` steps of the playback, with the move that led there."""
    return f"{picture(shown.frame(session, step))}\n  show me: step {step} of {len(shown.moves)}: {move_words(shown, step)}"


def move_words(shown: Playback, step: int) -> str:
    """The playback's ``step``-th move in words, as a hint says it ('J♥ from column 7 to
    free cell 1'): the table's pile names are not on every layout."""
    return describe(shown.states[step - 1], shown.moves[step - 1])


def show_typed(
    games: Games, game_id: int, session: Session, lines: Iterator[str], write: Callable[[str], None],
    picture: Callable[[Session], str], prompt: Callable[[], None], nodes: int | None = None,
    known: Verdict | None = None,
) -> None:
    """Play the win back in the typed mode: Enter for each next step, any other line stops.
    ``known``: the "still winnable?" verdict on the table, when the player has it on; where
    it says the game can be won a few moves back, undoing them is offered first."""
    reason = give_up_reason(session)
    offer = undo_offer(known) if reason else None
    if offer is not None:
        write(f"  {offer[1]} (yes/no; after no, you are asked whether to give the game up to see the win)")
        prompt()
        if yes_or_no(lines, write, prompt):
            _undone(games, game_id, session, offer[0], write, picture)
            return
    if reason:
        write(f"  {reason}. Show it? (yes/no)")
        prompt()
        if not yes_or_no(lines, write, prompt):
            write("  not shown; the game goes on")
            return
    shown = playback(session) if nodes is None else playback(session, nodes)
    if reason and reveals(shown):  # a search that ran out gives nothing up
        try:
            games.give_up(game_id, session)
        except (StorageError, StaleGame) as error:  # (a busy database, another window): nothing given up or shown
            why = error if isinstance(error, StorageError) else "the game was played in another window since"
            write(f"  {why}: not shown, the game goes on")
            return
    if isinstance(shown, NoWin):
        write(f"  {shown.reason}" + (": the game goes on, not given up" if reason and not session.given_up else ""))
        return
    count = len(shown.moves)
    write(f"  show me: {shown.text}; Enter for each step, anything else stops")
    if shown.back:  # the win starts further back than the table stands
        write(picture(shown.frame(session, 0)))
    for step in range(1, count + 1):
        write(step_text(session, shown, step, picture))
        if step == count:
            break
        prompt()
        if next(lines, "stop").strip():
            write(f"  stopped after step {step}")
            break
    write(picture(session))
    write("  the game is as it was" + (" (given up)" if session.given_up else ""))


def undo_offer(known: Verdict | None) -> tuple[int, str] | None:
    """Where the "still winnable?" verdict on a table says it can be won a few moves back:
    how many, and the question offering to undo them before the game is given up to be shown.

    >>> undo_offer(Verdict(Standing.LOST, 2))[1]
    "this game can't be won from here, but it can be won 2 moves back: undo 2 moves and play on?"
    """
    if known is None or known.standing is not Standing.LOST or not known.undo:
        return None
    moves = f"{known.undo} move{'s' * (known.undo != 1)}"
    return known.undo, f"this game can't be won from here, but it can be won {moves} back: undo {moves} and play on?"


def _undone(
    games: Games, game_id: int, session: Session, count: int, write: Callable[[str], None],
    picture: Callable[[Session], str],
) -> None:
    """Take ``count`` actions back and save the game; a failed save leaves it as it was."""
    before = copy.copy(session)
    for _ in range(count):
        session.undo()
    try:
        games.save(game_id, session)
    except (StorageError, StaleGame) as error:
        vars(session).update(vars(before))
        why = error if isinstance(error, StorageError) else "the game was played in another window since"
        write(f"  {why}: not undone, the game is as it was")
        return
    write(picture(session))


class PlaybackScreen(ModalScreen[None]):
    """The full-screen playback: each position of the win in turn, drawn on the table
    itself by ``draw`` (the game's own cards, colours and layout), with the move that led
    there on a line below. The screen is see-through, and takes the keys while it plays."""

    DEFAULT_CSS = """
    PlaybackScreen { background: transparent; align: center bottom; }
    PlaybackScreen #playing { width: 100%; height: 2; background: $panel; padding: 0 1; }
    """
    BINDINGS = [("space", "step", "Next"), ("escape,m,q", "dismiss", "Stop")]

    def __init__(self, session: Session, shown: Playback, draw: Callable[[Session], None]) -> None:
        super().__init__()
        self.session = session
        self.shown = shown
        self.draw = draw
        self.step = 0
        self.stopped = False
        """Whether the player stopped it: a step whose tick was already due draws nothing
        over the game then (the table is the game's again before the screen is gone)."""

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="playing")

    def on_mount(self) -> None:
        if self.shown.back:  # the win starts further back than the table stands
            self.draw(self.shown.frame(self.session, 0))
        self.set_interval(STEP_SECONDS, self.action_step)

    def _text(self) -> str:
        count = len(self.shown.moves)
        going = "space steps at once, escape, q or m stops (the game is as it was)"
        if self.step == 0:
            return f"show me: {self.shown.text}\n{going}"
        move = move_words(self.shown, self.step)
        ended = "the win: escape, q or m goes back to the game" if self.step == count else going
        return f"show me: step {self.step} of {count}: {move}\n{ended}"

    def dismiss(self, result: None = None) -> AwaitComplete:
        self.stopped = True
        return super().dismiss(result)

    def action_step(self) -> None:
        """The next move of the win (the last one stays until the player closes it)."""
        if self.step < len(self.shown.moves) and not self.stopped:
            self.step += 1
            self.draw(self.shown.frame(self.session, self.step))
            self.query_one("#playing", Static).update(self._text())
