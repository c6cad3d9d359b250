"""cardtable: card games on a declarative solitaire engine."""

from cardtable.kernel_cache import ensure_cache_place, fresh_caches

fresh_caches()  # before any kernel is compiled or loaded from disk
ensure_cache_place()  # before numba reads where to keep them
