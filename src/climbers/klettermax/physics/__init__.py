"""The flick of Burg Klettermax in Bullet, headless: castle, towers, knights, a fixed step; the
core's flicks simulated and re-checked (`recorded`), the bots' aiming (`aiming`), and a
simulated person's first game for the bench (`person`)."""

from .flick import Aim, FlickResult, FlickRun, Pose, simulate_flick
from .recorded import Mismatch, flick_action, flown_elsewhere, verify_flicks
from .world import MISSES, OUTSIDE, OVER, SHORT, WALL, Outcome

__all__ = [
    "MISSES",
    "OUTSIDE",
    "OVER",
    "SHORT",
    "WALL",
    "Aim",
    "FlickResult",
    "FlickRun",
    "Mismatch",
    "Outcome",
    "Pose",
    "flick_action",
    "flown_elsewhere",
    "simulate_flick",
    "verify_flicks",
]
