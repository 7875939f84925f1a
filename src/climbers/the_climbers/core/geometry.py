"""The 24 rotations of a block and what a pose means: cells, extent, top face (R1–R3)."""

from __future__ import annotations

import functools
import itertools
from typing import Literal

import numpy as np
import numpy.typing as npt

FaceKey = Literal["+x", "-x", "+y", "-y", "+z", "-z"]
Square = tuple[int, int]
Vec3 = tuple[int, int, int]

_AXES = "xyz"


def _rotations() -> npt.NDArray[np.int64]:
    """All 24 proper rotation matrices (signed permutations with det +1), identity first."""
    found = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = np.zeros((3, 3), dtype=np.int64)
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                m[row, col] = sign
            if round(np.linalg.det(m)) == 1:
                found.append(m)
    found.sort(key=lambda m: (not np.array_equal(m, np.eye(3, dtype=np.int64)), tuple(m.ravel())))
    return np.array(found)


ROTATIONS: npt.NDArray[np.int64] = _rotations()
"""ROTATIONS[r] maps a block's own axes to the world: world = R @ local."""


def _face_vector(key: str) -> npt.NDArray[np.int64]:
    v = np.zeros(3, dtype=np.int64)
    v[_AXES.index(key[1])] = 1 if key[0] == "+" else -1
    return v


def _face_key(v: npt.NDArray[np.int64]) -> FaceKey:
    axis = int(np.flatnonzero(v)[0])
    key = ("+" if v[axis] > 0 else "-") + _AXES[axis]
    return key  # type: ignore[return-value]


FACES: tuple[FaceKey, ...] = ("+x", "-x", "+y", "-y", "+z", "-z")


def local_face(rot: int, world: FaceKey) -> FaceKey:
    """The block's own face that points towards the world direction `world` in rotation `rot`."""
    return _face_key(ROTATIONS[rot].T @ _face_vector(world))


@functools.cache
def rotation_from(up: FaceKey, north: FaceKey) -> int:
    """The rotation index that turns the block's face `up` to +z and face `north` to +y."""
    if up[1] == north[1]:
        raise ValueError(f"faces {up} and {north} are on the same axis")
    for r, m in enumerate(ROTATIONS):
        if np.array_equal(m @ _face_vector(up), _face_vector("+z")) and np.array_equal(
            m @ _face_vector(north), _face_vector("+y")
        ):
            return r
    raise AssertionError("unreachable: every up/north pair names a rotation")


@functools.cache
def orientation(rot: int) -> tuple[FaceKey, FaceKey]:
    """The (up, north) face pair that names rotation `rot` in files and actions."""
    return local_face(rot, "+z"), local_face(rot, "+y")


def extent(dims: Vec3, rot: int) -> Vec3:
    """World size (x, y, z) of a block with own dimensions `dims` in rotation `rot`."""
    e = np.abs(ROTATIONS[rot]) @ np.array(dims)
    return int(e[0]), int(e[1]), int(e[2])


TOP_FACE: tuple[FaceKey, ...] = tuple(local_face(r, "+z") for r in range(len(ROTATIONS)))
"""TOP_FACE[r]: which of the block's own faces points up in rotation r."""

TURN_ABOUT_Z = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]], dtype=np.int64)
TIP_ABOUT_X = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]], dtype=np.int64)
TIP_ABOUT_Y = np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]], dtype=np.int64)


def compose(turn: npt.NDArray[np.int64], rot: int) -> int:
    """The rotation index of applying the world rotation `turn` after rotation `rot`."""
    m = turn @ ROTATIONS[rot]
    for r, candidate in enumerate(ROTATIONS):
        if np.array_equal(candidate, m):
            return r
    raise AssertionError("unreachable: rotations form a group")


def box_cells(at: Vec3, size: Vec3) -> list[Vec3]:
    """Every unit cell of an axis-aligned box with min corner `at`."""
    return [
        (at[0] + i, at[1] + j, at[2] + k)
        for i in range(size[0])
        for j in range(size[1])
        for k in range(size[2])
    ]


def footprint(at: Vec3, size: Vec3) -> list[Square]:
    """The squares a box with min corner `at` covers seen from above."""
    return [(at[0] + i, at[1] + j) for i in range(size[0]) for j in range(size[1])]


NEIGHBOURS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
