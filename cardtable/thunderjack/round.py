"""A round as a state machine: deal, naturals, the player's turns, the dealer, settlement.

Every function returns a new Round; nothing is mutated. The order of the deal: a card to
each betting hand right to left, a second card to each, then the dealer's up card and
hole card. Naturals are resolved in the order of the rule sheet. A table without a hole
card (``RuleSet.no_hole_card``) deals the dealer's second card only after the player's
hands are played; the player's Blackjacks wait for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from math import floor

from cardtable.cards import Card, Rank
from cardtable.thunderjack.hand import PLAYS_DEALER, SEATS, Finish, Hand, Seat, is_natural, is_thunderjack, total
from cardtable.thunderjack.rules import RuleSet
from cardtable.thunderjack.shoe import Shoe


class Action(Enum):
    """What the player may do with the hand in turn."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


class IllegalAction(ValueError):
    """An action or bet the rules refuse; the message says why."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round: the rules, the shoe after the cards dealt so far, the player's hands in
    playing order, the dealer's cards (up card first), the credits not at stake, and the
    hand whose turn it is (None once the round is settled)."""

    rules: RuleSet
    shoe: Shoe
    hands: tuple[Hand, ...]
    dealer: tuple[Card, ...]
    credits: int
    turn: int | None

    @property
    def is_over(self) -> bool:
        """Whether the round is settled."""
        return self.turn is None

    @property
    def hand(self) -> Hand | None:
        """The hand to play now."""
        return None if self.turn is None else self.hands[self.turn]

    @property
    def up_card(self) -> Card:
        """The dealer's face-up card."""
        return self.dealer[0]

    @property
    def dealer_shown(self) -> tuple[Card | None, ...]:
        """The dealer's cards as the player sees them: the hole card is None until the end."""
        return self.dealer if self.is_over else (self.dealer[0], *[None] * (len(self.dealer) - 1))

    @property
    def net(self) -> int:
        """What the player won (or lost, negative) on the round, once settled."""
        return sum(h.net for h in self.hands)


def _payout(bet: int, ratio: Fraction) -> int:
    """Stake plus winnings; whole credits (fractions of a credit are not paid)."""
    return bet + floor(bet * ratio)


def start(rules: RuleSet, shoe: Shoe, credits: int, bets: Mapping[Seat, int]) -> Round:
    """Take the bets, deal and resolve naturals. IllegalAction for bets the table refuses."""
    seats = [s for s in SEATS[: rules.seats] if bets.get(s)]
    if unknown := [s.value for s in bets if s not in SEATS[: rules.seats]]:
        raise IllegalAction(f"this table has no {' or '.join(unknown)} hand")
    if not seats:
        raise IllegalAction("place a bet on at least one hand")
    if any(bets[s] < 0 for s in seats):
        raise IllegalAction("a bet is a positive number of credits")
    stake = sum(bets[s] for s in seats)
    if stake > credits:
        raise IllegalAction(f"the bets ({stake}) are more than your credits ({credits})")
    if shoe.is_due(rules.reshuffle_below):
        shoe = shoe.reshuffled()
    cards: dict[Seat, list[Card]] = {s: [] for s in seats}
    out: list[Card] = []
    for _ in range(2):
        for seat in seats:
            card, shoe = shoe.draw(out)
            cards[seat].append(card)
            out.append(card)
    up, shoe = shoe.draw(out)
    dealer: tuple[Card, ...] = (up,)
    if not rules.no_hole_card:
        hole, shoe = shoe.draw((*out, up))
        dealer = (up, hole)
    hands = tuple(Hand(s, tuple(cards[s]), bets[s]) for s in seats)
    return _naturals(Round(rules, shoe, hands, dealer, credits - stake, 0))


def _on_table(hands: Iterable[Hand], dealer: tuple[Card, ...]) -> list[Card]:
    """The cards out on the table, which a shoe that runs out mid-round must leave out."""
    return [c for h in hands for c in h.cards] + list(dealer)


def _finish(hand: Hand, finish: Finish, paid: int | None = None) -> Hand:
    return replace(hand, finish=finish, paid=paid)


def _paid(hands: tuple[Hand, ...]) -> int:
    return sum(h.paid or 0 for h in hands)


def _with_hands(game: Round, hands: tuple[Hand, ...]) -> Round:
    """The round with ``hands``; whatever they were newly paid goes to the credits at once."""
    return replace(game, hands=hands, credits=game.credits + _paid(hands) - _paid(game.hands))


def _naturals(game: Round) -> Round:
    rules = game.rules
    hands = list(game.hands)
    thunder = [i for i, h in enumerate(hands) if rules.thunderjack_pays is not None and is_thunderjack(h.cards)]
    if len(thunder) == 1:
        assert rules.thunderjack_pays is not None
        for i, h in enumerate(hands):
            if i in thunder:
                hands[i] = _finish(h, Finish.THUNDERJACK, _payout(h.bet, rules.thunderjack_pays))
            elif is_natural(h.cards):
                hands[i] = _finish(h, Finish.BLACKJACK, _payout(h.bet, rules.blackjack_pays))
            else:
                hands[i] = _finish(h, Finish.PUSHED, h.bet)
        return _settle(_with_hands(game, tuple(hands)), dealer_plays=False)
    for i in thunder:
        hands[i] = _finish(hands[i], Finish.PUSHED, hands[i].bet)
    if is_natural(game.dealer):
        for i, h in enumerate(hands):
            if h.finish is None:
                natural = is_natural(h.cards)
                hands[i] = _finish(h, Finish.PUSHED if natural else Finish.BEATEN, h.bet if natural else 0)
        return _settle(_with_hands(game, tuple(hands)), dealer_plays=False)
    for i, h in enumerate(hands):
        if h.finish is None and is_natural(h.cards):  # without a hole card, paid once the dealer has one
            hands[i] = _finish(h, Finish.BLACKJACK, None if rules.no_hole_card else _payout(h.bet, rules.blackjack_pays))
    return _next_turn(_with_hands(game, tuple(hands)), after=-1)


def _next_turn(game: Round, after: int) -> Round:
    """The turn passes to the next unfinished hand after ``after``, else to the dealer. A
    split Ace kept open for a resplit stands when it can no longer split."""
    for i in range(after + 1, len(game.hands)):
        hand = game.hands[i]
        if hand.finish is None:
            turn = replace(game, turn=i)
            if not _takes_no_card(hand, game.rules) or check(turn, Action.SPLIT) is None:
                return turn
            game = replace(game, hands=(*game.hands[:i], _finish(hand, Finish.STOOD), *game.hands[i + 1:]))
    return _settle(game, dealer_plays=True)


def _takes_no_card(hand: Hand, rules: RuleSet) -> bool:
    """A split Ace where split Aces may not be hit: it may only stand (or resplit)."""
    return hand.split and hand.cards[0].rank is Rank.ACE and not rules.hit_split_aces


def _settle(game: Round, dealer_plays: bool) -> Round:
    """The dealer's turn (when a hand still meets the dealer) and the last payments."""
    rules, shoe, dealer = game.rules, game.shoe, game.dealer
    waiting = [h.finish is Finish.BLACKJACK and h.paid is None for h in game.hands]
    meets = any(h.finish in PLAYS_DEALER for h in game.hands)
    if dealer_plays and len(dealer) == 1 and (meets or any(waiting)):
        card, shoe = shoe.draw(_on_table(game.hands, dealer))
        dealer = (*dealer, card)
    if dealer_plays and meets:
        while True:
            points, soft = total(dealer)
            if points > 17 or (points == 17 and not (soft and rules.dealer_hits_soft_17)):
                break
            card, shoe = shoe.draw(_on_table(game.hands, dealer))
            dealer = (*dealer, card)
    final = total(dealer)[0]
    beaten = rules.no_hole_card and is_natural(dealer)  # a late Blackjack takes doubles and splits too
    hands = []
    for h, waits in zip(game.hands, waiting):
        if h.finish in PLAYS_DEALER:
            won = final > 21 or h.total > final
            h = replace(h, paid=0 if beaten else 2 * h.bet if won else (h.bet if h.total == final else 0))
        elif waits:
            h = replace(h, paid=h.bet if beaten else _payout(h.bet, rules.blackjack_pays))
        hands.append(h)
    return _with_hands(replace(game, shoe=shoe, dealer=dealer, turn=None), tuple(hands))


def legal_actions(game: Round) -> tuple[Action, ...]:
    """Every action the rules allow now, in a fixed order."""
    return tuple(a for a in Action if check(game, a) is None)


def check(game: Round, action: Action) -> str | None:
    """None when ``action`` is allowed now, else the reason in a player's words."""
    hand, rules = game.hand, game.rules
    if hand is None:
        return "the round is over"
    first_two = len(hand.cards) == 2
    if action in (Action.HIT, Action.DOUBLE) and _takes_no_card(hand, rules):
        return "a split Ace takes one card and stands (or splits again)"
    if action is Action.DOUBLE:
        if not first_two:
            return "you may double only on your first two cards"
        if hand.split and not rules.double_after_split:
            return "these rules allow no double after a split"
        if not rules.doubling.allows(hand.total):
            return f"you may double only on {rules.doubling.value}, not on {hand.total}"
        if game.credits < hand.bet:
            return f"doubling costs {hand.bet} and you have {game.credits} credits"
    elif action is Action.SPLIT:
        if not hand.is_pair:
            return "you may split only two cards of the same rank"
        seat_hands = sum(1 for h in game.hands if h.seat is hand.seat)
        if seat_hands >= rules.split_hands:
            return "this hand took part in a split and can't split again" if hand.split else "these rules allow no split"
        if hand.split and hand.cards[0].rank is Rank.ACE and not rules.resplit_aces:
            return "split Aces can't be split again"
        if game.credits < hand.bet:
            return f"splitting costs {hand.bet} and you have {game.credits} credits"
    elif action is Action.SURRENDER:
        if not rules.surrender:
            return "these rules allow no surrender"
        if hand.split:
            return "a split hand can't surrender"
        if not first_two:
            return "you may surrender only on your first two cards"
    return None


def act(game: Round, action: Action) -> Round:
    """The round after the player's ``action``; IllegalAction says why when it is refused."""
    reason = check(game, action)
    if reason is not None:
        raise IllegalAction(reason)
    assert game.turn is not None
    at, hand, rules = game.turn, game.hands[game.turn], game.rules
    hands = list(game.hands)
    shoe, credits = game.shoe, game.credits
    out = _on_table(game.hands, game.dealer)
    if action is Action.STAND:
        hands[at] = _finish(hand, Finish.STOOD)
    elif action is Action.SURRENDER:
        hands[at] = _finish(hand, Finish.SURRENDERED, hand.bet // 2)
    elif action is Action.HIT:
        card, shoe = shoe.draw(out)
        hands[at] = _after_card(replace(hand, cards=(*hand.cards, card)), rules)
    elif action is Action.DOUBLE:
        card, shoe = shoe.draw(out)
        credits -= hand.bet
        doubled = replace(hand, cards=(*hand.cards, card), bet=2 * hand.bet)
        hands[at] = _finish(doubled, Finish.BUST, 0) if doubled.total > 21 else _finish(doubled, Finish.DOUBLED)
    else:
        credits -= hand.bet
        room = sum(1 for h in game.hands if h.seat is hand.seat) + 1 < rules.split_hands
        halves = []
        for kept in hand.cards:
            card, shoe = shoe.draw(out)
            out.append(card)
            half = Hand(hand.seat, (kept, card), hand.bet, split=True)
            if _takes_no_card(half, rules):
                again = half.is_pair and rules.resplit_aces and room
                halves.append(half if again else _finish(half, Finish.STOOD))
            else:
                halves.append(_after_card(half, rules))
        hands[at : at + 1] = halves
    moved = _with_hands(replace(game, shoe=shoe, credits=credits), tuple(hands))
    return _next_turn(moved, after=at - 1 if hands[at].finish is None else at)


def _after_card(hand: Hand, rules: RuleSet) -> Hand:
    """A hand that just took a card: bust, Blitz, a hard 21 (nothing left to gain), or on."""
    points, soft = total(hand.cards)
    if points > 21:
        return _finish(hand, Finish.BUST, 0)
    if rules.blitz_cards is not None and len(hand.cards) >= rules.blitz_cards:
        return _finish(hand, Finish.BLITZ, _payout(hand.bet, rules.blitz_pays))
    if points == 21 and not soft:
        return _finish(hand, Finish.STOOD)
    return hand
