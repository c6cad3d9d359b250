"""A variant compiles its tables on first use: every registered game's compile, a
misdeclared game is refused as soon as it is used, and importing the collection (or
listing it) compiles none."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.solitaire import get_variant, variants
from cardtable.solitaire.tables import Tables


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_every_registered_game_compiles(variant: object) -> None:
    from cardtable.solitaire import Variant

    assert isinstance(variant, Variant)
    assert isinstance(variant.tables, Tables) and variant.tables is variant.tables
    assert variant.traits.family == variant.family_id


def test_a_misdeclared_game_is_refused_when_first_used() -> None:
    freecell = get_variant("freecell")
    twice = freecell.derive(id="twice", name="Twice", piles=freecell.piles + freecell.piles[:1])
    with pytest.raises(ValueError, match="two piles share an id"):
        twice.start(1)


@pytest.mark.parametrize("then", ["", "from cardtable.cli import main\nmain(['games'])\n"], ids=["import", "games"])
def test_importing_the_collection_or_listing_it_compiles_no_game(then: str) -> None:
    # An unset slot raises AttributeError from its descriptor: count the slots already set.
    probe = then + (
        "from cardtable.solitaire import variants\n"
        "from cardtable.solitaire.variant import Variant\n"
        "def made(x):\n"
        "    try:\n"
        "        Variant.tables.__get__(x)\n"
        "        return True\n"
        "    except AttributeError:\n"
        "        return False\n"
        "print(len(variants()), sum(map(made, variants())))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[-2]) > 80 and out[-1] == "0"
