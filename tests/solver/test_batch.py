"""Classifying ranges of deals: workers, the summary, the store, and a real Dask cluster."""

from __future__ import annotations

import pytest

from cardtable.solitaire import get_variant
from cardtable.solitaire.formats import parse_moves, replay
from cardtable.solitaire.engine import is_won
from cardtable.solver import Budget, Outcome
from cardtable.solver.batch import BatchStopped, DealResult, classify, solve_deal
from cardtable.solver.batch import _chunks, share_size
from cardtable.solver.summary import summarize, wilson


def test_workers_give_the_same_verdicts_as_one_process() -> None:
    deals = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    alone = sorted(classify("bakers-game", deals, Budget(nodes=500_000, seconds=600)), key=lambda r: r.deal)
    shared = sorted(classify("bakers-game", deals, Budget(nodes=500_000, seconds=600), workers=2), key=lambda r: r.deal)
    assert [r.deal for r in shared] == deals
    assert [r.outcome for r in shared] == [r.outcome for r in alone]
    assert {r.outcome for r in alone} == {Outcome.SOLVED, Outcome.UNWINNABLE}


def test_skipped_deals_are_not_solved() -> None:
    results = list(classify("freecell", range(1, 6), Budget(), skip=lambda deal: deal % 2 == 0))
    assert [r.deal for r in results] == [1, 3, 5]


def test_a_recorded_solution_replays_to_a_win() -> None:
    result = solve_deal("klondike-draw3", 2, Budget(nodes=500_000, seconds=600))
    assert result.outcome is Outcome.SOLVED and result.thoughtful
    variant = get_variant("klondike-draw3")
    moves = parse_moves(variant, result.solution)
    assert len(moves) == result.moves
    assert is_won(replay(variant, 2, moves))


def test_summary_counts_shares_and_interval() -> None:
    def one(deal: int, outcome: Outcome, seconds: float) -> DealResult:
        return DealResult("freecell", deal, outcome, 100 if outcome is Outcome.SOLVED else 0, 10, seconds, False)

    results = [one(d, Outcome.SOLVED, 0.01 * d) for d in range(1, 9)] + [one(9, Outcome.UNWINNABLE, 2.0), one(10, Outcome.UNKNOWN, 5.0)]
    summary = summarize(results)
    assert (summary.solved, summary.unwinnable, summary.unknown, summary.decided) == (8, 1, 1, 9)
    assert summary.share == pytest.approx(8 / 9)
    assert summary.interval == pytest.approx(wilson(8, 9))
    assert summary.median_seconds == pytest.approx(0.05)
    assert summary.p99_seconds == 5.0
    assert summary.mean_moves == 100
    assert "8 solved, 1 proven unwinnable, 1 unknown" in summary.text()


def test_wilson_matches_the_published_formula() -> None:
    low, high = wilson(8195, 10000)
    assert low == pytest.approx(0.81185, abs=1e-4)
    assert high == pytest.approx(0.82685, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_dask_local_cluster_runs_the_same_batch() -> None:
    import distributed

    from cardtable.solver.cluster import classify_on_cluster

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        results = sorted(
            classify_on_cluster(cluster.scheduler_address, "bakers-game", range(1, 11), Budget(nodes=500_000, seconds=600)),
            key=lambda r: r.deal,
        )
    local = sorted(classify("bakers-game", range(1, 11), Budget(nodes=500_000, seconds=600)), key=lambda r: r.deal)
    assert [(r.deal, r.outcome) for r in results] == [(r.deal, r.outcome) for r in local]


def test_a_cluster_takes_the_rest_in_shares_sized_by_the_first_deals_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four deals a task cost FreeCell's batch more in handing over than in solving: the
    rest go in shares as a local batch sizes them (``share_size``, whose own test says how)."""
    import distributed

    from cardtable.solver import cluster

    sized: list[tuple[int, float]] = []
    monkeypatch.setattr(cluster, "share_size", lambda back, seconds: sized.append((back, seconds)) or 20)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        results = list(cluster.classify_on_cluster(local.scheduler_address, "freecell", range(1, 101), Budget(nodes=200_000)))
        tasks = local.scheduler.task_prefixes["solve_deals"].state_counts["memory"]  # every task that finished
    assert sorted(r.deal for r in results) == list(range(1, 101)) and all(r.outcome is Outcome.SOLVED for r in results)
    assert [back for back, _ in sized] == [cluster.OPENING]  # sized once, from every opening deal
    assert tasks == cluster.OPENING + 5  # the first one a task, then 92 in shares of 20 (25 tasks of four before)


def test_a_scheduler_with_no_workers_is_said_at_once_not_waited_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import distributed

    from cardtable.solver import cluster

    monkeypatch.setattr(cluster, "WORKERS_SECONDS", 1)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as empty:
        said: list[str] = []
        with pytest.raises(BatchStopped, match="the scheduler has no workers") as stopped:  # the cluster's fault: exit 4
            list(cluster.classify_on_cluster(empty.scheduler_address, "bakers-game", range(1, 3), Budget(nodes=1000), say=said.append))
    assert stopped.value.left == [1, 2]
    # Said as the wait begins, not only when it ends (two silent minutes before).
    assert said == [f"the scheduler has no workers yet: the deals wait up to 1 s for one (`dask worker {empty.scheduler_address}` starts one)"]


def test_a_worker_is_handed_one_deal_at_first_then_as_many_as_a_quarter_second_holds() -> None:
    """A worker's deals come back together once all are done: Spider's, seconds each, go
    one at a time (Ctrl-C keeps each one finished), FreeCell's, milliseconds each, by the dozen."""
    sizes = iter([1, 1, 3, 3])
    assert list(_chunks(list(range(7)), lambda: next(sizes))) == [[0], [1], [2, 3, 4], [5, 6]]
    assert share_size(0, 0.0) == 1 and share_size(6, 12.0) == 1  # 2 s a deal
    assert share_size(60, 0.18) == 32 and share_size(60, 1.2) == 12  # 3 ms, 20 ms a deal
