"""Statistics from stored games, and their export."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from cardtable.app import Options, Scoring, Session, Store, summarize
from cardtable.app.stats import to_csv, to_json, to_text
from cardtable.solitaire import get_variant
from cardtable.solitaire.formats import parse_freecell_solution

SOLUTION = Path(__file__).parents[1] / "fixtures" / "freecell" / "deal-1.solution"


def _won_freecell() -> Session:
    session = Session(get_variant("freecell"), 1, Options(auto_build=False))
    for move in parse_freecell_solution(session.state, SOLUTION.read_text()):
        session.play(move)
    assert session.is_won
    return session


def test_streaks_rates_and_bests(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    results = ["won", "lost", "won", "won", "lost", "won"]
    for result in results:
        if result == "won":
            store.save("me", _won_freecell())
        else:
            game = store.save("me", Session(get_variant("freecell"), 2))
            store.set_status("me", game, "lost")
    store.save("me", Session(get_variant("freecell"), 3))  # unfinished: not counted
    store.save("you", _won_freecell())
    [stats] = summarize(store.records("me"))
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (6, 4, 1, 2)
    assert stats.win_rate == round(4 / 6, 4)
    assert stats.fewest_moves == _won_freecell().move_count
    assert stats.recent == tuple(results)
    assert stats.best_score == 100


def test_per_option_sets_and_cumulative_vegas(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    vegas = 0
    for scoring in (Scoring.VEGAS, Scoring.VEGAS, Scoring.STANDARD):
        session = Session(get_variant("klondike"), 3, Options(scoring=scoring))
        session.deal()
        game = store.save("me", session)
        store.set_status("me", game, "lost")
        vegas += session.score if scoring is Scoring.VEGAS else 0
    by_options = summarize(store.records("me"), by_options=True)
    assert len(by_options) == 2
    [overall] = summarize(store.records("me"))
    assert overall.vegas_total == vegas < -52


def test_the_best_score_is_one_of_the_scoring_last_played(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    scores = {}
    for scoring in (Scoring.STANDARD, Scoring.UNIFORM, Scoring.STANDARD, Scoring.VEGAS, Scoring.UNIFORM):
        session = Session(get_variant("klondike"), 3, Options(scoring=scoring))
        session.deal()
        session.move_card("waste", -1, "t1")
        store.set_status("me", store.save("me", session), "lost")
        scores.setdefault(scoring, []).append(session.score)
    [stats] = summarize(store.records("me"))
    assert stats.best_score == max(scores[Scoring.UNIFORM]) and stats.best_score_scoring == "uniform"
    assert stats.best_score != max(max(s) for s in scores.values())  # the Vegas and standard scores are left out
    assert f"best score {stats.best_score}%" in to_text([stats])  # the share of the cards home
    for scoring, stats in zip((Scoring.STANDARD, Scoring.UNIFORM, Scoring.VEGAS), summarize(store.records("me"), by_options=True)):
        assert (stats.best_score, stats.best_score_scoring) == (max(scores[scoring]), scoring.value)


def test_export_as_csv_and_json(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    store.save("me", _won_freecell())
    stats = summarize(store.records("me"))
    rows = list(csv.DictReader(io.StringIO(to_csv(stats))))
    assert rows[0]["game"] == "freecell" and rows[0]["won"] == "1" and rows[0]["recent"] == "won"
    assert json.loads(to_json(stats))[0]["best_streak"] == 1


def test_the_text_shows_bests_vegas_and_recent_games(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    store.save("me", _won_freecell())
    for scoring in (Scoring.VEGAS, Scoring.STANDARD):
        session = Session(get_variant("klondike"), 3, Options(auto_build=False, scoring=scoring))
        session.deal()
        store.set_status("me", store.save("me", session), "lost")
    text = to_text(summarize(store.records("me")))
    freecell, klondike = text.split("\nKlondike: ")
    assert freecell.startswith("FreeCell: played 1, won 1 (100%)")
    # A share of the cards home reads as one, as on the status line ("best score 100 (uniform scoring)" did not)
    assert f"best score 100%, best time 0:00, fewest moves {_won_freecell().move_count}" in freecell
    assert "Vegas" not in freecell and "deal 1  won  score 100%" in freecell
    assert "Vegas total -52 over 1 game" in klondike
    assert klondike.count("deal 3  lost") == 2 and "recent: " in klondike
    assert to_text([]) == "No finished games yet."


def test_exports_carry_the_recent_games(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    store.save("me", _won_freecell())
    stats = summarize(store.records("me"))
    [row] = csv.DictReader(io.StringIO(to_csv(stats)))
    date = stats[0].recent_games[0].date
    assert len(date) == 10 and row["recent_games"] == f"{date}/1/won/100" and row["vegas_games"] == "0"
    assert json.loads(to_json(stats))[0]["recent_games"] == [{"date": date, "deal": 1, "result": "won", "score": 100, "scoring": "uniform"}]


def test_games_with_and_without_the_tables_step_at_the_deal_count_in_one_group(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    for deal in (1, 2):  # Klondike's deal 1 sends A♠ home at the deal, deal 2 nothing
        session = Session(get_variant("klondike"), deal)
        assert session.deal().ok
        store.set_status("me", store.save("me", session), "lost")
    assert {Session(get_variant("klondike"), deal).history.table_steps for deal in (1, 2)} == {0, 1}
    [grouped] = summarize(store.records("me"), by_options=True)
    assert grouped.played == 2
