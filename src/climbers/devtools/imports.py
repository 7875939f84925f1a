"""The import graph of src/climbers, its layers and its cycles; `python -m
climbers.devtools.imports docs/layers.png` draws the layers with the imports between them."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[2]
SHARED = {"games": 0, "io": 1, "session": 2, "net": 3, "app": 4, "devtools": 5, "cli": 6}
"""The packages every game shares, lowest first: each imports its own modules and shared
packages of a lower number, and never a game (games are found through climbers.games.registry)."""
GAME_PARTS = {
    "core": 0,
    "ai": 1,
    "io": 1,
    "physics": 2,
    "game": 3,
    "lessons": 4,
    "puzzles": 4,
    "table": 5,
    "devtools": 6,
    "commands": 6,
    "top": 7,
}
"""The parts of a game, lowest first: each imports its own game's parts of a lower number and
any shared package; a game's core and its bots import nothing else of the project but the
core, and no game imports another. `top` is the game package's own modules (its registry entry,
its speed figures). A game's sessions stand above its physics: a saved game's flicks are flown
again when it is opened."""
PURE = {"core": {"core"}, "ai": {"core", "ai"}}
"""The parts of a game held to their own game's few parts."""
PURE_SHARED = {"core": set(), "ai": {"games"}}
"""The shared packages those parts may use: bots only the game interface and the tournament's
terms, never files."""


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


def layer(module: str) -> tuple[str, str, int] | None:
    """Where a module belongs: ('shared', package, rank), or (game, part, rank) for a module of a
    game's package (climbers.<game>.<part>); None for the root package's own modules."""
    parts = module.split(".")
    if len(parts) < 2 or not (SRC / "climbers" / parts[1]).is_dir():
        return None
    if parts[1] in SHARED:
        return ("shared", parts[1], SHARED[parts[1]])
    part = parts[2] if len(parts) > 2 and parts[2] in GAME_PARTS else "top"
    return (parts[1], part, GAME_PARTS[part])


def unit(module: str) -> str | None:
    """The box a module is drawn in: 'io' for a shared package, 'clamber.core' for a game's."""
    where = layer(module)
    if where is None:
        return None
    owner, part, _ = where
    return part if owner == "shared" else f"{owner}.{part}"


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
    """Imports that run up or across the layers, or from one game into another, or from a shared
    package into a game, as 'module -> module'."""
    wrong = []
    for module, deps in edges.items():
        own = layer(module)
        for dep in deps:
            other = layer(dep)
            if own is None or other is None or unit(module) == unit(dep):
                continue
            if not _allowed(own, other):
                wrong.append(f"{module} -> {dep}")
    return sorted(wrong)


def _allowed(own: tuple[str, str, int], other: tuple[str, str, int]) -> bool:
    (owner, part, rank), (other_owner, other_part, other_rank) = own, other
    if owner == "shared":
        return other_owner == "shared" and other_rank < rank
    if other_owner == "shared":
        return part not in PURE or other_part in PURE_SHARED[part]
    if other_owner != owner:
        return False
    return other_part in PURE.get(part, {other_part}) and other_rank < rank


def draw(out: Path) -> None:
    """A picture of the layers: a column for the shared packages and one for each game, a box
    per package (modules and lines), lowest layer at the bottom, and arrows for the imports."""
    from PIL import Image, ImageDraw, ImageFont

    edges = graph()
    files = {module_name(p): p for p in (SRC / "climbers").rglob("*.py")}
    modules: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    for name, path in files.items():
        box = unit(name)
        if box is not None:
            modules[box] += 1
            lines[box] += len(path.read_text(encoding="utf-8").splitlines())
    links = {(unit(m), unit(d)) for m, ds in edges.items() for d in ds if unit(m) and unit(d)}
    columns: dict[str, list[tuple[int, str]]] = {}
    for box in modules:
        owner, part, rank = layer(f"climbers.{box}.x") or ("", "", 0)
        row = rank if owner == "shared" else list(GAME_PARTS).index(part)
        columns.setdefault(owner, []).append((row, box))
    order = ["shared", *sorted(c for c in columns if c != "shared")]
    box_w, box_h, gap, top = 290, 50, 16, 70
    height = top + len(GAME_PARTS) * (box_h + gap) + 40
    image = Image.new("RGB", (len(order) * (box_w + 3 * gap) + gap, height), (250, 248, 244))
    d = ImageDraw.Draw(image)
    face, small = ImageFont.load_default(17), ImageFont.load_default(13)
    where: dict[str, tuple[int, int]] = {}
    for i, owner in enumerate(order):
        x = gap + i * (box_w + 3 * gap)
        d.text(
            (x, top - 40),
            "shared" if owner == "shared" else f"game: {owner}",
            font=face,
            fill=(60, 60, 60),
        )
        for row, box in sorted(columns[owner]):
            where[box] = (x, height - 40 - (row + 1) * (box_h + gap))
    for a, b in links:
        if a == b or a not in where or b not in where:
            continue
        (ax, ay), (bx, by) = where[a], where[b]
        start, end = (ax + box_w // 2, ay + box_h), (bx + box_w // 2, by)
        if ay >= by:  # across or downwards in the picture: from the side
            start, end = (ax + box_w, ay + box_h // 2), (bx, by + box_h // 2)
        d.line([start, end], fill=(150, 160, 170), width=1)
        d.ellipse([end[0] - 3, end[1] - 3, end[0] + 3, end[1] + 3], fill=(110, 120, 130))
    for box, (x, y) in where.items():
        d.rounded_rectangle(
            [x, y, x + box_w, y + box_h], 9, fill=(226, 234, 242), outline=(180, 190, 200)
        )
        d.text((x + 10, y + 8), f"climbers.{box}", font=face, fill=(20, 30, 40))
        d.text(
            (x + 10, y + 30),
            f"{modules[box]} modules, {lines[box]} lines",
            font=small,
            fill=(70, 80, 90),
        )
    d.text(
        (gap, 12),
        "lines end in a dot at the package imported; nothing shared imports a game",
        font=small,
        fill=(70, 80, 90),
    )
    footer = f"{len(edges)} modules, {sum(len(v) for v in edges.values())} imports, "
    footer += (
        f"{len(cycles(edges))} cycles, {len(against_layers(edges))} imports against the layers"
    )
    d.text((gap, image.height - 26), footer, font=small, fill=(70, 80, 90))
    image.save(out)


if __name__ == "__main__":
    draw(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/layers.png"))
