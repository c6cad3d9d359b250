"""Counts and lists in words, as every table and rules page says them."""

from __future__ import annotations

from collections.abc import Sequence

_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen")


def number_word(count: int) -> str:
    """``count`` in words up to thirteen (a suit's ranks), in figures past it.

    >>> number_word(2), number_word(13), number_word(14)
    ('two', 'thirteen', '14')
    """
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words as a list is said: "a", "a and b", "a, b and c" (or, ``last`` "or", a choice).

    >>> listed(["a", "b", "c"]), listed(["a", "b"], "or")
    ('a, b and c', 'a or b')
    """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"
