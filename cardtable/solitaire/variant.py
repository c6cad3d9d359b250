"""A game is data plus rule atoms: its piles, deck, deal, stock policy and goal."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from cardtable.cards import DeckSpec
from cardtable.solitaire.model import PileId, PileKind, State
from cardtable.solitaire.options import Option
from cardtable.solitaire.piles import PileSpec
from cardtable.solitaire.rules.build import BuildRule
from cardtable.solitaire.rules.deal import DealPlan, standard
from cardtable.solitaire.rules.discard import Outranked
from cardtable.solitaire.rules.goal import Goal as Goal  # re-exported: games name their goal here
from cardtable.solitaire.rules.pairs import PairRule
from cardtable.solitaire.registry import get_variant, registered
from cardtable.solitaire.rules.stock import StockPolicy, StockTarget, no_stock
from cardtable.solitaire.rules.turning import TurnUp
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.tables import Tables, compile_tables
from cardtable.solitaire.traits import Layout, Play, Scoring, Traits


@dataclass(frozen=True, slots=True, eq=False)
class Variant:
    """A solitaire game. Variants compare by identity; the registry holds one of each.

    ``flip_revealed`` turns a tableau card face up when the cards on it leave;
    ``clear_runs`` sends a full run in that order (King to Ace) to a foundation by itself;
    ``refill_from`` names the pile whose top card fills a column a move empties (Canfield);
    ``discard`` lets a column's top card go to the first foundation when outranked (Aces Up);
    ``turn_up`` turns up a column's top card when a card lands on its foundation (the Clock);
    ``solving`` tunes the solver's search for this game; ``options`` are the choices a
    player may make before the deal (``options.py``).
    ``layout`` (None: columns, or a triangle where piles cover others), ``family`` (None:
    the game's own id; derived games keep their parent's) and ``default_scoring`` are
    declared traits; ``traits`` gathers them with those the rules show. ``grid`` lays the
    tableau out in rows of that many single-card places (Monte Carlo's 5, Montana's 13):
    the rows say which cards lie next to each other and which place is a gap's left
    neighbour, so the places keep their positions (``rules/grid.py``). With ``reach`` a
    tableau pile moves only onto the pile that many places to its left in reading order,
    and with ``closes_up`` the places after one a move empties slide left to fill it
    (Accordion: 1 or 3 places).
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
    refill_from: PileId | None = None
    discard: Outranked | None = None
    turn_up: TurnUp | None = None
    solving: Solving = Solving()
    summary: str = ""
    aliases: tuple[str, ...] = ()
    layout: Layout | None = None
    family: str | None = None
    default_scoring: Scoring | None = None
    options: tuple[Option, ...] = ()
    grid: int | None = None
    reach: tuple[int, ...] | None = None
    closes_up: bool = False
    tables: Tables = field(init=False, repr=False)
    """The pile atoms compiled into tables (``tables.py``), made on first use."""
    traits: Traits = field(init=False, repr=False)
    """The declared traits with those the rules show, made on first use."""

    def __post_init__(self) -> None:
        laid = sum(d + u for spec in self.piles for d, u in (spec.dealt,))
        if laid > self.deck.size:
            raise ValueError(f"{self.id}: the deal lays out {laid} cards from a deck of {self.deck.size}")
        # A game's one pile of its kind is said as "the reserve", not "reserve 1" (Canfield).
        kinds = Counter(spec.id.kind for spec in self.piles)
        lone = [replace(spec, id=replace(spec.id, alone=True)) if kinds[spec.id.kind] == 1 else spec for spec in self.piles]
        object.__setattr__(self, "piles", tuple(lone))
        if self.refill_from is not None and kinds[self.refill_from.kind] == 1:
            object.__setattr__(self, "refill_from", replace(self.refill_from, alone=True))

    if not TYPE_CHECKING:  # hidden from the type checker, which would accept any name

        def __getattr__(self, name: str) -> Any:
            """``tables`` and ``traits`` on first use (an unset slot comes here), kept in
            their slots from then on, so reading them later costs nothing more. A program
            that plays one game does not compile the other eighty; two threads asking at
            once may both compile, to the same tables."""
            if name == "tables":
                made: Any = compile_tables(self)
            elif name == "traits":
                made = _traits(self)
            else:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            object.__setattr__(self, name, made)
            return made

    def derive(self, **changes: Any) -> Variant:
        """A new variant differing only in ``changes`` (Baker's Game from FreeCell)."""
        changes.setdefault("aliases", ())
        changes.setdefault("options", ())  # offered again only where the derived game says so
        changes.setdefault("family", self.family_id)
        return replace(self, **changes)

    @property
    def family_id(self) -> str:
        """The id of the game's family: the game it derives from, else its own. Read
        without compiling the rules (``cardtable games`` lists every game by it)."""
        return self.family or self.id

    @property
    def pile_names(self) -> tuple[str, ...]:
        """Each pile's short name (``t3``, ``waste``), in pile order."""
        return self.tables.names

    @property
    def tableau_word(self) -> str:
        """What the game's rules call a tableau pile: ``column``, or its own word.

        >>> from cardtable.solitaire.registry import get_variant
        >>> get_variant("klondike").tableau_word, get_variant("beleaguered-castle").tableau_word
        ('column', 'row')
        """
        tableau = self.piles_of(PileKind.TABLEAU)
        return self.piles[tableau[0]].id.noun if tableau else "column"

    def piles_of(self, kind: PileKind) -> tuple[int, ...]:
        """The positions of the piles of one kind, in order.

        >>> from cardtable.solitaire.registry import get_variant
        >>> get_variant("freecell").piles_of(PileKind.CELL)
        (0, 1, 2, 3)
        """
        return self.tables.of_kind.get(kind, ())

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
        from cardtable.solitaire.options import made

        if registered(self.id) is self or made(self.id) is self:
            return get_variant, (self.id,)
        given = {f.name: getattr(self, f.name) for f in fields(self) if f.init}  # not what is derived
        return rebuilt_variant, (given,)


def _traits(variant: Variant) -> Traits:
    """The declared traits, completed from what the rules show."""
    layout = variant.layout
    if layout is None and variant.grid is not None:
        layout = Layout.GRID
    if layout is None:
        layout = Layout.TRIANGLE if any(spec.covered_by for spec in variant.piles) else Layout.COLUMNS
    # Points for cards home: not where a game is won by clearing the tableau (Golf).
    points = variant.stock.target is StockTarget.WASTE and variant.pairs is None and variant.goal is Goal.ALL_TO_FOUNDATIONS
    scorings = (Scoring.UNIFORM, Scoring.STANDARD, Scoring.TIMED, Scoring.VEGAS) if points else (Scoring.UNIFORM,)
    default = variant.default_scoring if variant.default_scoring in scorings else None
    return Traits(
        layout=layout,
        family=variant.family_id,
        scorings=scorings,
        default_scoring=default,
        hidden_cards=any(variant.start(variant.deal.deal_numbers.start).hidden),
        play=Play.MOVES if variant.pairs is None else Play.PAIRS,
        draw=variant.stock.count if variant.stock.target is StockTarget.WASTE else 0,
        decks=-(-variant.deck.size // 52),  # packs of 52 the cards come from (Spider: 2)
        row_length=variant.grid if layout is Layout.GRID else None,
    )


def rebuilt_variant(fields: dict[str, Any]) -> Variant:
    """A variant from its fields (how an unregistered variant travels to another process)."""
    return Variant(**fields)
