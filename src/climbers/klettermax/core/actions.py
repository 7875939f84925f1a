"""What a player may do, and each action's one-line text form."""

from __future__ import annotations

import re
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from climbers.klettermax.core.components import Chamber, Colour, Spot

Rest = Literal["chamber", "wall", "outside"]
"""Where a flicked knight came to rest: on a chamber's floor, on a wall or pinnacle, outside."""
ANGLE_LIMIT: Final = 90.0
"""An aim turns at most this many degrees either way from straight at the wall."""
ANGLE_DIGITS: Final = 1
STRENGTH_DIGITS: Final = 3
"""An aim's angle is a whole number of tenths of a degree, its strength of thousandths."""


def _decimals(digits: int) -> AfterValidator:
    """A check that a number has at most `digits` decimals; it then holds the float nearest to
    that decimal (0.0 for −0.0), so that its text form reads back as the same number."""

    def check(value: float) -> float:
        scaled = value * 10**digits
        if abs(scaled - round(scaled)) > 1e-6:
            raise ValueError(f"{value!r} has more than {digits} decimals")
        return round(value, digits) + 0.0

    return AfterValidator(check)


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


Angle = Annotated[
    float, Field(ge=-ANGLE_LIMIT, le=ANGLE_LIMIT, allow_inf_nan=False), _decimals(ANGLE_DIGITS)
]
Strength = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False), _decimals(STRENGTH_DIGITS)]


class Aim(_Action):
    """How a knight was flicked: `angle` in degrees from straight at the wall, positive to the
    flicker's left (counter-clockwise seen from above), within ±90 in tenths of a degree;
    `strength` 0–1 in thousandths. The core only records it: the physics turns an aim into a
    resting place (`climbers.klettermax.physics`)."""

    angle: Angle
    strength: Strength

    @classmethod
    def nearest(cls, angle: float, strength: float) -> Aim:
        """The aim of the recorded precision nearest to `angle` and `strength`, held within
        their bounds."""
        return cls(
            angle=round(min(max(angle, -ANGLE_LIMIT), ANGLE_LIMIT), ANGLE_DIGITS),
            strength=round(min(max(strength, 0.0), 1.0), STRENGTH_DIGITS),
        )

    def text(self) -> str:
        """'-12.5 0.640': the angle with one decimal, the strength with three."""
        return f"{self.angle:.{ANGLE_DIGITS}f} {self.strength:.{STRENGTH_DIGITS}f}"


class Roll(_Action):
    """K6: roll both dice."""

    kind: Literal["roll"] = "roll"


class Take(_Action):
    """K8, K9: take a knight of a chosen colour from the supply."""

    kind: Literal["take"] = "take"
    colour: Colour


class Flick(_Action):
    """K11, K12: flick the top knight; where it came to rest is decided by the physics and
    given here, so a replay needs no physics. `aim` is how it was flicked, so that a replay can
    also re-simulate the flight and check the resting place; None for a flick recorded without
    one (files from before aims were recorded, hand-written logs)."""

    kind: Literal["flick"] = "flick"
    rest: Rest
    chamber: Chamber | None = None
    aim: Aim | None = None

    @model_validator(mode="after")
    def _chamber_iff_inside(self) -> Flick:
        if (self.rest == "chamber") != (self.chamber is not None):
            raise ValueError("a flick names a chamber exactly when it rests in one")
        return self


class MoveTower(_Action):
    """K13: move the tower tile to another free spot."""

    kind: Literal["move_tower"] = "move_tower"
    spot: Spot


class End(_Action):
    """End the turn, declining a second flick (K15) or a move after a loot (K12)."""

    kind: Literal["end"] = "end"


Action = Annotated[Roll | Take | Flick | MoveTower | End, Field(discriminator="kind")]
RESTS: tuple[Rest, ...] = ("chamber", "wall", "outside")


def action_text(action: Action) -> str:
    """The one-line text form: 'roll', 'take green', 'flick chamber 5 aim -12.5 0.640',
    'flick wall aim 3.0 0.250', 'move-tower 7', 'end'; a flick without an aim is 'flick chamber
    5', 'flick wall', 'flick outside'."""
    match action:
        case Take(colour=colour):
            return f"take {colour}"
        case Flick(rest=rest, chamber=chamber, aim=aim):
            place = f"chamber {chamber}" if rest == "chamber" else rest
            return f"flick {place}" + (f" aim {aim.text()}" if aim is not None else "")
        case MoveTower(spot=spot):
            return f"move-tower {spot}"
    return action.kind


TEXT_FORM = re.compile(
    r"(?P<kind>roll|end)"
    r"|take (?P<colour>[a-z]+)"
    r"|flick (?:chamber (?P<chamber>[1-9])|(?P<rest>wall|outside))"
    r"(?: aim (?P<angle>-?(?:[1-9]?[0-9])\.[0-9]) (?P<strength>[01]\.[0-9]{3}))?"
    r"|move-tower (?P<spot>[1-9]|1[0-2])",
    re.ASCII,
)
"""The text forms exactly as `action_text` writes them (docs/FILE-FORMAT.md): lower case, one
space between words, an aim's angle with one decimal and its strength with three."""


def parse_action(text: str) -> Action:
    """The action a text form names, exactly as `action_text` writes it; ValueError when it
    is not one (another case or spacing, more or fewer decimals, a number out of its range)."""
    found = TEXT_FORM.fullmatch(text)
    try:
        if found is not None:
            return _action(found)
    except ValueError:  # a colour, or an aim, out of range
        pass
    raise ValueError(f"not a Burg Klettermax action: {text[:40]!r}")


def _action(found: re.Match[str]) -> Action:
    words = found.groupdict()
    if words["kind"] is not None:
        return Roll() if words["kind"] == "roll" else End()
    if words["colour"] is not None:
        return Take(colour=Colour(words["colour"]))
    if words["spot"] is not None:
        return MoveTower(spot=int(words["spot"]))
    aim = None
    if words["angle"] is not None:
        aim = Aim(angle=float(words["angle"]), strength=float(words["strength"]))
    if words["chamber"] is not None:
        return Flick(rest="chamber", chamber=int(words["chamber"]), aim=aim)
    return Flick(rest=words["rest"], aim=aim)
