"""The engine: a small interpreter over a variant's rule atoms.

It restates no rule: legal moves come from the atoms' generators (which read the tables
compiled from the atoms), a move's effect from the atom that owns that kind of move, and
verdicts from ``check`` (in ``cardtable.solitaire.checks``). What is left here is the
game as a whole: which generators a variant uses, and which positions are the same for
search (interchangeable piles, ``canonical_key``).
"""

from __future__ import annotations

from operator import attrgetter

from cardtable.solitaire.checks import IllegalMove, check
from cardtable.solitaire.model import Move, MoveKind, State
from cardtable.solitaire.rules.discard import discard_moves
from cardtable.solitaire.rules.goal import is_won
from cardtable.solitaire.rules.groups import movable_count, supermove_limits
from cardtable.solitaire.rules.pairs import discard, exposed_piles, pair_moves
from cardtable.solitaire.rules.stock import can_deal, can_redeal, deal, redeal, stock_moves
from cardtable.solitaire.rules.transfer import move_cards, transfer_moves

__all__ = [
    "apply", "can_deal", "can_redeal", "canonical_key", "check", "exposed_piles", "interchangeable",
    "is_won", "legal_moves", "movable_count", "supermove_limits",
]

_INDEX = attrgetter("index")


_LAST: tuple[State | None, tuple[Move, ...]] = (None, ())
"""The last position asked and its moves: one position is often asked several times in a
row (the moves home after a move, the stuck check, a drag's targets), and states are values."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in a stable order."""
    global _LAST
    last = _LAST  # one read: another thread may replace it meanwhile
    if last[0] is state:
        return last[1]
    moves = _generate(state)
    _LAST = (state, moves)
    return moves


def _generate(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, worked out: none once the game is won."""
    if is_won(state):
        return ()
    out: list[Move] = []
    variant = state.variant
    if variant.tables.sources:
        transfer_moves(state, out)
    if variant.discard is not None:
        discard_moves(state, out)
    stock_moves(state, out)
    if variant.pairs is not None:
        pair_moves(state, out)
    return tuple(out)


def apply(state: State, move: Move, *, trusted: bool = False) -> State:
    """The state after ``move``. Unless ``trusted``, an illegal move raises IllegalMove."""
    if not trusted:
        verdict = check(state, move)
        if not verdict.ok:
            raise IllegalMove(verdict.reason)
    piles = list(state.piles)
    hidden = list(state.hidden)
    redeals = state.redeals
    kind = move.kind
    if kind is MoveKind.MOVE:
        move_cards(state, move, piles, hidden)
    elif kind is MoveKind.DEAL:
        deal(state, piles, hidden)
    elif kind is MoveKind.REDEAL:
        redeal(state, piles, hidden)
        redeals += 1
    else:
        discard(state, move, piles, hidden)
    return State(state.variant, tuple(piles), tuple(hidden), redeals)


def interchangeable(state: State) -> tuple[tuple[int, ...], ...]:
    """Groups of piles whose contents may be swapped without changing the game now."""
    t = state.variant.tables
    if t.stock is not None and state.piles[t.stock] and t.symmetric_while_dealing is not t.symmetric:
        return t.symmetric_while_dealing
    return t.symmetric


def canonical_key(state: State, redeals: bool = True) -> tuple[object, ...]:
    """A key equal for positions that differ only by swapping interchangeable piles, or
    in the order of the cards under the top of a pile they never leave (``Tables.sinks``:
    Golf's waste, a FreeCell foundation), and, with ``redeals`` False, only by the count
    of redeals taken.

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
    sinks = t.sinks

    def code(i: int) -> bytes:
        cards = piles[i]
        if i in sinks:  # only the top card and the count matter (Tables.sinks)
            return bytes((hidden[i], 255, len(cards), cards[-1].index if cards else 255))
        return bytes((hidden[i], *map(_INDEX, cards)))

    folded = tuple(tuple(sorted(code(i) for i in g)) for g in groups)
    return (tuple(code(i) for i in fixed), folded, state.redeals if redeals else 0)
