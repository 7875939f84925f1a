"""The rules core must import without the 3D engine."""

import subprocess
import sys


def test_core_imports_without_ursina_or_panda3d() -> None:
    code = (
        "import sys, climbers.the_climbers.core, climbers.the_climbers.core.mountain;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('ursina','panda3d','direct')];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
