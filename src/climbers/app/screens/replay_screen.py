"""The one replay screen of every game: a saved game stepped through a replay driver
(climbers.session.replay) on the game's board, with Next and Back, First and Last, their keys,
the panel with the point reached and the players, the caption of that point, Export clip, Play
from here and Menu.

A game brings only its board (`ReplayBoard`): how its table shows a state, animates an action,
lists the players and takes the settings; the screen is the same for every game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from ursina import Entity, application, camera, invoke, window

from climbers.app.panels.canvas import (
    MUTED,
    Canvas,
    Line,
    at_top_right,
    centred_above_bottom,
    font,
    scale,
    text_panel,
)
from climbers.app.panels.hud_frame import RECENT_WIDTH
from climbers.app.panels.widgets import ACCENT, button
from climbers.app.settings import Settings
from climbers.app.table.camera import Box, CameraRig
from climbers.io.language import N_, _, say
from climbers.session.replay import Describe, ReplayDriver
from climbers.session.session import Session

FORWARD_KEYS = ("space", "n", ".", "page down")
BACK_KEYS = ("backspace", "p", ",", "page up")
FIRST_KEY = "b"
LAST_KEY = "end"
HELP = N_(
    "Space/N next · Backspace/P back · B first · End last · "
    "Right-drag orbit · Middle-drag/arrows pan · Wheel zoom · Home reset view"
)
BUTTONS_Y = -0.43
CLIP_FROM_KEY, CLIP_TO_KEY = "[", "]"
CLIP_X = 0.64
"""Export clip stands apart at the right, clear of a game's own buttons (Play from here)."""
CAPTION_WIDTH, CAPTION_LINES = 900, 3
"""Reference pixels: a caption's widest; and the most lines one takes."""
CLIP_RANGE = N_("Clip: actions {first} to {last} ([ and ] set them here)")
SHADOW_FIT_DELAY = 0.1
"""Seconds after a table is built at which its sun's shadow is fitted to what stands on it."""
State = TypeVar("State")
Shown = TypeVar("Shown", contravariant=True)
Boxes = Callable[[], list[Box]]
"""The window rectangles of panels, as they stand when asked."""


class ReplayBoard(Protocol[Shown]):
    """A game's table as the replay screen shows it: `view` has the pieces (its `tweens` run
    the animations, its `sun`, if any, casts the shadows) and `rig` the camera."""

    view: Any
    rig: CameraRig
    caption_at_top: bool
    """Whether the caption stands at the top right (the table reaches down to the buttons)."""

    def show(self, state: Shown) -> None:
        """Show `state` at once (ending any flight under way where it is)."""
        ...

    def play(
        self,
        before: Shown,
        after: Shown,
        events: Sequence[Any],
        action: Any,
        rested: Callable[[], None],
    ) -> None:
        """Animate `action`, whose `events` led from `before` to `after`; `rested()` once what
        flies comes to rest."""
        ...

    def players(self, state: Shown) -> list[Line]:
        """The panel's lines under the title: the players as `state` has them."""
        ...

    def use_settings(self, settings: Settings) -> None:
        """Take the settings the table uses, at once."""
        ...

    def keep_clear(self, shown: Boxes, room: Boxes) -> None:
        """Keep the table clear of the replay's panel and caption: as `shown` now, and with the
        `room` the caption may take."""
        ...

    @property
    def busy(self) -> bool:
        """Whether anything still moves."""
        ...

    @property
    def flying(self) -> str | None:
        """The caption while an action is still in the air (its result not yet said)."""
        ...

    def land(self) -> None:
        """End at once what is still moving, where it comes to rest."""
        ...


class ReplayScreen(Entity, Generic[State]):  # type: ignore[misc]
    """A saved game on `board`, stepped through by `driver`: Next animates the action redone,
    Back and the jumps show the point reached at once. Esc and Menu call `on_exit` (None: Esc
    quits, the replay being all the window shows); Play from here hands the game, cut at the
    point shown, to `on_play`; Export clip calls `on_clip(first, last)` with the clip's range
    (None: no such button)."""

    title = ""
    caption_text = ""
    shown_caption = ""
    """The caption the window shows."""

    def __init__(
        self,
        saved: Any,
        driver: ReplayDriver,
        board: ReplayBoard[State],
        on_exit: Callable[[], None] | None = None,
        on_play: Callable[[Any], object] | None = None,
        on_clip: Callable[[int, int], None] | None = None,
    ) -> None:
        super().__init__(name="replay-screen")
        self.saved = saved
        self.driver = driver
        self.session = driver.session
        self.board = board
        self.view, self.rig = board.view, board.rig
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)
        self.add_controls(on_exit, on_clip)
        board.keep_clear(
            lambda: [self.panel.box, self.caption.box],
            lambda: [self.panel.box, self.caption_room()],
        )
        self.on_play = on_play
        self.play_button = None
        if on_play is not None:
            text = _("Play from here")
            self.play_button = button(camera.ui, text, 0.4, BUTTONS_Y, self.play_on, 0.22, ACCENT)
        self.menu_button = None
        if on_exit is not None:
            self.menu_button = button(camera.ui, _("Menu"), -0.45, BUTTONS_Y, on_exit, 0.14)
        self.refresh()

    def add_controls(
        self, on_exit: Callable[[], None] | None, on_clip: Callable[[int, int], None] | None
    ) -> None:
        """The panel, the caption, the key help and the buttons of the replay itself."""
        self.on_exit = on_exit or application.quit
        self.on_clip = on_clip if self.driver.last else None
        self.clip_range = (0, self.driver.last)
        """The actions a clip shows: from the point after the first to the point after the
        second ([ and ] set them at the point shown)."""
        self.panel = Canvas(name="replay-panel")
        self.caption = Canvas(name="replay-caption")
        centred_above_bottom(
            Canvas(name="replay-help"), text_panel([Line(_(HELP), 13, MUTED)], 1240, 5), 4
        )
        y = BUTTONS_Y
        # Ursina reads "<...>" in button text as markup, so the labels are words only.
        self.first_button = button(camera.ui, _("First"), -0.28, y, self.first, 0.12)
        self.back_button = button(camera.ui, _("Back"), -0.13, y, self.back, 0.16)
        self.forward_button = button(camera.ui, _("Next"), 0.05, y, self.forward, 0.16)
        self.last_button = button(camera.ui, _("Last"), 0.2, y, self.last, 0.12)
        self.clip_button = None
        if self.on_clip is not None:
            self.clip_button = button(camera.ui, _("Export clip"), CLIP_X, y, self.export_clip, 0.2)

    def export_clip(self) -> None:
        """Write the clip's range as a clip."""
        if self.on_clip is not None:
            self.on_clip(*self.clip_range)

    def mark_clip(self, key: str) -> None:
        """[ begins the clip at the point shown, ] ends it there (the other end moves when it
        would leave no action)."""
        first, last = self.clip_range
        here, end = self.driver.index, self.driver.last
        if key == CLIP_FROM_KEY:
            first, last = min(here, end - 1), max(last, min(here, end - 1) + 1)
        else:
            last, first = max(here, 1), min(first, max(here, 1) - 1)
        self.clip_range = (first, last)
        self.refresh()

    def forward(self) -> None:
        """Animate the next action."""
        before = self.driver.state
        events = self.driver.redo()
        if events is not None:
            action = self.session.history[self.driver.index].action
            self.board.play(before, self.driver.state, events, action, self.say_caption)
            self.refresh()

    def back(self) -> None:
        """Go back one action (no animation)."""
        if self.driver.undo():
            self.board.show(self.driver.state)
            self.refresh()

    def first(self) -> None:
        """Back to the start of the game."""
        self.jump(0)

    def last(self) -> None:
        """To the end of the recording."""
        self.jump(self.driver.last)

    def jump(self, index: int) -> None:
        """Straight to the point after `index` actions (no animation)."""
        self.board.show(self.driver.seek(index))
        self.refresh()

    def refresh(self) -> None:
        """Redraw the title, players and caption for the point shown."""
        state = self.driver.state
        self.title = say(N_("Replay · action {number}"), number=self.driver.position)
        rows = [Line(self.title, 19), *self.board.players(state)]
        if self.on_clip is not None:
            first, last = self.clip_range
            rows.append(Line(say(CLIP_RANGE, first=first, last=last), 14, MUTED))
        self.panel.show(text_panel(rows, 420), 12 * scale(), 12 * scale())
        self.caption_text = self.driver.caption
        self.show_caption(self.caption_text)
        self.back_button.disabled = self.driver.index == 0
        self.forward_button.disabled = self.driver.index == self.driver.last
        if self.play_button is not None:
            self.play_button.enabled = not state.over

    def say_caption(self) -> None:
        """Show the caption of the point reached (once what flies has come to rest)."""
        self.show_caption(self.caption_text)

    def show_caption(self, text: str) -> None:
        """The caption of the point shown (while an action is in the air, only who acts),
        centred above the buttons or, where the board reaches down there, at the top right
        where a game's recent actions stand."""
        text = self.board.flying or text
        self.shown_caption = text
        if self.board.caption_at_top:
            at_top_right(self.caption, text_panel([Line(text, 16)], RECENT_WIDTH))
        else:
            centred_above_bottom(self.caption, text_panel([Line(text, 18)], CAPTION_WIDTH), 120)

    def caption_room(self) -> Box:
        """The window rectangle a caption of up to CAPTION_LINES lines takes (what a game's
        opening view of its table keeps clear)."""
        k, (w, h) = scale(), window.size
        tall = CAPTION_LINES * font(18).size * 1.3 + 20 * k
        bottom = h - 120 * k
        return (w - CAPTION_WIDTH * k) / 2, bottom - tall, (w + CAPTION_WIDTH * k) / 2, bottom

    def panels(self) -> list[Box]:
        """The window rectangles of the panel and the caption as they stand."""
        return [self.panel.box, self.caption.box]

    def panels_with_room(self) -> list[Box]:
        """The panel and the room the caption may take."""
        return [self.panel.box, self.caption_room()]

    def replay_key(self, key: str) -> bool:
        """Act on a key of the replay; whether it was one."""
        if key in FORWARD_KEYS:
            self.forward()
        elif key in BACK_KEYS:
            self.back()
        elif key == FIRST_KEY:
            self.first()
        elif key == LAST_KEY:
            self.last()
        elif key in (CLIP_FROM_KEY, CLIP_TO_KEY) and self.on_clip is not None:
            self.mark_clip(key)
        elif key == "escape":
            self.on_exit()
        else:
            return False
        return True

    def play_on(self) -> None:
        """The game from the point shown, to be played (the actions after it are kept to redo
        until a new action is played)."""
        if self.on_play is not None and not self.driver.state.over:
            self.board.land()
            self.on_play(self.session)

    @property
    def busy(self) -> bool:
        """Whether anything on the table still moves."""
        return bool(self.board.busy)

    def apply_settings(self, settings: Settings) -> None:
        """The settings the table uses, at once."""
        self.board.use_settings(settings)

    def again(self) -> tuple[object, ...]:
        """The saved game, at the point shown now, with the clip's range."""
        return (self.saved, self.driver.index, self.clip_range)

    def hold_input(self, held: bool) -> None:
        """While a dialog is open over the table, keys and the camera leave it alone."""
        self.ignore_input = held
        self.rig.ignore_input = held

    def recover(self) -> None:
        """After an unexpected fault: show the point reached again."""
        self.board.show(self.driver.state)
        self.refresh()

    def input(self, key: str) -> None:
        self.replay_key(key)


def saved_replay(
    saved: Any,
    opening: Callable[[Any], str],
    describe: Describe,
    board: Callable[[Session[State]], ReplayBoard[State]],
    on_exit: Callable[[], None] | None = None,
    on_play: Callable[[Any], object] | None = None,
    on_clip: Callable[[int, int], None] | None = None,
) -> ReplayScreen[State]:
    """The replay screen of `saved` (its actions must fit: its `session()`), captioned by the
    game's `opening` and `describe`, on the game's `board(session)` (made while the session still
    stands at the game's end)."""
    session = saved.session()
    table = board(session)
    driver = ReplayDriver(session, opening, describe)
    return ReplayScreen(saved, driver, table, on_exit, on_play, on_clip)
