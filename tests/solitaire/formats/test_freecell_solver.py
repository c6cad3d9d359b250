"""Freecell Solver's own solutions replay to a win, read as it means them.

The fixtures hold ``fc-solve -m -sn`` and ``-snx`` solutions (default settings) for 300
Microsoft deals; scripts/freecell_solver_fixtures.py makes them again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.solitaire import Move, State, apply, check, get_variant, is_won
from cardtable.solitaire.formats import format_freecell_solution, parse_freecell_move, parse_freecell_solution
from tests.solitaire.games.positions import move, position

FIXTURES = Path(__file__).parents[2] / "fixtures" / "freecell"


def _solutions(notation: str) -> list[tuple[int, str]]:
    lines = (FIXTURES / f"fc-solve-{notation}.txt").read_text().splitlines()
    pairs = [line.split(":", 1) for line in lines if line and not line.startswith("#")]
    return [(int(deal), moves) for deal, moves in pairs]


def _replays_to_a_win(start: State, moves: list[Move]) -> bool:
    state = start
    for move in moves:
        if not check(state, move).ok:
            return False
        state = apply(state, move, trusted=True)
    return is_won(state)


@pytest.mark.parametrize("notation", ["sn", "snx"])
@pytest.mark.parametrize("part", range(3))
def test_freecell_solver_solutions_replay_to_a_win(notation: str, part: int) -> None:
    solutions = _solutions(notation)
    assert len(solutions) == 300
    variant = get_variant("freecell")
    for deal, text in solutions[part::3]:
        start = variant.start(deal)
        moves = parse_freecell_solution(start, text)
        assert _replays_to_a_win(start, moves), deal
        # What we write reads back to the same game.
        assert parse_freecell_solution(start, format_freecell_solution(start, moves)) == moves, deal


def test_a_plain_move_to_an_empty_column_is_one_card_in_the_extended_notation() -> None:
    state = position("freecell", t1="5H TD 9S", t2="JC", t3="KS 6D 5C 4H")
    to_t8, one_on_jack = move(state, "t1", "t8", 1), move(state, "t1", "t2", 1)
    # A count written anywhere (3 cards: 6D 5C 4H) marks the list as -snx: 18 is 9S alone.
    assert parse_freecell_solution(state, "18 12 37v3") == [to_t8, one_on_jack, move(state, "t3", "t7", 3)]
    assert parse_freecell_move(state, "18", extended=True) == to_t8


def test_a_plain_list_takes_the_count_the_moves_after_it_need() -> None:
    state = position("freecell", t1="5H TD 9S", t2="JC")
    assert parse_freecell_solution(state, "18 12") == [move(state, "t1", "t8", 1), move(state, "t1", "t2", 1)]
    assert parse_freecell_solution(state, "18 82") == [move(state, "t1", "t8", 2), move(state, "t8", "t2", 2)]
    # No reading makes the list legal: read one card to the empty column, so that the
    # first illegal move is the one a replay reports.
    assert parse_freecell_solution(state, "18 82 1h")[:2] == [move(state, "t1", "t8", 1), move(state, "t8", "t2", 1)]


def test_freecell_solvers_solutions_on_ten_columns_and_eight_cells_replay_to_a_win() -> None:
    # Its tenth column is 10: "10a", "410" (the fourth to the tenth), "101" (the tenth to the
    # first); its eighth cell is k (h is home).
    lines = (FIXTURES / "fc-solve-layouts.txt").read_text().splitlines()
    games = [line.split(":", 1) for line in lines if line and not line.startswith("#")]
    assert len(games) == 3
    for named, text in games:
        game, deal = named.rsplit(" ", 1)
        start = get_variant(game).start(int(deal))
        moves = parse_freecell_solution(start, text)
        assert _replays_to_a_win(start, moves), named
        written = format_freecell_solution(start, moves)
        assert parse_freecell_solution(start, written) == moves
        assert any("10" in word or "k" in word for word in written.split()), named
