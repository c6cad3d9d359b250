"""A talon card goes home only with the next cards of its suit (``homeward.py``), where one
card turns at a time and redeals are unlimited; never elsewhere."""

from __future__ import annotations

import random

import numpy as np

from cardtable.solitaire import apply, get_variant, legal_moves
from cardtable.solitaire.compiled import to_arrays
from cardtable.solitaire.compiled.kernel import generate
from cardtable.solver import Budget, Outcome, running, solve
from cardtable.solver.homeward import hold_home
from cardtable.solver.pairs import LONGEST, SPARE, extras_of, first_of, lay_out, pair_up, second_of
from cardtable.solver.search import CHAINS_FROM, proving
from cardtable.solver.talon import draw_of, jumps, talon_of
from tests.solver.chained import assert_replays


def _steps(state):  # type: ignore[no-untyped-def]
    """The proof's steps from ``state`` (generated, talon jumps, chains, then cards sent
    home with the cards after them), each with its reach, and what it needs to be laid out."""
    p = to_arrays(state)
    work = running._work(p.program)
    rules, draw = p.program.rules, draw_of(p.program.rules)
    moves, reach = work[8], work[9]
    spare = tuple(work[20:20 + SPARE])
    position = (p.cards, p.lens, p.hid, p.extra)
    count = generate(rules, *position, moves)
    count = jumps(rules, draw, *position, moves, reach, count, (work[11], work[12], work[13]))
    count = pair_up(rules, draw, *position, moves, reach, count, spare, False, LONGEST)
    count = hold_home(rules, draw, *position, moves, reach, count, spare, False)
    talon = np.zeros(p.program.capacity + 1, dtype=np.int64)
    n = talon_of(p.cards, p.lens, p.program.meta[2], p.program.meta[3], talon)
    return p, rules, draw, spare, talon, n, list(zip(moves[:count].tolist(), reach[:count].tolist())), work


def test_every_talon_card_sent_home_replays_through_the_engine_with_the_cards_after_it() -> None:
    rng = random.Random(11)
    variant = get_variant("klondike")
    waste = variant.index_of_name("waste")
    foundations = set(variant.tables.foundations)
    chains = alone = longer = 0
    for deal in range(1, 9):
        state = variant.start(deal)
        for _ in range(80):
            p, rules, draw, spare, talon, n, steps, work = _steps(state)
            child = (work[4], work[5], work[6], work[7])
            for move, jump in steps:
                first = first_of(move)
                if (first >> 16) & 255 != waste or (first >> 8) & 255 not in foundations:
                    continue
                log = np.zeros(4096, dtype=np.int32)
                used = lay_out(rules, draw, (p.cards, p.lens, p.hid, p.extra), child, spare, talon, n, move, jump, log, 0, False)
                assert_replays(state, log[:used], child)
                home = sum(int(p.lens[f]) for f in foundations)
                if second_of(move) < 0:
                    # Alone only where more went home with it, or nothing could follow it.
                    alone += 1
                    complete = child[1][(first >> 8) & 255] == 13  # its King: nothing follows
                    assert sum(int(child[1][f]) for f in foundations) > home + 1 or complete
                else:
                    # A chain ends on the same foundation, with a card after each.
                    chains += 1
                    longer += extras_of(move) > 0
                    assert (second_of(move) >> 8) & 255 == (first >> 8) & 255
                    assert sum(int(child[1][f]) for f in foundations) >= home + 2 + extras_of(move)
            options = legal_moves(state)
            if not options:
                break
            state = apply(state, rng.choice(options))
    assert chains > 50 and longer > 0 and alone > 0


def test_turning_three_at_a_time_cards_go_home_alone() -> None:
    state = get_variant("klondike-draw3").start(5)
    for _ in range(30):
        *_, steps, _work = _steps(state)
        assert all(second_of(m) < 0 for m, _ in steps)
        state = apply(state, legal_moves(state)[0])


def test_a_lost_deal_is_proven_in_a_third_of_the_positions_and_won_deals_still_won() -> None:
    klondike = get_variant("klondike")
    chains = proving(klondike.solving, CHAINS_FROM).weights()
    lost = running.search(klondike.start(111), 10**6, float("inf"), chains, True)
    assert lost.exhausted and lost.nodes < 70_000  # 208,092 with talon cards sent home one by one
    for deal in (1, 8, 48, 90):  # each solution replays through the engine, chains and all
        assert solve(klondike.start(deal), Budget(nodes=200_000)).outcome is Outcome.SOLVED
