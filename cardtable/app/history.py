"""Undo and redo over a whole game: one step per player action.

A step may hold several moves (the action plus the automatic moves it set off), so it
undoes as one. The first step may be the table's own, played at the deal (cards safe to
send home sent there, ``table_steps``): the game's position at the deal is after it, and
no undo goes behind it. Earlier states are kept, so undo is instant; states share structure. A
game read back from a save knows only its opening and its current position; the others
are worked out the first time they are asked for (``resumed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.cards import ALL_CARDS
from cardtable.solitaire import IllegalMove, Move, MoveKind, State, Variant, apply, canonical_key, legal_moves
from cardtable.solitaire.rules.stock import StockTarget

TURNS = (MoveKind.DEAL, MoveKind.REDEAL)
"""The moves that turn the stock or the waste over: the way through the talon."""


@dataclass(frozen=True, slots=True, eq=False)
class History:
    """States ``states[0..]`` joined by ``steps``; ``at`` is the current state's place.
    A state not worked out yet is None (see ``resumed``); ``state_at`` gives any of them.
    Histories compare by identity: comparing or hashing every state would cost a replay's
    worth of work, and caches keyed by a history mean this very one.

    >>> from cardtable.solitaire import get_variant, legal_moves, apply
    >>> start = History.begin(get_variant("klondike").start(3))
    >>> move = legal_moves(start.state)[0]
    >>> played = start.push((move,), apply(start.state, move))
    >>> played.undo().state == start.state, played.undo().redo().state == played.state
    (True, True)
    """

    states: tuple[State | None, ...]
    steps: tuple[tuple[Move, ...], ...]
    at: int = 0
    table_steps: int = 0
    """The steps the table played at the deal (its cards safe to send home sent there,
    ``with_table_step``): no undo takes them back, and none is a move of the player's."""

    @classmethod
    def begin(cls, state: State) -> History:
        """A history holding only the opening position."""
        return cls((state,), (), 0)

    @classmethod
    def resumed(
        cls, opening: State, steps: tuple[tuple[Move, ...], ...], at: int, current: State, table_steps: int = 0
    ) -> History:
        """A game read back from a save without replaying it: the opening and the current
        position are known, the others are worked out when first asked for."""
        states: list[State | None] = [None] * (len(steps) + 1)
        states[0], states[at] = opening, current
        return cls(tuple(states), steps, at, table_steps)

    def with_table_step(self, moves: Sequence[Move], state: State) -> History:
        """This opening with the table's own step at the deal: ``moves`` (cards sent home
        before the player's first move) leading to ``state``."""
        assert not self.steps, "the table's step at the deal comes first"
        return History(self.states + (state,), (tuple(moves),), 1, 1)

    @property
    def at_deal(self) -> bool:
        """Whether the position is the deal's: no move of the player's leads to it."""
        return self.at == self.table_steps

    @property
    def begun(self) -> bool:
        """Whether the player has made a move (even one undone since)."""
        return len(self.steps) > self.table_steps

    @property
    def state(self) -> State:
        """The current position."""
        return self.state_at(self.at)

    def state_at(self, at: int) -> State:
        """The position after ``at`` steps (replaying the game once if it was not known)."""
        found = self.states[at]
        if found is None:
            found = self._worked_out()[at]
        return found

    def reached(self) -> tuple[State, ...]:
        """Every position from the opening to the current one."""
        return tuple(self.state_at(n) for n in range(self.at + 1))

    def _worked_out(self) -> tuple[State, ...]:
        """Every state, replaying the steps from the opening where one is not known; kept,
        so the replay happens once. A step that no longer replays raises ValueError."""
        states: list[State] = []
        state = self.states[0]
        assert state is not None
        for n, known in enumerate(self.states):
            if n > 0:
                if known is None:
                    try:
                        for move in self.steps[n - 1]:
                            state = apply(state, move)
                    except IllegalMove as error:
                        raise ValueError(f"step {n} of the saved game no longer replays: {error}") from None
                else:
                    state = known
            states.append(state)
        filled = tuple(states)
        object.__setattr__(self, "states", filled)  # a cache: the history means the same
        return filled

    @property
    def can_undo(self) -> bool:
        """Whether there is a step to undo (the table's at the deal is none)."""
        return self.at > self.table_steps

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone step to redo."""
        return self.at < len(self.steps)

    def push(self, moves: Sequence[Move], state: State) -> History:
        """Record a new step; any undone steps are dropped."""
        return History(self.states[: self.at + 1] + (state,), self.steps[: self.at] + (tuple(moves),), self.at + 1, self.table_steps)

    def undo(self) -> History:
        """One step back (unchanged at the start)."""
        return History(self.states, self.steps, max(self.at - 1, self.table_steps), self.table_steps)

    def redo(self) -> History:
        """One step forward (unchanged at the end)."""
        return History(self.states, self.steps, min(self.at + 1, len(self.steps)), self.table_steps)

    def redo_all(self) -> History:
        """Forward to the last step."""
        return History(self.states, self.steps, len(self.steps), self.table_steps)

    def go_to(self, at: int) -> History:
        """Jump to step ``at`` (a bookmark; the deal's position is step ``table_steps``)."""
        if not self.table_steps <= at <= len(self.steps):
            raise IndexError(f"no step {at} in this game")
        return History(self.states, self.steps, at, self.table_steps)

    @property
    def move_count(self) -> int:
        """How many of the player's moves lead to the current position."""
        return sum(map(len, self.steps[self.table_steps : self.at]))

    def had_a_choice(self) -> bool:
        """Whether a position the player moved from offered more than one legal move:
        where none did (Clock's turns), no undo plays the game otherwise."""
        return any(len(legal_moves(self.state_at(n))) > 1 for n in range(self.at - 1, self.table_steps - 1, -1))

    @property
    def played(self) -> tuple[Move, ...]:
        """Every move that leads to the current position (the table's at the deal too)."""
        return tuple(m for step in self.steps[: self.at] for m in step)


Key = tuple[object, ...]
"""A position's canonical key (``canonical_key``)."""


def seen_key(state: State) -> Key:
    """The canonical key of a position as the player sees it: face-down cards all alike,
    so whether a move "leads back" never depends on cards nobody has seen; the redeals
    taken count only where they can change what follows."""
    blank = ALL_CARDS[0]
    piles = tuple((blank,) * down + pile[down:] for pile, down in zip(state.piles, state.hidden))
    return canonical_key(State(state.variant, piles, state.hidden, state.redeals), redeals=state.variant.stock.passes_count)


def talon_turns(variant: Variant) -> bool:
    """Whether the stock turns onto a waste for ever (no limit on passes) and no card
    ever goes back to either: then where the turning stands changes nothing a player
    can't undo by turning, and cards leave the talon in one order."""
    t, stock = variant.tables, variant.stock
    if t.stock is None or t.waste is None or stock.target is not StockTarget.WASTE or stock.passes is not None:
        return False
    talon = (variant.piles[t.stock], variant.piles[t.waste])
    fills_from_talon = variant.refill_from is not None and variant.refill_from in (talon[0].id, talon[1].id)
    return (variant.pairs is None and not stock.mixes and not fills_from_talon
            and all(pile.build is None and pile.empty.takes_nothing for pile in talon))


def turned_key(state: State) -> Key:
    """``seen_key``, but where the talon turns for ever (``talon_turns``), blind to how
    far it has turned: along one game's line the talon only loses cards, so two
    positions with as many cards left in it hold the same cards in the same order. A
    move back to such a position, a pass through the stock later, gains nothing (a Queen
    moved across and back, a card taken down off its foundation and sent home again)."""
    t = state.variant.tables
    if t.stock is None or t.waste is None or not talon_turns(state.variant):
        return seen_key(state)
    piles, hidden = list(state.piles), list(state.hidden)
    left = len(piles[t.stock]) + len(piles[t.waste])
    piles[t.stock], hidden[t.stock] = (), 0
    piles[t.waste], hidden[t.waste] = (ALL_CARDS[0],) * left, left
    return seen_key(State(state.variant, tuple(piles), tuple(hidden), state.redeals))


class LineKeys:
    """The key (``seen_key``, or another such) of every position of a history's line, as
    a hint asks whether a move leads back. Kept for the line last asked about, so asked
    after each move it keys only the new position, not the whole game again (a pure
    cache: the sessions copied from one another may share it, on any thread)."""

    __slots__ = ("_last", "_key")

    def __init__(self, key: Callable[[State], Key] | None = None) -> None:
        self._last: tuple[History | None, tuple[State, ...], tuple[Key, ...], frozenset[Key]] = (None, (), (), frozenset())
        self._key = key or seen_key

    def of(self, history: History) -> frozenset[Key]:
        """The keys of the positions from ``history``'s opening to its current one."""
        asked, known, keys, found = self._last  # (one tuple, so another thread never sees half of it)
        if asked is history:
            return found
        states = history.reached()
        same = 0  # (the positions this line shares with the last one asked about)
        while same < min(len(known), len(states)) and known[same] is states[same]:
            same += 1
        keys = keys[:same] + tuple(self._key(s) for s in states[same:])
        found = frozenset(keys)
        self._last = (history, states, keys, found)
        return found


class LineReached:
    """Whether a move comes back to a position of a history's line, as a hint asks (the
    keys of the line kept by ``LineKeys``, shared with a session's copies)."""

    __slots__ = ("_dead", "_exact", "_turned")

    def __init__(self) -> None:
        self._exact = LineKeys()
        self._turned = LineKeys(turned_key)
        self._dead: set[Key] = set()

    def dead_end(self, state: State) -> None:
        """Know ``state`` for a dead end of this game, where no move leads anywhere
        (``Session.is_stuck``, whatever the line to it): a move to it leads back from then
        on, so that a hint asked after undoing out of it takes another way. (A position
        where every move leads back is no dead end: that depends on the line to it.)"""
        self._dead.add(seen_key(state))

    def again(self, history: History, move: Move, after: State, landed: State) -> bool:
        """Whether ``move``, played to ``after`` (``landed``: once auto-build has sent
        its cards home, where it does), comes back to a position of ``history``'s line.
        A turn of the stock is the way through the talon, judged by the exact position:
        only a whole pass that played nothing leads back. Any other move is judged by
        the table it lands on, wherever the talon's turning stands (``turned_key``).
        A dead end met before in this game (``dead_end``) is reached already too."""
        if self._dead and (seen_key(landed) in self._dead or after is not landed and seen_key(after) in self._dead):
            return True
        if move.kind in TURNS:
            exact = self._exact.of(history)
            return seen_key(after) in exact or seen_key(landed) in exact
        return turned_key(landed) in self._turned.of(history)

    def cornered(self, history: History, move: Move, land: Callable[[State, Move], tuple[State, State]]) -> bool:
        """Whether ``move`` turns the waste over onto a table where every move comes back
        to a position of the line it extends (``land``: a move's position, and where it
        lands once auto-build has sent its cards home): the turn into the next pass after
        a pass that played nothing. Only a redeal that does not mix is judged (the waste
        turned over, Cruel's piles gathered and dealt again): the cards it brings back are
        all ones the player has seen, in an order they know."""
        if move.kind is not MoveKind.REDEAL or history.state.variant.stock.mixes:
            return False
        landed = land(history.state, move)[1]
        ahead = history.push((move,), landed)
        moves = legal_moves(landed)
        return bool(moves) and all(self.again(ahead, m, *land(landed, m)) for m in moves)
