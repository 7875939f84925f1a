"""The import graph of src/climbers, its layers and its cycles; `python -m
climbers.devtools.imports docs/layers.png` draws the layers with the imports between them."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[2]
LAYERS = {
    "core": 0,
    "io": 1,
    "ai": 2,
    "game": 3,
    "lessons": 4,
    "puzzles": 4,
    "app": 5,
    "devtools": 5,
    "cli": 6,
}
"""Each package may import its own modules and packages of a lower number only."""


def module_name(path: Path, src: Path = SRC) -> str:
    """The dotted module name of a file under `src`."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, modules: set[str], src: Path = SRC) -> set[str]:
    """The climbers modules `path` imports anywhere in it (functions included)."""
    found = set()
    own = module_name(path, src)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
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


def graph(src: Path = SRC) -> dict[str, set[str]]:
    """Every module of climbers under `src` and the climbers modules it imports."""
    files = {module_name(p, src): p for p in (src / "climbers").rglob("*.py")}
    modules = set(files)
    return {
        name: {m for m in imports(path, modules, src) if m not in (name, "climbers")}
        for name, path in files.items()
    }


def layer(module: str) -> str | None:
    """The package (layer) a module belongs to, None for the root package's modules."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Import cycles (a package importing its own face when a child is imported is none)."""
    edges = {m: {d for d in ds if not m.startswith(d + ".")} for m, ds in edges.items()}
    state: dict[str, int] = {}
    found: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    return found


def against_layers(edges: dict[str, set[str]]) -> list[str]:
    """Imports that run up or across the layers, as 'module -> module'."""
    wrong = []
    for module, deps in edges.items():
        own = layer(module)
        for dep in deps:
            other = layer(dep)
            if own and other and own != other and LAYERS[other] >= LAYERS[own]:
                wrong.append(f"{module} -> {dep}")
    return sorted(wrong)


def draw(out: Path) -> None:
    """A picture of the layers: one box per package (modules and lines), arrows for imports."""
    from PIL import Image, ImageDraw, ImageFont

    edges = graph()
    files = {module_name(p): p for p in (SRC / "climbers").rglob("*.py")}
    modules = Counter(layer(m) for m in edges if layer(m))
    lines: Counter[str | None] = Counter()
    for name, path in files.items():
        lines[layer(name)] += len(path.read_text(encoding="utf-8").splitlines())
    links = Counter(
        (layer(m), layer(d))
        for m, ds in edges.items()
        for d in ds
        if layer(m) and layer(d) and layer(m) != layer(d)
    )
    rows: dict[int, list[str]] = {}
    for package, rank in LAYERS.items():
        rows.setdefault(rank, []).append(package)
    width, box_w, box_h, gap = 900, 240, 70, 40
    image = Image.new("RGB", (width, (box_h + gap) * len(rows) + gap), (250, 248, 244))
    d = ImageDraw.Draw(image)
    face = ImageFont.load_default(18)
    small = ImageFont.load_default(14)
    where: dict[str, tuple[int, int]] = {}
    for i, rank in enumerate(sorted(rows, reverse=True)):
        packages = rows[rank]
        for j, package in enumerate(packages):
            x = (width - len(packages) * (box_w + gap) + gap) // 2 + j * (box_w + gap)
            where[package] = (x, gap + i * (box_h + gap))
    arrows = sorted(links, key=lambda link: (LAYERS[link[1]], where[link[0]][0]))
    arriving = Counter(b for _, b in arrows)
    seen: Counter[str] = Counter()
    tips = []
    for a, b in arrows:
        (ax, ay), (bx, by) = where[a], where[b]
        seen[b] += 1
        end = (bx + box_w * seen[b] // (arriving[b] + 1), by)
        start = (ax + box_w // 2, ay + box_h)
        d.line([start, end], fill=(150, 160, 170), width=2)
        tips.append((end, links[(a, b)]))
    for package, (x, y) in where.items():
        d.rounded_rectangle([x, y, x + box_w, y + box_h], 10, fill=(226, 234, 242))
        d.text((x + 12, y + 10), f"climbers.{package}", font=face, fill=(20, 30, 40))
        info = f"{modules[package]} modules, {lines[package]} lines"
        d.text((x + 12, y + 40), info, font=small, fill=(70, 80, 90))
    for (x, y), count in tips:
        d.polygon([(x - 6, y - 10), (x + 6, y - 10), (x, y)], fill=(110, 120, 130))
        d.text((x + 4, y - 26), str(count), font=small, fill=(120, 70, 40))
    d.text((gap, gap), "arrow: imports from the package above", font=small, fill=(70, 80, 90))
    footer = f"{len(edges)} modules, {sum(len(v) for v in edges.values())} imports, "
    footer += (
        f"{len(cycles(edges))} cycles, {len(against_layers(edges))} imports against the layers"
    )
    d.text((gap, image.height - 26), footer, font=small, fill=(70, 80, 90))
    image.save(out)


if __name__ == "__main__":
    draw(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/layers.png"))
