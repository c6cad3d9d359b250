"""`cardtable blackjack ...` as a user runs it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.test_cli import cardtable
from tests.ui.terminal.test_plain import cardtable as play_at


def test_simulate_prints_the_edge_its_error_and_the_published_figure() -> None:
    result = cardtable("blackjack", "simulate", "--rules", "six-deck-s17", "--rounds", "600000", "--workers", "2")
    assert result.returncode == 0, result.stderr
    edge = float(re.search(r"player edge ([+-][\d.]+)%", result.stdout).group(1))  # type: ignore[union-attr]
    error = float(re.search(r"± ([\d.]+)%", result.stdout).group(1))  # type: ignore[union-attr]
    assert abs(edge - -0.33) < 3 * error
    assert "published edge -0.33%" in result.stdout and "rounds/s with 2 worker(s)" in result.stdout
    assert "600,000/600,000 rounds" in result.stderr  # the progress bar of a long run


def test_a_long_simulation_written_to_a_log_says_its_progress_in_lines() -> None:
    logged = subprocess.run([sys.executable, "-m", "cardtable", "blackjack", "simulate", "--rounds", "1000000"],
                            capture_output=True, timeout=300)  # bytes: a carriage return is kept as sent
    lines = logged.stderr.decode().split("\n")
    assert b"\r" not in logged.stderr and lines[-1] == "", logged.stderr  # a log reads lines, not one redrawn
    assert [line.split("]")[1].split(" rounds")[0] for line in lines[:-1]] == [
        f" {n:,}/1,000,000" for n in (250_000, 500_000, 750_000, 1_000_000)]


def test_rule_flags_change_the_rules_and_drop_the_published_comparison() -> None:
    result = cardtable("blackjack", "simulate", "--rules", "six-deck-s17", "--no-surrender", "--blackjack-pays", "6:5",
                       "--rounds", "100000")
    assert result.returncode == 0, result.stderr
    assert "no surrender, blackjack 6:5" in result.stdout and "surrenders 0.00%" in result.stdout
    assert "published" not in result.stdout


def test_a_payout_beyond_any_table_is_refused_in_the_words_of_its_flag() -> None:
    result = cardtable("blackjack", "chart", "--thunderjack-pays", "1000000:1")
    assert result.returncode == 2 and "--thunderjack-pays must pay the winner something, up to 1000:1, not 1000000:1" in result.stderr


def test_chart_and_rules_print_for_any_rule_set() -> None:
    chart = cardtable("blackjack", "chart", "--rules", "six-deck-h17")
    assert chart.returncode == 0 and "H17" in chart.stdout and re.search(r"^ +11 +D +D", chart.stdout, re.M)
    assert "Ds double (else stand)" in chart.stdout and "Rs surrender (else stand)" in chart.stdout  # its codes told
    listed = cardtable("blackjack", "rules")
    assert "thunderjack" in listed.stdout and "Thunderjack 3:1, Blitz 6 cards 5:1" in listed.stdout
    worded = cardtable("blackjack", "rules", "six-deck-h17")
    assert worded.returncode == 0 and "on a soft 17" in worded.stdout and "Thunderjack" not in worded.stdout
    assert cardtable("blackjack", "rules", "Six-Deck-H17").stdout == worded.stdout
    unknown = cardtable("blackjack", "rules", "poker")
    assert unknown.returncode == 2 and "no rule set 'poker'" in unknown.stderr


def test_bad_rule_sets_and_flags_are_clear_errors() -> None:
    unknown = cardtable("blackjack", "simulate", "--rules", "poker")
    assert unknown.returncode == 2 and "no rule set 'poker'" in unknown.stderr
    decks = cardtable("blackjack", "chart", "--decks", "0")
    assert decks.returncode == 2 and "cardtable: --decks must be 1 to 8" in decks.stderr
    surrender = cardtable("blackjack", "simulate", "--rules", "thunderjack", "--no-hole-card", "--rounds", "10")
    assert surrender.returncode == 2 and surrender.stderr.rstrip().endswith("add --no-surrender")
    payout = cardtable("blackjack", "chart", "--blackjack-pays", "lots")
    assert payout.returncode == 2 and "expected a payout such as 3:2" in payout.stderr
    rounds = cardtable("blackjack", "simulate", "--rounds", "0")
    assert rounds.returncode == 2 and "--rounds must be 1 to 10,000,000,000" in rounds.stderr
    endless = cardtable("blackjack", "simulate", "--rounds", "100000000000000")  # refused, not laid out until memory runs out
    assert endless.returncode == 2 and "--rounds must be 1 to 10,000,000,000" in endless.stderr


def test_a_run_too_short_to_spread_says_so_beside_the_published_edge() -> None:
    result = cardtable("blackjack", "simulate", "--rules", "six-deck-s17", "--rounds", "1", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "too few rounds to compare" in result.stdout and "Traceback" not in result.stderr


def test_thunderjack_and_blitz_flags_switch_the_extra_hands_on_at_the_sheets_payouts() -> None:
    result = cardtable("blackjack", "simulate", "--rules", "six-deck-s17", "--thunderjack", "--blitz", "--rounds", "20000")
    assert result.returncode == 0, result.stderr
    assert "blackjack 3:2, Thunderjack 3:1, Blitz 6 cards 5:1" in result.stdout and "published" not in result.stdout
    assert re.search(r"thunderjacks 0\.[1-9]", result.stdout)
    changed = cardtable("blackjack", "chart", "--rules", "six-deck-s17", "--thunderjack-pays", "2:1", "--blitz-cards", "5",
                        "--blitz-pays", "4")
    assert changed.returncode == 0 and "Thunderjack 2:1, Blitz 5 cards 4:1" in changed.stdout
    off = cardtable("blackjack", "chart", "--no-thunderjack", "--no-blitz")
    assert off.returncode == 0 and "Thunderjack" not in off.stdout.splitlines()[0] and "Blitz" not in off.stdout


def test_workers_and_payouts_out_of_range_are_clear_errors() -> None:
    for workers in ("0", "-3"):
        result = cardtable("blackjack", "simulate", "--workers", workers, "--rounds", "10")
        assert result.returncode == 2 and "--workers: expected a whole number of at least 1" in result.stderr
    for flag in ("--blackjack-pays=-5:2", "--thunderjack-pays=-1", "--blitz-pays=-5"):
        result = cardtable("blackjack", "chart", flag)
        assert result.returncode == 2 and "a payout can't take money from the winner" in result.stderr
        spaced = cardtable("blackjack", "chart", *flag.split("="))  # --blackjack-pays -5:2, as typed
        assert spaced.returncode == 2 and "a payout can't take money from the winner" in spaced.stderr
    for flag in ("--blackjack-pays=0:2", "--thunderjack-pays=0:1", "--blitz-pays=0"):  # a winning hand that pays nothing
        result = cardtable("blackjack", "chart", flag)
        assert result.returncode == 2 and "must pay the winner something" in result.stderr
    one = cardtable("blackjack", "simulate", "--rounds", "1")
    assert one.returncode == 0 and "(one round: no standard error)" in one.stdout and "± 0.0000%" not in one.stdout
    many = cardtable("blackjack", "simulate", "--workers", "1000", "--rounds", "2000")
    cores = os.cpu_count() or 1
    assert many.returncode == 0 and f"more than this machine's {cores} cores: using {cores}" in many.stderr
    assert f"with {min(cores, 1000)} worker(s)" in many.stdout
    clash = cardtable("blackjack", "chart", "--no-blitz", "--blitz-cards", "5")
    assert clash.returncode == 2 and "contradict" in clash.stderr


def test_a_seed_too_big_for_the_loop_is_a_clear_error_not_a_traceback() -> None:
    result = cardtable("blackjack", "simulate", "--seed", "99999999999999999999", "--rounds", "10")
    assert result.returncode == 2 and "--seed: expected a whole number from 0 to 4294967295" in result.stderr
    assert "Traceback" not in result.stderr


def test_new_rules_on_an_existing_table_apply_between_rounds_and_are_refused_with_a_reason_mid_round(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tj.db"
    first = play_at(db, "thunderjack", "--seed", "4", stdin="50\nquit\n")
    assert "(thunderjack)" in first.stdout
    changed = play_at(db, "thunderjack", "--rules", "six-deck-h17", "--seed", "4", stdin="quit\n")  # the new shoe's seed
    assert changed.returncode == 0 and "Credits 500" in changed.stdout and "(six-deck-h17)" in changed.stdout
    kept = play_at(db, "thunderjack", stdin="10\ndeal\nquit\n")
    assert "(six-deck-h17)" in kept.stdout and "your turn" in kept.stdout
    refused = play_at(db, "thunderjack", "--rules", "single-deck", stdin="quit\n")
    assert refused.returncode == 2 and "a round is in play under the six-deck-h17 rules" in refused.stderr


def test_split_ace_and_hole_card_flags_change_the_rules() -> None:
    chart = cardtable("blackjack", "chart", "--rules", "six-deck-s17", "--resplit-aces", "--hit-split-aces", "--no-hole-card",
                      "--no-surrender")
    assert chart.returncode == 0, chart.stderr
    assert "split to 4, resplit Aces, hit split Aces, no hole card, no surrender" in chart.stdout
    clash = cardtable("blackjack", "chart", "--rules", "six-deck-s17", "--no-hole-card")
    assert clash.returncode == 2 and "late surrender needs the dealer's check for Blackjack" in clash.stderr


def test_simulate_plays_the_tables_hands_and_compares_a_rule_change_with_its_published_figure() -> None:
    result = cardtable("blackjack", "simulate", "--rules", "six-deck-s17", "--h17", "--resplit-aces", "--hands", "3",
                       "--rounds", "200000")
    assert result.returncode == 0, result.stderr
    assert "rounds 200,000, 3 hands each" in result.stdout
    assert re.search(r"published edge -0\.459%: this run is [+-]\d\.\d{3}%, [+-][\d.]+ standard errors", result.stdout)
    single = cardtable("blackjack", "simulate", "--rules", "single-deck", "--rounds", "20000")
    assert "published edge +0.041%" in single.stdout
    hands = cardtable("blackjack", "simulate", "--hands", "4", "--rounds", "10")
    assert hands.returncode == 2 and "--hands must be 1 to 3" in hands.stderr
