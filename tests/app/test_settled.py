"""After every action, once the animations have finished, the window shows the state: seeded
games driven through the tools, undo and redo, continuing the last game, bots at full speed,
and the sandbox (see settled.py for the check)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Entity, color, destroy

from app.drive import perform, put_down
from app.settled import check_settled, pointer_away
from climbers.app.settings import Settings
from climbers.the_climbers.ai import make_bot
from climbers.the_climbers.core import (
    GameState,
    MoveBlock,
    MoveClimber,
    Rules,
    Step,
    generate_mountain,
    new_game,
)
from climbers.the_climbers.game.game_setup import GameSetup, seats_for
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.table.screens.play_screen import PlayScreen
from climbers.the_climbers.table.screens.table_screen import clear_scene
from climbers.the_climbers.table.shell import Shell
from rules.conftest import NEUTRAL, PURPLE, RED, TEAL, position, put

pytestmark = pytest.mark.display

CHECKED: list[str] = []
"""Every action the settled-picture check ran after (the closing count)."""


@pytest.fixture
def table(app: Any) -> Iterator[Any]:
    """Opens a play screen on a state (or session); the table is cleared afterwards."""

    def make(state: GameState | GameSession) -> PlayScreen:
        clear_scene()  # one table at a time
        screen = PlayScreen(state)
        screen.app = app
        screen.view.tweens.speed = 4.0
        pointer_away(app)
        return screen

    yield make
    clear_scene()


def play_and_check(screen: PlayScreen, actions: int, seed: int) -> None:
    """Random legal actions through the tools, the settled picture checked after each."""
    bots = {i: make_bot("random", seed + i) for i in range(len(screen.state.players))}
    rng = random.Random(seed)
    check_settled(screen, screen.app)
    for _ in range(actions):
        state = screen.state
        if state.finished:
            return
        action = bots[state.actor].choose(state)
        if rng.random() < 0.5 and state.step is Step.BLOCK:  # more block moves: R/T/G turns
            action = bots[state.actor].choose(state)
        if not perform(screen, action):
            continue
        assert screen.state.tick == state.tick + 1, f"{action} was not carried out"
        pointer_away(screen.app)
        check_settled(screen, screen.app)
        CHECKED.append(str(action))


@pytest.mark.parametrize(
    ("seed", "rules"),
    [(7, Rules()), (11, Rules(reaction_ladders=True)), (3, Rules(classic_turn=True))],
)
def test_settled_after_every_action_of_a_seeded_game(table: Any, seed: int, rules: Rules) -> None:
    state = new_game(generate_mountain(seed), ["teal", "red", "yellow"], rules=rules, seed=seed)
    play_and_check(table(state), 30, seed)


@pytest.mark.rule("V2")
def test_settled_after_a_bridge(table: Any) -> None:
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("cube-2", (13, 10, 0), NEUTRAL)]
    screen = table(position(blocks, at={TEAL: (11, 10)}, rules=Rules(bridges=True)))
    assert perform(screen, MoveClimber(player=TEAL, to=(13, 10), ladders=("short",)))
    check_settled(screen, screen.app)
    CHECKED.append("bridge")


@pytest.mark.rule("R17")
def test_settled_after_a_push_and_a_block_set_down_beside_the_waiting_climbers(
    table: Any,
) -> None:
    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-3", (12, 10, 0), NEUTRAL)]
    start = position(blocks, at={TEAL: (11, 11)}, step=Step.BLOCK, active=1)
    screen = table(start)
    push = MoveBlock(player=PURPLE, block="half-3", at=(10, 10, 2), up="-z", north="+y")
    assert perform(screen, push)
    assert screen.state.players[0].at == (11, 12)
    check_settled(screen, screen.app)
    CHECKED.append("push")
    waiting = table(position(blocks, colours=(TEAL, PURPLE, RED), step=Step.BLOCK))
    spot = waiting.view.climber_position(waiting.state, 1)
    x, y = int(spot.x), int(spot.z)
    on_them = MoveBlock(player=TEAL, block="half-3", at=(x, y, 0), up="+z", north="+y")
    assert perform(waiting, on_them)
    check_settled(waiting, waiting.app)
    for seat in (1, 2):
        moved = waiting.view.climber_position(waiting.state, seat)
        assert waiting.state.structure.height_at((int(moved.x), int(moved.z))) == 0
    CHECKED.append("block on the waiting Climbers' place")


@pytest.mark.rule("R19")
def test_settled_while_a_disk_lies_and_after_it_leaves(table: Any) -> None:
    state = new_game(generate_mountain(5), ["teal", "red"], seed=5, first=0)
    screen = table(state)
    while screen.state.step is not Step.DISK:
        screen.app.input("space")
    from climbers.the_climbers.core import PlaceDisk, disk_targets

    assert perform(screen, PlaceDisk(player=TEAL, block=disk_targets(screen.state)[0]))
    check_settled(screen, screen.app)
    while screen.state.turn.active != 0 or screen.state.turn.number == 1:
        screen.app.input("space")
    assert screen.state.players[0].disk == "spent" and not screen.view.disks
    check_settled(screen, screen.app)
    CHECKED.extend(["disk placed", "disk left"])


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Shell(Settings(animation_speed=4.0, bot_pace=0.0))
    yield made
    made.close()
    app.step()


@pytest.mark.rule("R13")
def test_settled_through_undo_redo_and_continue_last_game(app: Any, shell: Shell) -> None:
    play = shell.begin(GameSetup(seed=9, first=0))
    play.app = app
    pointer_away(app)
    from climbers.the_climbers.core import legal_destinations

    square, routes = next(iter(legal_destinations(play.state).items()))
    assert perform(play, MoveClimber(player=TEAL, to=square, ladders=routes[0].ladders))
    check_settled(play, app)
    app.input("u", is_raw=True)
    assert play.state.players[0].at is None
    check_settled(play, app)
    app.input("y", is_raw=True)
    assert play.state.players[0].at == square
    check_settled(play, app)
    shell.resume()
    resumed = shell.play
    assert resumed is not None and resumed is not play and resumed.state == play.state
    resumed.app = app
    check_settled(resumed, app)
    CHECKED.extend(["undo", "redo", "continue last game"])


def test_settled_after_every_bot_action_at_full_speed(app: Any, shell: Shell) -> None:
    setup = GameSetup(seats=seats_for(["teal", "red"], {"teal": "greedy", "red": "random"}))
    play = shell.begin(setup.model_copy(update={"seed": 4}))
    play.app = app
    pointer_away(app)
    for _ in range(20):
        tick = play.state.tick
        play.bots.enabled = True
        play.bots.hurry()
        for _ in range(400):
            app.step()
            if play.state.tick > tick or play.state.finished:
                break
        play.bots.enabled = False  # the next bot waits while the picture is checked
        check_settled(play, app)
        CHECKED.append("bot action")
        if play.state.finished:
            break


def test_the_check_catches_a_wrong_picture(table: Any) -> None:
    state = new_game(generate_mountain(7), ["teal", "red"], seed=7, first=0)
    screen = table(state)
    check_settled(screen, screen.app)
    view = screen.view
    top = max(state.blocks, key=lambda p: (p.at[2], p.block))
    entity = view.blocks[top.block]
    entity.y += 2  # drawn where the state does not have it
    with pytest.raises(AssertionError, match="not where the state says"):
        check_settled(screen, screen.app)
    entity.y -= 2
    entity.color = color.orange  # in its place, but not as the state shows it
    with pytest.raises(AssertionError, match="of the pixels differ"):
        check_settled(screen, screen.app)
    entity.color = color.white
    stray = Entity(model="quad", rotation_x=90, position=(16, 8, 16), name="stray-mark")
    with pytest.raises(AssertionError, match="stray-mark"):
        check_settled(screen, screen.app)
    destroy(stray)
    check_settled(screen, screen.app)


def test_settled_in_the_sandbox_building_moving_turning_putting_back_and_cutting_away(
    app: Any, shell: Shell
) -> None:
    from climbers.the_climbers.core.geometry import TIP_ABOUT_X, TURN_ABOUT_Z, compose

    shell.show_sandbox()
    sandbox = shell.sandbox
    assert sandbox is not None
    pointer_away(app)
    check_settled(sandbox, app)

    def set_down(near: tuple[int, int], what: str) -> None:
        """Set the held block down on the first square round `near` where it may stand."""
        x, y = near
        for square in sorted(
            ((x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4)),
            key=lambda q: abs(q[0] - x) + abs(q[1] - y),
        ):
            sandbox.drag.place(square, force=True)
            if sandbox.drag.verdict is None:
                break
        assert sandbox.drag.verdict is None, sandbox.drag.verdict
        assert put_down(sandbox)
        pointer_away(app)
        check_settled(sandbox, app)
        CHECKED.append(what)

    sandbox.take("cube")
    set_down((18, 15), "sandbox: a block built from the tray")
    sandbox.take("double")
    turned = compose(TIP_ABOUT_X, compose(TURN_ABOUT_Z, sandbox.drag.rot))
    sandbox.input("r")
    sandbox.input("t")
    set_down((18, 16), "sandbox: a tray block turned and tipped before it is set down")
    assert any(p.rot == turned for p in sandbox.state.blocks if p.block.startswith("double"))

    sandbox.drag.begin("cube-1")
    set_down((19, 17), "sandbox: a block moved on the mountain")
    sandbox.drag.begin("cube-1")
    sandbox.remove()
    assert "cube-1" not in {p.block for p in sandbox.state.blocks}
    check_settled(sandbox, app)
    CHECKED.append("sandbox: a block put back in the tray")

    for key, what in [
        ("[", "cut one level lower"),
        ("l", "level labels on"),
        ("[", "cut lower with labels"),
        ("l", "level labels off"),
        ("]", "cut raised"),
        ("]", "cut off"),
    ]:
        sandbox.input(key)
        check_settled(sandbox, app)
        CHECKED.append(f"sandbox: {what}")
    assert sandbox.cut.level is None and not sandbox.cut.labels
