"""Moving cards from pile to pile: the pile atoms (build, empty, group, capacity, one at a
time, covering) judged together.

Each pile atom says its own part in words (``BuildRule.phrase``, ``EmptyRule.phrase``,
``Group.phrase``) and compiles its own table (``BuildRule.table``, ``EmptyRule.table``);
this module is where they meet: the check that explains a refusal, the generator that
reads the compiled tables, and the move itself. The conformance tests hold the check and
the generator to exactly the same set of moves.
"""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.solitaire.model import LEGAL, Move, PileKind, State, Verdict
from cardtable.solitaire.rules.clearing import clear_run
from cardtable.solitaire.rules.discard import check_discard
from cardtable.solitaire.rules.empty import base_rank, based_rank
from cardtable.solitaire.rules.groups import GroupKind, movable_count, supermove_limits, through
from cardtable.solitaire.rules.refill import refill
from cardtable.solitaire.rules.reveal import settle
from cardtable.solitaire.rules.turning import turn_up
from cardtable.solitaire.rules.rows import check_rows, drop_unranked
from cardtable.solitaire.rules.waiting import check_waiting, closed
from cardtable.solitaire.rules.words import cards as count_cards
from cardtable.solitaire.rules.words import no, pile_problem, top_card
from cardtable.solitaire.rules.gaps import check_gap
from cardtable.solitaire.rules.grid import reach_words, reaches, slide
from cardtable.solitaire.tables import ANY_CARD, Step, Table

_ONE = GroupKind.ONE
_SUPERMOVE = GroupKind.SUPERMOVE
_WHOLE = GroupKind.WHOLE
_ONE_OR_WHOLE = GroupKind.ONE_OR_WHOLE
_BY_TOP = GroupKind.WHOLE_BY_TOP
_SINGLE = (PileKind.WASTE, PileKind.STOCK)


def transfer_moves(state: State, out: list[Move]) -> None:
    """Add every legal transfer to ``out``, in a stable order."""
    # The hot path of every playout and search: kept flat, with table lookups only.
    t = state.variant.tables
    piles = state.piles
    hidden = state.hidden
    candidates: dict[int, list[Step]] = {}
    get = candidates.get
    if t.supermove_sources:
        free = [piles[c] for c in t.cells].count(())
        columns = [piles[c] for c in t.open_columns].count(())
        limit_on = (free + 1) << columns
        limit_empty = (free + 1) << (columns - 1) if columns else free + 1
    else:
        limit_on = limit_empty = 0
    for i, kind, order, cover, steps in t.givers:
        cards = piles[i]
        n = len(cards)
        up = n - hidden[i]
        if up <= 0 or (cover and any(piles[c] for c in cover)):
            continue
        if kind is _ONE or up == 1 or kind is _BY_TOP:
            c = cards[-1].index
            step = steps[1 if kind is _ONE else up]
            found = get(c)
            if found is None:
                candidates[c] = [step]
            else:
                found.append(step)
            continue
        if order is not None:
            if kind is _SUPERMOVE and up > limit_on:
                up = limit_on
            most = 1
            below = cards[-1].index
            while most < up:
                above = below
                below = cards[n - most - 1].index
                if above not in order[below]:
                    break
                most += 1
        else:
            most = up
        if kind is _ONE_OR_WHOLE:
            counts: range | tuple[int, ...] = (1, up) if most == up else (1,)
        else:
            counts = range(most if kind is _WHOLE else 1, most + 1)
        for k in counts:
            c = cards[n - k].index
            found = get(c)
            if found is None:
                candidates[c] = [steps[k]]
            else:
                found.append(steps[k])
    if not candidates:
        return
    foundations = t.foundation_set
    super_sources = t.supermove_sources
    base = base_rank(state) if t.by_base else None
    shut = closed(state)
    start = len(out)
    for j, table, empty, cap, one_in, cover, to_foundation, from_base, feeders in t.receivers:
        cards = piles[j]
        held = len(cards)
        if (cover and any(piles[c] for c in cover)) or j in shut:
            continue
        if held:
            if table is None or hidden[j] >= held or (cap is not None and held >= cap):
                continue
            for c in table[cards[-1].index]:
                found = get(c)
                if found is None:
                    continue
                for i, k, row in found:  # same filter as below, for an occupied target
                    if k > 1 and (one_in or (cap is not None and held + k > cap) or (k > limit_on and i in super_sources)):
                        continue
                    if i == j or (to_foundation and i in foundations) or (feeders is not None and i not in feeders):
                        continue
                    out.append(row[j][k])
        else:
            if from_base is not None:
                if base is None:
                    continue
                empty = t.rank_cards[based_rank(state.variant.deck, base, from_base)]
            lead = t.follows[j]
            if lead is not None:
                empty = _follows(piles, lead)
            for c, found in candidates.items():
                if empty is not ANY_CARD and c not in empty:
                    continue
                for i, k, row in found:
                    if k > 1 and (one_in or (cap is not None and k > cap) or (k > limit_empty and i in super_sources)):
                        continue
                    if i == j or (to_foundation and i in foundations) or (feeders is not None and i not in feeders):
                        continue
                    out.append(row[j][k])
    drop_unranked(state, out, start)


def check_transfer(state: State, move: Move) -> Verdict:
    """Whether ``move`` may carry its cards, and if not, why."""
    # Called for every generated move by hints, auto-play and the conformance tests:
    # the common, legal path is kept short; the words are built only for a refusal.
    variant = state.variant
    piles = state.piles
    i, j, k = move.source, move.target, move.count
    if i is None or j is None or not (0 <= i < len(piles) and 0 <= j < len(piles)):
        return no(pile_problem(state, i) or pile_problem(state, j) or "")
    source, target = variant.piles[i], variant.piles[j]
    cards = piles[i]
    if i == j:
        shown = 0 < k <= len(cards) - state.hidden[i]  # a face-down card is never named
        return no(f"{cards[-k].symbol} is on {source.id.title} already" if shown else "cards can't move onto their own pile")
    if k < 1:
        return no("a move carries at least one card")
    if not cards:
        return no(f"{source.id.title} is empty: there is nothing to move")
    group = source.group
    if group is None:
        return no(_why_fixed(state, i))
    covered = variant.tables.covered
    if covered[i] and any(piles[c] for c in covered[i]):
        return no(f"{top_card(state, i)} is still covered by other cards")
    hidden = state.hidden[i]
    face_up = len(cards) - hidden
    if k > face_up:
        if hidden:
            return no(f"{_face_up_count(face_up, source.id.title)}; face-down cards can't move")
        return no(f"{source.id.title} holds only {count_cards(face_up)}")
    kind = group.kind
    moving = cards[-1] if kind is _BY_TOP else cards[-k]
    # One face-up, uncovered card always moves where a group is not a whole pile, and a
    # supermove always carries one: most moves are of one card, so the counts are skipped.
    whole = kind is GroupKind.WHOLE or kind is _BY_TOP
    most = 1 if k == 1 and not whole else movable_count(state, i)
    if whole and k != most:
        return no(f"{group.phrase} ({most} cards from {source.id.title})")
    if kind is GroupKind.ONE_OR_WHOLE and k not in (1, face_up):
        return no(f"{group.phrase} ({count_cards(face_up)} on {source.id.title})")
    if k > most:
        if kind is GroupKind.ONE:
            over = cards[-1].symbol if k == 2 else count_cards(k - 1)
            return no(f"{moving.symbol} lies under {over}: {group.phrase}")
        rule = group.rule or source.build
        assert rule is not None
        return no(f"{moving.symbol} can't move with the cards on it: they must {rule.phrase}")
    if variant.discard is not None and j == variant.tables.foundations[0]:
        return check_discard(state, i)
    build = target.build
    if not target.takes_cards:  # (saying what it does take, where it has a rule for that: Spider's complete runs)
        taken = target.empty.phrase if target.empty is not None and not target.empty.phrase.startswith("nothing") else ""
        return no(f"{target.id.title} takes {taken}" if taken else f"no card may be played to {target.id.title}")
    if source.id.kind is PileKind.FOUNDATION and target.id.kind is PileKind.FOUNDATION:
        return no("cards don't move from one foundation to another")
    if source.id.kind is PileKind.CELL and target.id.kind is PileKind.CELL:
        return no("cards don't move from one free cell to another: it would change nothing")
    if k > 1 and target.one_at_a_time:
        return no(f"{target.id.title} takes one card at a time")
    held = piles[j]
    if target.capacity is not None and len(held) + k > target.capacity:
        if target.capacity == 1 and held:  # a free cell, a place of a grid
            return no(f"{target.id.title} holds a card already: only an empty one takes a card")
        return no(f"{target.id.title} holds only {count_cards(target.capacity)}")
    if covered[j] and any(piles[c] for c in covered[j]):
        return no(f"{target.id.title} is covered by other cards")
    if target.fed_from is not None and source.kind is not target.fed_from:
        feeder = "the " + target.fed_from.value if target.fed_from in _SINGLE else target.fed_from.value + " piles"
        return no(f"{target.id.title} takes cards only from {feeder}")
    if variant.reach is not None and not reaches(state, i, j):
        return no(reach_words(variant.reach))
    waiting = check_waiting(state, j)
    if waiting is not None:
        return waiting
    if kind is GroupKind.SUPERMOVE and k > 1:
        on, empty = supermove_limits(state)
        limit = on if held else empty
        if k > limit:
            return no(
                f"only {count_cards(limit)} can move now: {through(variant)[1]}"
                + (f", not counting the {variant.tableau_word} moved to" if not held and j in variant.tables.open_columns else "")
            )
    if not held:
        starts = target.empty
        if starts.after is not None:
            return check_gap(state, j, moving)
        base = None if starts.from_base is None else base_rank(state)
        if starts.from_base is not None and base is None:
            return no(f"{target.id.title} waits for the deal to set the base rank")
        if not starts.accepts(moving, variant.deck, base):
            words = starts.words(variant.deck, base)
            return no(f"{moving.symbol} can't go on the empty {target.id.title}: it takes {words}")
        return _rows_verdict(state, j, moving)
    if build is None:
        return no(f"nothing may be played onto {target.id.title}")
    if state.hidden[j] >= len(held):
        return no(f"{target.id.title} ends in a face-down card")
    top = held[-1]
    if not build.allows(variant.deck, top, moving):
        return no(f"{moving.symbol} can't go on {top.symbol}: {build.phrase}")
    return _rows_verdict(state, j, moving)


def _rows_verdict(state: State, j: int, moving: Card) -> Verdict:
    refused = check_rows(state, j, moving)
    return LEGAL if refused is None else refused


def _follows(piles: tuple[tuple[Card, ...], ...], lead: tuple[int, Table]) -> frozenset[int]:
    """The cards a gap takes: those its rule lets follow the card to its left (none
    when that place is empty too)."""
    left, table = lead
    cards = piles[left]
    return table[cards[-1].index] if cards else frozenset()


def _face_up_count(count: int, title: str) -> str:
    if count == 0:
        return f"no card on {title} is face up"
    return f"only 1 card on {title} is face up" if count == 1 else f"only {count} cards on {title} are face up"


def _why_fixed(state: State, pile: int) -> str:
    spec = state.variant.piles[pile]
    if spec.kind is PileKind.STOCK:
        return "cards in the stock are dealt, not moved"
    if spec.kind is PileKind.FOUNDATION:
        return f"cards on {spec.id.title} stay there in {state.variant.name}"
    pairs = state.variant.pairs
    if pairs is not None:
        top = state.piles[pile][-1] if len(state.piles[pile]) > state.hidden[pile] else None  # (face up only)
        if top is not None and pairs.is_single(top):
            return f"{top.symbol} is removed alone in {state.variant.name}, not moved: remove it on its own"
        return f"cards are removed in pairs in {state.variant.name}, not moved"
    return f"cards on {spec.id.title} can't be moved"


def move_cards(state: State, move: Move, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Carry the move's cards, turn up what they uncover, and clear a completed run."""
    i, j, k = move.source, move.target, move.count
    assert i is not None and j is not None
    variant = state.variant
    cards = piles[i]
    piles[i] = cards[:-k]
    piles[j] = piles[j] + cards[-k:]
    settle(variant, piles, hidden, i)
    refill(variant, piles, hidden, i)
    if variant.closes_up:
        slide(state, piles, hidden)
    if variant.tables.clear_run is not None:
        clear_run(variant, piles, hidden, j)
        clear_run(variant, piles, hidden, i)  # a run the move uncovered (Scorpion moves any cards off one)
    turn_up(variant, piles, hidden, j)
