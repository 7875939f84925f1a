"""How far an exact search gets from the empty board: deeper and deeper alpha-beta searches
that value every position 0 unless a player is wiped out (C12) within the depth.

Run once by hand, e.g. `python -m climbers.clamber.ai.solve --minutes 10`. A root value of 0
at depth d means neither player can force a win within d turns; a win found is proven (no
board ever comes back, so repetitions need no counting: see the C13 tests).
"""

from __future__ import annotations

import argparse
import time

from climbers.clamber.ai.evaluation import WIN
from climbers.clamber.ai.strong import StrongBot
from climbers.clamber.core import ClamberRules
from climbers.clamber.core.position import Cells, Nbrs


def _unknown(cells: Cells, nbrs: Nbrs, sign: int) -> int:
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--size", type=int, default=3)
    args = parser.parse_args()
    start = ClamberRules(args.size).new_state(2, 0)
    end = time.perf_counter() + 60 * args.minutes
    for depth in range(1, 200):
        bot = StrongBot(seconds=end - time.perf_counter(), depth=depth, evaluation=_unknown)
        began = time.perf_counter()
        turn = bot.choose(start)
        info = bot.info
        if info.depth < depth:
            print(f"depth {depth}: not finished in the time left")
            break
        verdict = (
            "no forced win"
            if abs(info.value) < WIN - 200
            else "proven: " + ("Blue wins" if info.value > 0 else "Red wins")
        )
        print(
            f"depth {depth}: {verdict} (turn {turn}); {info.nodes} nodes in "
            f"{time.perf_counter() - began:.1f} s",
            flush=True,
        )
        if verdict.startswith("proven"):
            break


if __name__ == "__main__":
    main()
