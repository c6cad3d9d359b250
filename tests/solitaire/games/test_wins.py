"""Known deals played to a win: each fixture is a move list the solver found, and the
replay must win under today's rules (a rule change that breaks a published game shows
up here first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.solitaire import get_variant, is_won
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


def test_every_game_of_the_collection_has_a_won_deal() -> None:
    won = {_game_and_deal(p)[0] for p in WINS}
    missing = [g for g in COLLECTION if g not in won]
    assert not missing, f"no won deal in tests/fixtures/solitaire for {missing}"


COLLECTION = (
    "thoughtful-klondike", "whitehead", "westcliff", "easthaven", "double-klondike", "gargantua",
    "russian-solitaire", "spiderette", "will-o-the-wisp", "simple-simon", "scorpion",
    "forty-thieves", "streets", "maria", "emperor", "indian",
    "beleaguered-castle", "streets-and-alleys", "king-albert",
    "relaxed-freecell", "freecell-3-cells", "freecell-2-cells", "freecell-1-cell", "seahaven-towers",
    "eight-off", "lucas", "bakers-dozen", "fan", "fortress", "citadel", "black-hole", "golf", "flower-garden",
    "relaxed-golf", "all-in-a-row", "exiled-kings", "stronghold", "fastness", "bastion", "ten-by-one",
    "king-only-bakers-game", "shamrocks", "box-fan", "free-fan",
    "canfield", "rainbow", "chameleon", "storehouse", "penguin", "agnes-sorel", "agnes-bernauer", "la-belle-lucie", "cruel", "aces-up", "calculation",
    "tri-peaks", "pyramid", "strategy", "osmosis", "peek",
)
