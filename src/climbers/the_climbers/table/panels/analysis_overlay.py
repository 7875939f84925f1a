"""The analysis overlay (A): one player's reach by ladder cost, the best level, and what-if for a
block held as a ghost. Every answer comes from climbers.the_climbers.core.analysis."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Entity, Text, Vec2, camera, color, window

from climbers.app.panels.widgets import plain
from climbers.io.language import N_, _, say, tell
from climbers.the_climbers.core import GameState, IllegalAction
from climbers.the_climbers.core.analysis import Change, Reach, cost_name, reach, what_if
from climbers.the_climbers.core.words import cost_word, names_list
from climbers.the_climbers.table.marks import BEST, REACH, Marks

ANALYSIS_KEY = "a"
SEAT_KEY = "tab"

Pose = tuple[str, int, tuple[int, int, int]]
Square = tuple[int, int]


def reach_lines(state: GameState, r: Reach) -> list[str]:
    """What the overlay says about one player's reach."""
    player = state.players[r.seat]
    lines = [say(N_("Analysis · {player} (Tab: next player)"), player=player.label)]
    if r.best > r.level:
        costs = {cost_name(r.squares[sq]): r.squares[sq] for sq in r.best_squares}
        best = N_("level {level} now · best this move: level {best} ({costs})")
        words = names_list([cost_word(costs[name]) for name in sorted(costs)])
        lines.append(say(best, level=r.level, best=r.best, costs=words))
    else:
        lines.append(say(N_("level {level} now · no higher square within one move"), level=r.level))
    by_cost = r.by_cost()
    counts = [
        say(N_("{count} {cost}"), count=len(sqs), cost=cost_word(r.squares[sqs[0]]))
        for sqs in by_cost.values()
    ]
    if counts:
        lines.append(say(N_("reachable: {counts}"), counts=names_list(counts)))
    else:
        lines.append(_("reachable: nothing"))
    return lines


def what_if_lines(state: GameState, changes: list[Change]) -> list[str]:
    """One line per player: best reachable level now -> if the held block were dropped."""
    parts = []
    for c in changes:
        words = {"player": state.players[c.seat].label, "before": c.before, "after": c.after}
        if c.delta:
            change = N_("{player} {before} -> {after} ({delta:+d})")
            parts.append(say(change, delta=c.delta, **words))
        else:
            parts.append(say(N_("{player} {before} -> {after}"), **words))
    return [say(N_("What if dropped here: {changes}"), changes=" · ".join(parts))]


class AnalysisOverlay(Entity):  # type: ignore[misc]
    """Marks and a text panel for the position `state()`, with what-if for the pose `held()`."""

    def __init__(
        self,
        state: Callable[[], GameState],
        held: Callable[[], Pose | None],
        seat: int | None = None,
        keys: bool = True,
        cut: Callable[[], int | None] = lambda: None,
    ) -> None:
        super().__init__(name="analysis-overlay")
        self.state = state
        self.held = held
        self.cut = cut
        """The level above which the mountain is cut away (no marks float over it)."""
        self.keys = keys
        """Whether the overlay answers A and Tab itself (off where the screen routes keys)."""
        self.on = False
        self.seat = seat
        self.marks = Marks(lift=0.015)
        self.best_marks = Marks(lift=0.035)
        self.panel = Entity(
            parent=camera.ui,
            model="quad",
            color=color.rgba(0.08, 0.09, 0.12, 0.7),
            origin=(0.5, 0.5),
            position=window.top_right + Vec2(-0.015, -0.015),
            z=1,
            enabled=False,
        )
        self.text = plain(
            Text(
                "",
                parent=camera.ui,
                origin=(0.5, 0.5),
                position=window.top_right + Vec2(-0.03, -0.03),
                scale=0.9,
                enabled=False,
            )
        )
        self.shown: tuple[int, int | None, Pose | None] | None = None
        self.reach: Reach | None = None
        self.changes: list[Change] | None = None
        self.what_if_problem = ""

    @property
    def analysed_seat(self) -> int:
        """The player analysed: the chosen one, else whoever acts now."""
        state = self.state()
        if self.seat is not None and self.seat < len(state.players):
            return self.seat
        return state.actor

    def toggle(self) -> None:
        """Show or hide the overlay."""
        self.on = not self.on
        if not self.on:
            self._hide()
        self.shown = None
        self.refresh()

    def next_seat(self) -> None:
        """Analyse the next player."""
        self.seat = (self.analysed_seat + 1) % len(self.state().players)
        self.shown = None
        self.refresh()

    def refresh(self) -> None:
        """Recompute when the position, the player or the held ghost changed."""
        if not self.on:
            return
        state = self.state()
        pose = self.held()
        cut = self.cut()
        key = (id(state), self.analysed_seat, pose, cut)
        if key == self.shown:
            return
        self.shown = key
        self.reach = reach(state, self.analysed_seat)

        def shown(squares: list[Square]) -> list[Square]:
            return [q for q in squares if cut is None or state.structure.height_at(q) <= cut]

        self.marks.clear()
        for cost, squares in self.reach.by_cost().items():
            ladders = () if cost == "free" else tuple(cost.split("+"))
            self.marks.paint(state, shown(squares), REACH[ladders], size=0.7, add=True)
        self.best_marks.paint(state, shown(self.reach.best_squares), BEST, size=0.5)
        lines = reach_lines(state, self.reach)
        self.changes, self.what_if_problem = None, ""
        if pose is not None:
            try:
                self.changes = what_if(state, *pose)[1]
                lines += what_if_lines(state, self.changes)
            except IllegalAction as exc:
                self.what_if_problem = tell(exc.message)
                lines.append(_("What if: not a legal pose here."))
        self.text.text = "\n".join(lines)
        self.text.enabled = self.panel.enabled = True
        width = self.text.width * self.text.scale_x + 0.03  # measured: Chinese is wider
        self.panel.scale = (width, 0.032 * len(lines) + 0.03)

    def _hide(self) -> None:
        self.marks.clear()
        self.best_marks.clear()
        self.text.enabled = self.panel.enabled = False
        self.reach = None
        self.changes = None

    def input(self, key: str) -> None:
        if not self.keys:
            return
        if key == ANALYSIS_KEY:
            self.toggle()
        elif key == SEAT_KEY and self.on:
            self.next_seat()

    def update(self) -> None:
        self.refresh()
