"""Hints that lead somewhere: the first move of a win the solver finds.

Where every card is face up, the hint is the first move of a solution from the current
position, found within a short budget. Where cards lie face down, the hint may use only
what the player sees and has seen: a face-down card the player saw, and watched go where
it lies (the stock turned over after a pass), stays put, and the others are dealt afresh
into their places many times (each arrangement consistent with the table), each
arrangement is solved briefly, and the move that wins the most of them is suggested, with
its share. Where the player knows every face-down card, the hint is a solution's first
move, as where every card shows. Where no arrangement is won, the hint is the first move
of a plan made from what the player sees (``lookahead.plan``). When nothing is found, the
heuristic hint answers. A move the caller wants avoided (one that leads back to a
position already reached) is never suggested.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from cardtable.app.hints import Avoid, HeuristicHinter, Hint, Hinter, describe
from cardtable.app.history import TURNS, History, seen_key
from cardtable.app.searches import HERE, HintSearcher
from cardtable.app.wins import WINS
from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, State, apply, check, is_won
from cardtable.solitaire.observe import observe, remembered
from cardtable.solver import Budget, Outcome

LEADS = 1000
"""The score of a move that leads to a win (the heuristic's scores stay far below)."""
PLANNED = 500
"""The score of a plan's first move: below a win, above the heuristic's moves."""
NO_WIN_FOUND = "a short search found no win from here, which does not mean there is none"
"""Said of a hint the heuristic gave because the search found no win."""
WIN_GOES_BACK = "the win found from here goes back through a position already reached, and no hint does"
"""Said instead where the win found (kept in ``wins.WINS``) starts with a move back, or
turns the stock round to a position of the game's line: undo, or play on without it."""
WINS_GO_BACK = "the wins found in the guesses at the cards not yet seen go back through positions already reached, and no hint does"
"""``WIN_GOES_BACK`` where the player does not know every face-down card."""
NO_WIN_SEEN = "no win found in the guesses tried at the cards not yet seen"
"""``NO_WIN_FOUND`` where the player does not know every face-down card: the search
tried arrangements of them, not the real one (which "still winnable?" sees)."""
NO_WIN_FORESEEN = "no win found without knowing where a redeal's shuffle will put the cards, which \"still winnable?\" counts on"
"""``NO_WIN_FOUND`` in a game whose redeals shuffle (Montana): its verdict may say
winnable where no hint can lead, since no player sees a shuffle coming."""
PROVED_LOST = "no move can win from here"
"""Said instead where a search (the indicator's, say) proved the position lost, and the
player can know it: every card in sight, and no redeal to mix them."""


@dataclass(frozen=True, slots=True)
class Effort:
    """How much one hint may search: one solve where every card shows, else ``samples``
    arrangements of the hidden cards solved with a smaller budget each.

    The node caps are the real limits (a few tenths of a second on this machine), so a hint
    depends on the position alone; the seconds only guard against a slow machine.
    ``seconds`` bounds the whole hint either way: arrangements stop being solved once it
    is spent (the first is always solved), and the share says of how many. It is a little
    under half a second, leaving room for the rest of the hint (the heuristic's ranking,
    the check that a move does not lead back) within it.
    """

    nodes: int = 100_000
    seconds: float = 0.45
    samples: int = 12
    sample_nodes: int = 1_500
    sample_seconds: float = 0.1
    plan_nodes: int = 800
    """Positions a plan from what the player sees searches (``lookahead.plan``), where
    no arrangement is won."""


def arrangement(state: State, rng: random.Random, known: frozenset[Card] = frozenset()) -> State:
    """``state`` with its face-down cards dealt afresh: the face-up cards, and the
    face-down ones in ``known`` (whose places the player knows), stay where they are; the
    unseen ones (whose places the player can't know) are shuffled into their places.

    >>> from cardtable.solitaire import get_variant
    >>> start = get_variant("klondike").start(4)
    >>> other = arrangement(start, random.Random(1))
    >>> t1 = start.variant.index_of_name("t1")  # one card, face up
    >>> other.piles[t1] == start.piles[t1], other.hidden == start.hidden, other == start
    (True, True, False)
    >>> t7 = start.variant.index_of_name("t7")
    >>> arrangement(start, random.Random(1), frozenset(start.piles[t7][:6])).piles[t7] == start.piles[t7]
    True
    """
    # Sorted first, so the arrangement depends only on which cards are unseen, never on
    # where they really lie.
    down_cards = (c for pile, down in zip(state.piles, state.hidden) for c in pile[:down])
    unseen = sorted((c for c in down_cards if c not in known), key=lambda c: c.code)
    rng.shuffle(unseen)
    dealt = iter(unseen)
    piles = tuple(
        tuple(c if c in known else next(dealt) for c in pile[:down]) + pile[down:]
        for pile, down in zip(state.piles, state.hidden)
    )
    return State(state.variant, piles, state.hidden, state.redeals)


def _seed_of(state: State, seed: int, known: frozenset[Card]) -> str:
    """A seed from what the player sees and knows, so the same table gets the same hint."""
    seen = observe(state)
    def word(shown: Card | None, real: Card) -> str:
        return shown.code if shown is not None else f"~{real.code}" if real in known else "?"

    cards = "/".join(",".join(map(word, shown, pile)) for shown, pile in zip(seen.piles, state.piles))
    return f"{seed}|{state.redeals}|{cards}"


class SolvingHinter:
    """Hints from the solver, with the heuristic behind it.

    A solution found where every card shows is kept in the shared wins (``wins.WINS``),
    so following the hint costs one search, not one per move, while the game stays on
    its path.
    """

    def __init__(
        self, effort: Effort = Effort(), seed: int = 0, fallback: Hinter | None = None, searcher: HintSearcher = HERE
    ) -> None:
        self.effort = effort
        self.seed = seed
        self.fallback: Hinter = fallback or HeuristicHinter()
        self.searcher = searcher
        """Where the searches run."""

    def best_moves(
        self, state: State, previous: Move | None = None, avoid: Avoid | None = None,
        known: frozenset[Card] = frozenset(),
    ) -> list[Hint]:
        """The legal moves, best first: a move that leads to a win (if one is found)
        ahead of the heuristic's ranking; none that ``avoid`` refuses. ``known``: the
        face-down cards whose places the player knows (``observe.remembered``). The
        heuristic's ranking comes first, on the hint's clock."""
        began = time.perf_counter()
        rest = self.fallback.best_moves(state, previous, avoid, known)
        if not rest:
            return rest
        avoid = avoid or _never
        leading = self.leading(state, avoid, known, began)
        found = leading if isinstance(leading, Hint) else None
        if found is None and not _in_sight(state, known):  # a line to the best the player can see, else the heuristic's move
            found = self._planned(state, avoid)
        if found is None:  # the heuristic's move, and the player told it leads to no known win
            lost = known_lost(state, lambda: known)  # (the indicator's proof, say)
            said = PROVED_LOST if lost else leading if isinstance(leading, str) else (
                NO_WIN_SEEN if not _in_sight(state, known) else NO_WIN_FORESEEN if state.variant.stock.mixes else NO_WIN_FOUND)
            return [replace(rest[0], reason=f"{rest[0].reason} ({said})")] + rest[1:]
        return [found] + [h for h in rest if h.move != found.move]

    def _planned(self, state: State, avoid: Avoid) -> Hint | None:
        """The first move of the plan from what the player sees (``lookahead.plan``), said
        with what it gains, where no arrangement of the face-down cards was won."""
        planned = self.searcher.plan(state, self.effort.plan_nodes)
        if planned is None or avoid(planned.moves[0]):
            return None
        return Hint(planned.moves[0], PLANNED, f"{describe(state, planned.moves[0])}: {planned.gain} ({NO_WIN_SEEN})")

    def leading(self, state: State, avoid: Avoid, known: frozenset[Card], began: float) -> Hint | str | None:
        """A move that leads to a win, explained; where the wins found go back through a
        position already reached, the words that say so; None if the search finds none.
        The clock (``Effort.seconds``) runs from ``began``, a ``time.perf_counter`` reading."""
        if not _in_sight(state, known):
            return self._sampled(state, avoid, known, began)
        found = known_win(state, avoid, lambda: known)
        if found is not None:
            return found
        effort = self.effort
        seconds = max(effort.seconds - (time.perf_counter() - began), 0.0)
        result = self.searcher.solve(state, Budget(nodes=effort.nodes, seconds=seconds))
        if result.outcome is Outcome.UNWINNABLE:
            WINS.learn_lost(state)
        if not result.solved or not result.moves or _foresees(state, result.moves):
            return None
        win = _without_loops(state, result.moves)
        WINS.learn(state, win)  # (a win all the same: the way back to it is worth saying)
        line = _followed(state, win, avoid)
        return WIN_GOES_BACK if line is None else _leads(state, line)

    def _sampled(self, state: State, avoid: Avoid, known: frozenset[Card], began: float) -> Hint | str | None:
        effort = self.effort
        warming = time.perf_counter()
        self.searcher.warm_up(state)  # not on the clock: a first hint would solve only one arrangement
        rng = random.Random(_seed_of(state, self.seed, known))
        deadline = began + effort.seconds + (time.perf_counter() - warming)
        wins: Counter[Move] = Counter()
        refused: set[Move] = set()
        solved = came_round = 0
        for _ in range(effort.samples):
            left = deadline - time.perf_counter()
            if solved and left <= 0:
                break
            seconds = effort.sample_seconds if not solved else min(effort.sample_seconds, left)
            solved += 1
            budget = Budget(nodes=effort.sample_nodes, seconds=seconds, eager=False)
            result = self.searcher.solve(arrangement(state, rng, known), budget)
            if not result.solved or not result.moves:
                continue
            line = _followed(state, result.moves, avoid)
            if line is None:
                came_round += 1
                continue
            first = line[0]
            if first in refused or (first not in wins and (not check(state, first).ok or avoid(first))):
                refused.add(first)
                continue
            wins[first] += 1
        if not wins:
            return WINS_GO_BACK if came_round else None
        move, won = wins.most_common(1)[0]
        share = f"wins in {won} of {solved} guess{'es' * (solved != 1)} at the cards not yet seen"
        return Hint(move, LEADS + won, f"{describe(state, move)}: {share}")


def known_win(state: State, avoid: Avoid, known: Callable[[], frozenset[Card]] = frozenset) -> Hint | None:
    """The first move of a win already found from ``state`` (by a hint, "show me" or the
    indicator), with no search: None where there is none, where ``avoid`` refuses its
    first move, or where the player can't know where the cards it needs lie (``known()``:
    the face-down cards the player has seen go where they lie, asked only if it matters).
    A server's quick hint while its solver is busy: a player following the hints stays
    on the win."""
    moves = WINS.win_from(state)
    if moves is None or not moves or _foresees(state, moves):
        return None  # (a win by a search that may foresee a redeal's mixing is no hint)
    if sum(state.hidden) > 1 and not _in_sight(state, known()):
        return None
    win = _without_loops(state, moves)
    if win is not moves:
        WINS.learn(state, win)  # (kept shorter: the positions after its first move are on it)
    line = _followed(state, win, avoid)
    return None if line is None else _leads(state, line)


def seen_down(history: History) -> frozenset[Card]:
    """The face-down cards the player saw go where they lie, on the way to ``history``'s
    position (``observe.remembered``)."""
    return remembered(history.reached()) if any(history.state.hidden) else frozenset()


LOOK_BACK = 100
"""Positions a hint that knows no win looks back over for one a win is known from."""


def pointing_back(hint: Hint, history: History) -> Hint:
    """``hint``, saying how many moves to undo to the nearest earlier position a win is
    known from, where it leads to no win itself."""
    if hint.score >= LEADS:
        return hint
    back = way_back(history)
    if back is None:
        return hint
    undo = f"undo {back} move{'s' * (back != 1)} to get back to a winnable position"
    said = f"{hint.reason[:-1]}; {undo})" if hint.reason.endswith(")") else f"{hint.reason} ({undo})"
    return replace(hint, reason=said)


def never_told(state: State) -> bool:
    """No position was said to be lost (the player has "still winnable?" off)."""
    return False


def shunning(hints: list[Hint], lost: Callable[[Move], bool]) -> list[Hint]:
    """``hints`` with the first whose move ``lost`` does not refuse put first, the rest in
    their order (all as they were where it refuses every one). Only as many moves are
    asked about as it takes to find one."""
    for k, hint in enumerate(hints):
        if not lost(hint.move):
            return [hint, *hints[:k], *hints[k + 1:]]
    return hints


NOTHING_LEADS_ANYWHERE = "no move leads anywhere now: undo, or start a new deal"
"""The answer to a hint where the table is stuck (``is_stuck``): no legal move left could help."""


def nothing_leads(history: History) -> str:
    """``NOTHING_LEADS_ANYWHERE``, saying how many moves to undo where ``way_back`` knows."""
    back = way_back(history)
    if back is None:
        return NOTHING_LEADS_ANYWHERE
    return f"no move leads anywhere now: undo {back} move{'s' * (back != 1)} to get back to a winnable position, or start a new deal"


def way_back(history: History) -> int | None:
    """Moves to undo to the nearest earlier position a win is known from (``wins.WINS``:
    a hint's, "show me"'s or the indicator's), among the last ``LOOK_BACK``, where the
    player could see every card of it: at most one face down, which is then the one card
    not in sight (a card known by having seen its like would tell a two-deck game's
    hidden copies). None where there is none, and in a game whose redeals mix."""
    if history.state.variant.stock.mixes:
        return None
    for at in range(history.at - 1, max(history.table_steps, history.at - LOOK_BACK) - 1, -1):
        earlier = history.state_at(at)
        if sum(earlier.hidden) <= 1 and WINS.win_from(earlier) is not None:
            return history.at - at
    return None


def known_lost(state: State, known: Callable[[], frozenset[Card]] = frozenset) -> bool:
    """Whether a search proved ``state`` lost where the player can know it too: every card
    in sight (``known()`` as for ``known_win``) and no redeal to mix them."""
    if state.variant.stock.mixes or not WINS.proved_lost(state):
        return False
    return sum(state.hidden) <= 1 or _in_sight(state, known())


def _in_sight(state: State, known: frozenset[Card]) -> bool:
    """Whether the player can know where every card lies: one face-down card not seen
    is no secret (it is the one card not seen anywhere else); two or more make
    arrangements worth sampling."""
    return sum(c not in known for pile, down in zip(state.piles, state.hidden) for c in pile[:down]) <= 1


def _leads(state: State, moves: tuple[Move, ...]) -> Hint:
    count = len(moves)
    return Hint(moves[0], LEADS, f"{describe(state, moves[0])}: leads to a win in {count} move{'s' * (count != 1)}")


def _never(move: Move, state: State | None = None) -> bool:
    """Avoids nothing."""
    return False


def _followed(state: State, moves: tuple[Move, ...], avoid: Avoid) -> tuple[Move, ...] | None:
    """``moves``, a win from ``state``, as hints would follow it: None where its first
    move is one ``avoid`` refuses, or where the turns of the stock it starts with come
    back to a position already reached (a pass that plays nothing, then the turn into
    the next, is back where the pass began: hints that followed would turn the stock
    round to a table where every move leads back). Turns that come back to ``state``
    itself are left out: the win goes on from here as it did from there. Only the
    turns are played on the real table (a turn comes back to a position the player has
    seen, whatever the unseen cards); the move after them, an arrangement's own card,
    is judged only where it is the first."""
    here = seen_key(state)
    at, start = state, 0
    for number, move in enumerate(moves):
        if (number > start and move.kind not in TURNS) or not check(at, move).ok:
            break
        after = apply(at, move, trusted=True)
        if move.kind in TURNS and seen_key(after) == here:
            at, start = after, number + 1
            continue
        if avoid(move, at):
            return None
        if move.kind not in TURNS:
            break
        at = after
    return moves[start:] or None


def _without_loops(state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves``, a win from ``state`` the player can see all of, with every stretch
    that comes back to a position it passed left out (a pass through the stock that
    played nothing, say): the same win, shorter, which hints can follow to the end.
    The moves as they were where the shorter line would not replay to a win."""
    # The positions along ``line``, in order and by place, passes taken aside: the rest of
    # the win needs no more passes than it had. (Looked up by place: a long win's line
    # scanned at every move cost milliseconds a hint.)
    line: list[Move] = []
    places = [(state.piles, state.hidden)]
    where = {places[0]: 0}
    at = state
    for move in moves:
        at = apply(at, move, trusted=True)
        place = (at.piles, at.hidden)
        cut = where.get(place)
        if cut is None:
            where[place] = len(places)
            line.append(move)
            places.append(place)
            continue
        for gone in places[cut + 1 :]:
            del where[gone]
        del line[cut:], places[cut + 1 :]
    if len(line) == len(moves):
        return moves
    replayed = state
    for move in line:
        if not check(replayed, move).ok:
            return moves
        replayed = apply(replayed, move, trusted=True)
    return tuple(line) if is_won(replayed) else moves


def _foresees(state: State, moves: tuple[Move, ...]) -> bool:
    """Whether ``moves`` win only by knowing where a redeal that mixes the cards (Montana's)
    will put them: no player can, so such a line is no hint."""
    return state.variant.stock.mixes and any(move.kind is MoveKind.REDEAL for move in moves)
