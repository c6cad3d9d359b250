"""The game collection: importing this package registers every game, in this order."""

from cardtable.solitaire.games import klondike  # noqa: I001  (the order is the catalogue's)
from cardtable.solitaire.games import freecell, spider, bisley, fortress, pyramid, yukon, fortythieves, castle, raglan
from cardtable.solitaire.games import bakersdozen, fan, golf, tripeaks
from cardtable.solitaire.games import canfield, penguin, agnes, lucie, acesup, calculation
from cardtable.solitaire.games import clock, quadrille, crescent
from cardtable.solitaire.games import montecarlo, montana, accordion
from cardtable.solitaire.games import strategy, osmosis, luckythirteen

__all__ = [
    "accordion", "acesup", "agnes", "bakersdozen", "bisley", "calculation", "canfield", "castle", "clock", "crescent", "fan",
    "fortress", "fortythieves", "freecell", "golf", "klondike", "lucie", "luckythirteen", "montana", "montecarlo", "osmosis",
    "penguin", "pyramid", "quadrille", "raglan", "spider", "strategy", "tripeaks", "yukon",
]
