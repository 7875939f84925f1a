"""Moving Climbers: select the acting Climber, see reachable squares by cost, walk; and disks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ursina import Color, color, held_keys, mouse

from climbers.app.table.marks import Marks
from climbers.app.table.view import BlockEntity
from climbers.core import (
    MoveClimber,
    PlaceDisk,
    Route,
    disk_refusal,
    disk_targets,
    legal_destinations,
)

if TYPE_CHECKING:
    from climbers.app.screens.play_screen import PlayScreen

Square = tuple[int, int]
COST_COLOURS: dict[tuple[str, ...], Color] = {
    (): color.rgba(0.95, 0.98, 0.9, 0.85),
    ("short",): color.rgba(0.35, 0.75, 1.0, 0.85),
    ("tall",): color.rgba(1.0, 0.62, 0.2, 0.85),
    ("short", "tall"): color.rgba(0.95, 0.3, 0.85, 0.85),
}
COST_WORDS = {(): "free", ("short",): "short ladder", ("tall",): "tall ladder"}
ALTERNATIVE_KEY = "shift"


def cost_key(route: Route) -> tuple[str, ...]:
    """The ladders of a route in a fixed order, as a colour key."""
    return tuple(k for k in ("short", "tall") if k in route.ladders)


class ClimbTool:
    """The move and reaction steps: choices come from the core's Walker routes."""

    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen
        self.routes: dict[Square, list[Route]] = {}
        self.selected = False
        self.marks = Marks(lift=0.025)
        self.path = Marks(lift=0.05)
        self.shown: Square | None = None

    def select(self) -> None:
        """Show every square the acting Climber may reach, coloured by its cheapest cost."""
        self.routes = legal_destinations(self.screen.state)
        self.selected = True
        self.marks.clear()
        groups: dict[tuple[str, ...], list[Square]] = {}
        for sq, routes in self.routes.items():
            groups.setdefault(cost_key(routes[0]), []).append(sq)
        for key, squares in groups.items():
            self.marks.paint(self.screen.state, squares, COST_COLOURS[key], collider=True, add=True)
        if not self.routes:
            self.screen.hud.message("Your Climber cannot move now: skip with Space.", bad=True)
        else:
            self.screen.hud.message(
                "Click a square to walk there. White free, blue short ladder, orange tall, "
                "pink both; hold Shift for another ladder choice."
            )

    def deselect(self) -> None:
        """Hide the choices."""
        self.selected = False
        self.routes = {}
        self.marks.clear()
        self.path.clear()
        self.shown = None

    def route_for(self, square: Square, alternative: bool = False) -> Route | None:
        """The cheapest route to a square, or the next one when `alternative` is asked for."""
        routes = self.routes.get(square, [])
        if not routes:
            return None
        return routes[1] if alternative and len(routes) > 1 else routes[0]

    def walk(self, square: Square, alternative: bool = False) -> bool:
        """Ask the core to move the acting Climber to `square`."""
        route = self.route_for(square, alternative)
        if route is None:
            return False
        state = self.screen.state
        colour = state.players[state.actor].colour
        self.deselect()
        return self.screen.apply(MoveClimber(player=colour, to=square, ladders=route.ladders))

    def update(self) -> None:
        if not self.selected:
            return
        entity = mouse.hovered_entity
        square = getattr(entity, "square", None)
        if square is not None and entity in self.marks.items.values():
            alt = bool(held_keys[ALTERNATIVE_KEY])
            if (square, alt) != self.shown:
                self.shown = (square, alt)
                route = self.route_for(square, alt)
                if route is not None:
                    self.path.paint(
                        self.screen.state, route.path[1:-1], color.rgba(1, 1, 1, 0.6), size=0.35
                    )
                    cost = COST_WORDS.get(cost_key(route), " and ".join(route.ladders))
                    self.screen.hud.show_tip(f"Walk to {square} — {cost}, level {route.level}")
        elif self.shown is not None:
            self.shown = None
            self.path.clear()
            self.screen.hud.show_tip("")

    def input(self, key: str) -> None:
        if key != "left mouse down":
            if key == "escape":
                self.deselect()
            return
        entity = mouse.hovered_entity
        state = self.screen.state
        if getattr(entity, "seat", None) == state.actor:
            self.select()
        elif self.selected and entity in self.marks.items.values():
            self.walk(entity.square, alternative=bool(held_keys[ALTERNATIVE_KEY]))
        elif self.selected:
            self.deselect()

    def close(self) -> None:
        self.deselect()
        self.screen.hud.show_tip("")


class DiskTool:
    """The disk step: only the core's legal target blocks light up; a click puts the disk there."""

    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen
        self.targets: list[str] = []
        self.marks = Marks(lift=0.03)
        self._seen: tuple[object, object] = (None, None)

    def open(self) -> None:
        """Light up the surfaces of every legal target."""
        state = self.screen.state
        self.targets = disk_targets(state)
        s = state.structure
        squares = [q for name in self.targets for q in s.surfaces[state.block_index(name)]]
        self.marks.paint(state, squares, color.rgba(1.0, 0.9, 0.3, 0.45))
        if self.targets:
            self.screen.hud.message("Click a lit block to place your disk, or skip with Space.")

    def place(self, block: str) -> bool:
        """Ask the core to put the acting player's disk on `block`."""
        state = self.screen.state
        return self.screen.apply(PlaceDisk(player=state.players[state.actor].colour, block=block))

    def update(self) -> None:
        entity = mouse.hovered_entity
        if (entity, self.screen.state) == self._seen:
            return  # asked the core about this block in this state already
        self._seen = (entity, self.screen.state)
        refusal = None
        if isinstance(entity, BlockEntity) and entity.block not in self.targets:
            refusal = disk_refusal(self.screen.state, entity.block)
        if refusal is not None:
            self.screen.hud.show_tip(refusal.message)
        else:
            self.screen.hud.show_tip("")

    def input(self, key: str) -> None:
        entity = mouse.hovered_entity
        if key == "left mouse down" and isinstance(entity, BlockEntity):
            self.place(entity.block)

    def close(self) -> None:
        self.marks.clear()
        self._seen = (None, None)
        self.screen.hud.show_tip("")
