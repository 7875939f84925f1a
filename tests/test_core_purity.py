"""The rules cores import without the 3D engine, and hold no words for players: they give reason
codes and data, and the sentences are made outside them (docs/TRANSLATING.md)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import climbers

CORES = ("the_climbers", "clamber", "klettermax")
SRC = Path(climbers.__file__).parent
MARKERS = {"_", "N_", "NC_", "say", "say_n", "say_in", "gettext", "ngettext", "pgettext"}
"""The calls that mark or say a sentence for players (climbers.io.language, gettext)."""


def test_core_imports_without_ursina_or_panda3d() -> None:
    code = (
        "import sys, climbers.the_climbers.core, climbers.the_climbers.core.mountain;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('ursina','panda3d','direct')];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("game", CORES)
def test_a_core_imports_without_the_translation_layer(game: str) -> None:
    code = (
        f"import sys, climbers.{game}.core;"
        "print(','.join(m for m in sys.modules if m in ('climbers.io.language', 'gettext')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("game", CORES)
def test_a_core_marks_and_says_no_sentence(game: str) -> None:
    """No template of players' words in a core: no call marking or saying one, no import of
    the translation layer."""
    found = []
    for path in sorted((SRC / game / "core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in MARKERS:
                    found.append(f"{path.name}:{node.lineno} {node.func.id}()")
            elif isinstance(node, ast.ImportFrom) and node.module is not None:
                if node.module in ("climbers.io.language", "gettext") or node.module.endswith(
                    ".words"
                ):
                    found.append(f"{path.name}:{node.lineno} from {node.module}")
            elif isinstance(node, ast.Import):
                found += [
                    f"{path.name}:{node.lineno} import {alias.name}"
                    for alias in node.names
                    if alias.name in ("climbers.io.language", "gettext")
                ]
    assert not found, found
