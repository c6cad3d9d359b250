"""Pile specifications: what each pile of a game is and which rule atoms it carries."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.rules.build import BuildRule
from cardtable.solitaire.rules.empty import EmptyRule, aces_only, any_card, nothing
from cardtable.solitaire.rules.groups import Group, top_card


@dataclass(frozen=True, slots=True)
class PileSpec:
    """One pile of a game and its atoms.

    ``build`` says what may go on its top card (None: nothing), ``empty`` what may start
    it, ``group`` what may be lifted off it (None: nothing). ``dealt`` is (face down,
    face up) cards at the deal; ``capacity`` caps its size (a free cell holds one);
    ``one_at_a_time`` makes it take single cards (foundations); it is exposed only once
    every pile in ``covered_by`` is empty (Pyramid); with ``fed_from`` it takes cards only
    from piles of that kind (Calculation's columns take only the waste's card); with
    ``after_stock`` it takes no card while the stock holds any (Strategy's foundations,
    ``rules/waiting.py``); with ``ranks_from`` it takes only ranks already lying in that
    pile (Osmosis' rows of foundations, ``rules/rows.py``).
    """

    id: PileId
    build: BuildRule | None = None
    empty: EmptyRule = nothing
    group: Group | None = None
    dealt: tuple[int, int] = (0, 0)
    capacity: int | None = None
    one_at_a_time: bool = False
    covered_by: tuple[PileId, ...] = ()
    fed_from: PileKind | None = None
    after_stock: bool = False
    ranks_from: PileId | None = None

    @property
    def kind(self) -> PileKind:
        """The pile's kind."""
        return self.id.kind

    @property
    def takes_cards(self) -> bool:
        """Whether a player may ever put a card here."""
        return self.build is not None or not self.empty.takes_nothing


def stock() -> PileSpec:
    """The stock: face-down cards, dealt by the game's stock policy, never moved by hand."""
    return PileSpec(PileId(PileKind.STOCK))


def waste() -> PileSpec:
    """The waste: cards turned from the stock; its top card plays."""
    return PileSpec(PileId(PileKind.WASTE), group=top_card)


def building_waste(build: BuildRule) -> PileSpec:
    """A waste the tableau builds on by ``build``, started with one card at the deal and
    never played from: the pile Golf and Tri-Peaks clear their layout onto."""
    return PileSpec(PileId(PileKind.WASTE), build, nothing, None, dealt=(0, 1))


def foundations(
    count: int,
    build: BuildRule | None,
    empty: EmptyRule = aces_only,
    group: Group | None = None,
    first: int = 1,
) -> tuple[PileSpec, ...]:
    """``count`` foundations taking one card at a time (``group`` lets cards come back)."""
    return tuple(
        PileSpec(PileId(PileKind.FOUNDATION, n), build, empty, group, one_at_a_time=True)
        for n in range(first, first + count)
    )


def cells(count: int) -> tuple[PileSpec, ...]:
    """``count`` free cells, each holding any one card."""
    return tuple(
        PileSpec(PileId(PileKind.CELL, n), None, any_card, top_card, capacity=1)
        for n in range(1, count + 1)
    )


def tableau(
    dealt: tuple[tuple[int, int], ...],
    build: BuildRule | None,
    empty: EmptyRule,
    group: Group | None,
    word: str = "",
) -> tuple[PileSpec, ...]:
    """Tableau piles, one per (face down, face up) pair in ``dealt``, called ``word``
    where the game's rules do not call them columns."""
    return tuple(
        PileSpec(PileId(PileKind.TABLEAU, n, word), build, empty, group, counts)
        for n, counts in enumerate(dealt, start=1)
    )
