"""The compiled simulation loop against the engine: the same shoe, the same strategy,
the same result round after round."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from cardtable.cards import shuffled
from cardtable.thunderjack import Seat, Shoe, act, preset, start
from cardtable.thunderjack import kernel
from cardtable.thunderjack.advisor import advise
from cardtable.thunderjack.strategy import decision_table, rule_array


@pytest.mark.parametrize("name", ["thunderjack", "six-deck-s17", "six-deck-h17", "single-deck", "six-deck-6to5"])
def test_the_loop_plays_every_round_as_the_engine_does(name: str) -> None:
    rules = preset(name).but(reshuffle_below=0.0)
    cards = shuffled([c for _ in range(40) for c in Shoe.seeded(1, 0).cards], zlib.crc32(name.encode()) & 0xFFFF)
    shoe, engine_results = Shoe.stacked(cards), []
    while shoe.remaining > 40:
        game = start(rules, shoe, 10**6, {Seat.MIDDLE: 10})
        while not game.is_over:
            game = act(game, advise(game).best)
        engine_results.append(game.net / 10)
        shoe = game.shoe
    record = np.zeros(len(engine_results))
    codes = np.array([c.index for c in cards], dtype=np.int64)
    stats, dealt = kernel.play_rounds(
        codes, 0, len(engine_results), rule_array(rules), decision_table(rules), 0, True, record
    )
    assert dealt == shoe.dealt
    assert record.tolist() == engine_results
    assert stats[kernel.NET] == sum(engine_results) and stats[kernel.ROUNDS] == len(engine_results)
    assert len(engine_results) > 300


def test_a_shoe_that_runs_out_mid_round_leaves_the_rounds_cards_out() -> None:
    for seed in range(30):
        np.random.seed(seed)
        shoe, begun = np.arange(52, dtype=np.int64), np.array([46], dtype=np.int64)
        card, dealt = kernel._draw(shoe, 52, False, begun)
        assert card not in range(46, 52) and dealt == 7 and begun[0] == 0
        assert shoe[:6].tolist() == list(range(46, 52)) and sorted(shoe.tolist()) == list(range(52))

