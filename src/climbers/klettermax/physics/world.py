"""The Bullet world of one flick: table, castle, one tower of knights, stepped at a fixed step.

One call of `step` is exactly one Bullet step of `STEP` seconds (`do_physics(STEP, 0, STEP)`:
no substeps, no interpolation), so the outcome never depends on a frame rate. A fresh world is
built for every flick and bodies are added in a fixed order, so the same flick gives the same
steps in any process.

Nothing here may depend on the process's Panda3D configuration, which the window changes:

- Bullet reads its `bullet-*` config variables when a world is built (solver iterations, split
  impulse, broadphase, filter) and when a rigid body is built (additional damping); `SETTINGS`
  pins them for both moments.
- Ursina's window sets `coordinate-system y-up-left`, and Panda3D's hpr conversions turn about
  the default coordinate system's up axis: a knight's yaw built with the default turned it about
  y instead of z, laying the knights of 9 of 12 towers on their sides or upside down. Every
  rotation here is therefore built in `CS_zup_right`, the world's own axes; no shape here takes
  an up axis from the default (box and plane shapes have none).

Measured: 120 flicks spread over every spot give bit-identical frames in processes with other
hash seeds, in reverse order, with an Ursina window open and with other `bullet-*` settings.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

from panda3d.bullet import (
    BulletBoxShape,
    BulletPlaneShape,
    BulletRigidBodyNode,
    BulletWorld,
)
from panda3d.core import (
    ConfigVariable,
    CS_zup_right,
    LQuaternionf,
    LVector3f,
    TransformState,
)

from climbers.klettermax.core.actions import Rest

from .castle import (
    CASTLE_FRICTION,
    CASTLE_RESTITUTION,
    HALF,
    INSIDE,
    KNIGHT_FRICTION,
    KNIGHT_MASS,
    KNIGHT_RESTITUTION,
    KNIGHT_SIZE,
    TABLE_FRICTION,
    TABLE_RESTITUTION,
    TILE_SIZE,
    Vec3,
    castle_boxes,
    spot,
)

GRAVITY = 981.0
"""cm/s²."""
STEP = 1 / 480
"""The fixed step (s): a 1.8 cm knight moves at most 0.42 cm a step at full strength, and a
resting stack of five stays still (see `SETTINGS`)."""
CONTACT_DISTANCE = 0.05
"""A contact point this close (cm) counts as touching when the resting place is classified."""

Quat = tuple[float, float, float, float]
"""A rotation as (w, x, y, z), Panda3D's order."""

SETTINGS = {
    "bullet-solver-iterations": "20",
    "bullet-split-impulse": "0",
    "bullet-broadphase-algorithm": "aabb",
    "bullet-filter-algorithm": "mask",
    "bullet-additional-damping": "0",
}
"""Pinned while a world and its bodies are built: Panda3D's defaults but 20 solver iterations
instead of 10 (a stack of five creeps 0.1–0.7 cm in 3 s with 10 at 1/240 s, 0.02 cm with 20 at
1/480 s); flights differ with other values."""


@contextmanager
def _pinned_settings() -> Iterator[None]:
    saved = []
    for name, value in SETTINGS.items():
        var = ConfigVariable(name)
        saved.append((var, var.get_string_value() if var.has_local_value() else None))
        var.set_string_value(value)
    try:
        yield
    finally:
        for var, old in saved:
            if old is None:
                var.clear_local_value()
            else:
                var.set_string_value(old)


Away = Literal["short", "over"]
Miss = Literal["short", "over", "wall"]
MISSES: tuple[Miss, ...] = ("short", "over", "wall")
"""The kinds of miss the physics tells apart (issue 31, item 2)."""


@dataclass(frozen=True)
class Outcome:
    """Where a flicked knight came to rest (K12): `chamber N`, on a `wall` or pinnacle, or
    `outside` the castle, the core's three resting places (`kind`). The physics also says which
    way an outside knight missed (`away`, issue 31): `short` when it never crossed the castle
    (it fell before the wall or beside the castle, or bounced back off the wall), `over` when it
    crossed above the chambers or lies past the far wall (it sailed over, or hopped out). An
    outcome read from a record does not know (`away` is None)."""

    kind: Rest
    chamber: int | None = None
    away: Away | None = None

    def __post_init__(self) -> None:
        if (self.kind == "chamber") != (self.chamber is not None):
            raise ValueError("a chamber outcome, and only that, names its chamber")
        if self.chamber is not None and not 1 <= self.chamber <= 9:
            raise ValueError(f"no chamber {self.chamber}")
        if self.away is not None and self.kind != "outside":
            raise ValueError("only a knight outside the castle missed short or over")

    def __str__(self) -> str:
        if self.kind == "chamber":
            return f"chamber {self.chamber}"
        return self.away or self.kind

    @property
    def miss(self) -> Miss | None:
        """The kind of miss (`short`, `over`, `wall`), None for a chamber or an outside knight
        whose way is not known."""
        return "wall" if self.kind == "wall" else self.away

    def recorded(self) -> Outcome:
        """The outcome as a record keeps it: the core's resting place alone."""
        return Outcome(self.kind, self.chamber)

    @classmethod
    def parse(cls, text: str) -> Outcome:
        """The outcome its exact text form names."""
        if text == "wall":
            return cls("wall")
        if text == "outside":
            return cls("outside")
        if text == "short":
            return cls("outside", away="short")
        if text == "over":
            return cls("outside", away="over")
        if len(text) == 9 and text.startswith("chamber ") and text[-1] in "123456789":
            return cls("chamber", int(text[-1]))
        raise ValueError(f"not an outcome: {text!r}")


WALL = Outcome("wall")
SHORT = Outcome("outside", away="short")
OVER = Outcome("outside", away="over")
OUTSIDE = Outcome("outside")


def _static(name: str, shape: BulletBoxShape | BulletPlaneShape, pos: Vec3) -> BulletRigidBodyNode:
    with _pinned_settings():
        node = BulletRigidBodyNode(name)
    node.add_shape(shape)
    node.set_transform(TransformState.make_pos(pos))
    return node


class FlickWorld:
    """Table, castle and one tower of knights on its tile at a spot, in a fresh Bullet world."""

    def __init__(self, spot_number: int, tower_height: int = 5) -> None:
        if not 1 <= tower_height <= 5:
            raise ValueError(f"a tower holds 1 to 5 knights, not {tower_height}")
        with _pinned_settings():
            self.world = BulletWorld()
        self.world.set_gravity(LVector3f(0, 0, -GRAVITY))
        table = _static("table", BulletPlaneShape(LVector3f(0, 0, 1), 0), (0.0, 0.0, 0.0))
        self._attach(table, TABLE_FRICTION, TABLE_RESTITUTION)
        for box in castle_boxes():
            name = f"chamber {box.chamber}" if box.chamber is not None else "wall"
            node = _static(name, BulletBoxShape(LVector3f(*box.half)), box.centre)
            self._attach(node, CASTLE_FRICTION, CASTLE_RESTITUTION)
        self.spot = spot(spot_number)
        tile_half = (TILE_SIZE[0] / 2, TILE_SIZE[1] / 2, TILE_SIZE[2] / 2)
        tile = _static(
            "tile", BulletBoxShape(LVector3f(*tile_half)), (self.spot.x, self.spot.y, tile_half[2])
        )
        self._attach(tile, CASTLE_FRICTION, CASTLE_RESTITUTION)
        yaw = math.degrees(math.atan2(self.spot.facing[1], self.spot.facing[0]))
        self.knights = [
            self.add_knight(
                (self.spot.x, self.spot.y, TILE_SIZE[2] + KNIGHT_SIZE[2] * (k + 0.5)), yaw=yaw
            )
            for k in range(tower_height)
        ]
        """The tower's knights, bottom to top."""

    def _attach(self, node: BulletRigidBodyNode, friction: float, restitution: float) -> None:
        node.set_friction(friction)
        node.set_restitution(restitution)
        self.world.attach_rigid_body(node)

    def add_knight(
        self, pos: Vec3, yaw: float = 0.0, quat: Quat | None = None
    ) -> BulletRigidBodyNode:
        """A knight standing at `pos` turned `yaw` degrees about z, or posed by `quat`."""
        with _pinned_settings():
            node = BulletRigidBodyNode("knight")
        node.add_shape(BulletBoxShape(LVector3f(*(s / 2 for s in KNIGHT_SIZE))))
        node.set_mass(KNIGHT_MASS)
        rotation = LQuaternionf(*quat) if quat is not None else _yaw(yaw)
        node.set_transform(TransformState.make_pos_quat_scale(pos, rotation, (1, 1, 1)))
        node.set_ccd_motion_threshold(KNIGHT_SIZE[0] / 4)
        node.set_ccd_swept_sphere_radius(KNIGHT_SIZE[0] / 2)
        self._attach(node, KNIGHT_FRICTION, KNIGHT_RESTITUTION)
        return node

    def step(self) -> None:
        """Exactly one fixed step."""
        self.world.do_physics(STEP, 0, STEP)

    def touching(self, knight: BulletRigidBodyNode) -> set[str]:
        """The names of the bodies `knight` touches now: `chamber N`, `wall`, `table`, `tile`,
        `knight`."""
        names = set()
        for manifold in self.world.get_manifolds():
            n0, n1 = manifold.get_node0(), manifold.get_node1()
            if knight not in (n0, n1):
                continue
            if any(p.get_distance() < CONTACT_DISTANCE for p in manifold.get_manifold_points()):
                names.add((n1 if n0 == knight else n0).get_name())
        return names

    def classify(self, knight: BulletRigidBodyNode, crossed: bool = False) -> Outcome:
        """Where `knight` lies now: touching a chamber floor is that chamber (also when leaning on
        a wall); else touching a wall or pinnacle and not the table is the wall; else (on the
        table, a tile or a knight) over when it `crossed` above the chambers or lies past the
        castle's far wall, short when it fell before the castle, beside it or bounced back."""
        touching = self.touching(knight)
        chambers = sorted(name for name in touching if name.startswith("chamber"))
        if chambers:
            return Outcome.parse(chambers[0])
        if "wall" in touching and "table" not in touching:
            return WALL
        p = knight.get_transform().get_pos()
        ahead = p[0] * self.spot.facing[0] + p[1] * self.spot.facing[1]
        return OVER if crossed or ahead > HALF else SHORT

    def above_chambers(self, knight: BulletRigidBodyNode) -> bool:
        """Whether `knight`'s centre is inside the outer walls, over the chambers."""
        p = knight.get_transform().get_pos()
        return bool(abs(p[0]) < INSIDE and abs(p[1]) < INSIDE)


def _yaw(degrees: float) -> LQuaternionf:
    """A turn of `degrees` about z, whatever the process's default coordinate system."""
    q = LQuaternionf()
    q.set_hpr((degrees, 0, 0), CS_zup_right)
    return q


def pose(node: BulletRigidBodyNode) -> tuple[Vec3, Quat]:
    """A body's position and rotation (w, x, y, z)."""
    t = node.get_transform()
    p, q = t.get_pos(), t.get_quat()
    return (p[0], p[1], p[2]), (q[0], q[1], q[2], q[3])
