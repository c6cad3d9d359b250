"""Compile every numba kernel once, into the caches beside the sources.

test.sh runs this beside the type check, so that the test processes started after it
load the kernels instead of each compiling them again (a clean checkout has no cache).
"""

from __future__ import annotations

import sys
import time

from cardtable.solitaire import get_variant, legal_moves
from cardtable.solitaire.compiled import compiled_apply, compiled_moves, to_code
from cardtable.solver import running
from cardtable.solver.search import Budget, solve
from cardtable.thunderjack import RuleSet
from cardtable.thunderjack.composition import up_card_values
from cardtable.thunderjack.simulate import simulate

SEARCHES = (("klondike", 18, 40_000), ("klondike-draw3", 5, 40_000), ("freecell", 1, 3_000), ("montana", 1, 3_000))
"""Deals whose searches go through every kernel: the talon's jumps (Klondike, one card
and three at a time), a store that grows past its first room, the grid (Montana)."""


def main() -> None:
    began = time.perf_counter()
    for game, deal, nodes in SEARCHES:
        state = get_variant(game).start(deal)
        solve(state, Budget(nodes=nodes, seconds=60.0))
        move = legal_moves(state)[0]
        to_code(move)
        compiled_apply(state, move)
        compiled_moves(state)
        running.dive(state, nodes, time.perf_counter() + 60.0)  # the depth-first search too
    simulate(RuleSet(), 2_000)
    up_card_values(RuleSet(), 10)  # the advisor's: a Thunderjack hint took 5 s the first time
    print(f"kernels compiled or loaded in {time.perf_counter() - began:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
