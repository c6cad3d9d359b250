"""Thunderjack in text: the table drawn from the player's view, and the typed commands."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardtable.app.blackjack import Answer, BlackjackTable, result_words
from cardtable.app.storage import local_minute
from cardtable.app.storage_errors import StorageError

HELP = """Commands:
  right | middle | left     select or unselect a hand for betting
  10 | 50 | 250 | 1000      put a chip on every selected hand
  clear                     take the bets back
  deal                      deal a round
  hit (h), stand (s), double (d), split (p), surrender (r)
  hint (i)                  the advisor's best action and its value
  stake                     a fresh stake when you have run out of credits
  stats                     your statistics
  history                   your last ten rounds, newest first
  rules                     the rules this table plays by
  help, quit"""

SHORT = {"h": "hit", "s": "stand", "d": "double", "p": "split", "r": "surrender", "i": "hint"}
"""One-letter words, as the full-screen table's keys."""


def _cards(cards: list[dict[str, Any]]) -> str:
    return " ".join(c.get("card", "[XX]") for c in cards)


def settled(game: dict[str, Any], hand: dict[str, Any]) -> str:
    """", lost 10" after a hand's bet once the round is over (its result in words), else nothing."""
    return f", {result_words(hand['paid'] - hand['bet'])}" if game["over"] and hand["paid"] is not None else ""


SETTLED_AS = {"pushed": "", "beaten": "to the dealer's Blackjack"}
"""How a settled hand's finish reads beside its result ("pushed" says it twice)."""


def finish_words(game: dict[str, Any], hand: dict[str, Any]) -> str:
    """A hand's finish, as it reads after its result once the round is over.

    >>> over = {"over": True}
    >>> finish_words(over, {"finish": "pushed"}), finish_words(over, {"finish": "beaten"}), finish_words(over, {"finish": "bust"})
    ('', "to the dealer's Blackjack", 'bust')
    """
    finish = hand["finish"] or ""
    return SETTLED_AS.get(finish, finish) if game["over"] else finish


def render(view: dict[str, Any]) -> str:
    """The table as a few lines of text."""
    seats = "  ".join(
        f"{s['seat']}{'*' if s['selected'] else ''} {s['bet'] or '-'}" for s in view["seats"]
    )
    lines = [f"Credits {view['credits']}   bets: {seats}   ({view['rules']})"]
    game = view["round"]
    if game is not None:
        dealer = _cards(game["dealer"])
        lines.append(f"  dealer   {dealer}  ({game['dealer_total']})")
        for hand in game["hands"]:
            soft = " soft" if hand["soft"] else ""
            finish = finish_words(game, hand)
            state = "  <- your turn" if hand["turn"] else (f"  {finish}" if finish else "")
            lines.append(f"  {hand['seat']:7}  {_cards(hand['cards'])}  ({hand['total']}{soft})  bet {hand['bet']}{settled(game, hand)}{state}")
    if view["actions"]:
        lines.append("  you may: " + ", ".join(view["actions"]))
    elif view["can_fresh_stake"]:
        lines.append("  You are out of credits: type stake for a fresh stake.")
    elif view["can_deal"]:
        lines.append("  deal when ready (or change the bets)")
    else:
        lines.append("  place a bet: select hands (right, middle, left) and press chips (10, 50, 250, 1000)")
    return "\n".join(lines)


def render_stats(stats: dict[str, Any]) -> str:
    """Statistics of the table's rule set in a few lines (rounds won, lost or even by their
    net: a round whose hands won as much as they lost is even), and the other rule sets
    played, counted apart."""
    apart = f"\n{stats['counted_apart']}" if stats["counted_apart"] else ""
    return (
        f"rounds {stats['rounds']} ({stats['rules']} rules): won {stats['won']}, lost {stats['lost']}, even {stats['pushed']}\n"
        f"blackjacks {stats['blackjacks']}, thunderjacks {stats['thunderjacks']}, blitzes {stats['blitzes']}, "
        f"splits {stats['splits']}, surrenders {stats['surrenders']}\n"
        f"net {stats['net']:+}, credits {stats['credits']}, fresh stakes {stats['stakes'] - 1}{apart}"
    )


def render_history(rounds: list[dict[str, Any]]) -> str:
    """Settled rounds (given oldest first), one a line, newest first, as the page and the
    solitaire statistics list them: the hands, the dealer, the result."""
    lines = []
    for played in reversed(rounds):
        hands = "; ".join(  # (``BlackjackTable.history``'s words; a round stored before hands kept what they paid has none)
            f"{h['seat']} {' '.join(h['cards'])} ({h['finish']}, bet {h['bet']}"
            f"{', ' + h['result'] if h.get('result') else ''})" for h in played["hands"]
        )
        when = local_minute(played["at"])  # to the minute, as the games' list shows it
        lines.append(f"{when}  {hands}  dealer {' '.join(played['dealer'])}  {played['net']:+}")
    return "\n".join(lines)


def run_word(table: BlackjackTable, line: str) -> Answer | str | None:
    """Carry out one typed command: an Answer for an intent, text to show, or None to quit."""
    word = line.strip().lower()
    word = SHORT.get(word, word)
    if word in ("quit", "q", "exit"):
        return None
    if word in ("help", "?"):
        return HELP
    if word == "stats":
        return render_stats(table.stats())
    if word == "rules":
        return "\n\n".join(table.view()["sheet"])
    if word == "history":
        return render_history(table.history()) or "no rounds played yet"
    if word in ("right", "middle", "left"):
        return table.toggle(word)
    if word.isdecimal():
        return table.chip_typed(word)
    if word in ("hit", "stand", "double", "split", "surrender"):
        return table.play(word)
    intents = {"clear": table.clear, "deal": table.deal, "hint": table.hint, "stake": table.fresh_stake}
    if word in intents:
        return intents[word]()
    return Answer(False, f"unknown command {line.strip()!r}; type help for the commands" if word else "")


def play_plain(
    table: BlackjackTable, lines: Iterable[str], write: Callable[[str], None], prompt: Callable[[], None] = lambda: None
) -> int:
    """Play from typed lines until quit or end of input; the table is saved after each intent."""
    write(render(table.view()))
    prompt()
    for line in lines:
        try:
            answer = run_word(table, line)
        except StorageError as error:  # a busy or read-only database: the table went back to as it was
            write(f"  {error}: not played, the table is as it was")
            prompt()
            continue
        if answer is None:
            break
        if isinstance(answer, str):
            write(answer)
        else:
            if answer.message:
                write(f"  {answer.message}")
            word = line.strip().lower()
            if answer.stale or (answer.ok and SHORT.get(word, word) != "hint"):
                write(render(table.view()))
        prompt()
    return 0
