"""The import graph of src/climbers: no cycles, every import runs down the layers, shared
packages import no game, no game imports another, and a game's core and bots import only its
core (climbers.devtools.imports says the layers). Outside a game's core, no module makes a
state by editing its fields."""

from __future__ import annotations

import ast
import tomllib

import pytest

from climbers.devtools.imports import SRC, against_layers, cycles, graph, layer, module_name
from climbers.games.registry import games

ROOT = SRC.parent
FIELD_EDITORS = {"evolve", "_evolve", "replace_player"}
"""A core's own ways of making a state by replacing fields of another."""
ASK_THE_CORE = {"ai", "lessons", "puzzles", "devtools"}
"""The parts of a game that get every state from its core, never by `model_copy` (the table's
and the session's `model_copy` of settings is no state)."""


def field_edits(module: str, source: str) -> list[str]:
    """Where `module`, outside a game's core, makes a state by editing fields: a core's field
    editor imported or called, or `model_copy` in a part of ASK_THE_CORE."""
    where = layer(module)
    if where is not None and where[1] == "core":
        return []
    copies = where is not None and where[0] != "shared" and where[1] in ASK_THE_CORE
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [f"{module} imports {a.name}" for a in node.names if a.name in FIELD_EDITORS]
        elif isinstance(node, ast.Attribute) and (
            node.attr in FIELD_EDITORS or (copies and node.attr == "model_copy")
        ):
            found.append(f"{module}:{node.lineno} .{node.attr}")
    return found


def test_no_import_cycles() -> None:
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_imports_run_down_the_layers() -> None:
    wrong = against_layers(graph())
    assert not wrong, "imports against the layers: " + ", ".join(wrong)


def test_the_graph_sees_the_imports_it_judges() -> None:
    edges = graph()
    assert "climbers.the_climbers.core.engine" in edges["climbers.the_climbers.core.queries"]
    table = edges["climbers.the_climbers.table.screens.table_screen"]
    assert "climbers.the_climbers.table.view" in table
    assert "climbers.games.registry" in edges["climbers.cli.main"]


@pytest.mark.parametrize(
    "module,dep",
    [
        ("climbers.the_climbers.core.engine", "climbers.app.main"),  # a core up into the window
        ("climbers.the_climbers.core.engine", "climbers.io.language"),  # a core into shared
        ("climbers.the_climbers.ai.strong", "climbers.the_climbers.io.files"),  # bots into files
        ("climbers.clamber.ai.strong", "climbers.io.language"),  # bots into shared files
        ("climbers.app.main", "climbers.the_climbers.table.shell"),  # shared into a game
        ("climbers.clamber.table.view", "climbers.the_climbers.table.view"),  # game into game
        ("climbers.io.language", "climbers.app.fonts"),  # shared upwards
        ("climbers.the_climbers.core.state", "climbers.the_climbers.game.session"),  # game upwards
    ],
)
def test_an_import_against_the_layers_is_found(module: str, dep: str) -> None:
    assert against_layers({module: {dep}, dep: set()}) == [f"{module} -> {dep}"]


@pytest.mark.parametrize(
    "module,dep",
    [
        ("climbers.the_climbers.table.view", "climbers.app.table.coords"),
        ("climbers.the_climbers.ai.strong", "climbers.the_climbers.core.engine"),
        ("climbers.the_climbers.ai.tournament", "climbers.games.tournament"),
        ("climbers.the_climbers.commands.play_command", "climbers.cli.arguments"),
        ("climbers.cli.main", "climbers.games.registry"),
    ],
)
def test_an_import_down_the_layers_is_allowed(module: str, dep: str) -> None:
    assert against_layers({module: {dep}, dep: set()}) == []


def test_a_loop_is_found() -> None:
    assert cycles({"climbers.io.a": {"climbers.io.b"}, "climbers.io.b": {"climbers.io.a"}})


def test_every_registered_game_has_its_own_package_in_the_layers() -> None:
    modules = graph()
    for entry in games().values():
        package = type(entry.rules).__module__.split(".")[1]
        core = [m for m in modules if m.startswith(f"climbers.{package}.core")]
        assert core and all(layer(m) == (package, "core", 0) for m in core)
        for reference in (entry.table, entry.commands, entry.speed):
            assert reference is None or reference.startswith(f"climbers.{package}.")


def test_every_package_is_packaged() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {module_name(p.parent) for p in (SRC / "climbers").rglob("__init__.py")}
    assert found <= listed, f"not in pyproject's packages: {sorted(found - listed)}"


def test_one_module_starts_ursina_and_runs_it() -> None:
    starters = sorted(
        module_name(p)
        for p in (SRC / "climbers").rglob("*.py")
        if "Ursina(" in p.read_text(encoding="utf-8")
        or "app.run()" in p.read_text(encoding="utf-8")
    )
    assert starters == ["climbers.app.main"]


def test_outside_a_core_no_state_is_made_by_editing_fields() -> None:
    found = [
        edit
        for path in sorted((SRC / "climbers").rglob("*.py"))
        for edit in field_edits(module_name(path), path.read_text(encoding="utf-8"))
    ]
    assert not found, "ask the core for the position instead: " + ", ".join(found)


@pytest.mark.parametrize(
    "module,source",
    [
        ("climbers.the_climbers.ai.outlook", "from climbers.the_climbers.core.state import evolve"),
        ("climbers.the_climbers.table.view", "import x.core.state as s\ns.evolve(a, tick=1)"),
        ("climbers.clamber.ai.strong", "from climbers.clamber.core.engine import _evolve"),
        ("climbers.the_climbers.puzzles.solver", "p.model_copy(update={'at': None})"),
        ("climbers.the_climbers.devtools.bench", "s.turn.model_copy(update={'step': 0})"),
    ],
)
def test_a_state_made_by_editing_fields_is_found(module: str, source: str) -> None:
    assert field_edits(module, source)


@pytest.mark.parametrize(
    "module,source",
    [
        ("climbers.the_climbers.core.engine", "from .state import evolve\ns.model_copy()"),
        ("climbers.klettermax.core.engine", "def _evolve(s): return s.model_copy(update={})"),
        ("climbers.the_climbers.table.shell", "self.setup = self.setup.model_copy(update=u)"),
    ],
)
def test_a_core_editing_its_own_states_or_a_copy_of_settings_is_allowed(
    module: str, source: str
) -> None:
    assert field_edits(module, source) == []
