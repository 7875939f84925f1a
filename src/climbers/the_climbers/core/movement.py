"""Where a Climber can walk: entering rules, the step rule, ladders and bridges (R7–R12, V2)."""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass

from climbers.the_climbers.core.components import Colour
from climbers.the_climbers.core.errors import IllegalAction, Reason
from climbers.the_climbers.core.geometry import NEIGHBOURS, Square
from climbers.the_climbers.core.state import LADDER_ORDER, GameState, LadderKind
from climbers.the_climbers.core.what_if import with_climber

SHORT, TALL = 1, 2
_BITS: dict[LadderKind, int] = {"short": SHORT, "tall": TALL}
MAX_BRIDGE_GAP = {SHORT: 1, TALL: 2}


@dataclass(frozen=True)
class Route:
    """One way to reach a square: the ladders it spends and the squares walked (start first)."""

    to: Square
    ladders: tuple[LadderKind, ...]
    path: tuple[Square, ...]
    level: int
    bridge: bool = False

    @property
    def cost(self) -> tuple[int, int]:
        """Ordering for the default choice: fewest, then smallest ladders (R12)."""
        return _cost(ladder_mask(self.ladders))


def _cost(spent: int) -> tuple[int, int]:
    """The ordering of a set of ladders spent (a mask) for the default choice (R12)."""
    return spent.bit_count(), spent


def ladder_mask(ladders: tuple[LadderKind, ...]) -> int:
    """The bit mask of ladder names (the inverse of ladders_of)."""
    return sum(_BITS[k] for k in ladders)


@functools.cache
def ladders_of(mask: int) -> tuple[LadderKind, ...]:
    """Ladder names in a bit mask."""
    return tuple(k for k in LADDER_ORDER if mask & _BITS[k])


def ladder_options(step: int, mask: int) -> list[int]:
    """R9: which single ladder (bit) can climb a step of `step` units with ladders `mask` left."""
    if step == 2:
        return [bit for bit in (SHORT, TALL) if mask & bit]
    if step in (3, 4):
        return [TALL] if mask & TALL else []
    return []


class Walker:
    """Reachability for one seat in one state; answers queries and explains refusals."""

    def __init__(self, state: GameState, seat: int, ladders_allowed: bool) -> None:
        self.state = state
        self.seat = seat
        s = state.structure
        self.s = s
        self.player = state.players[seat]
        self.colour = self.player.colour
        self.heights = s.height_rows
        self.tops = s.top_rows
        self.size = s.size
        self.ladders_allowed = ladders_allowed
        self.mask = ladder_mask(self.player.ladders) if ladders_allowed else 0
        self.others = {sq: i for sq, i in state.climber_squares.items() if i != seat}
        self.disks = state.disk_blocks
        own_block = s.block_at(self.player.at) if self.player.at is not None else -2
        self.enterable = {b: self._block_refusal(b, own_block) is None for b in s.poses}

    def _block_refusal(self, b: int, own_block: int) -> Reason | None:
        """Why block b's surface may not be entered or crossed by this Climber (R10, R19)."""
        s = self.s
        colour = s.top_colour(b)
        if b in self.disks:
            return Reason.DISK_BLOCKS_SQUARE
        if colour not in (Colour.NEUTRAL, self.colour):
            return Reason.WRONG_COLOUR
        surface = s.surfaces[b]
        held = sum(1 for sq in surface if sq in self.others)
        if b == own_block:
            return None
        if colour is Colour.NEUTRAL and held >= len(surface):
            return Reason.SURFACE_FULL
        if colour is not Colour.NEUTRAL and held:
            return Reason.SURFACE_FULL
        return None

    def _steps_from(self, sq: Square, mask: int) -> list[tuple[Square, int, bool]]:
        """Single steps from `sq`: (square, ladders left, is bridge)."""
        x, y = sq
        h = self.heights[x][y]
        found: list[tuple[Square, int, bool]] = []
        for dx, dy in NEIGHBOURS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < self.size and 0 <= ny < self.size):
                continue
            rise = self.heights[nx][ny] - h
            if self.state.rules.bridges and mask and rise < 0:
                found.extend(self._bridges(x, y, dx, dy, h, mask))
            b = self.tops[nx][ny]
            if b < 0 or not self.enterable[b]:
                continue
            if rise in (0, 1):
                found.append(((nx, ny), mask, False))
            else:
                for bit in ladder_options(rise, mask):
                    found.append(((nx, ny), mask & ~bit, False))
        return found

    def _bridges(
        self, x: int, y: int, dx: int, dy: int, h: int, mask: int
    ) -> list[tuple[Square, int, bool]]:
        """V2: a flat ladder over 1 (short) or 2 (tall) lower squares to a square at level h."""
        found = []
        for gap in (1, 2):
            tx, ty = x + dx * (gap + 1), y + dy * (gap + 1)
            if not (0 <= tx < self.size and 0 <= ty < self.size):
                break
            if any(self.heights[x + dx * k][y + dy * k] >= h for k in range(1, gap + 1)):
                break
            b = self.tops[tx][ty]
            if self.heights[tx][ty] == h and b >= 0 and self.enterable[b]:
                for bit in (SHORT, TALL):
                    if mask & bit and gap <= MAX_BRIDGE_GAP[bit]:
                        found.append(((tx, ty), mask & ~bit, True))
        return found

    def _starts(self) -> list[tuple[Square, int, Square | None]]:
        """First states of the walk: (square, ladders left, table square stepped from)."""
        at = self.player.at
        if at is not None:
            return [(at, self.mask, None)]
        starts: list[tuple[Square, int, Square | None]] = []
        for table_sq, sq in self.s.table_entries:
            b = self.tops[sq[0]][sq[1]]
            if not self.enterable[b]:
                continue
            rise = self.heights[sq[0]][sq[1]]
            if rise == 1:
                starts.append((sq, self.mask, table_sq))
            for bit in ladder_options(rise, self.mask):
                starts.append((sq, self.mask & ~bit, table_sq))
        return starts

    def _search(
        self,
    ) -> tuple[
        dict[tuple[Square, int], tuple[Square, int] | None],
        set[tuple[Square, int]],
        dict[tuple[Square, int], Square],
    ]:
        """Breadth-first over (square, ladders left): each state's parent (None at a start),
        the states entered over a bridge, and the table square each start was stepped on from."""
        parent: dict[tuple[Square, int], tuple[Square, int] | None] = {}
        bridged: set[tuple[Square, int]] = set()
        table_origin: dict[tuple[Square, int], Square] = {}
        queue: deque[tuple[Square, int]] = deque()
        for sq, mask, table_sq in self._starts():
            node = (sq, mask)
            if node not in parent:
                parent[node] = None
                if table_sq is not None:
                    table_origin[node] = table_sq
                queue.append(node)
        while queue:
            node = queue.popleft()
            for nxt_sq, nxt_mask, is_bridge in self._steps_from(*node):
                nxt = (nxt_sq, nxt_mask)
                if nxt not in parent:
                    parent[nxt] = node
                    if is_bridge:
                        bridged.add(nxt)
                    queue.append(nxt)
        return parent, bridged, table_origin

    def ends(self) -> dict[Square, list[int]]:
        """Every destination with the ladders left (mask) of each way there, fewest ladders
        spent first: `routes` without the paths."""
        result: dict[Square, list[int]] = {}
        for sq, mask in self._search()[0]:
            if sq != self.player.at and sq not in self.others:
                result.setdefault(sq, []).append(mask)
        for masks in result.values():
            masks.sort(key=lambda m: _cost(self.mask & ~m))
        return dict(sorted(result.items()))

    def routes(self) -> dict[Square, list[Route]]:
        """Every destination with one shortest route per set of ladders spent, cheapest first."""
        parent, bridged, table_origin = self._search()
        result: dict[Square, list[Route]] = {}
        for node in parent:
            sq, mask = node
            if sq == self.player.at or sq in self.others:
                continue
            path: list[Square] = []
            cur: tuple[Square, int] | None = node
            crosses_bridge, start_node = False, node
            while cur is not None:
                path.append(cur[0])
                crosses_bridge |= cur in bridged
                start_node = cur
                cur = parent[cur]
            if start_node in table_origin:
                path.append(table_origin[start_node])
            route = Route(
                to=sq,
                ladders=ladders_of(self.mask & ~mask),
                path=tuple(reversed(path)),
                level=self.heights[sq[0]][sq[1]],
                bridge=crosses_bridge,
            )
            options = result.setdefault(sq, [])
            if all(r.ladders != route.ladders for r in options):
                options.append(route)
        for options in result.values():
            options.sort(key=lambda r: r.cost)
        return dict(sorted(result.items()))

    def route_to(self, to: Square, ladders: tuple[LadderKind, ...]) -> Route:
        """The route to `to` spending exactly `ladders`, or IllegalAction saying why not."""
        twice = [k for k in LADDER_ORDER if ladders.count(k) > 1]
        if twice:
            raise IllegalAction(
                Reason.LADDER_SPENT, (to,), detail="twice", player=self.player, ladder=twice[0]
            )
        routes = self.routes().get(to, [])
        wanted = tuple(sorted(set(ladders), key=LADDER_ORDER.index))
        for route in routes:
            if route.ladders == wanted:
                return route
        raise self.explain(to, wanted, routes)

    def explain(
        self, to: Square, wanted: tuple[LadderKind, ...], routes: list[Route]
    ) -> IllegalAction:
        """The most helpful reason why `to` cannot be reached with `wanted` ladders."""
        s, where, player = self.s, (to,), self.player
        if not s.in_area(to) or s.block_at(to) < 0:
            return IllegalAction(Reason.OFF_THE_MOUNTAIN, where)
        if to == player.at:
            return IllegalAction(Reason.NO_ROUTE, where, detail="there", player=player)
        if to in self.others:
            other = self.state.players[self.others[to]]
            return IllegalAction(Reason.SQUARE_TAKEN, where, player=other)
        own_block = s.block_at(player.at) if player.at is not None else -2
        b = s.block_at(to)
        refusal = self._block_refusal(b, own_block)
        if refusal is not None:
            return IllegalAction(
                refusal, where, player=player, block=s.look(b), colour=s.top_colour(b)
            )
        missing = [k for k in wanted if k not in player.ladders]
        if missing:
            return IllegalAction(Reason.LADDER_SPENT, where, player=player, ladder=missing[0])
        if wanted and not self.mask:
            return IllegalAction(Reason.LADDERS_NOT_ALLOWED, where)
        if routes:
            cheapest = routes[0].ladders
            if len(wanted) > len(cheapest):
                return IllegalAction(
                    Reason.LADDER_NOT_NEEDED, where, player=player, ladders=cheapest, wanted=wanted
                )
            return IllegalAction(Reason.NEEDS_LADDER, where, player=player, ladders=cheapest)
        level = s.height_at(to)
        if player.at is not None and level < s.height_at(player.at):  # R9: never down
            return IllegalAction(Reason.NO_ROUTE, where, detail="down", player=player, level=level)
        if not self.ladders_allowed:
            return IllegalAction(
                Reason.NO_ROUTE, where, detail="answer", player=player, level=level
            )
        spent = tuple(k for k in LADDER_ORDER if k not in player.ladders)
        if spent:
            both = with_climber(self.state, self.seat, player.at, LADDER_ORDER)
            needed = Walker(both, self.seat, True).routes().get(to)
            lacking = tuple(k for k in needed[0].ladders if k in spent) if needed else ()
            if needed and lacking:
                return IllegalAction(
                    Reason.NO_ROUTE,
                    where,
                    detail="spent",
                    player=player,
                    level=level,
                    ladders=needed[0].ladders,
                    spent=lacking,
                )
        return IllegalAction(Reason.NO_ROUTE, where, player=player, level=level)
