"""The game's sounds, synthesised with numpy and written as small 16-bit mono WAV files.

Run `scripts/make_sounds` (or `python -m climbers.app.soundgen [FOLDER]`) to rewrite assets/sounds.
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from climbers.io.resources import assets_dir

RATE = 22050
"""Samples per second: plenty for soft, low sounds, and it keeps the files small."""

Samples = NDArray[np.float64]


def _time(seconds: float) -> Samples:
    return np.arange(int(RATE * seconds)) / RATE


def _fade(sound: Samples, ms: float = 4.0) -> Samples:
    """Soften both ends so no sound starts or stops with a click."""
    n = min(len(sound) // 2, int(RATE * ms / 1000))
    ramp = np.linspace(0.0, 1.0, n)
    sound = sound.copy()
    sound[:n] *= ramp
    sound[len(sound) - n :] *= ramp[::-1]
    return sound


def _noise(n: int, seed: int) -> Samples:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, n)


def _lowpass(sound: Samples, width: int) -> Samples:
    return np.convolve(sound, np.ones(width) / width, mode="same")


def _felt(t: Samples, seed: int, width: int, decay: float) -> Samples:
    """Noise smoothed over `width` samples, dying away at `decay`: the felt of a knock."""
    return _lowpass(_noise(len(t), seed), width) * np.exp(-t * decay)


def _falling(t: Samples, drop: float, low: float, fall: float, decay: float) -> Samples:
    """A tone sliding from `drop` + `low` Hz down to `low` at `fall`, dying away at `decay`."""
    pitch = drop * np.exp(-t * fall) + low
    return np.sin(2 * np.pi * np.cumsum(pitch) / RATE) * np.exp(-t * decay)


def block_land() -> Samples:
    """A wooden block set down: a low thump falling in pitch, with a short knock of felted noise."""
    t = _time(0.32)
    thump = _falling(t, 140.0, 70.0, 9, 16)
    knock = _felt(t, 1, 12, 60) * 2.5
    return _fade(0.8 * thump + 0.35 * knock)


def _tick(seconds: float, freq: float, seed: int) -> Samples:
    t = _time(seconds)
    body = np.sin(2 * np.pi * freq * t) * np.exp(-t * 90)
    click = _felt(t, seed, 4, 400)
    return body + 0.4 * click


def step_tick() -> Samples:
    """A Climber's footstep: a soft, short wooden tick."""
    return _fade(0.5 * _tick(0.07, 900.0, 2))


def ladder_rattle() -> Samples:
    """A ladder set against a block: a quick run of rung knocks, each a little higher."""
    sound = np.zeros(int(RATE * 0.42))
    for i in range(5):
        knock = _tick(0.08, 520.0 + 60.0 * i, 10 + i) * (0.55 - 0.06 * i)
        start = int(RATE * (0.065 * i + 0.004 * (i % 2)))
        sound[start : start + len(knock)] += knock[: len(sound) - start]
    return _fade(sound)


def game_end_chime() -> Samples:
    """The end of the game: a gentle rising bell arpeggio (C, E, G, high C)."""
    sound = np.zeros(int(RATE * 1.7))
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        t = _time(1.7 - 0.16 * i)
        bell = (
            np.sin(2 * np.pi * freq * t)
            + 0.3 * np.sin(2 * np.pi * 2 * freq * t) * np.exp(-t * 3)
            + 0.1 * np.sin(2 * np.pi * 3 * freq * t) * np.exp(-t * 6)
        )
        start = int(RATE * 0.16 * i)
        sound[start : start + len(t)] += 0.22 * bell * np.exp(-t * 2.6)
    return _fade(sound, 20)


def refusal_blip() -> Samples:
    """A refused action: two soft falling notes, low enough not to scold."""
    notes = []
    for freq in (440.0, 349.23):
        t = _time(0.09)
        tone = np.sin(2 * np.pi * freq * t) + 0.2 * np.sin(2 * np.pi * 3 * freq * t)
        notes.append(_fade(0.35 * tone * np.exp(-t * 12), 6))
    return np.concatenate([notes[0], np.zeros(int(RATE * 0.02)), notes[1]])


def wall_knock() -> Samples:
    """A wooden knight striking the castle's wall: a short, hollow knock, higher than a step."""
    t = _time(0.16)
    body = np.sin(2 * np.pi * 330.0 * t) * np.exp(-t * 45)
    hollow = 0.5 * np.sin(2 * np.pi * 610.0 * t) * np.exp(-t * 70)
    click = _felt(t, 21, 3, 300)
    return _fade(0.55 * (body + hollow) + 0.3 * click)


def floor_thud() -> Samples:
    """A wooden knight dropping on a floor or the table: a soft, low thud."""
    t = _time(0.22)
    thud = _falling(t, 110.0, 60.0, 14, 22)
    felt = _felt(t, 22, 18, 90) * 2.0
    return _fade(0.7 * thud + 0.3 * felt)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "sfx_land": block_land,
    "sfx_step": step_tick,
    "sfx_ladder": ladder_rattle,
    "sfx_end": game_end_chime,
    "sfx_refuse": refusal_blip,
    "sfx_knock": wall_knock,
    "sfx_thud": floor_thud,
}
"""File stem (unique in the asset folder, where Ursina finds sounds by name) and its maker."""


def write_wav(path: Path, sound: Samples) -> None:
    """Write `sound` (floats in -1..1, clipped) as 16-bit mono PCM."""
    pcm = (np.clip(sound, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def make_sounds(folder: Path | None = None) -> list[Path]:
    """Write every sound into `folder` (default assets/sounds); returns the files written."""
    folder = folder or assets_dir() / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, make in SOUNDS.items():
        path = folder / f"{stem}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    """Write the sounds into the folder given, or into assets/sounds."""
    for path in make_sounds(Path(argv[0]) if argv else None):
        print(f"{path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
