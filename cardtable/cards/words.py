"""Counts in words, as every table and rules page says them."""

from __future__ import annotations

_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen")


def number_word(count: int) -> str:
    """``count`` in words up to thirteen (a suit's ranks), in figures past it.

    >>> number_word(2), number_word(13), number_word(14)
    ('two', 'thirteen', '14')
    """
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)
