"""Player options: choices a game offers before the deal (free cells, columns, cards
turned, passes, suits, ranks that wrap). A choice makes a new variant, derived from the
game's declaration, whose id carries the choice (``freecell[cells=3]``), so a game played
with options is saved, replayed and counted apart. Where the choice gives exactly the
rules of a registered game (FreeCell with three cells is "FreeCell (3 free cells)"), that game
is the answer.

>>> from cardtable.solitaire.registry import get_variant, variants
>>> with_options(get_variant("klondike"), {"draw": 3}, variants()).id
'klondike-draw3'
>>> with_options(get_variant("klondike"), {"passes": 2}, variants()).id
'klondike[passes=2]'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardtable.cards import DeckSpec
from cardtable.cards.words import number_word
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.rules.build import BuildRule, down, up, up_or_down
from cardtable.solitaire.rules.stock import to_waste
from cardtable.solitaire.rules.wrapping import down_round, up_round, up_or_down_round

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant

Changes = Callable[["Variant", int], dict[str, Any]]
Current = Callable[["Variant"], int]


class OptionError(ValueError):
    """An option the game does not offer, or a value it does not allow."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choice: its name on the command line, its words, the values allowed, the
    changes a value makes to the declaration and how to read the value a game has."""

    name: str
    words: str
    """For several: ``free cells``."""
    one: str
    """For one: ``free cell``."""
    values: tuple[int, ...]
    changes: Changes
    current: Current
    unlimited: bool = False
    """Whether 0 stands for "no limit" (passes)."""
    off: str = ""
    """For a yes/no choice (1 and 0), its words when off; ``words`` are its words when on."""

    def value_words(self, value: int) -> str:
        """``3``, ``unlimited`` for 0 where that is what 0 means, ``yes`` or ``no`` for a
        yes/no choice."""
        if self.off:
            return "yes" if value else "no"
        return "unlimited" if self.unlimited and value == 0 else str(value)

    def describe(self, value: int) -> str:
        """``3 free cells``, ``1 free cell``, ``1 pass through the stock``, ``ranks that
        wrap``."""
        if self.off:
            return self.words if value else self.off
        return f"{self.value_words(value)} {self.one if value == 1 else self.words}"


def _cells(variant: Variant, count: int) -> dict[str, Any]:
    from cardtable.solitaire.piles import cells

    at = next((i for i, spec in enumerate(variant.piles) if spec.kind is PileKind.CELL), 0)
    others = [spec for spec in variant.piles if spec.kind is not PileKind.CELL]
    return {"piles": (*others[:at], *cells(count), *others[at:])}


_TIMES = {0: "never", 1: "once", 2: "twice"}


def _turned(count: int) -> str:
    """``one card``, ``three cards``: what the summaries say the stock turns."""
    return f"{number_word(count)} card{'' if count == 1 else 's'}"


def _draw(variant: Variant, count: int) -> dict[str, Any]:
    # The summary's "turn the stock one card at a time" follows the choice.
    was = f"stock {_turned(variant.stock.count)} at a time"
    summary = variant.summary.replace(was, f"stock {_turned(count)} at a time")
    return {"stock": to_waste(count, passes=variant.stock.passes), "summary": summary}


def _passes(variant: Variant, count: int) -> dict[str, Any]:
    # The summary's "redeal the waste ..." follows the choice.
    if count == 0:
        redeal = "redeal the waste as often as you like"
    elif count == 1:
        redeal = "never redeal the waste: one pass only"
    else:
        times = _TIMES.get(count - 1, f"{number_word(count - 1)} times")
        redeal = f"redeal the waste {times}: {number_word(count)} passes"
    summary = re.sub(r"(never )?redeal the waste[^.]*", redeal, variant.summary)
    return {"stock": to_waste(variant.stock.count, passes=count or None), "summary": summary}


def _suits(variant: Variant, count: int) -> dict[str, Any]:
    return {"deck": DeckSpec.spider(suits=count)}


def _columns(variant: Variant, count: int) -> dict[str, Any]:
    at = variant.piles_of(PileKind.TABLEAU)
    if list(at) != list(range(at[0], at[-1] + 1)):
        raise OptionError("the columns option needs the columns declared side by side")
    columns = [variant.piles[i] for i in at]
    dealt = _spread([spec.dealt for spec in columns], count)
    made = tuple(replace(columns[0], id=PileId(PileKind.TABLEAU, n), dealt=d) for n, d in enumerate(dealt, start=1))
    piles = variant.piles
    # The summary's "eight columns" follows the choice.
    was = f"{number_word(len(at))} columns"
    summary = variant.summary.replace(was, f"{number_word(count)} columns")
    return {"piles": (*piles[: at[0]], *made, *piles[at[-1] + 1 :]), "summary": summary}


def _spread(dealt: list[tuple[int, int]], count: int) -> tuple[tuple[int, int], ...]:
    """The deal's shape over ``count`` columns: a staircase (Klondike's 0, 1, 2 ... cards
    face down under the same face-up count) grows or shrinks a step a column; columns
    dealt face up share the same cards out as evenly as a round of dealing does."""
    down = [d for d, _ in dealt]
    ups = {u for _, u in dealt}
    if down == list(range(len(dealt))) and len(ups) == 1:
        return tuple((n, dealt[0][1]) for n in range(count))
    if not any(down):
        total = sum(u for _, u in dealt)
        return tuple((0, total // count + (n < total % count)) for n in range(count))
    raise OptionError("the columns option needs a staircase deal or one dealt face up")


def _wrap(variant: Variant, on: int) -> dict[str, Any]:
    swap = _ROUND if on else {v: k for k, v in _ROUND.items()}
    piles = tuple(
        spec if spec.build is None or spec.kind is PileKind.FOUNDATION
        else replace(spec, build=BuildRule(tuple(swap.get(atom, atom) for atom in spec.build.atoms)))
        for spec in variant.piles
    )
    return {"piles": piles}


def _wraps(variant: Variant) -> int:
    """1 if a pile the player builds on turns the corner from King to Ace."""
    rounds = set(_ROUND.values())
    return int(any(
        spec.build is not None and spec.kind is not PileKind.FOUNDATION and rounds.intersection(spec.build.atoms)
        for spec in variant.piles
    ))


_ROUND = {plain.atoms[0]: turning.atoms[0] for plain, turning in ((down, down_round), (up, up_round), (up_or_down, up_or_down_round))}
"""Each build-by-one atom and its form that turns the corner."""


def free_cells(*values: int) -> Option:
    """How many free cells."""
    return Option("cells", "free cells", "free cell", values, _cells, lambda v: len(v.piles_of(PileKind.CELL)))


def columns(*values: int) -> Option:
    """How many columns: the tableau's rules stay, its deal keeps its shape."""
    return Option("columns", "columns", "column", values, _columns, lambda v: len(v.piles_of(PileKind.TABLEAU)))


def wrapping() -> Option:
    """Whether the columns (or the pile the player builds on) take a King on an Ace and an
    Ace on a King."""
    return Option("wrap", "ranks that wrap from King to Ace", "", (0, 1), _wrap, _wraps, off="ranks that stop at King and Ace")


def cards_turned(*values: int) -> Option:
    """How many cards the stock turns onto the waste at a time."""
    return Option("draw", "cards turned at a time", "card turned at a time", values, _draw, lambda v: v.stock.count)


def passes(*values: int) -> Option:
    """How many passes through the stock (0: unlimited)."""
    return Option("passes", "passes through the stock", "pass through the stock", values, _passes, lambda v: v.stock.passes or 0, unlimited=True)


def suits(*values: int) -> Option:
    """How many suits a two-deck game is played with (Spider)."""
    return Option("suits", "suits", "suit", values, _suits, lambda v: len(v.deck.suits))


_MADE: dict[str, Variant] = {}
"""Variants made from options, by id: one object per choice, as the registry holds one
per game."""

_RULES = ("piles", "deck", "stock", "deal", "goal", "pairs", "flip_revealed", "clear_runs", "default_scoring")
"""The fields that make two declarations the same game."""


def with_options(variant: Variant, chosen: Mapping[str, int], known: Iterable[Variant]) -> Variant:
    """``variant`` played with ``chosen`` options: the game among ``known`` (the registered
    ones) with exactly those rules, or a new one. Raises OptionError for a choice the game
    does not offer."""
    offered = {option.name: option for option in variant.options}
    picked: dict[str, int] = {}
    for name, value in chosen.items():
        option = offered.get(name)
        if option is None:
            raise _no_option(variant, name)
        if value not in option.values:
            allowed = ", ".join(option.value_words(v) for v in option.values)
            raise OptionError(f"{variant.name}: {name} may be {allowed}, not {value}")
        if value != option.current(variant):
            picked[name] = value
    if not picked:
        return variant
    made_id = f"{variant.id}[{','.join(f'{k}={offered[k].value_words(picked[k])}' for k in sorted(picked))}]"
    found = _MADE.get(made_id)
    if found is not None:
        return found
    changes: dict[str, Any] = {}
    for name in sorted(picked):
        changes.update(offered[name].changes(variant.derive(**changes), picked[name]))
    made = variant.derive(id=made_id, name=_named(variant.name, [(offered[k], picked[k]) for k in sorted(picked)]),
                          options=variant.options, **changes)
    same = next((v for v in known if _same_rules(v, made)), None)
    _MADE[made_id] = same or made
    return _MADE[made_id]


def _named(name: str, chosen: list[tuple[Option, int]]) -> str:
    """The name of a game played with ``chosen`` options: the choices in brackets, with
    those the name already gives, where it says what a choice changes, replaced.

    >>> _named("Klondike", [(passes(0, 1), 1)])
    'Klondike (1 pass through the stock)'
    >>> _named("Klondike (draw 1, one pass)", [(passes(0, 1), 0)])
    'Klondike (draw 1, unlimited passes through the stock)'
    >>> _named("Klondike (draw 1, one pass)", [(cards_turned(1, 3), 3)])  # "draw 1" is the option's own name
    'Klondike (one pass, 3 cards turned at a time)'
    """
    base, _, said = name.partition(" (")
    parts = [p.strip() for p in said.rstrip(")").split(",")] if said else []
    for option, value in chosen:
        words = {option.name, option.one.split()[0] if option.one else option.name}  # "draw"; "pass", "free", "column"
        named = {form for word in words for form in (word, f"{word}es", f"{word}s")}
        parts = [p for p in parts if not named & set(p.split())]
        parts.append(option.describe(value))
    return f"{base} ({', '.join(parts)})"


def made(variant_id: str) -> Variant | None:
    """The variant made from options under this id, if it was made in this process."""
    return _MADE.get(variant_id)


def _same_rules(a: Variant, b: Variant) -> bool:
    return all(getattr(a, name) == getattr(b, name) for name in _RULES)


def _no_option(variant: Variant, name: str) -> OptionError:
    offered = ", ".join(option_names(variant)) or "none"
    return OptionError(f"{variant.name} has no option {name!r} (options: {offered})")


def parse_options(text: str, variant: Variant | None = None) -> dict[str, int]:
    """``cells=3,draw=1`` (or ``cells=3`` items) as a mapping, ``yes`` and ``no`` read as
    1 and 0 (``wrap=yes``), ``unlimited`` as 0 (``passes=unlimited``); raises OptionError,
    for an option given twice too, and, given the ``variant``, for a name it does not offer
    (said before its value is looked at).

    >>> parse_options("columns=9, wrap=yes, passes=unlimited")
    {'columns': 9, 'wrap': 1, 'passes': 0}
    """
    out: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition("=")
        if variant is not None and sep and name.strip().lower() not in option_names(variant):
            raise _no_option(variant, name.strip().lower())
        value = str(_WORDS.get(value.strip().lower(), value.strip()))
        if not sep or not value.isdigit():
            raise OptionError(
                f"an option is written name=number, name=yes|no or name=unlimited, such as cells=3, not {item!r}"
            )
        name = name.strip().lower()
        if name in out:
            raise OptionError(f"{name} is given twice ({name}={out[name]} and {item}): give it once")
        out[name] = int(value)
    return out


_WORDS = {"yes": 1, "no": 0, "unlimited": 0}
"""Values given in words: a yes/no choice, and no limit (passes)."""


def option_names(variant: Variant) -> tuple[str, ...]:
    """The names of the options the game offers."""
    return tuple(option.name for option in variant.options)


def describe_options(variant: Variant) -> list[str]:
    """Each option the game offers, in words, with its values and the game's own."""
    return [
        f"{o.name}={'|'.join(o.value_words(v) for v in o.values)}: {o.words} (this game: {o.value_words(o.current(variant))})"
        for o in variant.options
    ]

