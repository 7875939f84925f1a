"""Burg Klettermax's table on the one play screen (climbers.app.screens.play_screen): the castle,
the camera, the HUD and the flick. Every rule question goes to the core: what may be done now,
and why something is refused (said in words, the places at fault marked).

A turn is played by hand: Space (or Roll) rolls the dice; owed knights are chosen by clicking a
colour in the supply or its button; a full tower flicks: press on the top knight, pull back and
let go while still moving (`gesture`: the pull's direction aims, the speed of its last stretch
sets the strength; the line shows the direction, the label the strength a release now gives;
the pull may go past the window's edge); an empty tower tile is dragged to another free spot
when the rules allow it; Enter ends a turn that waits for it. The flight is the physics' own
(`flight.Flight`), and its resting place enters the core as the flick's outcome, with its aim.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from ursina import Entity, Vec2, Vec3, application, color, destroy, held_keys, window

from climbers.app.panels.canvas import scale
from climbers.app.screens.play_parts import over_panel
from climbers.app.screens.play_screen import PlayScreen, TableGame
from climbers.app.settings import Settings
from climbers.app.table.bot_seats import HURRY_KEY, Bot
from climbers.app.table.camera import (
    MAX_DISTANCE,
    CameraRig,
    on_screen,
    pointer_on_plane,
    pointer_pixel,
    screen_pixel,
)
from climbers.app.table.lighting import CASTS_SHADOW
from climbers.app.table.shading import unshaded
from climbers.io.language import N_, _, say, say_n
from climbers.klettermax.core import (
    COLOURS,
    RULES,
    Action,
    Aim,
    Colour,
    End,
    Flick,
    MoveTower,
    Phase,
    Place,
    Refused,
    Roll,
    State,
    Take,
    event_for,
    legal_actions,
    ranking,
    refusal,
    stand_in,
    view_for,
)
from climbers.klettermax.core.components import SPOTS, TOWER_HEIGHT
from climbers.klettermax.core.events import Event, Flicked, Rolled
from climbers.klettermax.game.session import PlayDriver, save_to
from climbers.klettermax.lessons import OFF_SPOT
from climbers.klettermax.physics.castle import KNIGHT_SIZE, TILE_SIZE, spot
from climbers.klettermax.physics.flick import FlickResult
from climbers.klettermax.physics.hand import physics_bot
from climbers.klettermax.table.flight import (
    CASTLE_TOP,
    Box,
    Flight,
    fly,
    frame_tower,
    supply_boxes,
)
from climbers.klettermax.table.geometry import (
    SCALE,
    knight_foot,
    spot_point,
    supply_corners,
    supply_point,
)
from climbers.klettermax.table.gesture import PullGesture
from climbers.klettermax.table.hud import KlettermaxHud
from climbers.klettermax.table.lesson_mode import (
    BUTTONS_WIDTH,
    GROWTH,
    TRIES,
    TRY_AGAIN,
    KlettermaxLesson,
)
from climbers.klettermax.table.sounds import ImpactSounds
from climbers.klettermax.table.textures import SEAT_RGB
from climbers.klettermax.table.view import KlettermaxView
from climbers.klettermax.table.words import (
    caption,
    headline,
    player_name,
    refusal_sentence,
    rest_words,
    seat_label,
)
from climbers.session.driver import Refused as ModeRefused

PEEK_KEY = "t"
ROLL_KEYS = ("space",)
END_KEYS = ("enter",)
LEAST_PULL = 0.8
"""A pull shorter than this (cm) has no direction: no flick."""
GRAB_PIXELS = 40
"""How near (reference pixels) to the top knight a press takes it."""
MOVED_PIXELS = 6
"""Window pixels the pointer moves from where it pressed before the aim line shows: a press
beside the knight has no direction yet."""
AIM_LINE = 9.0
"""The aiming line's length (cm): the same for every strength."""
TURN_HOLD = 2.0
"""Seconds a bot waits after a person's roll ended that person's turn: the roll can be read."""
REFUSAL_ROOM = 44
"""Reference pixels the players' panel grows by when it says the last refusal's reason."""
HOME = (Vec3(-0.6, 0.5, -3.2), 40.0)
"""The opening view: the castle, the spots, the supply and the dice (the distance: the nearest,
stepped back while a full tower's top or the supply would be cut, `TableRig.home`)."""
HOME_HEADING, HOME_TILT = -25.0, 58.0
"""The opening view's heading (from the south) and tilt."""
TOP_MARGIN = 0.03
"""Share of the window's size a full tower's top and the supply keep from its edges in the
opening view."""


WENT_BACK = N_("The tower tile went back: drop it on a free spot.")
"""What a tower tile dropped on no spot says."""

MISSES = {
    "short": N_("Too soft: the knight did not get over the wall."),
    "over": N_("Too hard: the knight sailed over the castle."),
}
"""What a miss outside the castle says, by the way the flight missed."""


class TableRig(CameraRig):
    """The shared camera, its opening view steeper than the other games' so that the chambers'
    tiles show over the walls, and turned to look from behind the viewer's tower (`viewer()`:
    its spot, or None for the view from the south). The opening view keeps the castle, the
    tower spots and the towers standing clear of the panels `clear_of()` (set by the screen)."""

    def __init__(self, viewer: Callable[[], int | None]) -> None:
        self.viewer = viewer
        self.clear_of: Callable[[], Sequence[Box]] = tuple
        self.towers: Callable[[], Sequence[tuple[int, int]]] = tuple
        """The spots and heights of the towers standing (set by the screen)."""
        super().__init__(lambda: HOME)

    @property
    def home(self) -> tuple[Vec3, float, float, float]:
        target, distance = HOME
        number = self.viewer()
        facing = spot(number).facing if number is not None else (0.0, 1.0)
        turn = math.degrees(math.atan2(facing[0], facing[1]))
        sin, cos = math.sin(math.radians(turn)), math.cos(math.radians(turn))
        turned = Vec3(target.x * cos + target.z * sin, target.y, -target.x * sin + target.z * cos)
        heading = HOME_HEADING + turn
        return turned, self._fitting(turned, distance, heading), heading, HOME_TILT

    def _fitting(self, pivot: Vec3, distance: float, heading: float) -> float:
        """The nearest distance from `distance` on from which the opening view looking at
        `pivot` from `heading` shows the top of a full tower on every spot and the supply inside
        the window, and the castle's corners, the tower spots and the towers standing clear of
        the panels (the rig is left as it was)."""
        saved = Vec3(self.pivot.position), Vec3(self.pivot.rotation), self.distance
        panels, clear = self.clear_of(), clear_of_panels(self.towers())
        try:
            self.pivot.position = pivot
            self.pivot.rotation = (HOME_TILT, heading, 0)
            while distance < MAX_DISTANCE:
                self.distance = distance
                if all(on_screen(point, TOP_MARGIN) for point in in_sight()) and all(
                    on_screen(point, 0.0, panels) for point in clear
                ):
                    break
                distance *= 1.02
            return min(distance, MAX_DISTANCE)
        finally:
            self.pivot.position, self.pivot.rotation, self.distance = saved


def in_sight() -> list[Vec3]:
    """What the opening view keeps inside the window: the corners of the top face of a full
    tower's top knight on every spot, and of the supply."""
    half = KNIGHT_SIZE[0] * SCALE / 2
    tops = [
        Vec3(x + dx, y, z + dz)
        for x, y, z in (knight_foot(n, TOWER_HEIGHT) for n in range(1, SPOTS + 1))
        for dx in (-half, half)
        for dz in (-half, half)
    ]
    return tops + [Vec3(*corner) for colour in COLOURS for corner in supply_corners(colour)]


def clear_of_panels(towers: Sequence[tuple[int, int]]) -> list[Vec3]:
    """What the opening view keeps clear of the panels over the table: the corners of the
    castle's top, of every tower spot and of the top of each tower standing (`towers`: spot and
    height)."""
    half = TILE_SIZE[0] * SCALE / 2
    spots = [spot_point(n) for n in range(1, SPOTS + 1)]
    tops = [knight_foot(n, height) for n, height in towers]
    return [*CASTLE_TOP] + [
        Vec3(x + dx, y, z + dz)
        for x, y, z in spots + tops
        for dx in (-half, half)
        for dz in (-half, half)
    ]


class KlettermaxPlay:
    """Burg Klettermax's table on the play screen `table` (see the module); a lesson's when the
    table plays one (Purple, seat 0, is the learner)."""

    colours = SEAT_RGB

    def __init__(self, table: PlayScreen[State, Action]) -> None:
        self.table = table
        lesson = table.lesson
        self.lesson = lesson if isinstance(lesson, KlettermaxLesson) else None
        self.view = KlettermaxView(self.seen(table.state, None))
        self.rig = TableRig(self.viewer_spot)
        self.hud = KlettermaxHud(
            on_roll=lambda: table.input("space"),
            on_end=lambda: table.input("enter"),
            on_undo=table.undo,
            on_take=self.take,
        )
        self.hud.keep_clear = lambda: [box for box in supply_boxes() if box is not None]
        self.rig.clear_of = self.panels
        self.rig.towers = lambda: [(s.spot, len(s.tower)) for s in self.state.seats if s.tower]
        self.flight: Flight | None = None
        self.sounds = ImpactSounds()
        self.after_flight = False
        """A flick has been played: the camera goes home once its animation ends."""
        self.last_miss: str | None = None
        """How the last flight missed ('short', 'over', 'wall'; None: a chamber)."""
        self.pulling: PullGesture | None = None
        self.pressed_at = (0.0, 0.0)
        """The window pixel where the pull was pressed."""
        self.aim_line: Entity | None = None
        self.carrying = False
        self.told_roll = False
        """The line below the table says the last roll (until the next action)."""
        self._forced: int | None = None
        """The point of the history at which the only choice was last taken by itself."""
        self._framed: int | None = None
        """The point of the history at which the camera last framed a tower to flick."""

    @property
    def state(self) -> State:
        return self.table.state

    def start(self) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        corner = window.bottom_left  # the right holds the game's buttons
        lesson.lesson_buttons(
            self.hud, self.hud.side_button, corner + Vec2(0.155, 0.22), Vec2(0, -0.065)
        )
        self.hud.clear_of = (BUTTONS_WIDTH, self.hud.clear_of[1])
        if self.can_flick():  # framed before the lesson's panel was there
            frame_tower(self.rig, self.state, at_once=True, clear_of=self.panels())

    @staticmethod
    def make_bot(level: str, seat: int) -> Bot:
        return physics_bot(level, seat)

    def bot_pause(self, state: State, pace: float) -> float:
        """After a person's roll ended their turn, long enough to read what it gave (issue 32,
        item 15), at least TURN_HOLD seconds; else the bots' pace."""
        events = self.table.session.history[-1].events
        roller = next((ev.seat for ev in events if isinstance(ev, Rolled)), None)
        bots = self.table.bots.bots
        if roller is not None and roller not in bots and roller != state.turn.seat:
            return max(pace, TURN_HOLD)
        return pace

    @property
    def waits(self) -> bool:
        """A knight flies: nobody acts."""
        return self.flight is not None

    @property
    def landing(self) -> bool:
        """A flight's landing still shows: no bot acts."""
        return self.after_flight

    @property
    def moving(self) -> bool:
        """Whether anything still moves: pieces, a flight, the camera."""
        return (
            self.view.tweens.busy
            or self.flight is not None
            or self.after_flight
            or self.rig.glide is not None
        )

    @property
    def busy(self) -> bool:
        """Whether anything still moves, or a lesson's missed try waits for the knights to go
        back."""
        return self.moving or (self.lesson is not None and self.lesson.missed_try())

    def use_settings(self, settings: Settings) -> None:
        self.sounds.enabled = settings.sound

    def show(self, state: State) -> None:
        self.view.show(self.seen(state, self.view.peeking))

    @staticmethod
    def seen(state: State, seat: int | None) -> State:
        """`state` as the table may draw it (K4, K12): the stand-in of what `seat` sees (the
        seat whose own tiles lie face up here; None: an onlooker), so that a tile nobody here
        may see is never on the table, face up or down."""
        return stand_in(view_for(state, seat))

    def drop(self) -> None:
        """No pull, no carried tile, no flight."""
        self.drop_gesture()
        if self.flight is not None:
            destroy(self.flight)
            self.flight = None

    def may_undo(self) -> bool:
        """Undo takes back a person's last choice within the turn (a roll and a flick stand)."""
        return self.table.person_acts()

    @staticmethod
    def take_back() -> bool:
        """A Klettermax action is built in one gesture: nothing of it to take back."""
        return False

    @staticmethod
    def step_again() -> tuple[bool, Action | None]:
        """Nothing is redone at this table (Y does nothing)."""
        return True, None

    # ----- acting ----------------------------------------------------------------------------

    def prepare(self, action: Action, play: Callable[[Action], object]) -> bool | Refused:
        """A flick with its aim (a person's or a bot's) flies first, refused before it flies
        when the rules do not allow it now; the flick played is where the flight came to
        rest."""
        if not (isinstance(action, Flick) and action.aim is not None) or self.flight is not None:
            return False
        problem = refusal(self.state, action)
        if problem is not None:
            return problem
        aim = action.aim

        def landed(result: FlickResult) -> None:
            out = result.outcome
            play(Flick(rest=out.kind, chamber=out.chamber, aim=aim))

        self.fly(aim, landed)
        return True

    def played(
        self, before: State, action: Action | None, state: State, events: Sequence[Event]
    ) -> None:
        """Animate what the action did; in the demo, or after a roll or a miss, say it on the
        line below the table."""
        self.view.clear_marks()
        seat = self.view.peeking
        self.view.play(self.seen(state, seat), [event_for(ev, seat, state) for ev in events])
        self.told_roll = any(isinstance(ev, Rolled) for ev in events)
        if self.table.bots.announce and action is not None:  # the demo's own caption
            self.hud.message(self._after_line(before, action, events))

    def _after_line(self, before: State, action: Action, events: Sequence[Event]) -> str:
        """A roll says what it rolled and what it gave (it stays until the next action, also
        while a bot thinks: issue 32, item 15); a miss says where the knight came to rest, and
        for one outside the castle whether the flick was too soft or too hard."""
        if self.told_roll:
            return caption(before, action, events)
        for ev in events:
            if isinstance(ev, Flicked) and not ev.hit:
                where = rest_words(ev)
                if ev.rest == "chamber":
                    return say(
                        N_("Missed: the knight came to rest {where}, which is empty."), where=where
                    )
                if ev.rest == "outside" and self.last_miss in MISSES:
                    return _(MISSES[self.last_miss])
                return say(N_("Missed: the knight came to rest {where}."), where=where)
        return ""

    def roll(self) -> Action | None:
        """Space, or the Roll button."""
        if not self.table.told_done() and self.table.person_acts():
            return Roll()
        return None

    def take(self, colour: Colour) -> None:
        """A colour's button (K8, K9)."""
        if self.table.person_acts():
            self.table.submit(Take(colour=colour))

    def end_turn(self) -> Action | None:
        """Enter: end a turn that waits for it (K12, K15)."""
        if not self.table.told_done() and self.table.person_acts():
            return End()
        return None

    def refused(self, problem: Exception) -> None:
        """Say the reason in words and mark the places at fault until the next act."""
        assert isinstance(problem, Refused | ModeRefused)
        self.view.clear_marks("fault")
        if isinstance(problem, Refused):
            self.view.mark("fault", problem.places)
        self.hud.refuse(refusal_sentence(problem, self.state))

    # ----- the flick -------------------------------------------------------------------------

    def panels(self) -> tuple[Box, ...]:
        """The panels over the table the view framing a tower keeps the spots clear of: the
        players' panel, with room for a refusal's lines under it, and a lesson's, with room
        for it to grow."""
        left, top, right, bottom = self.hud.panel.box
        players = (left, top, right, bottom + REFUSAL_ROOM * scale())
        if self.lesson is None or self.lesson.panel is None:
            return (players,)
        left, top, right, bottom = self.lesson.panel.box
        return (players, (left, top, right, bottom + GROWTH * scale()))

    def fly(self, aim: Aim, then: Callable[[FlickResult], None]) -> None:
        """Flick the top knight of the active tower with `aim`; `then(result)` once it rests."""

        def rest(result: FlickResult) -> None:
            self.flight = None
            self.after_flight = True
            self.last_miss = result.outcome.miss
            then(result)

        self.flight = fly(
            self.view, self.rig, self.state, aim, rest, self.panels(), self.sounds.strike
        )

    def can_flick(self) -> bool:
        return any(isinstance(a, Flick) for a in legal_actions(self.state))

    def top_knight_pixel(self) -> tuple[int, int] | None:
        """Where the active tower's top knight shows in the window."""
        seat = self.state.active
        if not seat.tower:
            return None
        x, y, z = knight_foot(seat.spot, len(seat.tower) - 1)
        return screen_pixel(Vec3(x, y + KNIGHT_SIZE[2] * SCALE * 0.5, z))

    def sample_pointer(self) -> None:
        """The pointer now, in window pixels, into the pull (also past the window's edge: X11
        reports it there while the button is held, and keeps the last place after the release)."""
        if self.pulling is None:
            return
        pointer = application.base.win.getPointer(0)
        self.pulling.add(time.perf_counter(), pointer.getX(), pointer.getY())

    def pull_aim(self) -> tuple[float, float] | None:
        """The angle of the pull from the top knight to the pointer's last place, and the pull
        (cm); None when that place shows no point of the table."""
        last = self.pulling.last if self.pulling is not None else None
        if last is None:
            return None
        seat = self.state.active
        x, y, z = knight_foot(seat.spot, len(seat.tower) - 1)
        at = pointer_on_plane(y, (round(last.x), round(last.y)))
        if at is None:
            return None
        dx, dy = (x - at.x) / SCALE, (z - at.z) / SCALE
        fx, fy = spot(seat.spot).facing
        return math.degrees(math.atan2(fx * dy - fy * dx, fx * dx + fy * dy)), math.hypot(dx, dy)

    def show_pull(self) -> None:
        """The light line from the top knight along the aim, and the label with the strength a
        release now gives."""
        self.sample_pointer()
        found = self.pull_aim()
        if found is None or self.pulling is None:
            return
        angle, pull = found
        last = self.pulling.samples[-1]
        x_at, y_at = last.x, last.y
        aim = Aim.nearest(angle, 0.0)
        seat = self.state.active
        s = spot(seat.spot)
        turn = math.radians(aim.angle)
        dx = s.facing[0] * math.cos(turn) - s.facing[1] * math.sin(turn)
        dy = s.facing[0] * math.sin(turn) + s.facing[1] * math.cos(turn)
        x, y, z = knight_foot(seat.spot, len(seat.tower))
        if self.aim_line is None:
            self.aim_line = Entity(
                parent=self.view.root,
                name="aim-line",
                model="quad",
                color=color.rgba(1, 1, 0.85, 0.75),
            )
            self.aim_line.hide(CASTS_SHADOW)
            self.aim_line.setLightOff(1)
            unshaded(self.aim_line)
        length = AIM_LINE * SCALE
        self.aim_line.scale = (0.06, length)
        self.aim_line.rotation = Vec3(90, math.degrees(math.atan2(dx, dy)), 0)
        self.aim_line.position = Vec3(x + dx * length / 2, y + 0.02, z + dy * length / 2)
        moved = math.dist(self.pressed_at, (x_at, y_at)) >= MOVED_PIXELS
        self.aim_line.enabled = pull >= LEAST_PULL and moved
        self.hud.show_tip(self.strength_words(self.pulling.strength(), pull))

    @staticmethod
    def strength_words(strength: float | None, pull: float) -> str:
        """The label at the pointer: what a release now gives."""
        if pull < LEAST_PULL:
            return _("Pull back from the knight")
        if strength is None:
            return _("Too gentle: move faster as you let go")
        percent = round(strength * 100)
        return say(N_("Strength {percent}% · faster is stronger"), percent=percent)

    def drop_gesture(self) -> None:
        """No pull, no carried tile."""
        self.pulling = None
        if self.aim_line is not None:
            destroy(self.aim_line)
            self.aim_line = None
        if self.carrying:
            self.carrying = False
            self.show(self.state)
        self.view.clear_marks("free")
        self.hud.show_tip("")

    # ----- the tower tile --------------------------------------------------------------------

    def own_tile_at(self) -> bool:
        """Whether the pointer is on the acting player's tower tile."""
        at = pointer_on_plane(TILE_SIZE[2] * SCALE)
        if at is None:
            return False
        x, _y, z = spot_point(self.state.active.spot)
        return bool(max(abs(at.x - x), abs(at.z - z)) <= TILE_SIZE[0] * SCALE * 0.6)

    def spot_at(self) -> int | None:
        """The spot under the pointer (within a tile's width of its centre)."""
        at = pointer_on_plane(0.0)
        if at is None:
            return None
        best = min(range(1, SPOTS + 1), key=lambda n: _flat(spot_point(n), at))
        return best if _flat(spot_point(best), at) <= TILE_SIZE[0] * SCALE * 0.75 else None

    def colour_at(self) -> Colour | None:
        """The supply's colour under the pointer."""
        at = pointer_on_plane(0.0)
        if at is None:
            return None
        for colour in COLOURS:
            x, _y, z = supply_point(colour, 0)
            if abs(at.x - x - 0.28) <= 0.75 and abs(at.z - z - 0.28) <= 0.75:
                return colour
        return None

    def start_carry(self) -> Refused | None:
        """A press on one's own tower tile: carry it when the rules allow, else why not."""
        state = self.state
        free = [a.spot for a in legal_actions(state) if isinstance(a, MoveTower)]
        if not free:
            other = next(n for n in range(1, SPOTS + 1) if n != state.active.spot)
            return refusal(state, MoveTower(spot=other))
        self.carrying = True
        self.view.mark("free", [Place("spot", n) for n in free])
        self.hud.message(_("Drop the tower tile on a free spot (marked green)."))
        return None

    def carry(self) -> None:
        at = pointer_on_plane(TILE_SIZE[2] * SCALE)
        if at is not None:
            self.view.towers[self.state.turn.seat].position = Vec3(at.x, 0.03, at.z)

    def drop_tile(self) -> Action | None:
        """Release: the tile moves to the spot under it (the core decides), or goes back."""
        target = self.spot_at()
        self.drop_gesture()
        if target is None:
            self.went_back()
            return None
        return MoveTower(spot=target)

    def went_back(self) -> None:
        """The tower tile was dropped on no spot: it goes back, and the line says so (in a
        lesson, with the lesson's sentence)."""
        self.hud.message(_(WENT_BACK))
        if self.lesson is not None:
            self.lesson.refuse(ModeRefused(OFF_SPOT, WENT_BACK))

    # ----- undo ------------------------------------------------------------------------------

    # ----- what the HUD says -----------------------------------------------------------------

    def show_turn(self) -> None:
        """Redraw the HUD for the turn as it stands."""
        state = self.state
        bots = self.table.session.bots
        legal = self.offered(state)
        person = self.table.person_acts()
        choices = tuple(a.colour for a in legal if isinstance(a, Take))
        self.hud.refresh(
            self.seen(state, self.hud.peeking),
            self.title(state, ends=End() in legal),
            person=person,
            can_undo=self.table.driver.can_undo,
            can_roll=Roll() in legal,
            can_end=End() in legal,
            choices=choices,
        )
        self.view.clear_marks("choose")
        if person and choices:
            self.view.mark("choose", [Place("colour", c.value) for c in choices])
        if state.over:
            return
        seat = state.turn.seat
        if not self.table.plays_here(seat):
            if self.table.bots.announce and not self.told_roll:
                thinking = N_("{player} is thinking… (F: hurry)")
                self.hud.message(say(thinking, player=seat_label(seat, bots)))
            return
        if self.can_flick() and self._framed != len(self.table.session.history):
            self._framed = len(self.table.session.history)
            frame_tower(self.rig, self.state, clear_of=self.panels())
        starts = state.turn.phase is Phase.START and not state.turn.moved
        if starts and self.table.hand_over(len(self.table.session.history), seat):
            if person and not self.can_flick():
                self.go_home()  # the player sees their own tower and the castle

    def take_forced(self) -> Action | None:
        """A person's only choice of knight is taken for them once the table rests (K8, K9):
        no click for what cannot be otherwise (after an undo to it, it waits for the click)."""
        at = len(self.table.session.history)
        if not self.table.person_acts() or self.busy or self._forced == at:
            return None
        legal = self.offered(self.state)
        if len(legal) == 1 and isinstance(legal[0], Take):
            self._forced = at
            return legal[0]
        return None

    def viewer_spot(self) -> int | None:
        """The spot of the tower the table is seen from: the person to act, else the first
        person at the table (None when bots hold every seat); in a lesson, the learner's,
        whoever is to act (after the goal the other player is)."""
        state = self.state
        if self.lesson is not None:
            return state.seats[0].spot
        persons = self.persons()
        if not persons:
            return None
        seat = state.turn.seat if state.turn.seat in persons else persons[0]
        return state.seats[seat].spot

    def persons(self) -> list[int]:
        """The seats a person plays at this screen."""
        return [s for s in range(len(self.state.seats)) if self.table.plays_here(s)]

    def go_home(self) -> None:
        """Ease the camera to the opening view from behind the viewer's tower."""
        target, distance, heading, _tilt = self.rig.home
        self.rig.ease_to(target, distance, heading=heading)

    def offered(self, state: State) -> list[Action]:
        """The legal actions the table offers the player in `state` (its buttons and what its
        panel says); a lesson offers only those it takes."""
        course = self.lesson.course if self.lesson is not None else None
        return [a for a in legal_actions(state) if course is None or course.judge(a) is None]

    def title(self, state: State, ends: bool = True) -> str:
        """'Orange to play' and, on the next line, what to do (with Enter to end the turn when
        `ends`); once a lesson's goal is reached, what to do now."""
        if self.lesson is not None and self.lesson.done:
            return self.lesson.done_title()
        if state.over:
            return _("Game over")
        seat = state.turn.seat
        line = say(N_("{player} to play"), player=seat_label(seat, self.table.session.bots))
        if not self.table.plays_here(seat):
            return line
        phase = state.turn.phase
        if phase is Phase.CHOOSE:
            todo = say_n(
                "Choose {count} knight: click a marked colour in the supply or its button.",
                "Choose {count} knights: click a marked colour in the supply or its button.",
                state.turn.choices,
                count=state.turn.choices,
            )
        elif phase is Phase.AGAIN and ends:
            todo = _("Missed. Flick again (beginners' option), or press Enter to end the turn.")
        elif phase is Phase.AGAIN:
            todo = _("Missed. Flick again (beginners' option).")
        elif phase is Phase.LOOTED and ends:
            todo = _("Drag your tower tile to another free spot, or press Enter to end the turn.")
        elif phase is Phase.LOOTED:
            todo = _("Drag your tower tile to another free spot.")
        elif state.active.full:
            todo = _("Your tower is full: press on its top knight, pull back and flick it.")
        elif not state.active.tower and not state.turn.moved:
            todo = _("Roll the dice (Space), or first drag your empty tower tile to another spot.")
        else:
            todo = _("Roll the dice (Space).")
        return line + "\n" + todo

    def caption(self, before: State, action: Action, events: Sequence[Event]) -> str:
        return caption(before, action, events)

    @staticmethod
    def player_name(seat: int) -> str:
        return player_name(seat)

    def end_line(self) -> str:
        """The headline for the end card."""

        return headline(ranking(self.state))

    # ----- frames and input ------------------------------------------------------------------

    def next_try(self) -> None:
        """The flick lesson's position again, on the same screen, with the try counted."""
        assert self.lesson is not None
        course = self.lesson.course
        course.next_try()
        self.table.session = course.session
        self._framed = None
        self.show(self.state)
        self.table.enter_turn()
        self.lesson.show_lesson()
        self.hud.message(say(TRY_AGAIN, number=course.tries, count=TRIES))

    def frame(self) -> Action | None:
        """Each frame: the camera after a flight, a lesson's missed try put back, the pull or
        the carried tile followed, what the person to act may peek at, and their only choice
        taken for them."""
        if self.after_flight and not self.view.tweens.busy:
            self.after_flight = False
            if self.table.person_acts() and self.can_flick():
                # K15: the second flick from the same view
                frame_tower(self.rig, self.state, clear_of=self.panels())
            else:
                self.go_home()
        lesson = self.lesson
        if lesson is not None and lesson.missed_try() and not self.moving:
            self.next_try()
        if self.table.ignore_input:
            return None
        if self.pulling is not None:
            self.show_pull()
        elif self.carrying:
            self.carry()
        seat = self.state.turn.seat
        persons = self.persons()
        if len(persons) == 1:
            peeking: int | None = persons[0]
        else:
            peeking = seat if held_keys[PEEK_KEY] and seat in persons else None
        if peeking != self.hud.peeking:
            self.hud.peek(peeking, self.seen(self.state, peeking))
        if peeking != self.view.peeking and not self.view.tweens.busy:
            self.view.peek(peeking, self.seen(self.state, peeking))
        return self.take_forced()

    def press(self, key: str) -> Action | Exception | None:
        if key == "left mouse down":
            return None if over_panel() else self.press_down()
        if key == "left mouse up":
            return self.release()
        if key in ROLL_KEYS:
            return self.roll()
        if key in END_KEYS:
            return self.end_turn()
        if key == HURRY_KEY and self.flight is not None:
            self.flight.finish()
        return None

    def press_down(self) -> Action | Exception | None:
        """The left button went down over the table."""
        table = self.table
        if table.told_done() or not table.person_acts():
            return None
        pixel = self.top_knight_pixel()
        near = pixel is not None and math.dist(pixel, pointer_pixel()) <= GRAB_PIXELS * scale()
        if near and self.can_flick():
            self.pull_began()
            self.pulling = PullGesture(window.size[1])
            self.sample_pointer()
            last = self.pulling.samples[-1]
            self.pressed_at = (last.x, last.y)
            self.hud.message(_("Pull back, let go while moving: faster is stronger."))
            return None
        if self.own_tile_at():
            return self.start_carry()
        if near:
            return refusal(self.state, Flick(rest="outside"))
        colour = self.colour_at()
        if colour is not None and table.person_acts():
            return Take(colour=colour)
        return None

    def escape(self) -> bool:
        """Esc during a pull or with the tile carried: let go of it."""
        if self.pulling or self.carrying:
            self.drop_gesture()
            return True
        return False

    def pull_began(self) -> None:
        """A pull on the top knight began: the last refusal (its frame, its line in the
        panel, a lesson's sentence) no longer applies."""
        self.view.clear_marks("fault")
        self.hud.clear_refusal()
        if self.lesson is not None:
            self.lesson.step_taken()

    def release(self) -> Action | None:
        """The left button went up: a pull flicks (the flight decides where the knight comes
        to rest), a carried tile is dropped."""
        if self.pulling is not None:
            self.sample_pointer()
            found = self.pull_aim()
            strength = self.pulling.strength()
            self.drop_gesture()
            if found is None or found[1] < LEAST_PULL:
                self.hud.message(_("Pull further back from the knight to flick it."), bad=True)
                return None
            if strength is None:
                self.hud.message(
                    _("Too gentle: pull back faster and let go while moving."),
                    bad=True,
                )
                return None
            percent = round(strength * 100)
            self.hud.message(say(N_("Flicked: strength {percent}%"), percent=percent))
            return Flick(rest="outside", aim=Aim.nearest(found[0], strength))
        if self.carrying:
            return self.drop_tile()
        return None


def _flat(a: tuple[float, float, float], b: Vec3) -> float:
    return math.hypot(a[0] - b.x, a[2] - b.z)


TABLE_GAME: TableGame[State, Action] = TableGame(
    RULES, PlayDriver, save_to, KlettermaxPlay, KlettermaxLesson
)
"""Burg Klettermax on the play screen."""
