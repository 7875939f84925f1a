"""The import graph of src/climbers: no cycles, and every import runs down the layers
(core < io < ai < game < lessons, puzzles < app, devtools < cli; core imports nothing else)."""

from __future__ import annotations

from climbers.devtools.imports import SRC, against_layers, cycles, graph, module_name


def test_no_import_cycles() -> None:
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_imports_run_down_the_layers() -> None:
    wrong = against_layers(graph())
    assert not wrong, "imports against the layers: " + ", ".join(wrong)


def test_the_graph_sees_the_imports_it_judges() -> None:
    edges = graph()
    assert "climbers.core.engine" in edges["climbers.core.queries"]
    assert "climbers.app.table.view" in edges["climbers.app.screens.table_screen"]
    assert any(d.startswith("climbers.core") for d in edges["climbers.game.session"])
    planted = {"climbers.core.engine": {"climbers.app.main"}, "climbers.app.main": set()}
    assert against_layers(planted) == ["climbers.core.engine -> climbers.app.main"]
    loop = {"climbers.io.a": {"climbers.io.b"}, "climbers.io.b": {"climbers.io.a"}}
    assert cycles(loop)


def test_one_module_starts_ursina_and_runs_it() -> None:
    starters = sorted(
        module_name(p)
        for p in (SRC / "climbers").rglob("*.py")
        if "Ursina(" in p.read_text(encoding="utf-8")
        or "app.run()" in p.read_text(encoding="utf-8")
    )
    assert starters == ["climbers.app.main"]
