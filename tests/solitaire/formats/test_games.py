"""Whole games as JSON and replays that stop at the first illegal move."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.solitaire import Move, MoveKind, apply, get_variant, legal_moves, variants
from cardtable.solitaire.formats import FormatError, ReplayError, game_from_json, game_to_json, replay


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_games_round_trip_through_json_and_replay(variant: object) -> None:
    from cardtable.solitaire import Variant

    assert isinstance(variant, Variant)
    rng = random.Random(5)
    state = variant.start(12)
    played: list[Move] = []
    for _ in range(50):
        moves = legal_moves(state)
        if not moves:
            break
        played.append(rng.choice(moves))
        state = apply(state, played[-1])
    again, deal, moves = game_from_json(game_to_json(variant, 12, played))
    assert (again, deal, moves) == (variant, 12, played)
    assert replay(again, deal, moves) == state


def test_replay_names_the_first_illegal_move() -> None:
    klondike = get_variant("klondike")
    with pytest.raises(ReplayError) as caught:
        replay(klondike, 7, [Move(MoveKind.DEAL), Move(MoveKind.MOVE, klondike.index_of_name("t1"), klondike.index_of_name("t2"))])
    assert caught.value.number == 2 and caught.value.move == "t1>t2"
    assert "can't go on" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"deal": 1}', "does not name its game"),
        ('{"game": "klondike", "deal": "one"}', "whole number"),
        ('{"game": "klondike", "deal": 1, "moves": "deal"}', "list of move texts"),
        ('{"game": "nope", "deal": 1}', "unknown game"),
        ('{"game": "klondike", "deal": 1, "moves": ["t1>t99"]}', "no pile"),
        ('{"format": "other", "game": "klondike", "deal": 1}', "format"),
        ('{"version": 99, "game": "klondike", "deal": 1}', "newer version"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"game": "klondike", "deal": ' + "1" * 5000 + "}", "number too long"),
        ('{"game": "freecell", "deal": 0}', "FreeCell deal numbers run from 1 to 2,147,483,647, not 0"),
        ('{"game": "freecell", "deal": 2147483648}', "run from 1 to"),
        ('{"game": "klondike", "deal": -3}', "Klondike deal numbers run from 0 to"),
    ],
)
def test_bad_saved_games_are_explained(text: str, complaint: str) -> None:
    with pytest.raises(FormatError, match=complaint):
        game_from_json(text)


def test_json_names_format_and_version() -> None:
    data = json.loads(game_to_json(get_variant("spider"), 3, [Move(MoveKind.DEAL)]))
    assert data == {"format": "cardtable-game", "version": 1, "game": "spider", "deal": 3, "moves": ["deal"]}
