"""A headless game for the SIGKILL test: random legal actions through GameSession with the autosave.

Continues the last game from the autosave (a new game when there is none or it is over), and
prints `start N` and then `applied N` (N = actions in the log) after every action is saved.
"""

from __future__ import annotations

import random
import sys

from climbers.the_climbers.core import generate_mountain, legal_actions, new_game
from climbers.the_climbers.game.autosave import AUTOSAVE, autosaver, resume_last
from climbers.the_climbers.game.session import GameSession


def main(seed: int) -> None:
    session = resume_last(autosaver()) if AUTOSAVE.has_last() else None
    if session is None or session.state.finished:
        colours = ["teal", "purple", "yellow", "red", "pink"]
        start = new_game(generate_mountain(seed % 50), colours, seed=seed)
        session = GameSession(start, saver=autosaver())
    print(f"start {len(session.log)}", flush=True)
    rng = random.Random(seed)
    while not session.state.finished:
        actions = legal_actions(session.state)
        moves = actions[1:]
        session.act(rng.choice(moves) if moves and rng.random() < 0.7 else actions[0])
        print(f"applied {len(session.log)}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
