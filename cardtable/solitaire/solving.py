"""How the solver weighs a game's positions: per-game tuning, kept as data on the variant."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Solving:
    """Weights of the search's estimate of how far a position is from a win (lower is
    closer). Each counts one feature of the position; ``length`` weighs the moves
    already made, so a higher value trades search time for shorter solutions.

    >>> Solving().weights()
    (10, 6, 4, 2, 6, 1, 0, 0, 0, 0, 0, 0)
    """

    cards_out: int = 10
    """Per card not yet on the foundations (or, for pairing games, still in the layout)."""
    face_down: int = 6
    """Per face-down card outside the stock."""
    disorder: int = 4
    """Per face-up card that does not follow the card under it."""
    depth: int = 2
    """Per card lying on the next card a foundation wants."""
    free_space: int = 6
    """Per empty free cell or empty column that takes any card (a bonus)."""
    length: int = 1
    """Per move made so far."""
    stock: int = 0
    """Per card still in the stock (a game whose stock deals to the columns wants it
    dealt: without a weight here, every rearrangement of the columns comes first)."""
    blocked: int = 0
    """Per card lying above a card that must reach the foundations before it (a game
    whose columns give only to the foundations, such as Strategy, is lost with one)."""
    tall: int = 0
    """A bonus per card squared in each column: columns grown tall before new ones are
    started (Strategy, where spreading the stock over every column early ties them up)."""
    idle_moves: bool = True
    """Whether the first search tries moves between columns that neither turn up a
    card, empty a column, nor free a card to go home. False: it skips them, and only if
    that narrower search finds nothing does a full one follow (so an answer of
    "unwinnable" is still a proof). Worth it where columns hide cards (Klondike)."""

    eager_home: bool = False
    """Whether every card the foundations take goes there at once, safe or not (a
    *streamliner*): far fewer positions, and most winnable deals still won, but a win
    that needs a card kept in play is missed, so such a search finding nothing proves
    nothing. For a first try, that try; for the game's own weighting, its narrower
    search (``idle_moves``): the search that can prove a deal lost never does."""

    paired: int = 0
    """Talon cards a search lays on the tableau in one step, where one card turns at a
    time and redeals are unlimited (``solver/pairs.py``): 0, each alone; 1, a talon card
    only with the move that puts a card on it (``proving``); more, chains of up to that
    many, each on the one before (``pairs.LONGEST``, for proofs with room to finish: ``search.proving``). A
    proof needs a fifth to a tenth of the positions, but the positions skipped are steps
    many a quick win goes through, so only the search that can prove a deal lost pairs."""

    need_order: int = 0
    """A cost for cards lying over cards the foundations want sooner, by how much
    sooner: where the columns take any card (Calculation) their order says nothing, and
    the order the foundations will want the cards in says everything."""
    depth_first: bool = False
    """Whether the last search, the one that can prove a deal lost, goes depth first
    (``solver/depth.py``) when a budget asks for more positions than the best-first
    store can hold in its memory: it keeps only the line it is on, so it sees the same
    positions at about the same speed in a fifth of the memory. Within the memory the
    search stays best first, whose solutions are shorter and whose hints lead straighter."""

    first_tries: tuple[Solving, ...] = ()
    """Other weightings searched first, in turn, each for at most its ``positions``,
    before the game's own. Deals that lead one weighting astray are often quick under
    another (a few FreeCell deals take a hundred times the median), so short tries cut
    that tail; the game's own search, which can prove a deal lost, comes last."""
    positions: int = 2000
    """How many positions this weighting may store when it is one of ``first_tries``."""
    rounds: int = 1
    """How many times the first tries are gone through, each time with four times the
    positions: a deal none of them solves soon is often solved by one given more room,
    while the game's own search would wander for millions."""

    def proving(self) -> Solving:
        """This weighting as the search that can prove a deal lost uses it: sending home
        only the cards safe to send, and a talon card played with the move onto it."""
        return replace(self, eager_home=False, paired=max(1, self.paired))

    def weights(self) -> tuple[int, ...]:
        """The weights in the order the compiled search reads them."""
        return (
            self.cards_out, self.face_down, self.disorder, self.depth, self.free_space, self.length, self.stock,
            self.blocked, self.tall, int(self.eager_home), int(self.paired), self.need_order,
        )


VARIED = (
    Solving(length=0),
    Solving(stock=2),
    Solving(depth=6),
    Solving(cards_out=20),
    Solving(face_down=20, length=0),
)
"""Five weightings that, as a game's ``first_tries``, win many deals its own search
wanders in (Klondike, Yukon, Bisley: ``bench/first_tries.py``)."""

REORDERING = (
    Solving(length=0),
    Solving(disorder=10),
    Solving(depth=6),
    Solving(cards_out=20),
    Solving(free_space=15, length=0),
    Solving(disorder=2, length=0),
)
"""Six weightings that, as ``first_tries``, win many deals the own search wanders in
where every card lies face up and moves alone (Baker's Dozen, Box Fan; in the castle
games and Fan they won the same deals as the own search)."""
