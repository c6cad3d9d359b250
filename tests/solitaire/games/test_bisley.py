"""Bisley, from its rules."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire import apply, check, get_variant, is_won, legal_moves
from tests.solitaire.games.positions import move, pile, position


def test_aces_out_and_thirteen_columns() -> None:
    state = get_variant("bisley").start(2)
    v = state.variant
    assert [pile(state, f"f{n}") for n in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    sizes = [len(state.piles[v.index_of_name(f"t{n}")]) for n in range(1, 14)]
    assert sizes == [3, 3, 3, 3] + [4] * 9 and not any(state.hidden)
    assert all(c.rank is not Rank.ACE for n in range(1, 14) for c in state.piles[v.index_of_name(f"t{n}")])


def test_columns_build_up_or_down_in_suit_one_card_at_a_time() -> None:
    state = position("bisley", t1="5C", t2="6C", t3="4C", t4="6D", t5="9H 4C")
    assert check(state, move(state, "t2", "t1")).ok and check(state, move(state, "t3", "t1")).ok
    assert "in suit" in check(state, move(state, "t4", "t1")).reason
    assert "one card" in check(state, move(state, "t5", "t1", 2)).reason


def test_an_emptied_column_stays_empty() -> None:
    state = position("bisley", t1="", t2="KC")
    verdict = check(state, move(state, "t2", "t1"))
    assert not verdict.ok and "stays empty" in verdict.reason


def test_a_king_starts_the_downward_foundation_of_its_suit() -> None:
    state = position("bisley", f1="AC", t1="KC", t2="KD")
    assert check(state, move(state, "t1", "f5")).ok
    assert "King of clubs" in check(state, move(state, "t2", "f5")).reason
    after = apply(state, move(state, "t1", "f5"))
    down = position("bisley", f1="AC", f5="KC", t1="QC")
    assert check(down, move(down, "t1", "f5")).ok and pile(after, "f5") == "KC"


def test_a_card_may_go_to_either_foundation_of_its_suit() -> None:
    state = position("bisley", f1="AC 2C 3C 4C 5C 6C", f5="KC QC JC TC 9C 8C", t1="7C")
    assert move(state, "t1", "f1") in legal_moves(state)
    assert move(state, "t1", "f5") in legal_moves(state)


def test_won_when_every_card_is_on_a_foundation() -> None:
    cards = {f"f{n}": s for n, s in zip(range(1, 5), ("AC 2C 3C 4C 5C 6C 7C", "AD", "AH", "AS"))}
    nearly = position("bisley", **cards)
    assert not is_won(nearly)
    deck = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    full = {f"f{n}": " ".join(r + s for r in deck) for n, s in zip(range(1, 5), "CDHS")}
    assert is_won(position("bisley", **full))
