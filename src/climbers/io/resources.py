"""The game's bundled data (components, mountains, positions, sounds, catalogs, the font), found
through importlib.resources in a checkout and an installed package alike."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def assets_dir() -> Path:
    """The folder of the `climbers.assets` package."""
    return Path(str(files("climbers.assets")))


def font_file() -> Path:
    """The client's one font: Noto Sans TC cut to the characters the game writes, English and
    Chinese alike (scripts/font_subset makes it)."""
    return assets_dir() / "fonts" / "NotoSansTC-subset.ttf"
