""""Still winnable?": after each move, whether the game can still be won from here.

An opt-in indicator, worked out from the whole deal (face-down cards included), so it
gives a verdict and never a card: *winnable*, *can't be won from here* (with how many
moves to undo to get back to a position proved winnable, where one is known) or
*unknown* when the search's small budget runs out first. Where every card lies face
up, a lost verdict also says why when that is seen without a search (cards that can
never leave their columns, ``solver.trapped``): it names only cards the player sees.

The solver is asked off the request path (``Indicator.submit`` runs on a thread of its
own); every position it decides is remembered, so a player following a win, or undoing
to a known position, gets the verdict at once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from enum import Enum
from threading import RLock
import time

from cardtable.app.cores import searching
from cardtable.app.guide import never_told
from cardtable.app.history import History
from cardtable.app.searches import HERE, Searcher
from cardtable.app.wins import WINS, deal_win, shipped_win
from cardtable.solitaire import State
from cardtable.solver import Budget, Outcome
from cardtable.solver.trapped import trapped

SETTING = "winnable"
"""The player's setting (in the store's settings) that turns the indicator on."""

SETTING_TEXT = (
    "After each move: can the game still be won? Worked out from the whole deal, "
    "face-down cards included (a verdict, never a card)."
)
"""What the setting says, in every interface (short enough for two lines of an 80-column
terminal after "Still winnable? On. ")."""


def setting_said(on: bool) -> str:
    """What turning the setting on or off says, in every terminal interface.

    >>> setting_said(False)
    'Still winnable? Off: no verdict follows a move until it is turned on again.'
    """
    if on:
        return f"Still winnable? On. {SETTING_TEXT}"
    return "Still winnable? Off: no verdict follows a move until it is turned on again."


NODES = 100_000
"""Positions one verdict may search (about a second on two cores at worst): enough to
prove FreeCell's deal 11982 unwinnable, small enough never to hold a player up. "Show
me" searches twice as far (``showing.NODES``), and a win it finds answers every verdict
along it (``wins``). Twice this, the same cap as show me's, doubled the web load's p99
with the indicator on (docs/benchmarks.md, 2026-12-05)."""

SECONDS = 3.0
"""A guard against a slow or busy machine: a search stopped by it says unknown (never a
wrong verdict); the node cap is the real limit."""

SHARE = 0.25
"""The most of one core the indicator's searches take: after each verdict it rests three
times as long as the verdict took before it starts the next (timed on the clock, as the
search may run in another process), so a server's players keep the rest; verdicts asked
meanwhile wait, and one superseded by a newer position of the same game is skipped."""

LOOK_BACK = 2
"""Earlier positions solved, nearest first, to find the way back when none is known."""

HALVINGS = 8
"""Searches that halve the game's earlier positions for the way back where the nearest
``LOOK_BACK`` know none: enough for 256 positions."""

LOST_BEFORE = 32
"""Earlier positions looked up for one proved lost: each position found lost so is
remembered, so a game's later positions find the loss through the ones before them."""

NEARER = 8
"""Earlier positions looked at, nearest first, for a win found since a lost verdict was
given with a longer way back (a look costs a key, on a server's event loop)."""

LONGER = 8
"""How many times ``NODES`` a longer search may take, once a verdict came out unknown and
the table rests (``Indicator.longer``): Golf's and Pyramid's openings are mostly decided
there (docs/benchmarks.md)."""

LONGER_SECONDS = 4.0
"""The most a longer search takes: a verdict asked meanwhile waits for it at worst."""

LONGER_AFTER = 2.0
"""Seconds a table rests, its verdict unknown, before a page's longer search starts."""

REMEMBERED = 20_000
"""Decided positions kept (the oldest are forgotten first)."""

GIVEN = 2_000
"""Verdicts kept whole, by history, for asking again."""

KnownDeal = Callable[[str, int], Outcome | None]
"""The stored verdict on a deal (game id, deal number), if there is one."""

KnownWin = Callable[[str, int], str | None]
"""The stored win of a deal proved winnable, in the move notation, if there is one."""


class Standing(Enum):
    """Whether the game can still be won."""

    WINNABLE = "winnable"
    LOST = "lost"
    """Every line of play from here was searched: none wins."""
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The indicator's answer for one position; ``undo`` is the number of moves to take
    back to reach a position proved winnable (None when none is known); ``why`` says why
    a lost position is lost, where every card lies face up and that is seen without a
    search ("" otherwise)."""

    standing: Standing
    undo: int | None = None
    why: str = ""
    longer: bool = False
    """Whether a longer search (``Indicator.longer``) gave it."""

    @property
    def text(self) -> str:
        """The verdict in words.

        >>> Verdict(Standing.LOST, 2).text
        "can't be won from here: undo 2 moves to get back to a winnable position"
        >>> Verdict(Standing.LOST, None, "J♣ can never leave its column").text
        "can't be won from here. J♣ can never leave its column"
        """
        if self.standing is Standing.WINNABLE:
            return "winnable"
        if self.standing is Standing.UNKNOWN:
            return "unknown: the search ran out of room before it could tell" + (" (a longer one too)" if self.longer else "")
        why = f". {self.why}" if self.why else ""
        if self.undo is None:
            return f"can't be won from here{why}"
        moves = "move" if self.undo == 1 else "moves"
        return f"can't be won from here: undo {self.undo} {moves} to get back to a winnable position{why}"

    @property
    def answer(self) -> str:
        """The verdict as the answer to "still winnable?": "yes" where ``text`` would
        repeat the question's word, else the text.

        >>> Verdict(Standing.WINNABLE).answer, Verdict(Standing.LOST).answer
        ('yes', "can't be won from here")
        """
        return "yes" if self.standing is Standing.WINNABLE else self.text


class Indicator:
    """Verdicts on positions, remembered; one solver thread of its own (``submit``).

    ``known`` gives the stored verdict on a deal (the solver's results), used for a
    game's opening position before any search.

    >>> from cardtable.solitaire import get_variant
    >>> indicator = Indicator(nodes=50_000, seconds=float("inf"))
    >>> indicator.verdict(History.begin(get_variant("freecell").start(1))).text
    'winnable'
    """

    def __init__(
        self, nodes: int = NODES, known: KnownDeal | None = None, look_back: int = LOOK_BACK, seconds: float = SECONDS,
        share: float = SHARE, searcher: Searcher = HERE, known_win: KnownWin | None = None,
    ) -> None:
        self.nodes = nodes
        self.searcher = searcher
        """Where the searches run."""
        self.seconds = seconds
        self.share = share
        self._rested = 0.0
        """When the thread may search again (``share``)."""
        self._asked = 0.0
        """When a verdict was last asked for a search (``submit``): a longer search runs
        only once none has been for ``LONGER_AFTER`` seconds, on a server at rest."""
        self._rested_longer = 0.0
        """When the thread may start a longer search again (``share``, counted apart: a
        longer search never makes a verdict wait for its rest)."""
        self._latest: dict[object, History] = {}
        """The newest position asked for, by game (``submit``'s ``game``)."""
        self.known = known
        self.known_win = known_win
        """A deal's stored win (``solved.known_wins``), kept where ``known`` says a deal is
        won, so that a hint from there follows it rather than searching short."""
        self.look_back = look_back
        self._decided: OrderedDict[State, Outcome] = OrderedDict()
        self._lock = RLock()
        self._thread: ThreadPoolExecutor | None = None
        self._given: OrderedDict[History, Verdict] = OrderedDict()
        """The last verdicts given, by history (a lost one's way back included)."""
        self._longer: OrderedDict[State, None] = OrderedDict()
        """Positions a longer search has looked at (not searched longer again)."""
        self._pending: dict[History, Future[Verdict | None]] = {}
        """Verdicts being worked out, so asking twice searches once."""

    def submit(
        self, history: History, deal: tuple[str, int] | None = None, game: object = None
    ) -> Future[Verdict | None]:
        """``verdict`` worked out on the indicator's own thread (answered at once when the
        position is already decided). With ``game`` (any key naming the game), a verdict
        still waiting when a newer position of that game is asked for is skipped: it
        answers None, and the newer one is worked out instead."""
        ready = self.remembered(history, deal)
        if ready is not None:
            done: Future[Verdict | None] = Future()
            done.set_result(ready)
            return done
        with self._lock:
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="cardtable-winnable", initializer=searching)
            if game is not None:
                self._latest[game] = history
            pending = self._pending.get(history)
            if pending is None:
                self._asked = time.monotonic()
                pending = self._thread.submit(self._work, history, deal, game)
                self._pending[history] = pending
                pending.add_done_callback(lambda _: self._settled(history))
            return pending

    def _work(self, history: History, deal: tuple[str, int] | None, game: object) -> Verdict | None:
        """On the thread: the verdict (None if superseded), after the rest the last one
        earned (to keep to ``share``; taken before, so no verdict waits for its own)."""
        time.sleep(max(0.0, self._rested - time.monotonic()))
        with self._lock:
            superseded = game is not None and self._latest.get(game, history) != history
        if superseded:
            return None
        began = time.monotonic()
        verdict = self.verdict(history, deal)
        with self._lock:
            if game is not None and self._latest.get(game) == history:
                del self._latest[game]
        if self.share < 1:
            now = time.monotonic()
            self._rested = now + (now - began) * (1 - self.share) / self.share
        return verdict

    def submit_longer(self, history: History, game: object = None) -> Future[Verdict | None]:
        """``longer`` on the indicator's thread, when it is at rest: None if a verdict
        waits for it or was asked for lately (a busy server's verdicts never wait behind a
        longer search), the position was superseded (as ``submit``), or longer searches
        had their share of the thread lately."""
        with self._lock:
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="cardtable-winnable", initializer=searching)
            return self._thread.submit(self._work_longer, history, game)

    def _work_longer(self, history: History, game: object) -> Verdict | None:
        with self._lock:
            superseded = game is not None and self._latest.get(game, history) != history
            busy = bool(self._pending) or time.monotonic() - self._asked < LONGER_AFTER
        if superseded or busy or time.monotonic() < self._rested_longer:
            return None
        began = time.monotonic()
        verdict = self.longer(history)
        now = time.monotonic()
        self._rested_longer = now + (now - began) * (1 - self.share) / self.share if self.share < 1 else now
        return verdict

    def longer(self, history: History) -> Verdict:
        """A verdict from a search ``LONGER`` times the usual, for a position whose verdict
        came out unknown (at once, where it was decided since)."""
        state = history.state
        outcome = self._outcome_of(state)
        with self._lock:
            searched = state in self._longer
        if outcome in (None, Outcome.UNKNOWN) and not searched:
            result = self.searcher.solve(state, Budget(nodes=LONGER * self.nodes, seconds=LONGER_SECONDS))
            outcome = result.outcome
            if result.solved:
                WINS.learn(state, result.moves)
            else:
                self._remember(state, outcome)
            with self._lock:
                self._longer[state] = None
                while len(self._longer) > REMEMBERED:
                    self._longer.popitem(last=False)
        verdict = self._verdict(history, outcome or Outcome.UNKNOWN, search=True)
        with self._lock:
            self._given[history] = verdict
        return verdict

    def _settled(self, history: History) -> None:
        with self._lock:
            self._pending.pop(history, None)

    def remembered(self, history: History, deal: tuple[str, int] | None = None) -> Verdict | None:
        """The verdict if it needs no search (the position, and for a lost one the way
        back, already decided; ``deal``: as for ``verdict``, a deal shipped with its win
        is decided at its opening), else None."""
        with self._lock:
            given = self._given.get(history)
        if given is not None and given.standing is Standing.LOST and given.undo is not None:
            return self._nearer(history, given)
        outcome = self._outcome_of(history.state) or self._shipped(history, deal)
        if outcome in (None, Outcome.UNKNOWN) and self._lost_before(history, 2):
            outcome = Outcome.UNWINNABLE
        if given is not None and not (given.standing is Standing.UNKNOWN and (WINS.win_from(history.state) or outcome)):
            return given  # (an unknown yields to a win a hint or "show me" found since, or a loss before it)
        if outcome is None:
            return None
        verdict = self._verdict(history, outcome, search=False)
        return verdict if outcome is not Outcome.UNWINNABLE or verdict.undo is not None or history.at_deal else None

    def told_lost(self, state: State) -> bool:
        """Whether ``state`` was found lost: the verdict this indicator gives on it, for a
        hint to steer clear of (``Session.told_lost``) where the player has it on."""
        return self._outcome_of(state) is Outcome.UNWINNABLE

    def telling(self, on: bool) -> Callable[[State], bool]:
        """What a player with the indicator ``on`` (or off) was told is lost, for
        ``Session.told_lost``: nothing while it is off."""
        return self.told_lost if on else never_told

    @staticmethod
    def _shipped(history: History, deal: tuple[str, int] | None) -> Outcome | None:
        """SOLVED at the opening of a deal shipped with its win (the win then kept, for a
        hint or "show me" to follow), else None."""
        if deal is None or not history.at_deal:
            return None
        shipped = shipped_win(history.state.variant, deal[1], history.played)
        if shipped is None:
            return None
        WINS.learn(history.state, shipped)
        return Outcome.SOLVED

    def _nearer(self, history: History, given: Verdict) -> Verdict:
        """A lost verdict given earlier, its way back shortened to a nearer position a
        win was found from since (by "show me", say, which searches further)."""
        assert given.undo is not None
        back = self._way_back(history, search=False, within=min(given.undo, NEARER) - 1)
        if back is None:
            return given
        nearer = replace(given, undo=back)
        with self._lock:
            self._given[history] = nearer
        return nearer

    def verdict(self, history: History, deal: tuple[str, int] | None = None) -> Verdict:
        """Whether the game can still be won from ``history``'s position (``deal``: the
        game id and deal number, to look the opening position up among known deals)."""
        state = history.state
        outcome = self._outcome_of(state) or self._shipped(history, deal)
        if outcome is None and deal is not None and self.known is not None and history.at_deal:  # (the table's moves are safe)
            outcome = self.known(*deal)
            if outcome is Outcome.UNKNOWN:
                outcome = None
            if outcome is not None:
                self._remember(state, outcome)
            if outcome is Outcome.SOLVED and self.known_win is not None:
                win = deal_win(state.variant, deal[1], self.known_win(*deal), history.played)
                if win is not None:
                    WINS.learn(state, win)
        inherited = outcome in (None, Outcome.UNKNOWN) and self._lost_before(history)
        if outcome is None and not inherited:
            outcome = self._solve(state)
        if outcome is Outcome.UNKNOWN and not inherited:  # (the store read only where the search can't say)
            inherited = self._deal_lost(history, deal)
        if inherited:  # lost as a position before it was: every position between is lost too, no use searching them
            outcome = Outcome.UNWINNABLE
            self._remember(state, outcome)
        assert outcome is not None
        verdict = self._verdict(history, outcome, search=not inherited)
        with self._lock:
            self._given[history] = verdict
            while len(self._given) > GIVEN:
                self._given.popitem(last=False)
        return verdict

    def _lost_before(self, history: History, within: int = LOST_BEFORE) -> bool:
        """Whether one of the last ``within`` positions the game went through is proved
        lost: no move made since can win it back, so the table it stands at is lost too.
        (``remembered``, asked on a server's event loop, looks at two: each costs a key.)"""
        earlier = [history.state_at(at) for at in range(max(0, history.at - within), history.at)]
        with self._lock:
            return any(self._decided.get(state) is Outcome.UNWINNABLE for state in earlier)

    def _deal_lost(self, history: History, deal: tuple[str, int] | None) -> bool:
        """Whether the deal the game was dealt is stored as proved lost (then so is every
        position of it; its opening is remembered as lost, for ``_lost_before``)."""
        if deal is None or self.known is None or history.at_deal or self.known(*deal) is not Outcome.UNWINNABLE:
            return False
        self._remember(history.state_at(0), Outcome.UNWINNABLE)
        return True

    def _verdict(self, history: History, outcome: Outcome, search: bool) -> Verdict:
        if outcome is Outcome.SOLVED:
            return Verdict(Standing.WINNABLE)
        if outcome is Outcome.UNKNOWN:
            with self._lock:
                return Verdict(Standing.UNKNOWN, longer=history.state in self._longer)
        return Verdict(Standing.LOST, self._way_back(history, search), shown_reason(history.state))

    def _way_back(self, history: History, search: bool, within: int | None = None) -> int | None:
        """Moves to undo to reach the nearest earlier position proved winnable (among the
        last ``within``, if given); searching (if ``search``) at most ``look_back``
        positions not yet decided."""
        tries = self.look_back if search else 0
        last = history.table_steps if within is None else max(history.table_steps, history.at - within)
        lost = history.at  # the earliest position known lost
        for at in range(history.at - 1, last - 1, -1):
            outcome = self._outcome_of(history.state_at(at))
            if outcome is None and tries > 0:
                tries -= 1
                outcome = self._solve(history.state_at(at))
            if outcome is Outcome.SOLVED:
                return history.at - at
            if outcome is Outcome.UNWINNABLE:
                lost = at
        return self._halved(history, last, lost) if search else None

    def _halved(self, history: History, last: int, lost: int) -> int | None:
        """The way back found by halving the positions from ``last`` to ``lost``, none of
        them known winnable (``HALVINGS`` searches at most): a position lost leaves every
        later one lost, and one winnable every earlier one winnable. Found where the
        nearest ones know nothing (a game resumed, the indicator turned on late). A search
        that can't say ends the halving: a deal too hard for one search costs the server's
        shared thread one more, not eight."""
        won = last - 1  # the latest position known winnable: none yet
        for _ in range(HALVINGS):
            if lost - won <= 1:
                break
            middle = (won + lost) // 2
            state = history.state_at(middle)
            outcome = self._outcome_of(state) or self._solve(state)  # (an unknown is not searched again)
            if outcome is Outcome.SOLVED:
                won = middle
            elif outcome is Outcome.UNWINNABLE:
                lost = middle
            else:  # too hard to say: the positions before it, with more left to play, seldom say more
                break
        return history.at - won if won >= last else None

    def _solve(self, state: State) -> Outcome:
        result = self.searcher.solve(state, Budget(nodes=self.nodes, seconds=self.seconds))
        if result.solved:
            WINS.learn(state, result.moves)  # (which answers for every position along it)
        else:
            self._remember(state, result.outcome)
        return result.outcome

    def _outcome_of(self, state: State) -> Outcome | None:
        """The outcome decided here, or a win some other search found (``wins``)."""
        with self._lock:
            outcome = self._decided.get(state)
            if outcome is not None:
                self._decided.move_to_end(state)
        if outcome is not Outcome.SOLVED and WINS.win_from(state) is not None:
            return Outcome.SOLVED  # an unknown here, where a hint or "show me" found a win since
        return outcome

    def _remember(self, state: State, outcome: Outcome) -> None:
        if outcome is Outcome.UNWINNABLE:
            WINS.learn_lost(state)  # (a hint may say so, where the player sees every card)
        with self._lock:  # an unknown too: the same budget would only run out again
            self._decided[state] = outcome
            self._decided.move_to_end(state)
            while len(self._decided) > REMEMBERED:
                self._decided.popitem(last=False)

    def close(self) -> None:
        """Stop the solver thread (a search under way finishes first)."""
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)


def shown_reason(state: State, reason: str | None = None) -> str:
    """Why a lost position is lost, as a player may be told it: only where every card
    lies face up, since the reason may name face-down cards. ``reason`` is a solve's
    (``Result.reason``); without one it is worked out (``trapped``). "" when none."""
    if any(state.hidden):
        return ""
    return (trapped(state) if reason is None else reason) or ""
