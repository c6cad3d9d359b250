#!/usr/bin/env bash
# Set everything up, then run cardtable (arguments pass through; none: list the games).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
if [ $# -eq 0 ]; then set -- games; fi
exec .venv/bin/cardtable "$@"
