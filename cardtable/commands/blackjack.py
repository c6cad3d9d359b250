"""`cardtable blackjack ...`: rule sets, strategy charts and simulations."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
import time
from fractions import Fraction
from typing import Any

from cardtable.commands import UserError, described, usable_workers, whole_number
from cardtable.commands.progress import ProgressLine
from cardtable.thunderjack import PRESETS, Doubling, RuleSet, preset, published_edge

SHEET = RuleSet()
"""The Thunderjack rule sheet: --thunderjack and --blitz switch its extra hands on as it pays them."""


def _ratio(text: str) -> Fraction:
    """``3:2`` or ``6:5`` (or ``3`` for 3:1) as a payout ratio of at least nothing (the
    rule set says which it takes)."""
    top, _, bottom = text.partition(":")
    try:
        ratio = Fraction(int(top), int(bottom or 1))
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"expected a payout such as 3:2, not {text!r}") from None
    if ratio < 0:
        raise argparse.ArgumentTypeError(f"a payout can't take money from the winner: {text!r}")
    return ratio


def _at_least_one(text: str) -> int:
    """A whole number of at least 1, for argparse."""
    return whole_number(text, 1)


SEED_LIMIT = 2**32
"""Seeds run from 0 to below this: a chunk's seed is made from it and must fit the compiled loop."""


def _seed(text: str) -> int:
    """A seed from 0 to 2**32 - 1, for argparse."""
    return whole_number(text, 0, SEED_LIMIT)


def named_rules(name: str) -> RuleSet:
    """The rule set of that name (in any case); UserError naming the choices for anything else."""
    try:
        return preset(name)
    except KeyError as error:
        raise UserError(str(error.args[0])) from None


def rules_from(args: argparse.Namespace) -> RuleSet:
    """The named preset with any rule flags applied."""
    rules = named_rules(args.rules)
    changes: dict[str, Any] = {}
    for flag, field in (
        ("decks", "decks"), ("reshuffle_below", "reshuffle_below"), ("h17", "dealer_hits_soft_17"),
        ("das", "double_after_split"), ("split_hands", "split_hands"), ("surrender", "surrender"),
        ("blackjack_pays", "blackjack_pays"), ("resplit_aces", "resplit_aces"), ("hit_split_aces", "hit_split_aces"),
    ):
        if getattr(args, flag) is not None:
            changes[field] = getattr(args, flag)
    if args.hole_card is not None:
        changes["no_hole_card"] = not args.hole_card
    if args.double is not None:
        changes["doubling"] = Doubling(args.double)
    changes.update(_extra_hands(rules, args))
    try:
        return rules.but(**changes) if changes else rules
    except ValueError as error:
        raise UserError(_in_flags(str(error))) from None


_FLAGS = {
    "split_hands": "--split-hands", "reshuffle_below": "--reshuffle-below", "blitz_cards": "--blitz-cards",
    "blackjack_pays": "--blackjack-pays", "thunderjack_pays": "--thunderjack-pays", "blitz_pays": "--blitz-pays",
}


def _in_flags(message: str) -> str:
    """A rule set's refusal in the words of the command line: its fields as the flags
    that set them.

    >>> _in_flags("split_hands must be 1 (no split) to 4, not 0")
    '--split-hands must be 1 (no split) to 4, not 0'
    >>> _in_flags("decks must be 1 to 8, not 9")
    '--decks must be 1 to 8, not 9'
    >>> _in_flags("late surrender needs ...: choose no surrender")
    'late surrender needs ...: add --no-surrender'
    """
    for words, flags in _PHRASES:
        message = re.sub(words, flags, message)
    return re.sub(r"\b[a-z]+_[a-z_]+\b", lambda found: _FLAGS.get(found.group(), found.group()), message)


_PHRASES = (
    (r"^decks must", "--decks must"), (r"choose no surrender$", "add --no-surrender"),
    (r"^resplitting Aces needs", "--resplit-aces needs"),
)
"""Words of a rule set's refusals that name a flag without its spelling."""


def _extra_hands(rules: RuleSet, args: argparse.Namespace) -> dict[str, Any]:
    """Thunderjack and Blitz on (at the preset's or the sheet's payout), changed, or off."""
    changes: dict[str, Any] = {}
    thunder_pays, blitz_cards, blitz_pays = args.thunderjack_pays, args.blitz_cards, args.blitz_pays
    if args.thunderjack is False and thunder_pays is not None:
        raise UserError("--no-thunderjack and --thunderjack-pays contradict each other")
    if args.blitz is False and (blitz_cards, blitz_pays) != (None, None):
        raise UserError("--no-blitz and --blitz-cards/--blitz-pays contradict each other")
    if args.thunderjack is False:
        changes["thunderjack_pays"] = None
    elif args.thunderjack or thunder_pays is not None:
        changes["thunderjack_pays"] = thunder_pays if thunder_pays is not None else rules.thunderjack_pays or SHEET.thunderjack_pays
    if args.blitz is False:
        changes["blitz_cards"] = None
    elif args.blitz or blitz_cards is not None or blitz_pays is not None:
        changes["blitz_cards"] = blitz_cards or rules.blitz_cards or SHEET.blitz_cards
        if blitz_pays is not None:
            changes["blitz_pays"] = blitz_pays
        elif rules.blitz_cards is None:
            changes["blitz_pays"] = SHEET.blitz_pays
    return changes


def _progress(began: float) -> Any:
    """The rounds played so far, and how fast, as a progress line (``ProgressLine``)."""
    line = ProgressLine()

    def show(done: int, total: int) -> None:
        rate = done / max(time.perf_counter() - began, 1e-9)
        line.show(done, total, f"{done:,}/{total:,} rounds, {rate:,.0f}/s")

    return show


MOST_ROUNDS = 10_000_000_000
"""The most rounds one run plays (its chunks are laid out before it starts)."""


def simulate_command(args: argparse.Namespace) -> int:
    """Play many rounds with the advisor's strategy and print the edge."""
    from cardtable.thunderjack.simulate import CHUNK, simulate

    rules = rules_from(args)
    if not 1 <= args.rounds <= MOST_ROUNDS:
        raise UserError(f"--rounds must be 1 to {MOST_ROUNDS:,} (about an hour on two cores)")
    if not 1 <= args.hands <= rules.seats:
        raise UserError(f"--hands must be 1 to {rules.seats} (the hands of the table)")
    workers = usable_workers(args.workers)
    simulate(rules, 1, seed=args.seed, workers=1, hands=args.hands)  # compiled (or loaded) off the clock: the rate is of play
    began = time.perf_counter()
    show = _progress(began) if args.rounds > CHUNK else None
    result = simulate(rules, args.rounds, seed=args.seed, workers=workers, progress=show, hands=args.hands)
    elapsed = time.perf_counter() - began
    print(result.report())
    published = published_edge(rules)
    if published is not None and result.standard_error == 0:  # every round alike: no spread to measure by
        print(f"published edge {published.text}: this run is {100 * result.edge:+.3f}%, too few rounds to compare")
    elif published is not None:
        off = (result.edge - published.edge) / result.standard_error
        print(f"published edge {published.text}: this run is {100 * result.edge:+.3f}%, "
              f"{off:+.1f} standard errors from it")
    print(f"{result.rounds / elapsed:,.0f} rounds/s with {workers} worker(s)")
    return 0


def chart_command(args: argparse.Namespace) -> int:
    """Print the basic-strategy chart of a rule set."""
    from cardtable.thunderjack.chart import chart

    print(chart(rules_from(args)))
    return 0


def rules_command(args: argparse.Namespace) -> int:
    """List the named rule sets, or give one's rules in words."""
    if args.name is not None:
        from cardtable.thunderjack.sheet import sheet

        print("\n\n".join(textwrap.fill(paragraph, 88) for paragraph in sheet(named_rules(args.name))))
        return 0
    for name, rules in PRESETS.items():
        print(f"{name:22} {rules.describe()}")
    return 0


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """--rules PRESET and the flags that change single rules."""
    parser.add_argument("--rules", default="thunderjack", help=f"rule set: {', '.join(PRESETS)} (default thunderjack)")
    parser.add_argument("--decks", type=int, default=None, help="decks in the shoe, 1 to 8 (default: the rule set's)")
    parser.add_argument("--reshuffle-below", type=float, default=None, help="reshuffle when less than this fraction is left")
    parser.add_argument("--h17", action=argparse.BooleanOptionalAction, default=None, help="dealer hits soft 17")
    parser.add_argument("--das", action=argparse.BooleanOptionalAction, default=None, help="double after split")
    parser.add_argument("--split-hands", type=int, default=None, help="hands one seat may split into (2: no resplit)")
    parser.add_argument("--resplit-aces", action=argparse.BooleanOptionalAction, default=None,
                        help="split Aces may be split again (with --split-hands 3 or 4)")
    parser.add_argument("--hit-split-aces", action=argparse.BooleanOptionalAction, default=None,
                        help="split Aces are played on like any split hand")
    parser.add_argument("--hole-card", action=argparse.BooleanOptionalAction, default=None,
                        help="--no-hole-card: European, the dealer's second card comes after the player's hands and "
                             "its Blackjack takes every stake")
    parser.add_argument("--surrender", action=argparse.BooleanOptionalAction, default=None, help="late surrender")
    parser.add_argument("--double", choices=[d.value for d in Doubling], default=None, help="which totals may double")
    parser.add_argument("--blackjack-pays", type=_ratio, default=None, help="e.g. 3:2 or 6:5")
    parser.add_argument("--thunderjack", action=argparse.BooleanOptionalAction, default=None,
                        help="a suited Ace with a Jack, Queen or King pays (3:1 unless --thunderjack-pays)")
    parser.add_argument("--thunderjack-pays", type=_ratio, default=None, help="e.g. 3:1 (turns Thunderjack on)")
    parser.add_argument("--blitz", action=argparse.BooleanOptionalAction, default=None,
                        help="a hand of six cards pays (5:1 unless --blitz-pays)")
    parser.add_argument("--blitz-cards", type=int, default=None, help="cards that make a Blitz, 3 to 11 (turns Blitz on)")
    parser.add_argument("--blitz-pays", type=_ratio, default=None, help="e.g. 5:1 (turns Blitz on)")


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `blackjack simulate`, `blackjack chart` and `blackjack rules`."""
    help = "blackjack rule sets, strategy and simulation"
    parser = subparsers.add_parser("blackjack", help=help, description=described(help))
    inner = parser.add_subparsers(dest="blackjack_command", metavar="COMMAND", required=True)
    simulate = inner.add_parser("simulate", help="the player's edge over many rounds of best play", description=described("the player's edge over many rounds of best play"))
    add_rule_flags(simulate)
    simulate.add_argument("--rounds", type=int, default=1_000_000, help=f"rounds to play, 1 to {MOST_ROUNDS:,} (default 1,000,000)")
    simulate.add_argument("--workers", type=_at_least_one, default=1, help="processes to run in (default 1)")
    simulate.add_argument("--hands", type=_at_least_one, default=1, help="hands played each round, 1 to 3 (default 1)")
    simulate.add_argument("--seed", type=_seed, default=1, help=f"0 to {SEED_LIMIT - 1} (default 1)")
    simulate.set_defaults(handler=simulate_command)
    chart = inner.add_parser("chart", help="print the basic-strategy chart for a rule set", description=described("print the basic-strategy chart for a rule set"))
    add_rule_flags(chart)
    chart.set_defaults(handler=chart_command)
    listing = inner.add_parser("rules", help="list the named rule sets, or give one's rules in words", description=described("list the named rule sets, or give one's rules in words"))
    listing.add_argument("name", nargs="?", default=None, help="a rule set to give in words (thunderjack, ...)")
    listing.set_defaults(handler=rules_command)
