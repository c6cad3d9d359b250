"""The player's side of the table between rounds: credits, chips on hands, the shoe.

>>> from cardtable.thunderjack.rules import preset
>>> table = Table.opened(preset("thunderjack"), seed=3)
>>> table = table.press(50)
>>> table.bets, table.credits
({<Seat.MIDDLE: 'middle'>: 50}, 500)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardtable.thunderjack.hand import SEATS, Seat
from cardtable.thunderjack.round import IllegalAction, Round, start
from cardtable.thunderjack.rules import RuleSet
from cardtable.thunderjack.shoe import Shoe


@dataclass(frozen=True, slots=True)
class Table:
    """Credits held, the hands selected for betting, the chips on each (selected hands
    only), the shoe, and how many fresh stakes the player has taken."""

    rules: RuleSet
    shoe: Shoe
    credits: int
    selected: frozenset[Seat]
    chips: tuple[tuple[Seat, int], ...] = ()
    stakes: int = 1

    @staticmethod
    def opened(rules: RuleSet, seed: int) -> Table:
        """A new player at the table: the starting stake, the middle hand selected."""
        middle = SEATS[: rules.seats][len(SEATS[: rules.seats]) // 2]
        return Table(rules, Shoe.seeded(rules.decks, seed), rules.stake, frozenset({middle}))

    @property
    def bets(self) -> dict[Seat, int]:
        """Credits on each hand."""
        return dict(self.chips)

    @property
    def staked(self) -> int:
        """Credits on the hands altogether."""
        return sum(amount for _, amount in self.chips)

    def toggle(self, seat: Seat) -> Table:
        """Select or unselect a hand for betting; one hand always stays selected. An
        unselected hand is not played, so its chips come back (only selected hands hold bets)."""
        if seat not in SEATS[: self.rules.seats]:
            raise IllegalAction(f"this table has no {seat.value} hand")
        chosen = self.selected ^ {seat}
        if not chosen:
            raise IllegalAction("at least one hand stays selected")
        return replace(self, selected=chosen, chips=tuple((s, a) for s, a in self.chips if s in chosen))

    def press(self, chip: int) -> Table:
        """Add a chip's value to every selected hand, within the credits held."""
        if chip not in self.rules.chips:
            raise IllegalAction(f"there is no {chip} chip; chips are {', '.join(map(str, self.rules.chips))}")
        if not self.affords(chip):
            raise IllegalAction(f"that needs {self.staked + chip * len(self.selected)} credits and you have {self.credits}")
        bets = self.bets
        for seat in self.selected:
            bets[seat] = bets.get(seat, 0) + chip
        return replace(self, chips=tuple((s, bets[s]) for s in SEATS if s in bets))

    def affords(self, chip: int) -> bool:
        """Whether the credits cover this chip on every selected hand, besides the bets
        already placed."""
        return self.staked + chip * len(self.selected) <= self.credits

    def clear(self) -> Table:
        """Take the chips back off the hands."""
        return replace(self, chips=())

    def deal(self) -> Round:
        """Deal a round on the bets placed."""
        return start(self.rules, self.shoe, self.credits, self.bets)

    def after(self, finished: Round) -> Table:
        """The table once a round is settled: new credits and shoe, the same bets again
        when the credits still cover them (as at a real table), else none."""
        if not finished.is_over:
            raise IllegalAction("the round is still being played")
        table = replace(self, shoe=finished.shoe, credits=finished.credits)
        return table if table.staked <= table.credits else table.clear()

    @property
    def is_broke(self) -> bool:
        """Fewer credits than the smallest chip: a fresh stake may be taken."""
        return self.credits < min(self.rules.chips)

    def fresh_stake(self) -> Table:
        """A new starting stake for a player who ran out (counted in the statistics)."""
        if not self.is_broke:
            raise IllegalAction(f"a fresh stake is only for a player with less than {min(self.rules.chips)} credits")
        return replace(self, credits=self.credits + self.rules.stake, chips=(), stakes=self.stakes + 1)
