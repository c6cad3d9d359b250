"""Atoms the deal sets (a base rank chosen by the first card dealt), a reserve that
refills emptied columns, and columns that move one card or the whole pile: each on a
small test game, where the generator must offer exactly the moves ``check`` accepts."""

from __future__ import annotations

import random

from cardtable.cards import SHORT_RANKS, DeckSpec, Rank, parse_card
from cardtable.solitaire import Variant, apply, check, legal_moves
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, cells, foundations, tableau
from cardtable.solitaire.rules import any_card, nothing, same_suit, top_card
from cardtable.solitaire.rules.deal import base_by_deal
from cardtable.solitaire.rules.empty import based_rank, below_base, dealt_base
from cardtable.solitaire.rules.groups import one_or_whole
from cardtable.solitaire.rules.wrapping import down_round, up_round
from tests.solitaire.conformance import every_candidate
from tests.solitaire.games.positions import move, pile, position

RESERVE = PileId(PileKind.RESERVE, 1)
BASED = Variant(
    id="test-dealt-base",
    name="Dealt base",
    piles=(
        *cells(1),
        *foundations(4, up_round & same_suit, dealt_base),
        *tableau(((0, 5),) * 9, down_round & same_suit, below_base, one_or_whole),
        PileSpec(RESERVE, None, nothing, top_card, (5, 1)),
    ),
    deal=base_by_deal(),
    refill_from=RESERVE,
)
"""A test game with every new atom: the deal's base, the rank below it for columns,
one card or the whole pile, and a reserve that refills emptied columns."""


def test_ranks_step_from_the_base_round_the_corner_in_the_decks_own_order() -> None:
    assert based_rank(DeckSpec(), Rank.ACE, -1) is Rank.KING
    assert based_rank(DeckSpec(), Rank.KING, 1) is Rank.ACE
    assert based_rank(DeckSpec(ranks=SHORT_RANKS), Rank.SIX, -1) is Rank.ACE
    assert dealt_base.accepts(parse_card("9H"), DeckSpec(), Rank.NINE)
    assert not dealt_base.accepts(parse_card("8H"), DeckSpec(), Rank.NINE)


def test_no_foundation_starts_before_the_deal_sets_the_base() -> None:
    state = position(BASED, t1="9H", t2="TC")
    assert check(state, move(state, "t1", "f1")).reason == "foundation 1 waits for the deal to set the base rank"
    assert move(state, "t1", "f1") not in legal_moves(state)


def test_the_base_comes_from_the_first_foundation_holding_a_card() -> None:
    state = position(BASED, f3="TC", t1="TH", t2="9H", t3="")
    assert check(state, move(state, "t1", "f1")).ok
    assert check(state, move(state, "t2", "t3")).ok  # the rank below the base
    assert "only a Nine" in check(state, move(state, "t1", "t3")).reason


def test_a_refill_comes_only_when_a_move_empties_a_column() -> None:
    state = position(BASED, f1="2S", t1="3S", t2="", r1="[QD] 5C")
    after = apply(state, move(state, "t1", "f1"))
    assert pile(after, "t1") == "5C" and pile(after, "r1") == "QD" and pile(after, "t2") == ""


def test_random_play_generates_exactly_the_moves_check_accepts() -> None:
    rng = random.Random(14)
    for deal in range(25):
        state = BASED.start(deal)
        for _ in range(60):
            moves = set(legal_moves(state))
            accepted = {m for m in every_candidate(state) if check(state, m).ok}
            assert moves == accepted
            if not moves:
                break
            state = apply(state, rng.choice(sorted(moves, key=repr)))
