"""The game's bundled data (components, mountains, positions, sounds), found through
importlib.resources in a checkout and an installed package alike."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def assets_dir() -> Path:
    """The folder of the `climbers.assets` package."""
    return Path(str(files("climbers.assets")))
