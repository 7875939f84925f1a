"""The sandbox: build a mountain from the tray, describe a position by hand, check, analyse, save,
and play from it. Every legality question goes to the core (climbers.core.sandbox, setup_problems,
climbers.core.analysis)."""

from __future__ import annotations

import os
import time as clock
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ursina import Entity, application, camera, color, mouse

from climbers.app.panels.analysis_overlay import ANALYSIS_KEY, AnalysisOverlay
from climbers.app.panels.hud import Hud
from climbers.app.panels.tray import TrayPanel, left_by_kind
from climbers.app.panels.widgets import ACCENT, Choice, Toggle, button, label
from climbers.app.table import coords
from climbers.app.table.camera import CameraRig
from climbers.app.table.cutaway import LABELS_KEY, LOWER_KEYS, RAISE_KEYS, Cutaway
from climbers.app.table.framing import mountain_centre, mountain_view
from climbers.app.table.marks import Marks
from climbers.app.table.meshes import block_mesh
from climbers.app.table.textures import atlas
from climbers.app.table.tweens import Leg
from climbers.app.table.view import BlockEntity, BoardView
from climbers.app.tools.placement import TURN_KEYS, DragTool
from climbers.core import GameState, IllegalAction, setup_problems
from climbers.core.sandbox import (
    lift_refusal,
    place_block,
    put_climber,
    put_disk,
    remove_block,
    set_ladder,
    set_players,
    set_turn,
    spend_disk,
    starting_position,
    tray,
)
from climbers.core.state import LadderKind
from climbers.io import FileProblem, load_game, save_game

MODES = (("blocks", "Blocks (1)"), ("climbers", "Climbers (2)"), ("disks", "Disks (3)"))
MODE_KEYS = {"1": "blocks", "2": "climbers", "3": "disks"}
REMOVE_KEYS = ("delete", "backspace", "x")
CHECK_KEY = "k"
SHOT_KEY = "p"
SEAT_KEY = "tab"
SETUP_MARK = color.rgba(1.0, 0.55, 0.1, 0.8)
HELP = (
    "Drag blocks · tray: click a kind, click to set down · R turn, T/G tip · X/Del to tray · "
    "Tab player · A analysis · K check · [ ] cut · L levels · P picture"
)

OnPlay = Callable[[GameState], None]


def pictures_dir() -> Path:
    """Where P puts screenshots: $CLIMBERS_PICTURES_DIR, $XDG_PICTURES_DIR, or ~/Pictures."""
    for var in ("CLIMBERS_PICTURES_DIR", "XDG_PICTURES_DIR"):
        if os.environ.get(var):
            return Path(os.environ[var]).expanduser()
    return Path.home() / "Pictures"


def positions_dir() -> Path:
    """Where the sandbox saves positions by default."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "climbers" / "positions"


def _is_ui(entity: Any) -> bool:
    return entity is not None and entity.has_ancestor(camera.ui)


class BuildTool(DragTool):
    """Dragging blocks in the sandbox: any uncovered block, or a new one from the tray.

    Only the building rules apply (R5, R16, R17 via core.sandbox.place_block); a block from the
    tray sticks to the pointer until the next click sets it down.
    """

    def __init__(self, screen: SandboxScreen) -> None:
        super().__init__(screen)  # type: ignore[arg-type]
        self.result: GameState | None = None
        self.sticky = False

    def refusal_to_lift(self, name: str) -> IllegalAction | None:
        """Building ignores whose turn it is: only Climbers, disks and blocks on top hold it."""
        return lift_refusal(self.screen.state, name)

    def begin(self, name: str, aim: tuple[int, int] | None = None) -> bool:
        """Lift `name` from the mountain, or take it from the tray; False with the reason if not."""
        state = self.screen.state
        refusal = lift_refusal(state, name)
        if refusal is not None:
            self.screen.refuse(refusal)
            return False
        if self.dragging:
            self.cancel()
        entity = self.screen.view.blocks[name]
        b = state.block_index(name)
        s = state.structure
        if b in s.poses:
            self.rot, at = s.poses[b]
            self.home: Any = (self.rot, tuple(at))
            aim = aim or self._square_of(at)
            self.sticky = False
        else:
            self.rot, self.home, self.sticky = 0, None, True
            entity.set_pose(state, self.rot, (0, 0, 0))
            entity.enabled = True
            if aim is None:
                centre = mountain_centre(state)
                aim = coords.square_of(centre)  # type: ignore[arg-type]
            entity.position = coords.square_centre(aim, 8)
        entity.color = color.white
        entity.collider = None
        self.block = entity
        self.ghost = Entity(model=block_mesh(entity.spec, self.rot), texture=atlas(True))
        self.ghost.setLightOff()
        self.ghost.hide(0b0001)
        self.aim = None
        self.at = None
        self.lifted_heights, _ = s.lifted(b)
        self.place(aim)
        return True

    def check(self) -> None:
        """Ask the core whether the ghost's pose may be built; colour it and paint the faults."""
        if self.block is None or self.at is None or self.ghost is None:
            return
        state = self.screen.state
        try:
            self.result = place_block(state, self.block.block, self.rot, self.at)
        except IllegalAction as exc:
            self.result = None
            self.verdict = exc
            self.ghost.color = color.rgba(1.0, 0.35, 0.3, 0.55)
            self.faults.paint(state, exc.squares, color.rgba(0.9, 0.1, 0.1, 0.7))
            self.screen.hud.message(exc.message, bad=True)
            return
        self.verdict = None
        self.ghost.color = color.rgba(0.45, 1.0, 0.5, 0.55)
        self.faults.clear()
        self.screen.hud.message("Click or release to set it down here.")

    def drop(self) -> bool:
        """Build the block where the ghost is, or put it back and say why not."""
        if self.block is None:
            return False
        if self.verdict is None and self.result is not None:
            entity, result = self.block, self.result
            start = entity.position
            self._end()
            self.screen.commit(result)
            target = entity.position
            entity.position = start
            self.screen.view.tweens.glide(entity, [Leg(target, 0.25)])
            return True
        return self.put_back_refused()

    def cancel(self) -> None:
        """Put a mountain block back unchanged; a tray block goes back to the tray."""
        if self.block is None:
            return
        if self.home is None:
            self.block.enabled = False
            self._end()
        else:
            super().cancel()
        self.screen.hud.message("")

    def _end(self) -> None:
        super()._end()
        self.result = None
        self.sticky = False

    def remove(self) -> None:
        """Put the held or hovered block back into the tray."""
        name = self.block.block if self.block is not None else None
        if name is None and isinstance(self.hovered, BlockEntity):
            name = self.hovered.block
        if name is None:
            return
        if self.block is not None and self.home is None:
            self.cancel()
            return
        try:
            after = remove_block(self.screen.state, name)
        except IllegalAction as exc:
            self.screen.refuse(exc)
            return
        if self.block is not None:
            self._end()
        self.hover(None)
        self.screen.commit(after)
        self.screen.hud.message(f"{name} is back in the tray.")

    def update(self) -> None:
        if self.block is None:
            self.hover(None if _is_ui(mouse.hovered_entity) else mouse.hovered_entity)
            return
        hit = mouse.hovered_entity
        if hit is not None and mouse.world_point is not None and not _is_ui(hit):
            p = mouse.world_point
            if mouse.world_normal is not None:
                p = p - mouse.world_normal * 0.05
            self.place(coords.square_of(p))
        if self.ghost is not None:
            target = self.ghost.position + (0, 1.6, 0)
            self.block.position = self.block.position + (target - self.block.position) * 0.35

    def input(self, key: str) -> None:
        over_ui = _is_ui(mouse.hovered_entity)
        if key == "left mouse down":
            if self.dragging and self.sticky:
                if not over_ui:
                    self.drop()
            elif not self.dragging and isinstance(mouse.hovered_entity, BlockEntity):
                self.begin(mouse.hovered_entity.block)
        elif key == "left mouse up" and self.dragging and not self.sticky:
            self.drop()
        elif key == "escape":
            self.cancel()
        elif key in REMOVE_KEYS:
            self.remove()
        elif key in TURN_KEYS:
            self.turn(key)


class SandboxScreen(Entity):  # type: ignore[misc]
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
        super().__init__(name="sandbox-screen")
        if state is None:
            state = starting_position()
        elif not state.blocks:
            state = starting_position([p.colour for p in state.players])
        self.state = state
        self.on_play = on_play
        self.on_reopen = on_reopen
        self.on_new_game = on_new_game
        self.on_menu = on_menu
        self.view = BoardView(state, symbols=symbols)
        specs = {spec.name: spec for spec in state.components.blocks}
        for name in tray(state):
            self.view.blocks[name] = BlockEntity(specs[name], texture=atlas(symbols), enabled=False)
        self.rig = CameraRig(*mountain_view(state))
        self.hud = Hud(on_skip=self.play_here)
        self.hud.help.text = HELP
        self.mode = "blocks"
        self.seat = 0
        self.drag = BuildTool(self)
        self.cut = Cutaway(self.view)
        self.setup_marks = Marks(lift=0.04)
        self.analysis = AnalysisOverlay(self, seat=0, keys=False)
        self.tray = TrayPanel(state, on_take=self.take)
        self._controls(save_path or positions_dir() / "sandbox.json")
        self.commit(state)

    # ----- controls -------------------------------------------------------------------------

    def _controls(self, save_path: Path) -> None:
        from ursina import InputField, window

        ui = Entity(parent=camera.ui, name="sandbox-controls")
        self.controls = ui
        x, y, row = window.left.x + 0.2, 0.13, 0.058
        self.mode_choice = Choice(ui, MODES, "blocks", x, y, on_change=self.set_mode, width=0.34)
        self.seat_choice = Choice(ui, [(0, "")], 0, x, y - row, self.choose_seat, width=0.34)
        self.short = Toggle(ui, "Short", True, x - 0.087, y - 2 * row, width=0.165)
        self.tall = Toggle(ui, "Tall", True, x + 0.087, y - 2 * row, width=0.165)
        self.short.on_change = lambda held: self.ladder("short", held)
        self.tall.on_change = lambda held: self.ladder("tall", held)
        self.spent = Toggle(ui, "Disk used up", False, x, y - 3 * row, self.disk_spent, 0.34)
        self.turn_choice = Choice(ui, [(0, "")], 0, x, y - 4 * row, self.choose_turn, 0.34)
        self.step_choice = Choice(ui, [(0, "")], 0, x, y - 5 * row, self.choose_step, 0.34)
        button(ui, "+ player", x - 0.087, y - 6 * row, self.add_player, 0.165)
        button(ui, "- player", x + 0.087, y - 6 * row, self.drop_player, 0.165)
        self.check_button = button(ui, "Check setup (K)", x, y - 7 * row, self.check_setup, 0.34)
        self.play_button = button(
            ui, "Play from here", x, y - 8 * row, self.play_here, 0.34, ACCENT
        )
        right = window.right.x - 0.17
        label(ui, "Position file", right - 0.14, -0.08, 0.9)
        self.file_field = InputField(
            default_value=str(save_path),
            parent=ui,
            x=right,
            y=-0.08 - row,
            scale=(0.3, 0.045),
            character_limit=300,
        )
        self.file_field.text_field.scale *= 0.7
        button(ui, "Save", right - 0.077, -0.08 - 2 * row, self.save, 0.145)
        button(ui, "Open", right + 0.077, -0.08 - 2 * row, self.open, 0.145)
        button(ui, "New game with it", right, -0.08 - 3 * row, self.new_game, 0.3)
        if self.on_menu is not None:
            button(ui, "Back to menu", right, -0.08 - 4 * row, self.on_menu, 0.3)

    @property
    def typing(self) -> bool:
        """Whether the file field has the keyboard."""
        return bool(self.file_field.active)

    @property
    def file_path(self) -> Path:
        return Path(self.file_field.text.strip()).expanduser()

    def _sync_controls(self) -> None:
        state = self.state
        players = [(i, f"Player: {p.label}") for i, p in enumerate(state.players)]
        self.seat = min(self.seat, len(state.players) - 1)
        self.seat_choice.set_options(players, self.seat)
        player = state.players[self.seat]
        for toggle, kind in ((self.short, "short"), (self.tall, "tall")):
            toggle.value = kind in player.ladders
            toggle._show()
        self.spent.value = player.disk == "spent"
        self.spent._show()
        turns = [(i, f"Turn: {p.label}") for i, p in enumerate(state.players)]
        self.turn_choice.set_options(turns, state.turn.active)
        steps = [(i, f"Step {i + 1}: {s}") for i, s in enumerate(state.rules.turn_steps())]
        self.step_choice.set_options(steps, min(state.turn.step, len(steps) - 1))
        self.analysis.seat = self.seat

    # ----- changing the position -------------------------------------------------------------

    def commit(self, state: GameState) -> None:
        """Show a new position everywhere."""
        self.state = state
        self.view.show(state)
        self.cut.apply(state)
        self.tray.refresh(state)
        self.hud.refresh(state)
        self.hud.skip.enabled = False
        cut = self.cut.caption()
        self.hud.set_title("Sandbox · " + (cut or self.hud.title.text))
        self.setup_marks.clear()
        self._sync_controls()

    def edit(self, change: Callable[[GameState], GameState]) -> bool:
        """Apply a position edit from the core; show the reason if it is refused."""
        try:
            after = change(self.state)
        except IllegalAction as exc:
            self.refuse(exc)
            return False
        self.commit(after)
        self.hud.message("")
        return True

    def refuse(self, refusal: IllegalAction) -> None:
        """Say why, and paint the squares at fault."""
        self.hud.message(refusal.message, bad=True)
        if refusal.squares:
            self.drag.faults.paint(self.state, refusal.squares, color.rgba(0.9, 0.1, 0.1, 0.7))

    def take(self, kind: str) -> None:
        """Take the next block of `kind` from the tray; it follows the pointer."""
        names = left_by_kind(self.state)[kind]
        if not names:
            return
        self.set_mode("blocks")
        self.drag.begin(names[0])

    def set_mode(self, mode: str) -> None:
        """Blocks, Climbers or Disks: what a click on the table does."""
        self.drag.close()
        self.mode = mode
        self.mode_choice.set_options(MODES, mode)
        hints = {
            "blocks": "Drag blocks; take new ones from the tray.",
            "climbers": "Click a square to stand the Climber there, or the table to take it off.",
            "disks": "Click a block to lay the disk on it; click it again to take it back.",
        }
        self.hud.message(hints[mode])

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
        from climbers.core import PLAYER_COLOURS

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
            self.hud.message("Other players need a fresh sandbox.", bad=True)
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
            self.hud.message("Not a standard setup: " + "; ".join(problems) + ".", bad=True)
            self.setup_marks.paint(self.state, squares, SETUP_MARK, size=0.6)
        else:
            self.setup_marks.clear()
            self.hud.message("A legal standard setup (R24): all 35 blocks, neutral core hidden.")
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
            self.hud.message(f"Cannot save {path}: {exc.strerror or exc}", bad=True)
            return None
        self.hud.message(f"Saved to {path}.")
        return path

    def open(self) -> None:
        """Read the position in the file named in the field."""
        try:
            state = load_game(self.file_path)
        except FileProblem as exc:
            self.hud.message(str(exc), bad=True)
            return
        if self.reopen(state):
            self.hud.message(f"Opened {self.file_path}.")

    def new_game(self) -> None:
        """Save the mountain and choose players and rules for a game on it."""
        path = self.save()
        if path is not None and self.on_new_game is not None:
            self.on_new_game(path, self.state)

    def screenshot(self, folder: Path | None = None) -> Path | None:
        """Write the window as a PNG into the pictures folder."""
        folder = folder or pictures_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"climbers-{clock.strftime('%Y%m%d-%H%M%S')}.png"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"climbers-{clock.strftime('%Y%m%d-%H%M%S')}-{n}.png"
        if not application.base.screenshot(namePrefix=str(path), defaultFilename=False):
            self.hud.message("The screenshot failed.", bad=True)
            return None
        self.hud.message(f"Picture saved to {path}.")
        return path

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
            self.screenshot()
        elif self.mode == "blocks":
            self.drag.input(key)
        elif key == "left mouse down":
            self.click()

    def update(self) -> None:
        if self.mode == "blocks":
            self.drag.update()
