"""The advisor's strategy as arrays for the compiled simulation loop."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from cardtable.thunderjack import kernel
from cardtable.thunderjack.composition import DOUBLE, HIT, SPLIT, STAND, SURRENDER, values
from cardtable.thunderjack.rules import Doubling, RuleSet

_CODES = np.array([kernel.HIT, kernel.STAND, kernel.DOUBLE, kernel.SPLIT, kernel.SURRENDER], np.int8)
"""The loop's action code for each column of the value table."""


@cache
def decision_table(rules: RuleSet) -> npt.NDArray[np.int8]:
    """decide[up, composition, flags]: the advisor's action code for every hand the loop can
    meet (flags as ``kernel.CAN_DOUBLE`` ...): the best allowed action, a tie going to the
    first in the order the advisor lists them, as it does."""
    table = values(rules)
    decide = np.zeros((11, table.shape[1], kernel.FLAGS), np.int8)
    for flags in range(kernel.FLAGS):
        allowed = np.zeros(5, np.bool_)
        allowed[STAND] = True
        allowed[HIT] = not flags & kernel.NO_HIT
        allowed[DOUBLE] = bool(flags & kernel.CAN_DOUBLE)
        allowed[SPLIT] = bool(flags & kernel.CAN_SPLIT)
        allowed[SURRENDER] = bool(flags & kernel.CAN_SURRENDER)
        decide[:, :, flags] = _CODES[np.argmax(np.where(allowed, table, -np.inf), axis=2)]
    decide.setflags(write=False)
    return decide


def rule_array(rules: RuleSet, hands: int = 1) -> npt.NDArray[np.float64]:
    """The rule set, and the hands the player plays, as the numbers the loop reads."""
    numbers = np.zeros(kernel.RULE_COUNT)
    numbers[kernel.R_DECKS] = rules.decks
    numbers[kernel.R_RESHUFFLE_BELOW] = rules.reshuffle_below
    numbers[kernel.R_H17] = rules.dealer_hits_soft_17
    numbers[kernel.R_DAS] = rules.double_after_split
    numbers[kernel.R_SPLIT_HANDS] = rules.split_hands
    numbers[kernel.R_RESPLIT_ACES] = rules.resplit_aces
    numbers[kernel.R_HIT_SPLIT_ACES] = rules.hit_split_aces
    numbers[kernel.R_SURRENDER] = rules.surrender
    numbers[kernel.R_BLACKJACK] = float(rules.blackjack_pays)
    numbers[kernel.R_THUNDERJACK] = -1.0 if rules.thunderjack_pays is None else float(rules.thunderjack_pays)
    numbers[kernel.R_BLITZ_CARDS] = rules.blitz_cards or 0
    numbers[kernel.R_BLITZ] = float(rules.blitz_pays)
    numbers[kernel.R_DOUBLE_LOW] = {Doubling.ANY: 0, Doubling.NINE_TO_ELEVEN: 9, Doubling.TEN_OR_ELEVEN: 10}[rules.doubling]
    numbers[kernel.R_NO_HOLE_CARD] = rules.no_hole_card
    numbers[kernel.R_HANDS] = hands
    return numbers
