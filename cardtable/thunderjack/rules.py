"""A blackjack rule set as one value; Thunderjack is one rule set among the presets.

Every number of the rules (docs/thunderjack.md) is a field here.

>>> preset("thunderjack").thunderjack_pays, preset("six-deck-h17").dealer_hits_soft_17
(Fraction(3, 1), True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Any


class Doubling(Enum):
    """Which first two-card totals may double."""

    ANY = "any"
    NINE_TO_ELEVEN = "9-11"
    TEN_OR_ELEVEN = "10-11"

    def allows(self, total: int) -> bool:
        """Whether a two-card hand of ``total`` may double."""
        low = {Doubling.ANY: 0, Doubling.NINE_TO_ELEVEN: 9, Doubling.TEN_OR_ELEVEN: 10}[self]
        return self is Doubling.ANY or low <= total <= 11


MOST_PAID = 1000
"""The most a payout may be, to 1: more than any table pays (a larger one is a typing slip)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """How a table plays. ``split_hands`` is how many hands one seat may split into
    (2: no resplit); ``thunderjack_pays``/``blitz_cards`` of None turn those hands off;
    ``reshuffle_below`` is the undealt fraction of the shoe under which the shoe is
    gathered and shuffled before the next round (1.0: before every round)."""

    name: str = "thunderjack"
    decks: int = 4
    reshuffle_below: float = 0.4
    dealer_hits_soft_17: bool = False
    doubling: Doubling = Doubling.ANY
    double_after_split: bool = True
    split_hands: int = 2
    resplit_aces: bool = False
    hit_split_aces: bool = False
    no_hole_card: bool = False
    """European: the dealer takes the second card only after the player's hands are played,
    and a dealer Blackjack then beats every hand, doubled and split stakes included."""
    surrender: bool = True
    blackjack_pays: Fraction = Fraction(3, 2)
    thunderjack_pays: Fraction | None = Fraction(3)
    blitz_cards: int | None = 6
    blitz_pays: Fraction = Fraction(5)
    seats: int = 3
    chips: tuple[int, ...] = (10, 50, 250, 1000)
    stake: int = 500
    """Starting credits, and the fresh stake offered when credits fall below the smallest chip."""

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"decks must be 1 to 8, not {self.decks}")
        if not 0.0 <= self.reshuffle_below <= 1.0:
            raise ValueError(f"reshuffle_below is a fraction of the shoe, not {self.reshuffle_below}")
        if not 1 <= self.split_hands <= 4:
            raise ValueError(f"split_hands must be 1 (no split) to 4, not {self.split_hands}")
        if self.blitz_cards is not None and not 3 <= self.blitz_cards <= 11:
            raise ValueError(f"blitz_cards must be 3 to 11, not {self.blitz_cards}")
        if not 1 <= self.seats <= 3:
            raise ValueError(f"seats must be 1 to 3, not {self.seats}")
        if self.resplit_aces and self.split_hands < 3:
            raise ValueError(f"resplitting Aces needs split_hands of 3 or 4, not {self.split_hands}")
        if self.no_hole_card and self.surrender:
            raise ValueError("late surrender needs the dealer's check for Blackjack, which a table without a hole "
                             "card can't make: choose no surrender")
        for name in ("blackjack_pays", "thunderjack_pays", "blitz_pays"):
            pays = getattr(self, name)
            if pays is not None and not 0 < pays <= MOST_PAID:  # (a winning hand that paid nothing would be a penalty)
                raise ValueError(f"{name} must pay the winner something, up to {MOST_PAID}:1, not {pays.numerator}:{pays.denominator}")

    def but(self, **changes: Any) -> RuleSet:
        """The same rules with some changed (a flag on the command line, a table setting)."""
        return replace(self, **changes)

    def describe(self) -> str:
        """The rules in one line."""
        parts = [
            f"{self.decks} deck{'s' * (self.decks > 1)}",
            "H17" if self.dealer_hits_soft_17 else "S17",
            f"double {self.doubling.value}",
            "DAS" if self.double_after_split else "no DAS",
            f"split to {self.split_hands}" if self.split_hands > 2 else ("no resplit" if self.split_hands == 2 else "no split"),
        ]
        if self.split_hands >= 2:
            parts += ["resplit Aces"] * (self.resplit_aces and self.split_hands > 2) + ["hit split Aces"] * self.hit_split_aces
        parts += ["no hole card"] * self.no_hole_card
        parts += [
            "late surrender" if self.surrender else "no surrender",
            f"blackjack {self.blackjack_pays.numerator}:{self.blackjack_pays.denominator}",
        ]
        if self.thunderjack_pays is not None:
            parts.append(f"Thunderjack {self.thunderjack_pays}:1")
        if self.blitz_cards is not None:
            parts.append(f"Blitz {self.blitz_cards} cards {self.blitz_pays}:1")
        parts.append("shuffle every round" if self.reshuffle_below >= 1 else f"reshuffle below {self.reshuffle_below:.0%}")
        return ", ".join(parts)


_CASINO = RuleSet(
    name="six-deck-s17", decks=6, reshuffle_below=1.0, split_hands=4, thunderjack_pays=None, blitz_cards=None
)

PRESETS: dict[str, RuleSet] = {
    "thunderjack": RuleSet(),
    "six-deck-s17": _CASINO,
    "six-deck-h17": _CASINO.but(name="six-deck-h17", dealer_hits_soft_17=True),
    "six-deck-no-surrender": _CASINO.but(name="six-deck-no-surrender", surrender=False),
    "single-deck": _CASINO.but(name="single-deck", decks=1, double_after_split=False, surrender=False),
    "six-deck-6to5": _CASINO.but(name="six-deck-6to5", blackjack_pays=Fraction(6, 5)),
}
"""Named rule sets. The casino sets shuffle before every round (a continuous shuffler), the
condition of the published "full shoe" edges in the rule sheet."""



@dataclass(frozen=True, slots=True)
class Published:
    """A published player's edge for a rule set (shuffled before every round, best play),
    given to ``places`` decimals of a percent."""

    rules: RuleSet
    edge: float
    places: int

    @property
    def text(self) -> str:
        """The figure as published, e.g. ``-0.33%``."""
        return f"{100 * self.edge:+.{self.places}f}%"


PUBLISHED: tuple[Published, ...] = (
    Published(PRESETS["six-deck-s17"], -0.0033, 2),
    Published(PRESETS["six-deck-h17"], -0.0053, 2),
    Published(PRESETS["six-deck-no-surrender"], -0.0040, 2),
    Published(PRESETS["single-deck"], 0.00041, 3),
    Published(PRESETS["six-deck-no-surrender"].but(name="two-deck", decks=2), -0.00179, 3),
    Published(PRESETS["six-deck-h17"].but(name="six-deck-h17-rsa", resplit_aces=True), -0.00459, 3),
)
"""Every rule set with a published edge (docs/thunderjack.md lists them: six decks S17 and
H17, six decks without surrender, one deck, two decks S17 DAS without surrender, and six
decks H17 with resplit Aces). docs/benchmarks.md has the 400-million-round runs against them."""


def published_edge(rules: RuleSet) -> Published | None:
    """The published figure for exactly these rules, whatever their name (a preset changed
    by flags into a listed rule set has one too)."""
    plain = rules.but(name="")
    return next((p for p in PUBLISHED if p.rules.but(name="") == plain), None)


PUBLISHED_EDGES: dict[str, float] = {name: p.edge for name in PRESETS if (p := published_edge(PRESETS[name]))}
"""The presets' published edges, by name."""


def preset(name: str) -> RuleSet:
    """A named rule set, its name in any case; KeyError naming the choices for anything else."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise KeyError(f"no rule set {name!r}; choose one of {', '.join(PRESETS)}") from None
