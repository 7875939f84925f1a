"""`scripts/bench`'s rows for clips: how many seconds `climbers export` takes a minute of clip,
for MP4 and GIF, on a whole seeded game of two greedy bots (a figure, not a timed test: the
export's frames do not depend on the machine's speed, only the time to draw them does)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from climbers.the_climbers.ai import make_bot
from climbers.the_climbers.core import generate_mountain, new_game
from climbers.the_climbers.game.session import GameSession, save_to

TARGETS = {"mp4": 180.0, "gif": 60.0}
"""Seconds of export a minute of clip may take at most (MP4 at 1280×720 and 30 frames a second
is drawn three times over real time, a GIF at 480×270 and 12 once)."""
WRITTEN = re.compile(r"\((?P<frames>\d+) frames, (?P<seconds>[\d.]+) s\)")


def greedy_game(path: Path, seed: int = 7, actions: int | None = None) -> Path:
    """A two-player game of greedy bots on mountain `seed`, to its end (or its first `actions`
    actions), saved to `path`."""
    session = GameSession(new_game(generate_mountain(seed), ["teal", "red"], seed=seed))
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not session.state.finished and (actions is None or len(session.log) < actions):
        session.act(bots[session.state.actor].choose(session.state))
    save_to(path)(session)
    return path


def export_seconds(kind: str, quick: bool) -> tuple[float, float]:
    """Export the game as `kind` ('mp4' or 'gif') in a fresh process: the wall seconds it took
    and the clip's seconds (RuntimeError when no clip was written)."""
    with tempfile.TemporaryDirectory() as folder:
        game = greedy_game(Path(folder) / "game.json", actions=8 if quick else None)
        env = {**os.environ, "CLIMBERS_DATA_DIR": folder, "CLIMBERS_CONFIG_DIR": folder}
        command = [sys.executable, "-m", "climbers", "export", str(game)]
        began = time.perf_counter()
        done = subprocess.run(
            [*command, "--out", str(Path(folder) / f"clip.{kind}")],
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        took = time.perf_counter() - began
    found = WRITTEN.search(done.stdout)
    if found is None:
        raise RuntimeError(f"no clip was written: {(done.stdout + done.stderr)[-300:]}")
    return took, float(found["seconds"])
