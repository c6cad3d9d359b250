"""Montana (Gaps), from its rules (PySolFC's game: Aces out leaving four gaps, a gap
takes the card one higher in suit than its left neighbour, two redeals)."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire import Move, MoveKind, State, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.traits import Layout
from tests.solitaire.games.positions import move, pile, position

REDEAL = Move(MoveKind.REDEAL)
SUITS = "HSCD"
RANKS = "23456789TJQK"


def places(state: State) -> list[str]:
    return [pile(state, f"t{n}") for n in range(1, 53)]


def test_four_rows_of_thirteen_with_the_aces_out_leaving_four_gaps() -> None:
    state = get_variant("montana").start(5)
    assert state.variant.traits.layout is Layout.GRID and state.variant.traits.row_length == 13
    assert places(state).count("") == 4 and sum(len(p.split()) for p in places(state)) == 48
    assert all(state.piles[f][0].rank is Rank.ACE for f in state.variant.tables.foundations)
    assert not any(state.hidden)


def test_a_gap_takes_the_card_one_higher_in_suit_than_its_left_neighbour() -> None:
    state = position("montana", t5="6H", t20="7H", t21="7S", t33="5H")
    assert check(state, move(state, "t20", "t6")).ok
    refused = check(state, move(state, "t21", "t6"))
    assert not refused.ok and "after 6♥" in refused.reason and "one higher in suit" in refused.reason
    assert "after 5♥" in check(state, move(state, "t20", "t34")).reason
    assert check(state, move(state, "t20", "t21")).reason == "place 21 holds a card already: only an empty one takes a card"


def test_a_gap_at_a_rows_start_takes_any_two_and_nothing_after_a_king_or_a_gap() -> None:
    state = position("montana", t5="KH", t20="2C", t21="3C")
    assert check(state, move(state, "t20", "t14")).ok
    assert "takes only a Two" in check(state, move(state, "t21", "t14")).reason
    assert not check(state, move(state, "t20", "t6")).ok  # after a King
    assert "to its left is empty" in check(state, move(state, "t21", "t8")).reason
    targets = {m.target for m in legal_moves(state) if m.kind is MoveKind.MOVE}
    assert targets <= {state.variant.index_of_name(f"t{n}") for n in (1, 14, 27, 40, 22)}


def _row(suit: str, upto: str = "K") -> list[str]:
    return [r + suit for r in RANKS[: RANKS.index(upto) + 1]]


def test_won_with_each_row_one_suit_in_order_from_two_to_king() -> None:
    laid = {f"t{13 * r + n + 1}": card for r, s in enumerate(SUITS) for n, card in enumerate(_row(s))}
    assert is_won(position("montana", **laid))
    swapped = dict(laid, t1="2S", t14="2H")
    assert not is_won(position("montana", **swapped))


def test_a_redeal_keeps_each_rows_sequence_and_leaves_a_gap_just_after_it() -> None:
    laid = {f"t{13 * r + n + 1}": card for r, s in enumerate(SUITS) for n, card in enumerate(_row(s))}
    # The first two rows are in sequence to their Fives; rows three and four are whole.
    laid.update(t5="6C", t18="6H")
    state = position("montana", **laid)
    after = apply(state, REDEAL)
    assert places(after)[:4] == ["2H", "3H", "4H", "5H"] and places(after)[13:17] == ["2S", "3S", "4S", "5S"]
    assert [places(after)[n] for n in (4, 17, 38, 51)] == ["", "", "", ""]  # a gap after each sequence
    assert places(after)[26:] == places(state)[26:]
    assert after.redeals == 1 and sorted(c for p in places(after) for c in p.split()) == sorted(
        c for p in places(state) for c in p.split()
    )


def test_two_redeals_and_no_more() -> None:
    state = get_variant("montana").start(2)
    state = apply(apply(state, REDEAL), REDEAL)
    assert REDEAL not in legal_moves(state)
    assert "no redeals left" in check(state, REDEAL).reason


def test_a_redeal_falls_its_own_way_in_each_deal() -> None:
    # The shuffle is seeded by which cards are gathered, which at the first move are the
    # same in most deals: it shuffles them as each deal left them, so tables differ.
    redealt = {tuple(places(apply(get_variant("montana").start(deal), REDEAL))) for deal in range(1, 11)}
    assert len(redealt) == 10
