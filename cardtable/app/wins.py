"""Wins found, shared: a win any search found from a position ("still winnable?", a
hint, "show me"), or a deal's shipped win, answers the others from that position and
from every position along it, so that once one of them has found a way through, none
says there is none. Positions proved lost are kept too, so that a hint does not say a
short search found no win where the indicator proved there is none.

A win is kept by the whole position, face-down cards included: a hint uses one only
where the player knows every face-down card (``guide``), as it would use its own search.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from threading import Lock

from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, State, Variant, apply, check, is_won
from cardtable.solitaire.formats import FormatError, ReplayError, parse_move, replay_steps

REMEMBERED = 20_000
"""Positions the wins are kept for at most, the least recently used dropped first."""


class Wins:
    """The moves left to a win from positions some search has won from."""

    def __init__(self, most: int = REMEMBERED) -> None:
        self.most = most
        self._left: OrderedDict[State, tuple[tuple[Move, ...], int]] = OrderedDict()
        """For each position, a win through it and how many of its moves lead there (the
        whole win kept once, not its tail once per position)."""
        self._lost: OrderedDict[State, None] = OrderedDict()
        """Positions some search proved lost."""
        self._lock = Lock()

    def learn_lost(self, state: State) -> None:
        """Keep ``state`` as proved lost (every line of play from it followed to its end)."""
        with self._lock:
            self._lost[state] = None
            self._lost.move_to_end(state)
            while len(self._lost) > self.most:
                self._lost.popitem(last=False)

    def proved_lost(self, state: State) -> bool:
        """Whether some search proved ``state`` lost."""
        with self._lock:
            return state in self._lost

    def learn(self, state: State, moves: tuple[Move, ...]) -> None:
        """Keep ``moves``, a win from ``state`` (already checked by the engine), for
        ``state`` and each position along it."""
        along = []
        for move in moves:  # worked out before the lock: a reader waits only for the keeping
            along.append(state)
            state = apply(state, move, trusted=True)
        with self._lock:
            for at, position in enumerate(along):
                self._left[position] = (moves, at)
                self._left.move_to_end(position)
            while len(self._left) > self.most:
                self._left.popitem(last=False)

    def clear(self) -> None:
        """Forget every win, and every position proved lost."""
        with self._lock:
            self._left.clear()
            self._lost.clear()

    def win_from(self, state: State) -> tuple[Move, ...] | None:
        """A win known from ``state``, or None."""
        with self._lock:
            found = self._left.get(state)
            if found is None:
                return None
            self._left.move_to_end(state)
        moves, at = found
        return moves[at:]


WINS = Wins()
"""This process's wins: the indicator, the hints and "show me" all read and add to it."""


def rebased(start: State, win: Sequence[Move], played: Sequence[Move]) -> tuple[Move, ...] | None:
    """``win`` (from ``start``) played on from where ``played`` leads, ``played`` being
    cards sent home that ``win`` sends home too (the table's step at the deal): the
    moves sending those very cards home left out (each followed through ``win`` by its
    place, so the other copy of a card in a game of two decks is not taken for it), and
    each card ``win`` moves to or from a foundation moved to or from the foundation that
    holds its suit there. None where that does not replay to a win."""
    foundations = start.variant.tables.foundation_set
    state = line = start
    sent: list[tuple[int, int]] = []  # where each card the table sent home lies along ``win``
    for move in played:
        assert move.source is not None
        sent.append((move.source, len(state.piles[move.source]) - 1))
        state = apply(state, move)
    kept: list[Move] = []
    for move in win:
        card = line.piles[move.source][-1] if move.source is not None and line.piles[move.source] else None
        if move.kind is MoveKind.MOVE and move.source is not None and move.target is not None:
            sent, its_own = _followed(sent, line, move)
            line = apply(line, move)
            if its_own:
                continue
        else:
            line = apply(line, move)
        if move.source in foundations or move.target in foundations:
            move = _where_it_is(state, move, card, foundations)
        if not check(state, move).ok:
            return None
        state = apply(state, move)
        kept.append(move)
    return tuple(kept) if is_won(state) else None


def _followed(sent: list[tuple[int, int]], line: State, move: Move) -> tuple[list[tuple[int, int]], bool]:
    """The places of the cards the table sent home after ``move`` (a MOVE) along the win's
    ``line``, and whether ``move`` sends one of them home (it is the table's then)."""
    assert move.source is not None and move.target is not None
    low = len(line.piles[move.source]) - move.count
    if move.count == 1 and move.target in line.variant.tables.foundation_set and (move.source, low) in sent:
        return [place for place in sent if place != (move.source, low)], True
    above = len(line.piles[move.target])
    return [(move.target, above + at - low) if pile == move.source and at >= low else (pile, at) for pile, at in sent], False


def _where_it_is(state: State, move: Move, card: Card | None, foundations: frozenset[int]) -> Move:
    """``move`` to or from the foundation of ``state`` that takes or holds ``card``, where
    that is not the one it names (unchanged if none does)."""
    if move.source in foundations:
        holding = [f for f in foundations if state.piles[f] and state.piles[f][-1] == card]
        return replace(move, source=holding[0]) if holding and move.source not in holding else move
    taking = [f for f in sorted(foundations) if check(state, replace(move, target=f)).ok]
    return replace(move, target=taking[0]) if taking and move.target not in taking else move


def shipped_win(variant: Variant, deal: int, played: Sequence[Move] = ()) -> tuple[Move, ...] | None:
    """The shipped win of ``deal`` (``deals.shipped``): ``deal_win`` of its text."""
    from cardtable.app.deals import shipped  # (deals reaches the hints, which read the wins)

    return deal_win(variant, deal, shipped().get(variant.id, {}).get(deal), played)


def deal_win(variant: Variant, deal: int, text: str | None, played: Sequence[Move] = ()) -> tuple[Move, ...] | None:
    """A win of ``deal`` written in the move notation (a shipped one, or one the solver
    stored), checked by replaying it through the engine from the deal's start; None if
    there is none or it does not replay to a win. With ``played`` (the table's step at
    the deal) the win from where it leads (``rebased``). A caller that uses it keeps it
    (``WINS.learn``) for the positions along it."""
    if not text:
        return None
    try:
        moves = tuple(parse_move(variant, word) for word in text.split())
        *_, end = replay_steps(start := variant.start(deal), moves)
    except (FormatError, ReplayError, ValueError, LookupError):
        return None
    if not is_won(end):
        return None
    return rebased(start, moves, played) if played else moves
