"""The game collection: importing this package registers every game, in this order."""

from cardtable.solitaire.games import klondike  # noqa: I001  (the order is the catalogue's)
from cardtable.solitaire.games import freecell, spider, bisley, fortress, pyramid, yukon, fortythieves, castle, raglan
from cardtable.solitaire.games import canfield, penguin, agnes

__all__ = ["agnes", "bisley", "canfield", "castle", "fortress", "fortythieves", "freecell", "klondike", "penguin", "pyramid", "raglan", "spider", "yukon"]
