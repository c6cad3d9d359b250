"""The solver: a compiled search over the engine's rules (``solve``), and batches of deals."""

from cardtable.solver.search import Budget, Outcome, Result, SolverError, solve, warm_up

__all__ = ["Budget", "Outcome", "Result", "SolverError", "solve", "warm_up"]
