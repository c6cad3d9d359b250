"""Player options: a choice made before the deal is a game of its own, with an id that
carries the choice, and where the choice gives a registered game's rules, that game."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from cardtable.app import Store
from cardtable.app.service import Games
from cardtable.app.tallies import player_stats
from cardtable.solitaire import Move, MoveKind, PileId, PileKind, State, UnknownGame, check, get_variant, legal_moves, variants
from cardtable.solitaire.formats import format_state, parse_state
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
    named = [get_variant(f"freecell[cells={n}]").name for n in (1, 3, 6)]  # registered or made: one way
    assert named == ["FreeCell (1 free cell)", "FreeCell (3 free cells)", "FreeCell (6 free cells)"]
    assert len(six.piles_of(PileKind.CELL)) == 6
    base, made = get_variant("freecell").start(617), six.start(617)
    columns = lambda s: [s.piles[i] for i in s.variant.piles_of(PileKind.TABLEAU)]  # noqa: E731
    assert columns(made) == columns(base)
    assert pickle.loads(pickle.dumps(six)) is six  # travels to worker processes by id
    assert get_variant("klondike[passes=1]").name == "Klondike (1 pass through the stock)"
    assert get_variant("klondike[passes=2]").stock.redeals_allowed == 1


def test_thoughtful_klondike_turning_three_is_saratoga_and_its_summary_says_so() -> None:
    saratoga = get_variant("thoughtful-klondike[draw=3]")
    assert saratoga is get_variant("saratoga") and get_variant("saratoga[draw=1]") is get_variant("thoughtful-klondike")
    assert saratoga.stock.count == 3 and not any(saratoga.start(1).hidden[i] for i in saratoga.piles_of(PileKind.TABLEAU))
    assert "Turn the stock three cards at a time" in saratoga.summary
    assert "one card at a time" not in saratoga.summary


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ("freecell[cells=9]", "cells may be 1, 2, 3, 4, 5, 6, not 9"),
        ("freecell[draw=3]", "FreeCell has no option 'draw' (options: cells, columns, wrap)"),
        ("pyramid[cells=2]", "Pyramid has no option 'cells' (options: none)"),
        ("klondike[draw]", "an option is written name=number"),
        ("klondike[foo=bar]", "Klondike has no option 'foo' (options: draw, passes, columns, wrap)"),  # the name first
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


@pytest.mark.parametrize(("chosen", "registered"), [("golf[wrap=1]", "relaxed-golf"), ("relaxed-golf[wrap=0]", "golf")])
def test_wrapping_ranks_on_golf_is_relaxed_golf(chosen: str, registered: str) -> None:
    assert get_variant(chosen) is get_variant(registered)


def _with_tops(variant_id: str, first: str, second: str) -> State:
    """A deal of ``variant_id`` rearranged so that t1's top card is ``first`` and t2's is
    ``second`` (each swapped with the card that lay there)."""
    state = get_variant(variant_id).start(1)
    text = format_state(state)
    t1, t2 = (state.piles[i][-1].code for i in state.variant.piles_of(PileKind.TABLEAU)[:2])
    for old, new in ((t1, first), (t2, second)):
        text = text.replace(f" {new}", " @").replace(f" {old}", f" {new}").replace(" @", f" {old}")
    return parse_state(text)


def test_wrapping_ranks_put_a_king_on_an_ace_in_the_columns_only_when_chosen() -> None:
    wrapped = _with_tops("freecell[wrap=1]", "AS", "KH")
    plain = _with_tops("freecell", "AS", "KH")
    king_on_ace = Move(MoveKind.MOVE, wrapped.variant.index_of(PileId(PileKind.TABLEAU, 2)), wrapped.variant.index_of(PileId(PileKind.TABLEAU, 1)), 1)
    assert check(wrapped, king_on_ace).ok and king_on_ace in legal_moves(wrapped)
    refused = check(plain, king_on_ace)
    assert not refused.ok and "build down by one in alternating colours" in refused.reason
    assert "build down by one (a King on an Ace) in alternating colours" in rules_page(wrapped.variant)
    assert get_variant("freecell[wrap=1]").name == "FreeCell (ranks that wrap from King to Ace)"
    assert get_variant("tri-peaks[wrap=0]").name == "Tri-Peaks (ranks that stop at King and Ace)"


def test_a_made_game_is_named_by_its_options_words_and_read_from_numbers_alike() -> None:
    # Saved games named with numbers (klondike[wrap=1]) are the same game as the words name.
    assert get_variant("klondike[wrap=1]") is get_variant("klondike[wrap=yes]")
    assert get_variant("klondike[wrap=1]").id == "klondike[wrap=yes]"
    assert get_variant("klondike-vegas[passes=0]").id == "klondike-vegas[passes=unlimited]"
    assert get_variant("klondike[draw=3,passes=2]").id == "klondike[draw=3,passes=2]"


def test_wrapping_leaves_the_foundations_as_they_were() -> None:
    made, base = get_variant("klondike[wrap=1]"), get_variant("klondike")
    homes = base.piles_of(PileKind.FOUNDATION)
    assert [made.piles[i] for i in homes] == [base.piles[i] for i in homes]


def test_more_or_fewer_columns_keep_the_shape_of_the_deal() -> None:
    nine, four = get_variant("klondike[columns=9]").start(8), get_variant("klondike[columns=4]").start(8)
    for state, count in ((nine, 9), (four, 4)):
        columns = state.variant.piles_of(PileKind.TABLEAU)
        assert [len(state.piles[i]) for i in columns] == list(range(1, count + 1))
        assert [state.hidden[i] for i in columns] == list(range(count))
        stock = state.variant.piles_of(PileKind.STOCK)[0]
        assert len(state.piles[stock]) == 52 - count * (count + 1) // 2
    assert get_variant("klondike[columns=9]").name == "Klondike (9 columns)"


def test_more_columns_deal_the_same_cards_in_the_same_order() -> None:
    """FreeCell's Microsoft deal is dealt a row at a time, so the cards read row by row are
    the same whatever the number of columns."""

    def by_rows(state: State) -> list[str]:
        columns = [state.piles[i] for i in state.variant.piles_of(PileKind.TABLEAU)]
        return [c[row].code for row in range(max(map(len, columns))) for c in columns if row < len(c)]

    ten, eight = get_variant("freecell[columns=10]").start(617), get_variant("freecell").start(617)
    assert [len(ten.piles[i]) for i in ten.variant.piles_of(PileKind.TABLEAU)] == [6, 6] + [5] * 8
    assert by_rows(ten) == by_rows(eight)
    assert get_variant("freecell[cells=2,columns=4]").name == "FreeCell (2 free cells, 4 columns)"


def test_yes_no_options_speak_in_yes_and_no() -> None:
    page = rules_page(get_variant("tri-peaks"))
    assert "- wrap=no|yes: ranks that wrap from King to Ace (this game: yes)" in page
    assert "- columns=4|5|6|7|8|9: columns (this game: 7)" in rules_page(get_variant("klondike"))
    with pytest.raises(UnknownGame, match="wrap may be no, yes, not 2"):
        get_variant("golf[wrap=2]")
    assert get_variant("golf[wrap=yes]") is get_variant("relaxed-golf")
    assert get_variant("tri-peaks[wrap=no]") is get_variant("tri-peaks[wrap=0]")


def test_a_choice_shows_in_the_summary_and_the_name_without_contradicting_them() -> None:
    # The summary went on saying "as often as you like" of one pass, and "eight columns" of ten.
    once = get_variant("klondike[passes=1]")
    assert "never redeal the waste: one pass only." in once.summary and "as often" not in once.summary
    assert "redeal the waste as often as you like." in get_variant("klondike-vegas[passes=0]").summary
    assert "redeal the waste twice: three passes." in get_variant("klondike-draw3[passes=3]").summary
    assert "dealt face up to ten columns" in get_variant("freecell[columns=10]").summary
    assert get_variant("klondike-vegas[passes=0]").name == "Klondike (draw 1, unlimited passes through the stock)"
    assert get_variant("klondike-draw3[passes=3]").name == "Klondike (draw 3, 3 passes through the stock)"
