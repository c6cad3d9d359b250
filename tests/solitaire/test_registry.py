"""Finding a game by the name a player types."""

from __future__ import annotations

import dataclasses
import doctest
import re

import pytest

import cardtable.solitaire.registry as registry
from cardtable.solitaire import UnknownGame, get_variant, register, variants


@pytest.mark.parametrize(
    ("typed", "game"),
    [
        ("tripeaks", "tri-peaks"),
        ("TriPeaks", "tri-peaks"),
        ("Tri Peaks", "tri-peaks"),
        ("Baker's Dozen", "bakers-dozen"),
        ("forty thieves", "forty-thieves"),
        ("FORTY_THIEVES", "forty-thieves"),
        ("bases 6 to King", "besieged-fortress"),
        ("klondike-draw3", "klondike-draw3"),
    ],
)
def test_a_name_spelled_loosely_finds_its_game(typed: str, game: str) -> None:
    assert get_variant(typed).id == game


def test_every_game_is_found_by_its_title_as_written() -> None:
    for variant in variants():
        assert get_variant(variant.name) is variant, variant.name


def test_a_name_that_matches_no_game_loosely_is_still_unknown() -> None:
    for typed in ("klondyke", "", "---", "tri peeks"):
        with pytest.raises(UnknownGame) as raised:
            get_variant(typed)
        assert raised.value.no_such_game


@pytest.mark.parametrize(("typed", "said"), [
    ("klondike[[[", "has no '['"), ("freecell[", "has no '['"), ("klondike]", "has no ']'"),
    ("klon\x00dike", "has no '\\x00'"), ("klondike/1", "has no '/'"), ("klondike[]", "no options between the brackets"),
])
def test_a_name_with_marks_no_name_has_is_refused_not_read_loosely(typed: str, said: str) -> None:
    """Loose spelling forgives spaces, case and a title's marks, not anything at all."""
    with pytest.raises(UnknownGame, match=re.escape(said)):
        get_variant(typed)


def test_no_two_games_may_share_a_name_spelled_loosely() -> None:
    klondike = get_variant("klondike")
    taken = dataclasses.replace(klondike, id="tri_peaks", aliases=())
    with pytest.raises(ValueError, match="is taken"):
        register(taken)
    assert get_variant("tri_peaks").id == "tri-peaks"
    assert registry.registered("tri_peaks") is None


def test_the_examples_in_the_registry_hold() -> None:
    assert doctest.testmod(registry).failed == 0
