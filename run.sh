#!/usr/bin/env bash
# Set everything up, then run cardtable: with no arguments the web server on SQLite
# (http://127.0.0.1:8000/); with arguments, that cardtable command (./run.sh --help).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
if [ $# -eq 0 ]; then set -- serve; fi
exec .venv/bin/cardtable "$@"
