"""What the API's answers look like: the published schema of every success body.

The views are made as plain JSON (``views.py``) for speed; these models only describe
them, for /openapi.json and a client generator. Each forbids keys it does not name, so a
field added to a view and not here fails the test that checks every game's views
against them, and the Schemathesis run against the real server.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cardtable.app.events import EventKind
from cardtable.app.scoring import Scoring
from cardtable.app.stats import GameStats
from cardtable.solitaire import Layout, MoveKind, PileKind
from cardtable.thunderjack.hand import Finish, Seat
from cardtable.thunderjack.round import Action


class Out(BaseModel):
    """An answer's part: every key it carries is named here."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class FaceUp(Out):
    """A card the player can see."""

    card: str = Field(description="rank and suit: AS, TD, KH (a joker: JK)")


class FaceDown(Out):
    """A card lying face down: its back, nothing more."""

    down: Literal[True]


class PileOut(Out):
    """A pile: what it is, and its cards from the bottom up."""

    name: str = Field(description="the name actions use: t1, f2, c3, stock, waste")
    kind: PileKind
    title: str = Field(description="the pile in words")
    covered_by: list[str] = Field(description="the piles whose cards must go before this one's may (Pyramid's rows)")
    starts: str = Field(description="the one rank an empty pile takes, as its place shows it; '' where none or several")
    plays: bool = Field(description="the top card is played from here by a click (Strategy, Pyramid's stock)")
    deals: bool = Field(description="a click on this pile deals")
    cards: list[FaceUp | FaceDown]
    wants: str | None = Field(default=None, description="a foundation's next rank where it is not the one after its top")


class Offer(Out):
    """Whether a control may be pressed now, and how often it still may."""

    can: bool
    left: int | None = Field(description="how many times it still may (null: always)")


class ScoreFalls(Out):
    """How the timed score falls while the clock runs."""

    points: int = Field(description="the score before time is taken off")
    by: int = Field(description="points taken off ...")
    every: int = Field(description="... every so many seconds")


class TableOut(Out):
    """The player's view of a game: never a face-down card, nor the stock's order."""

    id: int
    game: str
    name: str
    deal: int | None = Field(description="null for a random deal that would tell hidden cards, until the game is over; "
                             "past 2^53 (a number only the terminal deals) a JavaScript client must read it as a BigInt")
    random_deal: bool
    daily: bool
    winnable: bool = Field(description="dealt as a deal the solver proved winnable: a winnable deal, or the day's")
    daily_day: str | None = Field(description="the day of a daily deal, YYYY-MM-DD")
    version: int = Field(description="send it with the next action: an action on another version is refused")
    layout: Layout
    row_length: int | None = Field(description="a grid's places in a row")
    draw: int | None = Field(description="cards the stock turns at a time")
    deals_to_one_pile: bool = Field(description="a deal turns cards onto one pile (the waste, the first gap), not a row onto every column")
    piles: list[PileOut]
    violations: dict[str, list[int]] = Field(description="positions of cards lying on one the rules would not build on")
    targets: dict[str, dict[str, list[str]]] = Field(description="{pile: {position: [piles a card there may go to]}}")
    played_by_click: dict[str, list[int]] = Field(
        description="{pile: [positions]}: cards a click plays, since they can go to one place only (the waste)"
    )
    moves: int
    score: int
    scoring: Scoring
    auto_build: bool
    elapsed: float = Field(description="seconds played")
    clock_running: bool = Field(description="the clock runs: from the first move, while a page shows the game (a client that never opens its WebSocket counts as one)")
    won: bool
    in_progress: bool
    given_up: bool
    result: Literal["won", "lost", "given up"] | None = Field(
        description='how the game ended: "lost" where it was lost beyond undoing (see lost); null while in play')
    stuck: bool = Field(description="no move leads anywhere from what the player can see")
    lost: bool = Field(description="stuck, and no move played could have gone otherwise: no undo helps (Clock's deal "
                       "decides its game). Once a move makes it so, the game is recorded lost and ends: given_up, "
                       "result \"lost\"")
    can_undo: bool
    can_redo: bool
    can_restart: bool
    bookmark: bool = Field(description="a position is marked to go back to")
    redeals: int
    redeal: Offer | None = Field(description="gathering the columns again, in games that do (no stock to click)")
    stock_redeals: Offer | None = Field(description="turning the waste over at the empty stock")
    show_gives_up: bool = Field(description="show me would give the game up")
    show_gives_up_because: str
    score_falls: ScoreFalls | None
    sent_home_at_the_deal: str = Field(description="what auto-build sent home at the deal, until the first move")


class ActionBody(Out):
    """The body of ``POST .../actions`` that plays a hinted move (its version to add)."""

    action: Literal["move", "play", "card_onto_card", "deal"]
    pile: str | None = None
    position: int | None = None
    target: str | None = None


class MoveOut(Out):
    """A move, as the page highlights it."""

    kind: MoveKind
    source: str | None = None
    target: str | None = None
    count: int | None = Field(default=None, description="cards moved together")
    action: ActionBody


class EventOut(Out):
    """Something that happened on the table."""

    kind: EventKind
    cards: list[str]
    source: str
    target: str


class ActionOut(Out):
    """An action's outcome and the table after it."""

    ok: bool = Field(description="whether it was taken; reason says why not")
    reason: str
    events: list[EventOut]
    hint: MoveOut | None = Field(description="the hinted move, for a hint")
    view: TableOut


class TargetsOut(Out):
    """Where a card may go."""

    targets: list[str]
    why: str = Field(description="why the card may go nowhere, in the engine's words (\"\" where it may go somewhere)")
    version: int = Field(description="the version of the table the answer is for (the one asked for, or the one stored now)")


class RulesOut(Out):
    """A game's rules."""

    id: str
    name: str
    rules: str = Field(description="the rules in a paragraph")
    rule_lines: list[str] = Field(description="a line per part of the game's declaration")


class OptionOut(Out):
    """A rule a player may change, by adding it to the game's id: klondike[draw=3]."""

    name: str
    words: str
    values: list[int]
    labels: list[str]
    current: int


class GameOut(RulesOut):
    """A game of the catalogue."""

    aliases: list[str]
    family: str = Field(description="the name of the game the family is named for (as `cardtable games` groups them)")
    stock: str = Field(description="how the stock deals, in words")
    scoring: list[Scoring]
    default_scoring: Scoring
    layout: Layout
    draw: int | None
    draws: dict[str, str] | None = Field(description="the family's games by cards drawn at a time")
    deal_numbers: list[str] = Field(description="the first and last deal number, as text (they pass 2^53)")
    pairs: bool = Field(description="cards are removed in pairs (Pyramid)")
    builds_home: bool
    options: list[OptionOut]
    winnable_deals: bool = Field(description="winnable and daily deals are offered")


class CatalogueOut(Out):
    """Every game."""

    games: list[GameOut]
    scorings: dict[Scoring, str] = Field(description="what each scoring's numbers count, in words")


class RecentOut(Out):
    """A finished game, newest last."""

    game: str
    name: str
    deal: int
    won: bool
    moves: int
    score: int
    elapsed: int = Field(description="seconds played")
    when: str = Field(description="when it finished")


class StatsOut(Out):
    """The caller's statistics, a row per game and option set."""

    unreadable: list[str] = Field(description="saved games that could not be read, and why (they are kept as they are)")
    stats: list[GameStats]
    recent: list[RecentOut]


class SettingsOut(Out):
    """The player's settings that apply at once."""

    winnable: bool = Field(description="whether the \"still winnable?\" indicator is on")
    winnable_text: str = Field(description="what the setting does, to show beside it")


class WinnableOut(Out):
    """Whether the game can still be won at a version of it (a verdict, never a card)."""

    id: int
    version: int = Field(description="the version of the table the verdict is about")
    standing: Literal["winnable", "lost", "unknown", "pending"] = Field(
        description="pending: being worked out; ask again, or follow the game's WebSocket")
    undo: int | None = Field(description="moves to undo to get back to a position proved winnable, where one is known")
    text: str = Field(description="the verdict in words; where every card lies face up, a lost one may say why")
    answer: str = Field(description="the verdict as the answer to \"still winnable?\": \"yes\" for winnable, else the text")


class FrameOut(Out):
    """One step of a win played back."""

    move: MoveOut
    home: list[MoveOut] = Field(
        description="the moves home auto-build sends after the move, where the win is shown as the game plays it with "
        "auto-build on (the view is the table after them): the moves shown are then ones the player could send, in "
        "turn, to play the win. Empty on every frame where the win is shown as the solver found it (auto-build off, "
        "or no win found in time that auto-build's early moves home would follow): each move is then on the table "
        "before it, moves home included")
    said: str = Field(description="the move in words, as a hint says it")
    view: TableOut


class ShowOut(Out):
    """The solver's answer to "show me": a win to play back, or why there is none."""

    found: bool = Field(description="whether a win was found; when not, text says why and frames is empty")
    given_up: bool = Field(description="whether the game was given up to be shown (it hides cards)")
    text: str = Field(description="the win in words ('a win in 63 moves'), or why none was found")
    back: int = Field(description="moves the win starts behind the table (it can't be won from where it stands)")
    frames: list[FrameOut] = Field(description="each move of the win, with the table after it")
    view: TableOut = Field(description="the game's own table, which the playback does not move")


class SeatOut(Out):
    """A place to bet at the Thunderjack table."""

    seat: Seat
    selected: bool
    bet: int


class HandOut(Out):
    """A hand of the round."""

    seat: Seat
    cards: list[FaceUp]
    bet: int
    total: int
    soft: bool = Field(description="whether the total is said soft: never a natural's 21, named by its finish")
    split: bool
    finish: Finish | None
    paid: int | None = Field(description="what the hand paid back, once settled")
    turn: bool = Field(description="the hand being played")


class RoundOut(Out):
    """The round on the table: the dealer's hole card stays face down until it is over."""

    dealer: list[FaceUp | FaceDown]
    dealer_total: int = Field(description="the total of the dealer's cards face up")
    hands: list[HandOut]
    over: bool
    net: int | None = Field(description="what the round won or lost, once over")


class BlackjackTableOut(Out):
    """The caller's Thunderjack table: never the shoe."""

    rules: str
    description: str
    sheet: list[str] = Field(description="the rules as paragraphs")
    chips: list[int]
    affordable: list[int] = Field(description="the chips the credits cover on every hand picked, besides the bets placed (none during a round)")
    credits: int
    stakes: int = Field(description="how many stakes the player has been given")
    seats: list[SeatOut]
    round: RoundOut | None
    actions: list[Action] = Field(description="what the hand being played may do")
    can_deal: bool
    can_fresh_stake: bool
    version: int


class IntentOut(Out):
    """An intent's answer and the table after it."""

    ok: bool
    message: str
    view: BlackjackTableOut


class SettledHandOut(Out):
    """A hand of a settled round."""

    seat: Seat
    cards: list[str]
    bet: int
    split: bool
    finish: Finish | None
    paid: int | None
    result: str = Field(description='what it won or lost in words ("won 10", "lost 10", "pushed"); "" if never '
                        'settled, or where its finish says it (pushed)')
    natural: Finish | None = Field(default=None, description="the natural dealt (rounds stored before it was kept have none)")


class SettledRoundOut(Out):
    """A settled round."""

    rules: str
    hands: list[SettledHandOut]
    dealer: list[str]
    net: int
    at: str


class BlackjackStatsOut(Out):
    """Rounds, results and special hands over every round settled under the table's rules."""

    rules: str = Field(description="the rule set the figures are of: the table's")
    rounds: int
    won: int
    lost: int
    pushed: int
    blackjacks: int
    thunderjacks: int
    blitzes: int
    splits: int
    surrenders: int
    net: int
    recent: list[int] = Field(description="the last rounds' nets, newest last")
    stakes: int
    credits: int
    history: list[SettledRoundOut] = Field(description="the last ten rounds")
    rule_sets: dict[str, int] = Field(description="rounds settled under each rule set played, most first")
    counted_apart: str = Field(description="the rounds under other rule sets, in words, kept apart from these figures (empty if none)")


class Refused(Out):
    """An action refused because the table changed (or the game is over), with the table
    now; or because the saved game can't be read back, without it."""

    detail: str = Field(description="why the action was refused")
    view: TableOut | None = Field(None, description="the table as it is now (absent where the saved game can't be read back)")


class BlackjackRefused(Out):
    """An intent refused because the table changed, with the table now; or because the
    saved table can't be read back, without it."""

    detail: str = Field(description="why the intent was refused")
    view: BlackjackTableOut | None = Field(None, description="the table as it is now (absent where the saved table can't be read back)")
