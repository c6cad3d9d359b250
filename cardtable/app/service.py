"""A player's games: start, resume, save after every action, settle the result.

Both user interfaces use this, so every game is stored the same way wherever it is
played.
"""

from __future__ import annotations

import secrets

from cardtable.app.scoring import Scoring
from cardtable.app.session import Options, Session
from cardtable.app.storage import Store
from cardtable.solitaire import get_variant


class Games:
    """The games of one player in one store."""

    def __init__(self, store: Store, player: str) -> None:
        self.store = store
        self.player = player

    def options(self) -> Options:
        """The player's saved settings."""
        auto = self.store.setting(self.player, "auto_build", "1") == "1"
        scoring = Scoring(self.store.setting(self.player, "scoring", Scoring.UNIFORM.value))
        return Options(auto, scoring)

    def set_options(self, options: Options) -> None:
        """Remember the player's settings for later games."""
        self.store.set_setting(self.player, "auto_build", "1" if options.auto_build else "0")
        self.store.set_setting(self.player, "scoring", options.scoring.value)

    def start(self, game: str, deal: int | None = None) -> tuple[int, Session]:
        """A new game (a random deal when none is named), already saved."""
        variant = get_variant(game)
        if deal is None:
            numbers = variant.deal.deal_numbers
            deal = numbers.start + secrets.randbelow(min(numbers.stop - numbers.start, 1_000_000))
        session = Session(variant, deal, self.options())
        return self.store.save(self.player, session), session

    def resume(self, game_id: int | None = None) -> tuple[int, Session] | None:
        """A saved game (the latest unfinished one when no id is given)."""
        game_id = game_id if game_id is not None else self.store.latest_unfinished(self.player)
        if game_id is None:
            return None
        return game_id, self.store.load(self.player, game_id)

    def save(self, game_id: int, session: Session) -> None:
        """Store the game as it is now."""
        self.store.save(self.player, session, game_id)

    def leave(self, game_id: int, session: Session) -> None:
        """The player gives up this game for another: it counts as lost once played."""
        session.pause()
        status = "won" if session.is_won else ("lost" if session.move_count else "unplayed")
        self.store.save(self.player, session, game_id, status)
