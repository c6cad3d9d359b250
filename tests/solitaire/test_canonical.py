"""Canonical keys fold interchangeable piles, and only those."""

from __future__ import annotations

from cardtable.solitaire import Move, MoveKind, State, apply, canonical_key, get_variant
from cardtable.solitaire.engine import interchangeable
from tests.solitaire.games.positions import position


def _swap(state: State, first: str, second: str) -> State:
    a, b = state.variant.index_of_name(first), state.variant.index_of_name(second)
    piles, hidden = list(state.piles), list(state.hidden)
    piles[a], piles[b] = piles[b], piles[a]
    hidden[a], hidden[b] = hidden[b], hidden[a]
    return State(state.variant, tuple(piles), tuple(hidden), state.redeals)


def _groups(game: str) -> list[list[str]]:
    variant = get_variant(game)
    return [[variant.tables.names[i] for i in group] for group in variant.tables.symmetric]


def test_columns_dealt_different_counts_are_still_interchangeable() -> None:
    assert ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"] in _groups("freecell")
    assert ["t1", "t2", "t3", "t4", "t5", "t6", "t7"] in _groups("klondike")
    assert ["t1", "t2", "t3", "t4", "t5", "t6", "t7"] in _groups("yukon")
    assert [f"t{n}" for n in range(1, 11)] in _groups("spider")


def test_swapping_freecell_columns_of_both_deal_sizes_keeps_the_key() -> None:
    state = get_variant("freecell").start(1)
    assert _swap(state, "t1", "t5") != state
    assert canonical_key(_swap(state, "t1", "t5")) == canonical_key(state)


def test_swapping_any_two_klondike_columns_keeps_the_key() -> None:
    state = get_variant("klondike").start(4)
    assert canonical_key(_swap(state, "t2", "t7")) == canonical_key(state)
    emptied = position("klondike", t1="", t3="KS", t6="[4C] 9H", stock="[2D]")
    assert canonical_key(_swap(emptied, "t1", "t6")) == canonical_key(emptied)
    assert canonical_key(_swap(emptied, "t3", "t6")) == canonical_key(emptied)


def test_different_positions_keep_different_keys() -> None:
    state = position("klondike", t1="[4C] 9H", t2="KS")
    assert canonical_key(position("klondike", t1="4C 9H", t2="KS")) != canonical_key(state)  # face up or down
    assert canonical_key(position("klondike", t1="[4C] 9H", t2="KH")) != canonical_key(state)
    assert canonical_key(position("klondike", t1="[4C] 9H", f1="KS")) != canonical_key(state)  # column or foundation
    freecell = position("freecell", t1="KD QS", t5="5H", c1="AS")
    assert canonical_key(position("freecell", t1="KD QS", t5="5H", f1="AS")) != canonical_key(freecell)
    assert canonical_key(position("freecell", t1="KD", t5="5H QS", c1="AS")) != canonical_key(freecell)


def test_pyramid_places_are_never_interchangeable() -> None:
    assert _groups("pyramid") == []
    # The bottom row covers the row above it: which cards sit where decides what opens.
    state = position("pyramid", t22="QH", t23="AS", t1="5C")
    assert canonical_key(_swap(state, "t22", "t28")) != canonical_key(state)


def test_spider_columns_keep_their_places_while_the_stock_deals_to_them() -> None:
    state = get_variant("spider").start(5)
    assert interchangeable(state) == get_variant("spider").tables.symmetric_while_dealing
    assert canonical_key(_swap(state, "t1", "t5")) != canonical_key(state)
    # The deal gives t1 and t5 different cards, so the swapped positions really differ.
    deal = Move(MoveKind.DEAL)
    assert canonical_key(_swap(apply(state, deal), "t1", "t5")) != canonical_key(apply(_swap(state, "t1", "t5"), deal))
    empty = State(state.variant, (((),) + state.piles[1:]), (0,) + state.hidden[1:], 0)
    assert canonical_key(_swap(empty, "t1", "t5")) == canonical_key(empty)


def test_the_order_under_a_sinks_top_card_is_folded_and_only_there() -> None:
    # Golf's waste: cards go on and never leave, and only its top card is built on.
    assert [get_variant("golf").tables.names[i] for i in get_variant("golf").tables.sinks] == ["waste"]
    one = position("golf", waste="5H 4C 3D 4S", t1="9C", stock="KD")
    other = position("golf", waste="3D 4C 5H 4S", t1="9C", stock="KD")
    assert canonical_key(one) == canonical_key(other)
    assert canonical_key(one) != canonical_key(position("golf", waste="5H 4C 4S 3D", t1="9C", stock="KD"))  # another top
    # Klondike's foundations give cards back, and a pile that's read (a row above in Osmosis) is no sink either.
    assert get_variant("klondike").tables.sinks == () and get_variant("osmosis").tables.sinks == ()
    assert get_variant("freecell").tables.sinks == get_variant("freecell").tables.foundations
