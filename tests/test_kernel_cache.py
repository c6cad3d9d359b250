"""Compiled kernels cached on disk are dropped when any kernel's source changes, since
numba itself checks only each function's own file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from cardtable.kernel_cache import KERNEL_DIRS, ensure_cache_place, fingerprint, fresh_caches, search_is_cached


def _tree(root: Path) -> list[Path]:
    caches = []
    for folder in KERNEL_DIRS:
        (root / folder / "__pycache__").mkdir(parents=True)
        (root / folder / "kernel.py").write_text("x = 1\n")
        cache = root / folder / "__pycache__" / "kernel.run-10.py311.nbi"
        cache.write_bytes(b"compiled")
        caches.append(cache)
    return caches


def test_caches_go_when_a_kernel_source_changes_and_stay_otherwise(tmp_path: Path) -> None:
    caches = _tree(tmp_path)
    assert fresh_caches(tmp_path)  # nothing recorded yet: whatever is cached may be stale
    assert not any(c.exists() for c in caches)
    for c in caches:
        c.write_bytes(b"compiled again")
    assert not fresh_caches(tmp_path) and all(c.exists() for c in caches)  # sources unchanged
    (tmp_path / "solitaire/compiled/kernel.py").write_text("x = 2\n")  # another file's kernel changed
    assert fresh_caches(tmp_path)
    assert not any(c.exists() for c in caches)


def test_the_search_counts_as_cached_once_numba_has_its_index_on_disk(tmp_path: Path) -> None:
    assert not search_is_cached(tmp_path, {})
    _tree(tmp_path)
    assert search_is_cached(tmp_path, {})
    given = tmp_path / "given"
    (given / "deep").mkdir(parents=True)
    assert not search_is_cached(tmp_path / "none", {"NUMBA_CACHE_DIR": str(given)})
    (given / "deep" / "kernel.run-391.py311.nbi").write_bytes(b"index")
    assert search_is_cached(tmp_path / "none", {"NUMBA_CACHE_DIR": str(given)})  # the folder numba was given


@pytest.fixture
def temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary directory of the test's own, standing for /tmp."""
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    return shared


def _nowhere(tmp_path: Path) -> Path:
    """A path under which no folder can be made, whoever asks: it lies under a file."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    return blocker


def test_kernels_go_to_a_private_temporary_folder_when_numba_can_write_nowhere(tmp_path: Path, temporary: Path) -> None:
    blocker = _nowhere(tmp_path)
    environ: dict[str, str] = {}
    place = ensure_cache_place(blocker / "package", blocker / "home-cache", environ)
    assert place is not None and environ["NUMBA_CACHE_DIR"] == str(place) and place.parent == temporary
    assert place.name == f"cardtable-numba-{os.getuid()}-{fingerprint(blocker / 'package')[:12]}"  # the sources' own
    assert place.is_dir() and place.stat().st_mode & 0o077 == 0  # the user's alone
    assert ensure_cache_place(blocker / "package", blocker / "home-cache", environ) is None  # set already
    assert ensure_cache_place(blocker / "package", blocker / "home-cache", {}) == place  # found again next time


def test_a_link_planted_in_the_folders_name_is_not_followed(tmp_path: Path, temporary: Path) -> None:
    blocker = _nowhere(tmp_path)
    elsewhere = tmp_path / "someone-elses"
    elsewhere.mkdir(mode=0o700)
    planted = temporary / f"cardtable-numba-{os.getuid()}-{fingerprint(blocker / 'package')[:12]}"
    planted.symlink_to(elsewhere)
    place = ensure_cache_place(blocker / "package", blocker / "home-cache", {})
    assert place is not None and place != planted and not place.is_symlink() and place.parent == temporary


def test_numbas_own_places_are_left_to_it(tmp_path: Path) -> None:
    environ: dict[str, str] = {}
    assert ensure_cache_place(tmp_path / "package", tmp_path / "nowhere" / "numba", environ) is None
    blocker = _nowhere(tmp_path)
    assert ensure_cache_place(blocker / "package", tmp_path / "home-cache", environ) is None  # the user's cache takes them
    assert "NUMBA_CACHE_DIR" not in environ
