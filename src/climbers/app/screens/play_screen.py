"""The play screen: wires the session, the view, the camera, the HUD and the input tools."""

from __future__ import annotations

import json
import os
import time as clock
from pathlib import Path
from typing import Any

from ursina import Entity, application, held_keys

from climbers.app.bot_turns import HURRY_KEY, BotTurns
from climbers.app.panels.analysis_overlay import AnalysisOverlay
from climbers.app.panels.hud import Hud
from climbers.app.sounds import SoundPlayer
from climbers.app.table.camera import CENTRE_KEY, CameraRig, screen_pixel
from climbers.app.table.framing import mountain_view
from climbers.app.table.view import BoardView
from climbers.app.tools.climb_tool import ClimbTool, DiskTool
from climbers.app.tools.placement import DragTool
from climbers.core import Action, GameState, IllegalAction, Pass, Step
from climbers.game.session import GameSession, save_to

UNDO_KEY = "u"
DONE_KEY = "enter"
SYMBOLS_KEY = "f3"
SHOT_KEY = "f2"


class PlayScreen(Entity):  # type: ignore[misc]
    """One hot-seat game on the table. Every rule question goes to the core via the session."""

    def __init__(
        self,
        state: GameState | GameSession,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        symbols: bool = True,
        sound: bool = False,
    ) -> None:
        super().__init__(name="play-screen")
        saver = save_to(save_path) if save_path else None
        if isinstance(state, GameSession):
            self.session, state.saver = state, saver
            state = state.state
        else:
            self.session = GameSession(state, saver=saver)
        self.shot_path = shot_path
        self.view = BoardView(state, symbols=symbols)
        self.rig = CameraRig(*mountain_view(state))
        self.hud = Hud(on_skip=self.skip, on_done=self.done, on_undo=self.undo)
        self.sounds = SoundPlayer(enabled=sound)
        self.drag = DragTool(self)
        self.climb = ClimbTool(self)
        self.disk = DiskTool(self)
        self.analysis = AnalysisOverlay(self)
        self.bots = BotTurns(self, self.session.bots)
        self.tool: Any = None
        self.frames = 0
        self.report_path = os.environ.get("CLIMBERS_REPORT")
        self._reported = -1
        self.enter_step()

    @property
    def state(self) -> GameState:
        return self.session.state

    # ----- acting ---------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Send an action to the core; animate what happened, or show why it was refused."""
        before = self.state
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.refuse(exc)
            return False
        self.view.play(before, self.state, events)
        self.sounds.play_events(events)
        self.hud.message("")
        self.enter_step()
        return True

    def refuse(self, refusal: IllegalAction) -> None:
        """Show the core's reason."""
        self.hud.refuse(refusal.message)
        self.sounds.play("refuse")

    def skip(self) -> None:
        """Pass the current step (Space or the Skip button)."""
        if self.drag.dragging or self.state.finished or self.bots.to_act:
            return
        self.apply(Pass(player=self.state.players[self.state.actor].colour))

    def done(self) -> None:
        """End the acting player's own turn: pass every step left (Enter or the Done button)."""
        if self.drag.dragging or self.state.finished or self.bots.to_act:
            return
        self.close_tool()
        before = self.state
        events = self.session.done()
        self.view.play(before, self.state, events)
        self.sounds.play_events(events)
        self.hud.message("")
        self.enter_step()

    def undo(self) -> None:
        """Take back the acting player's last step of this turn (never during a bot's step)."""
        if self.bots.to_act:
            return
        self.close_tool()
        if self.session.undo():
            self.view.show(self.state)
            self.hud.message("Undone.")
        else:
            self.hud.message("Nothing of this turn to undo.", bad=True)
        self.enter_step()

    def close_tool(self) -> None:
        if self.tool is not None:
            self.tool.close()
        self.tool = None

    def enter_step(self) -> None:
        """Pick the tool for the current step and redraw the HUD."""
        self.close_tool()
        state = self.state
        self.hud.refresh(state, can_undo=self.session.can_undo())
        if state.finished:
            self.hud.message(self._result(state))
            return
        if self.bots.to_act:
            self.bots.show_turn()
            return
        step = state.step
        if step is Step.BLOCK:
            self.tool = self.drag
        elif step is Step.DISK:
            self.tool = self.disk
            self.disk.open()
            if not self.disk.targets:
                self.hud.message("No block may take your disk now: skip with Space.")
        else:
            self.tool = self.climb
            if step is Step.REACTION:
                name = state.players[state.actor].label
                self.hud.message(
                    f"{name}, your reaction: click your Climber to move without ladders, "
                    "or Space to pass."
                )

    @staticmethod
    def _result(state: GameState) -> str:
        from climbers.core import ranking

        best = ranking(state)[0]
        winner = next(p for p in state.players if p.colour == best.colour)
        return f"{winner.label} wins at level {best.level}."

    # ----- frame and input ------------------------------------------------------------------

    def input(self, key: str) -> None:
        if key == "space":
            self.skip()
        elif key == DONE_KEY:
            self.done()
        elif key == UNDO_KEY and not self.drag.dragging:
            self.undo()
        elif key == CENTRE_KEY:
            self.rig.centre_on(self.view.pawns[self.state.actor].position)
        elif key == SYMBOLS_KEY:
            self.view.set_symbols(not self.view.symbols)
        elif key == HURRY_KEY:
            self.bots.hurry()
        elif key == SHOT_KEY:
            self.picture()
        elif key == "q" and held_keys["control"]:
            application.quit()
        elif self.tool is not None:
            self.tool.input(key)

    def update(self) -> None:
        self.frames += 1
        if self.tool is not None:
            self.tool.update()
        if self.report_path and self.frames > 3 and not self.view.tweens.busy:
            self._report()

    def picture(self) -> None:
        """F2: the window as a PNG, at --shot-to or in the pictures folder."""
        from climbers.app.screens.sandbox_screen import pictures_dir

        path = self.shot_path or pictures_dir() / clock.strftime("climbers-%Y%m%d-%H%M%S.png")
        if self.screenshot(path):
            self.hud.message(f"Picture saved to {path}.")
        else:
            self.hud.message("The screenshot failed.", bad=True)

    def screenshot(self, path: Path) -> bool:
        """Write the window as a PNG."""
        path.parent.mkdir(parents=True, exist_ok=True)
        return bool(application.base.screenshot(namePrefix=str(path), defaultFilename=False))

    def _report(self) -> None:
        """For scripted drivers: window origin and where the acting pieces are on screen."""
        tick = self.state.tick
        if tick == self._reported:
            return
        self._reported = tick
        props = application.base.win.getProperties()
        seat = self.state.actor
        pawn = self.view.pawns[seat].position
        data = {
            "tick": tick,
            "origin": [props.getXOrigin(), props.getYOrigin()],
            "actor_pixel": screen_pixel(pawn + (0, 0.45, 0)),
            "step": str(self.state.step),
            "squares": {
                f"{sq[0]},{sq[1]}": [
                    screen_pixel(self.view.square_top(self.state, sq)),
                    r[0].ladders,
                ]
                for sq, r in self._destinations().items()
            },
        }
        tmp = Path(self.report_path + ".tmp")
        tmp.write_text(json.dumps(data))
        tmp.replace(self.report_path)

    def _destinations(self) -> dict[Any, Any]:
        from climbers.core import legal_destinations

        return legal_destinations(self.state)
