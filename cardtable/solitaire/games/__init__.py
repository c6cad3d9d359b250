"""The game collection: importing this package registers every game, in this order."""

from cardtable.solitaire.games import klondike  # noqa: I001  (the order is the catalogue's)
from cardtable.solitaire.games import freecell, spider, bisley, fortress, pyramid, yukon, fortythieves, castle, raglan

__all__ = ["bisley", "castle", "fortress", "fortythieves", "freecell", "klondike", "pyramid", "raglan", "spider", "yukon"]
