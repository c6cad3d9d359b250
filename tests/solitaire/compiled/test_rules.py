"""The compiled rules the kernels take borrow their arrays from the ones the program
owns: the same numbers, read and answered alike."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
from numba import njit

from cardtable.solitaire import get_variant
from cardtable.solitaire.compiled import kernel, program_of, to_arrays
from cardtable.solitaire.compiled.rules import borrowed
from cardtable.solitaire.compiled.shared import MAX_MOVES


@njit(cache=False)
def _write_through(owner):  # type: ignore[no-untyped-def]
    view = borrowed(owner)
    view[1] = 7
    return view[0] + view.shape[0]


def test_a_borrowed_array_is_its_owners_memory() -> None:
    owner = np.array([5, 0, 0], dtype=np.int64)
    assert _write_through(owner) == 8
    assert owner.tolist() == [5, 7, 0]


def test_kernels_answer_alike_with_the_lent_rules_and_the_owned_ones() -> None:
    for game in ("freecell", "klondike", "spider", "pyramid", "montana"):
        program = program_of(get_variant(game))
        for deal in (1, 2, 3):
            p = to_arrays(get_variant(game).start(deal))
            lent, owned = np.empty(MAX_MOVES, dtype=np.int64), np.empty(MAX_MOVES, dtype=np.int64)
            n = kernel.generate(program.rules, p.cards, p.lens, p.hid, p.extra, lent)
            assert n == kernel.generate(program.owned, p.cards, p.lens, p.hid, p.extra, owned)
            assert (lent[:n] == owned[:n]).all()


_FRESH_PROCESS = """
from cardtable.solitaire import get_variant
from cardtable.solitaire.compiled import program_of
from cardtable.solitaire.compiled.rules import Rules, made
for game in ("klondike", "freecell"):
    program_of(get_variant(game))
print(sum(made.stats.cache_misses.values()), hasattr(Rules, "_StructRefProxy__numba_ctor"))
"""


def test_a_new_process_builds_its_rules_from_the_cache_without_compiling() -> None:
    # The first process may compile the constructor and keep it; every later one loads it
    # (numba's own constructor, called from Python, compiled anew in every process).
    first = subprocess.run([sys.executable, "-c", _FRESH_PROCESS], capture_output=True, text=True, check=True)
    assert first.stdout.split()[1] == "False"
    later = subprocess.run([sys.executable, "-c", _FRESH_PROCESS], capture_output=True, text=True, check=True)
    assert later.stdout.split() == ["0", "False"]
