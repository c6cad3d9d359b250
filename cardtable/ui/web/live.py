"""Games in play on the server: sessions kept warm, versions, and who is waiting for news.

The store stays the truth. Several server processes may share one database: a warm
session is used only while its version is the stored one, and a save succeeds only on
the version it was made from, so an action is never applied twice.

An action is played on a copy of the session; only once the copy's save has committed
does it replace the warm one, so a save that fails (a busy database, a full disk)
leaves both the stored and the warm game as they were and the action can be retried.
Every store call runs off the event loop: an action's save on the thread that writes
them all (``saver.py``), any other call on a thread of its own (``STORE_THREADS``). A
write waiting for the database's lock holds up only the requests waiting to write.
"""

from __future__ import annotations

import asyncio
import copy
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from cardtable.solitaire import get_variant
from cardtable.app import Chosen, CorruptSave, Outcome, Session, StaleGame, StorageError, Store
from cardtable.app.storage_errors import GameOver
from cardtable.app.cores import searching, unpinned
from cardtable.app.deals import DealBook
from cardtable.app.guide import Effort, SolvingHinter
from cardtable.app.searches import WAITED_NICENESS, search_process
from cardtable.app.showing import NODES as SHOW_NODES
from cardtable.app.showing import NoWin, Playback, gives_up, playback, reveals
from cardtable.app.service import Games, ended, outcome_status, today
from cardtable.app.solved import store_indicator
from cardtable.app.standing import LONGER_AFTER, Verdict
from cardtable.app.storage import Save
from cardtable.ui.web.saver import Saver

T = TypeVar("T")

STORE_THREADS = 8
"""Threads running store calls (each with its own connection) in one server process."""

WAITING_THREADS = 4
"""Threads waiting for winnable and daily deals and show me in one server process (the
searches themselves are taken one at a time by their process, ``LiveGames.waited``)."""

WARM_GAMES = 2000
"""How many sessions stay in memory; others are reloaded from the store when needed."""

LEAVE_TRIES = 5
"""How often a new game tries to give up the previous one while other processes act on it."""

Key = tuple[str, int]


@dataclass
class LiveGame:
    """A game being played: its session and its version (actions taken so far)."""

    player: str
    game_id: int
    session: Session
    version: int
    shown: tuple[Session, int, float, object] | None = None
    """The last view made of it: the session and version it shows, when (``api.shown``)."""
    left: bool = False
    """Whether its clock stopped when its last page here went or hid its table
    (``LiveGames.forget``, ``LiveGames.away``)."""
    keeping: bool = False
    """Whether its stopped clock is being kept (one keeping at a time, reading the clock
    as it then stands: a page hiding its table again and again writes no more)."""


HINT_WAIT = 0.1
"""Seconds a hint may wait for the searching thread to start on it; past that (other
players' searches ahead of it) the heuristic's hint answers at once, saying so. Short,
since a player who asked waits for the answer: on a busy server more hints are the
heuristic's, but none keeps its player waiting long (docs/benchmarks.md, "a hint waits a
tenth of a second")."""


class NotAsLeft(Exception):
    """A new deal named the game it gives up, and the latest unfinished game is another
    or has moved on (played in another tab): nothing is given up."""

    def __init__(self, latest: tuple[int, int], named: tuple[int, int], named_is_yours: bool = True) -> None:
        if not named_is_yours:
            super().__init__(f"you have no game {named[0]}: nothing was given up (name your latest game, "
                             f"game {latest[0]}, to give it up)")
            return
        if latest[0] == named[0] and latest[1] < named[1]:  # no page saw that version
            super().__init__(f"game {named[0]} has no version {named[1]} yet (it is at {latest[1]}): nothing was given up")
            return
        change = "was played on" if latest[0] == named[0] else "was started"
        super().__init__(
            f"your latest game {change} in another tab or window since you chose to give it up: "
            "nothing was given up, look at it first"
        )


class LiveGames:
    """Every player's games, loaded on demand and checked against the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._warm: OrderedDict[Key, LiveGame] = OrderedDict()
        self._waiting: dict[Key, set[asyncio.Event]] = {}
        self._away: dict[Key, set[asyncio.Event]] = {}
        """The pages (of ``_waiting``) whose table is out of sight (``away``)."""
        self._keeping: set[asyncio.Future[None]] = set()
        """Clocks being kept as their games' last pages went (``forget``)."""
        in_memory = str(store.path) == ":memory:"  # one connection only
        threads = 1 if in_memory else STORE_THREADS
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="cardtable-store")
        self.saver = None if in_memory else Saver(store)
        """The thread that writes every action's save (``saver.py``); none for a store in
        memory, whose one connection is the store thread's alone."""
        self.thinking = ThreadPoolExecutor(1, thread_name_prefix="cardtable-hints", initializer=searching)
        """The thread hints wait on for their searches."""
        self.searcher = search_process("hints")
        """Where hints search: a process of their own (``app/searches.py``), on idle cores."""
        self.searcher.start()
        self.hint_wait = HINT_WAIT
        """Seconds a hint waits for ``thinking`` before the heuristic answers it."""
        self.hint_effort = Effort()
        """How much each hint may search (for games kept warm from now on)."""
        self.judging = search_process("verdicts")
        """Where the "still winnable?" verdicts search."""
        self.judging.start()
        self.indicator = store_indicator(store, searcher=self.judging)
        self.show_nodes = SHOW_NODES
        """Positions "show me" may search for a win."""
        self.waited = search_process("waited for", WAITED_NICENESS)
        """Where the searches a player waits for search (winnable and daily deals, show
        me): a process of their own, a little below the server's priority rather than on
        idle cores only (``searches.WAITED_NICENESS``); started now, like the others, so
        the first show me does not wait for it to load its kernels."""
        self.waited.start()
        self.deals = DealBook(store, searcher=self.waited)
        """Winnable and daily deals, their tries solved in ``waited``."""
        self.waiting = ThreadPoolExecutor(WAITING_THREADS, thread_name_prefix="cardtable-waited", initializer=unpinned)
        """The threads that wait for ``waited``'s searches, so that the store threads never
        do (players asking for deals on busy cores would otherwise hold every store
        thread, and every move with them), nor the hints' thread. On every core, at the
        server's priority, so the searching process they start is too (then lowered)."""

    async def run(self, call: Callable[..., T], *args: object) -> T:
        """``call(*args)`` on a store thread, off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self._threads, partial(call, *args))

    async def get(self, player: str, game_id: int) -> LiveGame:
        """A player's game as stored now; KeyError when it is not theirs or does not exist."""
        key = (player, game_id)
        version = await self.run(self.store.version, player, game_id)
        live = self._warm.get(key)
        if live is None or live.version != version:
            session, version = await self.run(self.store.load_at, player, game_id)  # (it may have moved on)
            live = self._warm.get(key)  # another request may have loaded it meanwhile
            if live is None or live.version != version:
                live = self._live(player, game_id, session, version)
                self._warm[key] = live
            while len(self._warm) > WARM_GAMES:
                self._warm.popitem(last=False)
        self._warm.move_to_end(key)
        return live

    def warm(self, player: str, game_id: int, version: int) -> LiveGame | None:
        """The game in memory if it is at ``version``, without asking the store: for an
        action, whose save (or, if it saves nothing, a look at the stored version) checks
        that it still is the stored one. One trip to a store thread per action, not two."""
        live = self._warm.get((player, game_id))
        return live if live is not None and live.version == version else None

    def latest(self, player: str, game_id: int) -> LiveGame | None:
        """The game as this process last saved or loaded it, without asking the store
        (None if it is not in memory): for a watcher woken by an action this process
        saved. One saved by another process is seen at the next look at the store."""
        return self._warm.get((player, game_id))

    async def create(
        self, player: str, game: str, deal: int | None, options: Chosen | None, pick: str | None = None,
        leaving: tuple[int, int] | None = None,
    ) -> LiveGame:
        """A new game for the player (the previous unfinished one counts as given up,
        saved as its next version so no view of it made before can act on it). ``pick``
        asks for a ``winnable`` deal or the ``daily`` one (NoWinnableDeal when there is
        none, before any game is given up). ``leaving``, the game id and version the
        player agreed to give up: NotAsLeft, and nothing given up, if the latest
        unfinished game is another or has moved on."""
        if pick is not None:  # found first, so a game is never given up for a deal that can't be had
            found = await asyncio.get_running_loop().run_in_executor(self.waiting, self._pick, player, game, pick)
            deal, daily = found, pick == "daily"
        else:
            daily = False
        left, game_id, session, version = await self.run(
            self._start, player, game, deal, options, daily, pick is not None, leaving
        )
        for previous in left:
            self._warm.pop((player, previous), None)
            self._notify((player, previous))
        live = self._live(player, game_id, session, version)
        self._warm[(player, game_id)] = live
        return live

    def _live(self, player: str, game_id: int, session: Session, version: int) -> LiveGame:
        """A game kept warm, its hints searched where ``searcher`` says."""
        session.hinter = SolvingHinter(self.hint_effort, searcher=self.searcher)
        return LiveGame(player, game_id, session, version)

    def _pick(self, player: str, game: str, pick: str) -> int:
        """A winnable deal of ``game`` the player has not been dealt where one will do, or
        the day's (on a ``waiting`` thread: it may search)."""
        variant = get_variant(game)
        if pick == "daily":
            return self.deals.daily(variant, today())
        return self.deals.winnable(variant, random.Random(secrets.randbits(64)), player)

    def _start(
        self, player: str, game: str, deal: int | None, options: Chosen | None, daily: bool = False,
        hidden: bool = False, leaving: tuple[int, int] | None = None,
    ) -> tuple[list[int], int, Session, int]:
        """``create``'s store work (on a store thread): the games given up, the new
        game's id, its session and version. The day's deal, asked for while the player's
        game of it is still in play, is that game, given back as it was: nothing is given
        up for it."""
        if daily and deal is not None:
            begun = self.store.unfinished_daily(player, get_variant(game).id, deal)
            if begun is not None:
                try:
                    session, version = self._stored(player, begun)
                    return [], begun, session, version
                except CorruptSave:
                    pass  # unreadable: a new game of the day's deal instead, the row kept as it is
        with self.store.together("start a new game"):  # the game given up stays in play if the new one can't be saved
            left, game_id, session = self._leave_and_start(player, game, deal, options, daily, hidden, leaving)
            return left, game_id, session, 0

    def _stored(self, player: str, game_id: int) -> tuple[Session, int]:
        """A game as stored now and its version: the warm copy where it is the stored
        one, else both read together (another process's save may land between reads)."""
        version = self.store.version(player, game_id)
        warm = self._warm.get((player, game_id))
        if warm is not None and warm.version == version:
            return warm.session, version
        return self.store.load_at(player, game_id)

    def _leave_and_start(
        self, player: str, game: str, deal: int | None, options: Chosen | None, daily: bool,
        hidden: bool, leaving: tuple[int, int] | None,
    ) -> tuple[list[int], int, Session]:
        games = Games(self.store, player)
        left: list[int] = []
        for _ in range(LEAVE_TRIES):
            previous = self.store.latest_unfinished(player)
            if previous is None:
                break
            try:
                stored, version = self._stored(player, previous)
                if leaving is not None and not left and (previous, version) != leaving:
                    raise NotAsLeft((previous, version), leaving, previous == leaving[0] or self._is_theirs(player, leaving[0]))
                old = copy.copy(stored)  # the warm one changes only when this save commits
            except CorruptSave:  # unreadable: it counts as given up, its row kept as it is
                self.store.set_status(player, previous, "lost")
                continue
            try:
                games.leave(previous, old, expected=version)
            except StaleGame:  # acted on (or left) in another process meanwhile: look again
                continue
            left.append(previous)
        if options is not None:  # (each setting left out keeps what was saved)
            games.choose(game, options.scoring, options.auto_build)
        game_id, session = games.start(game, deal, hidden=hidden, daily=daily, winnable=hidden)  # (a daily deal too)
        return left, game_id, session

    def _is_theirs(self, player: str, game_id: int) -> bool:
        """Whether ``player`` has a game ``game_id`` (in play or not)."""
        try:
            self.store.version(player, game_id)
        except KeyError:
            return False
        return True

    async def act(
        self, live: LiveGame, play: Callable[[Session], Outcome], slow: bool = False,
        quick: Callable[[Session], Outcome] | None = None,
    ) -> tuple[Outcome, Session, int]:
        """Play an action on a copy of the game and save it as the next version; the
        outcome, the session and version to show. Only a committed save changes the
        warm game: StaleGame if another process saved that version first (GameOver if
        the game was given up; the warm copy is then dropped), StorageError if the save
        failed (the warm game is left as it was). An action that saves nothing raises
        StaleGame too if the stored game has moved on from this copy. A ``slow`` action
        (a hint searches for a win) is worked out on a thread of its own, so the other
        players on this process are not kept waiting; one with a ``quick`` form (a
        hint) that the busy thread has not started within ``hint_wait`` seconds is
        answered by that form at once instead."""
        version = live.version
        trial = copy.copy(live.session)
        if slow:
            outcome = await self._thought(play, trial, quick)
        else:
            outcome = play(trial)
        if not outcome.ok or outcome.hint is not None:  # nothing to save: is the table still the stored one?
            if live.version != version:  # another action here moved it on meanwhile
                raise StaleGame(f"game {live.game_id} changed since version {version}")
            if await self.run(self.store.version, live.player, live.game_id) != version:
                self._warm.pop((live.player, live.game_id), None)
                raise StaleGame(f"game {live.game_id} changed since version {version}")
            return outcome, trial, version
        status = outcome_status(trial)
        if status == "lost":  # lost beyond undoing: recorded so, and played on no further
            trial.pause()
            ended(trial, status)
        try:
            await self._saved(Save(live.player, trial, live.game_id, status, version))
        except StaleGame as stale:  # another process saved that version first, or the game was given up
            if live.version == version or isinstance(stale, GameOver):  # (else this process's own move beat it)
                self._warm.pop((live.player, live.game_id), None)
            raise
        if live.version == version:
            live.session, live.version = trial, version + 1
        self._notify((live.player, live.game_id))
        return outcome, trial, version + 1

    async def _saved(self, save: Save) -> None:
        """``save`` written: by the saves' thread, or the store's only thread."""
        if self.saver is None:
            await self.run(self.store.save, save.player, save.session, save.game_id, save.status, save.expected)
        else:
            await self.saver.save(save)

    async def _thought(
        self, play: Callable[[Session], Outcome], trial: Session, quick: Callable[[Session], Outcome] | None
    ) -> Outcome:
        """``play(trial)`` on the searching thread; ``quick(trial)`` instead, on a store
        thread, if the searching thread has not started it within ``hint_wait`` (and
        ``quick`` is given)."""
        queued = self.thinking.submit(play, trial)
        waiting = asyncio.wrap_future(queued)
        if quick is None:
            return await waiting
        done, _ = await asyncio.wait([waiting], timeout=self.hint_wait)
        if not done and queued.cancel():  # still queued behind other searches
            return await self.run(quick, trial)  # off the loop: a game read back may replay its history
        return await waiting

    async def verdict(self, live: LiveGame) -> tuple[int, Verdict | None]:
        """Whether the game can still be won at its current version (the version, and the
        verdict: None if the game moved on before it was worked out), worked out off the
        event loop; nothing waits on it but the asker."""
        version, session = live.version, live.session
        found = self.indicator.submit(session.history, (session.variant.id, session.deal_number),
                                      (live.player, live.game_id))
        return version, await asyncio.wrap_future(found)

    async def longer_verdict(self, live: LiveGame, version: int) -> tuple[int, Verdict | None]:
        """A longer search's verdict (``Indicator.longer``) at ``version``, once the table
        has rested there ``LONGER_AFTER`` seconds: None if it moved on, or the indicator's
        thread had other verdicts to give."""
        await asyncio.sleep(LONGER_AFTER)
        if live.version != version:
            return version, None
        found = self.indicator.submit_longer(live.session.history, (live.player, live.game_id))
        return version, await asyncio.wrap_future(found)

    async def show(self, live: LiveGame, give_up: bool) -> tuple[Playback | NoWin, Session, int, bool]:
        """"Show me": the solver's win from the game's position (or why there is none),
        with the session and version it starts from and whether the game was given up for
        it. A game that ``gives_up`` is given up when ``give_up`` says the player agreed
        (the caller refuses it otherwise) and the answer ``reveals`` something: a search
        that ran out gives nothing up. The search runs off the event loop."""
        session, version, given_up = live.session, live.version, False
        look = partial(playback, session, self.show_nodes, searcher=self.waited)
        found = await asyncio.get_running_loop().run_in_executor(self.waiting, look)
        if gives_up(session) and give_up and reveals(found):
            trial = copy.copy(session)
            await self.run(Games(self.store, live.player).give_up, live.game_id, trial, version)
            session, version, given_up = trial, version + 1, True
            if live.version == version - 1:
                live.session, live.version = trial, version
            self._notify((live.player, live.game_id))
        return found, session, version, given_up

    def close(self) -> None:
        """Stop searching (when the server stops): the searching processes end."""
        self.thinking.shutdown(wait=False, cancel_futures=True)
        if self.saver is not None:
            self.saver.close()
        # Pages still open: their clocks as they stand; pages just closed: their stopped
        # clocks, whose keeping (``forget``) may not have run yet. Keeping twice is harmless.
        for live in list(self._warm.values()):
            if live.session.clock_running or live.left:
                self._keep_clock(live, live.version)
        self.store.checkpoint()  # the saves written: the file alone holds every game
        self.waiting.shutdown(wait=False, cancel_futures=True)
        self.indicator.close()
        self.searcher.close()
        self.judging.close()
        self.waited.close()

    def _notify(self, key: Key) -> None:
        for event in self._waiting.get(key, ()):
            event.set()

    def waiter(self, player: str, game_id: int) -> asyncio.Event:
        """An event set whenever this process records an action on the game. A game
        whose clock stopped when its last page went (``forget``) runs it again."""
        event = asyncio.Event()
        self._waiting.setdefault((player, game_id), set()).add(event)
        live = self._warm.get((player, game_id))
        if live is not None and live.left:
            live.left = False
            live.session.run_clock()
            live.shown = None  # (it shows the clock standing)
            self._notify((player, game_id))  # the pages hiding the table see its clock run
        return event

    def forget(self, player: str, game_id: int, event: asyncio.Event) -> None:
        """Stop telling ``event`` about the game. Once no page here shows it, its clock
        stops (the player left): it runs again at the next action, so time away from the
        table is not counted."""
        key = (player, game_id)
        waiting = self._waiting.get(key)
        if waiting is not None:
            waiting.discard(event)
            if not waiting:
                del self._waiting[key]
        self._back(key, event)
        self._stop_unless_shown(key)

    def away(self, player: str, game_id: int, event: asyncio.Event) -> None:
        """The page told by ``event`` hides the table (a dialog over it, its tab out of
        sight): once no page here shows it, the clock stops as when the last one goes
        (``forget``), for reading is not play; ``back`` runs it again."""
        key = (player, game_id)
        if event in self._waiting.get(key, ()):
            self._away.setdefault(key, set()).add(event)
            self._stop_unless_shown(key)

    def back(self, player: str, game_id: int, event: asyncio.Event) -> None:
        """The page told by ``event`` shows the table again: a clock that stopped when
        it was left (``away``, ``forget``) runs again, and every page is told."""
        key = (player, game_id)
        self._back(key, event)
        live = self._warm.get(key)
        if live is not None and live.left and event in self._waiting.get(key, ()):
            live.left = False
            live.session.run_clock()
            live.shown = None
            self._notify(key)

    def _back(self, key: Key, event: asyncio.Event) -> None:
        away = self._away.get(key)
        if away is not None:
            away.discard(event)
            if not away:
                del self._away[key]

    def _stop_unless_shown(self, key: Key) -> None:
        """Stop the game's clock, and keep it, if no page here shows its table."""
        if self._waiting.get(key, set()) - self._away.get(key, set()):
            return
        live = self._warm.get(key)
        if live is not None and live.session.clock_running:
            live.session.pause()
            live.left, live.shown = True, None
            if not live.keeping:
                live.keeping = True
                kept = asyncio.ensure_future(self.run(self._keep_clock, live, live.version))
                self._keeping.add(kept)
                kept.add_done_callback(self._keeping.discard)
            self._notify(key)

    def _keep_clock(self, live: LiveGame, version: int) -> None:
        """Keep the game's clock as it stopped (``Store.keep_clock``), so a server started
        again does not take back the time since its last move; a store that refuses it
        costs only those seconds."""
        live.keeping = False  # (a stop from now on is kept anew)
        try:
            self.store.keep_clock(live.player, live.game_id, version, live.session.elapsed)
        except StorageError:
            pass
