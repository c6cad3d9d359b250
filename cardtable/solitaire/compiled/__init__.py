"""The engine's rules compiled for search: arrays read off the atoms' tables, and a
numba move generator and ``apply`` beside the Python reference (held equal by tests)."""

from cardtable.solitaire.compiled.bridge import (
    Position,
    compiled_apply,
    compiled_moves,
    from_arrays,
    to_arrays,
    to_code,
    to_move,
)
from cardtable.solitaire.compiled.program import Program, program_of

__all__ = [
    "Position", "Program", "compiled_apply", "compiled_moves", "from_arrays", "program_of",
    "to_arrays", "to_code", "to_move",
]
