"""A game's declared traits: what the app and the interfaces may know of a game without
asking which game it is (how it is laid out, how it may be scored, whether it hides
cards, whether it is played by moves or by pairs, how many decks).

Code outside the game collection reads these and never tests a game's id.

>>> from cardtable.solitaire.registry import get_variant
>>> traits = get_variant("pyramid").traits
>>> traits.layout.value, traits.play.value, traits.hidden_cards
('triangle', 'pairs', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.solitaire.registry import get_variant


class Layout(Enum):
    """How an interface lays the piles out."""

    COLUMNS = "columns"
    """Stock, waste and foundations in a row above the tableau columns."""
    TRIANGLE = "triangle"
    """Tableau piles overlapping in a triangle, each covered by the two below it."""
    WINGS = "wings"
    """Foundations in a column, tableau rows fanning out to its left and right."""
    FANS = "fans"
    """Many short piles (La Belle Lucie's fans of three) in rows of several fans each, every
    fan spreading to the right, below the foundations."""
    CLOCK = "dial"
    """Foundations 1 to 12 on a clock face at their hours (a 13th in its centre), the
    tableau beside it."""
    GRID = "grid"
    """Single-card tableau places in rows of ``Traits.row_length`` (Monte Carlo, Montana)."""
    ROWS = "rows"
    """Each reserve beside a foundation whose cards lie side by side in a row, so every
    card of every row shows (Osmosis); the stock and waste beside them."""


class Play(Enum):
    """How a player makes progress."""

    MOVES = "moves"
    """Cards move from pile to pile."""
    PAIRS = "pairs"
    """Exposed cards are removed in pairs."""


class Scoring(Enum):
    """How a game is scored."""

    UNIFORM = "uniform"
    """Percent of the cards brought home (or removed): comparable across every game."""
    STANDARD = "standard"
    """Klondike's classic points: 10 home, 5 from the waste, 5 per card turned up; as in
    Windows Solitaire the score never goes below 0."""
    TIMED = "timed"
    """Standard points in Windows Solitaire's timed game: 2 off every 10 seconds, and a
    bonus for a win (see ``app.scoring.time_adjusted``)."""
    VEGAS = "vegas"
    """Pay 52 to play, win 5 per card home."""

    def applies_to(self, variant_id: str) -> bool:
        """Whether this scoring makes sense for the game."""
        return self in get_variant(variant_id).traits.scorings


@dataclass(frozen=True, slots=True)
class Traits:
    """What a game declares about itself (or what its rules show) for the app and UIs."""

    layout: Layout
    family: str
    """Games of one family are offered as one game with options (draw one or three)."""
    scorings: tuple[Scoring, ...]
    """The scorings that make sense for the game, uniform first."""
    default_scoring: Scoring | None
    """The scoring the game is named for, if any (played unless the player chooses another)."""
    hidden_cards: bool
    """Whether the deal leaves cards face down (so its number would tell them)."""
    play: Play
    draw: int
    """Cards turned from the stock at a time (0: no stock to turn)."""
    decks: int
    row_length: int | None = None
    """Places in a row of the tableau's grid (``Layout.GRID``), else None."""
