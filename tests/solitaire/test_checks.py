"""``check`` explains refusals without giving away hidden cards, in plain words."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, State, Variant, apply, check, get_variant, legal_moves, variants
from cardtable.solitaire.formats import parse_move
from tests.solitaire.conformance import some_candidates
from tests.solitaire.games.positions import move, pile, position

ALL = variants()


def _names(card: Card) -> re.Pattern[str]:
    """Every way the text forms write ``card``: ``QH``, ``Q♥``, ``10H``, ``TH``, ``10♥``."""
    ranks = {card.rank.letter, card.rank.label}
    forms = {rank + suit for rank in ranks for suit in (card.suit.letter, card.suit.symbol)}
    return re.compile(r"(?<![\w])(" + "|".join(sorted(forms)) + r")(?![\w])")


def _hidden_only(state: State) -> set[Card]:
    """Cards lying face down that have no face-up copy (two-deck games have copies)."""
    down = {c for p, h in zip(state.piles, state.hidden) for c in p[:h]}
    up = {c for p, h in zip(state.piles, state.hidden) for c in p[h:]}
    return down - up


def _shuffle_hidden(state: State, rng: random.Random) -> State:
    """The same position with its face-down cards dealt among the face-down places anew."""
    down = [c for p, h in zip(state.piles, state.hidden) for c in p[:h]]
    rng.shuffle(down)
    piles = []
    for p, h in zip(state.piles, state.hidden):
        piles.append(tuple(down[:h]) + p[h:])
        down = down[h:]
    return State(state.variant, tuple(piles), state.hidden, state.redeals)


def _random_positions(variant: Variant, rng: random.Random, count: int) -> list[State]:
    """Positions from random play; some with extra cards turned face down, which no game
    makes but ``check`` must still judge without naming them."""
    found = []
    for n in range(count):
        state = variant.start(variant.deal.deal_numbers.start + n)
        for _ in range(rng.randrange(120)):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves), trusted=True)
        if n % 3 == 2:
            hidden = tuple(rng.randint(h, len(p)) for p, h in zip(state.piles, state.hidden))
            state = State(variant, state.piles, hidden, state.redeals)
        found.append(state)
    return found


@pytest.mark.parametrize("variant", ALL, ids=[v.id for v in ALL])
def test_no_reason_names_a_face_down_card(variant: Variant) -> None:
    rng = random.Random(variant.id)
    for state in _random_positions(variant, rng, 30):
        hidden = [_names(card) for card in _hidden_only(state)]
        legal = legal_moves(state)
        shuffled = _shuffle_hidden(state, rng)
        for candidate in some_candidates(state, legal, rng, 80):
            verdict = check(state, candidate)
            leaked = [p.pattern for p in hidden if p.search(verdict.reason)]
            assert not leaked, f"{candidate}: {verdict.reason!r} names a face-down card"
            # Whatever the face-down cards are, the verdict and its words are the same.
            assert check(shuffled, candidate) == verdict, candidate


def test_a_pyramid_pair_with_the_stock_does_not_name_its_card() -> None:
    state = position("pyramid", stock="[4C] [9C]", waste="4D", t28="KS")
    stock, waste = state.variant.index_of_name("stock"), state.variant.index_of_name("waste")
    reason = check(state, Move(MoveKind.PAIR, stock, waste)).reason
    assert "face down" in reason and "9" not in reason and "♣" not in reason


def test_a_covered_face_down_card_is_not_named() -> None:
    covered = position("pyramid", t1="[QH]", t2="AS")
    apex, below = covered.variant.index_of_name("t1"), covered.variant.index_of_name("t2")
    reason = check(covered, Move(MoveKind.PAIR, apex, below)).reason
    assert "face down" in reason and "Q" not in reason


def test_face_up_counts_read_as_english() -> None:
    state = position("klondike", t1="[2C] 9H", t2="TC", t3="[3D] [4D]", t4="KS")
    assert "only 1 card on column 1 is face up" in check(state, move(state, "t1", "t2", 2)).reason
    assert "no card on column 3 is face up" in check(state, move(state, "t3", "t4")).reason
    two = position("klondike", t1="[2C] 9H 8S", t2="TC")
    assert "only 2 cards on column 1 are face up" in check(two, move(two, "t1", "t2", 3)).reason


def test_a_pair_works_named_either_way_round() -> None:
    state = position("pyramid", t27="QH", t28="AS", waste="5D")
    low, high = state.variant.index_of_name("t27"), state.variant.index_of_name("t28")
    forwards, backwards = Move(MoveKind.PAIR, low, high), Move(MoveKind.PAIR, high, low)
    assert backwards == forwards and backwards in legal_moves(state)
    assert check(state, backwards).ok
    assert pile(apply(state, backwards), "f1") == "QH AS"
    assert parse_move(state.variant, "t28+t27") == forwards
    waste = state.variant.index_of_name("waste")
    assert Move(MoveKind.PAIR, None, waste) == Move(MoveKind.PAIR, waste, None)


def test_a_king_moved_in_a_game_of_pairs_is_told_it_goes_alone() -> None:
    state = position("pyramid", t27="QH", t28="KS", waste="5D")
    home = state.variant.index_of_name("f1")
    told = check(state, Move(MoveKind.MOVE, state.variant.index_of_name("t28"), home, 1))
    assert told.reason == "K♠ is removed alone in Pyramid, not moved: remove it on its own"
    queen = check(state, Move(MoveKind.MOVE, state.variant.index_of_name("t27"), home, 1))
    assert queen.reason == "cards are removed in pairs in Pyramid, not moved"


def test_moves_from_the_stock_and_foundation_pairs_say_why() -> None:
    state = get_variant("relaxed-pyramid").start(2)
    stock, f1 = state.variant.index_of_name("stock"), state.variant.index_of_name("f1")
    assert "face down" in check(state, Move(MoveKind.PAIR, stock, None)).reason
    assert "dealt, not moved" in check(state, Move(MoveKind.MOVE, stock, f1)).reason
    discarded = position("pyramid", f1="QH AS", t28="KS")
    assert check(discarded, Move(MoveKind.PAIR, f1, None)).reason == "A♠ has been removed already"
