"""A saved game is read back from the position it reached, not by replaying every move;
undo, redo and the score then behave exactly as in a game replayed from its moves."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from cardtable.app import ledger
from cardtable.app import Options, Scoring, Session, Store
from cardtable.app.storage import CorruptSave
from cardtable.solitaire import get_variant, legal_moves


def _played(game: str, scoring: Scoring, moves: int, seed: int) -> Session:
    rng = random.Random(seed)
    session = Session(get_variant(game), seed, Options(True, scoring))
    for _ in range(moves):
        choices = legal_moves(session.state)
        if not choices or session.is_won:
            break
        session.play(rng.choice(choices))
        if rng.random() < 0.15:
            session.undo()
    return session


def _replayed(path: Path, game_id: int) -> Session:
    """The same game read back the old way: its saved position wiped, so it replays."""
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET position = NULL WHERE id = ?", (game_id,))
    raw.commit()
    raw.close()
    return Store(path).load("ann", game_id)


@pytest.mark.parametrize(
    ("game", "scoring"),
    [("klondike", Scoring.STANDARD), ("klondike-vegas", Scoring.VEGAS), ("freecell", Scoring.UNIFORM), ("spider-1suit", Scoring.UNIFORM)],
)
def test_read_back_from_its_position_it_plays_on_like_the_replayed_game(tmp_path: Path, game: str, scoring: Scoring) -> None:
    path = tmp_path / "g.db"
    for seed in range(1, 6):
        session = _played(game, scoring, 80, seed)
        game_id = Store(path).save("ann", session)
        quick = Store(path).load("ann", game_id)
        known = [s is not None for s in quick.history.states]
        assert known[0] and known[quick.history.at] and sum(known) <= 2  # nothing was replayed
        assert quick.state == session.state and quick.score == session.score
        slow = _replayed(path, game_id)
        while True:  # undo all the way back, then redo all the way: the same positions and scores
            assert quick.state == slow.state and quick.score == slow.score
            if not quick.undo().ok:
                break
            slow.undo()
        while quick.redo().ok:
            slow.redo()
            assert quick.state == slow.state and quick.score == slow.score
        assert quick.state == session.history.states[-1]


def test_moves_changed_behind_its_back_are_replayed_and_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    session = _played("klondike", Scoring.STANDARD, 30, 3)
    game_id = Store(path).save("ann", session)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET steps = '[[\"t1>t7:9\"]]', at = 1")
    raw.commit()
    raw.close()
    with pytest.raises(CorruptSave, match="step 1"):
        Store(path).load("ann", game_id)


def test_an_unreadable_position_is_only_a_lost_shortcut(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    session = _played("freecell", Scoring.UNIFORM, 40, 2)
    game_id = Store(path).save("ann", session)
    raw = sqlite3.connect(path)
    stored = raw.execute("SELECT position FROM games").fetchone()[0]
    raw.execute("UPDATE games SET position = ?", (stored.split("\n")[0] + "\nnot a position",))
    raw.commit()
    raw.close()
    again = Store(path).load("ann", game_id)
    assert again.state == session.state and all(s is not None for s in again.history.states)


def test_the_score_moves_on_one_step_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The points after an action are the points before it plus the action's own: a long
    game is not scored again from its first move after every move, nor after an undo."""
    session = _played("klondike", Scoring.STANDARD, 60, 4)
    expected = _played("klondike", Scoring.STANDARD, 60, 4)
    assert session.score == expected.score

    def from_the_start(*args: object) -> None:
        raise AssertionError("scored again from the first move")

    monkeypatch.setattr(ledger, "_every_point", from_the_start)
    for _ in range(5):
        session.play(legal_moves(session.state)[0])
        expected.play(legal_moves(expected.state)[0])
        assert session.score >= 0
    session.undo()
    expected.undo()
    monkeypatch.undo()
    assert session.score == Session(get_variant("klondike"), 4, Options(True, Scoring.STANDARD), expected.history).score


def test_a_bookmark_is_saved_with_the_game_whether_its_line_was_played_over_or_not(tmp_path: Path) -> None:
    store = Store(tmp_path / "marks.db")
    session = Session(get_variant("klondike"), 3, Options(auto_build=False))
    assert session.deal().ok and session.deal().ok and session.set_bookmark().ok
    marked = session.state
    assert session.deal().ok
    game_id = store.save("me", session)
    along = store.load("me", game_id)  # the mark on the game's own line
    assert along.to_bookmark().ok and along.state == marked
    assert session.undo().ok and session.undo().ok and session.move_card("t1", 0, "t2").ok  # the marked line played over
    store.save("me", session, game_id)
    over = store.load("me", game_id)
    outcome = over.to_bookmark()
    assert outcome.ok and "dropped" in outcome.reason and over.state == marked and over.move_count == 2
    with sqlite3.connect(tmp_path / "marks.db") as db:
        db.execute("UPDATE games SET bookmark = '{\"at\": 2, \"line\": [[\"t9>t1\"]]}'")
    damaged = store.load("me", game_id)  # a bookmark that no longer reads back is dropped, not the game
    assert damaged.bookmark is None and damaged.state == session.state
    with sqlite3.connect(tmp_path / "marks.db") as db:
        db.execute("UPDATE games SET bookmark = '{\"at\": 1.0, \"line\": [[\"deal\"]]}'")
    odd = store.load("me", game_id)
    assert odd.bookmark is None
    store.save("me", odd, game_id)  # and the game saves on


def test_a_game_whose_shuffling_redeal_falls_otherwise_today_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.solitaire import Move, MoveKind
    from cardtable.solitaire.rules import gaps

    path = tmp_path / "g.db"
    session = Session(get_variant("montana"), 4)
    assert session.play(Move(MoveKind.REDEAL)).ok
    for _ in range(3):  # moves that follow where the redeal put the cards
        assert session.play(next(m for m in legal_moves(session.state) if m.kind is MoveKind.MOVE)).ok
    game_id = Store(path).save("ann", session)
    assert Store(path).load("ann", game_id).state == session.state
    # Saved before the shuffle changed: its position reads back, but its moves after the
    # redeal no longer follow it, which an undo would meet mid-game; the load says so.
    monkeypatch.setattr(gaps, "mixed", lambda cards, redeal: tuple(reversed(cards)))
    with pytest.raises(CorruptSave, match="step 2"):
        Store(path).load("ann", game_id)
