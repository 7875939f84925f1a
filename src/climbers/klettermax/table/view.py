"""The scene of a Burg Klettermax game: the table, the castle (the physics' own boxes), the
tower tiles on their spots with their knights, the supply of knights by colour, the chambers'
tiles, the tiles each player holds and the dice, mirroring a state.

`show` jumps to a state; `play` animates an action's events to it: the dice roll and come to
rest on the faces the core rolled, knights are carried from the supply to towers (a passed one
travels clockwise from tower to tower), a looted tile goes to its player, knights go back to
the supply. `fly` poses the flicked knight as the physics moves it, `sway` the knights below
it (a tower struck or knocked wobbles, or falls); the next `play` stands them again where the
state has them, a fallen knight carried back onto its tower (K14). Once the animations end the
picture is the state."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from panda3d.core import LMatrix4f
from ursina import Entity, Vec3, color, destroy, scene, time, window

from climbers.app.table.lighting import CASTS_SHADOW, Sun, light_scene, open_ground_light
from climbers.app.table.shading import shade, unshaded
from climbers.app.table.tweens import Leg, Tweens
from climbers.klettermax.core import COLOURS, Colour, Place, State
from climbers.klettermax.core.components import FACES, KNIGHTS_PER_COLOUR, SPOTS
from climbers.klettermax.core.dice import roll_dice
from climbers.klettermax.core.events import (
    Event,
    KnightPassed,
    KnightReturned,
    KnightStacked,
    Looted,
    Rolled,
    TileTurnedUp,
    TowerMoved,
)
from climbers.klettermax.physics.castle import FLOOR_TOP, KNIGHT_SIZE, TILE_SIZE, WALL_TOP
from climbers.klettermax.physics.flick import Pose
from climbers.klettermax.table.geometry import (
    DIE_SIZE,
    SCALE,
    TREASURE_THICK,
    TREASURE_TILE,
    Point,
    chamber_point,
    die_point,
    held_point,
    knight_foot,
    spot_point,
    spot_yaw,
    supply_point,
    world,
)
from climbers.klettermax.table.meshes import castle_mesh, knight_mesh, slab_mesh
from climbers.klettermax.table.textures import (
    die_face_texture,
    knight_colour,
    mark_texture,
    seat_colour,
    spot_texture,
    treasure_texture,
    wood,
)

CLOTH = color.rgb(0.16, 0.34, 0.27)
TABLE_HALF = 60.0
CARRY = 0.45
"""Seconds a knight takes from the supply to a tower, or from one tower to the next."""
ROLL = 0.7
"""Seconds the dice tumble before they rest."""
LABEL_LIFT, LABEL_SHARE = 2.5, 0.55
"""How high over the walls a chamber's floating label hangs (cm), and its size as a share of
a tile's."""
LOOT = 0.6
RETURN = 0.45
HOLD = 0.7
"""Seconds a flicked knight lies where it came to rest before it goes back."""
ARC = 1.2
"""How high (window units) a carried knight arcs."""
STRAIGHTEN = 0.3
"""Seconds a knight a flight left leaning on its tower takes to stand straight again."""
FALLEN = KNIGHT_SIZE[0] / 2
"""Centimetres a knight's centre lies from its place in the tower beyond which it fell: it is
carried back (CARRY, arcing) rather than straightened where it stands."""
MARK_LIFT = 0.01
DIE_TURNS: tuple[tuple[float, float, float], ...] = (
    (0, 0, 0),
    (180, 0, 0),
    (90, 0, 0),
    (-90, 0, 0),
    (0, 0, 90),
    (0, 0, -90),
)
"""The die's turns that bring each of its faces up (which one brings which is measured)."""
DIE_NORMALS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 0),
    (1, 0, 0),
    (0, 0, 1),
    (-1, 0, 0),
    (0, 0, -1),
    (0, -1, 0),
)
"""Where each face of FACES lies on a die (red up, ..., the jester down)."""


@dataclass(frozen=True)
class Stand:
    """Where a knight is: on `seat`'s tower at level `index`, or in the supply at `index`
    (`seat` None)."""

    seat: int | None
    index: int


def placed(entity: Entity, at: Point) -> None:
    entity.position = Vec3(*at)


class Restack(Entity):  # type: ignore[misc]
    """Brings a knight from where a flight left it (`start`) to its place in its tower (`goal`,
    the physics' poses): the view's tweens glide this bare entity's x from 0 to 1 (its y is the
    arc) and the knight follows, turning upright on the way."""

    def __init__(self, knight: Entity, start: Pose, goal: Pose, **kwargs: object) -> None:
        super().__init__(name="restack", **kwargs)
        self.knight, self.start, self.goal = knight, start, goal

    def update(self) -> None:
        self.knight.setMat(pose_matrix(between(self.start, self.goal, min(1.0, max(0.0, self.x)))))
        self.knight.y += self.y

    def done(self) -> None:
        """At its place: the last pose, and this entity gone."""
        self.x, self.y = 1.0, 0.0
        self.update()
        destroy(self)


class Die(Entity):  # type: ignore[misc]
    """A die: six faces, five shields and the jester; `rest(face)` shows `face` up."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        s = DIE_SIZE * SCALE
        self.body = Entity(
            parent=self, model="cube", scale=s * 0.98, color=color.rgb(0.93, 0.9, 0.82)
        )
        for face, normal in zip(FACES, DIE_NORMALS, strict=True):
            quad = Entity(parent=self, model="quad", texture=die_face_texture(face), scale=s * 0.96)
            quad.position = Vec3(*normal) * (s / 2 + 0.002)
            quad.hide(CASTS_SHADOW)  # the body casts the die's shadow
            _face_out(quad, normal)
        self.face: str = FACES[0]
        self.spin = 0.0

    def rest(self, face: str) -> None:
        """Lie still with `face` up."""
        self.spin = 0.0
        self.rotation = Vec3(*die_turn(self, face))
        self.face = face

    def up_face(self) -> str:
        """The face that points up now."""
        up = self.getRelativeVector(scene, Vec3(0, 1, 0))
        best = max(
            range(6), key=lambda i: sum(a * b for a, b in zip(DIE_NORMALS[i], up, strict=False))
        )
        return FACES[best]

    def update(self) -> None:
        if self.spin > 0:
            self.rotation_x += time.dt * 900
            self.rotation_z += time.dt * 610


def _face_out(quad: Entity, normal: tuple[int, int, int]) -> None:
    """Turn a quad (facing -z) so that its front faces along `normal`."""
    turns = {
        (0, 1, 0): (90, 0, 0),
        (0, -1, 0): (-90, 0, 0),
        (1, 0, 0): (0, -90, 0),
        (-1, 0, 0): (0, 90, 0),
        (0, 0, 1): (0, 180, 0),
        (0, 0, -1): (0, 0, 0),
    }
    quad.rotation = Vec3(*turns[normal])


_die_turns: dict[str, tuple[float, float, float]] = {}


def die_turn(die: Die, face: str) -> tuple[float, float, float]:
    """The turn that brings `face` up (found once by trying each turn on a die)."""
    if not _die_turns:
        saved = Vec3(die.rotation)
        for turn in DIE_TURNS:
            die.rotation = Vec3(*turn)
            _die_turns[die.up_face()] = turn
        die.rotation = saved
    return _die_turns[face]


class KlettermaxView:
    """Everything on the table of a Burg Klettermax game (see the module)."""

    def __init__(self, state: State, lights: bool = True) -> None:
        self.root = Entity(name="klettermax-root")
        shade(self.root)
        self.tweens = Tweens(parent=self.root)
        self.clock = Entity(parent=self.root, name="clock")
        """Glides, bare, until an animation ends; then the state is shown as it is."""
        window.color = color.rgb(0.70, 0.77, 0.84)
        light = open_ground_light()
        self.table = Entity(
            parent=self.root,
            name="table",
            model="quad",
            rotation_x=90,
            scale=2 * TABLE_HALF,
            color=color.rgb(CLOTH.r * light.r, CLOTH.g * light.g, CLOTH.b * light.b),
            y=-0.002,
        )
        self.table.hide(CASTS_SHADOW)
        unshaded(self.table)
        self.castle = Entity(
            parent=self.root, name="castle", model=_own(castle_mesh()), texture=wood()
        )
        self.spots = []
        for number in range(1, SPOTS + 1):
            mark = Entity(
                parent=self.root,
                name=f"spot:{number}",
                model="quad",
                texture=spot_texture(number),
                rotation_x=90,
                rotation_y=spot_yaw(number),
                scale=TILE_SIZE[0] * SCALE * 1.08,
                position=Vec3(*spot_point(number)) + Vec3(0, 0.004, 0),
            )
            mark.hide(CASTS_SHADOW)
            unshaded(mark)
            self.spots.append(mark)
        self.towers = [
            Entity(
                parent=self.root,
                name=f"tower-tile:{seat}",
                model=_own(slab_mesh(TILE_SIZE[0], TILE_SIZE[2])),
                color=seat_colour(seat),
            )
            for seat in range(len(state.seats))
        ]
        self.knights: dict[Colour, list[Entity]] = {
            c: [
                Entity(
                    parent=self.root,
                    name=f"knight:{c.value}:{k}",
                    model=_own(knight_mesh()),
                    color=knight_colour(c),
                )
                for k in range(KNIGHTS_PER_COLOUR)
            ]
            for c in COLOURS
        }
        self.where: dict[Entity, Stand] = {}
        """Where each knight is, kept from state to state so a knight that stays is not
        swapped for another of its colour."""
        self.chambers: list[list[Entity]] = [[] for _ in range(9)]
        self.labels: list[Entity | None] = [None] * 9
        """Each chamber's face-up tile again, floating over the chamber and facing the camera,
        so that every chamber's treasure reads from any view (the walls hide the tiles)."""
        self.held: list[list[Entity]] = [[] for _ in state.seats]
        self.dice = [Die(parent=self.root, name=f"die:{i}") for i in range(2)]
        for i, die in enumerate(self.dice):
            placed(die, die_point(i))
        self.marks: dict[tuple[str, str], Entity] = {}
        self.flying: Entity | None = None
        """The knight the physics moves now, while a flick is in flight."""
        self.swayed: dict[Entity, tuple[Pose, Pose]] = {}
        """The knights below a flicked one, each with its pose before the flick and the pose
        the flight left it in, until the next `play` stands them again."""
        self.revealed = False
        """Whether the tiles the players hold lie face up (the end)."""
        self.peeking: int | None = None
        """The seat whose own tiles lie face up beside its tower (a peek, or the only person)."""
        self.state = state
        self.sun: Sun | None = None
        self.show(state)
        if lights:
            self.sun = light_scene(self.shadow_region, self.shadow_casters)
            self.sun.update_bounds()

    # ----- state -----------------------------------------------------------------------------

    def show(self, state: State) -> None:
        """Put everything where `state` says, without animation."""
        self.tweens.finish()
        self.state = state
        self.flying = None
        self.swayed = {}
        self.revealed = state.over
        for seat, tile in enumerate(self.towers):
            spot = state.seats[seat].spot
            placed(tile, spot_point(spot))
            tile.rotation = Vec3(0, spot_yaw(spot), 0)
        taken = {s.spot for s in state.seats}
        for number, mark in enumerate(self.spots, 1):
            mark.enabled = number not in taken
        self._place_knights(state)
        for chamber, stack in enumerate(state.chambers, 1):
            self._lay_chamber(chamber, stack)
        for seat, s in enumerate(state.seats):
            self._lay_held(seat, s.spot, s.tiles)
        faces = roll_dice(state.seed, state.rolls - 1) if state.rolls else FACES[:2]
        for die, face in zip(self.dice, faces, strict=True):
            die.rest(face)  # the last roll (K6), or the first two faces before any

    def _place_knights(self, state: State) -> None:
        for colour, entities in self.knights.items():
            wanted = {
                Stand(seat, s.tower.index(colour))
                for seat, s in enumerate(state.seats)
                if colour in s.tower
            }
            keep = [e for e in entities if self.where.get(e) in wanted]
            kept = {self.where[e] for e in keep}
            free = [e for e in entities if e not in keep]
            for spot in sorted(wanted - kept, key=lambda p: (p.seat or 0, p.index)):
                self.where[free.pop(0)] = spot
            for index, entity in enumerate(free):
                self.where[entity] = Stand(None, index)
            for entity in entities:
                entity.rotation = Vec3(0, 0, 0)
                spot = self.where[entity]
                if spot.seat is None:
                    placed(entity, supply_point(colour, spot.index))
                    entity.rotation_y = 0
                else:
                    number = state.seats[spot.seat].spot
                    placed(entity, knight_foot(number, spot.index))
                    entity.rotation_y = spot_yaw(number)

    def _tile(self, name: str, treasures: int | None, tiles: int = 1) -> Entity:
        """A treasure tile face up (`treasures`) or face down (None), or a stack of `tiles`
        face down drawn as one slab; thin, it casts no shadow."""
        tile = Entity(
            parent=self.root,
            name=name,
            model=_own(slab_mesh(TREASURE_TILE, TREASURE_THICK * tiles)),
            texture=treasure_texture(treasures),
        )
        tile.hide(CASTS_SHADOW)
        tile.treasures = treasures
        tile.setLightOff(1)  # as bright in a chamber's shade as in the open: readable
        unshaded(tile)
        tile.color = open_ground_light()
        return tile

    def _lay_chamber(self, chamber: int, stack: Sequence[int]) -> None:
        for tile in self.chambers[chamber - 1]:
            destroy(tile)
        tiles = []
        under = len(stack) - 1
        if under > 0:  # the face-down tiles under the top one, as one slab
            tiles.append(self._tile(f"tile:{chamber}:under", None, under))
            placed(tiles[-1], chamber_point(chamber, FLOOR_TOP))
        if stack:
            tiles.append(self._tile(f"tile:{chamber}:top", stack[0]))
            placed(tiles[-1], chamber_point(chamber, FLOOR_TOP + TREASURE_THICK * under))
        self.chambers[chamber - 1] = tiles
        label = self.labels[chamber - 1]
        if label is not None:
            destroy(label)
        self.labels[chamber - 1] = None
        if stack:
            label = Entity(
                parent=self.root,
                name=f"label:{chamber}",
                model="quad",
                texture=treasure_texture(stack[0]),
                scale=TREASURE_TILE * SCALE * LABEL_SHARE,
                billboard=True,
            )
            label.treasures = stack[0]
            label.hide(CASTS_SHADOW)
            label.setLightOff(1)
            unshaded(label)
            placed(label, chamber_point(chamber, WALL_TOP + LABEL_LIFT))
            self.labels[chamber - 1] = label

    def _lay_held(self, seat: int, spot: int, tiles: Sequence[int]) -> None:
        for tile in self.held[seat]:
            destroy(tile)
        self.held[seat] = []
        for index, treasures in enumerate(tiles):
            face_up = self.revealed or seat == self.peeking
            tile = self._tile(f"held:{seat}:{index}", treasures if face_up else None)
            placed(tile, held_point(spot, index))
            tile.rotation_y = spot_yaw(spot)
            self.held[seat].append(tile)

    def peek(self, seat: int | None, seen: State) -> None:
        """Lay `seat`'s own tiles face up (None: everyone's face down again), from the game as
        `seat` sees it (`seen`: the table holds no tile it may not see); while pieces move, once
        they rest."""
        if seat == self.peeking or self.tweens.busy:
            return
        self.peeking = seat
        self.state = seen
        for index, s in enumerate(seen.seats):
            self._lay_held(index, s.spot, s.tiles)

    # ----- animation -------------------------------------------------------------------------

    def play(
        self, after: State, events: Sequence[Event], rolled: Callable[[], None] | None = None
    ) -> None:
        """Animate `events` one after the other, ending in `after`."""
        self.tweens.finish()
        before = self.state
        clock = 0.0
        back = 0.0
        """When the last knight going back to the supply gets there."""
        flew = self.flying
        towers = [list(s.tower) for s in before.seats]
        for ev in events:
            if isinstance(ev, Rolled):
                clock = self._roll(ev.faces, clock)
            elif isinstance(ev, KnightPassed):
                pass  # carried along with the knight's last step (KnightStacked / Returned)
            elif isinstance(ev, KnightStacked):
                route = self._route(events, ev, before)
                knight = self._from_supply(ev.colour)
                legs = [Leg(Vec3(knight.position), clock)]
                for seat in route:
                    spot = before.seats[seat].spot
                    top = Vec3(*knight_foot(spot, len(towers[seat]) + 0.3))
                    legs.append(Leg(top, CARRY, hop=ARC))
                legs.append(
                    Leg(
                        Vec3(*knight_foot(before.seats[ev.seat].spot, len(towers[ev.seat]))),
                        CARRY * 0.5,
                    )
                )
                towers[ev.seat].append(ev.colour)
                self.where[knight] = Stand(ev.seat, len(towers[ev.seat]) - 1)
                self.tweens.glide(knight, legs)
                clock += CARRY * (len(route) + 1.5)
            elif isinstance(ev, KnightReturned):
                knight = self._on_tower(ev.seat, ev.colour, towers)
                if knight is None:  # it went round the table from the supply, unused
                    knight = self._from_supply(ev.colour)
                    legs = [Leg(Vec3(knight.position), clock)]
                    for seat in range(len(before.seats)):
                        here = (ev.seat + seat) % len(before.seats)
                        top = knight_foot(before.seats[here].spot, len(towers[here]) + 0.3)
                        legs.append(Leg(Vec3(*top), CARRY, hop=ARC))
                else:
                    legs = [Leg(Vec3(knight.position), clock + (HOLD if knight is flew else 0.0))]
                    towers[ev.seat].remove(ev.colour)
                    self.where.pop(knight, None)
                    legs[0].on_end = _upright(knight)
                spare = self._free_supply_index(ev.colour)
                self.where[knight] = Stand(None, spare)
                legs.append(Leg(Vec3(*supply_point(ev.colour, spare)), RETURN, hop=ARC))
                self.tweens.glide(knight, legs)
                back = max(back, sum(leg.duration for leg in legs))
                clock += RETURN * 0.5
            elif isinstance(ev, Looted):
                tile = self.chambers[ev.chamber - 1][-1]
                spot = after.seats[ev.seat].spot
                index = len(before.seats[ev.seat].tiles)
                tile.texture = treasure_texture(None)
                self.tweens.glide(
                    tile,
                    [
                        Leg(Vec3(tile.position), clock + HOLD),
                        Leg(Vec3(*held_point(spot, index)), LOOT, hop=ARC),
                    ],
                )
                clock += HOLD + LOOT
            elif isinstance(ev, TowerMoved):
                tile = self.towers[ev.seat]
                self.tweens.glide(
                    tile,
                    [Leg(Vec3(tile.position), clock), Leg(Vec3(*spot_point(ev.to_spot)), CARRY)],
                )
                clock += CARRY
            elif isinstance(ev, TileTurnedUp):
                pass  # shown by the state at the end
        clock = max(clock, back, self._restack())
        self.tweens.glide(
            self.clock, [Leg(Vec3(0, 0, 0), clock + 0.01, on_end=lambda: self.show(after))]
        )
        self.state = after

    def _restack(self) -> float:
        """Stand the knights a flight swayed that stay on their tower again (a fallen one is
        carried back, K14); the seconds it takes."""
        took = 0.0
        for knight, (stood, left) in self.swayed.items():
            if self.where[knight].seat is None or knight in self.tweens.tracks:
                continue  # carried back to the supply, upright
            fell = math.dist(stood.pos, left.pos) > FALLEN
            seconds = CARRY if fell else STRAIGHTEN
            dial = Restack(knight, left, stood, parent=self.root)
            self.tweens.glide(
                dial, [Leg(Vec3(1, 0, 0), seconds, hop=ARC if fell else 0.0, on_end=dial.done)]
            )
            took = max(took, seconds)
        self.swayed = {}
        return took

    def _route(self, events: Sequence[Event], stacked: KnightStacked, state: State) -> list[int]:
        """The towers a stacked knight passed before it stopped (K7): the seats of the passes
        of its colour that lead to it, in order."""
        route: list[int] = []
        for ev in events:
            if ev is stacked:
                break
            if isinstance(ev, KnightPassed) and ev.colour == stacked.colour:
                route.append(ev.from_seat)
            elif isinstance(ev, (KnightStacked, KnightReturned)) and ev.colour == stacked.colour:
                route = []
        return route

    def _from_supply(self, colour: Colour) -> Entity:
        spares = [e for e in self.knights[colour] if self.where[e].seat is None]
        return max(spares, key=lambda e: self.where[e].index)

    def _free_supply_index(self, colour: Colour) -> int:
        used = {
            self.where[e].index
            for e in self.knights[colour]
            if e in self.where and self.where[e].seat is None
        }
        return min(i for i in range(KNIGHTS_PER_COLOUR) if i not in used)

    def _on_tower(self, seat: int, colour: Colour, towers: list[list[Colour]]) -> Entity | None:
        if colour not in towers[seat]:
            return None
        level = towers[seat].index(colour)
        for e in self.knights[colour]:
            if self.where.get(e) == Stand(seat, level):
                return e
        return None

    def _roll(self, faces: tuple[str, str], clock: float) -> float:
        for i, (die, face) in enumerate(zip(self.dice, faces, strict=True)):
            rest = Vec3(*die_point(i))
            start = rest + Vec3(-1.5, 0.0, -1.0)

            def tumble(die: Die = die) -> None:
                die.spin = 1.0

            def land(die: Die = die, face: str = face) -> None:
                die.rest(face)

            self.tweens.glide(
                die, [Leg(start, clock, on_start=tumble), Leg(rest, ROLL, hop=1.4, on_end=land)]
            )
        return clock + ROLL

    def fly(self, seat: int, pose: Pose) -> None:
        """Pose the top knight of `seat`'s tower as the physics has the flicked knight (its
        box's centre and turn)."""
        tower = self.state.seats[seat].tower
        knight = self._on_tower(seat, tower[-1], [list(s.tower) for s in self.state.seats])
        if knight is None:
            return
        self.flying = knight
        knight.setMat(pose_matrix(pose))

    def sway(self, seat: int, poses: Sequence[Pose], stood: Sequence[Pose]) -> None:
        """Pose the knights below the top knight of `seat`'s tower, bottom to top, as the
        physics moves them while it flies (`stood`: their poses before the flick)."""
        for level, (at, before) in enumerate(zip(poses, stood, strict=True)):
            knight = next((e for e in self.where if self.where[e] == Stand(seat, level)), None)
            if knight is not None:
                self.swayed[knight] = (before, at)
                knight.setMat(pose_matrix(at))

    # ----- marks -----------------------------------------------------------------------------

    def mark(self, kind: str, places: Sequence[Place]) -> None:
        """Lay the `kind` mark ('fault', 'free', 'choose') on `places`."""
        for place in places:
            key = (kind, f"{place.kind}:{place.id}")
            if key in self.marks:
                continue
            at, size = self._place_point(place)
            if at is None:
                continue
            mark = Entity(
                parent=self.root,
                name=f"mark:{key[0]}:{key[1]}",
                model="quad",
                texture=mark_texture(kind),
                rotation_x=90,
                scale=size,
                position=Vec3(*at) + Vec3(0, MARK_LIFT * 3, 0),
            )
            mark.hide(CASTS_SHADOW)
            mark.setLightOff(1)
            unshaded(mark)
            self.marks[key] = mark

    def clear_marks(self, *kinds: str) -> None:
        """Take the marks of `kinds` away (all when none are named)."""
        for key in [k for k in self.marks if not kinds or k[0] in kinds]:
            destroy(self.marks.pop(key))

    def _place_point(self, place: Place) -> tuple[Point | None, float]:
        tile = TILE_SIZE[0] * SCALE * 1.3
        if place.kind == "spot":
            return spot_point(int(place.id)), tile
        if place.kind == "tower":
            return spot_point(self.state.seats[int(place.id)].spot), tile
        if place.kind == "chamber":
            return chamber_point(int(place.id), FLOOR_TOP + TREASURE_THICK * 3), tile
        if place.kind == "colour":
            x, y, z = supply_point(Colour(str(place.id)), 0)
            return (x + 0.28, y, z + 0.28), 5.2 * SCALE * 1.25
        return None, 0.0

    # ----- light -----------------------------------------------------------------------------

    def shadow_region(self) -> tuple[Vec3, Vec3]:
        """The box whose shadows matter: the castle, the towers, the supply and the dice."""
        r = 32 * SCALE
        return Vec3(-r, 0, -r - 12 * SCALE), Vec3(r, (WALL_TOP + 16) * SCALE, r)

    def shadow_casters(self) -> tuple[object, ...]:
        """Changes whenever a piece moves, appears or goes."""
        items: list[object] = [
            (id(e), tuple(e.world_position), tuple(e.world_rotation))
            for group in self.knights.values()
            for e in group
        ]
        items += [(id(d), tuple(d.position), tuple(d.rotation)) for d in self.dice]
        items += [tuple(t.position) for t in self.towers]
        items += [len(c) for c in self.chambers] + [len(h) for h in self.held]
        return tuple(items)

    def pieces(self) -> dict[str, object]:
        """What the table draws, by piece: knights by colour (places), tower tiles, tiles in the
        chambers and held, the dice's faces up."""
        return {
            "knights": {
                c.value: sorted(rounded(e.world_position) for e in es)
                for c, es in self.knights.items()
            },
            "towers": [rounded(t.world_position) for t in self.towers],
            "chambers": [
                [(t.treasures, rounded(t.world_position)) for t in c] for c in self.chambers
            ],
            "held": [[(t.treasures, rounded(t.world_position)) for t in h] for h in self.held],
            "labels": [None if t is None else t.treasures for t in self.labels],
            "spots": [m.enabled for m in self.spots],
            "dice": [d.up_face() for d in self.dice],
        }


def rounded(v: Vec3) -> tuple[float, ...]:
    """A point to the thousandth, for comparing what two views draw."""
    return tuple(round(float(c), 3) for c in v)


def _upright(knight: Entity) -> Callable[[], None]:
    def stand() -> None:
        knight.rotation = Vec3(0, 0, 0)

    return stand


def between(a: Pose, b: Pose, t: float) -> Pose:
    """The pose `t` (0–1) of the way from `a` to `b` (the rotation the shorter way round)."""
    pos = tuple(p + (q - p) * t for p, q in zip(a.pos, b.pos, strict=True))
    sign = -1.0 if sum(p * q for p, q in zip(a.quat, b.quat, strict=True)) < 0 else 1.0
    quat = [p + (sign * q - p) * t for p, q in zip(a.quat, b.quat, strict=True)]
    norm = math.sqrt(sum(c * c for c in quat))
    return Pose(pos, tuple(c / norm for c in quat))  # type: ignore[arg-type]


def pose_matrix(pose: Pose) -> LMatrix4f:
    """The window's transform of a knight (drawn from its foot) posed by the physics (its box's
    centre and turn, z up): the physics' turn with the world's y and z swapped, the figure's
    front (its z) along the box's x (which faces the castle in a standing tower, as the figure
    faces it in the view), its up along the box's z, the foot below the centre."""
    w, x, y, z = pose.quat
    r = (
        (1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
        (2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
        (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)),
    )
    swap = (0, 2, 1)
    m = [[-r[swap[i]][1], r[swap[i]][2], r[swap[i]][0]] for i in range(3)]
    centre = world(*pose.pos)
    half = KNIGHT_SIZE[2] / 2 * SCALE
    foot = tuple(centre[i] - m[i][1] * half for i in range(3))
    return LMatrix4f(
        m[0][0], m[1][0], m[2][0], 0,
        m[0][1], m[1][1], m[2][1], 0,
        m[0][2], m[1][2], m[2][2], 0,
        foot[0], foot[1], foot[2], 1,
    )  # fmt: skip


def _own(mesh: object) -> object:
    """A model of its own for an entity, sharing `mesh`'s geometry."""
    from panda3d.core import NodePath

    return mesh.copyTo(NodePath("model"))  # type: ignore[attr-defined]
