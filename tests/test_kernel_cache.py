"""Compiled kernels cached on disk are dropped when any kernel's source changes, since
numba itself checks only each function's own file."""

from __future__ import annotations

from pathlib import Path

from cardtable.kernel_cache import KERNEL_DIRS, ensure_cache_place, fresh_caches, search_is_cached


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


def test_kernels_go_to_a_private_temporary_folder_when_numba_can_write_nowhere(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"  # no folder can be made under a file, whoever asks
    blocker.write_text("")
    environ: dict[str, str] = {}
    place = ensure_cache_place(blocker / "package", blocker / "home-cache", environ)
    assert place is not None and environ["NUMBA_CACHE_DIR"] == str(place)
    assert place.is_dir() and place.stat().st_mode & 0o077 == 0  # the user's alone
    assert ensure_cache_place(blocker / "package", blocker / "home-cache", environ) is None  # set already


def test_numbas_own_places_are_left_to_it(tmp_path: Path) -> None:
    environ: dict[str, str] = {}
    assert ensure_cache_place(tmp_path / "package", tmp_path / "nowhere" / "numba", environ) is None
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert ensure_cache_place(blocker / "package", tmp_path / "home-cache", environ) is None  # the user's cache takes them
    assert "NUMBA_CACHE_DIR" not in environ
