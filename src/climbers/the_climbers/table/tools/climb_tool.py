"""Moving Climbers: select the acting Climber, see the squares it can reach by ladder cost, walk
there; a click on any other square asks the core why the Climber cannot go there. A click picks
what is drawn under the pointer, worked out from the pointer's pixel when the click comes: a
Climber's marker (drawn over everything), else a Climber's figure in front of the mountain, else
the square whose top (or the side of whose column) the pointer is on."""

from __future__ import annotations

from dataclasses import dataclass

from ursina import held_keys

from climbers.app.table.camera import pointer_pixel
from climbers.io.language import N_, _, say
from climbers.the_climbers.core import MoveClimber, Route, legal_destinations
from climbers.the_climbers.io.words import cost_word, player_label
from climbers.the_climbers.table.marks import HOVERED, LADDER_STEP, REACH, STEP, Marks
from climbers.the_climbers.table.tools.host import Table
from climbers.the_climbers.table.tools.pointing import surface_under

Square = tuple[int, int]
ALTERNATIVE_KEY = "shift"


def cost_key(route: Route) -> tuple[str, ...]:
    """The ladders of a route in a fixed order, as a colour key."""
    return tuple(k for k in ("short", "tall") if k in route.ladders)


@dataclass(frozen=True)
class Aim:
    """What the pointer is on."""

    seat: int | None
    """The Climber drawn under the pointer: its marker's disc, or its figure where nothing
    stands in front of it."""
    on_marker: bool
    """Whether that is the Climber's marker (which hides what lies beneath it)."""
    square: Square | None
    """The square of the mountain under the pointer, Climbers and markers aside: the one whose
    top, or the side of whose column, the ray meets first; None on the table or beyond it."""


class ClimbTool:
    """The move and reaction steps: choices come from the core's routes."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.routes: dict[Square, list[Route]] = {}
        self.selected = False
        self.marks = Marks(lift=0.025)
        self.path = Marks(lift=0.05)
        self.shown: tuple[Square, bool] | None = None

    def select(self) -> None:
        """Show every square the acting Climber may reach, coloured by its cheapest cost."""
        state = self.table.state
        self.routes = legal_destinations(state)
        self.selected = True
        self.marks.clear()
        groups: dict[tuple[str, ...], list[Square]] = {}
        for sq, routes in self.routes.items():
            groups.setdefault(cost_key(routes[0]), []).append(sq)
        for key, squares in groups.items():
            self.marks.paint(state, squares, REACH[key], add=True)
        if not self.routes:
            self.table.say(_("Your Climber cannot move now: skip with Space."), bad=True)
        elif any(len(routes) > 1 for routes in self.routes.values()):
            self.table.say(
                _(
                    "Click a framed square to walk there; a ladder in the frame means the way "
                    "needs it. Hold Shift for the other ladder."
                )
            )
        elif any(routes[0].ladders for routes in self.routes.values()):
            self.table.say(
                _(
                    "Click a framed square to walk there; a ladder in the frame means the way "
                    "needs it."
                )
            )
        else:
            self.table.say(_("Click a framed square to walk there."))

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

    def walk(self, square: Square, alternative: bool = False) -> MoveClimber:
        """The move of the acting Climber to `square` (the cheapest way unless `alternative`),
        for the table to submit; a square out of reach gets the core's reason there."""
        route = self.route_for(square, alternative)
        state = self.table.state
        colour = state.players[state.actor].colour
        ladders = route.ladders if route is not None else ()
        self.deselect()
        return MoveClimber(player=colour, to=square, ladders=ladders)

    def show_path(self, route: Route) -> None:
        """Dots along the way, a ladder on every step that needs one, a frame at the end."""
        state = self.table.state
        heights = [state.structure.height_at(sq) for sq in route.path]
        plain: list[Square] = []
        laddered: dict[str, list[Square]] = {"short": [], "tall": []}
        for i in range(1, len(route.path)):
            rise = heights[i] - heights[i - 1]
            if rise >= 2 or (route.bridge and i == len(route.path) - 1):
                kind = (
                    route.ladders[0] if len(route.ladders) == 1 else "tall" if rise > 2 else "short"
                )
                laddered[kind].append(route.path[i])
            elif i < len(route.path) - 1:
                plain.append(route.path[i])
        self.path.paint(state, plain, STEP, size=0.6)
        for ladder, squares in laddered.items():
            self.path.paint(state, squares, LADDER_STEP[ladder], size=0.6, add=True)
        self.path.paint(state, route.path[-1:], HOVERED, add=True)

    def aim(self) -> Aim:
        """What the pointer is on now (from its pixel, not from the last frame's hover)."""
        pixel = pointer_pixel()
        pieces = self.table.pieces
        marker = pieces.marker_at(pixel)
        surface = surface_under(self.table.state.structure.height, pixel)
        reach = surface.distance if surface is not None else float("inf")
        seat = marker if marker is not None else pieces.figure_at(pixel, reach)
        square = surface.square if surface is not None and surface.level > 0 else None
        return Aim(seat, marker is not None, square)

    def pointed_square(self) -> Square | None:
        """The square a click now walks to (or asks about), once the Climber is chosen: the
        square under the pointer, unless another Climber, or the acting one's figure, is drawn
        there. The acting Climber's own marker lets a reachable square beneath it through."""
        aim = self.aim()
        if aim.seat is None:
            return aim.square
        own = aim.seat == self.table.state.actor
        return aim.square if own and aim.on_marker and aim.square in self.routes else None

    def update(self) -> None:
        if not self.selected:
            return
        square = self.pointed_square()
        route = self.route_for(square) if square is not None else None
        if square is not None and route is not None:
            alt = bool(held_keys[ALTERNATIVE_KEY])
            if (square, alt) != self.shown:
                self.shown = (square, alt)
                route = self.route_for(square, alt)
                assert route is not None
                self.show_path(route)
                cost = cost_word(cost_key(route))
                self.table.tip(
                    say(N_("Walk there — {cost}, level {level}"), cost=cost, level=route.level)
                )
        elif self.shown is not None:
            self.shown = None
            self.path.clear()
            self.table.tip("")

    def input(self, key: str) -> MoveClimber | None:
        """Handle a key or button; a click on a square gives the walk to submit."""
        if key == "escape":
            self.deselect()
        if key != "left mouse down":
            return None
        state = self.table.state
        aim = self.aim()
        own = state.players[state.actor].at
        walks = self.selected and aim.on_marker and aim.square in self.routes
        if (aim.seat == state.actor and not walks) or (
            # a click anywhere on the square the Climber stands on chooses it
            not self.selected and aim.seat is None and own is not None and aim.square == own
        ):
            self.select()
            return None
        if aim.seat is not None and aim.seat != state.actor:
            self.explain_climber(aim.seat)
            return None
        if not self.selected:
            if aim.square is not None:
                self.table.say(
                    _("Blocks move in the block step: walk first, or press Space to skip the walk.")
                )
            return None
        if aim.square is not None:
            return self.walk(aim.square, alternative=bool(held_keys[ALTERNATIVE_KEY]))
        self.deselect()
        self.table.say(_("Click a marked square to walk there, or your Climber to choose again."))
        return None

    def explain_climber(self, seat: int) -> None:
        """Say whose Climber a click on another player's Climber found, and whose turn it is."""
        state = self.table.state
        template = N_("That is {player}'s Climber; it is {actor}'s turn to move.")
        words = {
            "player": player_label(state.players[seat]),
            "actor": player_label(state.players[state.actor]),
        }
        self.table.say(say(template, **words))

    def close(self) -> None:
        self.deselect()
        self.table.tip("")
