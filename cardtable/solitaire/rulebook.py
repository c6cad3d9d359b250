"""A game's rules page, written from its declaration: the summary, then each part of the
game in the words its atoms use to explain a refused move, so the page and the refusals
can never disagree.

>>> from cardtable.solitaire.registry import get_variant
>>> print(rules_page(get_variant("freecell")).splitlines()[0])
# FreeCell
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from cardtable.cards import Rank
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.options import describe_options
from cardtable.solitaire.piles import PileSpec
from cardtable.solitaire.registry import families
from cardtable.solitaire.rules.empty import rank_words
from cardtable.solitaire.rules.grid import reach_words
from cardtable.solitaire.rules.stock import StockTarget
from cardtable.solitaire.rules.rows import WORDS as ROWS
from cardtable.solitaire.rules.waiting import WORDS as WAITING
from cardtable.solitaire.traits import Scoring
from cardtable.solitaire.variant import Variant


def rules_page(variant: Variant) -> str:
    """The rules of ``variant`` as a short Markdown page."""
    lines = [f"# {variant.name}", "", variant.summary, "", "## Rules", ""]
    lines += [f"- {line}" for line in rule_lines(variant)]
    if variant.options:
        base = variant.id.split("[")[0]
        lines += ["", "## Options", "", f"Chosen before the deal: `cardtable play {base} --option NAME=VALUE`.", ""]
        lines += [f"- {line}" for line in describe_options(variant)]
    if variant.aliases:
        lines += ["", "Also known as: " + ", ".join(variant.aliases) + "."]
    return "\n".join(lines) + "\n"


RULES_INDEX_HEAD = "# The games\n"
"""The first line of the index of rules pages (``rules_index``)."""


def rules_index(games: tuple[Variant, ...] | list[Variant]) -> str:
    """A Markdown list of every game's page, family by family."""
    lines = [RULES_INDEX_HEAD.rstrip("\n"), "", "Each page is written from the game's declaration by `cardtable rules --write docs/games`.", ""]
    for family, members in families(games).items():
        lines += [f"## {family}", ""]
        lines += [f"- [{v.name}]({v.id}.md)" for v in members]
        lines.append("")
    return "\n".join(lines)


def rule_lines(variant: Variant) -> list[str]:
    """One sentence per part of the game: cards, deal, piles, stock, pairs, goal."""
    out = [_cards(variant), *_deal(variant)]
    for kind, specs in _groups(variant):
        out.append(_piles(variant, kind, specs))
    if variant.reach is not None:
        out.append(_sentence(reach_words(variant.reach)))
    if variant.closes_up:
        out.append("When a move empties a place, the piles after it slide left to close the row up.")
    if variant.refill_from is not None:
        out.append(f"A {variant.tableau_word} a move empties is filled at once from the top of {variant.refill_from.title}.")
    if variant.stock.target is not StockTarget.NONE or variant.stock.face_up:
        label = "stock: " if variant.tables.stock is not None else ""
        out.append(_sentence("; ".join([f"{label}{variant.stock.phrase_in(variant.tableau_word)}", *_short_deal(variant)])))
    if variant.discard is not None:
        out.append(_sentence(variant.discard.phrase))
    if variant.turn_up is not None:
        out.append(_sentence(variant.turn_up.phrase))
    if variant.pairs is not None:
        out.append(_sentence(variant.pairs.phrase))
    if any(spec.covered_by for spec in variant.piles):
        out.append("A card plays only once every card covering it is gone.")
    if variant.flip_revealed and any(spec.dealt[0] for spec in variant.piles if spec.kind is not PileKind.STOCK):
        covering = "covering it" if any(spec.covered_by for spec in variant.piles) else "on it"
        out.append(f"A face-down card turns face up when the cards {covering} leave.")
    if variant.clear_runs is not None:
        out.append(
            f"A full run from King to Ace that follows '{variant.clear_runs.phrase}' goes to a foundation by itself."
        )
    out.append(_goal(variant))
    if variant.default_scoring is Scoring.VEGAS:
        out.append("Scored in Vegas points unless another scoring is chosen: 52 to play a deal, 5 back for each card home.")
    return out


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def _cards(variant: Variant) -> str:
    """The deck in words: how many cards, and of what.

    >>> from cardtable.solitaire.registry import get_variant
    >>> [_cards(get_variant(g)) for g in ("klondike", "forty-thieves", "spider-2suits", "besieged-fortress")]
    ['52 cards (one deck).', '104 cards (2 decks).', '104 cards (2 suits, 4 of each card).', '36 cards (one deck, Aces and Sixes to Kings only).']
    """
    deck = variant.deck
    ranks = "" if len(deck.ranks) == 13 else f", {_rank_runs(deck.ranks)} only"
    if len(deck.suits) == 4:
        packs = "one deck" if deck.decks == 1 else f"{deck.decks} decks"
        return f"{deck.size} cards ({packs}{ranks})."
    # Fewer suits, more copies (Spider with one or two suits): "decks" would miscount them.
    suits = f"{len(deck.suits)} suit{'s' if len(deck.suits) > 1 else ''}"
    return f"{deck.size} cards ({suits}{ranks}, {deck.size // (len(deck.suits) * len(deck.ranks))} of each card)."


def _rank_runs(ranks: tuple[Rank, ...]) -> str:
    """Ranks as runs of consecutive ones: "Aces and Sixes to Kings"."""
    runs: list[list[Rank]] = []
    for rank in sorted(ranks):
        if runs and rank == runs[-1][-1] + 1:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    words = [_plural(r[0]) if len(r) == 1 else f"{_plural(r[0])} to {_plural(r[-1])}" for r in runs]
    return " and ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " and " + words[-1]


def _plural(rank: Rank) -> str:
    name = rank.name.title()
    return name + ("es" if name.endswith("x") else "s")


def _deal(variant: Variant) -> list[str]:
    out = [_sentence(phrase) for phrase in variant.deal.phrases]
    stock = variant.tables.stock
    if stock is not None:
        left = _left_over(variant)
        if left:
            top = " but the top card" if variant.stock.face_up else ""
            out.append(f"The {left} cards left over form the stock, face down{top}.")
    return out


@cache
def _left_over(variant: Variant) -> int:
    """The cards the deal leaves in the stock (a game with a stock), dealt once a game."""
    stock = variant.tables.stock
    assert stock is not None
    return len(variant.start(variant.deal.deal_numbers.start).piles[stock])


def _short_deal(variant: Variant) -> list[str]:
    """Where the stock deals a card to every column and runs out part way through a
    deal: which columns its last deal reaches (Scorpion's three cards, the first three).

    >>> from cardtable.solitaire.registry import get_variant
    >>> _short_deal(get_variant("scorpion")), _short_deal(get_variant("spider"))
    (['its 3 cards reach only the first 3 columns'], [])
    """
    stock = variant.tables.stock
    columns = len(variant.tables.dealt_to)
    if variant.stock.target is not StockTarget.TABLEAU or stock is None or not columns:
        return []
    left = _left_over(variant)
    short = left % columns
    which = f"{left} cards" if left < columns else "last deal"
    return [f"its {which} reach{'es' * (left >= columns)} only the first {short} {variant.tableau_word}s"] if short else []


def _groups(variant: Variant) -> list[tuple[PileKind, list[PileSpec]]]:
    """Piles of one kind with the same rules, in the order the game declares them."""
    groups: dict[object, tuple[PileKind, list[PileSpec]]] = {}
    for spec in variant.piles:
        if spec.kind is PileKind.STOCK or (spec.kind is PileKind.WASTE and not spec.takes_cards and spec.dealt == (0, 0)):
            continue  # the stock line says what they do (a waste dealt a card to start is named: Pyramid's)
        # Piles differing only in the suit an empty one takes (Bisley's Kings) read as one.
        rules = replace(spec, id=PileId(spec.kind, 0), dealt=(0, 0), covered_by=(), empty=replace(spec.empty, phrase="", suits=None))
        if spec.ranks_from is not None:  # rows of foundations each under the one above read as one
            rules = replace(rules, ranks_from=PileId(spec.kind, 0))
        groups.setdefault(rules, (spec.kind, []))[1].append(spec)
    return list(groups.values())


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _grid_places(variant: Variant, specs: list[PileSpec]) -> str:
    """A grid's places with these rules: the whole grid, one place of each row (Montana's
    first, which takes the Twos), or the others.

    >>> from cardtable.solitaire import get_variant
    >>> [line.split(":")[0] for line in rules_page(get_variant("montana")).splitlines() if "places" in line or "place of" in line]
    ['- The first place of each of the 4 rows of 13', '- The other 48 places of the grid']
    """
    grid = variant.grid or 1
    tableau = [spec.id for spec in variant.piles if spec.kind is PileKind.TABLEAU]
    columns = {tableau.index(spec.id) % grid for spec in specs}
    plural = "s" * (len(specs) > 1)
    if len(specs) == len(tableau):
        return f"{len(specs)} place{plural} of a grid in rows of {grid}"
    if len(columns) == 1 and len(specs) * grid == len(tableau) and (column := columns.pop()) < len(_ORDINALS):
        return f"the {_ORDINALS[column]} place of each of the {len(specs)} rows of {grid}"
    return f"the other {len(specs)} place{plural} of the grid"


def _piles(variant: Variant, kind: PileKind, specs: list[PileSpec]) -> str:
    noun = specs[0].id.noun
    head = f"{len(specs)} {noun}{'s' if len(specs) > 1 else ''}"
    if any(spec.covered_by for spec in specs):
        head = f"{len(specs)} cards in overlapping rows"
    if kind is PileKind.TABLEAU and variant.grid is not None:
        head = _grid_places(variant, specs)
    first = specs[0]
    parts = []
    dealt = [spec.dealt for spec in specs]
    if any(d != (0, 0) for d in dealt):
        dealing = _dealt(dealt)
        if kind is PileKind.TABLEAU and variant.deal.home_while_dealing and variant.grid is None:
            dealing += " (fewer where cards went home as they were dealt)"
        parts.append(dealing)
    if first.build is not None:
        parts.append(first.build.phrase)
    if first.fed_from is not None:
        parts.append(f"it takes cards only from the {first.fed_from.value}")
    if first.after_stock:
        parts.append(WAITING)
    if first.ranks_from is not None:
        parts.append(ROWS if len(specs) == 1 else ROWS.replace("it takes", "each takes"))
    empties = list(dict.fromkeys(spec.empty.phrase for spec in specs))
    if len(empties) > 1 and len({spec.empty.ranks for spec in specs}) == 1 and first.empty.ranks:
        # The same rank, a suit each (Bisley's Kings): each waits for its own.
        rank = rank_words(first.empty.ranks[0]).split(" ", 1)[1]
        parts.append(f"an empty one takes only the {rank} of its suit")
    elif len(empties) > 1:
        parts.append("they start with " + ", ".join(e.removeprefix("only ") for e in empties))
    elif first.build is None and first.empty.takes_nothing:
        pass  # nothing is played there: said below if nothing else is
    elif first.empty.takes_nothing and _stock_fills(variant, kind) == "always":
        pass  # the stock deals onto it whenever it is empty (Golf's waste): it never stays empty
    elif not (kind is PileKind.FOUNDATION and variant.deal.bases_out and first.empty.takes_nothing):
        # Where the row closes up or the stock deals to every column, a place left empty
        # is filled by the stock, not by a move.
        fills = _stock_fills(variant, kind)
        takes = first.empty.phrase
        if first.empty.takes_nothing and (variant.closes_up or fills):
            takes = "no card by a move" + (", only the stock's deals" if fills else "")
        parts.append(f"{'an empty one takes' if len(specs) > 1 else 'empty, it takes'} {takes}")
    if first.capacity is not None:
        parts.append(f"{'each holds' if len(specs) > 1 else 'it holds'} at most {first.capacity} card{'s' if first.capacity > 1 else ''}")
    if kind is PileKind.FOUNDATION:
        if first.group is not None:
            parts.append("the top card may come back into play")
        elif first.build is not None:  # some rule sheets of the same game let it come back: said
            parts.append("cards stay there")
    elif first.group is not None and kind is not PileKind.CELL:
        parts.append(first.group.phrase_in(variant))
    if not parts:
        parts.append(
            "removed cards go here" if variant.pairs is not None
            else "discarded cards go here" if variant.discard is not None
            else "no card is played there by hand"
        )
    return _sentence(f"{head}: " + "; ".join(parts))


def _stock_fills(variant: Variant, kind: PileKind) -> str:
    """Whether the stock deals onto piles of ``kind``: ``always`` (the waste it turns
    onto), ``deals`` (a card to every column, an empty one too), or ``""``."""
    target = variant.stock.target
    if kind is PileKind.WASTE and target is StockTarget.WASTE:
        return "always"
    return "deals" if kind is PileKind.TABLEAU and target is StockTarget.TABLEAU else ""


def _dealt(dealt: list[tuple[int, int]]) -> str:
    """``dealt 4 cards each, face up`` or ``dealt 1 to 7 cards, the last face up``."""
    totals = [down + up for down, up in dealt]
    if 0 in totals and totals[: totals.index(0)] and not any(totals[totals.index(0) :]):
        first = totals.index(0)  # only the first places dealt to (Accordion): the rest wait for the stock
        return f"the first {first} {_dealt(dealt[:first])}, the rest empty"
    ups = [up for _, up in dealt]
    each = " each" if len(totals) > 1 else ""
    count = f"{totals[0]} card{'s' if totals[0] != 1 else ''}{each}" if len(set(totals)) == 1 else ", ".join(map(str, totals)) + " cards"
    if all(down == 0 for down, _ in dealt):
        return f"dealt {count}, face up"
    if all(up == 0 for up in ups):
        return f"dealt {count}, face down"
    if len(set(ups)) == 1:
        return f"dealt {count}, the last {'' if ups[0] == 1 else f'{ups[0]} '}face up"
    if set(totals) == {1}:  # single cards, some face down (Tri-Peaks' peaks)
        return f"dealt {count}, {ups.count(0)} face down and {ups.count(1)} face up"
    return f"dealt {count}; face up on top: " + ", ".join(map(str, ups))


def _goal(variant: Variant) -> str:
    return f"You win with {variant.goal.value}."
