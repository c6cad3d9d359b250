"""``check``: whether a move is legal and, if not, why, in words a player understands.

Each kind of move is judged by the atom that owns it (transfers by the pile atoms in
``rules/transfer.py``, deals and redeals by the stock policy, pairs by the pair rule);
this module only dispatches. The conformance tests hold ``check`` and ``legal_moves``
to exactly the same set of moves.
"""

from __future__ import annotations

from cardtable.solitaire.model import Move, MoveKind, State, Verdict
from cardtable.solitaire.rules.goal import is_won
from cardtable.solitaire.rules.pairs import check_pair
from cardtable.solitaire.rules.stock import check_deal, check_redeal
from cardtable.solitaire.rules.transfer import check_transfer


WON_ALREADY = "the game is won: nothing is left to play"
"""Why no move is legal once the goal is reached (Tri-Peaks and Golf are won with cards
left in the stock, Forty Thieves with cards that could come off their foundations)."""


class IllegalMove(ValueError):
    """Raised by ``apply`` for a move that ``check`` rejects; the message says why."""


def check(state: State, move: Move) -> Verdict:
    """Judge ``move`` in ``state``.

    >>> from cardtable.solitaire.registry import get_variant
    >>> state = get_variant("freecell").start(1)
    >>> check(state, Move(MoveKind.DEAL)).reason
    'FreeCell has no stock to deal from'
    """
    if is_won(state):
        return Verdict(False, WON_ALREADY)
    if move.kind is MoveKind.MOVE:
        return check_transfer(state, move)
    if move.kind is MoveKind.DEAL:
        return check_deal(state)
    if move.kind is MoveKind.REDEAL:
        return check_redeal(state)
    return check_pair(state, move)
