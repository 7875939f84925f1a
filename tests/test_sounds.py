"""Synthesised sounds: the committed files match the generator, are small, audible, click-free;
every one is played (The Climbers' cues, Burg Klettermax's impacts)."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from climbers.app.soundgen import RATE, SOUNDS, make_sounds
from climbers.io.resources import assets_dir
from climbers.klettermax.table.sounds import STEMS as IMPACT_STEMS
from climbers.klettermax.table.sounds import ImpactSounds
from climbers.the_climbers.core import Colour, Placement
from climbers.the_climbers.core.events import BlockMoved, ClimberMoved, Event, GameEnded, Passed
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.table.sounds import STEMS, SoundPlayer, cues_for


def samples(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float) / 32767
    return params, data


@pytest.mark.parametrize("stem", sorted(SOUNDS))
def test_committed_sound_is_small_audible_mono_pcm(stem: str) -> None:
    path = assets_dir() / "sounds" / f"{stem}.wav"
    assert path.stat().st_size < 100_000
    params, data = samples(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, RATE)
    assert 0.05 < len(data) / RATE < 2.0
    assert 0.2 < np.abs(data).max() < 0.99, "audible, never clipped"
    assert np.sqrt(np.mean(data**2)) > 0.02, "not silent"
    assert abs(data[0]) < 0.02 and abs(data[-1]) < 0.02, "starts and ends without a click"


def test_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    written = make_sounds(tmp_path)
    played = [*STEMS.values(), *IMPACT_STEMS.values()]
    assert sorted(p.stem for p in written) == sorted(SOUNDS) == sorted(played)
    for path in written:
        assert path.read_bytes() == (assets_dir() / "sounds" / path.name).read_bytes()


def test_cues_follow_the_events() -> None:
    teal = Colour.TEAL
    put = Placement(block="cube-1", at=(0, 0, 0))
    events: list[Event] = [
        Passed(player=teal, step=Step.MOVE),
        ClimberMoved(
            player=teal, path=((0, 0), (0, 1)), ladders=("short",), from_level=0, to_level=2
        ),
        BlockMoved(player=teal, block="cube-1", before=put, after=put),
        ClimberMoved(player=teal, path=((0, 1), (0, 2)), ladders=(), from_level=2, to_level=2),
        GameEnded(ranking=((teal, 2, 1),)),
    ]
    assert cues_for(events) == ["ladder", "step", "land", "step", "end"]


def test_player_is_silent_when_switched_off() -> None:
    player = SoundPlayer(enabled=False)
    player.play("land")
    assert not player.active and player.played == []


def test_impacts_are_silent_when_sound_is_off() -> None:
    sounds = ImpactSounds(enabled=False)
    sounds.strike("wall")
    assert sounds.heard == []
