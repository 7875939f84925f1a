"""The flick of Burg Klettermax in Bullet, headless: castle, towers, knights, a fixed step; the
core's flicks simulated and re-checked (`recorded`), and the bots' aiming (`aiming`)."""

from .flick import Aim, FlickResult, FlickRun, Pose, simulate_flick
from .recorded import Mismatch, flick_action, verify_flicks
from .world import OUTSIDE, WALL, Outcome

__all__ = [
    "OUTSIDE",
    "WALL",
    "Aim",
    "FlickResult",
    "FlickRun",
    "Mismatch",
    "Outcome",
    "Pose",
    "flick_action",
    "simulate_flick",
    "verify_flicks",
]
