"""The flight's sounds (made by `climbers.app.soundgen`): the wall's knock and the floor's thud
as the knight strikes them; silent when sound is off or there is no audio device."""

from __future__ import annotations

from typing import Any

from climbers.app.audio import audio_device_ok
from climbers.klettermax.table.flight import Surface

STEMS: dict[Surface, str] = {"wall": "sfx_knock", "floor": "sfx_thud"}
"""Each surface's file stem in assets/sounds."""


class ImpactSounds:
    """Plays a surface's sound; `heard` lists every surface struck while sound was on."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.heard: list[Surface] = []
        self._clips: dict[Surface, Any] = {}

    def strike(self, surface: Surface) -> None:
        """The knight strikes `surface`."""
        if not self.enabled:
            return
        self.heard.append(surface)
        if not audio_device_ok():
            return
        clip = self._clips.get(surface)
        if clip is None:
            from ursina import Audio

            clip = self._clips[surface] = Audio(STEMS[surface], autoplay=False, eternal=True)
        clip.play()
