"""The analysis overlay (A): one player's reach by ladder cost, the best level, and what-if for a
block held as a ghost. Every answer comes from climbers.the_climbers.core.analysis."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import Entity, window

from climbers.app.panels.canvas import Canvas, Line, scale, text_panel
from climbers.io.language import N_, _, names_list, say
from climbers.the_climbers.core import GameState, IllegalAction
from climbers.the_climbers.core.analysis import Change, Reach, cost_name, reach, what_if
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.io.words import cost_word, player_label
from climbers.the_climbers.table.marks import BEST, REACH, Marks

ANALYSIS_KEY = "a"
SEAT_KEY = "tab"

Pose = tuple[str, int, tuple[int, int, int]]
Square = tuple[int, int]


def reach_lines(state: GameState, r: Reach) -> list[str]:
    """What the overlay says about one player's reach."""
    player = state.players[r.seat]
    lines = [say(N_("Analysis · {player} (Tab: next player)"), player=player_label(player))]
    if r.best > r.level:
        costs = {cost_name(r.squares[sq]): r.squares[sq] for sq in r.best_squares}
        best = (
            N_("on the table now · best this move: level {best} ({costs})")
            if r.level == 0
            else N_("level {level} now · best this move: level {best} ({costs})")
        )
        words = names_list([cost_word(costs[name]) for name in sorted(costs)])
        lines.append(say(best, level=r.level, best=r.best, costs=words))
    elif r.level == 0:
        lines.append(_("on the table now · no higher square within one move"))
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
        words = {
            "player": player_label(state.players[c.seat]),
            "before": c.before,
            "after": c.after,
        }
        if c.delta:
            change = N_("{player} {before} -> {after} ({delta:+d})")
            parts.append(say(change, delta=c.delta, **words))
        else:
            parts.append(say(N_("{player} {before} -> {after}"), **words))
    return [say(N_("What if dropped here: {changes}"), changes=" · ".join(parts))]


PANEL_WIDTH = 440
"""The panel's width in reference pixels."""
GAP = 8
"""Reference pixels between the panel and the panels above it."""


class AnalysisOverlay(Entity):  # type: ignore[misc]
    """Marks and a text panel for the position `state()`, with what-if for the pose `held()`; the
    panel sits at the top right, below the panels `above()` shows there (recent actions, a
    lesson's or a puzzle's panel)."""

    def __init__(
        self,
        state: Callable[[], GameState],
        held: Callable[[], Pose | None],
        seat: int | None = None,
        keys: bool = True,
        cut: Callable[[], int | None] = lambda: None,
        above: Callable[[], Sequence[Canvas]] = tuple,
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
        self.above = above
        self.panel = Canvas(name="analysis-panel")
        self.text = ""
        """The panel's lines, as shown."""
        self.shown: tuple[object, ...] | None = None
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
        over = tuple(p.box for p in self.above() if p.enabled)
        key = (id(state), self.analysed_seat, pose, cut, over)
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
                self.what_if_problem = refusal_sentence(exc)
                lines.append(_("What if: not a legal pose here."))
        self.text = "\n".join(lines)
        image = text_panel([Line(lines[0], 16), *(Line(t, 15) for t in lines[1:])], PANEL_WIDTH)
        k, w = scale(), window.size[0]
        left = w - image.width - 12 * k
        bottoms = [p.box[3] for p in self.above() if p.enabled and p.box[2] > left]
        self.panel.show(image, left, max(bottoms, default=4 * k) + GAP * k)

    def _hide(self) -> None:
        self.marks.clear()
        self.best_marks.clear()
        self.panel.clear()
        self.text = ""
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
