"""The one place where core coordinates (x east, y north, z up) meet Ursina's (x, y up, z north)."""

from __future__ import annotations

from ursina import Vec3

Square = tuple[int, int]


def world(x: float, y: float, z: float) -> Vec3:
    """Core point (x, y, z) as an Ursina position."""
    return Vec3(x, z, y)


def square_centre(square: Square, height: float) -> Vec3:
    """The centre of a square's top at `height` units above the table."""
    return Vec3(square[0] + 0.5, height, square[1] + 0.5)


def square_of(point: Vec3) -> Square:
    """The square under an Ursina point."""
    return int(point.x // 1), int(point.z // 1)


UP_AXIS = {"x": "x", "y": "z", "z": "y"}
"""Core axis letter → Ursina axis letter."""
