"""Bot seats in a real window: a bot acts through the same animation path as a person, at its
pace, in a worker thread; people cannot act or undo for it."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from climbers.the_climbers.core import GameState, Step, generate_mountain, new_game
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.table.screens.table_screen import clear_scene

pytestmark = pytest.mark.display


@pytest.fixture
def bot_play(app: Any) -> Iterator[Any]:
    """A play screen on mountain 7: teal (a bot of `level`) starts, red is a person."""

    from climbers.the_climbers.core import Colour
    from climbers.the_climbers.table.screens.play_screen import PlayScreen

    def make(level: str = "greedy", budget: float | None = None) -> Any:
        state = new_game(generate_mountain(7), ["teal", "red"], seed=7, first=0)
        screen = PlayScreen(GameSession(state, bots={Colour.TEAL: level}))
        if budget is not None:
            screen.bots.use_budget(budget)
        screen.app = app
        screen.bots.enabled = False  # the first frames build the scene; then the bot starts
        for _ in range(3):
            app.step()
        screen.bots.enabled = True
        return screen

    yield make
    clear_scene()


def run_until(screen: Any, done: Any, seconds: float = 20.0) -> list[float]:
    """Step frames until `done()`; the length of every frame."""
    lengths = []
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        t0 = time.perf_counter()
        screen.app.step()
        lengths.append(time.perf_counter() - t0)
    return lengths


def test_a_bot_seat_plays_its_turn_through_the_animations_then_a_person_acts(
    bot_play: Any,
) -> None:
    screen = bot_play()
    screen.bots.pace = 0.05
    played: list[tuple[GameState, GameState]] = []
    real_play = screen.view.play

    def spy(before: GameState, after: GameState, events: Any) -> None:
        played.append((before, after))
        real_play(before, after, events)

    screen.view.play = spy
    start = screen.state
    assert screen.bots.to_act is not None and screen.tool is None
    assert "Teal (greedy bot) is thinking" in screen.hud.title_line
    assert not screen.hud.skip.enabled and not screen.hud.undo.enabled
    screen.skip()
    screen.done()
    screen.undo()
    screen.app.input("space")
    assert screen.state is start, "a person acted for the bot"

    told: set[str] = set()

    def red_to_act() -> bool:
        if screen.hud.recent and screen.hud.note == screen.hud.recent[-1]:
            told.add(screen.hud.note)
        return bool(screen.state.players[screen.state.actor].colour.value == "red")

    run_until(screen, red_to_act)
    assert told, "each bot action is told on the line above the key help while it plays"
    assert screen.hud.bot_marks == {0: "Bot: greedy"}, "the bot's row is marked while a person acts"
    actions = screen.session.actions
    assert actions and all(a.player.value == "teal" for a in actions)
    assert [after for _, after in played] == [e.state for e in screen.session.history[1:]]
    assert screen.state.step is Step.REACTION and screen.tool is screen.climb
    assert screen.hud.skip.enabled and not screen.session.can_undo()
    screen.undo()
    assert len(screen.session.actions) == len(actions), "undo went into the bot's turn"

    screen.app.input("space")  # red passes the answer: red's own turn, teal does not act
    assert screen.state.turn.active == 1 and screen.state.step is Step.MOVE
    screen.app.input("space")
    assert screen.state.turn.step == 1
    screen.app.input("u", is_raw=True)
    screen.app.input("u", is_raw=True)
    assert screen.state.turn.active == 1 and screen.state.turn.step == 0


def test_the_strong_bot_thinks_without_freezing_the_window_and_f_hurries_it(
    bot_play: Any,
) -> None:
    screen = bot_play("strong", budget=0.6)
    screen.bots.enabled = False
    idle = []
    for _ in range(10):  # frames with nobody thinking, on this machine now
        t0 = time.perf_counter()
        screen.app.step()
        idle.append(time.perf_counter() - t0)
    screen.bots.enabled = True
    screen.bots.pace = 5.0
    lengths = run_until(
        screen, lambda: screen.bots.thinking is not None and screen.bots.thinking.done
    )
    # a frozen window would step once, for the whole 0.6 s of thinking; a live one many frames
    # about as short as those with nobody thinking (one may be long when the thread holds the
    # interpreter: the median is the measure; against idle frames, so a loaded machine's slow
    # frames do not count against it)
    assert screen.bots.thinking.thread.name == "climbers-bot"
    assert len(lengths) > 3
    assert statistics.median(lengths) < max(0.15, 4 * statistics.median(idle))
    assert not screen.session.actions, "the pace has not passed yet"
    screen.app.input("f", is_raw=True)
    run_until(screen, lambda: bool(screen.session.actions), seconds=2)


def test_a_bot_seat_from_the_menu_plays_and_stays_a_bot_when_the_game_is_continued(
    app: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:

    from climbers.app.settings import Settings
    from climbers.the_climbers.core import Colour
    from climbers.the_climbers.game.game_setup import GameSetup, Seat
    from climbers.the_climbers.table.shell import Shell

    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))

    seats = (Seat(colour=Colour.PINK, kind="bot", level="random"), Seat(colour=Colour.TEAL))
    shell = Shell(Settings(bot_pace=0.0), GameSetup(seats=seats, seed=3, first=0))
    try:
        shell.show_menu()
        assert shell.menu is not None
        shell.menu.seed_field.set(str(shell.setup.seed))  # the mountain the test knows
        shell.menu.start()
        screen = shell.play
        assert screen.bots.levels == {Colour.PINK: "random"} and screen.bots.pace == 0.0
        screen.app = app
        run_until(screen, lambda: screen.state.actor == 1)
        assert screen.session.actions
        shell.resume()
        assert shell.play is not screen and shell.play.session.bots == {Colour.PINK: "random"}
        assert shell.play.state == screen.state
    finally:
        shell.close()
        app.step()
