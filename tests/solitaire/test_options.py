"""Player options: a choice made before the deal is a game of its own, with an id that
carries the choice, and where the choice gives a registered game's rules, that game."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from cardtable.app import Store
from cardtable.app.service import Games
from cardtable.app.tallies import player_stats
from cardtable.solitaire import PileKind, UnknownGame, get_variant, variants
from cardtable.solitaire.options import with_options
from cardtable.solitaire.rulebook import rules_page


@pytest.mark.parametrize(
    ("chosen", "registered"),
    [
        ("freecell[cells=3]", "freecell-3-cells"),
        ("freecell[cells=1]", "freecell-1-cell"),
        ("klondike[draw=3]", "klondike-draw3"),
        ("klondike-draw3[draw=1]", "klondike"),
        ("spider[suits=2]", "spider-2suits"),
        ("spider-1suit[suits=4]", "spider"),
        ("freecell[cells=4]", "freecell"),
    ],
)
def test_a_choice_that_gives_a_registered_game_is_that_game(chosen: str, registered: str) -> None:
    assert get_variant(chosen) is get_variant(registered)


def test_a_new_choice_makes_one_game_that_deals_like_its_base() -> None:
    six = get_variant("freecell[cells=6]")
    assert six is get_variant("FreeCell[cells=6]") is with_options(get_variant("freecell"), {"cells": 6}, variants())
    assert six.id == "freecell[cells=6]" and six.name == "FreeCell (6 free cells)"
    assert len(six.piles_of(PileKind.CELL)) == 6
    base, made = get_variant("freecell").start(617), six.start(617)
    columns = lambda s: [s.piles[i] for i in s.variant.piles_of(PileKind.TABLEAU)]  # noqa: E731
    assert columns(made) == columns(base)
    assert pickle.loads(pickle.dumps(six)) is six  # travels to worker processes by id
    assert get_variant("klondike[passes=1]").name == "Klondike (1 pass through the stock)"
    assert get_variant("klondike[passes=2]").stock.redeals_allowed == 1


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ("freecell[cells=9]", "cells may be 1, 2, 3, 4, 5, 6, not 9"),
        ("freecell[draw=3]", "FreeCell has no option 'draw' (options: cells)"),
        ("pyramid[cells=2]", "Pyramid has no option 'cells' (options: none)"),
        ("klondike[draw]", "an option is written name=number"),
        ("klondike[passes=-1]", "an option is written name=number"),
        ("nosuch[cells=2]", "unknown game 'nosuch'"),
    ],
)
def test_a_choice_the_game_does_not_offer_is_refused_in_words(chosen: str, message: str) -> None:
    with pytest.raises(UnknownGame, match=message.replace("(", r"\(").replace(")", r"\)")):
        get_variant(chosen)


def test_the_rules_page_lists_the_options_and_the_made_game_says_its_own() -> None:
    assert "- cells=1|2|3|4|5|6: free cells (this game: 4)" in rules_page(get_variant("freecell"))
    assert "- passes=unlimited|1|2|3: passes through the stock (this game: 2)" in rules_page(get_variant("klondike[passes=2]"))


def test_a_game_with_options_is_saved_resumed_and_counted_apart(tmp_path: Path) -> None:
    games = Games(Store(tmp_path / "games.db"), "ann")
    game_id, session = games.start("freecell[cells=6]", deal=5)
    assert session.pile_onto_pile("t1", "c6").ok  # a sixth cell to play to
    games.leave(game_id, session)
    games.start("freecell", deal=5)
    again = Games(Store(tmp_path / "games.db"), "ann").resume(game_id)  # a new connection to the file
    assert again is not None and again[1].variant is get_variant("freecell[cells=6]")
    stats, _, _ = player_stats(Store(tmp_path / "games.db"), "ann")
    assert {s.game for s in stats} >= {"freecell[cells=6]"}
