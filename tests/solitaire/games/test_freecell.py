"""FreeCell and Baker's Game, from their rules."""

from __future__ import annotations

import pytest

from cardtable.solitaire import Move, MoveKind, PileKind, apply, canonical_key, check, get_variant, legal_moves
from tests.solitaire.games.positions import move, pile, position

def test_eight_columns_of_seven_and_six_all_face_up() -> None:
    state = get_variant("freecell").start(5)
    sizes = [len(state.piles[state.variant.index_of_name(f"t{n}")]) for n in range(1, 9)]
    assert sizes == [7, 7, 7, 7, 6, 6, 6, 6] and not any(state.hidden)


RUN = "KH QS JH TS 9H 8S 7H"
"""A seven-card run; moving k cards needs a target one above RUN's k-th card from the top."""
TARGET_FOR = {1: "8C", 2: "9D", 3: "TC", 4: "JD", 5: "QC", 6: "KD"}


@pytest.mark.parametrize(
    ("cells", "empty_columns", "count", "to_empty", "ok"),
    [
        (4, 0, 5, False, True),
        (4, 0, 6, False, False),
        (0, 0, 1, False, True),
        (0, 0, 2, False, False),
        (1, 1, 4, False, True),
        (1, 1, 5, False, False),
        (0, 2, 4, False, True),
        (0, 2, 5, False, False),
        (1, 1, 2, True, True),
        (1, 1, 3, True, False),
        (2, 2, 6, True, True),
        (2, 2, 7, True, False),
    ],
)
def test_supermove_limit(cells: int, empty_columns: int, count: int, to_empty: bool, ok: bool) -> None:
    layout = {"t1": RUN}
    for n, card in enumerate(["AS", "AH", "AD", "AC"][: 4 - cells], start=1):
        layout[f"c{n}"] = card
    others = ["t3", "t4", "t5", "t6", "t7", "t8"]
    for name in others[: len(others) - empty_columns]:
        layout[name] = "4C"
    if to_empty:
        layout["t2"] = "4D"
        target = others[-1]
    else:
        layout["t2"] = TARGET_FOR[count]
        target = "t2"
    state = position("freecell", **layout)
    verdict = check(state, move(state, "t1", target, count))
    assert verdict.ok is ok, verdict.reason
    assert (move(state, "t1", target, count) in legal_moves(state)) is ok
    if not ok:
        assert "free cells" in verdict.reason


def test_a_free_cell_holds_one_card() -> None:
    state = position("freecell", t1="5H 4S", c1="KD")
    assert "free cell 1 holds a card already: only an empty one takes a card" == check(state, move(state, "t1", "c1")).reason
    assert check(state, move(state, "t1", "c2")).ok
    assert not check(state, move(state, "t1", "c2", 2)).ok


def test_foundations_build_up_in_suit_and_keep_their_cards() -> None:
    state = position("freecell", t1="2H", t2="AH", f1="")
    assert "only an Ace" in check(state, move(state, "t1", "f1")).reason
    after = apply(state, move(state, "t2", "f1"))
    assert check(after, move(after, "t1", "f1")).ok
    done = apply(after, move(after, "t1", "f1"))
    assert "stay there" in check(done, move(done, "f1", "t3")).reason


def test_any_card_fills_an_empty_column_and_cells_play_back() -> None:
    state = position("freecell", c1="7D", t1="8S", t2="")
    assert check(state, move(state, "c1", "t2")).ok and check(state, move(state, "c1", "t1")).ok


def test_bakers_game_builds_in_suit() -> None:
    state = position("bakers-game", t1="8S", t2="7H", t3="7S")
    assert check(state, move(state, "t3", "t1")).ok
    assert "in suit" in check(state, move(state, "t2", "t1")).reason
    assert get_variant("bakers-game").start(3) == get_variant("bakers-game").start(3)
    assert get_variant("bakers-game").start(3).piles == get_variant("freecell").start(3).piles


def test_interchangeable_columns_and_cells_share_a_canonical_key() -> None:
    a = position("freecell", t1="KD QS", t2="5H", c1="AS", c3="")
    b = position("freecell", t2="KD QS", t1="5H", c4="AS")
    c = position("freecell", t1="KD QS", t2="5S", c1="AS")
    assert a != b and canonical_key(a) == canonical_key(b)
    assert canonical_key(a) != canonical_key(c)


def test_runs_out_of_order_do_not_move_together() -> None:
    state = position("freecell", t1="9H 8S 3D", t2="9C")
    assert "must build down" in check(state, move(state, "t1", "t2", 2)).reason
    assert pile(state, "t1") == "9H 8S 3D"


def test_a_card_does_not_move_from_one_free_cell_to_another() -> None:
    for game in ("freecell", "eight-off", "penguin"):
        variant = get_variant(game)
        state = variant.start(1)
        cells = variant.piles_of(PileKind.CELL)
        held = next((i for i in cells if state.piles[i]), None)
        if held is None:  # put a card in the first cell
            column = variant.piles_of(PileKind.TABLEAU)[0]
            state = apply(state, Move(MoveKind.MOVE, column, cells[0], 1))
            held = cells[0]
        empty_cell = next(i for i in cells if not state.piles[i])
        refusal = check(state, Move(MoveKind.MOVE, held, empty_cell, 1))
        assert not refusal.ok and "from one free cell to another" in refusal.reason
        assert not any(m.source in cells and m.target in cells for m in legal_moves(state))
