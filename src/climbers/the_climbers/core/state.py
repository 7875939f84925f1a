"""The whole game state as one frozen, versioned pydantic value (the save and position format)."""

from __future__ import annotations

from typing import Annotated, Literal, cast

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationInfo,
    model_validator,
)

from climbers.the_climbers.core.components import (
    PLAYER_COLOURS,
    Colour,
    ComponentSet,
    standard_components,
)
from climbers.the_climbers.core.derived import Derived
from climbers.the_climbers.core.geometry import FaceKey, Square, Vec3, orientation, rotation_from
from climbers.the_climbers.core.rules import Rules, Step
from climbers.the_climbers.core.structure import Structure, block_tables

FORMAT = "climbers-game"
VERSION = 2
"""Version 2 files may carry an action log (docs/FILE-FORMAT.md); version 1 files still load."""
LadderKind = Literal["short", "tall"]
LADDER_ORDER: tuple[LadderKind, ...] = ("short", "tall")

# Bounds on what a state may hold, generous: play stays far below them. The engine never passes
# them either: a state is accepted only when its turn number and tick stay within them however
# long the game goes on from it (`turns_to_come`, `actions_to_come`).
MAX_NAME = 24
"""A player's name has at most this many characters (empty: the colour's name is shown)."""
MAX_TURN = 100_000
"""Turn numbers run from 1 to this. Climbers never go down, no level passes 96, and a round of
turns without a climb ends the game (R22): no game reaches even 3,000 turns."""
MAX_TICK = 2_000_000
"""Ticks (actions applied) run from 0 to this: a turn has at most 11 actions."""
MAX_LEVEL = 200
"""Levels run from 0 to this (all 35 blocks stacked on end reach 96)."""
STRUCTURES_KEPT = 256
"""How many structures are kept by their blocks, shared by every state with the same blocks (a
search meets one configuration from many positions; a structure never changes once made)."""
_STRUCTURES: dict[tuple[object, ...], Structure] = {}
PLAYED = {"played": True}
"""The validation context of a state that claims to come from play (a saved game or position
file, the sandbox): a Climber still on the table then holds both ladders, as in every game.
Without it (puzzles and lessons, which hand a Climber fewer ladders on purpose) that one rule is
not checked."""


def _printable(name: str) -> str:
    if not name.isprintable():
        raise ValueError(f"a name is 1 to {MAX_NAME} printable characters, or empty")
    return name


PlayerName = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(_printable)]
"""A player's name: 1 to MAX_NAME printable characters, or empty for the colour's name."""


class Placement(BaseModel):
    """A block in play: its min corner and which of its own faces point up and north."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    block: str
    at: tuple[int, int, int]
    up: FaceKey = "+z"
    north: FaceKey = "+y"

    @model_validator(mode="after")
    def _check(self) -> Placement:
        if self.up[1] == self.north[1]:
            raise ValueError(
                f"block {self.block}: faces up {self.up} and north {self.north} share an axis"
            )
        return self

    @property
    def rot(self) -> int:
        """The rotation index of this orientation."""
        return rotation_from(self.up, self.north)

    @classmethod
    def of(cls, block: str, rot: int, at: Vec3) -> Placement:
        """A placement from a rotation index."""
        up, north = orientation(rot)
        return cls(block=block, at=at, up=up, north=north)


class Player(BaseModel):
    """One seat: colour, name, Climber square (None: on the table), ladders left, disk."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    colour: Colour
    name: PlayerName = ""
    at: tuple[int, int] | None = None
    ladders: tuple[LadderKind, ...] = LADDER_ORDER
    disk: Literal["in_hand", "placed", "spent"] = "in_hand"
    disk_on: str | None = None
    reached_at: int = Field(default=0, ge=0, le=MAX_TICK)
    """R23: the tick at which the Climber reached its current level."""


class Turn(BaseModel):
    """Where the game stands in the turn machine (R20)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    active: int = Field(default=0, ge=0)
    step: int = Field(default=0, ge=0)
    """Index into Rules.turn_steps(); equal to its length while reactions run."""
    reactor: int = Field(default=0, ge=0)
    """During reactions: seats after the active player (1 = the player to the left); else 0."""
    number: int = Field(default=1, ge=1, le=MAX_TURN)
    start_level: int = Field(default=0, ge=0, le=MAX_LEVEL)
    moved_this_turn: tuple[str, ...] = ()
    moved_last_turn: tuple[str, ...] = ()
    quiet_turns: int = Field(default=0, ge=0)
    """R22: consecutive turns in which the active player did not move upward."""

    @model_validator(mode="after")
    def _check(self) -> Turn:
        for key, blocks in (
            ("moved_this_turn", self.moved_this_turn),
            ("moved_last_turn", self.moved_last_turn),
        ):
            if len(set(blocks)) != len(blocks):
                raise ValueError(f"{key} lists a block twice")
        return self


def _current_version(value: object) -> object:
    """Every older version is a subset of this one: read it as the current version."""
    return VERSION if type(value) is int and 1 <= value <= VERSION else value


class GameState(BaseModel):
    """A game (or a position): rules, blocks, players and turn. Validated on construction."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["climbers-game"] = "climbers-game"
    version: Annotated[Literal[2], BeforeValidator(_current_version)] = 2
    rules: Rules = Rules()
    blocks: tuple[Placement, ...]
    players: tuple[Player, ...] = Field(min_length=2, max_length=5)
    turn: Turn = Turn()
    tick: int = Field(default=0, ge=0, le=MAX_TICK)
    finished: bool = False
    _derived: Derived = PrivateAttr(default_factory=Derived)
    """structure, climber_squares and disk_blocks, kept with the fields they came from."""

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> GameState:
        tables = block_tables(self.components)
        names = [p.block for p in self.blocks]
        unknown = [n for n in names if n not in tables.index]
        if unknown:
            raise ValueError(f"unknown block {unknown[0]!r}")
        if len(set(names)) != len(names):
            raise ValueError("a block is listed twice")
        colours = [p.colour for p in self.players]
        if len(set(colours)) != len(colours) or not set(colours) <= set(PLAYER_COLOURS):
            raise ValueError("players need distinct colours among teal, purple, yellow, red, pink")
        if self.rules.two_rounds and len(self.players) != 2:
            raise ValueError("the two-rounds variant (V1) is for 2 players only")
        self._check_turn()
        structure = self.structure  # raises on overlaps, holes and blocks off the table
        squares: dict[Square, int] = {}
        for i, p in enumerate(self.players):
            if len(set(p.ladders)) != len(p.ladders):
                raise ValueError(f"{p.colour} holds the same ladder twice")
            if (p.disk == "placed") != (p.disk_on is not None):
                raise ValueError(f"{p.colour}: a placed disk needs disk_on, and only then")
            if p.disk_on is not None and p.disk_on not in names:
                raise ValueError(f"{p.colour}'s disk lies on {p.disk_on!r}, which is not in play")
            if p.at is None:
                if len(p.ladders) < len(LADDER_ORDER) and (info.context or {}).get("played"):
                    raise ValueError(
                        f"{p.colour}'s Climber is still on the table but has used a ladder: "
                        "a ladder is used only to climb, and no Climber comes down (R9, R12)"
                    )
                continue
            if p.at in squares:
                raise ValueError(f"two Climbers stand on square {p.at}")
            squares[p.at] = i
            if not structure.in_area(p.at) or structure.block_at(p.at) < 0:
                raise ValueError(f"{p.colour}'s Climber at {p.at} stands on no block")
            colour = structure.top_colour(structure.block_at(p.at))
            if colour not in (Colour.NEUTRAL, p.colour):
                raise ValueError(f"{p.colour}'s Climber at {p.at} stands on a {colour} surface")
        self._check_history()
        disked: set[str] = set()
        for p in self.players:
            if p.reached_at > self.tick:
                raise ValueError(
                    f"{p.colour} reached its level at tick {p.reached_at}, after tick {self.tick}"
                )
            if p.disk_on is None:
                continue
            if p.disk_on in disked:
                raise ValueError(f"two disks lie on {p.disk_on}")
            disked.add(p.disk_on)
            if not structure.surfaces[tables.index[p.disk_on]]:
                raise ValueError(
                    f"{p.colour}'s disk lies on {p.disk_on}, which is covered all over"
                )
        for sq in squares:
            if tables.names[structure.block_at(sq)] in disked:
                raise ValueError(f"a Climber stands at {sq} on a block with a disk")
        stray = [
            b for b in (*self.turn.moved_this_turn, *self.turn.moved_last_turn) if b not in names
        ]
        if stray:
            raise ValueError(f"the turn names block {stray[0]!r}, which is not in play")
        return self

    def _check_turn(self) -> None:
        """The turn as play leaves it (R13, R15, R20, R22)."""
        turn, steps, n = self.turn, self.rules.turn_steps(), len(self.players)
        if not turn.active < n or not turn.step <= len(steps):
            raise ValueError("turn points at no player or step")
        if not turn.reactor < n:
            raise ValueError(f"turn.reactor {turn.reactor} is no seat after the active player")
        if turn.step < len(steps) and turn.reactor != 0:
            raise ValueError("turn.reactor is set outside the reaction moves")
        reacting = self.rules.has_reactions and turn.reactor >= 1
        if turn.step == len(steps) and not (reacting or self.finished):
            raise ValueError("reaction step without a reacting player")
        end = self.rules.end_after(n)
        if turn.quiet_turns > end:
            raise ValueError(
                f"turn.quiet_turns {turn.quiet_turns} is past the game's end ({end} quiet turns)"
            )
        own_steps = turn.step < len(steps)
        if own_steps and turn.quiet_turns == end:
            raise ValueError(
                f"turn.quiet_turns {turn.quiet_turns}: the turn before ended the game (R22)"
            )
        if self.finished and (own_steps or turn.quiet_turns < end):
            raise ValueError(
                f"finished with {turn.quiet_turns} quiet turns: a game ends after {end} turns "
                "in a row without a climb (R22)"
            )
        if turn.quiet_turns > turn.number - own_steps:
            raise ValueError(
                f"turn.quiet_turns {turn.quiet_turns}: more quiet turns than turns played "
                f"before turn {turn.number} ends (R22)"
            )
        block_steps = steps.count(Step.BLOCK)
        for key, blocks in (
            ("moved_this_turn", turn.moved_this_turn),
            ("moved_last_turn", turn.moved_last_turn),
        ):
            if len(blocks) > block_steps:
                raise ValueError(f"turn.{key} lists more blocks than a turn moves ({block_steps})")
        done = steps[: turn.step].count(Step.BLOCK)
        if len(turn.moved_this_turn) > done:
            raise ValueError(
                f"turn.moved_this_turn lists {len(turn.moved_this_turn)} moved blocks, but "
                f"{done} block steps of this turn are over (R15, R20)"
            )
        if turn.number == 1 and turn.moved_last_turn:
            raise ValueError("turn.moved_last_turn lists blocks moved before turn 1 (R15)")
        if self.tick < turn.number - 1:
            raise ValueError(
                f"turn {turn.number} at tick {self.tick}: each turn before it took at least one "
                "action (R20)"
            )

    def _check_history(self) -> None:
        """What the turn number, the levels and the disks say of the turns before (R9, R19,
        R21), and that the game stays within MAX_TURN and MAX_TICK however long it lasts."""
        turn, n = self.turn, len(self.players)
        level = self.level(turn.active)
        if turn.start_level > level:
            raise ValueError(
                f"turn.start_level {turn.start_level} is above {self.players[turn.active].colour}"
                f"'s level {level}: a Climber never goes down (R9, R21)"
            )
        for seat, p in enumerate(self.players):
            begun = turns_begun(turn, seat, n)
            if p.disk == "spent" and begun < 2:
                raise ValueError(
                    f"{p.colour}'s disk is spent at turn {turn.number}: a disk leaves the game "
                    f"when its owner's next turn begins, and {p.colour} has begun {begun} (R19)"
                )
            if p.disk == "placed" and begun < 1:
                raise ValueError(
                    f"{p.colour}'s disk lies on the mountain at turn {turn.number}, before "
                    f"{p.colour}'s first turn (R19)"
                )
        turns = turns_to_come(self)
        if turn.number + turns > MAX_TURN:
            raise ValueError(
                f"turn.number {turn.number}: this game may last {turns} more turns, past turn "
                f"{MAX_TURN}"
            )
        actions = actions_to_come(self)
        if self.tick + actions > MAX_TICK:
            raise ValueError(
                f"tick {self.tick}: this game may last {actions} more actions, past tick {MAX_TICK}"
            )

    # ----- derived views --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended (`finished`), as every game's state says it."""
        return self.finished

    @property
    def components(self) -> ComponentSet:
        """The component set this state uses (the standard one)."""
        return standard_components()

    @property
    def structure(self) -> Structure:
        """The derived geometry of the blocks in play."""
        return self._kept().get("structure", (self.blocks, self.rules), self._structure)

    @property
    def climber_squares(self) -> dict[Square, int]:
        """Occupied squares and the seat standing there."""
        return self._kept().get("climber_squares", (self.players,), self._climber_squares)

    @property
    def disk_blocks(self) -> dict[int, int]:
        """Block index → seat of each blocking disk on the mountain."""
        return self._kept().get("disk_blocks", (self.players,), self._disk_blocks)

    def _kept(self) -> Derived:
        """The derived values, read straight from pydantic's store of private attributes
        (`self._derived` goes through BaseModel.__getattr__, slower than deriving a small value)."""
        return cast(dict[str, Derived], self.__pydantic_private__)["_derived"]

    def _structure(self) -> Structure:
        key = (self.blocks, self.rules.table_size)
        found = _STRUCTURES.get(key)
        if found is not None:
            return found
        tables = block_tables(self.components)
        poses = {tables.index[p.block]: (p.rot, p.at) for p in self.blocks}
        try:
            made = Structure(tables, poses, self.rules.table_size)
        except ValueError as exc:
            raise ValueError(str(exc)) from None
        if len(_STRUCTURES) >= STRUCTURES_KEPT:
            del _STRUCTURES[next(iter(_STRUCTURES))]
        _STRUCTURES[key] = made
        return made

    def _climber_squares(self) -> dict[Square, int]:
        return {p.at: i for i, p in enumerate(self.players) if p.at is not None}

    def _disk_blocks(self) -> dict[int, int]:
        index = block_tables(self.components).index
        return {index[p.disk_on]: i for i, p in enumerate(self.players) if p.disk_on is not None}

    def level(self, seat: int) -> int:
        """R7: the level of a seat's Climber (0 on the table)."""
        at = self.players[seat].at
        return 0 if at is None else self.structure.height_at(at)

    @property
    def step(self) -> Step:
        """The current step of the turn."""
        steps = self.rules.turn_steps()
        return Step.REACTION if self.turn.step == len(steps) else steps[self.turn.step]

    @property
    def actor(self) -> int:
        """The seat that acts now."""
        if self.step is Step.REACTION:
            return (self.turn.active + self.turn.reactor) % len(self.players)
        return self.turn.active

    def block_name(self, b: int) -> str:
        """A block's name from its index."""
        return block_tables(self.components).names[b]

    def block_index(self, name: str) -> int:
        """A block's index from its name (KeyError when unknown)."""
        return block_tables(self.components).index[name]


def turns_begun(turn: Turn, seat: int, players: int) -> int:
    """How many turns `seat` has begun by `turn` (R20: the seats take turns in order, one turn
    per number, the active seat's being the latest)."""
    behind = (turn.active - seat) % players
    return 0 if turn.number <= behind else (turn.number - 1 - behind) // players + 1


def highest_level(state: GameState) -> int:
    """The highest level any Climber could ever reach with the blocks in play: all of them
    stacked, each on end."""
    dims = {spec.name: max(spec.dims) for spec in state.components.blocks}
    return sum(dims[p.block] for p in state.blocks)


def turns_to_come(state: GameState) -> int:
    """At most how many more turns can begin in this game, however it is played.

    Climbers never go down (R9; a push keeps the level, R17), so each turn that ends with the
    active Climber above its level at the turn's start (R21) uses up at least one of the levels
    still to climb, and a game ends after `end` turns in a row without one (R22). Counting the
    active Climber's levels from its start level, `climbs * end + (end - 1 - quiet)` bounds the
    turns still to begin, and it falls by at least one with every turn that begins; during the
    reaction moves the next turn (if the game does not end) counts too.
    """
    if state.finished:
        return 0
    turn, n = state.turn, len(state.players)
    end, top = state.rules.end_after(n), highest_level(state)
    reacting = turn.step == len(state.rules.turn_steps())
    climbs = sum(top - state.level(seat) for seat in range(n) if reacting or seat != turn.active)
    if not reacting:
        return (climbs + top - turn.start_level) * end + end - 1 - turn.quiet_turns
    if turn.quiet_turns >= end:
        return 0
    return 1 + climbs * end + end - 1 - turn.quiet_turns


def actions_to_come(state: GameState) -> int:
    """At most how many more actions can be applied in this game: what is left of this turn's
    steps and reactions, then `turns_to_come` whole turns (R13, R20)."""
    if state.finished:
        return 0
    turn, n, steps = state.turn, len(state.players), len(state.rules.turn_steps())
    reactions = n - 1 if state.rules.has_reactions else 0
    left = steps - turn.step + reactions if turn.step < steps else n - turn.reactor
    return left + turns_to_come(state) * (steps + reactions)


def evolve(state: GameState, **changes: object) -> GameState:
    """A copy of `state` with fields replaced (not validated again), with a cache of its own
    that starts from the state's derived values; those of changed fields are derived anew."""
    new = state.model_copy(update=changes)
    new._derived = state._kept().copy()
    return new


def replace_player(state: GameState, seat: int, **changes: object) -> tuple[Player, ...]:
    """The players of `state` with fields of `seat`'s replaced (not validated again), for
    `evolve`."""
    players = list(state.players)
    players[seat] = players[seat].model_copy(update=changes)
    return tuple(players)
