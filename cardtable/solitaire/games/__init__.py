"""The game collection: importing this package registers every game."""

from cardtable.solitaire.games import bisley, fortress, freecell, klondike, pyramid, spider, yukon

__all__ = ["bisley", "fortress", "freecell", "klondike", "pyramid", "spider", "yukon"]
