"""A player's blackjack table: intents from any UI, saved after each, with statistics.

The table between rounds, the round in play (or the last one, for show) and every
settled round live in the store. A round is saved as the shoe it started from, the bets
and the actions, and replayed on load, so a table resumes exactly after a restart. The
view never holds the shoe or, until the round is over, the dealer's hole card.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from cardtable.app.storage import CorruptSave, StaleGame, StorageError, Store
from cardtable.cards import Rank, parse_cards
from cardtable.thunderjack import (
    SEATS, Action, IllegalAction, Round, Seat, Shoe, Table, act, legal_actions, preset, start, total,
)
from cardtable.thunderjack.advisor import advise
from cardtable.thunderjack.hand import Finish, Hand, is_natural, is_thunderjack
from cardtable.thunderjack.rules import RuleSet
from cardtable.thunderjack.sheet import sheet

JSON = dict[str, Any]

SEED_BITS = 62
"""Bits of a new table's random seed: 2**62 seeds would take a search at a million and a
half a second some hundred thousand years (2**31, the earlier range, took 24 minutes)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What an intent did: whether it was taken and, if not, why (or the advice asked for).
    ``stale``: refused because the table changed elsewhere; the table is now the stored one."""

    ok: bool
    message: str = ""
    stale: bool = False


STALE = Answer(False, "the table changed elsewhere; here it is now", stale=True)


def _shoe_json(shoe: Shoe) -> JSON:
    held = {"held": [c.code for c in shoe.held]} if shoe.held else {}
    return {"seed": shoe.seed, "shuffles": shoe.shuffles, "dealt": shoe.dealt, **held}


def _shoe(rules: RuleSet, saved: JSON) -> Shoe:
    held = parse_cards(" ".join(saved.get("held", [])))
    return Shoe.at(rules.decks, saved["seed"], saved["shuffles"], saved["dealt"], held)


BROKE = Answer(False, "you are out of credits: take a fresh stake first")
"""A bet or a deal asked of a player too short of credits for any chip."""

CHIP_DIGITS = 9
"""Digits a typed chip may have: longer numbers are no chip."""


class BlackjackTable:
    """One player's table in a store."""

    def __init__(
        self, store: Store, player: str, rules: str | None = None, seed: int | None = None, aside: bool = False,
    ) -> None:
        """The player's saved table, or a new one (``seed`` for its shoe: random if None).
        ``rules`` names the rule set of a new table (thunderjack if None); a saved table
        with other rules changes to them between rounds, and IllegalAction says why not
        while a round is in play; ``changed`` then says what changed ('' if nothing).
        A saved table that can't be read back raises CorruptSave, and is left as it is;
        with ``aside``, it is kept under another name instead and a new table opened
        (IllegalAction if the saved table reads back: only a damaged one is set aside)."""
        self.store, self.player = store, player
        self.changed = ""
        saved = store.table_state(player)
        if aside:
            if saved is None or self._reads_back(saved):
                raise IllegalAction(f"only a saved table that can't be read back is set aside: {player}'s "
                                    + ("reads back" if saved else "has none"))
            kept = store.set_table_aside(player, saved[1])
            self.changed = f"the saved table, which can't be read back, is kept as {kept!r}; a new table is open"
            saved = None
        if saved is None:
            self.table = Table.opened(preset(rules or "thunderjack"), self._new_seed(seed))
            self.round: Round | None = None
            self._start: JSON | None = None
            self.actions: list[Action] = []
            self.version = 0
            self._stored = (self._state(), 0)
            """The table as last stored (or as opened), to go back to when a save fails."""
            return
        self._load(*saved)
        if rules is not None and preset(rules).name != self.table.rules.name:
            answer = self.change_rules(rules, seed)
            if not answer.ok:
                raise IllegalAction(answer.message)
            self.changed = answer.message

    @staticmethod
    def _new_seed(seed: int | None) -> int:
        """``seed``, or a random one from too many to try: from a few cards seen, every
        seed of a small range can be tried in minutes, and the one found tells every card
        to come, hole cards included."""
        return secrets.randbits(SEED_BITS) if seed is None else seed

    def change_rules(self, rules: str, seed: int | None = None) -> Answer:
        """Play on under another rule set: the credits, stakes and selected hands stay, the
        bets come back and the shoe is a new one of the new rules' decks. Refused while a
        round is in play (it is played out under the rules it was dealt with)."""
        new = preset(rules)
        if self.in_play:
            return Answer(False, f"a round is in play under the {self.table.rules.name} rules: finish it before "
                                 f"changing to {new.name} (open the table without --rules to play it)")
        seats = SEATS[: new.seats]
        selected = frozenset(s for s in self.table.selected if s in seats) or frozenset({seats[len(seats) // 2]})
        shoe = Table.opened(new, self._new_seed(seed)).shoe
        back = " (the bets on the table came back)" if self.table.staked else ""
        self.table = Table(new, shoe, self.table.credits, selected, (), self.table.stakes)
        self.round, self._start, self.actions = None, None, []
        return self._saved(Answer(True, f"the table now plays the {new.name} rules{back}"))

    # -- saving ----------------------------------------------------------------------

    def _state(self) -> str:
        table = self.table
        return json.dumps({
            "rules": table.rules.name,
            "shoe": _shoe_json(table.shoe),
            "credits": table.credits,
            "selected": [s.value for s in SEATS if s in table.selected],
            "chips": [[s.value, amount] for s, amount in table.chips],
            "stakes": table.stakes,
            "round": None if self._start is None else {**self._start, "actions": [a.value for a in self.actions]},
        })

    def _reads_back(self, saved: tuple[str, int]) -> bool:
        """Whether the saved table reads back (it is then this table)."""
        try:
            self._load(*saved)
        except CorruptSave:
            return False
        return True

    def _load(self, text: str, version: int) -> None:
        try:
            data = json.loads(text)
            rules = preset(data["rules"])
            shoe = data["shoe"]
            selected = frozenset(Seat(s) for s in data["selected"])
            self.table = Table(  # chips on an unselected hand (an older save) came back when it was unselected
                rules, _shoe(rules, shoe), int(data["credits"]),
                selected, tuple((Seat(s), int(a)) for s, a in data["chips"] if Seat(s) in selected), int(data["stakes"]),
            )
            self._start, self.actions, self.round = data["round"], [], None
            if self._start is not None:
                game = start(rules, _shoe(rules, self._start["shoe"]),
                             int(self._start["credits"]), {Seat(s): int(b) for s, b in self._start["bets"].items()})
                self.actions = [Action(a) for a in self._start.pop("actions")]
                for action in self.actions:
                    game = act(game, action)
                self.round = game
            self.version = version
            self._stored = (text, version)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise CorruptSave(
                f"the saved blackjack table of {self.player} can't be read back ({error}); it is left as it is"
            ) from None

    def _save(self, settled: Round | None = None) -> None:
        self.version += 1
        finished = None if settled is None else round_record(settled)
        state = self._state()
        self.store.save_table(self.player, state, self.version, finished)
        self._stored = (state, self.version)

    def _saved(self, taken: Answer, settled: Round | None = None) -> Answer:
        """Save and answer ``taken``; when another copy of the table (a second terminal,
        another server process) saved first, nothing is saved: this copy becomes the
        stored table again and the intent is refused."""
        try:
            self._save(settled)
        except StaleGame:
            saved = self.store.table_state(self.player)
            if saved is None:
                raise
            self._load(*saved)
            return STALE
        except StorageError:  # a busy or read-only database: back to the table last stored, and said
            self._load(*self._stored)
            raise
        return taken

    # -- intents ---------------------------------------------------------------------

    @property
    def in_play(self) -> bool:
        """Whether a round is being played."""
        return self.round is not None and not self.round.is_over

    def _between_rounds(self, change: Any) -> Answer:
        if self.in_play:
            return Answer(False, "finish the round first")
        try:
            self.table = change()
        except IllegalAction as error:
            return Answer(False, str(error))
        return self._saved(Answer(True))

    def toggle(self, seat: str) -> Answer:
        """Select or unselect a hand (right, middle, left) for betting."""
        try:
            chosen = Seat(seat.strip().lower())
        except ValueError:
            return Answer(False, f"there is no {seat!r} hand: right, middle or left")
        back = self.table.bets.get(chosen, 0) if chosen in self.table.selected else 0
        answer = self._between_rounds(lambda: self.table.toggle(chosen))
        if not answer.ok:
            return answer
        returned = f"the {back} on the {chosen.value} hand came back to you; " if back else ""
        return Answer(True, returned + self.betting_on())

    def betting_on(self) -> str:
        """Which hands a chip goes on now, in words (a hand selected stays so)."""
        hands = [seat.value for seat in SEATS if seat in self.table.selected]  # (never none: one stays selected)
        if len(hands) == 1:
            return f"betting on the {hands[0]} hand"
        named = ", ".join(hands[:-1]) + f" and {hands[-1]}"
        return f"betting on the {named} hands: each chip goes on {'both' if len(hands) == 2 else 'all three'}"

    def chip(self, value: int) -> Answer:
        """Put a chip on every selected hand."""
        if self.table.is_broke and not self.in_play:
            return BROKE
        return self._between_rounds(lambda: self.table.press(value))

    def chip_typed(self, text: str) -> Answer:
        """A chip as typed or sent: digits of any script, spaces around them allowed; a
        number too long for any chip is refused without being read (Python won't convert
        numbers of thousands of digits)."""
        digits = text.strip()
        if not digits.isdecimal():
            return Answer(False, f"a chip is a number of credits, not {text!r}")
        digits = digits.lstrip("0") or "0"
        if len(digits) > CHIP_DIGITS:
            chips = ", ".join(map(str, self.table.rules.chips))
            return Answer(False, f"there is no chip of {len(digits)} digits; chips are {chips}")
        return self.chip(int(digits))

    def clear(self) -> Answer:
        """Take the bets back."""
        return self._between_rounds(self.table.clear)

    def fresh_stake(self) -> Answer:
        """Start again with the starting credits, when broke."""
        return self._between_rounds(self.table.fresh_stake)

    def deal(self) -> Answer:
        """Deal a round on the bets placed."""
        if self.in_play:
            return Answer(False, "the round is still being played")
        if self.table.is_broke and not self.table.chips:
            return BROKE
        try:
            game = self.table.deal()
        except IllegalAction as error:
            return Answer(False, str(error))
        self._start = {"shoe": _shoe_json(self.table.shoe), "credits": self.table.credits,
                       "bets": {s.value: b for s, b in self.table.chips}}
        self.actions, self.round = [], game
        return self._advance()

    def play(self, action: str) -> Answer:
        """Hit, stand, double, split or surrender the hand in turn."""
        try:
            chosen = Action(action.strip().lower())
        except ValueError:
            choices = ", ".join(a.value for a in Action)
            return Answer(False, f"there is no action {action!r}; the actions are {choices}")
        if not self.in_play or self.round is None:
            return Answer(False, "there is no round in play: place a bet and deal")
        try:
            game = act(self.round, chosen)
        except IllegalAction as error:
            return Answer(False, str(error))
        said = _one_card_each(self.round, chosen)
        self.round = game
        self.actions.append(chosen)
        return self._advance(said)

    def _advance(self, said: str = "") -> Answer:
        assert self.round is not None
        if self.round.is_over:
            self.table = self.table.after(self.round)
            settled = settled_words(self.round)
            return self._saved(Answer(True, f"{said} {settled}" if said else settled), settled=self.round)
        return self._saved(Answer(True, said))

    def hint(self) -> Answer:
        """The advisor's best action for the hand in turn, with its value."""
        if not self.in_play or self.round is None:
            return Answer(False, "there is no hand to advise on")
        return Answer(True, advise(self.round).explain())

    # -- what the player sees ------------------------------------------------------------

    def view(self) -> JSON:
        """The table as the player sees it: no shoe, no hole card before the end."""
        table, game = self.table, self.round
        bets = table.bets
        return {
            "rules": table.rules.name,
            "description": table.rules.describe(),
            "sheet": list(sheet(table.rules)),
            "chips": list(table.rules.chips),
            "affordable": [] if self.in_play else [c for c in table.rules.chips if table.affords(c)],
            "credits": game.credits if self.in_play and game is not None else table.credits,
            "stakes": table.stakes,
            "seats": [{"seat": s.value, "selected": s in table.selected, "bet": bets.get(s, 0)} for s in SEATS[: table.rules.seats]],
            "round": None if game is None else _round_view(game),
            "actions": [a.value for a in legal_actions(game)] if self.in_play and game is not None else [],
            "can_deal": not self.in_play and table.staked > 0,
            "can_fresh_stake": not self.in_play and table.is_broke,
            "version": self.version,
        }

    def history(self, last: int = 10) -> list[JSON]:
        """The last rounds settled under the table's rules: each hand's cards, bet and
        result (``paid``, and in words, ``result``), the dealer's cards, the net."""
        return [_with_results(r) for r in self.store.table_rounds(self.player, last, self.table.rules.name)]

    def stats(self) -> JSON:
        """Rounds, results and special hands over every round settled under the table's
        rules (``rules``), and the last ten of them; with the rounds played under each rule
        set (``rule_sets``, and in words, ``counted_apart``), since the figures of one say
        nothing of another's."""
        rules = self.table.rules.name
        last = self.store.table_rounds(self.player, 30, rules)
        return {
            "rules": rules, **self.store.table_tally(self.player, rules), "recent": [r["net"] for r in last],
            "stakes": self.table.stakes, "credits": self.view()["credits"],
            "history": [_with_results(r) for r in last[-10:]], "rule_sets": (sets := self.store.table_rule_sets(self.player)),
            "counted_apart": counted_apart(sets, rules),
        }


def counted_apart(rule_sets: dict[str, int], rules: str) -> str:
    """The rounds played under other rule sets than ``rules``, in words ("" if none):
    their figures are kept apart from the table's.

    >>> counted_apart({"S17, DAS": 12, "H17": 1}, "S17, DAS")
    'Counted apart: H17 rules, 1 round (change to them to see theirs).'
    >>> counted_apart({"H17": 3}, "H17")
    ''
    """
    others = [f"{name} rules, {n} round{'' if n == 1 else 's'}" for name, n in rule_sets.items() if name != rules]
    return f"Counted apart: {'; '.join(others)} (change to them to see theirs)." if others else ""


def result_words(net: int) -> str:
    """A settled hand's result in words, from what it paid back less its bet.

    >>> result_words(15), result_words(-10), result_words(0)
    ('won 15', 'lost 10', 'pushed')
    """
    return f"won {net}" if net > 0 else f"lost {-net}" if net < 0 else "pushed"


def _with_results(played: JSON) -> JSON:
    """A stored round with each hand's result in words: "" for a hand never settled, or
    one whose finish says it already (pushed)."""
    hands = [
        {**h, "result": "" if h.get("paid") is None or h.get("finish") == Finish.PUSHED.value else result_words(h["paid"] - h["bet"])}
        for h in played["hands"]
    ]
    return {**played, "hands": hands}


def _natural(hand: Hand, rules: RuleSet) -> str | None:
    """The natural an original hand was dealt, however the round then settled it."""
    if hand.split or not is_natural(hand.cards):
        return None
    return Finish.THUNDERJACK.value if rules.thunderjack_pays is not None and is_thunderjack(hand.cards) else Finish.BLACKJACK.value


def round_record(settled: Round) -> JSON:
    """A settled round as the store keeps it: each hand's cards, bet, result and natural dealt."""
    return {
        "rules": settled.rules.name,
        "hands": [{"seat": h.seat.value, "cards": [c.code for c in h.cards], "bet": h.bet, "split": h.split,
                   "finish": h.finish.value if h.finish else None, "paid": h.paid,
                   "natural": _natural(h, settled.rules)} for h in settled.hands],
        "dealer": " ".join(c.code for c in settled.dealer),
        "net": settled.net,
    }


def _round_view(game: Round) -> JSON:
    shown = game.dealer_shown
    return {
        "dealer": [{"down": True} if c is None else {"card": c.code} for c in shown],
        "dealer_total": total([c for c in shown if c is not None])[0],
        "hands": [
            {
                "seat": h.seat.value, "cards": [{"card": c.code} for c in h.cards], "bet": h.bet, "total": h.total,
                "soft": h.is_soft and h.finish not in (Finish.BLACKJACK, Finish.THUNDERJACK),  # (a natural's 21 is named)
                "split": h.split, "finish": h.finish.value if h.finish else None,
                "paid": h.paid, "turn": i == game.turn,
            }
            for i, h in enumerate(game.hands)
        ],
        "over": game.is_over,
        "net": game.net if game.is_over else None,
    }


def settled_words(game: Round) -> str:
    """What a settled round won or lost, in a sentence (a Thunderjack or a Blitz cheered first)."""
    net = game.net
    special = [h.finish.value.capitalize() for h in game.hands if h.finish in (Finish.THUNDERJACK, Finish.BLITZ)]
    lead = f"{' and '.join(special)}! " if special else ""
    won = sum(max(0, (h.paid or 0) - h.bet) for h in game.hands)
    if net == 0 and won:  # hands won and lost alike: no push
        return lead + f"You break even: your hands won {won} and lost {won}."
    return lead + (f"You win {net}." if net > 0 else f"You lose {-net}." if net < 0 else "Push: your bets come back.")


def _one_card_each(before: Round, action: Action) -> str:
    """Said as Aces are split where split Aces take one card each and stand: the turn
    moves on without a key pressed, and a quick next key would play another hand."""
    if action is not Action.SPLIT or before.turn is None or before.rules.hit_split_aces:
        return ""
    aces = before.hands[before.turn].cards[0].rank is Rank.ACE
    return "Split Aces take one card each and stand." if aces else ""
