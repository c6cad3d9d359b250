"""What a player may see: the table as JSON, with face-down cards as bare backs.

Nothing here carries the identity of a face-down card or the order of the stock; a
test checks that over thousands of random positions of every game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardtable.app import Outcome, Session, order_violations
from cardtable.app.autoplay import builds_home, sent_home_at_the_deal
from cardtable.app.clicks import deals, played_by_clicks, plays
from cardtable.cards import Card, Rank
from cardtable.app.scoring import TIME_PENALTY, Scoring
from cardtable.app.service import deal_range
from cardtable.app.showing import give_up_reason
from cardtable.app.standing import Verdict
from cardtable.solitaire import Move, MoveKind, Variant, families, variants
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.rulebook import rule_lines
from cardtable.solitaire.rules.empty import base_rank, based_rank
from cardtable.solitaire.rules.stock import StockTarget

JSON = dict[str, Any]


def layout_of(variant: Variant) -> str:
    """How the page arranges the piles: ``columns``, ``triangle``, ``wings``, ``fans``, ``dial``
    (the clock face) or ``grid`` (a trait; a grid's places in a row travel as the view's
    ``row_length``)."""
    return variant.traits.layout.value


def rules_view(variant: Variant) -> JSON:
    """A game's name and rules: its summary, and a line per part of its declaration."""
    return {"id": variant.id, "name": variant.name, "rules": variant.summary, "rule_lines": rule_lines(variant)}


def catalogue(winnable: frozenset[str]) -> list[JSON]:
    """Every game the page can offer; ``winnable`` (game ids) those with winnable and
    daily deals to deal."""
    games = variants()
    if _MADE[0] != games:  # made once, and again when a game is registered (a family's draws change)
        family_of = {v.id: family for family, members in families().items() for v in members}
        _MADE[:] = [games, [{**_entry(v), "family": family_of[v.id]} for v in games]]
    return [{**entry, "winnable_deals": entry["id"] in winnable} for entry in _MADE[1]]


_MADE: list[Any] = [(), []]
"""The games the catalogue's entries were made for, and the entries: making them compiles
every game's tables and deals each a game (a third of a second for all together)."""


def _entry(variant: Variant) -> JSON:
    """What the catalogue says of ``variant``."""
    return {
        "id": variant.id,
        "name": variant.name,
        "aliases": list(variant.aliases),
        "rules": variant.summary,
        "rule_lines": rule_lines(variant),
        "stock": variant.stock.phrase,
        "scoring": [s.value for s in variant.traits.scorings],
        "default_scoring": (variant.traits.default_scoring or Scoring.UNIFORM).value,
        "layout": layout_of(variant),
        "draw": variant.traits.draw,
        "draws": _draws(variant),
        # As text: a page's numbers are exact only up to 2^53, and most games' run to 2^63 - 1.
        "deal_numbers": [str(number) for number in deal_range(variant)],
        "pairs": variant.pairs is not None,
        "builds_home": builds_home(variant),
        "options": [
            {
                "name": o.name,
                "words": o.words,
                "values": list(o.values),
                "labels": [o.value_words(value) for value in o.values],
                "current": o.current(variant),
            }
            for o in variant.options
        ],
    }


def _draws(variant: Variant) -> dict[str, str] | None:
    """The games of the family played alike but for the cards drawn at a time, by that
    count (the page's draw one / draw three choice), or None when there is no choice.
    Games of one family laid out differently (Klondike and Gargantua) are no such choice."""
    traits = variant.traits
    alike = {
        str(v.traits.draw): v.id
        for v in variants()
        if v.traits.family == traits.family
        and v.traits.default_scoring == traits.default_scoring
        and v.traits.draw
        and v.piles == variant.piles
        and v.deck == variant.deck
    }
    return alike if len(alike) > 1 else None


_DOWN: JSON = {"down": True}


@cache
def _pile_heads(variant: Variant) -> tuple[JSON, ...]:
    """What the view says of each pile besides its cards (the same for every deal)."""
    return tuple(
        {
            "name": spec.id.name,
            "kind": spec.kind.value,
            "title": spec.id.title,
            "covered_by": [p.name for p in spec.covered_by],
            "starts": _starts(spec.empty.ranks),
            # A stock whose top card is played (Strategy) or pairs (Pyramid); one that deals too
            # deals from a second click on it (clicks.deals_on_click; table.js dealsNow).
            "plays": plays(variant, i),
            "deals": deals(variant, i),
        }
        for i, spec in enumerate(variant.piles)
    )


@cache
def _wants(variant: Variant, foundation: int, top: Card) -> str:
    """The rank a foundation topped by ``top`` takes next, where that is not the rank
    after it (Calculation's piles count by twos, threes and fours); '' otherwise."""
    spec, deck = variant.piles[foundation], variant.deck
    if spec.build is None:
        return ""
    ranks = {card.rank for card in deck.cards() if spec.build.allows(deck, top, card)}
    at = deck.ranks.index(top.rank) if top.rank in deck.ranks else -1
    after = deck.ranks[at + 1] if 0 <= at < len(deck.ranks) - 1 else None
    if len(ranks) != 1 or ranks == {after}:
        return ""
    return next(iter(ranks)).label


def _starts(ranks: tuple[Rank, ...] | None) -> str:
    """The rank an empty pile takes, as its place shows it ("A", "5", "Q"), if just one."""
    return ranks[0].label if ranks is not None and len(ranks) == 1 else ""


def table_view(game_id: int, session: Session, version: int) -> JSON:
    """The player's view of a game.

    A random deal of a game with face-down cards, or with redeals that mix the cards by
    its number, goes without the number (``deal`` is null, ``random_deal`` true) until the
    game is over: it would tell every hidden card, or how a redeal lets them fall.
    """
    state = session.state
    variant = session.variant
    seen = session.observation
    places, by_click = _targets(session)
    piles = [
        {**head, "cards": [_DOWN if c is None else {"card": c.code} for c in cards]}
        for head, cards in zip(_pile_heads(variant), seen.piles)
    ]
    for i in variant.piles_of(PileKind.FOUNDATION):  # a foundation that takes an unexpected rank next says which
        cards = state.piles[i]
        wants = _wants(variant, i, cards[-1]) if cards and state.hidden[i] < len(cards) else ""
        if wants:
            piles[i]["wants"] = wants
    if any(spec.empty.from_base is not None for spec in variant.piles):  # its rank, once the deal shows the base
        base = base_rank(state)
        for pile, spec in zip(piles, variant.piles):
            if base is not None and spec.empty.from_base is not None:
                pile["starts"] = based_rank(variant.deck, base, spec.empty.from_base).label
    return {
        "id": game_id,
        "game": variant.id,
        "name": variant.name,
        "deal": seen.deal,
        "random_deal": session.random_deal,
        "daily": session.daily,
        "winnable": session.winnable,
        "daily_day": session.day if session.daily else None,
        "version": version,
        "layout": layout_of(variant),
        "row_length": variant.traits.row_length,
        "draw": variant.traits.draw,
        # A deal to the waste or to the first gap is a card or three, each tap one; a row
        # dealt to every column (Spider's ten) is not dealt twice by a double-click.
        "deals_to_one_pile": variant.stock.target in (StockTarget.WASTE, StockTarget.FIRST_GAP),
        "piles": piles,
        "violations": order_violations(state),
        "targets": places,
        "played_by_click": by_click,
        "moves": session.move_count,
        "score": session.score,
        "scoring": session.options.scoring.value,
        "auto_build": session.options.auto_build,
        "elapsed": round(session.elapsed, 1),
        "clock_running": session.clock_running,
        "won": session.is_won,
        "in_progress": session.is_in_progress,
        "given_up": session.given_up,
        "result": session.result,
        "stuck": not session.is_won and session.is_stuck(),
        "lost": session.is_lost,
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "can_restart": session.history.can_undo and not session.given_up,  # (a restart undoes, but leaves nothing to restart)
        "bookmark": session.bookmark is not None,
        "redeals": state.redeals,
        "redeal": _redeal(session),
        "stock_redeals": _stock_redeals(session),
        "show_gives_up": bool(give_up_reason(session)),
        "show_gives_up_because": give_up_reason(session),
        "score_falls": _score_falls(session),
        "sent_home_at_the_deal": sent_home_at_the_deal(session.history),
    }


def _targets(session: Session) -> tuple[JSON, JSON]:
    """Where each face-up card may go with the cards on it, ``{pile: {position:
    [piles]}}`` (``Session.places``; none once given up): the page shows a dragged
    card's places at once, without asking. With it, the positions of the cards a click
    plays, ``{pile: [positions]}`` (``clicks.played_by_clicks``)."""
    if session.given_up:  # (nothing to click either: a click's only move is no move then)
        return {}, {}
    names = session.pile_names
    every = session.places()
    places = {names[p]: {str(at): [names[i] for i in to] for at, to in each.items()} for p, each in every.items()}
    return places, {names[p]: ats for p, ats in played_by_clicks(session.state, every).items()}


def _score_falls(session: Session) -> JSON | None:
    """How the score falls as the clock runs (the timed scoring, a game in play): the
    untimed points, and the points taken off every so many seconds, so the page shows
    it falling between moves; null where the score stands still."""
    if session.options.scoring is not Scoring.TIMED or session.is_won or not session.clock_running:
        return None
    points_off, every = TIME_PENALTY
    return {"points": session.points, "by": points_off, "every": every}


def _redeal(session: Session) -> JSON | None:
    """The page's redeal control for a game that gathers its columns (no stock to click):
    whether it may be pressed now and how many redeals are left (null: unlimited)."""
    offer = session.gathering
    return None if offer is None else {"can": offer.can, "left": offer.left}


def _stock_redeals(session: Session) -> JSON | None:
    """Whether the empty stock may be clicked to turn the waste over, and how many times
    it still may (null: always); null where the stock is never turned over."""
    offer = session.stock_redeals
    return None if offer is None else {"can": offer.can, "left": offer.left}


def move_view(session: Session, move: Move) -> JSON:
    """A move as the page highlights it (pile names and the card count), with ``action``:
    the body of the ``POST .../actions`` that plays it (its ``version`` left to add)."""
    names = session.pile_names
    view: JSON = {"kind": move.kind.value}
    if move.source is not None:
        view["source"] = names[move.source]
    if move.target is not None:
        view["target"] = names[move.target]
    if move.kind is MoveKind.MOVE:
        view["count"] = move.count
    view["action"] = _action_of(view)
    return view


def _action_of(move: JSON) -> JSON:
    """The action that plays ``move`` (a ``move_view`` without its action): a deal or a
    redeal is ``deal``; a card paired alone is ``play``ed, with another ``card_onto_card``.

    >>> _action_of({"kind": "move", "source": "t1", "target": "c1", "count": 2})
    {'action': 'move', 'pile': 't1', 'position': -2, 'target': 'c1'}
    >>> _action_of({"kind": "redeal"}), _action_of({"kind": "pair", "source": "t26"})
    ({'action': 'deal'}, {'action': 'play', 'pile': 't26', 'position': -1})
    """
    if move["kind"] in (MoveKind.DEAL.value, MoveKind.REDEAL.value):
        return {"action": "deal"}
    if move["kind"] == MoveKind.MOVE.value:
        return {"action": "move", "pile": move["source"], "position": -move["count"], "target": move["target"]}
    if "target" not in move:
        return {"action": "play", "pile": move["source"], "position": -1}
    return {"action": "card_onto_card", "pile": move["source"], "position": -1, "target": move["target"]}


def outcome_view(outcome: Outcome, session: Session) -> JSON:
    """The answer to an action, without the table (sent alongside it)."""
    return {
        "ok": outcome.ok,
        "reason": outcome.reason,
        "events": [
            {"kind": e.kind.value, "cards": list(e.cards), "source": e.source, "target": e.target} for e in outcome.events
        ],
        "hint": None if outcome.hint is None else move_view(session, outcome.hint.move),
    }


def winnable_view(game_id: int, version: int, verdict: Verdict | None) -> dict[str, Any]:
    """A verdict as the page receives it (``None``: still being worked out)."""
    if verdict is None:
        return {"id": game_id, "version": version, "standing": "pending", "undo": None, "text": "working it out",
                "answer": "working it out"}
    return {"id": game_id, "version": version, "standing": verdict.standing.value, "undo": verdict.undo,
            "text": verdict.text, "answer": verdict.answer}


def card_kinds() -> list[str]:
    """Pile kinds, for the page's legend."""
    return [k.value for k in PileKind]
