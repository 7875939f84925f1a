"""Player settings that persist between runs, as JSON in the user's config directory."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from climbers.io.atomic import write_atomic
from climbers.io.folders import config_dir

_Pixels = Annotated[int, Field(ge=320, le=7680)]


class Settings(BaseModel):
    """What a player can change in the settings panel; defaults suit a first run."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    fullscreen: bool = False
    window_size: tuple[_Pixels, _Pixels] = (1280, 720)
    colour_symbols: bool = True
    """Draw a symbol on every coloured face, so colours need not be told apart."""
    grid_lines: bool = False
    """Draw faint lines between the unit squares on block faces."""
    animation_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    """Multiplies the speed of every animation (2.0 = twice as fast)."""
    sound: bool = True
    bot_pace: float = Field(default=0.6, ge=0.0, le=5.0)
    """Seconds a bot waits before each of its actions."""

    def with_changes(self, **changes: object) -> Settings:
        """A copy with `changes` applied and validated."""
        return Settings.model_validate({**self.model_dump(), **changes})


WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)


def settings_path() -> Path:
    """The settings file, in the config folder."""
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; defaults (with a one-line warning on stderr) if the file is unusable."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        return _warn(path, f"cannot be read ({exc})")
    try:
        return Settings.model_validate(json.loads(text))
    except ValueError as exc:  # JSON errors and ValidationError are both ValueErrors
        first = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
        return _warn(path, first)


def _warn(path: Path, problem: str) -> Settings:
    line = " ".join(problem.split())
    print(f"climbers: ignoring settings in {path}: {line}; using defaults", file=sys.stderr)
    return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a failure to write warns in one line and is ignored."""
    path = path or settings_path()
    try:
        write_atomic(path, (settings.model_dump_json(indent=1) + "\n").encode("utf-8"))
    except OSError as exc:
        print(f"climbers: could not save settings to {path}: {exc}", file=sys.stderr)
