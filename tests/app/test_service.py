"""Games as a program keeps them: read back with the version they were saved at."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.app import Options, Session, StaleGame, Store
from cardtable.app.service import Games
from cardtable.solitaire import get_variant
from tests.app.racing import saved_after_first_read


def test_a_game_resumed_as_another_process_saves_it_is_read_with_the_version_it_was_read_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = Store(tmp_path / "g.db"), Store(tmp_path / "g.db")  # two processes, one file
    game = here.save("me", Session(get_variant("klondike"), 7, Options()))
    moved = there.load("me", game)
    moved.deal()
    saved_after_first_read(here, monkeypatch, lambda: there.save("me", moved, game, expected=0))
    games = Games(here, "me")
    found = games.resume(game)
    assert found is not None
    resumed = found[1]
    latest = resumed.history.steps == there.load("me", game).history.steps
    resumed.play_card("waste")  # a move on the game as read
    if latest:  # read after the other save: with its version, so this save is the next
        games.save(game, resumed)
        assert here.load("me", game).history.steps == resumed.history.steps
    else:  # read before it: with the version before, so this save is refused, not lost over it
        with pytest.raises(StaleGame):
            games.save(game, resumed)
