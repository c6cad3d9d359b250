"""The advisor's strategy as arrays for the compiled simulation loop."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from cardtable.thunderjack import kernel
from cardtable.thunderjack.advisor import action_values, choose
from cardtable.thunderjack.round import Action
from cardtable.thunderjack.rules import Doubling, RuleSet

_CODES = {
    Action.STAND: kernel.STAND, Action.HIT: kernel.HIT, Action.DOUBLE: kernel.DOUBLE,
    Action.SURRENDER: kernel.SURRENDER, Action.SPLIT: kernel.SPLIT,
}
_FLAGS = ((Action.DOUBLE, kernel.CAN_DOUBLE), (Action.SPLIT, kernel.CAN_SPLIT), (Action.SURRENDER, kernel.CAN_SURRENDER))


@cache
def decision_table(rules: RuleSet) -> npt.NDArray[np.int8]:
    """decide[up, hard, ace, cards, flags]: the advisor's action code for every hand the
    loop can meet (flags say which of double, surrender and split are allowed)."""
    decide = np.full((11, 32, 2, 12, 8), kernel.STAND, dtype=np.int8)
    for up in range(1, 11):
        for hard in range(2, 22):
            for ace in (False, True):
                for cards in range(2, 12):
                    for flags in range(8) if cards == 2 else (0,):
                        allowed = tuple(
                            a for a in Action if a in (Action.HIT, Action.STAND) or any(
                                a is f and flags & bit for f, bit in _FLAGS
                            )
                        )
                        best = choose(action_values(rules, up, hard, ace, cards, allowed))
                        decide[up, hard, int(ace), cards, flags] = _CODES[best]
    return decide


def rule_array(rules: RuleSet) -> npt.NDArray[np.float64]:
    """The rule set as the numbers the loop reads."""
    values = np.zeros(kernel.RULE_COUNT)
    values[kernel.R_DECKS] = rules.decks
    values[kernel.R_RESHUFFLE_BELOW] = rules.reshuffle_below
    values[kernel.R_H17] = rules.dealer_hits_soft_17
    values[kernel.R_DAS] = rules.double_after_split
    values[kernel.R_SPLIT_HANDS] = rules.split_hands
    values[kernel.R_RESPLIT_ACES] = rules.resplit_aces
    values[kernel.R_HIT_SPLIT_ACES] = rules.hit_split_aces
    values[kernel.R_SURRENDER] = rules.surrender
    values[kernel.R_BLACKJACK] = float(rules.blackjack_pays)
    values[kernel.R_THUNDERJACK] = -1.0 if rules.thunderjack_pays is None else float(rules.thunderjack_pays)
    values[kernel.R_BLITZ_CARDS] = rules.blitz_cards or 0
    values[kernel.R_BLITZ] = float(rules.blitz_pays)
    values[kernel.R_DOUBLE_LOW] = {Doubling.ANY: 0, Doubling.NINE_TO_ELEVEN: 9, Doubling.TEN_OR_ELEVEN: 10}[rules.doubling]
    return values
