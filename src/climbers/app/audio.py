"""The window's audio device, as the games' sound players ask about it."""

from __future__ import annotations

from typing import Any


def audio_device_ok() -> bool:
    """Whether Panda opened a real audio device (False with the null audio library)."""
    from ursina import application

    managers: list[Any] = getattr(application.base, "sfxManagerList", None) or []
    return bool(managers) and bool(managers[0].is_valid())
