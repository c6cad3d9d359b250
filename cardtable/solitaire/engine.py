"""The engine: generate legal moves, apply moves, tell a won game, key states for search.

Generation reads the tables compiled from a variant's atoms; ``check`` (in
``cardtable.solitaire.checks``) reads the atoms themselves to explain a verdict. The
conformance tests hold the two to exactly the same set of moves.
"""

from __future__ import annotations

from operator import attrgetter

from cardtable.cards import Card
from cardtable.solitaire.model import Move, MoveKind, State
from cardtable.solitaire.rules.groups import GroupKind, supermove_limit
from cardtable.solitaire.rules.stock import StockTarget
from cardtable.solitaire.tables import ANY_CARD
from cardtable.solitaire.variant import Goal, Variant

_ONE = GroupKind.ONE
_RUN_KINDS = (GroupKind.RUN, GroupKind.SUPERMOVE)
_SUPERMOVE = GroupKind.SUPERMOVE
_INDEX = attrgetter("index")
_WHOLE = GroupKind.WHOLE


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in a stable order."""
    out: list[Move] = []
    variant = state.variant
    if variant.tables.sources:
        _transfers(state, out)
    _stock_moves(state, out)
    if variant.pairs is not None:
        _pairs(state, out)
    return tuple(out)


def movable_count(state: State, pile: int) -> int:
    """How many cards could be lifted off ``pile`` together, ignoring any target."""
    t = state.variant.tables
    cards = state.piles[pile]
    n = len(cards)
    up = n - state.hidden[pile]
    kind = t.group[pile]
    if kind is None or up <= 0 or any(state.piles[c] for c in t.covered[pile]):
        return 0
    if kind is _ONE:
        return 1
    if kind in _RUN_KINDS:
        order = t.run[pile]
        assert order is not None
        k = 1
        while k < up and cards[n - k].index in order[cards[n - k - 1].index]:
            k += 1
        return k
    return up


def supermove_limits(state: State) -> tuple[int, int]:
    """The longest supermove now, to an occupied and to an empty column."""
    t = state.variant.tables
    piles = state.piles
    free = [piles[c] for c in t.cells].count(())
    columns = [piles[c] for c in t.open_columns].count(())
    return supermove_limit(free, columns, False), supermove_limit(free, columns, True)


def _transfers(state: State, out: list[Move]) -> None:
    # The hot path of every playout and search: kept flat, with table lookups only.
    t = state.variant.tables
    piles = state.piles
    hidden = state.hidden
    candidates: dict[int, list[tuple[int, int, tuple[tuple[Move, ...], ...]]]] = {}
    get = candidates.get
    if t.supermove_sources:
        free = [piles[c] for c in t.cells].count(())
        columns = [piles[c] for c in t.open_columns].count(())
        limit_on = (free + 1) << columns
        limit_empty = (free + 1) << (columns - 1) if columns else free + 1
    else:
        limit_on = limit_empty = 0
    for i, kind, order, cover, steps in t.givers:
        cards = piles[i]
        n = len(cards)
        up = n - hidden[i]
        if up <= 0 or (cover and any(piles[c] for c in cover)):
            continue
        if kind is _ONE or up == 1:
            c = cards[-1].index
            found = get(c)
            if found is None:
                candidates[c] = [steps[1]]
            else:
                found.append(steps[1])
            continue
        if order is not None:
            if kind is _SUPERMOVE and up > limit_on:
                up = limit_on
            most = 1
            below = cards[-1].index
            while most < up:
                above = below
                below = cards[n - most - 1].index
                if above not in order[below]:
                    break
                most += 1
        else:
            most = up
        for k in range(most if kind is _WHOLE else 1, most + 1):
            c = cards[n - k].index
            found = get(c)
            if found is None:
                candidates[c] = [steps[k]]
            else:
                found.append(steps[k])
    if not candidates:
        return
    foundations = t.foundation_set
    super_sources = t.supermove_sources
    for j, table, empty, cap, one_in, cover, to_foundation in t.receivers:
        cards = piles[j]
        held = len(cards)
        if cover and any(piles[c] for c in cover):
            continue
        if held:
            if table is None or hidden[j] >= held or (cap is not None and held >= cap):
                continue
            for c in table[cards[-1].index]:
                found = get(c)
                if found is None:
                    continue
                for i, k, row in found:  # same filter as below, for an occupied target
                    if k > 1 and (one_in or (cap is not None and held + k > cap) or (k > limit_on and i in super_sources)):
                        continue
                    if i == j or (to_foundation and i in foundations):
                        continue
                    out.append(row[j][k])
        else:
            for c, found in candidates.items():
                if empty is not ANY_CARD and c not in empty:
                    continue
                for i, k, row in found:
                    if k > 1 and (one_in or (cap is not None and k > cap) or (k > limit_empty and i in super_sources)):
                        continue
                    if i == j or (to_foundation and i in foundations):
                        continue
                    out.append(row[j][k])


def can_deal(state: State) -> bool:
    """Whether dealing from the stock is legal now."""
    variant = state.variant
    t = variant.tables
    policy = variant.stock
    if policy.target is StockTarget.NONE or t.stock is None or not state.piles[t.stock]:
        return False
    return not (policy.needs_every_pile_filled and not all(state.piles[i] for i in t.tableau))


def can_redeal(state: State) -> bool:
    """Whether turning the waste back into the stock is legal now."""
    variant = state.variant
    t = variant.tables
    if variant.stock.target is not StockTarget.WASTE or t.stock is None or t.waste is None:
        return False
    allowed = variant.stock.redeals_allowed
    return (
        not state.piles[t.stock]
        and bool(state.piles[t.waste])
        and (allowed is None or state.redeals < allowed)
    )


_DEAL = Move(MoveKind.DEAL)
_REDEAL = Move(MoveKind.REDEAL)


def _stock_moves(state: State, out: list[Move]) -> None:
    if can_deal(state):
        out.append(_DEAL)
    elif can_redeal(state):
        out.append(_REDEAL)


def exposed_piles(state: State) -> list[int]:
    """Piles whose top card is free to pair: face up and covered by nothing."""
    t = state.variant.tables
    piles = state.piles
    hidden = state.hidden
    covered = t.covered
    out = []
    for i in t.exposable:  # a plain loop: Pyramid asks this for every move
        cards = piles[i]
        if cards and hidden[i] < len(cards):
            for c in covered[i]:
                if piles[c]:
                    break
            else:
                out.append(i)
    return out


def _pairs(state: State, out: list[Move]) -> None:
    rule = state.variant.pairs
    assert rule is not None
    t = state.variant.tables
    piles = state.piles
    exposed = exposed_piles(state)
    for n, i in enumerate(exposed):
        top = piles[i][-1]
        if rule.is_single(top):
            out.append(t.pair(i, None))
        for j in exposed[n + 1 :]:
            if rule.matches(top, piles[j][-1]):
                out.append(t.pair(i, j))


def apply(state: State, move: Move, *, trusted: bool = False) -> State:
    """The state after ``move``. Unless ``trusted``, an illegal move raises IllegalMove."""
    if not trusted:
        from cardtable.solitaire.checks import IllegalMove, check

        verdict = check(state, move)
        if not verdict.ok:
            raise IllegalMove(verdict.reason)
    piles = list(state.piles)
    hidden = list(state.hidden)
    variant = state.variant
    t = variant.tables
    redeals = state.redeals
    kind = move.kind
    if kind is MoveKind.MOVE:
        i, j, k = move.source, move.target, move.count
        assert i is not None and j is not None
        cards = piles[i]
        piles[i] = cards[:-k]
        piles[j] = piles[j] + cards[-k:]
        _settle(variant, piles, hidden, i)
        if t.clear_run is not None:
            _clear_run(variant, piles, hidden, j)
    elif kind is MoveKind.DEAL:
        _deal(variant, piles, hidden)
    elif kind is MoveKind.REDEAL:
        assert t.stock is not None and t.waste is not None
        piles[t.stock] = piles[t.waste][::-1]
        piles[t.waste] = ()
        hidden[t.stock] = len(piles[t.stock])
        redeals += 1
    else:
        assert move.source is not None
        sources = [move.source] if move.target is None else [move.source, move.target]
        discard = t.foundations[0]
        for i in sources:
            piles[discard] = piles[discard] + piles[i][-1:]
            piles[i] = piles[i][:-1]
            _settle(variant, piles, hidden, i)
    return State(variant, tuple(piles), tuple(hidden), redeals)


def _settle(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int], i: int) -> None:
    """Keep hidden counts in range; turn up a revealed card where the game says so."""
    n = len(piles[i])
    if hidden[i] >= n:
        hidden[i] = n
        if n and variant.flip_revealed and i != variant.tables.stock:
            hidden[i] = n - 1


def _clear_run(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int], j: int) -> None:
    """Send a complete run (King to Ace, in the game's order) to an empty foundation."""
    t = variant.tables
    order = t.clear_run
    assert order is not None
    length = len(variant.deck.ranks)
    cards = piles[j]
    n = len(cards)
    if n - hidden[j] < length:
        return
    for k in range(1, length):
        if cards[n - k].index not in order[cards[n - k - 1].index]:
            return
    for f in t.foundations:
        if not piles[f]:
            piles[f] = cards[n - length :]
            piles[j] = cards[: n - length]
            _settle(variant, piles, hidden, j)
            return


def _deal(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    t = variant.tables
    policy = variant.stock
    s = t.stock
    assert s is not None
    stock = piles[s]
    if policy.target is StockTarget.WASTE:
        assert t.waste is not None
        k = min(policy.count, len(stock))
        piles[t.waste] = piles[t.waste] + stock[-k:][::-1]
        piles[s] = stock[:-k]
    else:
        k = min(len(t.tableau), len(stock))
        dealt = stock[-k:][::-1]
        piles[s] = stock[:-k]
        for j, card in zip(t.tableau, dealt):
            piles[j] = piles[j] + (card,)
        if t.clear_run is not None:
            for j in t.tableau[:k]:
                _clear_run(variant, piles, hidden, j)
    hidden[s] = len(piles[s])


def is_won(state: State) -> bool:
    """Whether the game's goal is reached."""
    variant = state.variant
    t = variant.tables
    if variant.goal is Goal.TABLEAU_CLEARED:
        return not any(state.piles[i] for i in t.tableau)
    return sum(len(state.piles[f]) for f in t.foundations) == variant.deck.size


def interchangeable(state: State) -> tuple[tuple[int, ...], ...]:
    """Groups of piles whose contents may be swapped without changing the game now."""
    t = state.variant.tables
    if t.stock is not None and state.piles[t.stock] and t.symmetric_while_dealing is not t.symmetric:
        return t.symmetric_while_dealing
    return t.symmetric


def canonical_key(state: State, redeals: bool = True) -> tuple[object, ...]:
    """A key equal for positions that differ only by swapping interchangeable piles
    (and, with ``redeals`` False, only by the count of redeals taken).

    >>> from cardtable.solitaire.registry import get_variant
    >>> start = get_variant("klondike").start(1)
    >>> swapped = State(start.variant, start.piles[:6] + start.piles[7:8] + start.piles[6:7] + start.piles[8:],
    ...                 start.hidden[:6] + start.hidden[7:8] + start.hidden[6:7] + start.hidden[8:])
    >>> swapped == start, canonical_key(swapped) == canonical_key(start)
    (False, True)
    """
    t = state.variant.tables
    piles = state.piles
    hidden = state.hidden
    groups = interchangeable(state)
    fixed = t.fixed if groups is t.symmetric else t.fixed_while_dealing

    def code(i: int) -> bytes:
        return bytes((hidden[i], *map(_INDEX, piles[i])))

    folded = tuple(tuple(sorted(code(i) for i in g)) for g in groups)
    return (tuple(code(i) for i in fixed), folded, state.redeals if redeals else 0)
