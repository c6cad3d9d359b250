"""The typed command mode: a picture of the table, a prompt, one command a line.

It reads from any stream, so piping a file of commands plays a game (the tests do).
"""

from __future__ import annotations

import copy
import random
import shutil
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from cardtable.app import CorruptSave, EventKind, Session
from cardtable.app.autoplay import sent_home_after, sent_home_at_the_deal
from cardtable.app.deals import DealBook, NoWinnableDeal
from cardtable.app.scoring import score_said
from cardtable.app.service import Games, today
from cardtable.app.storage_errors import StaleGame, StorageError
from cardtable.app.solved import store_indicator
from cardtable.app.standing import Indicator, Standing, setting_said
from cardtable.app.stats import to_text
from cardtable.app.tallies import tallied
from cardtable.cards.notation import coded
from cardtable.solitaire import Variant
from cardtable.solitaire.formats import render_state
from cardtable.solitaire.rulebook import rules_page
from cardtable.kernel_cache import COMPILING, search_is_cached
from cardtable.ui.terminal.commands import WORDS, help_for, run_command, yes_or_no
from cardtable.ui.terminal.prose import plain_prose


GIVE_UP_QUESTION = "Give up this game as lost and deal a new one?"
"""Asked before a new deal replaces a game in progress."""
GIVE_UP_FOR_DAILY = "Give up this game as lost for today's deal?"
"""Asked instead before today's deal does (which may be a game of it already begun)."""

SEARCHING = ("hint", "show", "winnable")
"""Commands that search for a win."""
SEARCHING_NOW = "  searching for a win…"
"""Said before a verdict's search, which may take a few seconds."""
SEARCHING_LONGER = "  no verdict yet: searching longer (a few seconds; Ctrl-C stops the search)…"
"""Said before the longer search of a verdict asked for that came out unknown."""
SEARCH_STOPPED = "  stopped: no verdict (type winnable to search again)"
"""Said when Ctrl-C stops the wait for a verdict: the game goes on."""

T = TypeVar("T")


DAILY_IN_PLAY = "this is today's deal, still in play: play on"
"""Said when today's deal is asked for while it is the game in play (nothing is given up)."""

DAILY_AGAIN = "today's deal again: you have played it, so this game counts as an ordinary one"
"""Said when today's deal, begun already, is dealt again."""


@contextmanager
def clock_standing(session: Session, standing: bool = True) -> Iterator[None]:
    """The game's clock stood (if ``standing``) for what is done inside: the first search
    after an install compiles the solver for this machine, and that minute is no play."""
    running = standing and session.clock_running
    if running:
        session.pause()
    try:
        yield
    finally:
        if running:
            session.run_clock()


def stoppable(work: Callable[[], T]) -> T | None:
    """``work()`` on a thread of its own, waited for; None if Ctrl-C stops the wait. The
    search goes on unseen to its own budget's end (a compiled search can't be stopped
    midway), and what it finds is kept for the next time it is asked for."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as error:  # raised again where it was waited for
            failed.append(error)

    thread = threading.Thread(target=run, name="typed search", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.05)  # short waits: Ctrl-C is seen between them
    except KeyboardInterrupt:
        return None
    if failed:
        raise failed[0]
    return done[0]


def give_up_question(word: str) -> str:
    """The question before ``word`` (``new``, ``new winnable``, ``daily``) gives a game up."""
    return GIVE_UP_FOR_DAILY if word == "daily" else GIVE_UP_QUESTION


def _daily_begun(games: Games, begun: int | None) -> tuple[int, Session] | None:
    """Today's deal as the player left it in game ``begun``; None if there is none, or
    it can't be read back (then a new game of it is dealt, the row kept as it is)."""
    if begun is None:
        return None
    try:
        return games.resume(begun)
    except CorruptSave:
        return None


def daily_in_play(session: Session, word: str) -> bool:
    """Whether ``word`` asks for today's deal while it is the game in play."""
    return word == "daily" and session.daily and session.day == today().isoformat() and not session.is_over


def new_deal(games: Games, game_id: int, session: Session, word: str) -> tuple[int, Session]:
    """Give the game up for another of the same game: ``new`` a random deal, ``new
    winnable`` one the solver proved winnable, ``daily`` today's deal. The deal is found
    before anything is given up (NoWinnableDeal when there is none); if the new game
    can't be saved (StorageError), the old one is not given up either, in the store or
    here."""
    game = session.variant.id
    book = DealBook(games.store)
    found: int | None = None
    begun: int | None = None
    if word == "new winnable":
        found = book.winnable(session.variant, random.Random(games.rng.getrandbits(64)), games.player)
    elif word == "daily":
        found = book.daily(session.variant, today())
        begun = games.store.unfinished_daily(games.player, session.variant.id, found)
    if begun == game_id:  # today's deal is the game in play: nothing to give up for it
        return game_id, session
    before = copy.copy(session)
    try:
        with games.together("start a new game"):
            games.leave(game_id, session)
            resumed = _daily_begun(games, begun)  # today's deal, begun in another game
            return resumed or games.start(game, found, hidden=found is not None, daily=word == "daily", winnable=found is not None)
    except (StorageError, StaleGame):
        vars(session).update(vars(before))  # (leaving it paused the clock and marked it over)
        raise


def status_line(session: Session, stock: bool = False) -> str:
    """Moves, score and time in one line; with ``stock``, the stock's redeals left too
    (for a screen whose table does not say them)."""
    minutes, seconds = divmod(int(session.elapsed), 60)
    deal = "random deal" if session.is_deal_hidden else f"deal {session.deal_number}"
    if session.daily or session.winnable:
        deal = ("daily " if session.daily else "winnable ") + deal.removeprefix("random ")
    score = score_said(session.score, session.options.scoring.value)
    return (
        f"{session.variant.name}, {deal}: {session.move_count} move{'' if session.move_count == 1 else 's'}, "
        f"score {score}, {minutes}:{seconds:02d}{_redeals(session, stock)}{_looking_back(session)}"
    )


def _looking_back(session: Session) -> str:
    """What the status line says of a game given up (by "show me", say: it counts as
    lost) or lost beyond undoing, or of a won game undone to look back (the win still counts)."""
    if session.given_up:
        return f", {session.result}"
    return ", won (undone to look back)" if session.result == "won" and not session.is_won else ""


def _redeals(session: Session, stock: bool) -> str:
    """What a game that gathers its columns (d redeals), or with ``stock`` a stock that
    turns over a limited number of times, says of its redeals."""
    offer = session.gathering or (session.stock_redeals if stock else None)
    if offer is None or offer.left is None:
        return ""
    return f", {offer.left} redeal{'' if offer.left == 1 else 's'} left"


def show(session: Session) -> str:
    """The table and the status line (and, until the first move, what went home at the deal)."""
    sent = sent_home_at_the_deal(session.history)
    return render_state(session.state) + status_line(session) + (f"\n  {sent}" if sent else "")


def saved_words(game_id: int, resume: str) -> str:
    """What a player leaving an unfinished game is told."""
    return f"Saved as game {game_id}; `{resume}` continues it."


NOT_KEPT = "Nothing was played: the deal was not kept."


def put_away(games: Games, game_id: int, session: Session, resume: str) -> str:
    """Keep an unfinished game to come back to, and say how; one where nothing was ever
    played is not kept (it would only lengthen the list of games to resume)."""
    session.pause()
    if not session.history.begun:
        games.leave(game_id, session)  # unplayed: neither counted nor offered again
        return NOT_KEPT
    games.save(game_id, session)
    return saved_words(game_id, resume)


def stats_text(games: Games, playing: Variant | None = None) -> str:
    """The player's statistics, with a note for each saved game that can't be read. The
    game being ``playing`` comes first, named even before any of it is finished."""
    stats, unreadable = tallied(games.store, games.player)
    if playing is not None:
        stats = sorted(stats, key=lambda s: s.game != playing.id)  # stable: the rest as they were
    text = to_text(stats)
    if playing is not None and not any(s.game == playing.id for s in stats):
        none_yet = f"{playing.name}: no finished games yet."
        text = none_yet if not stats else f"{none_yet}\n{text}"
    return text + "".join(f"\n\n{problem}; it is left out" for problem in unreadable)


def still_winnable(
    indicator: Indicator, session: Session, longer: bool = False, searching: Callable[[str], None] | None = None
) -> str:
    """The "still winnable?" line for the session's position (none to give on a game over:
    a lost one's way back would be an undo it can't make). Asked for (``longer``), an
    unknown verdict is searched again, longer (``Indicator.longer``). ``searching`` is
    told before a search, which may take seconds, so the player knows why nothing shows."""
    if session.given_up:
        return f"  still winnable? the game {'is lost' if session.is_lost else 'was given up'}: start a new deal"
    if session.is_won:
        return "  still winnable? the game is won"
    if searching is not None and indicator.remembered(session.history, (session.variant.id, session.deal_number)) is None:
        searching(SEARCHING_NOW)
    verdict = indicator.verdict(session.history, (session.variant.id, session.deal_number))
    if longer and verdict.standing is Standing.UNKNOWN and not verdict.longer:
        if searching is not None:
            searching(SEARCHING_LONGER)
        verdict = indicator.longer(session.history)
    return f"  still winnable? {verdict.answer}"


def wrapped(text: str, width: int) -> str:
    """A one-line message (``  ...``) broken between words to fit ``width`` columns (less
    one, so no line ends in the terminal's last column), its
    later lines indented as its first; a table (many lines) is left as it is drawn.

    >>> print(wrapped("  Show it? The game counts as lost, and it can't be played on", 30))
      Show it? The game counts as
      lost, and it can't be
      played on
    """
    if "\n" in text or len(text) < width:
        return text
    indent = text[: len(text) - len(text.lstrip(" "))]
    return textwrap.fill(text.strip(), max(width - 1, 20), initial_indent=indent, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def play_plain(
    games: Games, game_id: int, session: Session, lines: Iterable[str], typed: Callable[[str], None],
    prompt: Callable[[], None] = lambda: None, indicator: Indicator | None = None, resume: str = "cardtable resume",
    unprompt: Callable[[], None] = lambda: None,
) -> int:
    """Play from typed lines until quit, end of input or Ctrl-C (then 130 is returned);
    the game is saved after each action, and an action cut short by Ctrl-C is not made
    (but Ctrl-C while ``winnable`` searches stops only the wait: the game goes on). With the "still winnable?" setting on, each table shown is followed by its verdict
    (once the table is written). Everything goes to ``typed`` with cards written as they
    are typed (``JH``, ``TH``), reasons and hints included. ``resume`` is the command that
    continues a game left unfinished; ``unprompt`` ends a prompt left waiting when the
    input ends without quit."""
    def write(text: str) -> None:
        typed(coded(text))

    indicator = indicator or store_indicator(games.store)
    judging = games.indicator_on()
    feed = iter(lines)
    unsaved: Session | None = None  # the game before an action not yet saved
    quit_typed = interrupted = False
    try:  # (from the first table shown: a Ctrl-C or a closed terminal then puts the game away)
        write(show(session))
        if judging:
            write(still_winnable(indicator, session))
        prompt()
        for line in feed:
            before = unsaved = copy.copy(session)
            word = WORDS.get(line.strip().lower())
            first = word in SEARCHING and not search_is_cached()
            if first:
                write(f"  {COMPILING}")
            session.told_lost = indicator.telling(judging)  # (no hint toward a loss said)
            with clock_standing(session, first):
                reply = run_command(session, line)
            if reply.outcome is not None and reply.outcome.ok and reply.outcome.hint is None:
                try:
                    games.save(game_id, session)
                except StaleGame:  # played (or given up) in another window since: that game is the one
                    vars(session).update(vars(before))
                    unsaved = None
                    session, said = as_played_elsewhere(games, game_id, session)
                    write(show(session))
                    write(f"  {said}")
                    prompt()
                    continue
                except StorageError as error:  # a busy or read-only database: the game goes back to as it was
                    vars(session).update(vars(before))
                    unsaved = None
                    write(f"  {error}: not played, the game is as it was")
                    prompt()
                    continue
            unsaved = None
            if reply.word == "quit":
                quit_typed = True
                break
            if reply.word == "help":
                write(help_for(session.variant))
            elif reply.word == "rules":
                write(plain_prose(rules_page(session.variant), shutil.get_terminal_size().columns))  # as `cardtable rules` shows it
            elif reply.word == "stats":
                write(stats_text(games, session.variant))
            elif reply.word == "show":
                from cardtable.ui.terminal.playback import show_typed  # the full screen's widgets with it

                with clock_standing(session, first):  # (the search compiling, first after an install)
                    known = indicator.verdict(session.history, (session.variant.id, session.deal_number)) if judging else None
                    show_typed(games, game_id, session, feed, write, show, prompt, known=known)
            elif reply.word == "winnable":
                stopped = threading.Event()  # (its words unsaid once the player has moved on)
                with clock_standing(session, first):
                    verdict = stoppable(lambda: still_winnable(
                        indicator, session, longer=True, searching=lambda text: None if stopped.is_set() else write(text)
                    ))
                stopped.set()
                write(SEARCH_STOPPED if verdict is None else verdict)
            elif reply.word in ("winnable on", "winnable off"):
                try:
                    games.set_indicator(reply.word == "winnable on")
                except StorageError as error:
                    write(f"  {error}: the setting is as it was")
                else:
                    judging = reply.word == "winnable on"
                    write(f"  {setting_said(judging)}")  # as the full screen says it
                    if judging and not session.is_won:  # the table's verdict at once, as the full screen's status line
                        write(still_winnable(indicator, session))
            elif reply.word in ("new", "new winnable", "daily"):
                if daily_in_play(session, reply.word):
                    write(f"  {DAILY_IN_PLAY}")
                    prompt()
                    continue
                if session.is_in_progress:
                    write(f"  {give_up_question(reply.word)} (yes/no)")
                    prompt()
                    answer = yes_or_no(feed, write, prompt)
                    if answer is None:  # input ended at the question: as at the prompt, the game is put away
                        break
                    if not answer:
                        write("  the game goes on")
                        prompt()
                        continue
                try:
                    kept = game_id
                    game_id, session = new_deal(games, game_id, session, reply.word)
                    if game_id == kept:
                        write(f"  {DAILY_IN_PLAY}")
                        prompt()
                        continue
                except NoWinnableDeal as error:
                    write(f"  {error}")
                    prompt()
                    continue
                except StaleGame:  # played in another window since: that game is the one, nothing given up
                    session, said = as_played_elsewhere(games, game_id, session)
                    write(show(session))
                    write(f"  {said}")
                    prompt()
                    continue
                except StorageError as error:
                    write(f"  {error}: the game goes on")
                    prompt()
                    continue
                write(show(session))
                if reply.word == "daily" and not session.daily:
                    write(f"  {DAILY_AGAIN}")
                if judging:
                    write(still_winnable(indicator, session))
            elif reply.outcome is not None:
                outcome = reply.outcome
                if not outcome.ok:
                    write(f"  {outcome.reason}")
                elif outcome.hint is not None:
                    write(f"  hint: {outcome.reason}")
                else:
                    write(show(session))
                    if outcome.reason:
                        write(f"  {outcome.reason}")
                    moved = word in (None, "turn", "redeal")  # (not a finish, undo or redo)
                    built = sent_home_after(before.history, session.history) if moved else ""
                    if built:
                        write(f"  {built}")
                    if judging and not session.is_won:
                        write(still_winnable(indicator, session))
                    kinds = {e.kind for e in outcome.events}
                    if EventKind.WON in kinds:
                        games.leave(game_id, session)
                        write(f"You won in {session.move_count} moves! Type new for another deal, or quit."
                              " (The win is recorded: undo and redo only look back over the game.)")
                    elif EventKind.STUCK in kinds:
                        write("The game is lost: no move played could have gone otherwise. Type new for another deal."
                              if session.is_lost else "No move leads anywhere now: undo, or type new for another deal.")
            prompt()
    except KeyboardInterrupt:  # Ctrl-C: the game as last saved, put away as quit would
        if unsaved is not None:
            vars(session).update(vars(unsaved))
        interrupted = True
    except OSError:  # the terminal went away (a write failed): the same, with nobody left to tell
        if unsaved is not None:
            vars(session).update(vars(unsaved))
    session.pause()
    said, status = "", 130 if interrupted else 0
    if not session.is_over:  # put away before a word is written: a closed terminal takes none
        try:
            said = put_away(games, game_id, session, resume)
        except StaleGame:  # played in another window since: as it left it
            said = f"Game {game_id} was played in another window since: it is kept as that window left it."
        except StorageError as error:
            said, status = f"  {error}. {kept_as_saved(game_id, resume)}", 130 if interrupted else 1
    try:
        if not quit_typed:
            unprompt()
        if said:
            write(said)
    except OSError:  # the terminal was closed (SIGHUP): nobody is left to read it
        pass
    return status


def as_played_elsewhere(games: Games, game_id: int, session: Session) -> tuple[Session, str]:
    """The game as another window (another terminal) saved it since this one read it,
    and what to tell the player; ``session`` itself (and a word why) if it can't be read."""
    try:
        found = games.resume(game_id)
    except StorageError as error:
        return session, f"game {game_id} was played in another window since, and can't be read now ({error}): not played"
    assert found is not None  # (named by id: there or an error)
    return found[1], f"game {game_id} was played in another window since this one read it: not played; here it is as it is now"


def kept_as_saved(game_id: int, resume: str) -> str:
    """What is left of a game whose last save, at the quit, failed: each move was saved as
    it was played, so only the time since is lost."""
    return f"Game {game_id} is kept as it was saved after its last move: `{resume}` continues it."
