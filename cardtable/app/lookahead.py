"""A plan from what the player sees: the line of moves that gains the most on the table
before any face-down card turns up.

Where cards lie face down and no arrangement of them is won within a hint's search (Spider
in two suits, mostly), the heuristic judges one move at a time, and moves runs back and
forth. A plan looks further: it searches the moves that show nothing new (no deal, no
redeal), stopping each line where a card turns up, and weighs where each line ends by
what a player can see there, all together: a card home counts most, then a card turned
up, an empty column, a card added to a run. A turned-up card is counted, never looked
at, so the plan tells nothing of a face-down card.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import compress
from operator import is_not

from cardtable.solitaire import Move, MoveKind, State, apply, legal_moves
from cardtable.solitaire.engine import interchangeable

HOME, TURNED, EMPTIED, RUN, BUILT = 100, 80, 40, 10, 2
"""What a card home, a card turned up, an empty column that takes any card, a card on a
run it moves with, and a card on one it only builds on are each worth."""

ANY = 8
"""An empty column that takes more kinds of card than this counts as taking any."""

LAID_OUT = 15
"""New positions a plan lays out, at most, for each it searches: Spider's positions have
about a dozen moves each, a Yukon position's many more (a plan of 800 positions takes
about a tenth of a second here)."""

TRIED = 30
"""Moves a plan plays, at most, for each position it searches, new positions or not:
among thirteen columns that take any card (Lucas, Westcliff) most moves lead back to a
position met already, and a plan played some 62,000 of them (half a second) to find 12,000
new ones. Spider's plans play at most about 18,000 of the 24,000 this allows."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The line to play, and what it gains, in words."""

    moves: tuple[Move, ...]
    gain: str


def plan(state: State, nodes: int = 800) -> Plan | None:
    """The shortest line to the best position reachable without turning up a card (or
    by turning one up at its last move), searching at most ``nodes`` positions, laying
    out at most ``LAID_OUT`` times as many new ones and playing at most ``TRIED`` times as
    many moves (so it depends on the position alone, never on the machine's speed); None
    when none is better than where the table stands."""
    groups = interchangeable(state)  # (the stock holds its cards all along: no deal is played)
    fixed = [i for i in range(len(state.piles)) if not any(i in g for g in groups)]
    places = range(len(state.piles))
    codes = [_code(state, i) for i in places]
    worths = [_pile_worth(state, i) for i in places]
    start = sum(worths)
    best: tuple[int, tuple[Move, ...], State] = (start, (), state)
    seen = {_key(codes, fixed, groups)}
    frontier: list[tuple[int, int, int, State, tuple[Move, ...], list[bytes], list[int]]] = [
        (-start, 0, 0, state, (), codes, worths)
    ]
    count = tried = 0
    while frontier and count < nodes and len(seen) < LAID_OUT * nodes and tried < TRIED * nodes:
        _, _, _, position, line, codes, worths = heapq.heappop(frontier)
        count += 1
        for move in legal_moves(position):
            if move.kind in (MoveKind.DEAL, MoveKind.REDEAL):
                continue  # they show cards: where to deal is the heuristic's to judge
            after = apply(position, move, trusted=True)
            tried += 1
            changed = list(compress(places, map(is_not, position.piles, after.piles)))
            if after.hidden != position.hidden:  # (a card turned up where no card moved: Tri-Peaks)
                changed = [i for i in places if i in changed or after.hidden[i] != position.hidden[i]]
            child_codes = list(codes)
            for i in changed:
                child_codes[i] = _code(after, i)
            key = _key(child_codes, fixed, groups)
            if key in seen:
                continue
            seen.add(key)
            child_worths = list(worths)
            for i in changed:
                child_worths[i] = _pile_worth(after, i)
            turned = sum(position.hidden) - sum(after.hidden)
            worth, path = sum(child_worths) + TURNED * (sum(state.hidden) - sum(after.hidden)), (*line, move)
            if worth > best[0] or (worth == best[0] and best[1] and len(path) < len(best[1])):
                best = (worth, path, after)
            if not turned:  # a line ends where a card turns up
                heapq.heappush(frontier, (-worth, len(path), len(seen), after, path, child_codes, child_worths))
    worth, moves, end = best
    if not moves or worth <= start:
        return None
    return Plan(moves, _gain(state, end, len(moves)))


def _code(state: State, pile: int) -> bytes:
    """A pile as a key's part: its face-down count, then its cards."""
    return bytes((state.hidden[pile], *(card.index for card in state.piles[pile])))


def _key(codes: list[bytes], fixed: list[int], groups: tuple[tuple[int, ...], ...]) -> bytes:
    """A position's key: the piles that may be swapped (empty columns, say) in any order.
    One string of bytes (hashed and compared at once), each pile's code closed by 255 and
    each group's by 254: no code holds either (a card's index is below 104)."""
    key = b"\xff".join([codes[i] for i in fixed])
    for group in groups:
        key += b"\xfe" + b"\xff".join(sorted([codes[i] for i in group]))
    return key


def _pile_worth(state: State, pile: int) -> int:
    """What one pile is worth to a player (``plan``). A line ends where a card turns up,
    so a card turned up lies on top of its pile: counted (by ``plan``), never looked at."""
    tables = state.variant.tables
    cards, down = state.piles[pile], state.hidden[pile]
    if pile in tables.foundation_set:
        return HOME * len(cards)
    if pile not in tables.tableau:
        return 0
    if not cards:  # a column that takes any card, or only some (Klondike's Kings)
        return EMPTIED if len(tables.empty[pile]) > ANY else EMPTIED // 4
    run, build = tables.run[pile], tables.build[pile]
    worth = 0
    for n in range(down + 1, len(cards)):
        below, card = cards[n - 1].index, cards[n].index
        if run is not None and card in run[below]:
            worth += RUN
        elif build is not None and card in build[below]:
            worth += BUILT
    return worth


def _gain(start: State, end: State, length: int) -> str:
    """What a plan of ``length`` moves ending at ``end`` gains, in words."""
    tables = start.variant.tables
    within = "at once" if length == 1 else f"in {length} moves"
    home = sum(len(end.piles[f]) for f in tables.foundations) - sum(len(start.piles[f]) for f in tables.foundations)
    if home > 0:
        return f"sends {home} card{'s' * (home != 1)} home {within}"
    if sum(end.hidden) < sum(start.hidden):
        return f"turns up a face-down card {within}"
    emptied = sum(not end.piles[i] for i in tables.tableau) - sum(not start.piles[i] for i in tables.tableau)
    if emptied > 0:
        return f"empties a {start.variant.piles[tables.tableau[0]].id.noun} {within}"
    return f"builds longer runs {within}"
