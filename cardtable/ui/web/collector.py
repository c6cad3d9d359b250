"""The garbage collector in a server process that runs for days.

Python's cycle collector looks at container objects now and then: young ones often, and
all of them (in a server that has imported FastAPI, numba and the whole collection, some
100,000 objects that live as long as the process) now and again. Most of what a request
makes is freed by reference counting the moment it is done with, so the collections
find little: bench/actions.py counted 60 of them in 6,000 actions, 140-170 ms of CPU.
Here the objects made while starting are set apart (``gc.freeze``: never looked at
again) and young objects are collected less often (``YOUNG``): 3 collections, 20-30 ms.
"""

from __future__ import annotations

import gc

YOUNG = 10_000
"""Container objects made (net of those freed) between two collections of the youngest
generation; Python's default is 700."""


def settle() -> None:
    """Set apart what the process has made so far, and collect young objects less often:
    called once a server process has started, before it serves."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 10, 10)
