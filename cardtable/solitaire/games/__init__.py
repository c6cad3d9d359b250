"""The game collection: importing this package registers every game."""

from cardtable.solitaire.games import bisley, fortress, freecell, klondike, pyramid, spider

__all__ = ["bisley", "fortress", "freecell", "klondike", "pyramid", "spider"]
