"""``check``: whether a move is legal and, if not, why, in words a player understands.

It reads the same atoms the move generator was compiled from; the conformance tests
hold ``check`` and ``legal_moves`` to exactly the same set of moves.
"""

from __future__ import annotations

from cardtable.solitaire.engine import can_deal, exposed_piles, movable_count, supermove_limits
from cardtable.solitaire.model import LEGAL, Move, MoveKind, PileKind, State, Verdict
from cardtable.solitaire.rules.groups import GroupKind
from cardtable.solitaire.rules.stock import StockTarget


class IllegalMove(ValueError):
    """Raised by ``apply`` for a move that ``check`` rejects; the message says why."""


def check(state: State, move: Move) -> Verdict:
    """Judge ``move`` in ``state``.

    >>> from cardtable.solitaire.registry import get_variant
    >>> state = get_variant("freecell").start(1)
    >>> check(state, Move(MoveKind.DEAL)).reason
    'FreeCell has no stock to deal from'
    """
    if move.kind is MoveKind.MOVE:
        return _check_transfer(state, move)
    if move.kind is MoveKind.DEAL:
        return _check_deal(state)
    if move.kind is MoveKind.REDEAL:
        return _check_redeal(state)
    return _check_pair(state, move)


def _no(reason: str) -> Verdict:
    return Verdict(False, reason)


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _face_up_count(count: int, title: str) -> str:
    if count == 0:
        return f"no card on {title} is face up"
    return f"only 1 card on {title} is face up" if count == 1 else f"only {count} cards on {title} are face up"


def _top_card(state: State, pile: int) -> str:
    """The top card of a non-empty pile as a player may name it: never a face-down card."""
    if state.hidden[pile] >= len(state.piles[pile]):
        return f"the face-down card on top of {state.variant.piles[pile].id.title}"
    return state.piles[pile][-1].symbol


def _pile_problem(state: State, pile: int | None) -> str | None:
    if pile is None or not 0 <= pile < len(state.piles):
        return f"there is no pile number {pile} in {state.variant.name}"
    return None


def _check_transfer(state: State, move: Move) -> Verdict:
    # Called for every generated move by hints, auto-play and the conformance tests:
    # the common, legal path is kept short; the words are built only for a refusal.
    variant = state.variant
    piles = state.piles
    i, j, k = move.source, move.target, move.count
    if i is None or j is None or not (0 <= i < len(piles) and 0 <= j < len(piles)):
        return _no(_pile_problem(state, i) or _pile_problem(state, j) or "")
    source, target = variant.piles[i], variant.piles[j]
    cards = piles[i]
    if i == j:
        return _no("cards can't move onto their own pile")
    if k < 1:
        return _no("a move carries at least one card")
    if not cards:
        return _no(f"{source.id.title} is empty: there is nothing to move")
    group = source.group
    if group is None:
        return _no(_why_fixed(state, i))
    covered = variant.tables.covered
    if covered[i] and any(piles[c] for c in covered[i]):
        return _no(f"{_top_card(state, i)} is still covered by other cards")
    hidden = state.hidden[i]
    face_up = len(cards) - hidden
    if k > face_up:
        if hidden:
            return _no(f"{_face_up_count(face_up, source.id.title)}; face-down cards can't move")
        return _no(f"{source.id.title} holds only {_cards(face_up)}")
    moving = cards[-k]
    kind = group.kind
    most = movable_count(state, i)
    if kind is GroupKind.WHOLE and k != most:
        return _no(f"{group.phrase} ({most} cards from {source.id.title})")
    if k > most:
        if kind is GroupKind.ONE:
            return _no(group.phrase)
        rule = group.rule or source.build
        assert rule is not None
        return _no(f"{moving.symbol} can't move with the cards on it: they must {rule.phrase}")
    build = target.build
    if not target.takes_cards:
        return _no(f"no card may be played to {target.id.title}")
    if source.id.kind is PileKind.FOUNDATION and target.id.kind is PileKind.FOUNDATION:
        return _no("cards don't move from one foundation to another")
    if k > 1 and target.one_at_a_time:
        return _no(f"{target.id.title} takes one card at a time")
    held = piles[j]
    if target.capacity is not None and len(held) + k > target.capacity:
        return _no(f"{target.id.title} holds only {_cards(target.capacity)}")
    if covered[j] and any(piles[c] for c in covered[j]):
        return _no(f"{target.id.title} is covered by other cards")
    if kind is GroupKind.SUPERMOVE:
        on, empty = supermove_limits(state)
        limit = on if held else empty
        if k > limit:
            return _no(
                f"only {_cards(limit)} can move now: (free cells + 1) x 2^(empty columns)"
                + (", not counting the column moved to" if not held else "")
            )
    if not held:
        if not target.empty.accepts(moving):
            return _no(f"{moving.symbol} can't go on the empty {target.id.title}: it takes {target.empty.phrase}")
        return LEGAL
    if build is None:
        return _no(f"nothing may be played onto {target.id.title}")
    if state.hidden[j] >= len(held):
        return _no(f"{target.id.title} ends in a face-down card")
    top = held[-1]
    if not build.allows(variant.deck, top, moving):
        return _no(f"{moving.symbol} can't go on {top.symbol}: {build.phrase}")
    return LEGAL


def _why_fixed(state: State, pile: int) -> str:
    spec = state.variant.piles[pile]
    if spec.kind is PileKind.STOCK:
        return "cards in the stock are dealt, not moved"
    if spec.kind is PileKind.FOUNDATION:
        return f"cards on {spec.id.title} stay there in {state.variant.name}"
    if state.variant.pairs is not None:
        return f"cards are removed in pairs in {state.variant.name}, not moved"
    return f"cards on {spec.id.title} can't be moved"


def _check_deal(state: State) -> Verdict:
    variant = state.variant
    t = variant.tables
    if variant.stock.target is StockTarget.NONE or t.stock is None:
        return _no(f"{variant.name} has no stock to deal from")
    if not state.piles[t.stock]:
        if _check_redeal(state).ok:
            return _no("the stock is empty: redeal to turn the waste over")
        return _no("the stock is empty")
    if not can_deal(state):
        return _no("deal only when every column holds at least one card")
    return LEGAL


def _check_redeal(state: State) -> Verdict:
    variant = state.variant
    t = variant.tables
    if variant.stock.target is not StockTarget.WASTE or t.stock is None or t.waste is None:
        return _no(f"{variant.name} has no waste to redeal")
    if state.piles[t.stock]:
        return _no("the stock still has cards: deal them first")
    if not state.piles[t.waste]:
        return _no("the waste is empty: there is nothing to redeal")
    allowed = variant.stock.redeals_allowed
    if allowed is not None and state.redeals >= allowed:
        passes = variant.stock.passes
        times = "a single pass" if passes == 1 else f"{passes} passes"
        return _no(f"no redeals left: {variant.name} allows {times} through the stock")
    return LEGAL


def _check_pair(state: State, move: Move) -> Verdict:
    variant = state.variant
    rule = variant.pairs
    if rule is None:
        return _no(f"{variant.name} has no pairing of cards")
    i, j = move.source, move.target
    problem = _pile_problem(state, i) or (None if j is None else _pile_problem(state, j))
    if problem:
        return _no(problem)
    assert i is not None
    if i == j:
        return _no("a card can't pair with itself")
    exposed = exposed_piles(state)
    for pile in (i,) if j is None else (i, j):
        if pile not in exposed:
            return _no(_why_not_exposed(state, pile))
    first = state.piles[i][-1]
    if j is None:
        if not rule.is_single(first):
            return _no(f"{first.symbol} can't go alone: {rule.phrase}")
        return LEGAL
    second = state.piles[j][-1]
    if not rule.matches(first, second):
        return _no(f"{first.symbol} and {second.symbol} don't pair: {rule.phrase}")
    return LEGAL


def _why_not_exposed(state: State, pile: int) -> str:
    """Why a pile's top card can't pair, naming it only if a player can see it."""
    spec = state.variant.piles[pile]
    cards = state.piles[pile]
    if not cards:
        return f"{spec.id.title} is empty"
    if spec.kind is PileKind.STOCK:
        return "the stock's cards are face down: deal one to the waste to play it"
    if pile not in state.variant.tables.exposable:
        return f"cards on {spec.id.title} are out of play"
    if state.hidden[pile] >= len(cards):
        return f"the top card of {spec.id.title} is face down"
    return f"{cards[-1].symbol} is covered: only exposed cards pair"
