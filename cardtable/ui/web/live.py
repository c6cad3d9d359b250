"""Games in play on the server: sessions kept warm, versions, and who is waiting for news.

The store stays the truth. Several server processes may share one database: a warm
session is used only while its version is the stored one, and a save succeeds only on
the version it was made from, so an action is never applied twice.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

from cardtable.app import CorruptSave, Options, Outcome, Session, StaleGame, Store
from cardtable.app.service import Games

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


class LiveGames:
    """Every player's games, loaded on demand and checked against the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._warm: OrderedDict[Key, LiveGame] = OrderedDict()
        self._waiting: dict[Key, set[asyncio.Event]] = {}

    def get(self, player: str, game_id: int) -> LiveGame:
        """A player's game as stored now; KeyError when it is not theirs or does not exist."""
        key = (player, game_id)
        version = self.store.version(player, game_id)
        live = self._warm.get(key)
        if live is None or live.version != version:
            live = LiveGame(player, game_id, self.store.load(player, game_id), version)
            self._warm[key] = live
            while len(self._warm) > WARM_GAMES:
                self._warm.popitem(last=False)
        self._warm.move_to_end(key)
        return live

    def create(self, player: str, game: str, deal: int | None, options: Options | None) -> LiveGame:
        """A new game for the player (the previous unfinished one counts as given up,
        saved as its next version so no view of it made before can act on it)."""
        games = Games(self.store, player)
        if options is not None:
            games.set_options(options, game)
        for _ in range(LEAVE_TRIES):
            previous = self.store.latest_unfinished(player)
            if previous is None:
                break
            try:
                old = self.get(player, previous)
            except CorruptSave:  # unreadable: it counts as given up, its row kept as it is
                self.store.set_status(player, previous, "lost")
                continue
            try:
                games.leave(previous, old.session, expected=old.version)
            except StaleGame:  # acted on (or left) in another process meanwhile: look again
                self._warm.pop((player, previous), None)
                continue
            self._warm.pop((player, previous), None)
            self._notify((player, previous))
        game_id, session = games.start(game, deal)
        live = LiveGame(player, game_id, session, 0)
        self._warm[(player, game_id)] = live
        return live

    def record(self, live: LiveGame, outcome: Outcome) -> None:
        """After an action: saved at once as the next version (StaleGame if another
        process saved that version first, GameOver if the game was given up; this copy
        is then dropped)."""
        if not outcome.ok or outcome.hint is not None:
            return
        status = "won" if live.session.is_won else None
        try:
            self.store.save(live.player, live.session, live.game_id, status, expected=live.version)
        except StaleGame:  # GameOver included: the game was given up
            self._warm.pop((live.player, live.game_id), None)
            raise
        live.version += 1
        self._notify((live.player, live.game_id))

    def _notify(self, key: Key) -> None:
        for event in self._waiting.get(key, ()):
            event.set()

    def waiter(self, player: str, game_id: int) -> asyncio.Event:
        """An event set whenever this process records an action on the game."""
        event = asyncio.Event()
        self._waiting.setdefault((player, game_id), set()).add(event)
        return event

    def forget(self, player: str, game_id: int, event: asyncio.Event) -> None:
        """Stop telling ``event`` about the game."""
        waiting = self._waiting.get((player, game_id))
        if waiting is not None:
            waiting.discard(event)
            if not waiting:
                del self._waiting[(player, game_id)]
