"""A picture of the table for terminals: for people, never parsed back."""

from __future__ import annotations

from itertools import zip_longest

from cardtable.cards import Card, Rank
from cardtable.solitaire.rules.empty import EmptyRule
from cardtable.solitaire.model import PileKind, State
from cardtable.solitaire.observe import Observation, observe
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

_DOWN = "##"


def _code(card: Card | None) -> str:
    return _DOWN if card is None else card.code


def _top(state: Observation, pile: int) -> str:
    cards = state.piles[pile]
    return _code(cards[-1]) if cards else "--"


def _header(state: Observation) -> str:
    parts = []
    aces_too = _any_named(state.variant)  # (an Ace named where the others are: Clock's)
    for i, spec in enumerate(state.variant.piles):
        kind = spec.kind
        if kind is PileKind.STOCK:
            cards = state.piles[i]
            shown = f" ({_code(cards[-1])})" if cards and cards[-1] is not None else ""  # a stock showing its top
            parts.append(f"stock {len(cards)}{shown}")
        elif kind is PileKind.WASTE:
            shown = " ".join(_code(c) for c in state.piles[i][-3:]) or "--"
            parts.append(f"waste {shown}")
        elif kind is PileKind.RESERVE and len(state.piles[i]) > 1:  # squared: its top, and how many
            parts.append(f"{spec.id.name} {_top(state, i)} ({len(state.piles[i])})")
        elif kind is PileKind.FOUNDATION and not state.piles[i]:
            parts.append(f"{spec.id.name} {_starts(spec.empty, aces_too)}")
        elif kind in (PileKind.FOUNDATION, PileKind.CELL, PileKind.RESERVE):
            parts.append(f"{spec.id.name} {_top(state, i)}")
    allowed = state.variant.stock.redeals_allowed
    if allowed is not None and allowed > 0:
        parts.append(f"redeals left {allowed - state.redeals}")
    lines = [""]
    for part in parts:  # as many to a line as an 80-column terminal shows (Clock has 13 foundations)
        if lines[-1] and len(lines[-1]) + 2 + len(part) > HEADER_WIDTH:
            lines.append("")
        lines[-1] += f"  {part}" if lines[-1] else part
    return "\n".join(lines)


def _starts(empty: EmptyRule, aces_too: bool = False) -> str:
    """An empty foundation: ``--``, or where it starts with one rank other than an Ace
    (Quadrille's Fives and Queens, Bisley's Kings), that rank (and suit, if one) in
    brackets, ``(5)`` or ``(KS)``: the player should not have to look it up; with
    ``aces_too`` (other foundations of the game are named so: Clock's), an Ace's too.

    >>> from cardtable.solitaire.rules import base, kings_only
    >>> _starts(base(Rank.ACE)), _starts(kings_only), _starts(base(Rank.FIVE)), _starts(base(Rank.ACE), True)
    ('--', '(K)', '(5)', '(A)')
    """
    ranks, suits = empty.ranks, empty.suits
    if empty.from_base is not None or ranks is None or len(ranks) != 1 or ranks[0] is Rank.ACE and not aces_too:
        return "--"
    return f"({ranks[0].letter}{suits[0].letter if suits is not None and len(suits) == 1 else ''})"


def _any_named(variant: Variant) -> bool:
    """Whether any of the game's foundations starts with one rank other than an Ace."""
    return any(_starts(variant.piles[f].empty) != "--" for f in variant.tables.foundations)


HEADER_WIDTH = 79
"""The widest line of piles above the tableau."""


def _columns(state: Observation, piles: tuple[int, ...]) -> list[str]:
    names = [state.variant.piles[i].id.name.rjust(3) for i in piles]
    lines = [" ".join(names)]
    columns = [
        [_code(c) for c in state.piles[i]] for i in piles
    ]
    for row in zip_longest(*columns, fillvalue="  "):
        lines.append(" ".join(word.rjust(3) for word in row).rstrip())
    return lines


def _pyramid(state: Observation, piles: tuple[int, ...]) -> list[str]:
    """Overlapping rows drawn where they lie: the open row four characters a card, and
    each covered card centred over the cards covering it (a pyramid, Tri-Peaks' peaks),
    each row named at its right by its places, left to right (``t2-t3``), for moves
    written exactly (``t25+t3``)."""
    t = state.variant.tables
    place: dict[int, float] = {}
    depth: dict[int, int] = {}

    def locate(i: int) -> tuple[float, int]:
        if i not in place:
            over = t.covered[i]
            if not over:
                place[i], depth[i] = 4.0 * len([p for p in place if not t.covered[p]]), 0
            else:
                found = [locate(c) for c in over]
                place[i] = sum(x for x, _ in found) / len(found)
                depth[i] = max(d for _, d in found) + 1
        return place[i], depth[i]

    for i in piles:
        if not t.covered[i]:
            locate(i)
    for i in piles:
        locate(i)
    rows = []
    for level in range(max(depth.values(), default=0), -1, -1):
        row = sorted((place[i], i) for i in piles if depth[i] == level)
        line = ""
        for x, i in row:
            line = line.ljust(round(x)) + (_code(state.piles[i][-1]) if state.piles[i] else "  ")
        names = [state.variant.piles[i].id.name for _, i in row]
        rows.append((line, names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}"))
    width = max(round(max(place.values(), default=0.0)) + 2, *(len(line) for line, _ in rows))
    return [f"{line.ljust(width)}    {named}" for line, named in rows]


def _grid(state: Observation, piles: tuple[int, ...], across: int) -> list[str]:
    """Places in rows of ``across`` (Montana's four of thirteen), each row led by its
    first place's name and each place showing its top card, a gap its place's number
    (so that ``3H t19`` can name the gap, and a refusal's "place 19" can be found)."""
    lines = []
    for first in range(0, len(piles), across):
        row = piles[first : first + across]
        name = state.variant.piles[row[0]].id.name
        shown = (_top(state, i) if state.piles[i] else f"{state.variant.piles[i].id.number:>2}" for i in row)
        lines.append(f"{name:>4}: " + " ".join(shown))
    return lines


def render_state(state: State) -> str:
    """The position drawn as text: stock, waste, foundations and cells on top, then the
    tableau as columns, as a pyramid, or as a grid's rows. Face-down cards show as
    ``##``: the picture is drawn from what the observer lets a player see.
    """
    seen = observe(state)
    tableau = seen.variant.tables.tableau
    covered = any(seen.variant.piles[i].covered_by for i in tableau)
    across = seen.variant.traits.row_length
    body = (
        _pyramid(seen, tableau) if covered
        else _grid(seen, tableau, across) if seen.variant.traits.layout is Layout.GRID and across
        else _columns(seen, tableau)
    )
    return "\n".join([_header(seen), "", *body]) + "\n"
