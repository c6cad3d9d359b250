"""Migration 6: the table of the solver's verdicts on deals (``solved.py`` reads it)."""

SOLVER_RESULTS = """CREATE TABLE solver_results (
    game TEXT NOT NULL,
    deal INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    moves INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    thoughtful INTEGER NOT NULL,
    solution TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, deal))"""
