"""Deal numbers as a batch takes them: ``1-100``, ``7`` and lists of both."""

from __future__ import annotations

from cardtable.commands import UserError, plain_digits


def parse_deals(text: str) -> list[int]:
    """Deal numbers from ``7``, ``1-100`` or ``1-10,20-30``.

    >>> parse_deals("1-3,7,2-4"), parse_deals(" 5 - 6, 9 ")
    ([1, 2, 3, 4, 7], [5, 6, 9])
    >>> parse_deals("1-1,000")
    Traceback (most recent call last):
    cardtable.commands.UserError: '000' in '1-1,000' starts with a 0: commas separate deals and ranges, so write a deal number without separators (1-1000, not 1-1,000)
    """
    deals: set[int] = set()
    for part in (part.strip() for part in text.split(",")):  # spaces around a number, not inside it ("1 2" is no 12)
        low, dash, high = part.partition("-")
        low, high = low.strip(), high.strip()
        try:
            if not all(plain_digits(n) for n in (low, high if dash else low)):
                raise ValueError(part)
            first, last = int(low), int(high if dash else low)
        except ValueError:
            said = repr(part) if part else f"{text!r} (an empty part between commas)"
            raise UserError(f"deals are numbers or ranges such as 1-100, not {said}") from None
        if any(len(n) > 1 and n.startswith("0") for n in (low, high)):  # "1,000": a thousands separator, not a list
            raise UserError(
                f"{part!r} in {text!r} starts with a 0: commas separate deals and ranges, so write "
                "a deal number without separators (1-1000, not 1-1,000)"
            )
        if last < first:
            raise UserError(f"the range {part} runs backwards: {last}-{first} names those deals")
        if len(deals) + last - first + 1 > MOST_DEALS:
            raise UserError(f"{text} is more than {MOST_DEALS:,} deals: classify a range in parts")
        deals.update(range(first, last + 1))
    return sorted(deals)


MOST_DEALS = 1_000_000
"""The most deals one batch takes, its ranges together (a million FreeCell deals take an
hour here; the list of them alone is tens of megabytes)."""


def deal_ranges(deals: list[int]) -> str:
    """Deals as the ranges ``--deals`` takes.

    >>> deal_ranges([1, 2, 3, 7, 9, 10])
    '1-3,7,9-10'
    """
    runs: list[list[int]] = []
    for deal in sorted(deals):
        if runs and deal == runs[-1][1] + 1:
            runs[-1][1] = deal
        else:
            runs.append([deal, deal])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
