"""cardtable: card games on a declarative solitaire engine."""

from cardtable.kernel_cache import fresh_caches

fresh_caches()  # before any kernel is compiled or loaded from disk
