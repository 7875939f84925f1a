"""Player settings that persist between runs, as JSON in the user's config directory."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from climbers.io.atomic import STALE_AFTER, remove_stale_temps, write_atomic
from climbers.io.folders import config_dir
from climbers.io.json_input import JsonProblem, parse, read_bounded, validation_problem
from climbers.io.language import LANGUAGES
from climbers.io.messages import one_line, short_path

MAX_BYTES = 64 * 1024
"""A settings file larger than this is not read (it needs a few hundred bytes)."""

SMALLEST_WINDOW = (320, 240)
LARGEST_WINDOW = (7680, 4320)
"""Window sizes in pixels, width by height, from the smallest to the largest (8K)."""
LONGEST_BOT_PACE = 5.0
"""Seconds a bot waits before each action, at most."""
_Width = Annotated[int, Field(ge=SMALLEST_WINDOW[0], le=LARGEST_WINDOW[0])]
_Height = Annotated[int, Field(ge=SMALLEST_WINDOW[1], le=LARGEST_WINDOW[1])]


class Settings(BaseModel):
    """What a player can change in the settings panel; defaults suit a first run."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    fullscreen: bool = False
    window_size: tuple[_Width, _Height] = (1280, 720)
    colour_symbols: bool = True
    """Draw a symbol on every coloured face, so colours need not be told apart."""
    grid_lines: bool = False
    """Draw faint lines between the unit squares on block faces."""
    animation_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    """Multiplies the speed of every animation (2.0 = twice as fast)."""
    sound: bool = True
    bot_pace: float = Field(default=0.6, ge=0.0, le=LONGEST_BOT_PACE)
    """Seconds a bot waits before each of its actions."""
    auto_pass: bool = True
    """A player with no possible answering move passes by itself, with a note."""
    language: str | None = None
    """The language of every sentence, a key of LANGUAGES; None: the system locale's."""
    game: str | None = Field(default=None, max_length=40)
    """The game chosen last on the games screen (its tile is framed there)."""

    @field_validator("language")
    @classmethod
    def _spoken(cls, tag: str | None) -> str | None:
        if tag is not None and tag not in LANGUAGES:
            raise ValueError(f"not a language of the game: {tag}")
        return tag

    def with_changes(self, **changes: object) -> Settings:
        """A copy with `changes` applied and validated."""
        return Settings.model_validate({**self.model_dump(), **changes})


WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)


def settings_path() -> Path:
    """The settings file, in the config folder."""
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings. Only a regular file of at most MAX_BYTES is read; an unusable file
    gives the defaults, and each unusable field its default alone, with a one-line warning on
    stderr naming the file and the fields. Temporary files that writes killed midway left beside
    it are removed."""
    path = path or settings_path()
    remove_stale_temps(path, STALE_AFTER)
    try:
        data = parse(read_bounded(path, MAX_BYTES))
    except FileNotFoundError:
        return Settings()
    except JsonProblem as exc:
        _warn(f"using the default settings: {short_path(path, 60)} {exc}")
        return Settings()
    if not isinstance(data, dict):
        _warn(f"using the default settings: {short_path(path, 60)} holds no JSON object")
        return Settings()
    kept: dict[str, object] = {}
    unusable: dict[str, str] = {}
    for name in Settings.model_fields:
        if name not in data:
            continue
        try:
            Settings.model_validate({name: data[name]})
        except ValidationError as exc:
            unusable[name] = validation_problem(exc)
        else:
            kept[name] = data[name]
    if unusable:
        first = next(iter(unusable))
        _warn(
            f"using the default {', '.join(unusable)} in {short_path(path, 60)} ({unusable[first]})"
        )
    return Settings.model_validate(kept)


def _warn(line: str) -> None:
    print(one_line(f"climbers: {line}"), file=sys.stderr)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a failure to write warns in one line and is ignored."""
    path = path or settings_path()
    try:
        write_atomic(path, (settings.model_dump_json(indent=1) + "\n").encode("utf-8"))
    except OSError as exc:
        _warn(f"could not save settings to {short_path(path)}: {exc.strerror or exc}")
