"""A readable top view of a position for terminals: height and top colour per square."""

from __future__ import annotations

import numpy as np

from climbers.the_climbers.core import GameState

_LETTER = {"teal": "t", "purple": "p", "yellow": "y", "red": "r", "pink": "k", "neutral": "."}


def top_view(state: GameState) -> str:
    """Rows north to south; each square shows its height and top colour letter, Climbers as @."""
    s = state.structure
    xs, ys = np.nonzero(s.height)
    if len(xs) == 0:
        return "(empty table)"
    x0, x1 = int(xs.min()) - 1, int(xs.max()) + 1
    y0, y1 = int(ys.min()) - 1, int(ys.max()) + 1
    who = {sq: state.players[i].colour.value[0].upper() for sq, i in state.climber_squares.items()}
    lines = ["    " + "".join(f"{x:>4}" for x in range(x0, x1 + 1))]
    for y in range(y1, y0 - 1, -1):
        cells = []
        for x in range(x0, x1 + 1):
            b = s.block_at((x, y))
            if b < 0:
                cells.append("   ·")
                continue
            mark = who.get((x, y), _LETTER[s.top_colour(b).value])
            cells.append(f"{s.height_at((x, y)):>3}{mark}")
        lines.append(f"{y:>4}" + "".join(cells))
    legend = "letters: t teal, p purple, y yellow, r red, k pink, . neutral; capitals: Climbers"
    return "\n".join([*lines, legend])
