"""Reading a saved game back: from the position it reached, against replaying its moves.

Run: .venv/bin/python bench/resume.py [--moves 1000,5000] [--repeat 20]

Plays a Klondike game of N moves (turning the stock over and over, with standard scoring,
so the score has to be known too), saves it to a new SQLite file, then times
``Store.load`` as it is now (from the saved position) and with the position wiped (the
replay every load paid before), in the same run. Also times the next move's score.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from cardtable.app import Options, Scoring, Session, Store
from cardtable.solitaire import MoveKind, get_variant, legal_moves


def _long_game(moves: int) -> Session:
    session = Session(get_variant("klondike"), 3, Options(False, Scoring.STANDARD))
    while session.move_count < moves:
        choices = legal_moves(session.state)
        turn = [m for m in choices if m.kind in (MoveKind.DEAL, MoveKind.REDEAL)]
        session.play(turn[0] if turn else choices[0])
    return session


def _ms(action: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", default="1000,5000")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"{'moves':>6} {'from position ms':>17} {'replayed ms':>12} {'ratio':>6} {'next move scored ms':>20}")
    for moves in (int(n) for n in args.moves.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "resume.db"
            store = Store(path)
            game_id = store.save("ann", _long_game(moves))
            quick = _ms(lambda: store.load("ann", game_id), args.repeat)

            def scored_move() -> None:
                session = store.load("ann", game_id)
                session.play(legal_moves(session.state)[0])
                _ = session.score

            next_move = _ms(scored_move, args.repeat) - quick
            raw = sqlite3.connect(path)
            raw.execute("UPDATE games SET position = NULL")
            raw.commit()
            raw.close()
            slow = _ms(lambda: store.load("ann", game_id), max(3, args.repeat // 4))
            print(f"{moves:>6} {quick:>17.2f} {slow:>12.2f} {slow / quick:>6.0f} {next_move:>20.2f}")


if __name__ == "__main__":
    main()
