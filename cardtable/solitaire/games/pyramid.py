"""Pyramid: remove exposed pairs totalling 13 (Kings alone). PySolFC's game is won with
all 52 cards removed, the stock's top card in play; Relaxed Pyramid (and its one-pass and
unlimited kin) only asks for the pyramid cleared."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, stock, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import nothing, thirteen, to_waste
from cardtable.solitaire.rules.empty import EmptyRule
from cardtable.solitaire.variant import Goal, Variant

ROWS = 7


def _position(row: int, place: int) -> PileId:
    """Row 0 is the apex; place 0 the leftmost card of the row."""
    return PileId(PileKind.TABLEAU, row * (row + 1) // 2 + place + 1, "place")


def pyramid_piles(rows: int = ROWS) -> tuple[PileSpec, ...]:
    """One single-card pile per pyramid position; each is covered by the two below it."""
    return tuple(
        PileSpec(
            _position(row, place),
            empty=nothing,
            dealt=(0, 1),
            covered_by=() if row == rows - 1 else (_position(row + 1, place), _position(row + 1, place + 1)),
        )
        for row in range(rows)
        for place in range(row + 1)
    )


_DISCARD = EmptyRule("only cards removed in pairs", ())

pyramid = register(
    Variant(
        id="pyramid",
        name="Pyramid",
        piles=(
            stock(),
            PileSpec(PileId(PileKind.WASTE), dealt=(0, 1)),
            *foundations(1, None, _DISCARD),
            *pyramid_piles(),
        ),
        stock=to_waste(1, passes=3, face_up=True),
        goal=Goal.ALL_TO_FOUNDATIONS,
        pairs=thirteen,
        flip_revealed=False,
        summary=(
            "Remove two exposed cards whose ranks total 13 (Jack 11, Queen 12); Kings go "
            "alone. A card is exposed when no card of the row below covers it; the top of the "
            "waste is exposed too, and so is the top of the stock, which lies face up. One "
            "card starts the waste; turn the stock one card at a time, three passes. Remove "
            "all 52 cards, stock and waste included, to win."
        ),
    )
)

relaxed_pyramid = register(
    pyramid.derive(
        id="relaxed-pyramid",
        name="Relaxed Pyramid",
        piles=(stock(), PileSpec(PileId(PileKind.WASTE)), *foundations(1, None, _DISCARD), *pyramid_piles()),
        stock=to_waste(1, passes=3),
        goal=Goal.TABLEAU_CLEARED,
        summary=(
            "Remove two exposed cards whose ranks total 13 (Jack 11, Queen 12); Kings go "
            "alone. A card is exposed when no card of the row below covers it; the top of the "
            "waste is exposed too, but the stock lies face down. Turn the stock one card at a "
            "time, three passes. Clear the pyramid to win: cards left in the stock and waste "
            "do not count."
        ),
    )
)


pyramid_one_pass = register(
    relaxed_pyramid.derive(
        id="pyramid-1pass",
        name="Relaxed Pyramid (one pass)",
        stock=to_waste(1, passes=1),
        summary="Relaxed Pyramid on a single pass. " + relaxed_pyramid.summary.replace("three passes", "a single pass"),
    )
)

pyramid_unlimited = register(
    relaxed_pyramid.derive(
        id="pyramid-unlimited",
        name="Relaxed Pyramid (unlimited passes)",
        stock=to_waste(1),
        summary="Relaxed Pyramid without a limit on passes. "
        + relaxed_pyramid.summary.replace("three passes", "as many passes as you like"),
    )
)

_BY_PASSES = {1: pyramid_one_pass, 3: relaxed_pyramid, None: pyramid_unlimited}


def with_passes(passes: int | None) -> Variant:
    """The registered Relaxed Pyramid (won once the pyramid is clear) with this many
    passes through the stock (None: unlimited).

    >>> with_passes(1).id, with_passes(3).id, with_passes(None) is with_passes(None)
    ('pyramid-1pass', 'relaxed-pyramid', True)
    """
    try:
        return _BY_PASSES[passes]
    except KeyError:
        allowed = "1 or 3 passes through the stock, or unlimited"
        raise ValueError(f"Relaxed Pyramid is played with {allowed}, not {passes}") from None
