"""Known deals played to a win: each fixture is a move list the solver found, and the
replay must win under today's rules (a rule change that breaks a published game shows
up here first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.solitaire import get_variant, is_won, variants
from cardtable.solitaire.formats import parse_moves, replay

FIXTURES = Path(__file__).parents[2] / "fixtures" / "solitaire"
WINS = sorted(FIXTURES.glob("*-deal-*.moves"))


def _game_and_deal(path: Path) -> tuple[str, int]:
    game, _, deal = path.stem.rpartition("-deal-")
    return game, int(deal)


@pytest.mark.parametrize("path", WINS, ids=[p.stem for p in WINS])
def test_the_move_list_wins_the_deal(path: Path) -> None:
    game, deal = _game_and_deal(path)
    variant = get_variant(game)
    moves = parse_moves(variant, path.read_text())
    assert is_won(replay(variant, deal, moves))


def test_every_registered_game_has_a_won_deal() -> None:
    won = {_game_and_deal(p)[0] for p in WINS}
    missing = [v.id for v in variants() if v.id not in won]
    assert not missing, f"no won deal in tests/fixtures/solitaire for {missing}"
