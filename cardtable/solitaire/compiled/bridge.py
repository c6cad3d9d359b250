"""Between the engine's values and the compiled arrays: positions and moves both ways."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cardtable.cards import ALL_CARDS
from cardtable.solitaire.compiled import kernel, shared
from cardtable.solitaire.compiled.program import Program, program_of
from cardtable.solitaire.model import Move, MoveKind, State
from cardtable.solitaire.variant import Variant

_KINDS = (MoveKind.MOVE, MoveKind.DEAL, MoveKind.REDEAL, MoveKind.PAIR)
_CODES = {kind: n for n, kind in enumerate(_KINDS)}


@dataclass(slots=True)
class Position:
    """A position as the kernel's arrays (mutable: the kernel plays moves in place)."""

    program: Program
    cards: npt.NDArray[np.uint8]
    lens: npt.NDArray[np.int64]
    hid: npt.NDArray[np.int64]
    extra: npt.NDArray[np.int64]

    def copy(self) -> Position:
        """An independent copy."""
        return Position(self.program, self.cards.copy(), self.lens.copy(), self.hid.copy(), self.extra.copy())


def to_arrays(state: State) -> Position:
    """The kernel's form of ``state``.

    >>> from cardtable.solitaire.registry import get_variant
    >>> start = get_variant("freecell").start(1)
    >>> from_arrays(to_arrays(start)) == start
    True
    """
    program = program_of(state.variant)
    cards = np.zeros((program.piles, program.capacity), dtype=np.uint8)
    for i, pile in enumerate(state.piles):
        cards[i, : len(pile)] = [c.index for c in pile]
    lens = np.array([len(p) for p in state.piles], dtype=np.int64)
    hid = np.array(state.hidden, dtype=np.int64)
    return Position(program, cards, lens, hid, np.array([state.redeals], dtype=np.int64))


def from_arrays(position: Position) -> State:
    """The engine's State for the kernel's arrays."""
    piles = tuple(
        tuple(ALL_CARDS[int(c)] for c in position.cards[i, : int(n)]) for i, n in enumerate(position.lens)
    )
    variant = position.program.variant
    return State(variant, piles, tuple(int(h) for h in position.hid), int(position.extra[0]))


def to_code(move: Move) -> int:
    """The kernel's int for a move."""
    source = 0 if move.source is None else move.source
    target = shared.NO_PILE if move.target is None else move.target
    if move.kind in (MoveKind.DEAL, MoveKind.REDEAL):
        return int(shared.code(_CODES[move.kind], 0, 0, 0))
    count = 0 if move.kind is MoveKind.PAIR else move.count
    return int(shared.code(_CODES[move.kind], source, target, count))


def to_move(variant: Variant, code: int) -> Move:
    """The engine's (interned) Move for a kernel int."""
    kind = _KINDS[code >> 24]
    source, target, count = (code >> 16) & 255, (code >> 8) & 255, code & 255
    if kind is MoveKind.MOVE:
        return variant.tables.transfer(source, target, count)
    if kind is MoveKind.PAIR:
        return variant.tables.pair(source, None if target == shared.NO_PILE else target)
    return Move(kind)


def compiled_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of ``state`` as the compiled generator finds them."""
    position = to_arrays(state)
    out = np.empty(shared.MAX_MOVES, dtype=np.int64)
    count = kernel.generate(position.program.rules, position.cards, position.lens, position.hid, position.extra, out)
    return tuple(to_move(state.variant, int(c)) for c in out[:count])


def compiled_apply(state: State, move: Move) -> State:
    """The position after a legal ``move``, worked out by the compiled ``play``."""
    position = to_arrays(state)
    kernel.play(position.program.rules, position.cards, position.lens, position.hid, position.extra, to_code(move))
    return from_arrays(position)
