"""FreeCell interchange: Freecell Solver board text and the standard move notation."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardtable.solitaire import Move, MoveKind, State, apply, canonical_key, get_variant, is_won, legal_moves
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
from tests.solitaire.games.positions import position

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
    written = format_freecell_solution(state, moves)
    # Written in the extended notation: runs moved to an empty column carry their count.
    assert "21v6" in written.split() and re.sub(r"v[0-9a-f]+", "", written) == " ".join(text.split())
    assert parse_freecell_solution(state, written) == moves


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


def _reads_back(state: State, move: Move, text: str, extended: bool) -> bool:
    """Whether ``text`` reads back as ``move``; a move home may name another foundation
    (the notation has one ``h`` for all four), as long as the position is the same."""
    again = parse_freecell_move(state, text, extended=extended)
    if again == move:
        return True
    home = state.variant.tables.foundations
    return (
        move.target in home
        and again.target in home
        and again.source == move.source
        and canonical_key(apply(state, again)) == canonical_key(apply(state, move))
    )


@pytest.mark.parametrize("game", ["freecell", "bakers-game", "freecell[columns=10,cells=6]"])
def test_every_legal_move_writes_and_reads_back(game: str) -> None:
    rng = random.Random(game)
    partial = 0
    for deal in range(1, 41):
        state = get_variant(game).start(deal)
        for _ in range(150):
            moves = legal_moves(state)
            if not moves:
                break
            for move in moves:
                text = format_freecell_move(state, move)
                partial += "v" in text
                assert _reads_back(state, move, text, extended=False), (text, move)
                assert _reads_back(state, move, text, extended=True), (text, move)
            state = apply(state, rng.choice(moves))
    assert partial  # runs to empty columns were written with their counts


def test_part_of_a_run_to_an_empty_column_keeps_its_count() -> None:
    state = position("freecell", t1="9H 8S 7D 6C", t2="KS", t3="KH", t4="KD", t5="KC", t6="QS", t7="QH", t8="")
    empty = state.variant.index_of_name("t8")
    one, two, four = (Move(MoveKind.MOVE, state.variant.index_of_name("t1"), empty, k) for k in (1, 2, 4))
    assert [format_freecell_move(state, m) for m in (one, two, four)] == ["18v1", "18v2", "18v4"]
    assert parse_freecell_move(state, "18v2") == two
    assert parse_freecell_move(state, "18") == four  # plain standard notation: the longest run
    assert parse_freecell_move(state, "18", extended=True) == one  # extended: counts are written
    assert parse_freecell_solution(state, "18v1") == [one]
    with pytest.raises(FormatError, match="only for moves between columns"):
        parse_freecell_move(state, "1av2")


def test_standard_notation_reads_cells_foundations_and_run_counts() -> None:
    state = get_variant("freecell").start(1)
    to_cell = parse_freecell_move(state, "3a")
    assert state.variant.piles[to_cell.target or 0].id.name == "c1"
    with pytest.raises(FormatError, match="not a FreeCell move"):
        parse_freecell_move(state, "3ab")
    with pytest.raises(FormatError, match="no column"):
        parse_freecell_move(state, "9a")
    with pytest.raises(FormatError, match="Klondike can.t be written in Freecell Solver.s notation: it has a stock"):
        freecell_board_to_fcs(get_variant("klondike").start(1))


def test_a_tenth_column_is_written_10_and_an_eighth_cell_k() -> None:
    state = get_variant("freecell[columns=10]").start(1)
    tenth = state.variant.tables.tableau[9]
    move = next(m for m in legal_moves(state) if m.source == tenth)
    written = format_freecell_move(state, move)
    assert written.startswith("10") and parse_freecell_move(state, written) == move
    assert parse_freecell_move(state, "0" + written[2:]) == move  # as lists were written before
    eight = get_variant("eight-off").start(1)  # "h" is home, so Freecell Solver names the eighth cell "k"
    assert freecell_board_to_fcs(eight).splitlines()[1] == "Freecells: 4S - 5H - KH - KD -"
    last = eight.variant.tables.cells[-1]
    to_last = next(m for m in legal_moves(eight) if m.target == last)
    assert format_freecell_move(eight, to_last).endswith("k") and parse_freecell_move(eight, format_freecell_move(eight, to_last)) == to_last


def test_a_run_too_long_for_the_free_places_is_refused_for_that_not_for_its_top_card() -> None:
    # Deal 1 after 24 moves of a list that moves whole runs: 85 would carry 7♦ and 6♣ onto
    # 8♣ with every cell full. Read as one card, it was refused as "6♣ can't go on 8♣".
    words = ("5a 5b 5c 5d 5h b2 8b a8 7a b7 58 6b 65 6h 5h 6h 76 b5 81 5b a5 7a 7h 3h 85").split()
    state = get_variant("freecell").start(1)
    moves = parse_freecell_solution(state, words)
    for move in moves[:-1]:
        state = apply(state, move)
    from cardtable.solitaire import check

    assert moves[-1].count == 2 and check(state, moves[-1]).reason.startswith("only 1 card can move now")
