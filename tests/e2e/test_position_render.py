"""`climbers render --position FILE --out FILE.png` draws a saved position."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

pytestmark = pytest.mark.display
POSITIONS = Path(__file__).resolve().parents[2] / "assets" / "positions"


def test_render_a_position_file(tmp_path: Path) -> None:
    if shutil.which("Xvfb") is None and not os.environ.get("DISPLAY"):
        pytest.fail("needs an X display or Xvfb (scripts/test installs xvfb when run as root)")
    from climbers.app.display import ensure_display

    ensure_display()
    out = tmp_path / "position.png"
    position = POSITIONS / "disk-cuts-off.json"
    cmd = [sys.executable, "-m", "climbers", "render", "--position", str(position)]
    subprocess.run([*cmd, "--out", str(out)], env=dict(os.environ), check=True, timeout=90)
    image = Image.open(out)
    assert image.size == (1280, 720)
    low, high = image.convert("L").getextrema()
    assert high - low > 60, "not a blank picture"


def test_render_names_a_bad_position_file_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    cmd = [sys.executable, "-m", "climbers", "render", "--position", str(bad), "--out", "x.png"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("climbers: ") and str(bad) in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
