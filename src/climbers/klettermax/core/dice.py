"""Everything random, derived from the game's seed and a counter: no global random state, so
a game replays exactly from its start and its action log."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final, TypeVar

from climbers.klettermax.core.components import FACES, TILE_SET, TILES_PER_CHAMBER, Face

SEED_MAX: Final = 2**32 - 1
"""Seeds run from 0 to this (at most ten digits in a file)."""
T = TypeVar("T")


def draw(seed: int, purpose: str, index: int, n: int) -> int:
    """A number in range(n) fixed by the seed, what it is for and an index."""
    digest = hashlib.sha256(f"klettermax/{purpose}/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:16], "big") % n


def roll_dice(seed: int, counter: int) -> tuple[Face, Face]:
    """The two faces of the game's roll number `counter` (K3, K6)."""
    return (
        FACES[draw(seed, "die", 2 * counter, len(FACES))],
        FACES[draw(seed, "die", 2 * counter + 1, len(FACES))],
    )


def shuffled(seed: int, purpose: str, items: Sequence[T]) -> list[T]:
    """`items` in an order fixed by the seed and what the shuffle is for."""
    shuffle = list(items)
    for i in range(len(shuffle) - 1, 0, -1):
        j = draw(seed, purpose, i, i + 1)
        shuffle[i], shuffle[j] = shuffle[j], shuffle[i]
    return shuffle


def deal_tiles(seed: int) -> tuple[tuple[int, ...], ...]:
    """K4: the tiles shuffled face down, three to a chamber, each stack listed top first."""
    tiles = shuffled(seed, "tiles", TILE_SET)
    n = TILES_PER_CHAMBER
    return tuple(tuple(tiles[k : k + n]) for k in range(0, len(tiles), n))


def starting_seat(seed: int, players: int) -> int:
    """K5: the seat that starts, at random."""
    return draw(seed, "start", 0, players)
