"""Subcommands of the ``cardtable`` command, one module per family.

Each module has ``add_commands(subparsers)``, registering subcommands whose
``handler(args) -> int`` runs them. A handler raises ``UserError`` for bad input.
"""

from __future__ import annotations


class UserError(Exception):
    """Input the user should fix; printed without a traceback, exit status 2."""
