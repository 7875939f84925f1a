"""The import graph of src/climbers: no cycles, and every import runs down the layers
(core < io < ai < game < lessons < app, devtools < cli; core imports nothing outside core)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
LAYERS = {"core": 0, "io": 1, "ai": 2, "game": 3, "lessons": 4, "app": 5, "devtools": 5, "cli": 6}
"""Each package may import its own modules and packages of a lower number only."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The climbers modules `path` imports anywhere in it (functions included)."""
    found = set()
    package = (
        module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    )
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in (SRC / "climbers").rglob("*.py")}
    modules = set(files)
    edges = {}
    for name, path in files.items():
        edges[name] = {m for m in imports(path, modules) if m != name and m != "climbers"}
    return edges


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_no_import_cycles() -> None:
    edges = graph()
    # a package imports its own __init__ face when a child is imported; that is no cycle
    edges = {m: {d for d in ds if not m.startswith(d + ".")} for m, ds in edges.items()}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_imports_run_down_the_layers() -> None:
    wrong = []
    for module, deps in graph().items():
        own = layer(module)
        for dep in deps:
            other = layer(dep)
            if own is None or other is None or own == other:
                continue
            if LAYERS[other] >= LAYERS[own]:
                wrong.append(f"{module} -> {dep}")
    assert not wrong, "imports against the layers: " + ", ".join(sorted(wrong))


def test_the_graph_sees_the_imports_it_judges() -> None:
    edges = graph()
    assert "climbers.core.engine" in edges["climbers.core.queries"]
    assert "climbers.app.table.view" in edges["climbers.app.screens.play_screen"]
    assert any(d.startswith("climbers.core") for d in edges["climbers.game.session"])


def test_one_module_starts_ursina_and_runs_it() -> None:
    starters = sorted(
        module_name(p)
        for p in (SRC / "climbers").rglob("*.py")
        if "Ursina(" in p.read_text(encoding="utf-8")
        or "app.run()" in p.read_text(encoding="utf-8")
    )
    assert starters == ["climbers.app.main"]
