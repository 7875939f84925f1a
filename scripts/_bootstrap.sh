# Sourced by scripts/play, scripts/test, scripts/bench and scripts/soak: make .venv ready.
# Creates .venv with python3 when missing, installs the locked packages (every hash checked) and
# the project. Sourced with `runtime` it installs scripts/requirements.txt, with `dev`
# scripts/requirements-dev.txt (scripts/lock regenerates both). Installs again only when that
# lock or pyproject.toml changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
case "${1:-}" in
  runtime) LOCK="$ROOT/scripts/requirements.txt" ;;
  dev) LOCK="$ROOT/scripts/requirements-dev.txt" ;;
  *) echo "_bootstrap.sh: source it with runtime or dev" >&2; exit 2 ;;
esac
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
