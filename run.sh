#!/usr/bin/env bash
# Set everything up, then run cardtable: with no arguments the web server on SQLite
# (http://127.0.0.1:8000/), its options alone passing to it (./run.sh --port 8080); with a
# command, that cardtable command (./run.sh --help).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
# The solver is compiled for this machine once (a minute or two), here rather than at a
# player's first hint or the server's first search.
if ! .venv/bin/python -c "import sys; from cardtable.kernel_cache import search_is_cached; sys.exit(not search_is_cached())"; then
  echo "compiling the solver for this machine (once: a minute or two, longer on a busy machine)" >&2
  .venv/bin/python scripts/warm_kernels.py
fi
case "${1:-}" in  # nothing, or the server's own options (./run.sh --port 8080): the web server
  "") set -- serve ;;
  -h|--help|--version) ;;
  -*) set -- serve "$@" ;;
esac
exec .venv/bin/cardtable "$@"
