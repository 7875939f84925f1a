"""Playing the game's sounds (made by soundgen): silent when sound is off or there is no device."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from climbers.app.audio import audio_device_ok
from climbers.the_climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    ClimberPushed,
    Event,
    GameEnded,
)

Cue = Literal["land", "step", "ladder", "end", "refuse"]

STEMS: dict[Cue, str] = {
    "land": "sfx_land",
    "step": "sfx_step",
    "ladder": "sfx_ladder",
    "end": "sfx_end",
    "refuse": "sfx_refuse",
}
"""Each cue's file stem in assets/sounds."""


def cues_for(events: Iterable[Event]) -> list[Cue]:
    """The sounds that go with what happened, in order (a ladder climb rattles, then steps)."""
    cues: list[Cue] = []
    for event in events:
        if isinstance(event, BlockMoved):
            cues.append("land")
        elif isinstance(event, ClimberMoved):
            cues.extend(["ladder", "step"] if event.ladders else ["step"])
        elif isinstance(event, ClimberPushed):
            cues.append("step")
        elif isinstance(event, GameEnded):
            cues.append("end")
    return cues


class SoundPlayer:
    """Plays cues by name; does nothing while `enabled` is False or no audio device exists."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._clips: dict[Cue, Any] = {}
        self.played: list[Cue] = []
        """Every cue actually sent to the device, oldest first (for tests and captions)."""

    @property
    def active(self) -> bool:
        """Whether a cue played now would be heard."""
        return self.enabled and audio_device_ok()

    def play(self, cue: Cue) -> None:
        """Play `cue` from its start (restarting it if it is still sounding)."""
        if not self.active:
            return
        clip = self._clips.get(cue)
        if clip is None:
            from ursina import Audio

            clip = self._clips[cue] = Audio(STEMS[cue], autoplay=False, eternal=True)
        clip.play()
        self.played.append(cue)

    def play_events(self, events: Iterable[Event]) -> None:
        """Play the cues for `events` (the animation layer may time them itself with `cues_for`)."""
        for cue in dict.fromkeys(cues_for(events)):
            self.play(cue)
