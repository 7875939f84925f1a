# Sourced by scripts/play, scripts/test, scripts/bench and scripts/soak: make .venv ready.
# Creates .venv with python3 when missing and installs the pinned packages and the project;
# reinstalls only when requirements.lock or pyproject.toml changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
if [ ! -x "$PY" ]; then
  echo "setting up $VENV ..." >&2
  python3 -m venv "$VENV"
fi
STAMP="$VENV/.climbers-installed"
WANT="$(cat "$ROOT/requirements.lock" "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  echo "installing pinned packages into $VENV ..." >&2
  "$PY" -m pip install --quiet --disable-pip-version-check -r "$ROOT/requirements.lock"
  "$PY" -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e "$ROOT"
  echo "$WANT" > "$STAMP"
fi
export PATH="$VENV/bin:$PATH"
