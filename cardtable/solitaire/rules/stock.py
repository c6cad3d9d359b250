"""Stock policies: what dealing from the stock does, and how often it may be redealt.

The whole rule lives here: the policy (data with words), whether a deal or a redeal is
legal and why not, the deal and redeal moves, and what they do to the piles.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.solitaire.model import LEGAL, Move, MoveKind, State, Verdict
from cardtable.solitaire.rules.clearing import clear_run
from cardtable.solitaire.rules.gathering import mixed, packets
from cardtable.solitaire.rules.gaps import regap
from cardtable.solitaire.rules.grid import can_close_up, check_close_up, close_up, fill_first_gap, first_gap
from cardtable.solitaire.rules.reveal import stock_hidden
from cardtable.solitaire.rules.rotating import can_rotate, check_rotate, rotate
from cardtable.solitaire.rules.words import no

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


class StockTarget(Enum):
    """Where dealt cards go."""

    NONE = "none"
    WASTE = "waste"
    TABLEAU = "tableau"
    GATHER = "gather"
    """No stock: a redeal gathers the columns and deals them out again."""
    RESERVE = "reserve"
    """One card onto every reserve pile (Agnes Bernauer)."""
    ROTATE = "rotate"
    """No stock: a redeal moves each column's bottom card to its top (Crescent, rules/rotating.py)."""
    CLOSE_UP = "close up"
    """A deal closes the grid up and refills its empty places from the stock (Monte Carlo)."""
    FIRST_GAP = "first gap"
    """One card into the first empty place of the tableau (Accordion)."""
    GAPS = "rows reshuffled"
    """No stock: a redeal gathers the cards out of sequence, shuffles them and deals them
    again, a gap after each row's sequence (Montana, ``rules/gaps.py``)."""


@dataclass(frozen=True, slots=True)
class StockPolicy:
    """How the stock deals.

    ``count`` cards go to the waste at a time, or one to every tableau pile; ``passes``
    limits trips through the stock (None: unlimited), so redeals allowed = passes - 1.
    With ``StockTarget.GATHER`` there is no stock: a redeal gathers the columns and
    deals them out again ``count`` to a column, shuffled if ``shuffle``
    (``rules/gathering.py``); ``passes`` counts the layouts, the first deal included.

    >>> to_waste(3, passes=3).phrase
    'deal 3 cards to the waste; 3 passes through the stock'
    """

    target: StockTarget
    count: int = 1
    passes: int | None = None
    needs_every_pile_filled: bool = False
    shuffle: bool = False
    face_up: bool = False
    """The stock's top card lies face up and pairs like an exposed card (PySolFC's Pyramid)."""

    @property
    def redeals_allowed(self) -> int | None:
        """How many times the waste may go back into the stock (None: unlimited)."""
        return None if self.passes is None else self.passes - 1

    @property
    def passes_count(self) -> bool:
        """Whether the redeals taken can change what may follow: where they are limited,
        and where a redeal mixes the cards by its number (a shuffling gather, Montana's
        gaps). Elsewhere a pass through the stock that changed nothing leads back to the
        same position."""
        return self.passes is not None or self.mixes

    @property
    def mixes(self) -> bool:
        """Whether a redeal mixes the cards by its number (a shuffling gather, Montana's
        gaps), so that where a card goes can't be followed."""
        return self.shuffle or self.target is StockTarget.GAPS

    @property
    def turns_waste_over(self) -> bool:
        """Whether a redeal turns the whole waste back over as the stock (allowed only once
        the stock is empty): after one, the stock holds only cards seen in the waste, in
        the order they were dealt."""
        return self.target is StockTarget.WASTE

    @property
    def phrase(self) -> str:
        """The policy in words."""
        return self.phrase_in("column")

    def redeal_in(self, word: str) -> str:
        """A redeal of the layout itself, said short (a hint's words), the tableau's
        piles called ``word``."""
        if self.target is StockTarget.GATHER:
            return f"gather the {word}s{', shuffle them' if self.shuffle else ''} and deal them again"
        if self.target is StockTarget.GAPS:
            return "the cards out of sequence are gathered, shuffled and dealt again"
        return self.phrase_in(word).partition(": ")[2]

    def phrase_in(self, word: str) -> str:
        """The policy in words, the tableau's piles called ``word`` (a Cruel "pile")."""
        if self.target is StockTarget.NONE:
            return "the stock is never dealt: its top card lies face up and plays" if self.face_up else "no stock"
        if self.target is StockTarget.TABLEAU:
            rule = "deal one card to every column"
            if self.needs_every_pile_filled:
                rule += ", only when no column is empty"
            return rule
        if self.target is StockTarget.RESERVE:
            return "deal one card onto every reserve pile"
        if self.target is StockTarget.ROTATE:
            times = "as often as you like" if self.passes is None else f"{self.passes - 1} times"
            return f"redeal {times}: each column's bottom card goes to its top"
        if self.target is StockTarget.CLOSE_UP:
            return (
                "deal to close the layout up: the cards slide towards the first place, keeping their "
                "order, and the places left empty at the end are filled from the stock"
            )
        if self.target is StockTarget.FIRST_GAP:
            return "deal one card at a time to the first empty place, at the end of the row"
        if self.target is StockTarget.GAPS:
            times = "as often as you like" if self.passes is None else f"{self.passes - 1} times"
            return (
                f"redeal {times}: the cards not in sequence from the start of their row are gathered, "
                "shuffled and dealt again, leaving a gap just after each row's sequence"
            )
        if self.target is StockTarget.GATHER:
            times = "as often as you like" if self.passes is None else f"{self.passes - 1} times"
            if self.shuffle:
                return f"redeal {times}: gather the {word}s, shuffle them and deal {self.count} to a {word}"
            return (f"redeal {times}: gather the {word}s in order, the first {word}'s cards from its bottom card up, "
                    f"then the next {word}'s, and deal them again without shuffling, {self.count} to a {word} from the first")
        cards = "1 card" if self.count == 1 else f"{self.count} cards"
        passes = "unlimited passes" if self.passes is None else f"{self.passes} passes"
        if self.passes == 1:
            passes = "a single pass"
        shown = "; its top card lies face up and plays" if self.face_up else ""
        return f"deal {cards} to the waste; {passes} through the stock{shown}"


no_stock = StockPolicy(StockTarget.NONE)

open_stock = StockPolicy(StockTarget.NONE, face_up=True)
"""A stock that is never dealt: its top card lies face up and is played like a column's
top card (Strategy), by a pile's ``fed_from``."""


def to_waste(count: int = 1, passes: int | None = None, face_up: bool = False) -> StockPolicy:
    """Turn ``count`` cards to the waste; recycle the waste up to ``passes`` - 1 times
    (``face_up``: the stock's top card shows and plays)."""
    if count < 1 or (passes is not None and passes < 1):
        raise ValueError("deal at least one card, and allow at least one pass")
    return StockPolicy(StockTarget.WASTE, count, passes, face_up=face_up)


def to_tableau(needs_every_pile_filled: bool = True) -> StockPolicy:
    """Deal one card onto every tableau pile (Spider)."""
    return StockPolicy(StockTarget.TABLEAU, needs_every_pile_filled=needs_every_pile_filled)


def to_reserves() -> StockPolicy:
    """Deal one card onto every reserve pile, whose top cards play (Agnes Bernauer)."""
    return StockPolicy(StockTarget.RESERVE)


def close_up_stock() -> StockPolicy:
    """A deal closes the grid up and refills it from the stock (Monte Carlo)."""
    return StockPolicy(StockTarget.CLOSE_UP)


def to_first_gap() -> StockPolicy:
    """Deal one card into the first empty place of the tableau (Accordion)."""
    return StockPolicy(StockTarget.FIRST_GAP)


def redeal_gaps(passes: int | None) -> StockPolicy:
    """No stock; a redeal shuffles the cards out of sequence into the places after each
    row's sequence, leaving one gap in each row (Montana)."""
    return StockPolicy(StockTarget.GAPS, passes=passes, shuffle=True)


def gather(count: int, passes: int | None = None, shuffle: bool = False) -> StockPolicy:
    """No stock; a redeal gathers the columns and deals them again ``count`` to a column."""
    if count < 1 or (passes is not None and passes < 1):
        raise ValueError("deal at least one card to a column, and allow at least one pass")
    return StockPolicy(StockTarget.GATHER, count, passes, shuffle=shuffle)


def rotating(passes: int | None = None) -> StockPolicy:
    """No stock; a redeal moves each column's bottom card to its top (``passes`` counts
    the layouts, the first included: Crescent's 4 allow 3 redeals)."""
    if passes is not None and passes < 1:
        raise ValueError("allow at least one pass")
    return StockPolicy(StockTarget.ROTATE, passes=passes)


def can_deal(state: State) -> bool:
    """Whether dealing from the stock is legal now."""
    variant = state.variant
    t = variant.tables
    policy = variant.stock
    if policy.target is StockTarget.CLOSE_UP:
        return can_close_up(state)
    if policy.target is StockTarget.FIRST_GAP:
        return t.stock is not None and bool(state.piles[t.stock]) and first_gap(state) is not None
    if policy.target is StockTarget.NONE or t.stock is None or not state.piles[t.stock]:
        return False
    if policy.target is StockTarget.WASTE and _waste_full(state):
        return False
    return not (policy.needs_every_pile_filled and not all(state.piles[i] for i in t.tableau))


def deals_onto_full_columns(state: State) -> bool:
    """Whether the stock still has cards and deals only when every column holds one
    (Spider): a column emptied holds the deal back until it is filled again."""
    variant, t = state.variant, state.variant.tables
    return variant.stock.needs_every_pile_filled and t.stock is not None and bool(state.piles[t.stock])


def _waste_full(state: State) -> bool:
    """Whether the waste holds as many cards as it may (Calculation's holds one)."""
    waste = state.variant.tables.waste
    capacity = None if waste is None else state.variant.piles[waste].capacity
    return waste is not None and capacity is not None and len(state.piles[waste]) >= capacity


def can_redeal(state: State) -> bool:
    """Whether turning the waste back into the stock is legal now."""
    variant = state.variant
    t = variant.tables
    if variant.stock.target is StockTarget.ROTATE:
        return can_rotate(state)
    if variant.stock.target is StockTarget.GAPS:
        allowed = variant.stock.redeals_allowed
        return allowed is None or state.redeals < allowed
    if variant.stock.target is StockTarget.GATHER:
        allowed = variant.stock.redeals_allowed
        return (allowed is None or state.redeals < allowed) and any(state.piles[i] for i in t.tableau) and (
            variant.stock.shuffle or not _laid_out(state)
        )
    if variant.stock.target is not StockTarget.WASTE or t.stock is None or t.waste is None:
        return False
    allowed = variant.stock.redeals_allowed
    return (
        not state.piles[t.stock]
        and bool(state.piles[t.waste])
        and (allowed is None or state.redeals < allowed)
    )


DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


def stock_moves(state: State, out: list[Move]) -> None:
    """Add the legal stock move, if any, to ``out``."""
    if can_deal(state):
        out.append(DEAL)
    elif can_redeal(state):
        out.append(REDEAL)


def check_deal(state: State) -> Verdict:
    """Whether a deal is legal, and if not, why."""
    variant = state.variant
    t = variant.tables
    if variant.stock.target is StockTarget.CLOSE_UP:
        return check_close_up(state)
    if variant.stock.target is StockTarget.NONE and variant.stock.face_up and t.stock is not None:
        return no(f"the stock is not dealt in {variant.name}: play its top card")
    if variant.stock.target is StockTarget.NONE or t.stock is None:
        return no(f"{variant.name} has no stock to deal from")
    if not state.piles[t.stock]:
        if check_redeal(state).ok:
            return no("the stock is empty: redeal to turn the waste over")
        used = _passes_used(state)
        return no(f"the stock is empty and no redeals are left: {used}" if used else "the stock is empty")
    if variant.stock.target is StockTarget.WASTE and _waste_full(state):
        return no("play the waste's card first: the waste holds only one card")
    if variant.stock.target is StockTarget.FIRST_GAP and not can_deal(state):
        return no("there is no empty place to deal to")
    if not can_deal(state):
        return no("deal only when every column holds at least one card")
    return LEGAL


def check_redeal(state: State) -> Verdict:
    """Whether a redeal is legal, and if not, why."""
    variant = state.variant
    t = variant.tables
    if variant.stock.target is StockTarget.ROTATE:
        return check_rotate(state)
    if variant.stock.target is StockTarget.GATHER:
        return _check_gather(state)
    if variant.stock.target is StockTarget.GAPS:
        return LEGAL if can_redeal(state) else no(_no_redeals_left(variant))
    if variant.stock.target is not StockTarget.WASTE or t.stock is None or t.waste is None:
        return no(f"{variant.name} has no waste to redeal")
    if state.piles[t.stock]:
        return no("the stock still has cards: deal them first")
    if not state.piles[t.waste]:
        return no("the waste is empty: there is nothing to redeal")
    used = _passes_used(state)
    return no(f"no redeals left: {used}") if used else LEGAL


def _passes_used(state: State) -> str:
    """How many passes the game allows, where they are used up (the waste may not be
    turned over again), or ""."""
    variant = state.variant
    allowed = variant.stock.redeals_allowed
    if variant.stock.target is not StockTarget.WASTE or allowed is None or state.redeals < allowed:
        return ""
    passes = variant.stock.passes
    times = "a single pass" if passes == 1 else f"{passes} passes"
    return f"{variant.name} allows {times} through the stock"


def deal(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Deal from the stock, on the piles of ``state`` being rebuilt."""
    variant = state.variant
    t = variant.tables
    policy = variant.stock
    if policy.target is StockTarget.CLOSE_UP:
        close_up(state, piles, hidden)
        return
    if policy.target is StockTarget.FIRST_GAP:
        fill_first_gap(state, piles, hidden)
        return
    s = t.stock
    assert s is not None
    stock = piles[s]
    if policy.target is StockTarget.WASTE:
        assert t.waste is not None
        k = min(policy.count, len(stock))
        piles[t.waste] = piles[t.waste] + stock[-k:][::-1]
        piles[s] = stock[:-k]
    else:
        k = min(len(t.dealt_to), len(stock))
        dealt = stock[-k:][::-1]
        piles[s] = stock[:-k]
        for j, card in zip(t.dealt_to, dealt):
            piles[j] = piles[j] + (card,)
        if t.clear_run is not None:
            for j in t.dealt_to[:k]:
                clear_run(variant, piles, hidden, j)
    hidden[s] = stock_hidden(variant, len(piles[s]))


def _no_redeals_left(variant: Variant) -> str:
    allowed = variant.stock.redeals_allowed
    times = "no redeal" if allowed == 0 else ("one redeal" if allowed == 1 else f"{allowed} redeals")
    return f"no redeals left: {variant.name} allows {times}"


def _check_gather(state: State) -> Verdict:
    variant = state.variant
    allowed = variant.stock.redeals_allowed
    if allowed is not None and state.redeals >= allowed:
        return no(_no_redeals_left(variant))
    if not any(state.piles[i] for i in variant.tables.tableau):
        return no("the columns are empty: there is nothing to gather")
    if not variant.stock.shuffle and _laid_out(state):
        return no(f"the columns already lie {variant.stock.count} to a column: a redeal would change nothing")
    return LEGAL


def _laid_out(state: State) -> bool:
    """Whether gathering the columns in order and dealing them again would give them back."""
    t = state.variant.tables
    lengths = tuple(len(state.piles[i]) for i in t.tableau)
    return lengths == packets(sum(lengths), state.variant.stock.count, len(t.tableau))


def redeal(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Turn the waste back over into the stock, or gather the columns and deal them again
    (the caller counts the redeal)."""
    t = state.variant.tables
    policy = state.variant.stock
    if policy.target is StockTarget.ROTATE:
        rotate(state, piles, hidden)
        return
    if policy.target is StockTarget.GAPS:
        regap(state, piles, hidden)
        return
    if policy.target is StockTarget.GATHER:
        cards = [c for i in t.tableau for c in piles[i]]
        if policy.shuffle:
            by_index = {c.index: c for c in cards}  # cards are values: copies of a card are equal
            cards = [by_index[i] for i in mixed(tuple(c.index for c in cards), state.redeals)]
        at = 0
        for i, take in zip(t.tableau, packets(len(cards), policy.count, len(t.tableau))):
            piles[i] = tuple(cards[at : at + take])
            hidden[i] = 0
            at += take
        return
    assert t.stock is not None and t.waste is not None
    piles[t.stock] = piles[t.waste][::-1]
    piles[t.waste] = ()
    hidden[t.stock] = stock_hidden(state.variant, len(piles[t.stock]))
