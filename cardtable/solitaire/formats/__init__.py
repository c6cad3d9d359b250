"""Text forms: move notation, positions, whole games, FreeCell interchange, pictures."""

from cardtable.solitaire.formats.errors import FormatError
from cardtable.solitaire.formats.freecell import (
    board_unwritable,
    format_freecell_move,
    format_freecell_solution,
    freecell_board_from_fcs,
    freecell_board_to_fcs,
    freecell_words,
    is_extended,
    looks_like_freecell,
    parse_freecell_move,
    parse_freecell_solution,
    readable_freecell_words,
    require_freecell_like,
    uses_freecell_notation,
)
from cardtable.solitaire.formats.games import ReplayError, game_from_json, game_to_json, replay, replay_steps
from cardtable.solitaire.formats.moves import format_move, move_words, parse_move, parse_moves, pile_name
from cardtable.solitaire.formats.picture import render_state
from cardtable.solitaire.formats.text import format_state, parse_state

__all__ = [
    "FormatError", "ReplayError", "board_unwritable", "format_freecell_move", "format_freecell_solution", "format_move",
    "format_state", "freecell_board_from_fcs", "freecell_board_to_fcs", "freecell_words",
    "game_from_json", "game_to_json", "is_extended", "looks_like_freecell", "move_words", "parse_freecell_move",
    "parse_freecell_solution", "parse_move", "parse_moves", "parse_state", "pile_name",
    "readable_freecell_words", "render_state", "replay", "replay_steps", "require_freecell_like",
    "uses_freecell_notation",
]
