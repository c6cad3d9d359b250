"""Compiled kernels cached on disk are dropped when any kernel's source changes, since
numba itself checks only each function's own file."""

from __future__ import annotations

from pathlib import Path

from cardtable.kernel_cache import KERNEL_DIRS, fresh_caches, search_is_cached


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
    assert not search_is_cached(tmp_path)
    _tree(tmp_path)
    assert search_is_cached(tmp_path)
