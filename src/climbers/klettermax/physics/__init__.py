"""The flick of Burg Klettermax in Bullet, headless: castle, towers, knights, a fixed step."""

from .flick import Aim, FlickResult, FlickRun, Pose, simulate_flick
from .world import OUTSIDE, WALL, Outcome

__all__ = ["OUTSIDE", "WALL", "Aim", "FlickResult", "FlickRun", "Outcome", "Pose", "simulate_flick"]
