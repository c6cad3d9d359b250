""""Show me": the solver's win from the current position, to be played back step by step.

The playback is a demonstration: the game itself is not moved, so stopping at any step
leaves it as it was. Where cards lie face down the solver sees them all, so a game
with hidden cards is shown only once it is over; asking for it before then gives the
game up (it counts as lost), and the interfaces say so before they ask. So does a game
whose redeals shuffle the cards: the win shown would tell where they fall.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.app.autoplay import auto_build
from cardtable.app.history import History
from cardtable.app.scoring import Scoring, points_after
from cardtable.app.searches import HERE, Searcher
from cardtable.app.session import Session
from cardtable.app.standing import shown_reason
from cardtable.app.wins import WINS, shipped_win
from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, State, apply, check, is_won
from cardtable.solitaire.formats import replay_steps
from cardtable.solver import Budget, Outcome

NODES = 200_000
"""Positions the search for a win may look at (a second or two at worst)."""

SECONDS = 5.0
"""A guard against a slow or busy machine (the node cap is the real limit)."""

GIVES_UP = (
    "this game has face-down cards: showing the win (or, if it can't be won, that it can't) gives it up, "
    "and it counts as lost"
)
"""What a player is told before a playback that gives the game up."""

SHUFFLES = (
    "this game's redeals shuffle the cards: showing the win shows where they will fall, so it "
    "gives the game up, and it counts as lost"
)
"""The same, where a redeal mixes the cards (Montana's): the win shown would tell the player
where they fall, which no player can know before the redeal."""


LOOK_BACK = 10
"""Earlier positions of the game searched, nearest first, for a win to show when the
current position is proved lost (within the same ``SECONDS`` in all)."""

AGAIN = 5
"""Wins looked for anew, at most, where a win shown with auto-build parts from the one
found (``as_played``), within the same ``SECONDS``."""


@dataclass(frozen=True, slots=True)
class Playback:
    """A win from a position: its moves and each position along the way (the first is
    where it starts, the last is won). ``back``: the moves taken back before it starts,
    when the game can't be won from where it stands."""

    moves: tuple[Move, ...]
    states: tuple[State, ...]
    back: int = 0
    built: tuple[tuple[Move, ...], ...] = ()
    """The moves home auto-build sends after each move, where the win is played so
    (``as_played``): a state is then the one after the move and those."""

    @property
    def text(self) -> str:
        """What the win is, in a line: 'a win in 63 moves', or from how far back (said as
        what is shown, not as advice: a game given up can't be undone). Its moves count
        as the game's counter does, auto-build's moves home included (as a hint's do),
        with the steps the playback shows where those are fewer.

        >>> from cardtable.solitaire import get_variant
        >>> Playback((), (get_variant("freecell").start(1),), back=1).text
        'a win from 1 move back, in 0 moves (none from where it stands)'
        """
        count = len(self.moves) + sum(map(len, self.built))
        over = f" over {len(self.moves)} step{'s' * (len(self.moves) != 1)}" if count != len(self.moves) else ""
        win = f"a win in {count} move{'s' * (count != 1)}{over}"
        if not self.back:
            return win
        return f"a win from {self.back} move{'s' * (self.back != 1)} back, in {count} move{'s' * (count != 1)}{over} (none from where it stands)"

    def frame(self, session: Session, step: int) -> Session:
        """The game as it looks after ``step`` steps of the playback: a copy, with the
        game's own moves up to where the win starts, then the win's, so its moves and
        score count on from the game's; its clock stands where the game's does, and it
        is over (won or given up) only if the game is."""
        past = session.history
        base = past.at - self.back
        steps = tuple((move, *home) for move, home in zip(self.moves, self.built)) if self.built else tuple((move,) for move in self.moves)
        history = History(past.states[:base] + self.states, past.steps[:base] + steps, base + step, past.table_steps)
        points = None
        if session.options.scoring is not Scoring.UNIFORM:
            scoring = Scoring.STANDARD if session.options.scoring is Scoring.TIMED else session.options.scoring
            start = copy.copy(session)
            start.history = past.go_to(base)
            points = start.points
            for at in range(step):
                points, _ = points_after(points, self.states[at], steps[at], scoring)
        shown = Session(session.variant, session.deal_number, session.options, history, session.elapsed,
                        random_deal=session.random_deal, points=points, daily=session.daily)
        shown.is_over, shown.given_up, shown.winnable = session.is_over, session.given_up, session.winnable
        return shown


def as_played(shown: Playback, auto: bool, again: Callable[[State], Sequence[Move] | None] = lambda state: None) -> Playback:
    """``shown`` as a game with auto-build (``auto``) plays it: each move with the moves
    home auto-build sends after it, and the win's own moves of those cards left out, so
    each move shown is one the player could make and the steps count as the game's do.
    Where the win's next move no longer fits the table so played (auto-build took a card
    home sooner, and the waste turned otherwise), ``again`` is asked for a win from there
    (up to ``AGAIN`` times). The win as found where auto-build is off, or where the line
    so played can't be followed to a win (each move is checked, and the end)."""
    if not auto or not shown.moves:
        return shown
    state = shown.states[0]
    foundations = state.variant.tables.foundations
    moves: list[Move] = []
    states, built = [state], []
    line, at, tries = list(zip(shown.moves, shown.states)), 0, 0
    while at < len(line):
        move, before = line[at]
        at += 1
        source = move.source if move.kind is MoveKind.MOVE and move.count > 0 else None
        if source is not None and state.piles[source][-move.count:] != before.piles[source][-move.count:]:
            if move.target in foundations and _home_since(before, state, before.piles[source][-1]):
                continue  # sent home already, by auto-build
        elif check(state, move).ok:
            state, home = auto_build(apply(state, move, trusted=True))
            moves.append(move)
            built.append(tuple(home))
            states.append(state)
            continue
        found = again(state) if tries < AGAIN else None  # the win found no longer fits the table
        if found is None:
            return shown
        tries += 1
        line, at = list(zip(found, (state, *replay_steps(state, found)))), 0
    return Playback(tuple(moves), tuple(states), shown.back, tuple(built)) if is_won(state) else shown


def _home_since(before: State, now: State, card: Card) -> bool:
    """Whether more copies of ``card`` lie on the foundations ``now`` than ``before``."""
    foundations = now.variant.tables.foundations
    return sum(now.piles[f].count(card) for f in foundations) > sum(before.piles[f].count(card) for f in foundations)


@dataclass(frozen=True, slots=True)
class NoWin:
    """Why there is no win to show: the position is proved lost, or the search ran out."""

    reason: str


LOST = NoWin("this game can't be won from here: every line of play from it was followed to a dead end")
NOT_FOUND = NoWin("no win was found from here within the search's budget")
WON = NoWin("the game is won: there is no win left to show")


def reveals(found: Playback | NoWin) -> bool:
    """Whether an answer of "show me" tells what the hidden cards decide: a win shown, or
    a proof that the game is lost. Only such an answer gives a game up (``gives_up``): a
    search that ran out first (``NOT_FOUND``) tells nothing, and the game goes on."""
    return found is not NOT_FOUND and found is not WON


def gives_up(session: Session) -> bool:
    """Whether showing the win would give the game up (see ``give_up_reason``)."""
    return bool(give_up_reason(session))


def give_up_reason(session: Session) -> str:
    """Why showing the win would give the game up ('' when it would not): the game is not
    over and hides cards, or its redeals mix them where no player can follow."""
    if session.is_over:
        return ""
    if session.variant.traits.hidden_cards:
        return GIVES_UP
    return SHUFFLES if session.variant.stock.mixes else ""


def playback(
    session: Session, nodes: int = NODES, seconds: float = SECONDS, searcher: Searcher = HERE
) -> Playback | NoWin:
    """The solver's win from the session's position, or why there is none to show
    (``LOST`` when the search proves the position lost, ``NOT_FOUND`` when none is found
    within ``nodes`` positions or ``seconds``). Where the position is proved lost, the
    win is looked for from the game's earlier positions, nearest first (``LOOK_BACK``),
    and shown from there (``Playback.back``): a player who gave a game up to see the
    win sees how it could have been won. The win is played as the game plays it, with
    auto-build's moves home where it is on (``as_played``). Nothing is checked here about
    hidden cards: see ``gives_up``.

    >>> from cardtable.solitaire import get_variant
    >>> shown = playback(Session(get_variant("freecell"), 1), seconds=float("inf"))
    >>> isinstance(shown, Playback) and len(shown.states) == len(shown.moves) + 1
    True
    >>> playback(Session(get_variant("freecell"), 11982), seconds=float("inf")) is LOST
    True
    >>> print(playback(Session(get_variant("streets-and-alleys"), 1)).reason[:74])
    this game can't be won from here. 10♣, 10♦, Q♠, Q♣, 10♥, 3♦, Q♥ and Q♦ can
    """
    if session.is_won:
        return WON
    began = time.perf_counter()
    start = session.state

    def again(state: State) -> Sequence[Move] | None:  # a win from where auto-build parts from the one found
        left = seconds - (time.perf_counter() - began)
        found = searcher.solve(state, Budget(nodes=nodes, seconds=left)) if left > 0 else None
        return found.moves if found is not None and found.solved else None

    auto = session.options.auto_build
    known = WINS.win_from(start)
    if known is None and session.history.at_deal:
        known = shipped_win(session.variant, session.deal_number, session.history.played)
        if known is not None:
            WINS.learn(start, known)
    if known is not None:  # found before (a hint, "still winnable?", a shipped win): the same win
        return as_played(Playback(known, (start, *replay_steps(start, known))), auto, again)
    result = searcher.solve(start, Budget(nodes=nodes, seconds=seconds))
    if result.solved:
        WINS.learn(start, result.moves)
        return as_played(Playback(result.moves, (start, *replay_steps(start, result.moves))), auto, again)
    if result.outcome is not Outcome.UNWINNABLE:
        return NOT_FOUND
    history = session.history
    for back in range(1, min(LOOK_BACK, history.at - history.table_steps) + 1):
        left = seconds - (time.perf_counter() - began)
        if left <= 0:
            break
        earlier = history.state_at(history.at - back)
        found = searcher.solve(earlier, Budget(nodes=nodes, seconds=left))
        if found.solved:
            return as_played(Playback(found.moves, (earlier, *replay_steps(earlier, found.moves)), back), auto, again)
    return _lost(start, result.reason)


def _lost(start: State, why: str) -> NoWin:
    """Why a position proved lost has no win: the search saw every position, or cards
    can never leave their columns (named where the player may be told them)."""
    if not why:
        return LOST
    shown = shown_reason(start, why)
    return NoWin(f"this game can't be won from here. {shown}" if shown else "this game can't be won from here")
