"""A talon card goes onto the tableau only in a chain that ends with a card put on it
(``pairs.py``), where one card turns at a time and redeals are unlimited; never elsewhere."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from cardtable.solitaire import apply, get_variant, legal_moves
from cardtable.solitaire.compiled import to_arrays
from cardtable.solitaire.compiled.kernel import generate
from cardtable.solitaire.compiled.shared import MAX_MOVES
from cardtable.solver import Budget, Outcome, running, solve
from cardtable.solver.search import CHAINS_FROM, proving
from cardtable.solver.children import make_child
from cardtable.solver.pairs import LONGEST, SPARE, extras_of, first_of, first_reach, lay_out, pair_up, second_of
from cardtable.solver.talon import draw_of, jumps, talon_of
from tests.solver.chained import assert_replays


def _moves(state):  # type: ignore[no-untyped-def]
    """The search's moves of ``state`` (generated, talon jumps, then pairs), each with
    the length its target pile has once it is played (and the safe moves home after)."""
    p = to_arrays(state)
    work = running._work(p.program)
    rules = p.program.rules
    draw = draw_of(rules)
    moves, reach = work[8], work[9]
    count = generate(rules, p.cards, p.lens, p.hid, p.extra, moves)
    count = jumps(rules, draw, p.cards, p.lens, p.hid, p.extra, moves, reach, count, (work[11], work[12], work[13]))
    count = pair_up(rules, draw, p.cards, p.lens, p.hid, p.extra, moves, reach, count, tuple(work[20:20 + SPARE]), False, LONGEST)
    talon = np.zeros(p.program.capacity + 1, dtype=np.int64)
    n = talon_of(p.cards, p.lens, p.program.meta[2], p.program.meta[3], talon)
    child = (work[4], work[5], work[6], work[7])
    log = np.zeros(8 * p.program.capacity + 64, dtype=np.int32)
    found = []
    for m in range(count):
        move = int(moves[m])
        make_child(rules, draw, (p.cards, p.lens, p.hid, p.extra), child, talon, n, first_of(move), first_reach(int(reach[m])), log, 0, False)
        found.append((move, int(p.lens[(first_of(move) >> 8) & 255]), int(work[5][(first_of(move) >> 8) & 255])))
    return found


def test_a_talon_card_goes_onto_a_column_only_with_a_move_onto_that_column() -> None:
    rng = random.Random(3)
    variant = get_variant("klondike")
    waste = variant.index_of_name("waste")
    foundations = set(variant.tables.foundations)
    pairs = 0
    for deal in range(1, 6):
        state = variant.start(deal)
        for _ in range(60):
            for move, before, after in _moves(state):
                first, second = first_of(move), second_of(move)
                lays_out = (first >> 16) & 255 == waste and (first >> 8) & 255 not in foundations
                # Never alone, unless the safe moves home take the card straight on; and a
                # pair always starts so.
                assert (lays_out and after == before + 1) == (second >= 0)
                if second >= 0:
                    pairs += 1
                    assert (second >> 8) & 255 == (first >> 8) & 255 != (second >> 16) & 255
            options = legal_moves(state)
            if not options:
                break
            state = apply(state, rng.choice(options))
    assert pairs > 20


def test_every_chain_replays_through_the_engine_to_the_position_the_search_lays_out() -> None:
    rng = random.Random(5)
    variant = get_variant("klondike")
    waste = variant.index_of_name("waste")
    longer = ended_by_the_talon = 0
    for deal in range(1, 7):
        state = variant.start(deal)
        for _ in range(60):
            p = to_arrays(state)
            work = running._work(p.program)
            rules, draw = p.program.rules, draw_of(p.program.rules)
            moves, reach = work[8], work[9]
            count = generate(rules, p.cards, p.lens, p.hid, p.extra, moves)
            count = jumps(rules, draw, p.cards, p.lens, p.hid, p.extra, moves, reach, count, (work[11], work[12], work[13]))
            spare = tuple(work[20:20 + SPARE])
            count = pair_up(rules, draw, p.cards, p.lens, p.hid, p.extra, moves, reach, count, spare, False, LONGEST)
            talon = np.zeros(p.program.capacity + 1, dtype=np.int64)
            n = talon_of(p.cards, p.lens, p.program.meta[2], p.program.meta[3], talon)
            child = (work[4], work[5], work[6], work[7])
            for move, jump in zip(moves[:count].tolist(), reach[:count].tolist()):
                if second_of(move) < 0:
                    continue
                longer += extras_of(move) > 0
                ended_by_the_talon += (second_of(move) >> 16) & 255 == waste
                log = np.zeros(4096, dtype=np.int32)
                used = lay_out(rules, draw, (p.cards, p.lens, p.hid, p.extra), child, spare, talon, n, move, jump, log, 0, False)
                assert_replays(state, log[:used], child)
            options = legal_moves(state)
            if not options:
                break
            state = apply(state, rng.choice(options))
    assert longer > 100 and ended_by_the_talon > 0  # chains of several talon cards, and some as long as they go


def test_turning_three_at_a_time_nothing_is_paired() -> None:
    state = get_variant("klondike-draw3").start(5)
    for _ in range(30):
        assert all(second_of(m) < 0 for m, _, _ in _moves(state))
        state = apply(state, legal_moves(state)[0])


def test_a_lost_deal_is_proven_in_a_tenth_of_the_positions_and_a_won_one_still_won() -> None:
    klondike = get_variant("klondike")
    weights = klondike.solving.proving().weights()
    lost = running.search(klondike.start(183), 10**6, float("inf"), weights, True)
    assert lost.exhausted and lost.nodes < 30_000  # 262,422 positions with every talon card played alone
    chains = proving(klondike.solving, CHAINS_FROM).weights()
    chained = running.search(klondike.start(183), 10**6, float("inf"), chains, True)
    assert chained.exhausted and chained.nodes < lost.nodes / 2  # 4,932 against 10,400 in pairs
    # Only the proof pairs: the other searches play a talon card alone.
    unpaired = replace(klondike.solving.proving(), paired=False).weights()
    paired, alone = (running.search(klondike.start(94), 10**6, float("inf"), w, True) for w in (weights, unpaired))
    assert paired.exhausted and alone.exhausted and alone.nodes > 4 * paired.nodes
    assert not klondike.solving.paired and all(not t.paired for t in klondike.solving.first_tries)
    for deal in (1, 8, 48):  # each solution replays through the engine, pairs and all
        assert solve(klondike.start(deal), Budget(nodes=200_000)).outcome is Outcome.SOLVED
