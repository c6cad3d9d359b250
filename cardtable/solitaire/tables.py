"""A variant's atoms compiled into lookup tables, so move generation is plain indexing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardtable.cards import DeckSpec
from cardtable.solitaire.model import Move, MoveKind, PileId, PileKind
from cardtable.cards import Rank
from cardtable.solitaire.rules.empty import any_card, rank_cards
from cardtable.solitaire.rules.grid import neighbours
from cardtable.solitaire.rules.groups import GroupKind
from cardtable.solitaire.rules.stock import StockTarget

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant
    from cardtable.solitaire.piles import PileSpec

Table = tuple[frozenset[int], ...]
Step = tuple[int, int, "Row"]
ANY_CARD = frozenset(range(52))
"""The shared table of an empty pile that takes any card (checked by identity)."""

_SYMMETRIC_KINDS = (PileKind.TABLEAU, PileKind.CELL, PileKind.FOUNDATION, PileKind.RESERVE)
_EXPOSABLE_KINDS = (PileKind.TABLEAU, PileKind.WASTE, PileKind.CELL, PileKind.RESERVE)


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything the engine's hot paths look up, derived once per variant."""

    index: dict[PileId, int]
    names: tuple[str, ...]
    """Each pile's short name (``t3``, ``waste``), in pile order."""
    by_name: dict[str, int]
    of_kind: dict[PileKind, tuple[int, ...]]
    """The piles of each kind the variant has, in order."""
    stock: int | None
    waste: int | None
    foundations: tuple[int, ...]
    tableau: tuple[int, ...]
    cells: tuple[int, ...]
    sources: tuple[int, ...]
    targets: tuple[int, ...]
    build: tuple[Table | None, ...]
    empty: tuple[frozenset[int], ...]
    run: tuple[Table | None, ...]
    group: tuple[GroupKind | None, ...]
    covered: tuple[tuple[int, ...], ...]
    uncovers: tuple[tuple[int, ...], ...]
    """For each pile, the piles it helps cover (Tri-Peaks: a card's leaving may turn them up)."""
    open_columns: tuple[int, ...]
    """Tableau piles that take any card when empty: they count for supermoves."""
    clear_run: Table | None
    one_in: tuple[bool, ...]
    capacity: tuple[int | None, ...]
    is_foundation: tuple[bool, ...]
    foundation_set: frozenset[int]
    homes_in_order: bool
    """On any card, each foundation takes at most one card (up in suit, say): a card sent
    home never takes another card's place there, so a safe move home is safe (not so in
    Black Hole, whose one foundation takes any of eight cards on the card on top)."""
    givers: tuple[tuple[int, GroupKind, Table | None, tuple[int, ...], tuple[Step, ...]], ...]
    """For each pile cards may leave: (pile, group kind, run order, covered by, and a
    step per count: (pile, count, the interned moves by target and count))."""
    supermove_sources: frozenset[int]
    receivers: tuple[
        tuple[int, Table | None, frozenset[int], int | None, bool, tuple[int, ...], bool, int | None, frozenset[int] | None],
        ...,
    ]
    """For each pile a card may be put on: (pile, build, empty, capacity, one at a time,
    covered by, is a foundation, steps from the deal's base rank of what starts it or None,
    the only piles it takes cards from or None)."""
    by_base: bool
    """Whether some empty pile takes a rank the deal chose (``rules.empty.dealt_base``)."""
    rank_cards: dict[Rank, frozenset[int]]
    """The cards of each rank (what a pile started by a rank from the base takes)."""
    refill: int | None
    """The pile that refills emptied columns (``Variant.refill_from``), if any."""
    dealt_to: tuple[int, ...]
    """The piles a deal from the stock puts a card on, one each (none: it deals to the waste)."""
    exposable: tuple[int, ...]
    """Piles whose top card may take part in a pair."""
    symmetric: tuple[tuple[int, ...], ...]
    """Groups of piles with identical rules (whatever they were dealt): swapping their
    contents changes nothing."""
    fixed: tuple[int, ...]
    """Piles outside every symmetric group."""
    symmetric_while_dealing: tuple[tuple[int, ...], ...]
    """The groups while the stock still deals to the tableau: each column gets its own
    next card, so the columns keep their places until the stock is empty (Spider)."""
    fixed_while_dealing: tuple[int, ...]
    neighbours: tuple[frozenset[int], ...] | None
    """For each pile, the grid places touching it, where pairs must touch (Monte Carlo)."""
    follows: tuple[tuple[int, Table] | None, ...]
    """For each pile an empty place that continues its left neighbour (a gap in
    Montana): that neighbour, and for each card on it the cards the gap takes."""
    moves: dict[tuple[int, int, int], Move]
    after_stock: tuple[int, ...] = ()
    """Piles that take no card while the stock holds any (``rules/waiting.py``)."""
    ranks_from: tuple[int | None, ...] = ()
    """For each pile, the pile whose ranks alone it takes (``rules/rows.py``); empty where
    no pile has one."""
    sinks: tuple[int, ...] = ()
    """Piles whose cards below the top never matter again (``_sinks``): a position is
    what it is whatever order they lie in, so its key reads only their top card and count."""

    def transfer(self, source: int, target: int, count: int) -> Move:
        """The shared Move value for a transfer (moves are interned, not rebuilt)."""
        key = (source, target, count)
        move = self.moves.get(key)
        if move is None:
            move = self.moves[key] = Move(MoveKind.MOVE, source, target, count)
        return move

    def pair(self, first: int, second: int | None) -> Move:
        """The shared Move value for discarding a pair (or a single card)."""
        key = (first, -1 if second is None else second, 0)
        move = self.moves.get(key)
        if move is None:
            move = self.moves[key] = Move(MoveKind.PAIR, first, second)
        return move


def compile_tables(variant: Variant) -> Tables:
    """Compile a variant's pile atoms into tables."""
    deck = variant.deck
    piles = variant.piles
    index = {spec.id: i for i, spec in enumerate(piles)}
    if len(index) != len(piles):
        raise ValueError(f"{variant.id}: two piles share an id")

    def of(kind: PileKind) -> tuple[int, ...]:
        return tuple(i for i, spec in enumerate(piles) if spec.kind is kind)

    def single(kind: PileKind) -> int | None:
        found = of(kind)
        if len(found) > 1:
            raise ValueError(f"{variant.id}: at most one {kind.value} pile")
        return found[0] if found else None

    build_tables: dict[object, Table] = {}

    def table_for(rule: object) -> Table:
        from cardtable.solitaire.rules.build import BuildRule

        assert isinstance(rule, BuildRule)
        if rule not in build_tables:
            build_tables[rule] = rule.table(deck)
        return build_tables[rule]

    build = tuple(None if s.build is None else table_for(s.build) for s in piles)
    run: list[Table | None] = []
    for spec in piles:
        group = spec.group
        rule = None if group is None else (group.rule or spec.build)
        needs_order = group is not None and group.kind in (GroupKind.RUN, GroupKind.SUPERMOVE, GroupKind.ONE_OR_WHOLE)
        if needs_order and rule is None:
            raise ValueError(f"{variant.id}: {spec.id.name} moves runs but has no order for them")
        run.append(table_for(rule) if needs_order else None)
    tableau = of(PileKind.TABLEAU)
    # Piles are interchangeable when their rules match: the id and the deal don't count
    # (Klondike's columns differ only in how many cards they were dealt). A pile that
    # covers or is covered by others has a place in the layout, so it never swaps.
    covering = {p for spec in piles for p in spec.covered_by}
    groups: dict[object, list[int]] = {}
    for i, spec in enumerate(piles):
        if spec.kind in _SYMMETRIC_KINDS and not spec.covered_by and spec.id not in covering:
            groups.setdefault(replace(spec, id=PileId(spec.kind, 0), dealt=(0, 0)), []).append(i)
    symmetric = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    if variant.stock.target is StockTarget.GATHER or variant.grid is not None:
        # A redeal picks the columns up in order, and a grid's places have neighbours:
        # each keeps its place.
        symmetric = tuple(g for g in symmetric if not set(tableau).intersection(g))
    if variant.turn_up is not None:
        # Each column is paired with the foundation of its number, so each keeps its place.
        symmetric = tuple(g for g in symmetric if not set(tableau).intersection(g))
    dealt_to = {StockTarget.TABLEAU: tableau, StockTarget.RESERVE: of(PileKind.RESERVE)}.get(variant.stock.target, ())
    fed = set(dealt_to)
    while_dealing = tuple(g for g in symmetric if not fed.intersection(g)) if fed else symmetric
    empty = tuple(ANY_CARD if s.empty.table() == ANY_CARD else s.empty.table() for s in piles)
    covered = tuple(tuple(index[p] for p in s.covered_by) for s in piles)
    return Tables(
        index=index,
        names=tuple(s.id.name for s in piles),
        by_name={s.id.name: i for i, s in enumerate(piles)},
        of_kind={kind: of(kind) for kind in PileKind if of(kind)},
        stock=single(PileKind.STOCK),
        waste=single(PileKind.WASTE),
        foundations=of(PileKind.FOUNDATION),
        tableau=tableau,
        cells=of(PileKind.CELL),
        sources=tuple(i for i, s in enumerate(piles) if s.group is not None),
        targets=tuple(i for i, s in enumerate(piles) if s.takes_cards),
        build=build,
        empty=empty,
        run=tuple(run),
        group=tuple(None if s.group is None else s.group.kind for s in piles),
        covered=covered,
        uncovers=tuple(tuple(p for p, over in enumerate(covered) if i in over) for i in range(len(piles))),
        open_columns=tuple(i for i in tableau if piles[i].empty == any_card),
        clear_run=None if variant.clear_runs is None else table_for(variant.clear_runs),
        one_in=tuple(s.one_at_a_time for s in piles),
        capacity=tuple(s.capacity for s in piles),
        is_foundation=tuple(s.kind is PileKind.FOUNDATION for s in piles),
        foundation_set=frozenset(of(PileKind.FOUNDATION)),
        homes_in_order=all(
            build[f] is not None and all(len(aboves) <= 1 for aboves in build[f] or ()) for f in of(PileKind.FOUNDATION)
        ),
        givers=tuple(
            (i, spec.group.kind, run[i], covered[i], _steps(i, spec.group.kind, variant.deck))
            for i, spec in enumerate(piles)
            if spec.group is not None
        ),
        supermove_sources=frozenset(
            i for i, spec in enumerate(piles) if spec.group is not None and spec.group.kind is GroupKind.SUPERMOVE
        ),
        receivers=tuple(
            (
                j, build[j], empty[j], piles[j].capacity, piles[j].one_at_a_time, covered[j],
                piles[j].kind is PileKind.FOUNDATION, piles[j].empty.from_base,
                _feeders(piles, j) if variant.reach is None else _reached_from(variant, tableau, j),
            )
            for j in range(len(piles))
            if piles[j].takes_cards
        ),
        by_base=any(s.empty.from_base is not None for s in piles),
        rank_cards={rank: rank_cards(rank) for rank in Rank},
        refill=None if variant.refill_from is None else index[variant.refill_from],
        dealt_to=dealt_to,
        exposable=tuple(
            i for i, s in enumerate(piles)
            if s.kind in _EXPOSABLE_KINDS or (s.kind is PileKind.STOCK and variant.stock.face_up)
        ),
        symmetric=symmetric,
        fixed=_outside(symmetric, len(piles)),
        symmetric_while_dealing=while_dealing,
        fixed_while_dealing=_outside(while_dealing, len(piles)),
        neighbours=_neighbours(variant, tableau),
        follows=_follows(variant, tableau, table_for),
        moves={},
        after_stock=tuple(i for i, s in enumerate(piles) if s.after_stock),
        ranks_from=_ranks_from(piles, index),
        sinks=_sinks(variant, index),
    )


def _neighbours(variant: Variant, tableau: tuple[int, ...]) -> tuple[frozenset[int], ...] | None:
    """Each pile's touching grid places, where pairs must touch (else None)."""
    if variant.pairs is None or not variant.pairs.touching:
        return None
    if variant.grid is None:
        raise ValueError(f"{variant.id}: pairs that touch need a grid")
    near = dict(zip(tableau, neighbours(tableau, variant.grid)))
    return tuple(near.get(i, frozenset()) for i in range(len(variant.piles)))


def _follows(
    variant: Variant, tableau: tuple[int, ...], table_for: Callable[[object], Table]
) -> tuple[tuple[int, Table] | None, ...]:
    """For each pile whose empty rule follows its left neighbour, that neighbour and the table."""
    out: list[tuple[int, Table] | None] = [None] * len(variant.piles)
    for n, i in enumerate(tableau):
        after = variant.piles[i].empty.after
        if after is None:
            continue
        if variant.grid is None or n % variant.grid == 0:
            raise ValueError(f"{variant.id}: {variant.piles[i].id.name} follows a left neighbour it does not have")
        out[i] = (tableau[n - 1], table_for(after))
    return tuple(out)


def _sinks(variant: Variant, index: dict[PileId, int]) -> tuple[int, ...]:
    """The piles cards go into and never leave, whose cards below the top no rule reads:
    what builds on a pile reads its top card, a capacity its count, the goal counts, and
    the cards home as a whole are the same for two positions alike everywhere else.
    Not a pile cards leave (moved, paired, dealt or turned back over as the stock, or
    refilling columns), nor one a row reads the ranks of, nor a foundation where the
    deal's base rank is read off the first one's bottom card; and none in a game that
    turns cards up by where they land (Clock)."""
    piles = variant.piles
    if variant.turn_up is not None:
        return ()
    stock = variant.stock
    read = {index[s.ranks_from] for s in piles if s.ranks_from is not None}
    by_base = any(s.empty.from_base is not None for s in piles)
    turned_over = stock.turns_waste_over and stock.redeals_allowed != 0
    refill = None if variant.refill_from is None else index[variant.refill_from]
    out = []
    for i, spec in enumerate(piles):
        kind = spec.kind
        if spec.group is not None or i in read or i == refill or kind is PileKind.STOCK:
            continue
        if (kind is PileKind.WASTE and turned_over) or (kind is PileKind.FOUNDATION and by_base):
            continue
        if variant.pairs is not None and kind in _EXPOSABLE_KINDS:
            continue
        out.append(i)
    return tuple(out)


def _ranks_from(piles: tuple[PileSpec, ...], index: dict[PileId, int]) -> tuple[int | None, ...]:
    """Each pile's row above (``PileSpec.ranks_from``), or () where no pile has one."""
    if all(spec.ranks_from is None for spec in piles):
        return ()
    return tuple(None if spec.ranks_from is None else index[spec.ranks_from] for spec in piles)


def _feeders(piles: tuple[PileSpec, ...], j: int) -> frozenset[int] | None:
    """The only piles pile ``j`` takes cards from (None: any). A free cell never takes a
    card from another free cell: the move would change nothing."""
    fed = piles[j].fed_from
    if fed is not None:
        return frozenset(i for i, spec in enumerate(piles) if spec.kind is fed)
    if piles[j].kind is PileKind.CELL:
        return frozenset(i for i, spec in enumerate(piles) if spec.kind is not PileKind.CELL)
    return None


def _reached_from(variant: Variant, tableau: tuple[int, ...], j: int) -> frozenset[int]:
    """The piles that may move onto pile ``j``: those ``reach`` places to its right."""
    if j not in tableau:
        return frozenset()
    at = tableau.index(j)
    assert variant.reach is not None
    return frozenset(tableau[at + r] for r in variant.reach if at + r < len(tableau))


def _outside(groups: tuple[tuple[int, ...], ...], pile_count: int) -> tuple[int, ...]:
    """The piles in none of ``groups``."""
    grouped = {i for g in groups for i in g}
    return tuple(i for i in range(pile_count) if i not in grouped)


class Row(dict[int, tuple[Move, ...]]):
    """The moves from one source: ``row[target][k]`` carries k cards to target. A target's
    moves are made on its first use: most pairs of piles never meet (made up front, every
    game's together came to 694,000 moves and 3.5 s before anyone's first deal)."""

    __slots__ = ("source", "top")

    def __init__(self, source: int, top: int) -> None:
        super().__init__()
        self.source = source
        self.top = top

    def __missing__(self, target: int) -> tuple[Move, ...]:
        made = tuple(Move(MoveKind.MOVE, self.source, target, k) for k in range(self.top + 1))
        self[target] = made
        return made


def _steps(source: int, kind: GroupKind, deck: DeckSpec) -> tuple[Step, ...]:
    """Interned moves from ``source``: ``steps[k][2][target][k]`` moves k cards to target."""
    # A run may be longer than the ranks are many where it wraps round from King to Ace
    # (Agnes Sorel's same-colour runs), so only a single card has a shorter bound.
    top = 1 if kind is GroupKind.ONE else deck.size
    row = Row(source, top)
    return tuple((source, k, row) for k in range(top + 1))
