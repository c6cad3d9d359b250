"""FreeCell interchange: Freecell Solver board text and the standard move notation."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.solitaire import apply, canonical_key, get_variant, is_won, legal_moves
from cardtable.solitaire.formats import (
    FormatError,
    format_freecell_move,
    format_freecell_solution,
    freecell_board_from_fcs,
    freecell_board_to_fcs,
    parse_freecell_move,
    parse_freecell_solution,
    replay,
)

FIXTURES = Path(__file__).parents[2] / "fixtures" / "freecell"
DEAL_1 = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C
: 9H 9S 9D TS 4S 8D 2H
: JC 5S QD QH TH QS 6H
: 5D AD JS 4H 8H 6C
: 7H QC AS AC 2C 3D
: 7C KH AH 4D JH 8C
: 5H 3H 3C 7S 7D TC
"""


def test_deal_1_exports_as_freecell_solver_prints_it() -> None:
    assert freecell_board_to_fcs(get_variant("freecell").start(1)) == DEAL_1


def test_boards_import_in_the_forms_freecell_solver_reads() -> None:
    plain = "\n".join(line.removeprefix(": ") for line in DEAL_1.splitlines()[2:])
    assert freecell_board_from_fcs(plain) == get_variant("freecell").start(1)
    assert freecell_board_from_fcs(DEAL_1) == get_variant("freecell").start(1)


def test_a_played_position_round_trips_with_cells_and_foundations() -> None:
    state = get_variant("freecell").start(1)
    solution = parse_freecell_solution(state, (FIXTURES / "deal-1.solution").read_text())
    for move in solution[:30]:
        state = apply(state, move)
    text = freecell_board_to_fcs(state)
    assert "H-0 C-0 D-0 S-0" not in text and any(state.piles[c] for c in state.variant.tables.cells)
    # Foundations are rebuilt in Freecell Solver's suit order, so compare up to their order.
    assert canonical_key(freecell_board_from_fcs(text)) == canonical_key(state)


def test_a_solution_in_standard_notation_wins_deal_1() -> None:
    state = get_variant("freecell").start(1)
    text = (FIXTURES / "deal-1.solution").read_text()
    moves = parse_freecell_solution(state, text)
    assert is_won(replay(state.variant, 1, moves))
    assert format_freecell_solution(state, moves) == " ".join(text.split())


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        (DEAL_1.replace("JD KD", "JD JD"), "repeated: JD"),
        (DEAL_1.replace(": 5H 3H 3C 7S 7D TC\n", ""), "7 columns given"),
        (DEAL_1.replace("H-0", "H-X"), "top rank"),
        (DEAL_1.replace("Freecells: - - - -", "Freecells: - - - - -"), "free cells"),
        (DEAL_1.replace("JD KD", "JD KX"), "not a card"),
    ],
)
def test_bad_boards_are_explained(text: str, complaint: str) -> None:
    with pytest.raises(FormatError, match=complaint):
        freecell_board_from_fcs(text)


def test_standard_notation_reads_cells_foundations_and_run_counts() -> None:
    state = get_variant("freecell").start(1)
    for move in legal_moves(state):
        assert parse_freecell_move(state, format_freecell_move(state, move)) in (move, *legal_moves(state))
    to_cell = parse_freecell_move(state, "3a")
    assert state.variant.piles[to_cell.target or 0].id.name == "c1"
    with pytest.raises(FormatError, match="not a FreeCell move"):
        parse_freecell_move(state, "3ab")
    with pytest.raises(FormatError, match="no column"):
        parse_freecell_move(state, "9a")
    with pytest.raises(FormatError, match="not a FreeCell-like"):
        freecell_board_to_fcs(get_variant("klondike").start(1))
