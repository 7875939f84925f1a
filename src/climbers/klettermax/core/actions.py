"""What a player may do, and each action's one-line text form."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from climbers.klettermax.core.components import Chamber, Colour, Spot

Rest = Literal["chamber", "wall", "outside"]
"""Where a flicked knight came to rest: on a chamber's floor, on a wall or pinnacle, outside."""


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Roll(_Action):
    """K6: roll both dice."""

    kind: Literal["roll"] = "roll"


class Take(_Action):
    """K8, K9: take a knight of a chosen colour from the supply."""

    kind: Literal["take"] = "take"
    colour: Colour


class Flick(_Action):
    """K11, K12: flick the top knight; where it came to rest is decided by the physics and
    given here, so a replay needs no physics."""

    kind: Literal["flick"] = "flick"
    rest: Rest
    chamber: Chamber | None = None

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
    """The one-line text form: 'roll', 'take green', 'flick chamber 5', 'flick wall',
    'move-tower 7', 'end'."""
    match action:
        case Take(colour=colour):
            return f"take {colour}"
        case Flick(rest="chamber", chamber=chamber):
            return f"flick chamber {chamber}"
        case Flick(rest=rest):
            return f"flick {rest}"
        case MoveTower(spot=spot):
            return f"move-tower {spot}"
    return action.kind


def parse_action(text: str) -> Action:
    """The action a text form names (any case, any spacing); ValueError when malformed."""
    words = text.lower().split()
    try:
        match words:
            case ["roll"]:
                return Roll()
            case ["end"]:
                return End()
            case ["take", colour]:
                return Take(colour=Colour(colour))
            case ["flick", "chamber", number] if number.isdigit():
                return Flick(rest="chamber", chamber=int(number))
            case ["flick", ("wall" | "outside") as rest]:
                return Flick(rest=rest)
            case ["move-tower", number] if number.isdigit():
                return MoveTower(spot=int(number))
    except ValueError:  # a colour, chamber or spot out of range
        pass
    raise ValueError(f"not a Burg Klettermax action: {text[:40]!r}")
