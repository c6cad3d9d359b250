#!/usr/bin/env bash
# Set everything up, then run the whole test suite (type check, doctests, tests).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
.venv/bin/python -m mypy
exec .venv/bin/python -m pytest -n 2 --doctest-modules cardtable tests "$@"
