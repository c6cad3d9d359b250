"""Statistics kept by the database agree with counting every game, at a cost that does
not grow with the player's history."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from cardtable.app import Options, Scoring, Session, Store, summarize
from cardtable.app.migrations import MIGRATIONS
from cardtable.app.tallies import player_stats, tallied
from cardtable.solitaire import get_variant

GAMES = ("klondike", "klondike-vegas", "freecell")


def _play_many(store: Store, player: str, count: int, rng: random.Random) -> None:
    """``count`` games saved and finished as a player would: some won, some lost, some
    left unplayed or still playing, with their scorings."""
    for _ in range(count):
        game = rng.choice(GAMES)
        scoring = rng.choice([s for s in Scoring if s.applies_to(game)])
        session = Session(get_variant(game), rng.randrange(1, 100), Options(True, scoring))
        game_id = store.save(player, session)
        if rng.random() < 0.7:
            session.deal()
            store.save(player, session, game_id)
        status = rng.choice(["won", "lost", "lost", "unplayed", "playing"])
        if status != "playing":
            store.set_status(player, game_id, status)


def test_the_tallies_say_what_counting_every_game_says(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    rng = random.Random(7)
    for player in ("ann", "bob"):
        _play_many(store, player, 120, rng)
    for player in ("ann", "bob", "nobody"):
        stats, latest, unreadable = player_stats(store, player)
        records = list(store.records(player))
        assert stats == summarize(records)
        assert latest == [r for r in records if r.status in ("won", "lost")][-30:]
        assert unreadable == []


def test_games_finished_before_the_tallies_are_tallied_by_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for step in MIGRATIONS[:4]:
        for statement in step:
            db.execute(statement)
    db.execute("INSERT INTO schema_version VALUES (4)")
    db.execute("PRAGMA application_id = 1128551490")
    rng = random.Random(3)
    for n in range(200):
        game = rng.choice(GAMES)
        options = json.dumps({"auto_build": True, "scoring": rng.choice(["uniform", "standard", "vegas"])})
        db.execute(
            "INSERT INTO games (player, variant, deal, options, steps, at, elapsed, status, moves, score, vegas,"
            " started, updated) VALUES ('me', ?, ?, ?, '[]', 0, ?, ?, ?, ?, ?, '', '2026-01-01')",
            (game, n, options, rng.random() * 300, rng.choice(["won", "lost", "playing"]), rng.randrange(200),
             rng.randrange(-52, 300), rng.randrange(-52, 60)),
        )
    db.commit()
    db.close()
    store = Store(path)
    stats, _, _ = player_stats(store, "me")
    assert stats == summarize(store.records("me"))


def _steps_to_read_stats(store: Store, player: str) -> int:
    """How much work SQLite does to read the player's statistics (its virtual machine's
    steps, counted a thousand at a time)."""
    ticks = 0

    def tick() -> int:
        nonlocal ticks
        ticks += 1
        return 0

    store.query("SELECT 1")
    store._db.set_progress_handler(tick, 1000)
    try:
        player_stats(store, player)
    finally:
        store._db.set_progress_handler(None, 0)
    return ticks


def test_reading_the_statistics_costs_the_same_for_a_long_history(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    rng = random.Random(1)
    _play_many(store, "short", 60, rng)
    _play_many(store, "long", 1500, rng)
    short, long = _steps_to_read_stats(store, "short"), _steps_to_read_stats(store, "long")
    assert long <= 1.5 * short + 5, (short, long)


def test_one_games_statistics_count_its_games_with_options_and_say_nothing_of_others(tmp_path: Path) -> None:
    store = Store(tmp_path / "o.db")
    rng = random.Random(11)
    _play_many(store, "me", 60, rng)
    for game in ("klondike", "freecell[cells=6]"):
        game_id = store.save("me", Session(get_variant(game), 3))
        store.set_status("me", game_id, "lost")
    damaged = store.save("me", Session(get_variant("freecell"), 4))
    store.set_status("me", damaged, "lost")
    store._db.execute("UPDATE games SET moves = 'many' WHERE id = ?", (damaged,))  # after it finished
    every, _, unreadable = player_stats(store, "me")
    assert [str(problem) for problem in unreadable] == [
        f"saved game {damaged} can't be read for the recent games: its move count is 'many', not a whole number"
    ]
    klondike, _ = tallied(store, "me", "klondike")
    assert klondike == [s for s in every if s.game == "klondike"] and klondike  # not klondike-vegas
    freecell, unread = tallied(store, "me", "freecell")
    assert {s.game for s in freecell} == {"freecell", "freecell[cells=6]"} and len(unread) == 1
    assert tallied(store, "me", "klondike")[1] == []  # the damaged FreeCell game is not Klondike's to report
