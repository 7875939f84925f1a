"""The sandbox: build a mountain from the tray, describe a position by hand, check, analyse, save,
and play from it. Every legality question goes to the core (core.sandbox, setup_problems,
climbers.the_climbers.core.analysis)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ursina import Entity, camera, mouse

from climbers.app.panels.widgets import ACCENT, Choice, TextBox, Toggle, button, label
from climbers.app.pictures import take_picture
from climbers.app.table import coords
from climbers.io.folders import home_path, positions_dir
from climbers.io.language import N_, _, say
from climbers.the_climbers.core import GameState, IllegalAction, setup_problems
from climbers.the_climbers.core.sandbox import (
    put_climber,
    put_disk,
    remove_block,
    set_ladder,
    set_players,
    set_turn,
    spend_disk,
    starting_position,
)
from climbers.the_climbers.core.state import LadderKind
from climbers.the_climbers.io import FileProblem, load_game, save_game
from climbers.the_climbers.io.refusals import refusal_sentence, setup_problem_words
from climbers.the_climbers.io.words import player_label, step_name
from climbers.the_climbers.table.cutaway import LABELS_KEY, LOWER_KEYS, RAISE_KEYS, Cutaway
from climbers.the_climbers.table.marks import FAULT, SETUP, Marks
from climbers.the_climbers.table.names import undrawn_name
from climbers.the_climbers.table.panels.analysis_overlay import ANALYSIS_KEY, AnalysisOverlay
from climbers.the_climbers.table.panels.hud import Hud
from climbers.the_climbers.table.panels.tray import TrayPanel, left_by_kind
from climbers.the_climbers.table.screens.table_screen import HudTable
from climbers.the_climbers.table.tools.judges import BuildJudge, Edit
from climbers.the_climbers.table.tools.placement import PlacementTool
from climbers.the_climbers.table.view import BlockEntity

MODES = (("blocks", N_("Blocks (1)")), ("climbers", N_("Climbers (2)")), ("disks", N_("Disks (3)")))
MODE_KEYS = {"1": "blocks", "2": "climbers", "3": "disks"}
REMOVE_KEYS = ("delete", "backspace", "x")
PATH_LIMIT = 4096
CHECK_KEY = "k"
SHOT_KEY = "p"
SEAT_KEY = "tab"
HELP = N_(
    "Drag blocks · tray: click a kind, click to set down · R turn, T/G tip · X/Del to tray · "
    "Tab player · A analysis · K check · [ ] cut · L levels · P picture"
)

OnPlay = Callable[[GameState], None]


def _is_ui(entity: Any) -> bool:
    return entity is not None and entity.has_ancestor(camera.ui)


class SandboxScreen(HudTable):
    """Build mode and position editor; `on_play(state)` starts a game from the position."""

    def __init__(
        self,
        state: GameState | None = None,
        on_play: OnPlay | None = None,
        on_reopen: OnPlay | None = None,
        on_new_game: Callable[[Path, GameState], None] | None = None,
        on_menu: Callable[[], None] | None = None,
        save_path: Path | None = None,
        symbols: bool = True,
    ) -> None:
        if state is None:
            state = starting_position()
        elif not state.blocks:
            state = starting_position([p.colour for p in state.players])
        self.state = state
        self.on_play = on_play
        self.on_reopen = on_reopen
        self.on_new_game = on_new_game
        self.on_menu = on_menu
        super().__init__(state, symbols, name="sandbox-screen")
        self.hud = Hud(on_skip=self.play_here)
        self.hud.clear_of = (280.0, 240.0)  # the mode column at the left, the tray at the right
        self.hud.set_help(_(HELP))
        self.mode = "blocks"
        self.seat = 0
        self.drag = PlacementTool(self, BuildJudge(lambda: self.state))
        self.cut = Cutaway(self.view)
        self.setup_marks = Marks(lift=0.04)
        self.faults = Marks(lift=0.035)
        self.analysis = AnalysisOverlay(
            lambda: self.state, lambda: self.drag.pose, 0, False, lambda: self.view.cut
        )
        self.tray = TrayPanel(state, on_take=self.take)
        self._controls(save_path or positions_dir() / "sandbox.json")
        self.commit(state)

    # ----- controls -------------------------------------------------------------------------

    def _controls(self, save_path: Path) -> None:
        from ursina import window

        ui = Entity(parent=camera.ui, name="sandbox-controls")
        self.controls = ui
        x, y, row = window.left.x + 0.2, 0.13, 0.058
        modes = self.modes()
        self.mode_choice = Choice(ui, modes, "blocks", x, y, on_change=self.set_mode, width=0.34)
        self.seat_choice = Choice(ui, [(0, "")], 0, x, y - row, self.choose_seat, width=0.34)
        self.short = Toggle(ui, _("Short"), True, x - 0.087, y - 2 * row, width=0.165)
        self.tall = Toggle(ui, _("Tall"), True, x + 0.087, y - 2 * row, width=0.165)
        self.short.on_change = lambda held: self.ladder("short", held)
        self.tall.on_change = lambda held: self.ladder("tall", held)
        self.spent = Toggle(ui, _("Disk used up"), False, x, y - 3 * row, self.disk_spent, 0.34)
        self.turn_choice = Choice(ui, [(0, "")], 0, x, y - 4 * row, self.choose_turn, 0.34)
        self.step_choice = Choice(ui, [(0, "")], 0, x, y - 5 * row, self.choose_step, 0.34)
        button(ui, _("+ player"), x - 0.087, y - 6 * row, self.add_player, 0.165)
        button(ui, _("- player"), x + 0.087, y - 6 * row, self.drop_player, 0.165)
        self.check_button = button(ui, _("Check setup (K)"), x, y - 7 * row, self.check_setup, 0.34)
        self.play_button = button(
            ui, _("Play from here"), x, y - 8 * row, self.play_here, 0.34, ACCENT
        )
        right = window.right.x - 0.17
        label(ui, _("Position file"), right - 0.14, -0.08, 0.9)
        self.file_field = TextBox(ui, str(save_path), right, -0.08 - row, 0.3, limit=PATH_LIMIT)
        self.file_field.on_refuse = self.refuse_typed
        button(ui, _("Save"), right - 0.077, -0.08 - 2 * row, self.save, 0.145)
        button(ui, _("Open"), right + 0.077, -0.08 - 2 * row, self.open, 0.145)
        button(ui, _("New game with it"), right, -0.08 - 3 * row, self.new_game, 0.3)
        if self.on_menu is not None:
            button(ui, _("Back to menu"), right, -0.08 - 4 * row, self.on_menu, 0.3)

    @property
    def typing(self) -> bool:
        """Whether the file field has the keyboard."""
        return bool(self.file_field.active)

    @property
    def file_path(self) -> Path:
        return home_path(self.file_field.value.strip())

    def _sync_controls(self) -> None:
        state = self.state
        players = [
            (i, say(N_("Player: {player}"), player=player_label(p)))
            for i, p in enumerate(state.players)
        ]
        self.seat = min(self.seat, len(state.players) - 1)
        self.seat_choice.set_options(players, self.seat)
        player = state.players[self.seat]
        for toggle, kind in ((self.short, "short"), (self.tall, "tall")):
            toggle.value = kind in player.ladders
            toggle._show()
        self.spent.value = player.disk == "spent"
        self.spent._show()
        turns = [
            (i, say(N_("Turn: {player}"), player=player_label(p)))
            for i, p in enumerate(state.players)
        ]
        self.turn_choice.set_options(turns, state.turn.active)
        steps = [
            (i, say(N_("Step {number}: {step}"), number=i + 1, step=step_name(s)))
            for i, s in enumerate(state.rules.turn_steps())
        ]
        self.step_choice.set_options(steps, min(state.turn.step, len(steps) - 1))
        self.analysis.seat = self.seat

    # ----- changing the position -------------------------------------------------------------

    def commit(self, state: GameState) -> None:
        """Show a new position everywhere."""
        self.state = state
        self.faults.clear()
        self.view.show(state)
        self.cut.apply(state)
        self.tray.refresh(state)
        self.hud.refresh(state)
        self.hud.skip.enabled = False
        self._title()
        self.setup_marks.clear()
        self._sync_controls()

    def edit(self, change: Edit) -> bool:
        """Apply a position edit from the core; show the reason if it is refused."""
        try:
            after = change(self.state)
        except IllegalAction as exc:
            self.refuse(exc)
            return False
        self.commit(after)
        self.hud.message("")
        return True

    def build(self, change: Edit) -> bool:
        """Submit a block put down by hand; a refused one goes back where it stood."""
        if self.edit(change):
            return True
        self.view.release()
        return False

    # ----- what the placement tool may use ----------------------------------------------------

    def again(self) -> tuple[object, ...]:
        """The position as built so far."""
        return (self.state,)

    def refuse(self, refusal: IllegalAction) -> None:
        """Say why, and paint the squares at fault until the next change."""
        self.hud.message(refusal_sentence(refusal), bad=True)
        self.faults.paint(self.state, refusal.squares, FAULT)

    # ----- the tray -------------------------------------------------------------------------

    def take(self, kind: str) -> None:
        """Take the next block of `kind` from the tray; it follows the pointer."""
        names = left_by_kind(self.state)[kind]
        if not names:
            return
        self.set_mode("blocks")
        self.drag.begin(names[0], from_tray=True)

    def remove(self) -> None:
        """X or Delete: put the held or hovered block back into the tray."""
        pose = self.drag.pose
        hovered = mouse.hovered_entity
        name = pose[0] if pose is not None else getattr(hovered, "block", None)
        if name is None:
            return
        if pose is not None:
            self.drag.cancel()
        if name not in {p.block for p in self.state.blocks}:
            return  # a block from the tray simply goes back
        if self.edit(lambda s: remove_block(s, name)):
            self.hud.message(_("The block is back in the tray."))

    def set_mode(self, mode: str) -> None:
        """Blocks, Climbers or Disks: what a click on the table does."""
        self.drag.close()
        self.mode = mode
        self.mode_choice.set_options(self.modes(), mode)
        self._title()
        hints = {
            "blocks": N_("Drag blocks; take new ones from the tray."),
            "climbers": N_(
                "Click a square to stand the Climber there, or the table to take it off."
            ),
            "disks": N_("Click a block to lay the disk on it; click it again to take it back."),
        }
        self.hud.message(_(hints[mode]))

    @staticmethod
    def modes() -> list[tuple[str, str]]:
        """The modes' values and names, for the mode choice."""
        return [(mode, _(name)) for mode, name in MODES]

    def _title(self) -> None:
        """What the sandbox is doing, instead of the game's step: building, placing Climbers or
        disks, or the cutaway."""
        titles = {
            "blocks": N_("building the mountain"),
            "climbers": N_("standing Climbers on the mountain"),
            "disks": N_("laying blocking disks"),
        }
        what = self.cut.caption() or _(titles[self.mode])
        self.hud.set_title(say(N_("Sandbox · {what}"), what=what))

    def choose_seat(self, seat: int) -> None:
        self.seat = seat
        self._sync_controls()

    def ladder(self, kind: LadderKind, held: bool) -> None:
        self.edit(lambda s: set_ladder(s, self.seat, kind, held))

    def disk_spent(self, spent: bool) -> None:
        self.edit(lambda s: spend_disk(s, self.seat, spent))

    def choose_turn(self, active: int) -> None:
        self.edit(lambda s: set_turn(s, active, min(s.turn.step, len(s.rules.turn_steps()) - 1)))

    def choose_step(self, step: int) -> None:
        self.edit(lambda s: set_turn(s, s.turn.active, step))

    def add_player(self) -> None:
        from climbers.the_climbers.core import PLAYER_COLOURS

        colours = [p.colour for p in self.state.players]
        free = [c for c in PLAYER_COLOURS if c not in colours]
        if free:
            self.reopen(set_players(self.state, [*colours, free[0]]))

    def drop_player(self) -> None:
        colours = [p.colour for p in self.state.players]
        if len(colours) > 2:
            self.reopen(set_players(self.state, colours[:-1]))

    def reopen(self, state: GameState) -> bool:
        """Show another position; True when this screen shows it, False when a fresh screen
        does (other players need new pawns: on_reopen) or none can."""
        if [p.colour for p in state.players] == [p.colour for p in self.state.players]:
            self.commit(state)
            return True
        if self.on_reopen is not None:
            self.on_reopen(state)
        else:
            self.hud.message(_("Other players need a fresh sandbox."), bad=True)
        return False

    def click(self) -> None:
        """A click in Climbers or Disks mode, on whatever lies under the pointer."""
        hit = mouse.hovered_entity
        if hit is None or _is_ui(hit):
            return
        if hasattr(hit, "seat"):
            self.choose_seat(hit.seat)
            return
        if self.mode == "climbers":
            if hit is self.view.table:
                self.edit(lambda s: put_climber(s, self.seat, None))
            elif mouse.world_point is not None:
                p = mouse.world_point
                if mouse.world_normal is not None:
                    p = p - mouse.world_normal * 0.05
                square = coords.square_of(p)
                self.edit(lambda s: put_climber(s, self.seat, square))
        elif self.mode == "disks" and isinstance(hit, BlockEntity):
            mine = self.state.players[self.seat].disk_on == hit.block
            self.edit(lambda s: put_disk(s, self.seat, None if mine else hit.block))

    # ----- buttons --------------------------------------------------------------------------

    def check_setup(self) -> bool:
        """R24: is this a standard setup? Uncovered neutral faces are painted."""
        problems, squares = setup_problems(self.state)
        if problems:
            found = say(
                N_("Not a standard setup: {problems}."),
                problems=_("; ").join(map(setup_problem_words, problems)),
            )
            self.hud.message(found, bad=True)
            self.setup_marks.paint(self.state, squares, SETUP, size=0.7)
        else:
            self.setup_marks.clear()
            self.hud.message(_("A legal standard setup (R24): all 35 blocks, neutral core hidden."))
        return not problems

    def play_here(self) -> None:
        """Start a game from this position."""
        if self.on_play is not None:
            self.drag.close()
            self.on_play(self.state)

    def save(self) -> Path | None:
        """Write the position to the file named in the field."""
        path = self.file_path
        try:
            save_game(self.state, path)
        except OSError as exc:
            failed = N_("Cannot save {path}: {problem}")
            self.hud.message(say(failed, path=path, problem=exc.strerror or exc), bad=True)
            return None
        self.hud.message(say(N_("Saved to {path}."), path=path))
        return path

    def open(self) -> None:
        """Read the position in the file named in the field."""
        try:
            state = load_game(self.file_path)
        except FileProblem as exc:
            self.hud.message(str(exc), bad=True)
            return
        refusal = undrawn_name(state)
        if refusal is not None:
            self.hud.message(refusal, bad=True)
            return
        if self.reopen(state):
            self.hud.message(say(N_("Opened {path}."), path=self.file_path))

    def refuse_typed(self, reason: str) -> None:
        """Say why the file box did not take a typed character."""
        self.hud.message(reason, bad=True)

    def new_game(self) -> None:
        """Save the mountain and choose players and rules for a game on it."""
        path = self.save()
        if path is not None and self.on_new_game is not None:
            self.on_new_game(path, self.state)

    def picture(self) -> Path | None:
        """P: the window as a PNG in the pictures folder."""
        try:
            path = take_picture()
        except OSError as exc:
            problem = N_("The picture could not be saved: {problem}.")
            self.hud.message(say(problem, problem=exc.strerror or exc), bad=True)
            return None
        self.hud.message(say(N_("Picture saved to {path}."), path=path))
        return path

    def recover(self) -> None:
        """After an unexpected fault: drop whatever was in hand and show the last good build."""
        self.drag.close()
        self.commit(self.state)

    # ----- frame and input ------------------------------------------------------------------

    def input(self, key: str) -> None:
        if self.typing:
            return
        if key in MODE_KEYS:
            self.set_mode(MODE_KEYS[key])
        elif key == SEAT_KEY:
            self.choose_seat((self.seat + 1) % len(self.state.players))
        elif key == ANALYSIS_KEY:
            self.analysis.toggle()
        elif key == CHECK_KEY:
            self.check_setup()
        elif key in LOWER_KEYS or key in RAISE_KEYS:
            (self.cut.lower if key in LOWER_KEYS else self.cut.raise_)(self.state)
            self.commit(self.state)
        elif key == LABELS_KEY:
            self.cut.toggle_labels(self.state)
        elif key == SHOT_KEY:
            self.picture()
        elif key in REMOVE_KEYS and self.mode == "blocks":
            self.remove()
        elif self.mode == "blocks":
            built = self.drag.input(key, over_ui=_is_ui(mouse.hovered_entity))
            if built is not None:
                self.build(built)
        elif key == "left mouse down":
            self.click()

    def update(self) -> None:
        if self.mode == "blocks":
            self.drag.update(over_ui=_is_ui(mouse.hovered_entity))
