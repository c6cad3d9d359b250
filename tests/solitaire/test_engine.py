"""Engine-wide behaviour that no single game owns."""

from __future__ import annotations

import pickle

import pytest

from cardtable.cards import parse_card
from cardtable.solitaire import (
    IllegalMove,
    Move,
    MoveKind,
    PileId,
    PileKind,
    UnknownGame,
    WON_ALREADY,
    State,
    apply,
    check,
    get_variant,
    is_won,
    legal_moves,
    variants,
)
from cardtable.solitaire.games.pyramid import with_passes


def test_apply_refuses_an_illegal_move_with_the_reason() -> None:
    state = get_variant("freecell").start(1)
    with pytest.raises(IllegalMove, match="no stock"):
        apply(state, Move(MoveKind.DEAL))


def test_moves_naming_missing_piles_are_refused_not_crashing() -> None:
    state = get_variant("klondike").start(1)
    for move in (Move(MoveKind.MOVE, 99, 1), Move(MoveKind.MOVE, None, 1), Move(MoveKind.MOVE, -1, 3)):
        verdict = check(state, move)
        assert not verdict.ok and "no pile" in verdict.reason


def test_zero_card_move_is_refused() -> None:
    state = get_variant("klondike").start(1)
    assert "at least one card" in check(state, Move(MoveKind.MOVE, 6, 7, 0)).reason


def test_unknown_game_suggests_close_names() -> None:
    with pytest.raises(UnknownGame, match="klondike"):
        get_variant("klondyke")


def test_names_and_aliases_are_case_insensitive() -> None:
    assert get_variant("FreeCell") is get_variant("fc") is get_variant("freecell")
    assert get_variant("bases-6-to-king").id == "besieged-fortress"


def test_every_variant_has_a_unique_id_name_and_summary() -> None:
    ids = [v.id for v in variants()]
    assert len(ids) == len(set(ids))
    assert all(v.summary and v.name for v in variants())


def test_derived_variant_keeps_the_rest() -> None:
    unlimited = with_passes(None)
    pyramid = get_variant("relaxed-pyramid")
    assert unlimited.piles == pyramid.piles and unlimited.stock.passes is None
    assert unlimited.start(5).piles == pyramid.start(5).piles
    assert unlimited.start(5) == with_passes(None).start(5)  # one registered variant, not a new one per call


def test_states_pickle_by_variant_id_and_cards_stay_shared() -> None:
    state = get_variant("spider").start(9)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.variant is state.variant
    assert pickle.loads(pickle.dumps(parse_card("QH"))) is parse_card("QH")


def test_deal_numbers_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        get_variant("freecell").start(0)
    with pytest.raises(ValueError, match="deal numbers run from 0"):
        get_variant("klondike").start(-1)


def test_pile_lookup_by_id() -> None:
    state = get_variant("klondike").start(2)
    assert len(state.pile(PileId(PileKind.TABLEAU, 7))) == 7
    with pytest.raises(KeyError, match="no pile c1"):
        state.pile(PileId(PileKind.CELL, 1))


def test_generated_moves_are_shared_values() -> None:
    state = get_variant("freecell").start(3)
    assert all(a is b for a, b in zip(legal_moves(state), legal_moves(state)))


def _won(game: str) -> State:
    """A deal of ``game`` with its goal reached: Forty Thieves with every card home (cards
    could come off a foundation), the Golf games with their tableau cleared onto the
    waste and cards left in the stock."""
    variant = get_variant(game)
    start = variant.start(1)
    t = variant.tables
    piles = [list(p) for p in start.piles]
    if t.foundations:
        by_suit = sorted(variant.deck.cards(), key=lambda c: (c.suit.value, c.rank))  # A A 2 2 ... of each suit
        piles = [[] for _ in piles]
        for n, f in enumerate(t.foundations):  # two foundations a suit, each Ace to King
            piles[f] = by_suit[n // 2 * 26 + n % 2:n // 2 * 26 + 26:2]
    else:
        waste = t.stock + 1
        for i in t.tableau:
            piles[waste] += piles[i]
            piles[i] = []
    return State(variant, tuple(tuple(p) for p in piles), tuple(0 for _ in piles))


@pytest.mark.parametrize("game", ["forty-thieves", "relaxed-golf", "tri-peaks"])
def test_a_game_won_has_no_moves_and_check_says_why(game: str) -> None:
    won = _won(game)
    assert is_won(won)
    assert legal_moves(won) == ()
    stock_or_foundation = won.variant.tables.foundations[0] if won.variant.tables.foundations else won.variant.tables.stock
    for move in (Move(MoveKind.DEAL), Move(MoveKind.MOVE, stock_or_foundation, won.variant.tables.tableau[0])):
        assert check(won, move).reason == WON_ALREADY
