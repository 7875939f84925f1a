# Sourced by scripts/play, scripts/test, scripts/bench and scripts/soak: make .venv ready.
# Creates .venv with python3 when missing, installs the locked packages (every hash checked) and
# the project. The lock is scripts/requirements.txt, or scripts/requirements-dev.txt when sourced
# with the argument `dev` (scripts/test); scripts/lock regenerates both. Installs again only when
# that lock or pyproject.toml changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
LOCK="$ROOT/scripts/requirements${1:+-$1}.txt"
if [ ! -x "$PY" ]; then
  echo "setting up $VENV ..." >&2
  python3 -m venv "$VENV"
fi
STAMP="$VENV/.climbers-installed-$(basename "$LOCK" .txt)"
WANT="$(cat "$LOCK" "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  echo "installing the packages of $(basename "$LOCK") into $VENV ..." >&2
  "$PY" -m pip install --quiet --disable-pip-version-check --require-hashes -r "$LOCK"
  "$PY" -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e "$ROOT"
  echo "$WANT" > "$STAMP"
fi
export PATH="$VENV/bin:$PATH"
