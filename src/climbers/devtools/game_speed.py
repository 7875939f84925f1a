"""`scripts/bench` for the games besides The Climbers: each registered game's speed figures
(its entry's `speed`), printed against their targets; exit 1 when a full run misses one."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from climbers.games.registry import games


def rows(quick: bool) -> list[tuple[str, float, float, float | None]]:
    """(name, median ms, p95 ms, target ms or None) of every game that measures itself."""
    found = []
    for entry in games().values():
        speed = entry.load_speed()
        if speed is not None:
            for name, median, p95, target in speed(quick):
                found.append((f"{entry.name}: {name}", median, p95, target))
    return found


def table(measured: Sequence[tuple[str, float, float, float | None]]) -> str:
    """The rows as an aligned table with the ratio target ÷ median and a verdict."""
    width = max([len("operation"), *(len(r[0]) for r in measured)])
    out = [f"{'operation'.ljust(width)}  {'median':>9}  {'p95':>9}  {'target':>10}  ratio"]
    for name, median, p95, target in measured:
        verdict = "" if target is None else f"{target / median:6.2f}  "
        verdict += "" if target is None else "ok" if median <= target else "MISSED"
        shown = "-" if target is None else f"≤ {target:g} ms"
        out.append(
            f"{name.ljust(width)}  {median:6.2f} ms  {p95:6.2f} ms  {shown:>10}  {verdict}".rstrip()
        )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench (other games)")
    parser.add_argument("--quick", action="store_true", help="small samples: a smoke run for CI")
    args, _ = parser.parse_known_args(argv)
    measured = rows(args.quick)
    print(table(measured))
    missed = [r for r in measured if r[3] is not None and r[1] > r[3]]
    return 0 if args.quick or not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
