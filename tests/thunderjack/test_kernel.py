"""The compiled simulation loop against the engine: the same shoe, the same strategy,
the same result round after round."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from cardtable.cards import parse_cards, shuffled
from cardtable.thunderjack import SEATS, RuleSet, Shoe, act, kernel, preset, start
from cardtable.thunderjack.advisor import advise
from cardtable.thunderjack.composition import compositions
from cardtable.thunderjack.strategy import decision_table, rule_array

CASINO = preset("six-deck-s17")
CASES = {
    "thunderjack": (preset("thunderjack"), 1),
    "thunderjack, three hands": (preset("thunderjack"), 3),
    "six-deck-s17": (CASINO, 1),
    "six-deck-h17, two hands": (preset("six-deck-h17"), 2),
    "single-deck": (preset("single-deck"), 1),
    "six-deck-6to5": (preset("six-deck-6to5"), 1),
    "resplit Aces": (CASINO.but(resplit_aces=True), 1),
    "hit split Aces": (CASINO.but(hit_split_aces=True, resplit_aces=True), 2),
    "no hole card": (CASINO.but(no_hole_card=True, surrender=False), 3),
    "two decks, no hole card, Thunderjack": (preset("thunderjack").but(decks=2, no_hole_card=True, surrender=False), 3),
}


def play_both(rules: RuleSet, hands: int, salt: str) -> tuple[list[float], np.ndarray, int, int]:
    """Rounds dealt in order from one long stacked shoe (fresh shuffles of the rules' decks
    one after another), by the engine with the advisor and by the loop."""
    rules = rules.but(reshuffle_below=0.0)
    deck = Shoe.seeded(rules.decks, 0).cards
    seed = zlib.crc32(salt.encode()) & 0xFFFF
    cards = [c for n in range(max(4, 60 // rules.decks)) for c in shuffled(deck, seed + n)]
    shoe, engine_results = Shoe.stacked(cards), []
    while shoe.remaining > 60:
        game = start(rules, shoe, 10**6, {s: 10 for s in SEATS[:hands]})
        while not game.is_over:
            game = act(game, advise(game).best)
        engine_results.append(game.net / 10)
        shoe = game.shoe
    record = np.zeros(len(engine_results))
    codes = np.array([c.index for c in cards], dtype=np.int64)
    comps = compositions(rules.decks)
    stats, dealt = kernel.play_rounds(
        codes, 0, len(engine_results), rule_array(rules, hands), decision_table(rules), comps.after, comps.single,
        0, True, record,
    )
    assert stats[kernel.NET] == sum(engine_results) and stats[kernel.ROUNDS] == len(engine_results)
    return engine_results, record, dealt, shoe.dealt


@pytest.mark.parametrize("name", CASES)
def test_the_loop_plays_every_round_as_the_engine_does(name: str) -> None:
    rules, hands = CASES[name]
    engine, loop, loop_dealt, engine_dealt = play_both(rules, hands, name)
    assert loop_dealt == engine_dealt
    assert loop.tolist() == engine
    assert len(engine) > 300 // hands


def test_a_shoe_that_runs_out_mid_round_leaves_the_rounds_cards_out() -> None:
    for seed in range(30):
        np.random.seed(seed)
        shoe, begun = np.arange(52, dtype=np.int64), np.array([46], dtype=np.int64)
        card, dealt = kernel._draw(shoe, 52, False, begun)
        assert card not in range(46, 52) and dealt == 7 and begun[0] == 0
        assert shoe[:6].tolist() == list(range(46, 52)) and sorted(shoe.tolist()) == list(range(52))


STACKED = {  # rules, hands, the round's cards in dealing order (then the rest of a seeded shoe)
    "an Ace resplit": (CASINO.but(resplit_aces=True), 1, "AC AD 6D 9C AH 5C 9S 8D"),
    "an Ace resplit, then no room": (CASINO.but(resplit_aces=True, split_hands=3), 1, "AC AD 6D 9C AH AS 9S 8D 7C"),
    "split Aces hit": (CASINO.but(hit_split_aces=True), 1, "AC AD 6D 9C 2H 3C 9S 8D"),
    "a late dealer Blackjack": (CASINO.but(no_hole_card=True, surrender=False), 2, "AH 6C TD 5D TC 9S AD"),
}


@pytest.mark.parametrize("name", STACKED)
def test_the_loop_plays_split_aces_and_a_late_dealer_blackjack_as_the_engine_does(name: str) -> None:
    rules, hands, opening = STACKED[name]
    rules = rules.but(reshuffle_below=0.0)
    stacked = parse_cards(opening)
    rest = list(Shoe.seeded(rules.decks, 3).cards)
    for card in stacked:
        rest.remove(card)
    cards = [*stacked, *rest]
    game = start(rules, Shoe.stacked(cards), 10**6, {s: 10 for s in SEATS[:hands]})
    while not game.is_over:
        game = act(game, advise(game).best)
    record = np.zeros(1)
    comps = compositions(rules.decks)
    _, dealt = kernel.play_rounds(
        np.array([c.index for c in cards], dtype=np.int64), 0, 1, rule_array(rules, hands), decision_table(rules),
        comps.after, comps.single, 0, True, record,
    )
    assert record[0] == game.net / 10 and dealt == game.shoe.dealt
    assert len(game.hands) >= hands + (name != "a late dealer Blackjack")
