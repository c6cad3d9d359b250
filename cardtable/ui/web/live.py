"""Games in play on the server: sessions kept warm, versions, and the sockets watching."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from cardtable.app import Options, Outcome, Session, Store
from cardtable.app.service import Games

WARM_GAMES = 2000
"""How many sessions stay in memory; others are reloaded from the store when needed."""


@dataclass
class LiveGame:
    """A game being played: its session, its version and who watches it."""

    player: str
    game_id: int
    session: Session
    version: int
    watchers: set[Any] = field(default_factory=set)


class LiveGames:
    """Every player's games, loaded on demand; the store stays the truth."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._warm: OrderedDict[tuple[str, int], LiveGame] = OrderedDict()

    def get(self, player: str, game_id: int) -> LiveGame:
        """A player's game; KeyError when it is not theirs or does not exist."""
        key = (player, game_id)
        live = self._warm.get(key)
        if live is None:
            session = self.store.load(player, game_id)
            live = LiveGame(player, game_id, session, self.store.version(player, game_id))
            self._warm[key] = live
            while len(self._warm) > WARM_GAMES:
                self._warm.popitem(last=False)
        self._warm.move_to_end(key)
        return live

    def create(self, player: str, game: str, deal: int | None, options: Options | None) -> LiveGame:
        """A new game for the player (the previous unfinished one counts as given up)."""
        games = Games(self.store, player)
        if options is not None:
            games.set_options(options)
        previous = self.store.latest_unfinished(player)
        if previous is not None:
            old = self.get(player, previous)
            games.leave(previous, old.session)
        game_id, session = games.start(game, deal)
        live = LiveGame(player, game_id, session, 0)
        self._warm[(player, game_id)] = live
        return live

    def record(self, live: LiveGame, outcome: Outcome) -> None:
        """After an action: a new version, saved at once (a finished game is settled)."""
        if not outcome.ok or outcome.hint is not None:
            return
        live.version += 1
        status = "won" if live.session.is_won else None
        self.store.save(live.player, live.session, live.game_id, status, live.version)
