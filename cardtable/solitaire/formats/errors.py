"""The error every text form raises for input it cannot read."""

from __future__ import annotations


class FormatError(ValueError):
    """Text that is not a valid card, move, position or game; the message says why."""
