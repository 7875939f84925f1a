"""Actions: small frozen values with a one-line text form, the only way to change a game."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from climbers.the_climbers.core.components import Colour
from climbers.the_climbers.core.geometry import FaceKey
from climbers.the_climbers.core.state import LadderKind


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    player: Colour


class MoveClimber(_Action):
    """Walk the player's Climber to a square, spending exactly the ladders named (R8–R12)."""

    kind: Literal["move"] = "move"
    to: tuple[int, int]
    ladders: tuple[LadderKind, ...] = ()

    def __str__(self) -> str:
        spent = "".join(f" +{k}" for k in self.ladders)
        return f"{self.player} move {self.to[0]},{self.to[1]}{spent}"


class MoveBlock(_Action):
    """Put a free block in a new pose: min corner, and its faces pointing up and north (R14–R17)."""

    kind: Literal["block"] = "block"
    block: str
    at: tuple[int, int, int]
    up: FaceKey = "+z"
    north: FaceKey = "+y"

    @model_validator(mode="after")
    def _check(self) -> MoveBlock:
        if self.up[1] == self.north[1]:
            raise ValueError(f"faces up {self.up} and north {self.north} share an axis")
        return self

    def __str__(self) -> str:
        x, y, z = self.at
        return f"{self.player} block {self.block} {x},{y},{z} {self.up}{self.north}"


class PlaceDisk(_Action):
    """Put the player's blocking disk on a block (R19)."""

    kind: Literal["disk"] = "disk"
    block: str

    def __str__(self) -> str:
        return f"{self.player} disk {self.block}"


class Pass(_Action):
    """Skip the current step (a move, the block move, the disk, or a reaction)."""

    kind: Literal["pass"] = "pass"

    def __str__(self) -> str:
        return f"{self.player} pass"


Action = Annotated[MoveClimber | MoveBlock | PlaceDisk | Pass, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

_TEXT = re.compile(
    r"^(?P<player>[a-z]+) (?:"
    r"(?P<pass>pass)"
    r"|move (?P<mx>-?\d+),(?P<my>-?\d+)(?P<ladders>(?: \+(?:short|tall))*)"
    r"|block (?P<block>[\w-]+) (?P<bx>-?\d+),(?P<by>-?\d+),(?P<bz>-?\d+) "
    r"(?P<up>[+-][xyz])(?P<north>[+-][xyz])"
    r"|disk (?P<disk>[\w-]+))$"
)


def parse_action(text: str) -> Action:
    """Read an action from its text form, e.g. 'teal move 4,5 +short'; ValueError if malformed."""
    m = _TEXT.match(text.strip())
    if m is None:
        raise ValueError(f"not an action: {text!r}")
    player = m["player"]
    data: dict[str, object]
    if m["pass"]:
        data = {"kind": "pass", "player": player}
    elif m["mx"] is not None:
        ladders = [w.lstrip("+") for w in m["ladders"].split()]
        data = {"kind": "move", "player": player, "to": (m["mx"], m["my"]), "ladders": ladders}
    elif m["block"] is not None:
        data = {
            "kind": "block",
            "player": player,
            "block": m["block"],
            "at": (m["bx"], m["by"], m["bz"]),
            "up": m["up"],
            "north": m["north"],
        }
    else:
        data = {"kind": "disk", "player": player, "block": m["disk"]}
    return ACTION_ADAPTER.validate_python(data)
