"""A game is data plus rule atoms: its piles, deck, deal, stock policy and goal."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from cardtable.cards import DeckSpec
from cardtable.solitaire.model import PileId, State
from cardtable.solitaire.piles import PileSpec
from cardtable.solitaire.rules.build import BuildRule
from cardtable.solitaire.rules.deal import DealPlan, standard
from cardtable.solitaire.rules.pairs import PairRule
from cardtable.solitaire.rules.stock import StockPolicy, no_stock
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.tables import Tables, compile_tables


class Goal(Enum):
    """When the game is won."""

    ALL_TO_FOUNDATIONS = "every card on the foundations"
    TABLEAU_CLEARED = "every tableau card removed"


@dataclass(frozen=True, slots=True, eq=False)
class Variant:
    """A solitaire game. Variants compare by identity; the registry holds one of each.

    ``flip_revealed`` turns a tableau card face up when the cards on it leave;
    ``clear_runs`` sends a full run in that order (King to Ace) to a foundation by itself;
    ``solving`` tunes the solver's search for this game.
    """

    id: str
    name: str
    piles: tuple[PileSpec, ...]
    deck: DeckSpec = DeckSpec()
    stock: StockPolicy = no_stock
    deal: DealPlan = standard
    goal: Goal = Goal.ALL_TO_FOUNDATIONS
    pairs: PairRule | None = None
    flip_revealed: bool = True
    clear_runs: BuildRule | None = None
    solving: Solving = Solving()
    summary: str = ""
    aliases: tuple[str, ...] = ()
    tables: Tables = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", compile_tables(self))
        laid = sum(d + u for spec in self.piles for d, u in (spec.dealt,))
        if laid > self.deck.size:
            raise ValueError(f"{self.id}: the deal lays out {laid} cards from a deck of {self.deck.size}")

    def derive(self, **changes: Any) -> Variant:
        """A new variant differing only in ``changes`` (Baker's Game from FreeCell)."""
        changes.setdefault("aliases", ())
        return replace(self, **changes)

    def index_of(self, pile: PileId) -> int:
        """The position of a pile in ``piles`` (and in ``State.piles``)."""
        try:
            return self.tables.index[pile]
        except KeyError:
            raise KeyError(f"{self.name} has no pile {pile.name}") from None

    def index_of_name(self, name: str) -> int:
        """The position of the pile named ``name`` (``t3``, ``waste``)."""
        try:
            return self.tables.by_name[name]
        except KeyError:
            raise KeyError(f"{self.name} has no pile {name}") from None

    def start(self, deal: int) -> State:
        """The opening position of deal number ``deal``."""
        from cardtable.solitaire.dealing import deal_state

        return deal_state(self, deal)

    def __repr__(self) -> str:
        return f"Variant({self.id!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Registered variants travel by id (cheap for states sent to worker processes).
        from cardtable.solitaire.registry import registered

        if registered(self.id) is self:
            return _registered_variant, (self.id,)
        fields = {name: getattr(self, name) for name in self.__dataclass_fields__ if name != "tables"}
        return _rebuilt_variant, (fields,)


def _registered_variant(variant_id: str) -> Variant:
    from cardtable.solitaire.registry import get_variant

    return get_variant(variant_id)


def _rebuilt_variant(fields: dict[str, Any]) -> Variant:
    return Variant(**fields)
