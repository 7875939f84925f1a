"""Where the project's data lives, from a checkout and from an installed package."""

from __future__ import annotations

from pathlib import Path


def assets_dir() -> Path:
    """Return the folder holding components, mountains, positions, sounds and textures."""
    here = Path(__file__).resolve().parent
    checkout = here.parent.parent / "assets"
    if (checkout / "components.json").is_file():
        return checkout
    return here / "assets"
