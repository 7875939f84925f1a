"""The window's audio device, as the games' sound players ask about it."""

from __future__ import annotations


def audio_device_ok() -> bool:
    """Whether Panda opened a real audio device (False with the null audio library)."""
    from ursina import application

    managers = getattr(application.base, "sfxManagerList", None)
    return bool(managers) and bool(managers[0].is_valid())
