"""Talon jumps: the search's one-step "turn until this card shows, then play it" must
reach exactly the waste plays the engine reaches by turning card by card, log turns the
engine accepts, and (one card at a time) key a position the same wherever the waste
pointer stands."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.solitaire import Move, MoveKind, State, apply, get_variant, legal_moves
from cardtable.solitaire.compiled import program_of, to_arrays, to_move
from cardtable.solitaire.compiled.kernel import generate
from cardtable.solitaire.compiled.shared import MAX_MOVES
from cardtable.solver.talon import NOT_A_JUMP, draw_of, jumps, talon_key, talon_of, turns


def _turning(move: Move) -> bool:
    return move.kind in (MoveKind.DEAL, MoveKind.REDEAL)


def _engine_plays(state: State) -> set[tuple[object, ...]]:
    """The positions (piles only) reached by turning any number of times, then playing
    one card from the waste: the engine's way, card by card."""
    waste = state.variant.tables.waste
    out: set[tuple[object, ...]] = set()
    seen: set[tuple[object, ...]] = set()
    frontier = [state]
    while frontier:
        here = frontier.pop()
        if here.piles in seen:
            continue
        seen.add(here.piles)
        for move in legal_moves(here):
            if _turning(move):
                frontier.append(apply(here, move))
            elif move.kind is MoveKind.MOVE and move.source == waste:
                out.add(apply(here, move).piles)
    return out


def _jump_plays(state: State) -> set[tuple[object, ...]]:
    """The same positions by the search's jumps, each replayed through the engine."""
    program = program_of(state.variant)
    rules = program.rules
    draw = draw_of(rules)
    p = to_arrays(state)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    reach = np.empty(MAX_MOVES, dtype=np.int64)
    count = generate(rules, p.cards, p.lens, p.hid, p.extra, moves)
    scratch = (np.zeros_like(p.cards), np.zeros_like(p.lens), np.zeros_like(p.hid))
    count = jumps(rules, draw, p.cards, p.lens, p.hid, p.extra, moves, reach, count, scratch)
    talon = np.zeros(program.capacity, dtype=np.int64)
    n = talon_of(p.cards, p.lens, program.meta[2], program.meta[3], talon)
    out: set[tuple[object, ...]] = set()
    for m in range(count):
        if reach[m] == NOT_A_JUMP:
            assert to_move(state.variant, int(moves[m])).source != state.variant.tables.waste
            continue
        log = np.zeros(4 * program.capacity, dtype=np.int64)
        target = reach[m] if reach[m] >= 0 else -2 - reach[m]
        logged = turns(draw, int(p.lens[program.meta[3]]), n, target, reach[m] < 0, log, 0)
        here = state
        for c in log[:logged]:
            here = apply(here, to_move(state.variant, int(c)))  # raises if the engine refuses a turn
        out.add(apply(here, to_move(state.variant, int(moves[m]))).piles)
    return out


def _positions(game: str, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    variant = get_variant(game)
    out: list[State] = []
    while len(out) < count:
        state = variant.start(rng.randrange(1, 10_000))
        for _ in range(rng.randrange(0, 60)):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("game", ["klondike", "klondike-draw3", "thoughtful-klondike"])
def test_jumps_reach_exactly_the_waste_plays_turning_reaches(game: str) -> None:
    for state in _positions(game, 40, seed=7):
        assert _jump_plays(state) == _engine_plays(state)


def test_jumps_apply_only_where_redeals_are_unlimited() -> None:
    assert draw_of(program_of(get_variant("klondike")).rules) == 1
    assert draw_of(program_of(get_variant("klondike-draw3")).rules) == 3
    assert draw_of(program_of(get_variant("klondike-vegas")).rules) == 0  # passes are counted
    assert draw_of(program_of(get_variant("freecell")).rules) == 0


def test_one_card_at_a_time_the_pointer_is_not_part_of_the_key() -> None:
    state = get_variant("klondike").start(5)
    rules = program_of(state.variant).rules
    keys = set()
    for _ in range(30):  # round the talon and beyond
        p = to_arrays(state)
        keys.add(int(talon_key(rules, 1, p.cards, p.lens, p.hid, p.extra)))
        state = apply(state, next(m for m in legal_moves(state) if _turning(m)))
    assert len(keys) == 1
    played = next(m for m in legal_moves(state) if m.kind is MoveKind.MOVE)
    p = to_arrays(apply(state, played))
    assert int(talon_key(rules, 1, p.cards, p.lens, p.hid, p.extra)) not in keys


def test_three_at_a_time_the_pointers_turning_comes_back_to_are_one_key() -> None:
    state = get_variant("klondike-draw3").start(5)
    rules = program_of(state.variant).rules

    def keyed(here: State) -> int:
        p = to_arrays(here)
        return int(talon_key(rules, 3, p.cards, p.lens, p.hid, p.extra))

    round_keys = set()
    for _ in range(20):  # round the talon (24 cards, 8 turns and a redeal) twice
        round_keys.add(keyed(state))
        state = apply(state, next(m for m in legal_moves(state) if _turning(m)))
    assert len(round_keys) == 1
    # Play a card off the waste: the pointer is off the round, and turning on from
    # there reaches pointers the round never shows, each a position of its own.
    while not any(m.kind is MoveKind.MOVE and m.source == state.variant.tables.waste for m in legal_moves(state)):
        state = apply(state, next(m for m in legal_moves(state) if _turning(m)))
    played = next(m for m in legal_moves(state) if m.kind is MoveKind.MOVE and m.source == state.variant.tables.waste)
    state = apply(state, played)
    off = {keyed(state)}
    turned = apply(state, next(m for m in legal_moves(state) if _turning(m)))
    off.add(keyed(turned))
    assert len(off) == 2


@pytest.mark.parametrize("game", ["klondike", "klondike-draw3", "thumb-and-pouch"])
def test_a_moved_key_is_the_talon_key_of_a_move_off_the_talon(game: str) -> None:
    from cardtable.solitaire.compiled import kernel, keys
    from cardtable.solitaire.compiled.shared import MOVE
    from cardtable.solver.talon import talon_hashes

    variant = get_variant(game)
    program = program_of(variant)
    rules, draw = program.rules, draw_of(program.rules)
    s, w = program.meta[2], program.meta[3]
    hashes = keys.hashes_for(program.piles, program.capacity, len(variant.tables.symmetric))
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    rng = random.Random(game)
    compared = 0
    for _ in range(6):
        p = to_arrays(variant.start(rng.randrange(1, 1 << 20)))
        here = (p.cards, p.lens, p.hid, p.extra)
        for _ in range(80):
            raw = np.uint64(talon_hashes(rules, draw, *here, hashes))
            count = kernel.generate(rules, *here, moves)
            if count == 0:
                break
            for m in range(count):
                move = int(moves[m])
                i, j = (move >> 16) & 255, (move >> 8) & 255
                if move >> 24 != MOVE or {i, j} & {s, w}:
                    continue
                child = tuple(a.copy() for a in here)
                kernel.play(rules, *child, move)
                assert keys.moved_key(rules, hashes, raw, *here[:3], i, j, move & 255) == talon_key(rules, draw, *child)
                compared += 1
            kernel.play(rules, *here, int(moves[rng.randrange(count)]))
    assert compared > 50


@pytest.mark.parametrize("game", ["klondike", "klondike-draw3", "double-klondike", "klondike[draw=2]"])
def test_a_jumped_key_is_the_talon_key_of_the_jump_before_cards_go_home(game: str) -> None:
    from cardtable.solitaire.compiled import kernel
    from cardtable.solitaire.compiled.keys import hashes_for
    from cardtable.solver.talon import jumped_key, point, talon_chains, talon_hashes

    variant = get_variant(game)
    program = program_of(variant)
    rules, draw = program.rules, draw_of(program.rules)
    assert draw > 0
    s, w = program.meta[2], program.meta[3]
    hashes = hashes_for(program.piles, program.capacity, len(variant.tables.symmetric))
    chains = np.zeros((2, program.capacity + 1), dtype=np.uint64)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    reach = np.empty(MAX_MOVES, dtype=np.int64)
    talon = np.zeros(program.capacity, dtype=np.int64)
    rng = random.Random(game + "jumped")
    compared = 0
    for _ in range(6):
        p = to_arrays(variant.start(rng.randrange(1, 1 << 20)))
        here = (p.cards, p.lens, p.hid, p.extra)
        scratch = (np.zeros_like(p.cards), np.zeros_like(p.lens), np.zeros_like(p.hid))
        for _ in range(60):
            raw = np.uint64(talon_hashes(rules, draw, *here, hashes))
            count = kernel.generate(rules, *here, moves)
            count = jumps(rules, draw, *here, moves, reach, count, scratch)
            if count == 0:
                break
            n = talon_of(p.cards, p.lens, s, w, talon)
            talon_chains(talon, n, chains)
            for m in range(count):
                if reach[m] == NOT_A_JUMP:
                    continue
                move, jump = int(moves[m]), int(reach[m])
                child = tuple(a.copy() for a in here)
                point(child[0], child[1], child[2], s, w, talon, n, jump if jump >= 0 else -2 - jump)
                child[3][0] += jump < 0
                kernel.play(rules, *child, move)
                j = (move >> 8) & 255
                quick = jumped_key(rules, draw, hashes, raw, chains, talon, n, jump, j, p.lens, p.hid, p.extra)
                assert quick == talon_key(rules, draw, *child)
                compared += 1
            m = rng.randrange(count)  # on along a random move, a jump played as the search plays it
            if reach[m] != NOT_A_JUMP:
                point(p.cards, p.lens, p.hid, s, w, talon, n, reach[m] if reach[m] >= 0 else -2 - reach[m])
                p.extra[0] += reach[m] < 0
            kernel.play(rules, *here, int(moves[m]))
    assert compared > 30
