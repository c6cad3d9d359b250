"""A basic-strategy chart printed from the advisor's expected values, for any rule set,
with its codes (``LEGEND``) under it."""

from __future__ import annotations

from cardtable.thunderjack.advisor import total_values
from cardtable.thunderjack.round import Action
from cardtable.thunderjack.rules import RuleSet

UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)

LEGEND = (
    "S stand, H hit, D double (else hit), Ds double (else stand), P split,\n"
    "R surrender (else hit), Rs surrender (else stand), Rp surrender (else split);\n"
    "the dealer's up card across"
)
"""What the chart's codes mean."""


def first_action(rules: RuleSet, up: int, hard: int, ace: bool, pair: int | None = None) -> str:
    """The chart code for an unsplit two-card total: the advisor's values averaged over the
    hands that make it (the simulation plays each hand by its own cards)."""
    points_ = hard + 10 if ace and hard <= 11 else hard
    allowed = [Action.HIT, Action.STAND]
    if rules.doubling.allows(points_):
        allowed.append(Action.DOUBLE)
    if pair is not None and rules.split_hands >= 2:
        allowed.append(Action.SPLIT)
    if rules.surrender:
        allowed.append(Action.SURRENDER)
    values = total_values(rules, up, hard, ace, tuple(allowed))
    stand, hit = values[Action.STAND], values[Action.HIT]
    plain = "H" if hit > stand else "S"
    choices = {plain: max(stand, hit)}
    if Action.DOUBLE in values:
        choices["D" if plain == "H" else "Ds"] = values[Action.DOUBLE]
    if Action.SPLIT in values:
        choices["P"] = values[Action.SPLIT]
    best = max(choices, key=lambda code: choices[code])
    if Action.SURRENDER in values and values[Action.SURRENDER] > choices[best]:
        return {"P": "Rp", "S": "Rs", "Ds": "Rs"}.get(best, "R")  # where surrender is not allowed: the next best
    return best


def chart(rules: RuleSet) -> str:
    """The whole chart as text: hard totals, soft totals, pairs; up cards across; the codes."""
    head = "       " + " ".join(f"{'A' if u == 1 else u:>3}" for u in UP_CARDS)
    lines = [rules.describe(), "", "hard " + head[5:]]
    for hard in range(5, 21):
        lines.append(f"{hard:>5}  " + " ".join(f"{first_action(rules, u, hard, False):>3}" for u in UP_CARDS))
    lines += ["", "soft " + head[5:]]
    for other in range(2, 10):
        lines.append(f"{'A,' + str(other):>5}  " + " ".join(f"{first_action(rules, u, 1 + other, True):>3}" for u in UP_CARDS))
    lines += ["", "pairs" + head[5:]]
    for value in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1):
        name = "A,A" if value == 1 else ("T,T" if value == 10 else f"{value},{value}")
        lines.append(
            f"{name:>5}  " + " ".join(f"{first_action(rules, u, 2 * value, value == 1, pair=value):>3}" for u in UP_CARDS)
        )
    return "\n".join([*lines, "", LEGEND])
