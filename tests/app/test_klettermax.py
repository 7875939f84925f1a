"""Burg Klettermax's table in a real window: a roll by key, the flick by the real pointer
(pressed on the top knight, pulled back, let go while moving) coming to rest where the headless
physics puts the same aim, a flick pulled past the window's bottom edge with xdotool flying and
followed in view, its result said once the knight rests, the tower tile dragged to a free spot
and refused with its reason while knights stand on it, undo of a choice, hidden tiles, bots
playing a seeded game to the end with the settled picture checked after every action, a check
that fails on a wrong picture, the lessons, and the tile on the games screen opening the table
and continuing a game."""

from __future__ import annotations

import math
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Vec3, application, camera, destroy, held_keys, window

from app.settled import differing, frame, leftovers, pointer_away
from climbers.app.host import Host
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.settings import Settings
from climbers.app.table.camera import screen_pixel
from climbers.app.table_shell import TableShell
from climbers.io.language import translate
from climbers.klettermax.core import (
    COLOURS,
    RULES,
    Aim,
    Colour,
    End,
    Flick,
    MoveTower,
    Phase,
    Seat,
    State,
    Turn,
    legal_actions,
    new_state,
)
from climbers.klettermax.core.components import JESTER
from climbers.klettermax.core.dice import deal_tiles
from climbers.klettermax.game.session import KlettermaxSession
from climbers.klettermax.physics import Pose, simulate_flick
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.physics.world import FlickWorld, pose
from climbers.klettermax.table.flight import FLIGHT_VIEW, MOST_PER_FRAME, Flight
from climbers.klettermax.table.geometry import knight_foot, spot_point
from climbers.klettermax.table.kit import shell as klettermax_shell
from climbers.klettermax.table.kit import topic_of
from climbers.klettermax.table.play_board import TABLE_GAME
from climbers.klettermax.table.view import KlettermaxView, Stand, pose_matrix
from climbers.session.lessons import NOT_THE_GOAL, OFF_GOAL

pytestmark = pytest.mark.display

TOLERANCE = 0.001
"""Share of pixels a settled table may differ from a fresh view of its state."""


@pytest.fixture
def table(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Opens Burg Klettermax's play screen on a state or a session; cleared afterwards."""
    from climbers.app.table.scene import clear_scene

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))

    def make(start: State | KlettermaxSession) -> PlayScreen[Any, Any]:
        clear_scene()
        session = start if isinstance(start, KlettermaxSession) else KlettermaxSession(start)
        screen = TABLE_GAME.play(session, save_path=tmp_path / "game.json")
        screen.app = app
        screen.view.tweens.speed = 4.0
        screen.bots.enabled = False  # a test lets its bots play when it wants them to
        pointer_away(app)
        frames(app, 3)
        return screen

    yield make
    clear_scene()
    app.step()


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def owing(tower: tuple[Colour, ...], choices: int) -> State:
    """Seat 0 on spot 8 with `tower`, `choices` knights to choose after its roll (K8, K9)."""
    return State(
        seed=3,
        rolls=1,
        seats=(Seat(spot=8, tower=tower), Seat(spot=2)),
        chambers=deal_tiles(3),
        turn=Turn(seat=0, phase=Phase.CHOOSE, choices=choices),
    )


def full_tower(beginners: bool = False, spot: int = 8) -> State:
    """Seat 0's tower full on `spot`, seat 1 empty on spot 2; seat 0 to act."""
    return State(
        seed=3,
        beginners=beginners,
        seats=(Seat(spot=spot, tower=COLOURS), Seat(spot=2)),
        chambers=deal_tiles(3),
        turn=Turn(seat=0),
    )


def open_lesson(shell: Any, app: Any, lesson_id: str) -> Any:
    """Open a lesson on the shell's table and let it settle."""
    shell.show_lessons(lesson_id)
    app.step()
    lesson = shell.lesson
    assert lesson is not None
    lesson.app = app
    settle(lesson)
    return lesson


def settle(screen: PlayScreen[Any, Any]) -> None:
    """Step frames until nothing moves (pieces, a flight, shadows, the camera) and no bot may
    act."""
    for _ in range(900):
        sun = screen.view.sun
        acting = screen.bots.enabled and screen.bots.to_act is not None
        if not (screen.board.busy or acting or (sun is not None and not sun.settled)):
            return
        screen.app.step()
    raise AssertionError("the table did not settle")


def check_settled(screen: PlayScreen[Any, Any]) -> float:
    """Once settled, the table is the state: every knight, tile, tower tile and die where a
    view built fresh from the state has it, nothing else on the table, and the same picture
    (HUD hidden)."""
    pointer_away(screen.app)
    settle(screen)
    app, view, state = screen.app, screen.view, screen.state
    assert view.flying is None, "no knight left where it flew"
    assert not leftovers(screen), f"left on the table: {leftovers(screen)}"
    marks = list(view.marks.values())
    for mark in marks:
        mark.enabled = False
    try:
        live = frame(app)
        fresh = KlettermaxView(state, lights=False)
        fresh.peek(view.peeking, state)
        for die, shown in zip(fresh.dice, view.dice, strict=True):
            die.rest(shown.face)
        view.root.enabled = False
        try:
            want, got = fresh.pieces(), view.pieces()
            for part in want:
                assert want[part] == got[part], f"the live {part} are not where the state says"
            if view.sun is not None:
                view.sun.redraws = 3
            again = frame(app, 2)
        finally:
            view.root.enabled = True
            destroy(fresh.root)
            if view.sun is not None:
                view.sun.redraws = 3
    finally:
        for mark in marks:
            mark.enabled = True
    share = differing(live, again)
    if share > TOLERANCE and os.environ.get("SETTLED_DEBUG"):
        from PIL import Image

        folder = Path(os.environ["SETTLED_DEBUG"])
        folder.mkdir(exist_ok=True)
        Image.fromarray(live.astype("uint8")).save(folder / "live.png")
        Image.fromarray(again.astype("uint8")).save(folder / "fresh.png")
    assert share <= TOLERANCE, f"{share:.2%} of the pixels differ from a fresh view of the state"
    return share


@pytest.mark.rule("K6")
def test_space_rolls_and_the_dice_rest_on_the_faces_rolled(table: Any) -> None:
    screen = table(new_state(2, 11, first=0))
    screen.app.input("space", is_raw=True)
    frames(screen.app, 1)
    assert screen.session.log == ["roll"]
    check_settled(screen)
    rolled = screen.session.history[-1].events[0]
    assert [d.up_face() for d in screen.view.dice] == list(rolled.faces)


@pytest.mark.rule("K6")
def test_a_persons_roll_stays_said_while_the_next_bot_waits_to_be_followed(table: Any) -> None:
    """Issue 32, item 15: after a roll that ends a person's turn, the line below the table says
    what it rolled and gave (not the bot's thinking), and the bot waits TURN_HOLD before its
    own roll; a bot after a bot keeps the bots' pace."""
    from climbers.klettermax.table.play_board import TURN_HOLD
    from climbers.klettermax.table.words import player_name

    screen = table(KlettermaxSession(new_state(2, 0, first=0), bots={1: "easy"}))
    screen.bots.pace = 0.6
    settle(screen)
    screen.input("space")
    assert screen.session.log == ["roll"] and screen.state.turn.seat == 1
    said = screen.hud.note
    assert said.startswith(f"{player_name(0)} rolls") and "already has" in said
    assert screen.bots.pause(screen.state) == TURN_HOLD
    frames(screen.app, 3)
    assert screen.hud.note == said, "the roll stays said while the bot waits"
    assert screen.bots.pause(new_state(2, 0, first=1)) == TURN_HOLD
    screen.bots.bots[0] = screen.bots.bots[1]  # seat 0 a bot too: the bots' own pace
    assert screen.bots.pause(screen.state) == 0.6


@pytest.mark.rule("K12")
def test_a_missed_knight_glides_back_to_the_supply_before_the_table_is_redrawn(
    table: Any,
) -> None:
    """The knight of a miss lies a moment, then glides back; the redraw of the state waits for
    it (it used to jump to the supply in one frame)."""
    screen = table(full_tower())
    settle(screen)
    assert screen.apply(Flick(rest="outside"))
    tracks = screen.view.tweens.tracks
    ends = {entity: sum(leg.duration for leg in legs) for entity, legs in tracks.items()}
    redraw = ends.pop(screen.view.clock)
    assert ends and redraw >= max(ends.values())
    settle(screen)
    check_settled(screen)


def test_the_strength_label_stays_above_the_key_help(table: Any) -> None:
    """Issue 32, item 17: pulled down to the window's foot, the label does not cover the
    keys' line."""
    screen = table(full_tower())
    settle(screen)
    knight = press_knight(screen)
    bottom = int(window.size[1]) - 3
    for step in range(1, 5):
        application.base.win.move_pointer(
            0, knight[0], knight[1] + (bottom - knight[1]) * step // 4
        )
        frames(screen.app, 1)
    tip, keys = screen.hud.tip, screen.hud.help
    assert screen.hud.tip_text and tip.enabled and keys.enabled
    assert tip.box[3] <= keys.box[1], f"{tip.box} over {keys.box}"
    screen.app.input("escape")


def press_knight(screen: PlayScreen[Any, Any]) -> tuple[int, int]:
    """The real pointer onto the active tower's top knight and the left button pressed there;
    the knight's window pixel."""
    seat = screen.state.active
    x, y, z = knight_foot(seat.spot, len(seat.tower) - 1)
    knight = screen_pixel(Vec3(x, y + 0.35, z))
    assert knight is not None
    application.base.win.move_pointer(0, *knight)
    frames(screen.app, 2)
    screen.app.input("left mouse down")
    frames(screen.app, 1)
    return knight


def pull(screen: PlayScreen[Any, Any], towards: tuple[float, float]) -> None:
    """Press on the top knight with the real pointer, pull towards `towards` (a window pixel)
    and let go there while still moving."""
    knight = press_knight(screen)
    assert screen.board.pulling, "a press on the top knight takes it"
    for step in range(1, 7):  # a flick: the pointer still moves as the button goes up
        x = knight[0] + (towards[0] - knight[0]) * step / 6
        y = knight[1] + (towards[1] - knight[1]) * step / 6
        application.base.win.move_pointer(0, int(x), int(y))
        frames(screen.app, 1)
    assert screen.board.aim_line is not None and screen.board.aim_line.enabled, (
        "the line shows the aim"
    )
    screen.app.input("left mouse up")
    frames(screen.app, 1)


@pytest.mark.rule("K11")
def test_a_refusals_frame_on_the_tower_goes_as_the_pull_begins(table: Any) -> None:
    """Issue 32, item 17: the frame of a refusal does not stay through aiming and flight."""
    screen = table(full_tower())
    settle(screen)
    screen.app.input("space", is_raw=True)  # a full tower flicks: rolling is refused
    frames(screen.app, 1)
    assert screen.session.log == [] and ("fault", "tower:0") in screen.view.marks
    assert screen.hud.last_refusal
    press_knight(screen)
    assert screen.board.pulling and not any(kind == "fault" for kind, _place in screen.view.marks)
    assert not screen.hud.last_refusal, "nor its line in the panel (round four's playtest)"
    screen.app.input("escape")


def test_the_flick_lessons_sentence_for_a_refused_roll_goes_as_the_pull_begins(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """Round four's playtest: after a refused roll and a pull, the lesson still said "A full
    tower flicks: press on its top knight." and the panel kept the roll's refusal."""
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        lesson = open_lesson(shell, app, "flicking")
        app.input("space", is_raw=True)
        frames(app, 1)
        assert lesson.driver.explanation and lesson.hud.last_refusal
        press_knight(lesson)
        assert lesson.board.pulling
        assert not lesson.driver.explanation and not lesson.hud.last_refusal
        app.input("escape")
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K12")
def test_a_flick_by_the_pointer_rests_where_the_headless_physics_puts_its_aim(
    table: Any,
) -> None:
    screen = table(full_tower())
    settle(screen)  # the camera frames the tower
    seat = screen.state.active
    x, y, z = knight_foot(seat.spot, 0)
    knight = screen_pixel(Vec3(x, y, z))
    assert knight is not None
    pull(screen, (knight[0] + 12, knight[1] + 70))
    assert screen.board.flight is not None, "the knight flies"
    aim = screen.board.flight.aim
    check_settled(screen)
    flick = screen.session.actions[-1]
    assert flick.aim == aim
    headless = simulate_flick(seat.spot, physical(aim), 5).outcome
    assert (flick.rest, flick.chamber) == (headless.kind, headless.chamber)
    if flick.rest != "chamber" or not full_tower().chambers[flick.chamber - 1]:
        assert says_the_miss(screen.hud.note), "a miss says where the knight came to rest"


def says_the_miss(note: str) -> bool:
    """Whether a line says how a flick missed: where the knight rests, or too soft or hard."""
    return "came to rest" in note or note.startswith(("Too soft:", "Too hard:"))


def xdo(*args: object) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=10)


def window_origin(app: Any) -> tuple[int, int]:
    """Where the window's top-left pixel is on the X screen, as the pointer reports it."""
    props = application.base.win.getProperties()
    guess = props.getXOrigin(), props.getYOrigin()
    xdo("mousemove", guess[0] + 300, guess[1] + 300)
    frames(app, 3)
    pointer = application.base.win.getPointer(0)
    assert pointer.getInWindow(), "the pointer is in the window"
    return guess[0] + 300 - int(pointer.getX()), guess[1] + 300 - int(pointer.getY())


def knight_pixel(screen: PlayScreen[Any, Any]) -> tuple[float, float] | None:
    """Where the flying knight shows in the window (None when off it)."""
    flying = screen.view.flying
    assert flying is not None
    return screen_pixel(Vec3(flying.world_position))


def test_a_flick_by_the_real_pointer_past_the_windows_bottom_edge_flies(table: Any) -> None:
    """xdotool presses on the top knight, pulls back towards the window's bottom edge and flicks
    past it, letting go while still moving: a flick, not a refusal (issue 31)."""
    assert shutil.which("xdotool"), "needs xdotool (scripts/test installs it when run as root)"
    screen = table(full_tower())
    settle(screen)
    app = screen.app
    ox, oy = window_origin(app)
    try:
        flick_past_the_bottom_edge(screen, ox, oy)
    finally:
        xdo("mouseup", 1, "mousemove", ox + 640, oy + 360)  # the pointer back in the window
        frames(app, 2)


def flick_past_the_bottom_edge(screen: PlayScreen[Any, Any], ox: int, oy: int) -> None:
    app, seat = screen.app, screen.state.active
    knight = screen.board.top_knight_pixel()
    assert knight is not None
    x = ox + knight[0]
    xdo("mousemove", x, oy + knight[1])
    frames(app, 2)
    xdo("mousedown", 1)
    frames(app, 2)
    gesture = screen.board.pulling
    assert gesture is not None, "a press on the top knight takes it"
    height = window.size[1]
    near_edge = height - 40
    labels = []
    for k in range(1, 5):  # pull back towards the window's bottom edge ...
        xdo("mousemove", x, oy + knight[1] + (near_edge - knight[1]) * k // 4)
        frames(app, 1)
        labels.append(screen.hud.tip_text)
    assert any("%" in label for label in labels), f"the label shows the strength: {labels}"
    xdo("mousemove", x, oy + height + 300, "mouseup", 1)  # ... flick past it and let go
    for _ in range(10):
        frames(app, 1)
        if screen.board.pulling is None:
            break
    assert max(s.y for s in gesture.samples) > height, "the pull went past the window's edge"
    assert screen.board.flight is not None, (
        f"a flick, not a refusal: {screen.hud.note!r} ({labels})"
    )
    assert screen.board.aim_line is None, "the aim line goes at the release"
    flight = screen.board.flight
    assert flight.aim.strength > 0 and "%" in screen.hud.note, "the flick's strength is said"
    said, actions = screen.hud.note, len(screen.session.actions)
    w, h = window.size
    shown_at = [flight.seconds]
    while screen.board.flight is not None:
        pixel = knight_pixel(screen)
        assert pixel is not None and 0 <= pixel[0] <= w and 0 <= pixel[1] <= h, (
            f"the knight is in the window while it flies ({pixel} at {flight.seconds:.2f} s)"
        )
        assert len(screen.session.actions) == actions and screen.hud.note == said, (
            "nothing is said of the result before the knight rests"
        )
        app.step()
        shown_at.append(flight.seconds)
    steps = [b - a for a, b in zip(shown_at, shown_at[1:], strict=False)]
    assert max(steps) <= MOST_PER_FRAME + 1e-9, "every stretch of the flight is drawn"
    check_settled(screen)
    flick = screen.session.actions[-1]
    assert isinstance(flick, Flick) and flick.aim == flight.aim
    headless = simulate_flick(seat.spot, physical(flick.aim), 5)
    assert (flick.rest, flick.chamber) == (headless.outcome.kind, headless.outcome.chamber)
    impacts = [impact.surface for impact in flight.path.impacts]
    assert screen.board.sounds.heard == impacts, "each impact is heard, the wall's and the floor's"


@pytest.mark.rule("K12")
def test_the_flight_is_the_same_whatever_the_frames(app: Any) -> None:
    aim = Aim(angle=-12.5, strength=0.5)
    headless = simulate_flick(5, physical(aim), 5)
    for dts in ((1 / 60,), (1 / 13, 1 / 240, 1 / 31), (0.25,)):
        poses = []
        results = []
        flight = Flight(5, 5, aim, poses.append, results.append)
        flight.enabled = False  # stepped here, not by the frames
        k = 0
        while not results:
            flight.advance(dts[k % len(dts)])
            k += 1
        destroy(flight)
        assert results[0].outcome == headless.outcome
        assert results[0].rest == headless.rest and results[0].steps == headless.steps
        assert poses[-1] == headless.frames[-1]
        shown = flight.path.length / MOST_PER_FRAME
        assert len(poses) >= shown - 1, "a slow frame shows a stretch of the flight, never all"


@pytest.mark.rule("K15")
def test_a_second_flick_after_a_miss_with_the_beginners_option(table: Any) -> None:
    screen = table(full_tower(beginners=True))
    settle(screen)
    rig = screen.rig
    first = rig.distance, Vec3(rig.pivot.position)
    assert rig.distance < FLIGHT_VIEW * 1.2, "a close view"
    screen.submit(_missing_flick(screen.state))
    check_settled(screen)
    assert screen.state.turn.phase is Phase.AGAIN and says_the_miss(screen.hud.note)
    assert screen.board.can_flick() and screen.hud.end_button.enabled
    assert rig.glide is None and rig.distance == pytest.approx(first[0]), (
        "the second flick is made from the same close view as the first"
    )
    assert (rig.pivot.position - first[1]).length() < 1e-4
    assert screen.board.top_knight_pixel() is not None


def turned(a: Any, b: Any) -> float:
    """The degrees between two Panda3D rotations."""
    return math.degrees(2 * math.acos(min(1.0, abs(a.dot(b)))))


@pytest.mark.parametrize("spots", [(1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9, 12)])
def test_a_knight_posed_by_the_physics_is_drawn_as_the_view_stands_it(
    table: Any, spots: tuple[int, ...]
) -> None:
    """The physics' standing towers, every knight posed by `pose_matrix`, are the view's own
    towers: the figure faces the castle, so a knight set moving by a flick starts from where
    and how it stood."""
    seats = tuple(Seat(spot=spot, tower=COLOURS) for spot in spots)
    screen = table(State(seed=3, seats=seats, chambers=deal_tiles(3), turn=Turn(seat=0)))
    view = screen.view
    for seat, spot in enumerate(spots):
        for level, knight in enumerate(FlickWorld(spot, 5).knights):
            (e,) = [e for e, at in view.where.items() if at == Stand(seat, level)]
            assert e.getMat(e.parent).almostEqual(pose_matrix(Pose(*pose(knight))), 1e-5)


@pytest.mark.rule("K12")
@pytest.mark.rule("K14")
@pytest.mark.parametrize(
    "spot,aim,least",
    [(1, Aim(angle=0.0, strength=0.05), 1.5), (4, Aim(angle=40.0, strength=0.06), 60.0)],
    ids=["wobbles", "falls"],
)
def test_a_soft_flick_sways_the_tower_below_and_it_then_stands_as_the_state_says(
    table: Any, spot: int, aim: Aim, least: float
) -> None:
    """Issue 31, item 2: a flick falling back onto its own tower moves the knights below as the
    physics has them (turned, leaning, or knocked off: K14, stacked again), they rest where the
    physics leaves them, and once the table settles they stand upright on the tower."""
    screen = table(full_tower(spot=spot))
    settle(screen)
    view = screen.view
    below = sorted(
        (e for e, at in view.where.items() if at.seat == 0 and at.index < 4),
        key=lambda e: view.where[e].index,
    )
    stood = [(e.getQuat(e.parent), Vec3(e.position)) for e in below]
    headless = simulate_flick(spot, physical(aim), 5)
    screen.submit(Flick(rest="outside", aim=aim))
    most = 0.0
    while screen.board.flight is not None:
        frames(screen.app, 1)
        now = [turned(q, e.getQuat(e.parent)) for e, (q, _) in zip(below, stood, strict=True)]
        most = max(most, *now)
    assert most > least, f"the knights below turned {most:.2f}° at most while the knight flew"
    for e, rested in zip(below, headless.tower[-1], strict=True):
        assert e.getMat(e.parent).almostEqual(pose_matrix(rested), 1e-4), "as the physics left it"
    left = [turned(q, e.getQuat(e.parent)) for e, (q, _) in zip(below, stood, strict=True)]
    most_left = left.index(max(left))
    view.tweens.speed = 0.25  # slow enough to see every knight on its way back
    on_the_way = []
    while view.tweens.busy:
        frames(screen.app, 1)
        e, (q, _) = below[most_left], stood[most_left]
        on_the_way.append(turned(q, e.getQuat(e.parent)))
    assert any(0.1 < t < left[most_left] - 0.1 for t in on_the_way), "it stands again gradually"
    check_settled(screen)
    assert screen.state.seats[0].tower == COLOURS[:4]
    for e, (q, at) in zip(below, stood, strict=True):
        assert view.where[e].seat == 0, "the same knights stand on the tower"
        assert turned(q, e.getQuat(e.parent)) < 0.1 and (e.position - at).length() < 1e-4


def _missing_flick(state: State) -> Any:
    """A recorded flick of the active tower that the physics brings to rest outside."""
    from climbers.klettermax.physics.recorded import flick_action

    seat = state.active
    for strength in (0.0, 0.05, 0.1, 0.95, 1.0):
        flick = flick_action(seat.spot, len(seat.tower), Aim(angle=0.0, strength=strength))
        if flick.rest != "chamber":
            return flick
    raise AssertionError("every flick hit")


@pytest.mark.rule("K13")
def test_the_empty_tower_tile_is_dragged_to_a_free_spot_and_undone(table: Any) -> None:
    screen = table(new_state(2, 11, first=0))
    start = screen.state.active.spot
    drag_tile(screen, start, 4)
    assert screen.state.active.spot == 4 and screen.session.log == ["move-tower 4"]
    check_settled(screen)
    screen.app.input("u", is_raw=True)
    frames(screen.app, 1)
    assert screen.state.active.spot == start and screen.session.log == []
    check_settled(screen)
    screen.app.input("space", is_raw=True)
    frames(screen.app, 1)
    screen.app.input("u", is_raw=True)
    assert screen.session.log == ["roll"] and "stand" in screen.hud.note
    said = screen.hud.note
    screen.app.input("y", is_raw=True)  # nothing is redone at this table: Y does nothing
    frames(screen.app, 1)
    assert screen.session.log == ["roll"] and screen.hud.note == said


def drag_tile(screen: PlayScreen[Any, Any], spot: int, to: int | Vec3) -> None:
    """Press on the tower tile on `spot`, drop it on spot `to` (or at a point of the table)."""
    here = screen_pixel(Vec3(*spot_point(spot)))
    there = screen_pixel(to if isinstance(to, Vec3) else Vec3(*spot_point(to)))
    assert here is not None and there is not None
    application.base.win.move_pointer(0, *here)
    frames(screen.app, 2)
    screen.app.input("left mouse down")
    frames(screen.app, 2)
    application.base.win.move_pointer(0, *there)
    frames(screen.app, 2)
    screen.app.input("left mouse up")
    frames(screen.app, 1)


@pytest.mark.rule("K13")
def test_the_moving_lessons_tile_dropped_on_no_spot_goes_back_with_the_lessons_sentence(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """Issue 32, item 17: lesson 4's tile let go over the castle, where no spot is, goes back
    to its spot; the table's line says so and the lesson's panel says it in the lesson's
    words."""
    from climbers.klettermax.lessons import OFF_SPOT
    from climbers.klettermax.table.play_board import WENT_BACK

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_lessons("moving")
        app.step()
        lesson = shell.lesson
        assert lesson is not None and lesson.lesson.course.lesson.id == "moving"
        lesson.app = app
        settle(lesson)
        start = lesson.state.active.spot
        drag_tile(lesson, start, Vec3(0, 0, 0))
        assert lesson.state.active.spot == start and lesson.session.log == []
        assert lesson.hud.note == translate(WENT_BACK)
        own = lesson.lesson.course.lesson.explanations[OFF_SPOT]
        assert lesson.driver.explanation == translate(own)
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K13")
def test_a_tower_tile_with_knights_is_refused_with_its_reason_and_marked(table: Any) -> None:
    state = full_tower(spot=8).model_copy(update={"turn": Turn(seat=1)})
    half = State.model_validate(
        {**dict(state), "seats": (Seat(spot=8), Seat(spot=2, tower=COLOURS[:2]))}
    )
    screen = table(half)
    settle(screen)
    drag_tile(screen, 2, 4)
    assert screen.session.log == []
    assert "holds 2" in screen.hud.last_refusal
    assert ("fault", "tower:1") in screen.view.marks


def held_state(counts: tuple[int, ...], spots: tuple[int, ...]) -> State:
    """Seats on `spots` holding `counts` tiles taken from the chambers' tops, seat 0 to act."""
    chambers = [list(stack) for stack in deal_tiles(3)]
    held = []
    for count in counts:
        taken: list[int] = []
        for stack in chambers:
            if len(taken) < count and stack:
                taken.append(stack.pop(0))
        held.append(tuple(taken))
    return State(
        seed=3,
        seats=tuple(Seat(spot=s, tiles=t) for s, t in zip(spots, held, strict=True)),
        chambers=tuple(tuple(stack) for stack in chambers),
        turn=Turn(seat=0),
    )


@pytest.mark.rule("K12")
def test_every_won_tile_shows_a_strip_of_its_own_clear_of_other_pieces(table: Any) -> None:
    """Issue 32, item 17: a player's won tiles do not lie on top of each other: seen from above,
    a good strip of each shows past the tiles won after it, and none lies on another player's
    tiles, a tower spot or the supply."""
    from climbers.klettermax.physics.castle import TILE_SIZE
    from climbers.klettermax.table.geometry import TREASURE_TILE

    state = held_state((4, 4, 4, 3), (8, 9, 5, 2))
    screen = table(state)
    settle(screen)
    half = TREASURE_TILE * 0.25 / 2  # window units

    def square(entity: Any, side: float = half) -> tuple[float, float, float, float]:
        x, z = entity.world_x, entity.world_z
        return x - side, z - side, x + side, z + side

    def inside(x: float, z: float, box: tuple[float, float, float, float]) -> bool:
        return box[0] < x < box[2] and box[1] < z < box[3]

    grid = [(i + 0.5) / 20 for i in range(20)]
    held = screen.view.held
    for seat, tiles in enumerate(held):
        assert len(tiles) == len(state.seats[seat].tiles)
        for index, tile in enumerate(tiles):
            x0, z0, x1, z1 = square(tile)
            above = [square(t) for t in tiles[index + 1 :]]
            points = [(x0 + (x1 - x0) * u, z0 + (z1 - z0) * v) for u in grid for v in grid]
            shows = sum(not any(inside(x, z, b) for b in above) for x, z in points)
            assert shows / len(points) >= 0.25, f"seat {seat}'s tile {index}: {shows} of 400"
        others = [square(t) for s, ts in enumerate(held) if s != seat for t in ts]
        side = TILE_SIZE[0] * 0.25 / 2
        spots = [
            (x - side, z - side, x + side, z + side)
            for x, _y, z in (spot_point(n) for n in range(1, 13))
        ]
        supply = [
            square(k, 0.9 * 0.25) for k, stand in screen.view.where.items() if stand.seat is None
        ]
        for tile in tiles:
            mine = square(tile)
            for other in others + spots + supply:
                assert not overlaps(mine, other), f"seat {seat}'s tile on {other}"


@pytest.mark.rule("K12")
def test_tiles_held_are_counts_for_others_and_own_treasures_on_a_peek(table: Any) -> None:
    dealt = deal_tiles(3)
    chambers = tuple(stack[1:] if n < 3 else stack for n, stack in enumerate(dealt))
    seats = (Seat(spot=8, tiles=(dealt[0][0],)), Seat(spot=2, tiles=(dealt[1][0], dealt[2][0])))
    state = State.model_validate({**dict(full_tower()), "seats": seats, "chambers": chambers})
    screen = table(state)
    screen.update()
    assert screen.hud.peeking is None, "hot-seat: nobody's tiles without the peek key"
    onlooker = RULES.observe(state, None)
    assert RULES.observe(screen.view.state, None) == onlooker, "the table shows the game"
    assert screen.view.state.seats != state.seats, "no tile it may not show is on the table"
    assert screen.hud.shown == screen.view.state
    assert screen.hud.tiles_words(state, 1) == "2 of 5 tiles"
    screen.hud.peek(0, state)
    assert screen.hud.tiles_words(state, 0) == f"1 of 5 tiles · {dealt[0][0]} treasure" + (
        "s" if dealt[0][0] > 1 else ""
    )
    assert screen.hud.tiles_words(state, 1) == "2 of 5 tiles"
    assert all(t.treasures is None for held in screen.view.held for t in held), "face down"
    held_keys["t"] = 1  # the peek key, held by the player to act (seat 0)
    try:
        screen.update()
        assert screen.hud.peeking == 0
        own, other = screen.view.held[0], screen.view.held[1]
        assert [t.treasures for t in own] == [dealt[0][0]], "the peeker's tile lies face up"
        assert all(t.treasures is None for t in other), "the others' stay face down"
        assert RULES.observe(screen.view.state, 0) == RULES.observe(state, 0)
        assert screen.view.state.seats[1] != state.seats[1], "not the other's tiles, face down"
    finally:
        held_keys["t"] = 0
    screen.update()
    assert screen.hud.peeking is None, "let go, the tiles are hidden again"
    assert all(t.treasures is None for held in screen.view.held for t in held), "face down"
    screen.session.bots[1] = "easy"  # the only person at the table sees their own tiles
    screen.update()
    assert [t.treasures for t in screen.view.held[0]] == [dealt[0][0]]
    check_settled(screen)


def test_bots_play_a_seeded_game_to_the_end_and_the_picture_is_the_state_after_every_action(
    table: Any,
) -> None:
    session = KlettermaxSession(new_state(3, 21, first=0), bots={0: "hard", 1: "hard", 2: "medium"})
    screen = table(session)
    screen.bots.pace = 0.0
    screen.bots.announce = False
    checked = 0
    while not screen.state.over:
        before = len(session.log)
        screen.bots.enabled = True
        for _ in range(3000):
            screen.app.step()
            if len(session.log) > before:
                break
            if screen.board.flight is not None:
                screen.board.flight.finish()
        assert len(session.log) == before + 1, "a bot acts within 3000 frames"
        screen.bots.enabled = False
        check_settled(screen)
        checked += 1
    assert checked == len(session.log)
    assert "Space roll" not in screen.hud.help_text, "no roll or flick keys after the end"
    assert all(t.treasures is not None for held in screen.view.held for t in held), "revealed"


def test_the_check_catches_a_wrong_picture(table: Any) -> None:
    screen = table(full_tower())
    check_settled(screen)
    knight = screen.view.knights[COLOURS[0]][0]
    knight.y += 1.0
    with pytest.raises(AssertionError, match="knights"):
        check_settled(screen)
    knight.y -= 1.0
    from climbers.klettermax.table.textures import treasure_texture

    label = screen.view.labels[4]  # the chamber's tile itself lies behind its walls here
    assert label is not None
    label.texture = treasure_texture(None)  # face down, where the state has it face up
    with pytest.raises(AssertionError, match="pixels differ"):
        check_settled(screen)


@pytest.fixture
def host(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Host(Settings(animation_speed=4.0, bot_pace=0.0))
    yield made
    made.screens.go("Games")
    made.screens.defaultExit()
    app.step()


def test_the_klettermax_tile_opens_its_table_and_a_game_is_continued(app: Any, host: Host) -> None:
    host.choose()
    app.step()
    tile = next(t for t in host.screens.screen.tiles if t.entry.name == "klettermax")
    tile.on_click()
    app.step()
    shell = host.table
    assert (
        isinstance(shell, TableShell) and shell.kit.name == "klettermax" and shell.menu is not None
    )
    shell.menu.seats[0].index = 0  # human
    shell.menu.seats[1].step(1)  # medium bot → hard bot
    shell.menu.start_button.on_click()
    app.step()
    play = shell.play
    assert play is not None and len(play.state.seats) == 2
    assert play.session.bots == {1: "hard"}
    for _ in range(600):
        app.step()
        if play.person_acts() and play.state.turn.phase is Phase.START:
            break
    play.input("space")
    app.step()
    assert shell.game_saved()
    play.input("escape")
    assert shell.dialog is not None, "Esc: the pause card over the game"
    app.step()  # the card takes Esc from the next frame on
    shell.dialog.input("escape")
    assert shell.dialog is None, "Esc again: back to the game"
    shell.input("f1")  # issue 32, item 17: the topic of the moment
    assert shell.help.enabled and shell.help.current.key == topic_of(play.state) == "roll"
    shell.input("f1")
    shell.input("f4")
    panel = shell.panel
    assert panel is not None and panel.bot_pace.enabled and not panel.grid_lines.enabled
    assert panel.sound.enabled, "the flight's knocks can be turned off (issue 32, item 17)"
    panel.sound.flip()
    assert shell.play.board.sounds.enabled == shell.settings.sound
    panel.close()
    shell.show_menu()
    app.step()
    assert shell.menu is not None and shell.menu.resume_button is not None
    shell.menu.resume_button.on_click()
    app.step()
    resumed = shell.play
    assert resumed is not None, "the last game goes on"
    played = play.session.log
    assert resumed.session.log[: len(played)] == played, "the game goes on from where it was"
    assert resumed.session.bots == {1: "hard"}


def open_klettermax(app: Any, host: Host) -> TableShell[Any, Any]:
    """The Klettermax tile clicked on the games screen: its table, showing its menu."""
    host.choose()
    app.step()
    tile = next(t for t in host.screens.screen.tiles if t.entry.name == "klettermax")
    tile.on_click()
    app.step()
    shell = host.table
    assert isinstance(shell, TableShell) and shell.menu is not None
    return shell


def test_the_last_games_seats_are_offered_again_after_the_table_is_opened_anew(
    app: Any, host: Host
) -> None:
    """Issue 32, item 17: who held each seat (a person, which bot, nobody) and the beginners'
    option come back on the new-game screen of a table opened anew (as after a relaunch),
    as they do on the way back to the menu."""
    chosen = ("human", "hard", "human", "nobody")
    shell = open_klettermax(app, host)
    assert shell.menu.setup.seats != chosen, "the defaults differ from the choice"
    for choice, who in zip(shell.menu.seats, chosen, strict=True):
        choice.index = [value for value, _text in choice.options].index(who)
    shell.menu.beginners.value = True
    shell.menu.start_button.on_click()
    app.step()
    play = shell.play
    assert play is not None and play.session.bots == {1: "hard"}
    for _ in range(600):
        app.step()
        if play.person_acts() and play.state.turn.phase is Phase.START:
            break
    play.input("space")
    app.step()
    assert shell.game_saved()
    again = open_klettermax(app, host)
    assert again is not shell, "a new table, built from what is on disk"
    assert again.menu.setup.seats == chosen
    assert again.menu.setup.beginners


def bot_game(seed: int, actions: int, levels: tuple[str, str] = ("hard", "medium")) -> Any:
    """A headless game between bots, `actions` long (or to its end)."""
    from climbers.klettermax.physics.hand import physics_bot

    session = KlettermaxSession(new_state(2, seed, first=0))
    bots = [physics_bot(level, seat) for seat, level in enumerate(levels)]
    while not session.state.over and len(session.log) < actions:
        session.act(bots[session.state.turn.seat].choose(session.state))
    return session


def test_a_replay_flies_every_flick_again_and_ends_on_the_game(app: Any, tmp_path: Path) -> None:
    from climbers.app.table.scene import clear_scene
    from climbers.klettermax.game.session import SavedGame
    from climbers.klettermax.table.board import replay as open_replay

    session = bot_game(5, 60)
    flicks = [i for i, a in enumerate(session.actions) if a.kind == "flick"]
    assert flicks, "the game has flicks to fly again"
    clear_scene()
    replay = open_replay(SavedGame.of(session))
    replay.view.tweens.speed = 4.0
    assert replay.board.mismatches == [], "every recorded flick rests where the game says"
    flown = 0
    for _ in session.actions:
        replay.forward()
        flown += replay.board.flight is not None
        for _ in range(900):
            app.step()
            if not replay.busy:
                break
    assert flown == len(flicks), "each flick flies on the table"
    assert replay.driver.state == session.state
    fresh = KlettermaxView(session.state, lights=False)
    try:
        want, got = fresh.pieces(), replay.view.pieces()
        assert {k: v for k, v in want.items() if k != "dice"} == {
            k: v for k, v in got.items() if k != "dice"
        }
    finally:
        destroy(fresh.root)
    replay.first()
    assert replay.driver.state == session.start
    clear_scene()
    app.step()


def test_a_replay_refuses_a_flick_the_physics_brings_elsewhere_and_names_aimless_ones(
    app: Any,
) -> None:
    """Issue 32, item 8: a saved flick whose aim, flown again, rests elsewhere than the game
    says keeps the replay from opening, with the sentence on the new-game screen; flicks saved
    without their aim are shown as recorded, and the replay says how many."""
    from climbers.app.table.scene import clear_scene
    from climbers.klettermax.game.session import SavedGame
    from climbers.klettermax.table.board import replay as open_replay
    from climbers.klettermax.table.kit import replay_problem

    session = bot_game(5, 80, ("easy", "easy"))
    saved = SavedGame.of(session)
    swap = {"flick outside": "flick wall", "flick wall": "flick outside"}  # a miss either way
    index, was = next(
        (i, rest) for i, text in enumerate(saved.actions) for rest in swap if text.startswith(rest)
    )
    lines = list(saved.actions)
    lines[index] = lines[index].replace(was, swap[was])
    problem = replay_problem(saved.model_copy(update={"actions": tuple(lines)}), None)
    assert problem is not None and f"action {index + 1} (" in problem
    assert "Its aim " in problem
    lines[index] = saved.actions[index].partition(" aim ")[0]
    clear_scene()
    replay = open_replay(saved.model_copy(update={"actions": tuple(lines)}))
    assert [m.index for m in replay.board.mismatches] == [index]
    assert "1 flick was saved without its aim" in replay.board.notice.text
    clear_scene()
    app.step()


def test_the_demo_plays_bots_and_a_key_ends_it(app: Any, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_menu()
        app.step()
        assert shell.menu is not None and shell.menu.demo_button is not None
        shell.menu.demo_button.on_click()
        app.step()
        demo = shell.screens.screen
        for _ in range(400):
            app.step()
            if demo.play is not None and len(demo.play.session.log) >= 3:
                break
        assert len(demo.play.session.log) >= 3, "the bots play"
        assert demo.play.hud.note == "", "only the demo's caption says an action (item 17)"
        assert demo.caption_text
        demo.input("q")
        app.step()
        assert shell.menu is not None
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K9")
def test_an_owed_knight_is_chosen_by_a_click_on_its_colour_in_the_supply(table: Any) -> None:
    from climbers.klettermax.table.geometry import supply_point

    owed = owing(COLOURS[:1], 1)
    screen = table(owed)
    settle(screen)
    assert ("choose", f"colour:{COLOURS[1].value}") in screen.view.marks
    assert screen.hud.colour_buttons[COLOURS[1]].enabled
    assert not screen.hud.colour_buttons[COLOURS[0]].enabled, "the tower has it"
    x, y, z = supply_point(COLOURS[1], 0)
    pixel = screen_pixel(Vec3(x + 0.28, y, z + 0.28))
    assert pixel is not None
    application.base.win.move_pointer(0, *pixel)
    frames(screen.app, 2)
    screen.app.input("left mouse down")
    screen.app.input("left mouse up")
    frames(screen.app, 1)
    assert screen.session.log == [f"take {COLOURS[1].value}"]
    check_settled(screen)


@pytest.mark.rule("K6")
@pytest.mark.rule("K12")
def test_a_lesson_from_the_menu_is_played_on_the_table_and_leads_to_the_next(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    from climbers.klettermax.physics.aiming import targets
    from climbers.klettermax.physics.castle import spot
    from climbers.klettermax.physics.recorded import flick_action

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_menu()
        app.step()
        assert shell.menu is not None and shell.menu.learn_button is not None
        shell.menu.learn_button.on_click()
        app.step()
        lesson = shell.lesson
        assert lesson is not None and lesson.lesson.course.lesson.id == "flicking", (
            "the flick first"
        )
        lesson.app = app
        settle(lesson)
        seat = lesson.state.active
        aimed = targets(seat.spot, len(seat.tower), 0.0, 0.0)[spot(seat.spot).chamber - 1]
        assert lesson.submit(flick_action(seat.spot, len(seat.tower), aimed.aim))
        check_settled(lesson)
        assert lesson.lesson.course.goal_reached and not lesson.person_acts()
        assert "flicking" in lesson.lesson.course.completed
        lesson.lesson.next_button.on_click()
        app.step()
        lesson = shell.lesson
        assert lesson is not None and lesson.lesson.course.lesson.id == "rolling"
        lesson.app = app
        app.input("space", is_raw=True)
        app.step()
        assert lesson.lesson.course.goal_reached and "rolling" in lesson.lesson.course.completed
        shell.input("f1")
        assert "flicking" in shell.help.lessons, "F1's topics open the lessons"
        shell.input("f1")
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K13")
def test_a_lesson_refuses_enter_in_its_own_words_and_its_dice_show_the_last_roll(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """Enter in the moving lesson would end the turn: the lesson refuses it and can still be
    done; the choosing lesson's dice show the two jesters it is about (K9)."""
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_lessons("moving")
        app.step()
        lesson = shell.lesson
        assert lesson is not None
        lesson.app = app
        before = lesson.state
        app.input("enter", is_raw=True)
        app.step()
        assert lesson.state == before and lesson.person_acts(), "the turn is still the learner's"
        assert lesson.hud.last_refusal == translate(NOT_THE_GOAL)
        moving = lesson.lesson.course.lesson.explanations[OFF_GOAL]
        assert translate(moving) in lesson.lesson.panel_lines
        assert not [key for key in lesson.view.marks if key[0] == "fault"]
        assert lesson.driver.act(MoveTower(spot=5)) and lesson.lesson.course.goal_reached
        shell.show_lessons("choosing")
        app.step()
        assert shell.lesson is not None
        assert [die.up_face() for die in shell.lesson.view.dice] == [JESTER, JESTER]
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K9")
def test_an_only_choice_of_knight_needs_no_click(table: Any) -> None:
    """Issue 32, item 16: three colours on the tower, two knights owed: the first is chosen by
    a click, the second (only one colour left) goes on by itself once the table rests."""
    owed = owing(COLOURS[:3], 2)
    screen = table(owed)
    settle(screen)
    assert screen.session.log == [], "two colours to choose from: a click"
    screen.board.take(COLOURS[3])
    settle(screen)
    frames(screen.app, 2)  # the frame after the table rests takes the only choice
    settle(screen)
    assert screen.session.log == [f"take {COLOURS[3].value}", f"take {COLOURS[4].value}"]
    assert screen.state.seats[0].full and screen.state.turn.seat == 1
    check_settled(screen)


@pytest.mark.rule("K8")
def test_a_roll_while_a_knight_is_owed_frames_nothing_as_at_fault(table: Any) -> None:
    """The colours to choose are the way on, not at fault: only their 'choose' marks stay."""
    owed = owing(COLOURS[:1], 1)
    screen = table(owed)
    settle(screen)
    screen.app.input("space", is_raw=True)
    frames(screen.app, 1)
    assert "choose the colour" in screen.hud.last_refusal.lower()
    assert not [key for key in screen.view.marks if key[0] == "fault"]
    assert ("choose", f"colour:{COLOURS[1].value}") in screen.view.marks


def test_every_tiles_title_fits_its_tile_in_front_of_it(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    made = Host(Settings())
    try:
        made.choose()
        app.step()
        for tile in made.screens.screen.tiles:
            title = tile.title
            assert title.width * title.world_scale_x <= 0.9 * tile.world_scale_x + 1e-6, tile.entry
            assert title.z < 0, "drawn in front of the tile, not fighting it for depth"
    finally:
        made.screens.defaultExit()
        app.step()


def test_the_rules_keys_topic_names_every_key_of_the_help_bar() -> None:
    """F1's 'Keys and view' says what T (peek) and F (hurry a bot) do, as the HUD's bar and the
    bots' thinking line do."""
    from climbers.klettermax.table.hud import HELP
    from climbers.klettermax.table.rules_text import topics

    keys = " ".join(next(t for t in topics() if t.key == "keys").paragraphs)
    assert "Hold T" in HELP and "Hold T to peek" in keys
    assert "F hurries a bot" in keys


def test_the_recent_actions_strip_grows_to_four_lines_at_most(table: Any) -> None:
    """Long captions (a roll and where both knights went) wrap: the oldest give way so the strip
    stays off the castle's back corner; the newest always shows."""
    from climbers.app.panels.canvas import font, scale, wrap
    from climbers.app.panels.hud_frame import RECENT_LINES, RECENT_PAD, RECENT_SIZE, RECENT_WIDTH

    screen = table(full_tower())
    long = "Orange rolls red and jester. A red knight goes to Orange's tower; the jester lets "
    captions = [f"{long}({n})" for n in range(6)]
    screen.hud.show_recent(captions)
    face, inner = font(RECENT_SIZE), (RECENT_WIDTH - 2 * RECENT_PAD) * scale()
    assert sum(len(wrap(t, face, inner)) for t in screen.hud.recent) <= RECENT_LINES
    assert screen.hud.recent[-1] == captions[-1] and len(screen.hud.recent) >= 1
    screen.hud.show_recent(["Purple rolls.", "Orange rolls."])
    assert screen.hud.recent == ["Purple rolls.", "Orange rolls."], "short captions all stay"


def test_the_strength_tip_keeps_off_the_recent_actions_strip(table: Any) -> None:
    """The tip follows the pointer, but a pointer over the strip puts it below the strip."""
    screen = table(full_tower())
    hud = screen.hud
    hud.show_recent(["Purple rolls red and blue.", "Orange rolls a jester and white."])
    x0, y0, x1, y1 = hud.recent_panel.box
    application.base.win.move_pointer(0, (x0 + x1) // 2 - 40, y0 + 6)
    frames(screen.app, 2)
    hud.show_tip("Strength 52%")
    frames(screen.app, 1)
    tx0, ty0, tx1, ty1 = hud.tip.box
    assert hud.tip.enabled
    assert tx1 <= x0 or tx0 >= x1 or ty0 >= y1 or ty1 <= y0, "the tip is off the strip"
    hud.show_tip("")


def test_the_dice_lie_in_full_view_clear_of_the_key_help_bar(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """In the opening view and in the flick lesson's close view, every corner of both dice is
    in the window and none under the key-help bar at its foot."""
    from climbers.klettermax.table.geometry import DIE_SIZE, SCALE

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        for lesson_id in ("rolling", "flicking"):
            shell.show_lessons(lesson_id)
            app.step()
            screen = shell.lesson
            assert screen is not None
            screen.app = app
            settle(screen)
            x0, y0, x1, y1 = screen.hud.help.box
            half = DIE_SIZE * SCALE / 2
            for die in screen.view.dice:
                for dx in (-half, half):
                    for dy in (-half, half):
                        for dz in (-half, half):
                            pixel = screen_pixel(die.world_position + Vec3(dx, dy, dz))
                            assert pixel is not None, f"a die is out of the {lesson_id} view"
                            px, py = pixel
                            assert 0 <= px < 1280 and 0 <= py < 720
                            assert not (x0 <= px <= x1 and y0 <= py <= y1), "under the bar"
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K12")
def test_every_chambers_face_up_treasure_floats_over_it_facing_the_flicker(table: Any) -> None:
    """The walls hide most chambers' tiles from the flick view: a label over each chamber that
    holds tiles shows its face-up tile, turned to the camera, and follows a loot."""
    from climbers.klettermax.physics.aiming import targets
    from climbers.klettermax.physics.recorded import flick_action

    state = full_tower()
    screen = table(state)
    settle(screen)
    labels = screen.view.labels
    assert [None if t is None else t.treasures for t in labels] == [
        stack[0] if stack else None for stack in state.chambers
    ]
    for label in labels:
        assert label is not None and screen_pixel(label.world_position) is not None
        assert label.hasBillboard(), "the label turns to face the camera"
    aimed = targets(8, 5, 0.0, 0.0)[7]  # chamber 8, straight ahead
    flick = flick_action(8, 5, aimed.aim)
    assert flick.chamber == 8 and screen.submit(flick)
    check_settled(screen)
    chamber = screen.state.chambers[flick.chamber - 1]
    label = screen.view.labels[flick.chamber - 1]
    assert (label.treasures if label else None) == (chamber[0] if chamber else None)


def test_the_person_to_play_sees_their_own_tower_in_front_of_the_castle(table: Any) -> None:
    """One person at spot 2 (north) against a bot: the view turns to look from behind their
    tower over the castle, instead of from the south where the castle hides it."""
    session = KlettermaxSession(new_state(2, 11, first=0), bots={1: "easy"})
    screen = table(session)
    settle(screen)
    assert session.state.seats[0].spot == 2
    tower = screen_pixel(Vec3(*spot_point(2)))
    castle = screen_pixel(Vec3(0, 0, 0))
    assert tower is not None and castle is not None
    assert tower[1] > castle[1], "the person's own tower is nearer than the castle"
    bot_tower = screen_pixel(Vec3(*spot_point(screen.state.seats[1].spot)))
    assert bot_tower is not None and bot_tower[1] < castle[1]


def overlaps(a: tuple[float, ...] | None, b: tuple[float, ...]) -> bool:
    return a is not None and a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_flick_view_shows_every_tower_spot_clear_of_the_players_panel(
    table: Any, players: int
) -> None:
    """From whichever spot the full tower flicks, and however many players the panel at the
    top left lists, no tower spot (spot 12 from spot 8, say) shows under that panel."""
    from climbers.klettermax.table.flight import spot_box

    others = [2, 5, 11][: players - 1]
    for flicker in range(1, 13):
        spots = [flicker, *[s if s != flicker else 8 for s in others]]
        state = State(
            seed=3,
            seats=tuple(Seat(spot=s, tower=COLOURS if i == 0 else ()) for i, s in enumerate(spots)),
            chambers=deal_tiles(3),
            turn=Turn(seat=0),
        )
        screen = table(state)
        settle(screen)
        panel = screen.hud.panel.box
        hidden = [n for n in range(1, 13) if overlaps(spot_box(n), panel)]
        assert hidden == [], f"from spot {flicker}, {players} players: {hidden} under {panel}"
        assert spot_box(flicker) is not None, "the flicking tower's spot is in the window"


def entity_box(entity: Any) -> tuple[float, float, float, float] | None:
    """The window pixels the corners of an entity's bounds cover (None: a corner is off screen
    or behind the camera)."""
    from ursina import scene

    low, high = entity.getTightBounds(scene)
    corners = [
        screen_pixel(Vec3(x, y, z))
        for x in (low.x, high.x)
        for y in (low.y, high.y)
        for z in (low.z, high.z)
    ]
    if any(c is None for c in corners):
        return None
    xs, ys = [c[0] for c in corners if c], [c[1] for c in corners if c]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("flicker", [2, 5, 8, 11])
def test_the_flick_view_and_the_strength_label_leave_the_supply_in_sight(
    table: Any, flicker: int
) -> None:
    """Issue 32, item 17: from a full tower on each side of the castle, every knight of the
    supply shows in the window, clear of the players' panel, the hint line and the key help;
    pulled back to the window's foot, the strength label beside the pointer covers none."""
    state = State(
        seed=3,
        seats=(Seat(spot=flicker, tower=COLOURS), Seat(spot=8 if flicker == 2 else 2)),
        chambers=deal_tiles(3),
        turn=Turn(seat=0),
    )
    screen = table(state)
    settle(screen)
    hud = screen.hud
    supply = [k for k, stand in screen.view.where.items() if stand.seat is None]
    assert len(supply) == 15, "the five colours' knights not on the tower"

    def hidden(box: tuple[float, ...]) -> list[int]:
        return [n for n, knight in enumerate(supply) if overlaps(entity_box(knight), box)]

    w, h = window.size
    for knight in supply:
        box = entity_box(knight)
        assert box is not None and 0 <= box[0] and box[2] <= w and 0 <= box[1] and box[3] <= h
    knight = press_knight(screen)
    bottom = int(h) - 3
    for step in range(1, 7):
        y = knight[1] + (bottom - knight[1]) * step // 6
        application.base.win.move_pointer(0, knight[0], y)
        frames(screen.app, 1)
        assert hud.tip.enabled and hud.strip.enabled and hud.help.enabled
        for name, panel in (("label", hud.tip), ("hint", hud.strip), ("keys", hud.help)):
            assert hidden(panel.box) == [], f"from spot {flicker}, the {name} hides the supply"
        assert hidden(hud.panel.box) == [], f"from spot {flicker}, the panel hides the supply"
    screen.app.input("escape")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_opening_view_shows_every_full_towers_top_inside_the_window(
    table: Any, players: int
) -> None:
    """Issue 32, item 17: seen from behind whichever person's tower, the Home view shows the
    top knight of every full tower, the farthest too, whole and a little inside the window's
    top edge. The spots face each other across the castle's corners, each the farthest from
    another."""
    spots = [7, 1, 4, 10][:players]
    state = State(
        seed=3,
        seats=tuple(Seat(spot=s, tower=COLOURS) for s in spots),
        chambers=deal_tiles(3),
        turn=Turn(seat=0),
    )
    for person in range(players):
        bots = {seat: "easy" for seat in range(players) if seat != person}
        screen = table(KlettermaxSession(state, bots=bots))
        screen.rig.reset()
        frames(screen.app, 2)
        assert screen.board.viewer_spot() == spots[person]
        w, h = window.size
        for knight, stand in screen.view.where.items():
            if stand.seat is None or stand.index != len(COLOURS) - 1:
                continue
            box = entity_box(knight)
            assert box is not None, f"the top of tower {stand.seat} is out of the window"
            x0, y0, x1, y1 = box
            where = f"seen from spot {spots[person]}: tower {stand.seat}'s top at {box}"
            assert y0 >= 0.02 * h and 0 <= x0 and x1 <= w and y1 <= h, where


def test_the_flick_lessons_view_keeps_every_spot_clear_of_both_panels(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """In the flick lesson, with the lesson's sentence for a refused roll beside it, no tower
    spot shows under the lesson's panel at the top right or the players' at the top left."""
    from climbers.klettermax.table.flight import spot_box

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        lesson = open_lesson(shell, app, "flicking")
        app.input("space", is_raw=True)
        settle(lesson)
        assert lesson.driver.explanation, "the lesson says why it does not roll"
        for panel in (lesson.lesson.panel.box, lesson.hud.panel.box):
            hidden = [n for n in range(1, 13) if overlaps(spot_box(n), panel)]
            assert hidden == [], f"spots {hidden} under {panel}"
    finally:
        shell.close()
        app.step()


def test_the_replays_caption_keeps_off_the_supply_of_knights(app: Any) -> None:
    """At every point of a replay, the caption of the action covers none of the supply's
    knights along the foot of the table."""
    from climbers.app.table.scene import clear_scene
    from climbers.klettermax.game.session import SavedGame
    from climbers.klettermax.physics.castle import KNIGHT_SIZE
    from climbers.klettermax.table.board import replay as open_replay
    from climbers.klettermax.table.geometry import SCALE, supply_point

    def knight_box(colour: Any, index: int) -> tuple[float, ...] | None:
        x, y, z = supply_point(colour, index)
        half, tall = KNIGHT_SIZE[0] * SCALE / 2, KNIGHT_SIZE[2] * SCALE
        corners = [
            screen_pixel(Vec3(x + dx, y + dy, z + dz))
            for dx in (-half, half)
            for dz in (-half, half)
            for dy in (0, tall)
        ]
        if any(c is None for c in corners):
            return None
        return (
            min(c[0] for c in corners if c),
            min(c[1] for c in corners if c),
            max(c[0] for c in corners if c),
            max(c[1] for c in corners if c),
        )

    session = bot_game(5, 12)
    clear_scene()
    replay = open_replay(SavedGame.of(session), on_exit=lambda: None, on_play=lambda s: None)
    replay.view.tweens.speed = 4.0
    try:
        for _ in session.actions:
            replay.forward()
            for _ in range(900):
                app.step()
                if not replay.busy:
                    break
            caption = replay.caption.box
            assert replay.caption.enabled and replay.caption_text
            covered = [
                (colour.value, index)
                for colour in COLOURS
                for index in range(4)
                if overlaps(knight_box(colour, index), caption)
            ]
            assert covered == [], f"{replay.caption_text!r} covers {covered}"
    finally:
        clear_scene()
        app.step()


@pytest.mark.parametrize("lesson_id", ["flicking", "moving"])
def test_a_lesson_that_refuses_ending_the_turn_neither_offers_it_nor_mentions_enter(
    app: Any, tmp_path: Path, monkeypatch: Any, lesson_id: str
) -> None:
    """After a missed flick in the flick lesson, and after the loot in the tower lesson, the
    rules would let the turn end, the lesson would not: no End turn button shows and neither
    panel tells the player to press Enter; what to do is said instead."""
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        lesson = open_lesson(shell, app, lesson_id)
        if lesson_id == "flicking":
            assert lesson.submit(_missing_flick(lesson.state))
            settle(lesson)
            assert lesson.state.turn.phase is Phase.AGAIN and lesson.state.turn.seat == 0
            todo = "Flick again"
        else:
            assert lesson.state.turn.phase is Phase.LOOTED
            todo = "Drag your tower tile"
        assert End() in legal_actions(lesson.state), "the rules would end the turn here"
        assert not lesson.hud.end_button.enabled, "no End turn button"
        said = " ".join([lesson.hud.title_line, *lesson.lesson.panel_lines])
        assert "Enter" not in said and todo in said, said
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K15")
def test_the_flick_lesson_puts_the_knights_back_for_a_few_tries(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """Two misses end a try; the knights go back on the tower for the next, until the tries are
    used up and only a restart helps."""
    from climbers.klettermax.table.lesson_mode import TRIES

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        lesson = open_lesson(shell, app, "flicking")
        start = lesson.state
        for number in range(2, TRIES + 1):
            for _miss in range(2):
                assert lesson.submit(_missing_flick(lesson.state))
                settle(lesson)
            assert lesson.lesson.course.tries == number and lesson.state == start, (
                "the knights are back"
            )
            assert f"Try {number} of {TRIES}" in lesson.hud.note
            for language in ("zh-Hant", "en"):  # F4's language keeps the try under way
                shell.apply_settings(shell.settings.with_changes(language=language))
                assert shell.lesson is not lesson and shell.lesson is not None
                lesson = shell.lesson
                lesson.app = app
                settle(lesson)
                assert lesson.lesson.course.tries == number and lesson.state == start, language
            assert lesson.board.can_flick() and lesson.person_acts()
        for _miss in range(2):
            assert lesson.submit(_missing_flick(lesson.state))
            settle(lesson)
        assert lesson.state.turn.seat != 0, "the last try's misses stand"
        assert any("Restart lesson" in line for line in lesson.lesson.panel_lines)
    finally:
        shell.close()
        app.step()


def test_a_change_of_language_keeps_a_lesson_done_as_it_stands(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """F4's language after the roll lesson's goal shows the lesson anew as it stands: the dice
    rolled, the knights they brought, its history and its Well done; it does not begin again."""
    from climbers.app.screens.lesson_panel import DONE
    from climbers.io.language import use_language

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_lessons("rolling")
        app.step()
        lesson = shell.lesson
        assert lesson is not None
        lesson.app = app
        app.input("space", is_raw=True)
        settle(lesson)
        rolled, log = lesson.state, lesson.session.log
        assert (
            lesson.lesson.course.goal_reached
            and rolled.rolls > lesson.lesson.course.lesson.start.rolls
        )
        for language in ("zh-Hant", "en"):
            shell.apply_settings(shell.settings.with_changes(language=language))
            again = shell.lesson
            assert again is not None and again is not lesson, "shown anew"
            lesson = again
            lesson.app = app
            settle(lesson)
            assert lesson.state == rolled and lesson.session.log == log, language
            assert (
                lesson.lesson.course.goal_reached and translate(DONE) in lesson.lesson.panel_lines
            )
            assert "rolling" in lesson.lesson.course.completed
    finally:
        use_language("en")
        shell.close()
        app.step()


def test_after_the_goal_the_panel_says_what_now_and_a_move_gets_a_reason(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """Once the roll lesson's goal is reached the players' panel says to press Next lesson or
    Restart lesson, not whose turn it is; a press on the table, Space or Enter is answered with
    why nothing happens, in the lesson's words; the line keeps clear of the lesson's buttons."""
    from climbers.app.screens.lesson_panel import no_more, what_now

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_lessons("rolling")
        app.step()
        lesson = shell.lesson
        assert lesson is not None
        lesson.app = app
        app.input("space", is_raw=True)
        settle(lesson)
        rolled = lesson.state
        assert lesson.lesson.course.goal_reached
        assert lesson.hud.title_line == what_now("Next lesson")
        for key in ("space", "enter"):
            lesson.hud.message("")
            app.input(key, is_raw=True)
            app.step()
            assert lesson.hud.note == no_more("Next lesson"), key
        lesson.hud.message("")
        application.base.win.move_pointer(0, 640, 420)  # the table before the castle
        frames(app)
        app.input("left mouse down")
        app.input("left mouse up")
        app.step()
        assert lesson.hud.note == no_more("Next lesson") and lesson.state == rolled
        strip = lesson.hud.strip.box
        for button in lesson.lesson.buttons:
            x, y, _z = button.get_position(camera.ui)
            right = ((x + button.scale_x / 2) / window.aspect_ratio + 0.5) * window.size[0]
            assert strip[0] > right, "the line stands clear of the buttons"
    finally:
        shell.close()
        app.step()


def test_esc_in_a_lesson_pauses_it(app: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """Esc over a lesson opens the pause card (without Save as) and keeps the lesson."""
    from climbers.app.screens.pause_card import PauseCard

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        shell.show_lessons("moving")
        app.step()
        lesson = shell.lesson
        assert lesson is not None
        app.input("escape")
        app.step()
        assert isinstance(shell.dialog, PauseCard) and shell.lesson is lesson
        assert shell.dialog.file_field is None
    finally:
        shell.close()
        app.step()


@pytest.mark.rule("K12")
@pytest.mark.parametrize(
    ("strength", "said"),
    [
        (0.04, "Too soft: the knight did not get over the wall"),
        (0.9, "Too hard: the knight sailed over"),
    ],
)
def test_a_miss_outside_says_whether_the_flick_was_too_soft_or_too_hard(
    table: Any, strength: float, said: str
) -> None:
    screen = table(full_tower())
    settle(screen)
    screen.submit(Flick(rest="outside", aim=Aim(angle=0.0, strength=strength)))
    for _ in range(600):
        screen.app.step()
        if screen.board.flight is None:
            break
    flick = screen.session.actions[-1]
    assert isinstance(flick, Flick) and flick.rest == "outside"
    assert screen.hud.note.startswith(said)


def _landing_flick(state: State) -> Any:
    """A recorded flick of the active tower that the physics brings to rest in a chamber that
    holds tiles."""
    from climbers.klettermax.physics.recorded import flick_action

    seat = state.active
    for strength in (0.2, 0.15, 0.25):
        flick = flick_action(seat.spot, len(seat.tower), Aim(angle=0.0, strength=strength))
        if flick.rest == "chamber" and state.chambers[flick.chamber - 1]:
            return flick
    raise AssertionError("every flick missed")


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
@pytest.mark.parametrize("lesson_id", ["rolling", "flicking"])
def test_a_lessons_opening_view_keeps_the_castle_spots_and_towers_clear_of_both_panels(
    app: Any, tmp_path: Path, monkeypatch: Any, language: str, lesson_id: str
) -> None:
    """In the opening view of the roll lesson, and of the flick lesson once its goal is
    reached, no corner of the castle's top, no tower spot and no tower's top knight shows
    under the lesson's panel at the top right (taller in Chinese) or the players' panel."""
    from climbers.io.language import use_language
    from climbers.klettermax.table.flight import CASTLE_TOP, spot_box

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    use_language(language)
    shell = klettermax_shell(Settings(animation_speed=4.0, bot_pace=0.0, language=language))
    try:
        lesson = open_lesson(shell, app, lesson_id)
        if lesson_id == "flicking":
            assert lesson.submit(_landing_flick(lesson.state))
            settle(lesson)
            assert lesson.lesson.course.goal_reached
        frames(app)
        seats = lesson.state.seats
        tops = [
            entity_box(knight)
            for knight, stand in lesson.view.where.items()
            if stand.seat is not None and stand.index == len(seats[stand.seat].tower) - 1
        ]
        for panel in (lesson.lesson.panel.box, lesson.hud.panel.box):
            hidden = [n for n in range(1, 13) if overlaps(spot_box(n), panel)]
            assert hidden == [], f"spots {hidden} under {panel}"
            for corner in CASTLE_TOP:
                assert not overlaps((*screen_pixel(corner), *screen_pixel(corner)), panel), panel
            assert not any(overlaps(box, panel) for box in tops), f"a tower's top under {panel}"
    finally:
        use_language("en")
        shell.close()
        app.step()


@pytest.mark.parametrize("strength", [0.2, 0.6])
def test_the_camera_following_a_flight_keeps_the_towers_clear_of_the_players_panel(
    table: Any, strength: float
) -> None:
    """As in the demo's Purple flick from spot 2 (Orange's tower on spot 5, Teal's on 8), in
    Chinese: every frame of the flight, and at its rest, no knight of another tower standing
    shows under the players' panel."""
    from climbers.io.language import use_language

    use_language("zh-Hant")
    try:
        state = State(
            seed=3,
            seats=(
                Seat(spot=2, tower=COLOURS),
                Seat(spot=5, tower=COLOURS),
                Seat(spot=8, tower=COLOURS[:4]),
            ),
            chambers=deal_tiles(3),
            turn=Turn(seat=0),
        )
        screen = table(KlettermaxSession(state, bots={1: "medium", 2: "easy"}))
        settle(screen)
        screen.submit(Flick(rest="outside", aim=Aim(angle=0.0, strength=strength)))
        panel = screen.hud.panel.box
        for _frame in range(900):
            if screen.board.flight is None:
                break
            screen.app.step()
            hidden = [
                (stand.seat, stand.index)
                for knight, stand in screen.view.where.items()
                if stand.seat not in (None, 0) and overlaps(entity_box(knight), panel)
            ]
            assert hidden == [], f"knights (seat, level) {hidden} under {panel}"
        assert screen.board.flight is None, "the flight rests"
    finally:
        use_language("en")
