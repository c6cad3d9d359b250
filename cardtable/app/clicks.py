"""What a click on a card may mean: the piles it may go to, and the move most likely
meant when the player names no target; and what two cards named together mean."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.app.hints import RANKER
from cardtable.cards import Card, card_of
from cardtable.cards.words import listed, number_word
from cardtable.solitaire import WON_ALREADY, Move, MoveKind, Play, State, Variant, apply, check, is_won, legal_moves
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rules.gaps import why_no_gap
from cardtable.solitaire.rules.groups import WHOLE_PILES, movable_count
from cardtable.solitaire.rules.pairs import why_unpaired
from cardtable.solitaire.rules.stock import StockTarget


def plays(variant: Variant, pile: int) -> bool:
    """Whether a click on the pile's top card picks it up: a pile whose cards move, or a
    stock whose top card lies face up to be played (Strategy) or paired (Pyramid)."""
    spec = variant.piles[pile]
    return spec.group is not None or (spec.kind is PileKind.STOCK and variant.stock.face_up)


def deals(variant: Variant, pile: int) -> bool:
    """Whether the pile is a stock that deals (or turns over) when clicked."""
    return variant.piles[pile].kind is PileKind.STOCK and variant.stock.target is not StockTarget.NONE


def deals_on_click(state: State, pile: int, picked: int | None) -> bool:
    """Whether a click on the stock deals: always where its top card does not play;
    where it does, a second click on it once picked up (``picked``, the pile of the
    card picked up, if any), or a click on it empty (to turn the waste over)."""
    if not plays(state.variant, pile):
        return True
    return deals(state.variant, pile) and (picked == pile or not state.piles[pile])


def targets(state: State, source: int, count: int) -> list[int]:
    """The piles the top ``count`` cards of ``source`` may go to: in a game of pairs,
    the piles of the cards the card pairs with, and the foundations if it goes alone."""
    return reached(where_to(state).get(source, ()), count)


def played_by_click(state: State, pile: int, position: int) -> int | None:
    """The one place a click on the card at ``position`` plays it (``plays_at_click``),
    since it can do nothing else; None where it may do more, or nothing.

    >>> from cardtable.solitaire import get_variant
    >>> golf = get_variant("golf").start(4)  # the waste shows Q♣: J♦ of column 4 goes on it, 5♦ of column 3 nowhere
    >>> t3, t4 = golf.variant.index_of_name("t3"), golf.variant.index_of_name("t4")
    >>> played_by_click(golf, t4, 4) == golf.variant.index_of_name("waste"), played_by_click(golf, t3, 4)
    (True, None)
    """
    if not state.hidden[pile] <= position < len(state.piles[pile]):  # (a face-down card plays nowhere)
        return None
    count = count_of(state, pile, position)
    places = targets(state, pile, count)
    if plays_at_click(state.variant, pile, places):
        return places[0]
    only = the_only_move(state)
    return only.target if only is not None and only.source == pile and only.count == count else None


def the_only_move(state: State) -> Move | None:
    """The table's one move, a card's, where nothing else at all can be done (Clock's
    turned card, every time): a click on that card plays it.

    >>> from cardtable.solitaire import get_variant
    >>> clock = get_variant("clock").start(1)
    >>> clock.variant.pile_names[the_only_move(clock).source]
    'waste'
    >>> the_only_move(get_variant("golf").start(4)) is None  # several cards go to the waste, and the stock deals
    True
    """
    moves = legal_moves(state)
    if len(moves) != 1 or moves[0].kind is not MoveKind.MOVE or moves[0].target is None:
        return None
    return moves[0]


def plays_at_click(variant: Variant, pile: int, places: Sequence[int]) -> bool:
    """Whether a click on a card of ``pile`` whose places are ``places`` plays it, as it
    can do nothing else: a column's card whose one place is the waste (Golf, Tri-Peaks;
    in Pyramid, a card whose one partner is the waste's top), or in a game of pairs a
    card that goes out alone and pairs with none (a Pyramid King)."""
    if len(places) != 1:
        return False
    goes_to = variant.piles[places[0]].kind
    if variant.pairs is not None and goes_to is PileKind.FOUNDATION:
        return True
    return variant.piles[pile].kind is PileKind.TABLEAU and goes_to is PileKind.WASTE


def played_by_clicks(state: State, every: dict[int, dict[int, list[int]]]) -> dict[int, list[int]]:
    """The positions of the cards a click plays (``plays_at_click``, or the table's only
    move), by pile, from ``every_target``'s answer for ``state``."""
    found = {p: [at for at, to in each.items() if plays_at_click(state.variant, p, to)] for p, each in every.items()}
    if (only := the_only_move(state)) is not None and only.source is not None:
        found.setdefault(only.source, []).append(len(state.piles[only.source]) - only.count)
    return {p: sorted(set(ats)) for p, ats in found.items() if ats}


Goes = Sequence[tuple[int | None, int]]
"""Where a pile's cards may go: (count, pile) in the legal moves' order, with no count
where it does not matter (a card paired, or going home alone)."""


def where_to(state: State) -> dict[int, list[tuple[int | None, int]]]:
    """Where each pile's cards may go, from one look at the legal moves."""
    homes = list(state.variant.piles_of(PileKind.FOUNDATION))
    found: dict[int, list[tuple[int | None, int]]] = {}
    for m in legal_moves(state):
        if m.kind is MoveKind.MOVE and m.source is not None and m.target is not None:
            found.setdefault(m.source, []).append((m.count, m.target))
        elif m.kind is MoveKind.PAIR and m.source is not None:
            # with the card on another pile (either way round), or alone to the foundations
            found.setdefault(m.source, []).extend((None, t) for t in (homes if m.target is None else [m.target]))
            if m.target is not None:
                found.setdefault(m.target, []).append((None, m.source))
    return found


def count_of(state: State, pile: int, position: int) -> int:
    """How many cards the card at ``position`` of ``pile`` (negative: from the top)
    moves with what lies on it; IndexError, worded for the player, when there is none,
    or when it lies face down in a game of pairs."""
    cards = state.piles[pile]
    if not cards:
        raise IndexError(f"{state.variant.piles[pile].id.title} is empty")
    at = position + len(cards) if position < 0 else position
    if not 0 <= at < len(cards):
        raise IndexError(f"there is no card {position} in {state.variant.piles[pile].id.title}")
    if at < state.hidden[pile] and state.variant.traits.play is Play.PAIRS:
        # a pair's move names no count, so the card under the top would stand for the top
        raise IndexError(f"card {position} of {state.variant.piles[pile].id.title} lies face down; only a face-up card pairs")
    group = state.variant.piles[pile].group
    if group is not None and group.kind in WHOLE_PILES:
        return len(cards)  # any of its cards names the pile: it moves whole (Accordion)
    return len(cards) - at


def every_target(state: State) -> dict[int, dict[int, list[int]]]:
    """``targets`` of every face-up card that may go somewhere, from one look at the
    legal moves: ``{pile: {position: piles}}``."""
    found: dict[int, dict[int, list[int]]] = {}
    for source, goes in where_to(state).items():
        each = {}
        for at in range(state.hidden[source], len(state.piles[source])):
            if piles := reached(goes, count_of(state, source, at)):
                each[at] = piles
        if each:
            found[source] = each
    return found


def reached(goes: Goes, count: int) -> list[int]:
    """The piles of ``goes`` that the top ``count`` cards may go to, each once."""
    return list(dict.fromkeys(target for n, target in goes if n is None or n == count))


def choices(state: State, source: int, count: int) -> list[int]:
    """The places the top ``count`` cards of ``source`` may go where the choice matters:
    each card they may build on, and one empty pile of each group of alike piles that
    takes them (Klondike's empty columns are alike; a Montana gap has neighbours of its
    own, so each is a choice); never a foundation or a free cell (home is meant, a cell
    only parks).

    >>> from cardtable.solitaire import MoveKind, apply, get_variant, legal_moves
    >>> calculation = get_variant("calculation").start(1)
    >>> turned = apply(calculation, next(m for m in legal_moves(calculation) if m.kind is MoveKind.DEAL))
    >>> waste = turned.variant.index_of_name("waste")
    >>> len(choices(turned, waste, 1))  # four empty waste piles, all alike: one choice
    1
    >>> placed = apply(turned, next(m for m in legal_moves(turned) if m.source == waste and m.target is not None
    ...                              and turned.variant.piles[m.target].kind.value == "tableau"))
    >>> turned_again = apply(placed, next(m for m in legal_moves(placed) if m.kind is MoveKind.DEAL))
    >>> len(choices(turned_again, waste, 1))  # on the card just placed, or a pile of its own
    2
    """
    found: list[int] = []
    alike = {pile: group for group in state.variant.tables.symmetric for pile in group}
    empty_groups: set[tuple[int, ...]] = set()
    for target in targets(state, source, count):
        kind = state.variant.piles[target].kind
        if kind in (PileKind.FOUNDATION, PileKind.CELL):
            continue
        if not state.piles[target]:
            group = alike.get(target, (target,))
            if group in empty_groups:
                continue
            empty_groups.add(group)
        found.append(target)
    return found


def guess(state: State, source: int, count: int) -> Move | None:
    """The move a click on this card most likely means, trying in turn: home, build,
    pair (named either way round: the card may be a pair's second), free cell, empty
    pile (the heuristic's best first among equals)."""
    piles = state.variant.piles
    mine = [m for m in legal_moves(state)
            if m.source == source and (m.count == count or m.kind is MoveKind.PAIR)
            or m.kind is MoveKind.PAIR and m.target == source]
    if not mine:
        return None
    ranked = {h.move: h.score for h in RANKER.best_moves(state)}

    def kind_of(move: Move) -> int:
        if move.kind is MoveKind.PAIR:
            return 2
        target = piles[move.target or 0]
        if target.kind is PileKind.FOUNDATION:
            return 0
        if target.kind is PileKind.CELL:
            return 3
        return 1 if state.piles[move.target or 0] else 4

    return min(mine, key=lambda m: (kind_of(m), -ranked.get(m, 0)))


def nearness(state: State, source: int, count: int, foundation: int) -> int:
    """Which foundation's refusal says most (lowest first): one of the card's suit, an
    empty one, another."""
    held, moving = state.piles[foundation], state.piles[source]
    if held and len(moving) >= count and held[-1].suit == moving[-count].suit:
        return 0
    return 1 if not held else 2


Places = list[tuple[int, int]]
"""Where a card lies face up: (pile, position) for each copy showing."""


def two_cards(state: State, card: Card, onto: Card, at: Places, onto_at: Places) -> tuple[Move | None, str]:
    """Two cards named together (``8H 9C``): the move that builds the first, with the
    cards on it, on the second, else the pair the two make; or None and why neither may
    be done. ``at`` and ``onto_at``: where each lies face up."""
    piles = state.piles
    variant = state.variant
    if variant.pairs is None and list(at) == list(onto_at) and len(at) == 1:  # one card, named twice
        return None, f"{card.symbol} can't go on itself: name the card to move, then where it goes"
    on_top = [[i for i, n in found if n == len(piles[i]) - 1] for found in (at, onto_at)]
    builds = [Move(MoveKind.MOVE, i, j, len(piles[i]) - n) for i, n in at for j in on_top[1]]
    pairs = [] if variant.pairs is None else [Move(MoveKind.PAIR, i, j) for i in on_top[0] for j in on_top[1] if i != j]
    reasons, legal = [], []
    for move in builds + pairs:
        verdict = check(state, move)
        if verdict.ok:
            legal.append(move)
        else:
            reasons.append(verdict.reason)
    ways = _apart(state, legal)
    if len(ways) > 1:  # two copies of a card (two decks): which is meant is the player's to say
        said = listed([f"{variant.pile_names[m.source or 0]} {variant.pile_names[m.target or 0]}" for m in ways], "or")
        return None, f"{card.symbol} can go on {onto.symbol} {number_word(len(ways))} ways: say which, as {said}"
    if legal:
        return legal[0], ""
    if variant.pairs is None:
        return None, reasons[0] if reasons else f"{onto.symbol} is covered: cards go only on a pile's top card"
    if pairs:
        return None, reasons[-1]  # in a game of pairs the pair is what was meant
    if on_top[0] and on_top[1]:
        return None, "a card can't pair with itself"
    for named, found in ((card, at), (onto, onto_at)):  # on the discards, not under a card
        if all(i in variant.tables.foundation_set for i, _ in found):
            return None, f"{named.symbol} has been removed already"
    return None, f"{(onto if not on_top[1] else card).symbol} is covered: only exposed cards pair"


def _apart(state: State, moves: list[Move]) -> list[Move]:
    """``moves`` less those that end where an earlier one does, as the player sees the
    table (interchangeable piles swapped alike): whether two end alike must not tell
    of face-down cards."""
    ends: set[tuple[object, ...]] = set()
    kept = []
    for move in moves:
        after = apply(state, move).piles  # a card the move turns up counts as unseen: it is not seen yet
        seen = [tuple(None if n < state.hidden[i] else card for n, card in enumerate(cards)) for i, cards in enumerate(after)]
        end = list(seen)
        for group in state.variant.tables.symmetric:
            for pile, cards in zip(group, sorted((seen[i] for i in group), key=repr)):
                end[pile] = cards
        if tuple(end) not in ends:
            ends.add(tuple(end))
            kept.append(move)
    return kept


def why_nowhere(state: State, source: int, position: int) -> str:
    """Why the card at ``position`` of ``source`` (-1: its top) plays nowhere: the game
    is won; in a game of pairs, a card removed already; a stock's card, dealt rather than moved; else
    ``why_stuck``.

    >>> from cardtable.solitaire import get_variant
    >>> golf = get_variant("golf").start(617)  # the waste shows J♦; column 1 ends in A♣
    >>> why_nowhere(golf, golf.variant.index_of_name("t1"), -1)
    "A♣ can't go on J♦: build up or down by one regardless of suit"
    """
    variant = state.variant
    if is_won(state):
        return WON_ALREADY
    if variant.pairs is not None and source in variant.tables.foundation_set:
        return "that card has been removed already"
    cards = state.piles[source]
    if variant.pairs is not None and cards and position % len(cards) >= state.hidden[source]:  # (a face-down card: not named)
        card = cards[position]
        if position % len(cards) < len(cards) - 1:
            return f"{card.symbol} is under {cards[-1].symbol}: only exposed cards pair"
        covering = [p for p in variant.tables.covered[source] if state.piles[p]]
        if covering:
            shown = [state.piles[p][-1].symbol for p in covering if state.hidden[p] < len(state.piles[p])]
            by = f" by {listed(shown)}" if len(shown) == len(covering) else ""
            return f"{card.symbol} is covered{by}: only exposed cards pair"
        alone = why_unpaired(state, source)
        if alone:
            return alone
    if source in variant.piles_of(PileKind.STOCK) and not variant.stock.face_up:
        return "cards in the stock are dealt, not moved: deal turns them"
    return why_stuck(state, source, position)


def why_stuck(state: State, source: int, position: int) -> str:
    """Why the card at ``position`` of ``source`` (-1: its top) has no move: it is home
    already, or the cards on it keep it there, or every pile that takes cards refuses it
    for one reason (Golf's waste, its only one), in the engine's own words; else that
    nothing takes it now."""
    cards, spec = state.piles[source], state.variant.piles[source]
    at = position % len(cards) if cards else 0
    if cards and spec.kind is PileKind.FOUNDATION:
        return f"{cards[at].symbol} is on {spec.id.title} already"
    held = held_by_pile(state, source, at)
    if held:
        return held
    count = len(cards) - at
    said_by = {j: check(state, Move(MoveKind.MOVE, source, j, count)).reason
               for j, other in enumerate(state.variant.piles) if j != source and other.takes_cards}
    said = set(said_by.values())
    if len(said) == 1:
        return said.pop()
    return (count == 1 and why_no_gap(state, cards[at])) or _builds_only_on(state, source, at, said_by) or (
        "that card has no legal move now")


def _builds_only_on(state: State, source: int, at: int, said_by: dict[int, str]) -> str:
    """Why the card at ``at`` of ``source``, which every column refuses by the columns'
    one build rule, goes nowhere: it builds on no column's last card, then what an empty
    column and the foundations say; "" where the refusals are not all the build rule's,
    or the card builds on no card at all. No other card is named: the cards it would
    build on may lie face down.

    >>> from cardtable.solitaire import get_variant
    >>> klondike = get_variant("klondike").start(1)
    >>> t1 = klondike.variant.index_of_name("t1")
    >>> print(why_stuck(klondike, t1, -1))
    4♠ builds on no column's last card (build down by one in alternating colours); no foundation takes it yet
    """
    variant = state.variant
    card, deck = state.piles[source][at], variant.deck
    full = [j for j in variant.tables.tableau if j != source and state.piles[j]]
    rule = variant.piles[full[0]].build if full else None
    if rule is None or not all(said_by.values()) or any(variant.piles[j].build != rule or said_by.get(j) != (
            f"{card.symbol} can't go on {state.piles[j][-1].symbol}: {rule.phrase}") for j in full):
        return ""
    if not any(rule.allows(deck, card_of(r, s), card) for s in deck.suits for r in deck.ranks):
        return ""
    word = variant.piles[full[0]].id.title.rsplit(" ", 1)[0]
    parts = [f"{card.symbol} builds on no {word}'s last card ({rule.phrase})"]
    parts += sorted({said_by[j] for j in variant.tables.tableau if j != source and not state.piles[j]})[:1]
    if variant.tables.foundations:
        parts.append("no foundation takes it yet")
    return "; ".join(parts)


def held_by_pile(state: State, source: int, at: int) -> str:
    """Why the face-up card at ``at`` of ``source`` can't be lifted at all, with the cards
    on it: the pile's own rule (the engine's words); "" if it can be."""
    count = len(state.piles[source]) - at
    if count > movable_count(state, source) and state.variant.piles[source].group is not None:
        onto = next(j for j in range(len(state.variant.piles)) if j != source)
        return check(state, Move(MoveKind.MOVE, source, onto, count)).reason
    return ""
