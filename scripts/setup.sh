#!/usr/bin/env bash
# Create .venv and install cardtable with its test tools; quick when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
stamp=.venv/.installed
want=$(cat pyproject.toml constraints.txt scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --constraint constraints.txt -e '.[test]'
  echo "$want" > "$stamp"
fi
