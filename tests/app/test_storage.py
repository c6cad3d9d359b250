"""Storage on a real SQLite file: resume, kill, corrupt and foreign files."""

from __future__ import annotations

import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardtable.app import CorruptSave, Options, Scoring, Session, StaleGame, StorageError, Store, StoreBusy
from cardtable.app.migrations import SCHEMA_VERSION
from cardtable.app.storage import Save
from cardtable.solitaire import get_variant, legal_moves
from cardtable.solitaire.formats import format_state, replay


def _played(moves: int = 12) -> Session:
    session = Session(get_variant("klondike"), 7, Options(auto_build=True, scoring=Scoring.STANDARD))
    for _ in range(moves):
        if not session.play_card("waste").ok:
            session.deal()
    return session


def test_a_saved_game_resumes_exactly_after_reopening(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    session = _played()
    session.undo()
    store = Store(db)
    game = store.save("me", session)
    store.close()
    again = Store(db).load("me", game)
    assert again.state == session.state
    assert again.history.steps == session.history.steps and again.history.at == session.history.at
    assert again.options == session.options and again.redo().ok


def test_saving_again_updates_the_same_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    session = _played(3)
    game = store.save("me", session)
    session.deal()
    assert store.save("me", session, game) == game
    assert store.load("me", game).state == session.state
    assert store.latest_unfinished("me") == game
    with pytest.raises(KeyError):
        store.load("someone else", game)


def test_a_game_is_read_with_the_version_of_the_same_save(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    session = _played(3)
    game = store.save("me", session)
    before = session.state
    session.deal()
    store.save("me", session, game, expected=store.version("me", game))
    loaded, version = store.load_at("me", game)
    assert (loaded.state, version) == (session.state, store.version("me", game)) and loaded.state != before
    with pytest.raises(KeyError):
        store.load_at("someone else", game)


def test_a_save_made_from_an_older_version_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    here, there = Store(tmp_path / "g.db"), Store(tmp_path / "g.db")  # two server processes
    session = _played(3)
    game = here.save("me", session)
    first, second = here.load("me", game), there.load("me", game)
    first.deal()
    here.save("me", first, game, expected=0)
    second.undo()
    with pytest.raises(StaleGame):
        there.save("me", second, game, expected=0)
    assert there.version("me", game) == 1 and there.load("me", game).state == first.state
    with pytest.raises(KeyError):
        there.save("someone else", second, game, expected=1)


def test_saves_written_together_refuse_only_their_own_stale_or_foreign_games(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    games = [store.save("me", _played(3)) for _ in range(3)]
    moved = [store.load("me", game) for game in games]
    for session in moved:
        session.deal()
    answers = store.save_together([
        Save("me", moved[0], games[0], expected=0),
        Save("me", moved[1], games[1], expected=5),  # stale: another process saved first
        Save("someone else", moved[2], games[2], expected=0),  # not theirs
        Save("me", moved[2], games[2], expected=0),
    ])
    assert answers[0] == games[0] and answers[3] == games[2]
    assert isinstance(answers[1], StaleGame) and isinstance(answers[2], KeyError)
    assert [store.version("me", game) for game in games] == [1, 0, 1]
    assert store.load("me", games[0]).state == moved[0].state and store.load("me", games[2]).state == moved[2].state


def test_saves_written_together_while_the_lock_is_held_elsewhere_all_fail_and_store_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db", timeout=0.1)
    games = [store.save("me", _played(3)) for _ in range(2)]
    moved = [store.load("me", game) for game in games]
    for session in moved:
        session.deal()
    other = sqlite3.connect(tmp_path / "g.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    answers = store.save_together([Save("me", session, game, expected=0) for session, game in zip(moved, games)])
    other.execute("ROLLBACK")
    assert all(isinstance(answer, StoreBusy) for answer in answers)
    assert [store.version("me", game) for game in games] == [0, 0]
    assert store.load("me", games[0]).state != moved[0].state


def test_the_database_uses_wal_and_records_its_schema(tmp_path: Path) -> None:
    Store(tmp_path / "g.db").close()
    db = sqlite3.connect(tmp_path / "g.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION == 17


def test_an_older_schema_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    from cardtable.app.migrations import MIGRATIONS

    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO schema_version VALUES (1)")
    db.execute(
        "INSERT INTO games (player, variant, deal, options, steps, at, elapsed, status, moves, score, vegas, started,"
        " updated) VALUES ('me', 'klondike', 7, '{}', '[[\"deal\"]]', 1, 3.0, 'playing', 1, 0, 0, '', '')"
    )
    db.commit()
    db.close()
    store = Store(path)
    assert store.load("me", 1).move_count == 1 and store.version("me", 1) == 0
    assert store.dealt("me", "klondike") == {7}  # read by the index the last step adds
    plan = store.query("EXPLAIN QUERY PLAN SELECT DISTINCT deal FROM games WHERE player = ? AND variant = ?", ("me", "x"))
    assert any("games_by_deal" in str(row) for row in plan)


def test_saved_pyramid_games_keep_their_meaning_as_relaxed_pyramid(tmp_path: Path) -> None:
    from cardtable.app.migrations import MIGRATIONS

    path = tmp_path / "old.db"
    session = Session(get_variant("relaxed-pyramid"), 3, Options(auto_build=False))
    session.play(legal_moves(session.state)[0])
    Store(path).save("me", session)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET variant = 'pyramid', position = replace(position, 'relaxed-pyramid', 'pyramid'),"
               " status = 'won'")  # as a schema 8 file held it (the tally trigger counts the win)
    db.execute("INSERT INTO solver_results VALUES ('pyramid', 3, 'won', 1, 1, 0.1, 1, '', '')")
    db.execute("UPDATE schema_version SET version = 8")
    db.commit()
    assert db.execute("SELECT variant FROM game_tallies").fetchall() == [("pyramid",)]
    db.close()
    assert MIGRATIONS[8][0].startswith("UPDATE games")
    store = Store(path)
    loaded = store.load("me", 1)
    assert loaded.variant is get_variant("relaxed-pyramid") and loaded.state == session.state
    db = sqlite3.connect(path)
    assert db.execute("SELECT variant FROM games").fetchall() == [("relaxed-pyramid",)]
    assert db.execute("SELECT variant FROM game_tallies").fetchall() == [("relaxed-pyramid",)]
    assert db.execute("SELECT game FROM solver_results").fetchall() == [("relaxed-pyramid",)]
    assert "game: relaxed-pyramid" in db.execute("SELECT position FROM games").fetchone()[0]


def test_proofs_stored_before_safe_moves_heeded_cards_coming_back_are_searched_again(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO solver_results VALUES ('klondike', 62, 'unwinnable', 0, 860, 0.1, 1, '', '')")
    db.execute("INSERT INTO solver_results VALUES ('klondike', 1, 'solved', 90, 500, 0.1, 1, 'x', '')")
    db.execute("UPDATE schema_version SET version = 9")
    db.commit()
    db.close()
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT deal, outcome FROM solver_results").fetchall() == [(1, "solved")]


def _played_under_the_old_rules(game: str, deal: int, source: str, target: str) -> Session:
    """A game that moved a run of two cards, as La Belle Lucie and Cruel once allowed."""
    from cardtable.app.history import History
    from cardtable.solitaire import Move, MoveKind, apply

    session = Session(get_variant(game), deal, Options(auto_build=False))
    run = Move(MoveKind.MOVE, session.pile_index(source), session.pile_index(target), 2)
    session.history = History.begin(session.state).push([run], apply(session.state, run, trusted=True))
    return session


def test_corrected_rules_search_again_the_verdicts_they_may_contradict_and_name_an_unplayable_move(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    store = Store(path)
    legacy = store.save("me", _played_under_the_old_rules("la-belle-lucie", 14, "t2", "t10"))
    fine = Session(get_variant("la-belle-lucie"), 14, Options(auto_build=False))
    assert fine.play(legal_moves(fine.state)[0]).ok
    kept = store.save("me", fine)
    store.close()
    db = sqlite3.connect(path)
    for row in (("simple-simon", 1, "unwinnable"), ("simple-simon", 2, "solved"), ("la-belle-lucie", 1, "solved"),
                ("cruel", 2, "unwinnable"), ("klondike", 1, "unwinnable")):
        db.execute("INSERT INTO solver_results VALUES (?, ?, ?, 0, 1, 0.1, 0, '', '')", row)
    db.execute("UPDATE schema_version SET version = 10")
    db.commit()
    db.close()
    store = Store(path)
    with pytest.raises(CorruptSave, match="step 1: .* only one card moves at a time"):
        store.load("me", legacy)
    assert store.load("me", kept).state == fine.state
    db = sqlite3.connect(path)
    assert sorted(db.execute("SELECT game, deal, outcome FROM solver_results").fetchall()) == [
        ("cruel", 2, "unwinnable"), ("klondike", 1, "unwinnable"), ("simple-simon", 2, "solved"),
    ]
    assert db.execute("SELECT status FROM games WHERE id = ?", (legacy,)).fetchone() == ("playing",)


def test_verdicts_found_before_redeals_shuffled_apart_are_searched_again(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Store(path).close()
    db = sqlite3.connect(path)
    for row in (("montana", 4, "solved"), ("montana", 5, "unwinnable"), ("la-belle-lucie", 1, "solved"),
                ("freecell", 1, "solved")):
        db.execute("INSERT INTO solver_results VALUES (?, ?, ?, 0, 1, 0.1, 1, '', '')", row)
    for key in ("daily:montana:2026-12-06", "daily:la-belle-lucie:2026-12-06", "daily:freecell:2026-12-06"):
        db.execute("INSERT INTO settings VALUES ('', ?, '7')", (key,))
    db.execute("UPDATE schema_version SET version = 14")
    db.commit()
    db.close()
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT game, deal, outcome FROM solver_results").fetchall() == [("freecell", 1, "solved")]
    assert db.execute("SELECT key FROM settings").fetchall() == [("daily:freecell:2026-12-06",)]


def test_scorpion_verdicts_and_positions_from_before_finished_runs_left_the_table_are_worked_out_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    store = Store(path)
    session = Session(get_variant("scorpion"), 2, Options(auto_build=False))
    for _ in range(3):  # a few moves, each the first offered
        assert session.play(legal_moves(session.state)[0]).ok
    playing = store.save("me", session)
    klondike = store.save("me", _played())
    store.close()
    db = sqlite3.connect(path)
    start = get_variant("scorpion").start(2)
    # A position the moves no longer reach under the rules, as one with a finished run left on the table:
    saved_with = db.execute("SELECT position FROM games WHERE id = ?", (playing,)).fetchone()[0].partition("\n")[0]
    db.execute("UPDATE games SET position = ? WHERE id = ?", (f"{saved_with}\n{format_state(start)}", playing))
    for row in (("scorpion", 1, "unwinnable"), ("wasp", 2, "solved"), ("three-blind-mice", 3, "solved"), ("spider", 1, "solved")):
        db.execute("INSERT INTO solver_results VALUES (?, ?, ?, 0, 1, 0.1, 0, '', '')", row)
    for key in ("daily:scorpion:2026-12-07", "daily:wasp:2026-12-07", "daily:three-blind-mice:2026-12-07", "daily:spider:2026-12-07"):
        db.execute("INSERT INTO settings VALUES ('', ?, '7')", (key,))
    db.execute("UPDATE schema_version SET version = 16")
    db.commit()
    db.close()
    store = Store(path)
    loaded = store.load("me", playing)
    assert loaded.state == session.state != start  # replayed under the rules as they are
    assert store.load("me", klondike).state == _played().state
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT game, deal, outcome FROM solver_results").fetchall() == [("spider", 1, "solved")]
    assert db.execute("SELECT key FROM settings WHERE player = ''").fetchall() == [("daily:spider:2026-12-07",)]


def test_the_environment_variable_names_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_DB", str(tmp_path / "elsewhere.db"))
    assert Store().path == tmp_path / "elsewhere.db"


def test_a_file_that_is_not_a_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    junk = tmp_path / "notes.db"
    junk.write_bytes(b"these are my notes, not a database" * 100)
    before = junk.read_bytes()
    with pytest.raises(StorageError, match="not a cardtable database"):
        Store(junk)
    assert junk.read_bytes() == before


def test_another_programs_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    foreign = tmp_path / "other.db"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE invoices (id INTEGER)")
    db.commit()
    db.close()
    before = foreign.read_bytes()
    with pytest.raises(StorageError, match="another program"):
        Store(foreign)
    assert foreign.read_bytes() == before


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(StorageError, match="newer cardtable"):
        Store(path)


def test_a_corrupt_saved_game_is_reported_and_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    good = store.save("me", _played(4))
    bad = store.save("me", _played(6))
    store._db.execute("UPDATE games SET steps = '[[\"t1>t7:9\"]]' WHERE id = ?", (bad,))
    store._db.commit()
    with pytest.raises(CorruptSave, match=f"saved game {bad}"):
        store.load("me", bad)
    assert store.load("me", good).move_count > 0
    assert [r.id for r in store.records("me")] == [good, bad]


KILLED_PLAYER = textwrap.dedent(
    """
    import sys
    from cardtable.app import Options, Session, Store
    from cardtable.solitaire import get_variant, legal_moves
    store = Store(sys.argv[1])
    session = Session(get_variant("freecell"), 5, Options(auto_build=False))
    game = None
    while True:
        move = legal_moves(session.state)[0]
        session.play(move)
        game = store.save("me", session, game)
        print(session.move_count, flush=True)
    """
)


def test_a_game_killed_mid_play_resumes_with_no_move_lost(tmp_path: Path) -> None:
    db = tmp_path / "killed.db"
    child = subprocess.Popen([sys.executable, "-c", KILLED_PLAYER, str(db)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    saved = 0
    while saved < 25:
        saved = int(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    child.wait()
    store = Store(db)
    game = store.latest_unfinished("me")
    assert game is not None
    session = store.load("me", game)
    assert session.move_count >= saved
    assert session.state == replay(session.variant, 5, session.history.played)


def test_a_database_url_names_the_file_and_other_databases_are_refused(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'url.db'}")
    assert store.path == tmp_path / "url.db" and (tmp_path / "url.db").exists()
    with pytest.raises(StorageError, match="postgresql databases are not supported"):
        Store("postgresql://cards@localhost/cardtable")


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("moves", "'lots'", "its move count is 'lots', not a whole number"),
        ("elapsed", "'soon'", "its time played is 'soon', not a number of seconds"),
        ("score", "2.5", "its score is 2.5, not a whole number"),
        ("vegas", "X'00'", "its Vegas result is b'\\x00', not a whole number"),
        ("status", "'maybe'", "its result is 'maybe', not one of playing, won, lost, unplayed"),
    ],
)
def test_a_record_with_a_garbage_field_is_refused_or_skipped_and_left_alone(
    tmp_path: Path, column: str, value: str, message: str
) -> None:
    path = tmp_path / "g.db"
    store = Store(path)
    good = store.save("me", _played(4))
    bad = store.save("me", _played(6))
    store.close()
    raw = sqlite3.connect(path)
    raw.execute(f"UPDATE games SET {column} = {value} WHERE id = ?", (bad,))
    raw.commit()
    raw.close()
    before = path.read_bytes()
    store = Store(path)
    with pytest.raises(CorruptSave, match=re.escape(f"saved game {bad} can't be counted in the statistics: {message}")):
        list(store.records("me"))
    skipped: list[CorruptSave] = []
    assert [r.id for r in store.records("me", skip=skipped.append)] == [good]
    assert [str(p) for p in skipped] == [f"saved game {bad} can't be counted in the statistics: {message}"]
    store.close()
    assert path.read_bytes() == before


def test_saves_made_together_are_kept_all_or_none(tmp_path: Path) -> None:
    store = Store(tmp_path / "together.db")
    old = store.save("me", _played())
    with pytest.raises(StorageError, match="^can't start a new game: .*; nothing was saved$"):
        with store.together("start a new game"):
            store.set_setting("me", "winnable", "1")  # (its own transaction joins this one)
            store.save("me", store.load("me", old), old, "lost")
            store.save("me", Session(get_variant("golf"), 1))
            store._db.execute("INSERT INTO no_such_table VALUES (1)")  # a part fails
    assert [r.status for r in store.records("me")] == ["playing"] and store.setting("me", "winnable", "0") == "0"
    with store.together("start a new game"):
        store.save("me", store.load("me", old), old, "lost")
        store.save("me", Session(get_variant("golf"), 1))
    assert sorted(r.status for r in store.records("me")) == ["lost", "playing"]


def test_another_threads_write_never_joins_saves_made_together() -> None:
    import threading

    store = Store(":memory:")  # one connection, shared by every thread
    errors: list[Exception] = []

    def elsewhere() -> None:
        try:
            store.set_setting("me", "winnable", "1")
        except StorageError as error:
            errors.append(error)

    with pytest.raises(StorageError):
        with store.together("start a new game"):
            other = threading.Thread(target=elsewhere)
            other.start()
            other.join()
            raise StorageError("the new game can't be saved")
    assert errors and store.setting("me", "winnable", "0") == "0"  # refused aloud, not rolled back unseen


def test_the_tables_step_at_the_deal_stays_the_tables_once_saved_and_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    session = Session(get_variant("klondike"), 1)  # A♠ goes home at the deal
    assert session.history.table_steps == 1 and session.deal().ok and session.undo().ok
    game = store.save("me", session)
    for shortcut in (True, False):  # from the position saved with it, then by replaying its moves
        if not shortcut:
            store._db.execute("UPDATE games SET position = NULL WHERE id = ?", (game,))
            store._db.commit()
        again = store.load("me", game)
        assert again.history.table_steps == 1 and again.state == session.state and again.move_count == 0
        assert not again.can_undo and again.is_in_progress and again.redo().ok and again.move_count == 1  # (a move was made)
    for damaged in ('"x"', "2", "true"):
        store._db.execute("UPDATE games SET options = json_set(options, '$.table_steps', json(?)) WHERE id = ?", (damaged, game))
        store._db.commit()
        with pytest.raises(CorruptSave, match="steps played at the deal"):
            store.load("me", game)


def test_a_stored_time_is_shown_by_the_local_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from cardtable.app.storage import local_minute

    monkeypatch.setenv("TZ", "JST-9")  # nine hours ahead of UTC, with no time-zone files needed
    time.tzset()
    try:
        assert local_minute("2026-12-05T17:39:02+00:00") == "2026-12-06 02:39"
    finally:
        monkeypatch.undo()
        time.tzset()
