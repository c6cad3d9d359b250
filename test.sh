#!/usr/bin/env bash
# Set everything up, then run the whole test suite (type check, doctests, tests,
# browser tests in Debian's Chromium, installed here when missing).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
# The kernels compile on one core while Chromium installs and the type check takes the
# other, so that the test processes load them from the cache instead of each compiling them.
.venv/bin/python scripts/warm_kernels.py &
warming=$!
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the browser tests" >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi
.venv/bin/python -m mypy
wait "$warming" || echo "compiling the kernels ahead failed: the tests compile them as they go" >&2
exec .venv/bin/python -m pytest -n 2 --doctest-modules cardtable tests "$@"
