"""Whole games as JSON (variant, deal number, move list) and replaying them.

``replay_steps`` is the one replay: the CLI's ``replay``, loading a saved game (and so
resuming one, in the terminal or on the web) and ``replay`` all play moves through it.

>>> from cardtable.solitaire import get_variant
>>> text = game_to_json(get_variant("klondike"), 7, [])
>>> variant, deal, moves = game_from_json(text)
>>> variant.id, deal, moves
('klondike', 7, [])
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from cardtable.solitaire.checks import check
from cardtable.solitaire.engine import apply
from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.formats.moves import format_move, parse_move, parse_moves
from cardtable.solitaire.model import Move, State
from cardtable.solitaire.registry import UnknownGame, get_variant
from cardtable.solitaire.variant import Variant

FORMAT = "cardtable-game"
VERSION = 1


@dataclass(frozen=True, slots=True)
class ReplayError(Exception):
    """A move of a replayed game that is not legal where it is played."""

    number: int
    """1-based position of the move in the list."""
    move: str
    reason: str

    def __str__(self) -> str:
        return f"move {self.number} ({self.move}): {self.reason}"


def game_to_json(variant: Variant, deal: int, moves: Sequence[Move]) -> str:
    """The game as one JSON object; moves in the project's move notation."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "game": variant.id,
            "deal": deal,
            "moves": [format_move(variant, m) for m in moves],
        }
    )


def game_from_json(text: str) -> tuple[Variant, int, list[Move]]:
    """Read a game written by ``game_to_json``; its moves are read, not yet checked."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(f"not a saved game: not valid JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise FormatError("not a saved game: its JSON is nested too deeply") from None
    except ValueError:  # json.loads refuses integers of thousands of digits
        raise FormatError("not a saved game: it holds a number too long to read") from None
    if not isinstance(data, dict):
        raise FormatError("not a saved game: expected a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise FormatError(f"not a saved game: format {data.get('format')!r}")
    if not isinstance(data.get("version", VERSION), int) or data.get("version", VERSION) > VERSION:
        raise FormatError(f"saved by a newer version of cardtable (format version {data.get('version')})")
    game, deal, moves = data.get("game"), data.get("deal"), data.get("moves", [])
    if not isinstance(game, str):
        raise FormatError("the saved game does not name its game")
    if not isinstance(deal, int) or isinstance(deal, bool):
        raise FormatError("the saved game's deal must be a whole number")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise FormatError("the saved game's moves must be a list of move texts")
    try:
        variant = get_variant(game)
    except UnknownGame as error:
        raise FormatError(str(error)) from None
    refused = variant.deal.refusal(deal, variant.name)
    if refused:
        raise FormatError(refused)
    return variant, deal, [parse_move(variant, m) for m in moves]


def replay_steps(state: State, moves: Iterable[Move]) -> Iterator[State]:
    """Play ``moves`` from ``state``, one at a time, giving the position after each; the
    first illegal one raises ReplayError (numbered from 1). ``moves`` is read lazily, so
    a notation that needs the position to read a move can read each one in turn.

    >>> from cardtable.solitaire import get_variant
    >>> start = get_variant("klondike").start(7)
    >>> [after.redeals for after in replay_steps(start, parse_moves(start.variant, "deal deal"))]
    [0, 0]
    """
    variant = state.variant
    for number, move in enumerate(moves, start=1):
        verdict = check(state, move)
        if not verdict.ok:
            raise ReplayError(number, format_move(variant, move), verdict.reason)
        state = apply(state, move, trusted=True)
        yield state


def replay(variant: Variant, deal: int, moves: Sequence[Move]) -> State:
    """Deal and play ``moves``; the first illegal one raises ReplayError."""
    state = variant.start(deal)
    for state in replay_steps(state, moves):
        pass
    return state
