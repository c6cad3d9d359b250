"""What happened, for a UI to render: cards moved or turned, deals, wins, a stuck game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, PileKind, State, apply
from cardtable.solitaire.observe import seen_card


class EventKind(Enum):
    """The kinds of event."""

    MOVED = "moved"
    TURNED = "turned"
    DEALT = "dealt"
    REDEALT = "redealt"
    DISCARDED = "discarded"
    WON = "won"
    STUCK = "stuck"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; ``source``/``target`` are pile names, ``cards`` codes."""

    kind: EventKind
    cards: tuple[str, ...] = ()
    source: str = ""
    target: str = ""


def move_events(before: State, move: Move, after: State) -> list[Event]:
    """The events of one move: what moved where, then any card turned face up. Cards are
    named as the player saw them (moved and discarded cards before the move, turned cards
    after it)."""
    variant = before.variant
    names = variant.pile_names
    events: list[Event] = []
    if move.kind is MoveKind.MOVE:
        assert move.source is not None and move.target is not None
        size = len(before.piles[move.source])  # only what those piles show is read, not a whole view
        cards = tuple(seen_card(before, move.source, n) for n in range(size - move.count, size))
        events.append(Event(EventKind.MOVED, _codes(cards), names[move.source], names[move.target]))
    elif move.kind is MoveKind.DEAL:
        events.append(Event(EventKind.DEALT))
    elif move.kind is MoveKind.REDEAL:
        events.append(Event(EventKind.REDEALT))
    else:
        assert move.source is not None
        piles = [move.source] if move.target is None else [move.source, move.target]
        tops = tuple(seen_card(before, p, len(before.piles[p]) - 1) if before.piles[p] else None for p in piles)
        events.append(Event(EventKind.DISCARDED, _codes(tops), names[move.source]))
    for i, (b, a) in enumerate(zip(before.hidden, after.hidden)):
        if a < b and after.piles[i] and variant.piles[i].kind is not PileKind.STOCK:
            events.append(Event(EventKind.TURNED, _codes(after.piles[i][a : a + 1]), names[i]))  # face up now
    return events


def walked(state: State, moves: Sequence[Move]) -> tuple[State, list[Event]]:
    """``moves`` played in turn from ``state``: where they lead, and what each did."""
    events: list[Event] = []
    for move in moves:
        after = apply(state, move, trusted=True)
        events += move_events(state, move, after)
        state = after
    return state, events


def _codes(cards: tuple[Card | None, ...]) -> tuple[str, ...]:
    """The codes of the cards a player can see (a face-down card is never named)."""
    return tuple(c.code for c in cards if c is not None)
