"""Components as data: colours, block specifications and the standard set (R2, R4)."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


class Colour(StrEnum):
    """A face colour; the first five are also the player colours."""

    TEAL = "teal"
    PURPLE = "purple"
    YELLOW = "yellow"
    RED = "red"
    PINK = "pink"
    NEUTRAL = "neutral"


PLAYER_COLOURS: tuple[Colour, ...] = (
    Colour.TEAL,
    Colour.PURPLE,
    Colour.YELLOW,
    Colour.RED,
    Colour.PINK,
)
OPPOSITE_PAIRS: frozenset[frozenset[Colour]] = frozenset(
    {
        frozenset({Colour.TEAL, Colour.PURPLE}),
        frozenset({Colour.YELLOW, Colour.RED}),
        frozenset({Colour.PINK, Colour.NEUTRAL}),
    }
)


class Look(NamedTuple):
    """A block as players tell it: its size (its kind, R2), the colour facing up (R4), and the
    level of its top where another block in the same sentence looks the same."""

    size: int
    top: Colour
    level: int | None = None

    def __str__(self) -> str:
        """'size 2 teal top', 'size 2 teal top at level 4': a block in a log line."""
        at = f" at level {self.level}" if self.level is not None else ""
        return f"size {self.size} {self.top.value} top{at}"


FACE_KEYS: tuple[str, ...] = ("+x", "-x", "+y", "-y", "+z", "-z")
SIZE_DIMS: dict[int, tuple[int, int, int]] = {
    1: (2, 2, 1),
    2: (2, 2, 2),
    4: (2, 2, 4),
    6: (2, 2, 6),
}
SIZE_COUNTS: dict[int, int] = {1: 12, 2: 12, 4: 9, 6: 2}


class BlockSpec(BaseModel):
    """One physical block: its size, its dimensions in its own frame and its six face colours."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    size: Literal[1, 2, 4, 6]
    dims: tuple[int, int, int]
    faces: dict[str, Colour]

    @model_validator(mode="after")
    def _check(self) -> BlockSpec:
        if self.dims != SIZE_DIMS[self.size]:
            raise ValueError(
                f"block {self.name}: size {self.size} must have dims {SIZE_DIMS[self.size]}"
            )
        if set(self.faces) != set(FACE_KEYS):
            raise ValueError(f"block {self.name}: faces must name exactly {', '.join(FACE_KEYS)}")
        if self.size == 6:
            if set(self.faces.values()) != {Colour.NEUTRAL}:
                raise ValueError(
                    f"block {self.name}: a large neutral block is neutral on every face"
                )
            return self
        pairs = {frozenset({self.faces[f"+{a}"], self.faces[f"-{a}"]}) for a in "xyz"}
        if pairs != OPPOSITE_PAIRS:
            raise ValueError(
                f"block {self.name}: opposite faces must pair teal/purple, yellow/red, pink/neutral"
            )
        return self

    @property
    def is_neutral_block(self) -> bool:
        """True for the two large neutral blocks."""
        return self.size == 6


class LadderSpec(BaseModel):
    """Which step heights a ladder can climb."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    climbs: tuple[int, ...]


class ComponentSet(BaseModel):
    """Everything in the box: blocks, player colours, ladders and disks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["climbers-components"]
    version: Literal[1]
    description: str = ""
    player_colours: tuple[Colour, ...]
    ladders: dict[str, LadderSpec]
    ladders_per_player: tuple[str, ...]
    disks_per_player: int = Field(ge=0, le=1)
    blocks: tuple[BlockSpec, ...]

    @model_validator(mode="after")
    def _check(self) -> ComponentSet:
        counts = {size: sum(1 for b in self.blocks if b.size == size) for size in SIZE_COUNTS}
        if counts != SIZE_COUNTS:
            raise ValueError(f"the set must hold {SIZE_COUNTS} blocks by size, found {counts}")
        if len({b.name for b in self.blocks}) != len(self.blocks):
            raise ValueError("block names must be unique")
        if tuple(self.player_colours) != PLAYER_COLOURS:
            raise ValueError("player colours must be teal, purple, yellow, red, pink")
        if set(self.ladders) != {"short", "tall"} or set(self.ladders_per_player) != {
            "short",
            "tall",
        }:
            raise ValueError("ladders must be one short and one tall")
        return self


class ComponentError(ValueError):
    """A component file could not be read; the message names the file and the problem."""


def load_components(path: Path | Traversable) -> ComponentSet:
    """Read and validate a component file, raising ComponentError with a one-line message."""
    try:
        return ComponentSet.model_validate_json(path.read_bytes())
    except OSError as exc:
        raise ComponentError(f"{path}: cannot read ({exc.strerror})") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ComponentError(f"{path}: {where + ': ' if where else ''}{message}") from None


@cache
def standard_components() -> ComponentSet:
    """The standard 35-block set from the bundled assets (components.json)."""
    return load_components(files("climbers.assets") / "components.json")
