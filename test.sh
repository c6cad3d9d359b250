#!/usr/bin/env bash
# Set everything up, then run the whole test suite (type check, doctests, tests,
# browser tests in Debian's Chromium, installed here when missing).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the browser tests" >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi
.venv/bin/python -m mypy
exec .venv/bin/python -m pytest -n 2 --doctest-modules cardtable tests "$@"
