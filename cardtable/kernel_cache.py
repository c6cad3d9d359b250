"""numba keeps compiled kernels on disk beside their sources (``__pycache__/*.nbi``,
``*.nbc``) and checks only each function's own file, so a kernel calling a function
that changed in another file would go on running stale machine code (the solver's search
calls the engine's compiled moves). The kernels' sources are fingerprinted together, and
every kernel cache is dropped when any of them changes.

Where numba can write neither beside the sources (a package installed for all users) nor
in the user's cache folder (a service account without a home), it would refuse to load
the kernels at all; they are then kept in a folder of the user's own under the
temporary directory.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from collections.abc import MutableMapping
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


COMPILING = "(the solver is compiled for this machine on its first use: a minute or so, once)"
"""Said, in every interface, before the first search after an install waits for it."""


def search_is_cached(root: Path = Path(__file__).parent, environ: MutableMapping[str, str] = os.environ) -> bool:
    """Whether the solver's search is already compiled on disk (numba's index of it is
    there, beside the sources or in the folder ``ensure_cache_place`` gave), so a first
    solve only loads it."""
    given = environ.get("NUMBA_CACHE_DIR")
    return any((root / "solver" / "__pycache__").glob("kernel.run-*.nbi")) or bool(
        given and any(Path(given).rglob("kernel.run-*.nbi"))
    )


def numbas_own_cache(environ: MutableMapping[str, str] = os.environ) -> Path:
    """The user-wide folder numba falls back on when it can't write beside a source."""
    return Path(environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")) / "numba"


def ensure_cache_place(
    root: Path = Path(__file__).parent, user_cache: Path | None = None,
    environ: MutableMapping[str, str] = os.environ,
) -> Path | None:
    """Give numba a cache folder (``NUMBA_CACHE_DIR``) when neither of its own places
    takes files; the folder given, or None where numba manages (or the user chose a
    place). Call it before numba is imported: numba reads the setting then."""
    if environ.get("NUMBA_CACHE_DIR"):
        return None
    if _takes_files(root / "solver" / "__pycache__") or _takes_files(user_cache or numbas_own_cache(environ)):
        return None
    # Named by the sources too: kernels compiled from other sources are never loaded.
    place = Path(tempfile.gettempdir()) / f"cardtable-numba-{os.getuid()}-{fingerprint(root)[:12]}"
    if not _private(place):  # someone else's (or a link planted in its name): a fresh one
        place = Path(tempfile.mkdtemp(prefix="cardtable-numba-"))
    environ["NUMBA_CACHE_DIR"] = str(place)
    return place


def _private(folder: Path) -> bool:
    """Whether ``folder`` is (or has just been made) a real folder of this user's that
    no one else may write in: numba unpickles what it finds there."""
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    found = os.lstat(folder)  # a link is not followed: it could be re-pointed later
    return stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid() and not found.st_mode & 0o077


def _takes_files(folder: Path) -> bool:
    """Whether a file can be written in ``folder`` (made if missing), as numba tries it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True
