"""Every text the table draws is drawn as written: a player called '<scale:30>Ana' or a file
holding '<image:x>' is never read as Ursina's markup. There is one path for it: each Text is
made plain (`climbers.app.panels.widgets.plain`) and each Button's text too (`plain_button`)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "climbers"
WRAPS = {"Text": "plain", "Button": "plain_button"}


def unplain(path: Path, root: Path = SRC) -> list[str]:
    """Where `path` makes a Text or Button that is not handed straight to its plain maker."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrapped = {
        id(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in WRAPS.values()
        and node.args
    }
    return [
        f"{path.relative_to(root)}:{node.lineno} {node.func.id}(...)"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in WRAPS
        and id(node) not in wrapped
    ]


def test_every_text_and_button_is_made_plain() -> None:
    found = [where for path in sorted(SRC.rglob("*.py")) for where in unplain(path)]
    assert found == []


def test_the_check_sees_a_text_made_otherwise(tmp_path: Path) -> None:
    made = tmp_path / "screen.py"
    made.write_text("a = Text('x')\nb = plain(Text('y'))\nc = plain_button(Button('z'))\n")
    assert unplain(made, tmp_path) == ["screen.py:1 Text(...)"]
