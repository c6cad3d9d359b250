"""The typed command mode through a real subprocess with piped input."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.app import Session, Store
from cardtable.app.standing import Indicator
from cardtable.app.service import Games
from cardtable.solitaire.formats import format_move, parse_freecell_solution
from cardtable.solitaire import get_variant
from cardtable.ui.terminal.commands import help_for, run_command
from cardtable.ui.terminal.prose import plain_prose
from cardtable.ui.web.players import new_player, sign
from tests.ui.terminal.compiling import slow_to_hint

SOLUTION = Path(__file__).parents[2] / "fixtures" / "freecell" / "deal-1.solution"


def cardtable(db: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CARDTABLE_DB=str(db))
    return subprocess.run(
        [sys.executable, "-m", "cardtable.cli", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_typed_moves_in_card_words_with_clear_messages(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    script = "t6 t2\n6d 7c\n4s t1\nbogus\nQQ\nturn\nundo\nredo\nhint\nhelp\nquit\n"
    result = cardtable(db, "play", "klondike", "--deal", "7", stdin=script)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "7C is not face up on the table" in out
    assert "'bogus' is not a card or a pile" in out
    assert "hint: " in out and "8H 9C" in out  # the help text
    assert "4S can't go on 6D" in out  # cards written as they are typed, refusals too
    assert not re.search("[♣♦♥♠]", out)
    assert re.search(r"Klondike, deal 7: 2 moves, score \d+%, ", out)  # uniform scoring: the share of cards home
    assert "Saved as game 1" in out


def test_a_whole_game_played_from_a_file_of_commands_is_won_and_counted(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    freecell = get_variant("freecell")
    moves = parse_freecell_solution(freecell.start(1), SOLUTION.read_text())
    words = [format_move(freecell, m) for m in moves]
    looked_back = ["undo", "undo", "quit"]  # after the win
    result = cardtable(db, "play", "freecell", "--deal", "1", "--plain", stdin="\n".join(words + looked_back) + "\n")
    assert "You won in" in result.stdout, result.stdout[-2000:]
    assert "The win is recorded: undo and redo only look back over the game." in result.stdout
    stats = cardtable(db, "stats", "freecell")
    assert stats.stdout.startswith("FreeCell: played 1, won 1 (100%)")
    records = list(Store(db).records("local"))
    assert [(r.status, r.moves) for r in records] == [("won", len(words))]  # as won, not as looked back


def test_a_new_deal_asks_before_giving_a_game_in_progress_up_as_lost(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    result = cardtable(db, "play", "freecell", "--deal", "1", "--plain", stdin="6s c\nnew\nmaybe\nno\nnew\nyes\nnew\nquit\n")
    out = result.stdout
    # Asked twice: once answered no (after "maybe", which is asked again and decides
    # nothing), once yes; the last new deal, untouched, goes without asking.
    assert out.count("Give up this game as lost and deal a new one? (yes/no)") == 2
    assert out.count("yes or no?") == 1 and out.count("the game goes on") == 1
    assert [r.status for r in Store(db).records("local")] == ["lost", "unplayed", "unplayed"]  # the last left untouched


def test_a_clock_deal_played_out_is_said_lost_and_a_new_deal_asks_nothing(tmp_path: Path) -> None:
    # Clock's lost game said "undo", and a new deal asked to give up a game already decided.
    db = tmp_path / "p.db"
    result = cardtable(db, "play", "clock", "--deal", "1", "--plain", stdin="finish\nstats\nundo\nnew\nquit\n")
    assert "The game is lost: no move played could have gone otherwise. Type new for another deal." in result.stdout
    assert "Clock: played 1, won 0" in result.stdout  # recorded lost at once, not when left
    assert "\n  the game is lost: no move leads anywhere" in result.stdout  # undo has nothing to play otherwise
    assert "Give up this game" not in result.stdout
    assert [r.status for r in Store(db).records("local")][0] == "lost"


def test_resume_continues_the_last_unfinished_game(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    cardtable(db, "play", "klondike", "--deal", "7", stdin="t6 t2\nturn\nquit\n")
    result = cardtable(db, "resume", stdin="quit\n")
    assert result.returncode == 0 and "Klondike, deal 7: 2 moves" in result.stdout
    assert cardtable(tmp_path / "empty.db", "resume").stderr.startswith("cardtable: there is no unfinished game")


def test_unknown_game_and_corrupt_database_are_reported_and_nothing_is_lost(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    cardtable(db, "play", "klondike", "--deal", "7", stdin="t6 t2\nquit\n")
    unknown = cardtable(db, "play", "klondyke")
    assert unknown.returncode == 2 and "did you mean klondike" in unknown.stderr
    assert Store(db).load("local", 1).move_count == 1
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 50)
    corrupt = cardtable(junk, "play", "klondike")
    assert corrupt.returncode == 1 and "not a cardtable database" in corrupt.stderr  # a database that can't be used
    assert junk.read_bytes() == b"not a database at all" * 50
    if Path("/proc/version").exists():  # a file that reads as text though its size says 0
        proc = cardtable(Path("/proc/version"), "stats")
        assert proc.returncode == 1 and "No finished games" not in proc.stdout, proc.stdout


def test_stats_export_as_json_and_csv(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    cardtable(db, "play", "klondike", "--deal", "7", stdin="t6 t2\nnew\nyes\nquit\n")
    as_json = cardtable(db, "stats", "--format", "json")
    assert '"played": 1' in as_json.stdout and '"won": 0' in as_json.stdout
    assert cardtable(db, "stats", "--format", "csv").stdout.startswith("game,options,played,won")


def test_a_random_deal_with_hidden_cards_does_not_show_its_number(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    klondike = cardtable(db, "play", "klondike", stdin="turn\nquit\n")
    assert klondike.returncode == 0, klondike.stderr
    assert re.search(r"Klondike, random deal: \d+ moves", klondike.stdout)
    [record] = Store(db).records("local")
    assert str(record.deal) not in klondike.stdout
    freecell = cardtable(db, "play", "freecell", stdin="quit\n")
    assert "FreeCell, deal " in freecell.stdout


def test_a_bookmark_says_so_when_it_goes_back_along_a_dropped_branch(tmp_path: Path) -> None:
    script = "turn\nturn\nmark\nundo\nundo\nt6 t2\nback\nquit\n"
    result = cardtable(tmp_path / "p.db", "play", "klondike", "--deal", "7", stdin=script)
    lines = result.stdout.splitlines()
    assert any("marked this position (after move 2): going back to the mark returns here" in line for line in lines)
    said = next(n for n, line in enumerate(lines) if "back at the mark" in line)
    assert "Klondike, deal 7: 2 moves" in lines[said - 1]


def test_a_card_auto_build_sends_home_after_a_move_is_named(tmp_path: Path) -> None:
    # It went home unsaid: only the foundation's top, among the whole table, showed it.
    result = cardtable(tmp_path / "p.db", "play", "klondike-draw3", "--deal", "7", "--plain", stdin="turn\nundo\nredo\nquit\n")
    assert result.stdout.count("  AC went home (auto-build)") == 1, result.stdout  # after the turn, not its undo or redo
    quiet = cardtable(tmp_path / "q.db", "play", "klondike-draw3", "--deal", "7", "--plain", "--no-auto-build", stdin="turn\nquit\n")
    assert "went home" not in quiet.stdout


def test_two_cards_typed_together_pair_off_in_pyramid(tmp_path: Path) -> None:
    result = cardtable(tmp_path / "p.db", "play", "pyramid", "--deal", "3", stdin="JC 2D\nQC 3D\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Pyramid, deal 3: 1 move," in result.stdout
    assert "don't pair" in result.stdout
    # Joined with "+", as the notation joins two piles (t25+t3): "Pyramid has no pile 'jc'" it said.
    joined = cardtable(tmp_path / "q.db", "play", "pyramid", "--deal", "3", stdin="JC+2D\nQC + 3D\nquit\n")
    assert "Pyramid, deal 3: 1 move," in joined.stdout and "don't pair" in joined.stdout and "no pile" not in joined.stdout


def _help_words(game: str) -> list[str]:
    """Every command word a game's help names: the 'other:' list and the notation's extras."""
    text, short = help_for(get_variant(game)).split("\nshort:", 1)
    other = text.split("other:", 1)[1]
    items = re.sub(r"\([^)]*\)", "", other).replace("/", ",").split(",")
    extras = re.search(r"\(also ([^)]*)\)", text)
    notation = [] if extras is None else extras.group(1).split(", ")
    shorts = [w for item in short.split(",") for w in item.split()[:-1] if w != "or"]  # "t or d turn": t, d
    return [" ".join(item.split()) for item in items + notation + shorts if item.strip()]


@pytest.mark.parametrize("game, has, lacks", [
    ("klondike", {"turn", "redeal", "redo all", "mark", "back", "new", "quit", "deal"}, set()),
    ("freecell", {"undo", "hint", "quit"}, {"turn", "redeal", "deal"}),
    ("golf", {"turn", "deal"}, {"redeal"}),
    ("pyramid", {"turn", "deal", "redeal"}, set()),
    ("spider", {"turn", "deal"}, {"redeal"}),  # a stock dealt to the columns, never turned over
    ("cruel", {"redeal"}, {"turn", "deal"}),  # no stock: the columns gathered and dealt again
])
def test_every_command_word_in_a_games_help_is_understood_and_it_offers_only_the_games_own(
    game: str, has: set[str], lacks: set[str]
) -> None:
    words = _help_words(game)
    assert has <= set(words) and not lacks & set(words), words
    for word in words:
        session = Session(get_variant(game), 7)
        reply = run_command(session, word)
        said = reply.outcome.reason if reply.outcome is not None else ""
        assert reply.word or reply.outcome is not None, word
        assert "not a card" not in said and "name a card" not in said and " has no " not in said, (word, said)


def test_redeal_and_an_empty_waste_are_answered_plainly(tmp_path: Path) -> None:
    script = "waste f\nredeal\n" + "turn\n" * 24 + "redeal\nquit\n"
    result = cardtable(tmp_path / "p.db", "play", "klondike", "--deal", "7", "--plain", stdin=script)
    assert result.returncode == 0, result.stderr
    assert "  the waste is empty" in result.stdout
    assert "  the stock still has cards: deal them first" in result.stdout
    assert "Klondike, deal 7: 25 moves" in result.stdout


def test_a_game_saved_under_a_players_name_says_how_that_player_resumes_it(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    saved = cardtable(db, "play", "klondike", "--deal", "7", "--plain", "--player", "alice", stdin="t7 t4\nquit\n")
    assert "Saved as game 1; `cardtable resume --player alice` continues it." in saved.stdout
    resumed = cardtable(db, "resume", "--plain", "--player", "alice", stdin="quit\n")
    assert resumed.returncode == 0 and "Klondike, deal 7: 1 move" in resumed.stdout


def test_stats_text_lists_bests_and_recent_deals_even_random_ones_once_over(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    cardtable(db, "play", "klondike", "--scoring", "vegas", "--no-auto-build", stdin="turn\nnew\nyes\nquit\n")
    finished, unfinished = Store(db).records("local")
    out = cardtable(db, "stats").stdout
    assert "best score -52 (Vegas dollars), best time" in out and "fewest moves -" in out
    assert "Vegas total -52 over 1 game" in out
    assert f"deal {finished.deal}  lost score -52" in out and str(unfinished.deal) not in out


def test_stats_in_a_game_name_it_first_even_before_any_of_it_is_finished(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    cardtable(db, "play", "golf", stdin="turn\nnew\nyes\nquit\n")  # one Golf game lost
    fresh = cardtable(db, "play", "freecell", "--deal", "1", stdin="stats\nquit\n").stdout
    assert "FreeCell: no finished games yet.\nGolf: played 1, won 0" in fresh
    cardtable(db, "play", "klondike", stdin="turn\nnew\nyes\nquit\n")  # then one Klondike game lost
    golf = cardtable(db, "play", "golf", stdin="stats\nquit\n").stdout
    assert golf.index("Golf: played 1") < golf.index("Klondike: played 1") and "no finished games" not in golf


def test_typed_rules_print_the_whole_page_as_plain_text(tmp_path: Path) -> None:
    out = cardtable(tmp_path / "p.db", "play", "freecell", "--deal", "1", stdin="rules\nquit\n").stdout
    page = cardtable(tmp_path / "p.db", "rules", "freecell").stdout  # (piped: the Markdown page)
    assert "## Rules" in page and "## Rules" not in out
    assert plain_prose(page, int(os.environ.get("COLUMNS", 80))) in out  # (the width a pipe is given)


def test_input_ending_at_the_give_up_question_puts_the_game_away_without_saying_it_goes_on(tmp_path: Path) -> None:
    out = cardtable(tmp_path / "p.db", "play", "klondike", "--deal", "7", stdin="TH t2\nnew\n").stdout
    assert "Give up this game as lost" in out and "the game goes on" not in out
    assert out.rstrip().endswith("`cardtable resume` continues it."), out[-300:]


def _golf_beside_another_program(tmp_path: Path) -> tuple[Store, Games, int, Session, sqlite3.Connection]:
    """A saved game of Golf on a store that waits 0.2 s for a lock, and another program's
    connection to the same file (to take the database with)."""
    store = Store(tmp_path / "busy.db", timeout=0.2)
    session = Session(get_variant("golf"), 3)
    game_id = store.save("me", session)
    return store, Games(store, "me"), game_id, session, sqlite3.connect(tmp_path / "busy.db", isolation_level=None)


def test_a_move_whose_save_fails_is_not_played_and_the_game_goes_on(tmp_path: Path) -> None:
    from cardtable.ui.terminal.plain import play_plain

    store, games, game_id, session, holder = _golf_beside_another_program(tmp_path)
    out: list[str] = []
    lines = iter(["turn", "release", "turn", "quit"])

    def feed() -> Iterator[str]:
        for line in lines:
            if line == "release":
                holder.execute("COMMIT")  # the other program lets go
                continue
            yield line

    holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
    play_plain(games, game_id, session, feed(), out.append)
    refused = [line for line in out if "database is busy" in line]
    assert len(refused) == 1 and refused[0].endswith("not played, the game is as it was"), out
    assert session.move_count == 1  # the first turn went back, the second was played and saved
    assert store.load("me", game_id).move_count == 1
    holder.close()


def test_a_new_deal_on_a_busy_database_gives_nothing_up_and_the_game_goes_on(tmp_path: Path) -> None:
    from cardtable.ui.terminal.plain import play_plain

    store, games, game_id, session, holder = _golf_beside_another_program(tmp_path)
    out: list[str] = []

    def feed() -> Iterator[str]:
        yield "turn"
        holder.execute("BEGIN EXCLUSIVE")  # another program takes the database
        yield from ["new", "yes", "winnable on", "show", "yes"]
        holder.execute("COMMIT")
        yield from ["turn", "quit"]

    assert play_plain(games, game_id, session, feed(), out.append) == 0
    refused = [line for line in out if "database is busy" in line]
    assert len(refused) == 3 and refused[0].startswith("  can't start a new game") and refused[0].endswith("the game goes on"), out
    assert refused[1].endswith(": the setting is as it was") and refused[2].endswith(": not shown, the game goes on")
    assert not session.given_up and session.move_count == 2  # played on, and saved
    assert [(r.status, r.moves) for r in store.records("me")] == [("playing", 2)] and not games.indicator_on()
    holder.execute("BEGIN EXCLUSIVE")  # and busy at the quit: said, and the game kept as last saved
    out.clear()
    assert play_plain(games, game_id, session, ["turn", "quit"], out.append) == 1
    assert out[-1].endswith(f"Game {game_id} is kept as it was saved after its last move: `cardtable resume` continues it."), out
    holder.execute("COMMIT")
    assert [(r.status, r.moves) for r in store.records("me")] == [("playing", 2)]
    holder.close()


def test_stats_typed_during_a_game_prints_the_players_statistics(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    cardtable(db, "play", "freecell", "--deal", "3", "--plain", stdin="t1 c1\nnew\nyes\nquit\n")  # one given up
    result = cardtable(db, "play", "freecell", "--deal", "4", "--plain", stdin="stats\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "FreeCell: played 1, won 0 (0%)" in result.stdout


def test_a_deal_left_with_nothing_played_is_not_kept_to_resume(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    for _ in range(3):  # looked at and left, three times
        left = cardtable(db, "play", "klondike", "--plain", stdin="quit\n")
        assert left.returncode == 0 and "Nothing was played: the deal was not kept." in left.stdout
        assert "Saved as game" not in left.stdout
    played = cardtable(db, "play", "klondike", "--deal", "7", "--plain", stdin="t7 t4\nundo\nquit\n")
    assert "Saved as game 4" in played.stdout  # a move made, even undone: kept
    listed = cardtable(db, "resume", "--list")
    assert listed.returncode == 0 and [line.split()[0] for line in listed.stdout.splitlines()[1:-1]] == ["4"]
    stats = cardtable(db, "stats")
    assert stats.stdout == "No finished games yet.\n"  # nor counted


def test_a_pile_named_alone_or_full_free_cells_are_answered_for_what_they_are() -> None:
    by_card, session = Session(get_variant("freecell"), 617), Session(get_variant("freecell"), 617)
    said = run_command(session, "t1").outcome  # its top card played, as that card named alone (one click on the page)
    assert said is not None and said.ok and said.events == run_command(by_card, "JD").outcome.events  # type: ignore[union-attr]
    golf = Session(get_variant("golf"), 2)
    assert run_command(golf, "t1").outcome.ok and golf.state.piles[golf.pile_index("waste")][-1].code == "QD"  # type: ignore[union-attr]
    empty = run_command(session, "c2").outcome
    assert empty is not None and empty.reason == "'c2' shows no card to play: name a card, or a pile and where its cards go (help lists moves)"
    session = Session(get_variant("freecell"), 617)
    for _ in range(4):
        moved = run_command(session, "t1 c").outcome
        assert moved is not None and moved.ok
    said = run_command(session, "t1 c").outcome
    assert said is not None and not said.ok and said.reason == "every free cell holds a card already"
    said = run_command(session, "t9").outcome
    assert said is not None and said.reason == "FreeCell has no pile 't9' (its piles: c1-c4, f1-f4, t1-t8)"


def test_a_terminal_that_cannot_show_a_sign_gets_a_question_mark_not_an_error(tmp_path: Path) -> None:
    env = dict(os.environ, CARDTABLE_DB=str(tmp_path / "a.db"), PYTHONIOENCODING="ascii")
    script = "a" * 60 + "\nt6 t2\nquit\n"  # a long mistake is shortened with an ellipsis
    result = subprocess.run([sys.executable, "-m", "cardtable.cli", "play", "klondike", "--deal", "7", "--plain"],
                            input=script, capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr[-800:]
    assert "aaaa?' is not a card or a pile" in result.stdout and "Saved as game 1" in result.stdout


def test_ctrl_c_puts_the_game_away_as_last_saved_and_says_how_to_resume_it(tmp_path: Path) -> None:
    from cardtable.app.service import Games
    from cardtable.ui.terminal.plain import play_plain

    games = Games(Store(tmp_path / "c.db"), "me")
    session = Session(get_variant("klondike"), 7)
    game_id = games.store.save("me", session)
    real_save = games.save

    def typed() -> Iterator[str]:
        yield "t6 t2"
        games.save = interrupted_save  # type: ignore[method-assign]
        yield "turn"  # cut short while it is saved: not made

    def interrupted_save(*args: object) -> None:
        games.save = real_save  # type: ignore[method-assign]
        raise KeyboardInterrupt  # once: putting the game away saves it

    out: list[str] = []
    ended: list[str] = []
    status = play_plain(games, game_id, session, typed(), out.append, unprompt=lambda: ended.append("line"))
    assert status == 130 and ended == ["line"]
    assert out[-1] == f"Saved as game {game_id}; `cardtable resume` continues it."
    kept = games.store.load("me", game_id)
    assert kept.move_count == 1 and kept.state == session.state


def test_a_game_played_in_two_windows_is_never_written_over_unseen(tmp_path: Path) -> None:
    from cardtable.app.service import Games
    from cardtable.ui.terminal.plain import play_plain

    path = tmp_path / "two.db"
    game_id = Store(path).save("local", Session(get_variant("golf"), 3))
    first, second = Games(Store(path), "local"), Games(Store(path), "local")
    one, two = first.resume(game_id), second.resume(game_id)  # both windows read the game
    assert one is not None and two is not None
    played: list[str] = []
    play_plain(first, game_id, one[1], ["turn", "turn", "quit"], played.append)
    out: list[str] = []
    play_plain(second, game_id, two[1], ["turn", "turn", "quit"], out.append)
    said = [line for line in out if "another window" in line]
    assert len(said) == 1 and said[0].endswith("not played; here it is as it is now"), out
    assert any("Golf, deal 3: 2 moves" in line for line in out)  # the other window's game, shown
    assert Store(path).load("local", game_id).move_count == 3  # its two turns, and one more from here


def test_the_first_search_after_an_install_says_it_compiles_the_solver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.app.service import Games
    from cardtable.ui.terminal import plain

    games = Games(Store(tmp_path / "c.db"), "me")
    now = [0.0]
    session = slow_to_hint(now)
    game_id = games.store.save("me", session)
    out: list[str] = []
    monkeypatch.setattr(plain, "search_is_cached", lambda: False)  # as on a machine that never ran it
    plain.play_plain(games, game_id, session, ["t1 c", "hint", "quit"], out.append)
    assert out.count(f"  {plain.COMPILING}") == 1 and out.index(f"  {plain.COMPILING}") < next(
        n for n, line in enumerate(out) if line.startswith("  hint: "))
    assert session.elapsed == 0.0  # the game's clock stood while the solver compiled
    monkeypatch.setattr(plain, "search_is_cached", lambda: True)
    out.clear()
    session.run_clock()
    plain.play_plain(games, game_id, session, ["hint", "quit"], out.append)
    assert f"  {plain.COMPILING}" not in out and session.elapsed == 50.0  # a hint's own time is play
    # "winnable" compiles the search too, in the indicator's verdict: the clock stands as well.
    indicator = Indicator(nodes=50)
    judged = indicator.verdict

    def slow_verdict(*args: object, **kwargs: object) -> object:
        now[0] += 50.0
        return judged(*args, **kwargs)  # type: ignore[arg-type]

    indicator.verdict = slow_verdict  # type: ignore[method-assign]
    monkeypatch.setattr(plain, "search_is_cached", lambda: False)
    session.run_clock()
    plain.play_plain(games, game_id, session, ["winnable", "quit"], out.append, indicator=indicator)
    assert any(line.startswith("  still winnable?") for line in out) and session.elapsed == 50.0


def test_a_new_deal_that_cant_be_saved_leaves_the_game_in_play_and_playable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old game is given up and the new one saved together: when the new one fails
    (a full disk), the old one was not given up, and the next move is played and saved."""
    import sqlite3
    from typing import Any

    from cardtable.app.service import Games
    from cardtable.ui.terminal.plain import play_plain

    store = Store(tmp_path / "full.db")
    games = Games(store, "me")
    game_id, session = games.start("golf", 3)
    write = Store._write_game

    def full_for_new_games(self: Store, player: str, new: int | None, *args: Any) -> int:
        if new is None:
            raise sqlite3.OperationalError("database or disk is full")
        return write(self, player, new, *args)

    def feed() -> Iterator[str]:
        yield "turn"
        monkeypatch.setattr(Store, "_write_game", full_for_new_games)
        yield from ["new", "yes"]
        monkeypatch.undo()
        yield from ["turn", "quit"]

    out: list[str] = []
    play_plain(games, game_id, session, feed(), out.append)
    assert "  can't start a new game: database or disk is full; nothing was saved: the game goes on" in out, out
    assert not any("another window" in line for line in out), out
    assert not session.given_up and session.move_count == 2
    assert [(r.status, r.moves) for r in store.records("me")] == [("playing", 2)]


def test_typed_daily_gives_back_todays_deal_begun_in_another_game(tmp_path: Path) -> None:
    from cardtable.app.service import Games
    from cardtable.ui.terminal.plain import play_plain

    games = Games(Store(tmp_path / "d.db"), "me")
    daily_id, daily = games.start_daily("freecell")
    assert daily.daily
    assert daily.move_card("t1", -1, "c1").ok
    games.save(daily_id, daily)
    other_id, other = games.start("freecell", 5)  # the terminal keeps both unfinished
    out: list[str] = []
    play_plain(games, other_id, other, ["t1 c", "daily", "yes", "quit"], out.append)
    shown = f"FreeCell, daily deal {daily.deal_number}: {daily.move_count} move"
    assert any(shown in line for line in out), out  # the day's game, as it was left
    statuses = {r.id: r.status for r in games.store.records("me")}
    assert statuses == {daily_id: "playing", other_id: "lost"}


def test_the_typed_table_says_what_went_home_at_the_deal_until_the_first_move(tmp_path: Path) -> None:
    at_deal = cardtable(tmp_path / "s.db", "play", "yukon", "--deal", "5", "--plain", stdin="t3 t6\nquit\n")
    said = [line for line in at_deal.stdout.splitlines() if "went home at the deal" in line]
    assert said == ["  AS and 2S went home at the deal (auto-build)"], at_deal.stdout  # once: not after the move
    assert "Yukon, deal 5: 1 move" in at_deal.stdout


def test_a_typed_daily_deal_is_marked_winnable_as_play_daily_marks_it(tmp_path: Path) -> None:
    from cardtable.app.service import Games
    from cardtable.ui.terminal.plain import new_deal

    games = Games(Store(tmp_path / "d.db"), "me")
    game_id, session = games.start("freecell", 5)
    daily_id, daily = new_deal(games, game_id, session, "daily")
    assert daily.daily and daily.winnable and games.store.load("me", daily_id).winnable  # as start_daily's
    _, dealt = new_deal(games, daily_id, daily, "new")
    assert not dealt.winnable


def test_a_browsers_whole_cookie_value_names_its_player(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    player = new_player()
    cardtable(db, "play", "klondike", "--deal", "7", "--plain", "--player", player, stdin="t7 t4\nquit\n")
    cookie = sign(player, b"s" * 32)  # as the browser shows it: the id, a dot, its signature
    for name in (player, cookie):
        listed = cardtable(db, "resume", "--list", "--player", name)
        assert listed.returncode == 0 and "Klondike, deal 7" in listed.stdout, (name, listed.stdout)
    other = cardtable(db, "resume", "--list", "--player", "someone.else")  # a name with a dot stays a name
    assert "Klondike" not in other.stdout
