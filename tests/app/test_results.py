"""Recorded results stay recorded, versions only grow, scoring fits the game, deals are drawn wide."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.app import Options, Scoring, Session, Store, summarize
from cardtable.app.service import RANDOM_DEALS, Games
from cardtable.app.storage import GameOver, GameRecord
from cardtable.solitaire import get_variant
from cardtable.solitaire.formats import parse_freecell_solution

SOLUTION = Path(__file__).parents[1] / "fixtures" / "freecell" / "deal-1.solution"


def _games(tmp_path: Path, seed: int = 5) -> Games:
    return Games(Store(tmp_path / "g.db"), "me", random.Random(seed))


def _record(games: Games, game_id: int) -> GameRecord:
    return next(r for r in games.store.records("me") if r.id == game_id)


def _win(session: Session) -> None:
    for move in parse_freecell_solution(session.state, SOLUTION.read_text()):
        assert session.play(move).ok
    assert session.is_won


def test_a_won_game_undone_and_saved_stays_won_with_its_winning_result(tmp_path: Path) -> None:
    games = _games(tmp_path)
    games.set_options(Options(auto_build=False))
    game_id, session = games.start("freecell", 1)
    _win(session)
    games.save(game_id, session)
    won = _record(games, game_id)
    session.undo()
    session.undo()
    games.save(game_id, session)
    games.leave(game_id, session)
    after = _record(games, game_id)
    assert (after.status, after.moves, after.score, after.elapsed) == ("won", won.moves, won.score, won.elapsed)
    assert games.store.load("me", game_id).history.at == session.history.at  # the position is still saved
    [stats] = summarize(games.store.records("me"))
    assert (stats.played, stats.won) == (1, 1)


@pytest.mark.parametrize(("moves", "result"), [(0, "unplayed"), (2, "lost")])
def test_a_left_game_can_not_be_revived_by_playing_on(tmp_path: Path, moves: int, result: str) -> None:
    games = _games(tmp_path)
    game_id, session = games.start("klondike", 7)
    for _ in range(moves):
        session.deal()
        games.save(game_id, session)
    games.leave(game_id, session)
    assert session.is_over
    session.deal()
    with pytest.raises(GameOver, match=f"game {game_id} is over"):
        games.save(game_id, session)
    again = games.store.load("me", game_id)
    assert _record(games, game_id).status == result and again.move_count == moves and again.is_over
    with pytest.raises(GameOver):
        games.store.set_status("me", game_id, "playing")
    assert games.store.latest_unfinished("me") is None


def test_a_game_whose_moves_were_all_undone_counts_as_played_when_left(tmp_path: Path) -> None:
    games = _games(tmp_path)
    game_id, session = games.start("klondike", 7)
    session.deal()
    session.deal()
    session.restart()
    games.save(game_id, session)
    games.leave(game_id, games.store.load("me", game_id))  # after a restart of the program, too
    assert _record(games, game_id).status == "lost"
    [stats] = summarize(games.store.records("me"))
    assert stats.played == 1


def test_every_save_raises_the_version_and_none_is_ever_reused(tmp_path: Path) -> None:
    games = _games(tmp_path)
    game_id, session = games.start("klondike", 7)
    seen = [games.store.version("me", game_id)]
    session.deal()
    games.save(game_id, session)
    seen.append(games.store.version("me", game_id))
    games.leave(game_id, session)
    seen.append(games.store.version("me", game_id))
    assert seen == [0, 1, 2]
    games.set_options(Options(auto_build=False))
    won_id, won = games.start("freecell", 1)
    _win(won)
    games.save(won_id, won)
    games.leave(won_id, won)
    won.undo()
    games.save(won_id, won, expected=2)
    assert games.store.version("me", won_id) == 3


def test_vegas_scoring_falls_back_to_uniform_where_it_does_not_apply(tmp_path: Path) -> None:
    games = _games(tmp_path)
    games.set_options(Options(scoring=Scoring.VEGAS))
    freecell_id, freecell = games.start("freecell", 1)
    assert freecell.options.scoring is Scoring.UNIFORM and freecell.score == 0
    klondike_id, klondike = games.start("klondike", 7)
    assert klondike.options.scoring is Scoring.VEGAS and klondike.score == -52
    klondike.deal()
    assert freecell.play_card("t1").ok  # a move made: left, it counts as lost
    games.leave(freecell_id, freecell)
    games.leave(klondike_id, klondike)
    stats = {s.game: s for s in summarize(games.store.records("me"))}
    assert stats["freecell"].vegas_total == 0 and stats["klondike"].vegas_total == -52
    assert Session(get_variant("bisley"), 1, Options(scoring=Scoring.STANDARD)).options.scoring is Scoring.UNIFORM


def test_vegas_points_saved_for_another_game_by_an_older_version_are_not_counted() -> None:
    old = GameRecord(1, "me", "freecell", 1, '{"scoring": "vegas"}', "lost", 3, -52, -52, 9.0, "", "")
    assert summarize([old])[0].vegas_total == 0


def test_the_vegas_klondikes_are_played_for_vegas_points_unless_the_player_chose_otherwise(tmp_path: Path) -> None:
    games = _games(tmp_path)
    games.set_options(Options(scoring=Scoring.STANDARD))
    assert games.start("klondike-vegas", 3)[1].options.scoring is Scoring.VEGAS
    assert games.start("klondike-draw3-vegas", 3)[1].options.scoring is Scoring.VEGAS
    assert games.start("klondike", 3)[1].options.scoring is Scoring.STANDARD
    games.set_options(Options(scoring=Scoring.UNIFORM), "klondike-vegas")
    assert games.start("klondike-vegas", 3)[1].options.scoring is Scoring.UNIFORM
    assert games.start("klondike-draw3-vegas", 3)[1].options.scoring is Scoring.VEGAS


def test_random_deals_come_from_the_whole_range_and_are_recorded_as_random(tmp_path: Path) -> None:
    games = _games(tmp_path, seed=11)
    klondike = [games.start("klondike")[1] for _ in range(20)]
    assert all(s.random_deal for s in klondike)
    assert max(s.deal_number for s in klondike) > 1 << 50
    assert all(0 <= s.deal_number < RANDOM_DEALS for s in klondike)
    freecell = [games.start("freecell")[1].deal_number for _ in range(20)]
    assert all(1 <= n < 1 << 31 for n in freecell) and max(freecell) > 1 << 24
    game_id, chosen = games.start("klondike", 7)
    assert not chosen.random_deal and not games.store.load("me", game_id).random_deal
    assert games.store.load("me", 1).random_deal
