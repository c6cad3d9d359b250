"""numba keeps compiled kernels on disk beside their sources (``__pycache__/*.nbi``,
``*.nbc``) and checks only each function's own file, so a kernel calling a function
that changed in another file would go on running stale machine code (the solver's search
calls the engine's compiled moves). The kernels' sources are fingerprinted together, and
every kernel cache is dropped when any of them changes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

KERNEL_DIRS = ("solitaire/compiled", "solver", "thunderjack")
"""The folders (under the package) whose modules hold numba kernels that call each other."""
MARKER = "kernel-sources.txt"


def fingerprint(root: Path) -> str:
    """One digest of every kernel folder's Python sources."""
    digest = hashlib.sha256()
    for folder in KERNEL_DIRS:
        for source in sorted((root / folder).glob("*.py")):
            digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def fresh_caches(root: Path = Path(__file__).parent) -> bool:
    """Drop the kernels' disk caches if their sources changed since they were written;
    True if any were dropped. A read-only install is left alone (numba then keeps its
    caches elsewhere, keyed the same way)."""
    marker = root / "__pycache__" / MARKER
    current = fingerprint(root)
    try:
        if marker.is_file() and marker.read_text() == current:
            return False
        dropped = False
        for folder in KERNEL_DIRS:
            for cached in (root / folder / "__pycache__").glob("*.nb[ic]"):
                cached.unlink(missing_ok=True)
                dropped = True
        marker.parent.mkdir(exist_ok=True)
        marker.write_text(current)
        return dropped
    except OSError:
        return False


def search_is_cached(root: Path = Path(__file__).parent) -> bool:
    """Whether the solver's search is already compiled on disk (numba's index of it is
    there), so a first solve only loads it."""
    return any((root / "solver" / "__pycache__").glob("kernel.run-*.nbi"))
