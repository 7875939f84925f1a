"""The window in every language: the Language setting (F4) redraws the screen at once and keeps
the game, a saved game opens in the other language, and the new-game screen, a refused move, the
rules (F1), the settings (F4) and the end card keep every text inside its panel, in English and
in Chinese.

With CLIMBERS_SCREENSHOTS set to a folder, the pictures are kept there (docs/screenshots)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Button, Entity, Text, camera, scene, window

from climbers.app.panels.canvas import Canvas
from climbers.app.pictures import take_picture
from climbers.app.settings import Settings
from climbers.io.language import LANGUAGES, current_language, use_language
from climbers.the_climbers.core import Colour, MoveClimber, Step, legal_destinations
from climbers.the_climbers.core.state import evolve
from climbers.the_climbers.game.game_setup import GameSetup, Seat, build_game
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import load_saved
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display

CJK = re.compile(r"[\u4e00-\u9fff]")
SLACK = 0.004
"""How far (in window heights) a text may stand out of its panel: antialiasing, not clipping."""
SEATS = (Seat(colour=Colour.TEAL, name="Mei"), Seat(colour=Colour.RED), Seat(colour=Colour.PINK))


@pytest.fixture
def shell(app: Any, tmp_path: Path) -> Iterator[Shell]:
    made = Shell(Settings(), save_path=tmp_path / "game.json")
    yield made
    made.close()
    use_language("en")
    for _ in range(2):
        app.step()


def frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.step()


def bounds(entity: Entity) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of what `entity` draws, in the window's UI units."""
    low, high = entity.getTightBounds(camera.ui)
    return low.x, low.y, high.x, high.y


def inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (
        inner[0] >= outer[0] - SLACK
        and inner[1] >= outer[1] - SLACK
        and inner[2] <= outer[2] + SLACK
        and inner[3] <= outer[3] + SLACK
    )


def shown(entity: Entity) -> bool:
    """Whether `entity` and all its ancestors are enabled."""
    while isinstance(entity, Entity):
        if not entity.enabled:
            return False
        entity = entity.parent
    return True


def clipped_texts(screen: Entity) -> list[str]:
    """Every text of `screen` that stands out of the window, of its button, or of a card it
    lies on (a heading off every card, on the backdrop, is fine), or a label over a button."""
    cards = [bounds(e) for e in screen.children if getattr(e, "z", 0) == 0.5 and e.model]
    half = window.aspect_ratio / 2
    whole = (-half, -0.5, half, 0.5)
    buttons = [
        bounds(b.model)
        for b in scene.entities
        if isinstance(b, Button) and b.has_ancestor(screen) and shown(b) and b.model
    ]
    wrong = []
    for text in (t for t in scene.entities if isinstance(t, Text) and t.has_ancestor(screen)):
        if not shown(text) or not text.text.strip():
            continue
        box = bounds(text)
        holder = text.parent
        out_of_button = isinstance(holder, Button) and not inside(box, bounds(holder.model))
        straddles = any(overlap(box, c) and not inside(box, c) for c in cards)
        on_a_button = not isinstance(holder, Button) and any(overlap(box, b) for b in buttons)
        if not inside(box, whole) or straddles or out_of_button or on_a_button:
            wrong.append(text.text)
    return wrong


def overlap(one: tuple[float, ...], other: tuple[float, ...]) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def canvases_outside_window() -> list[str]:
    """Every Pillow panel shown that does not lie wholly in the window."""
    w, h = window.size
    return [
        c.name
        for c in scene.entities
        if isinstance(c, Canvas) and shown(c) and c.model is not None
        if c.box[0] < 0 or c.box[1] < 0 or c.box[2] > w + 1 or c.box[3] > h + 1
    ]


def picture(name: str, language: str, tmp_path: Path) -> Path:
    """The window now, as docs/screenshots names it, kept where CLIMBERS_SCREENSHOTS says."""
    folder = Path(os.environ.get("CLIMBERS_SCREENSHOTS") or tmp_path)
    return take_picture(folder / f"{name}-{language}.png")


def finished_game() -> GameSession:
    state = build_game(GameSetup(seats=SEATS[:2]))
    s = state.structure
    block = next(b for b, sq in s.surfaces.items() if sq and s.top_colour(b) is Colour.NEUTRAL)
    players = list(state.players)
    players[1] = players[1].model_copy(update={"at": s.surfaces[block][0], "reached_at": 3})
    return GameSession(evolve(state, players=tuple(players), tick=10, finished=True))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_game_under_way_keeps_its_panels_in_the_window(
    app: Any, shell: Shell, language: str, tmp_path: Path
) -> None:
    use_language(language)
    seats = tuple(Seat(colour=c) for c in (Colour.TEAL, Colour.PURPLE, Colour.YELLOW, Colour.PINK))
    play = shell.begin(GameSetup(seats=seats, seed=3, first=0))
    for _ in range(3):  # three turns: climb as high as one move goes, end the turn, no answers
        state = play.state
        to, routes = max(legal_destinations(state).items(), key=lambda kv: kv[1][0].level)
        colour = state.players[state.actor].colour
        assert play.apply(MoveClimber(player=colour, to=to, ladders=routes[0].ladders))
        play.done()
        while play.state.step is Step.REACTION:
            play.skip()
    play.climb.select()
    frames(app, 40)
    assert canvases_outside_window() == []
    picture("game", language, tmp_path)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_screen_keeps_its_text_inside_its_panels(
    app: Any, shell: Shell, language: str, tmp_path: Path
) -> None:
    use_language(language)
    shell.show_menu()
    frames(app)
    assert shell.menu is not None
    assert clipped_texts(shell.menu) == []
    picture("new-game", language, tmp_path)

    shell.begin(GameSetup(seats=SEATS, seed=7))
    play = shell.play
    assert play is not None
    frames(app)
    actor = play.state.players[play.state.actor]
    assert not play.apply(MoveClimber(player=actor.colour, to=(0, 0)))
    frames(app)
    assert play.hud.last_refusal and play.hud.note
    assert canvases_outside_window() == []
    assert clipped_texts(camera.ui) == []
    picture("refusal", language, tmp_path)

    shell.input("f1")
    frames(app)
    assert shell.help.enabled
    assert clipped_texts(shell.help) == []
    picture("rules", language, tmp_path)
    for topic in shell.help.topics:
        shell.help.open(topic)
        frames(app, 1)
        assert clipped_texts(shell.help) == [], topic.title
        if shell.help.try_it.enabled:
            assert bounds(shell.help.body)[1] > bounds(shell.help.try_it)[3], topic.title
    shell.input("f1")

    shell.show_settings()
    frames(app)
    assert shell.panel is not None
    assert clipped_texts(shell.panel) == []
    picture("settings", language, tmp_path)
    shell.panel.close()

    shell.start(finished_game())
    frames(app)
    assert shell.end is not None
    assert clipped_texts(shell.end) == []
    picture("end", language, tmp_path)


def first_move(play: Any) -> None:
    """The acting player walks their Climber to the first square it can reach."""
    actor = play.state.players[play.state.actor].colour
    target, routes = next(iter(legal_destinations(play.state).items()))
    assert play.apply(MoveClimber(player=actor, to=target, ladders=routes[0].ladders))


def test_the_language_setting_applies_at_once_and_keeps_the_game(app: Any, shell: Shell) -> None:
    use_language("en")
    play = shell.begin(GameSetup(seats=SEATS, seed=7))
    frames(app)
    first_move(play)
    frames(app)
    before, history = play.state, list(play.session.log)
    english = play.hud.title_line
    assert english.startswith("Turn 1")

    shell.show_settings()
    assert shell.panel is not None
    shell.panel.language.on_change("zh-Hant")  # as a click on the Language choice does
    frames(app)
    assert current_language() == "zh-Hant"
    assert shell.play is not None and shell.play is not play
    assert shell.play.state == before and shell.play.session.log == history
    assert shell.play.session.can_undo()
    assert shell.play.hud.title_line.startswith("第1回合"), shell.play.hud.title_line
    assert shell.panel is not None, "the settings panel stays open, redrawn"
    assert shell.panel.language.text_entity.text.count("繁體中文") == 1

    shell.panel.language.on_change("en")
    frames(app)
    assert shell.play.hud.title_line == english


@pytest.mark.parametrize(("saved_in", "opened_in"), [("en", "zh-Hant"), ("zh-Hant", "en")])
def test_a_game_saved_in_one_language_opens_in_the_other(
    app: Any, shell: Shell, tmp_path: Path, saved_in: str, opened_in: str
) -> None:
    use_language(saved_in)
    play = shell.begin(GameSetup(seats=SEATS, seed=7))
    frames(app)
    first_move(play)
    path = tmp_path / "game.json"  # saved after every action
    text = path.read_text(encoding="utf-8")
    assert not CJK.search(text), "a save holds no sentence"

    use_language(opened_in)
    shell.start(GameSession.resume(load_saved(path)))
    frames(app)
    assert shell.play is not None and shell.play.state == play.state
    assert bool(CJK.search(shell.play.hud.title_line)) == (opened_in == "zh-Hant")


def test_every_screen_is_redrawn_in_the_new_language(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    use_language("en")
    play = shell.begin(GameSetup(seats=SEATS, seed=7))
    first_move(play)
    frames(app)
    saved = load_saved(tmp_path / "game.json")
    screens = {
        "menu": (shell.show_menu, lambda: shell.menu.start_button.text),
        "sandbox": (shell.show_sandbox, lambda: shell.sandbox.play_button.text),
        "replay": (lambda: shell.show_replay(saved), lambda: shell.replay.forward_button.text),
        "lesson": (shell.show_lessons, lambda: shell.lesson.hud.undo.text),
    }
    for name, (show, words) in screens.items():
        use_language("en")
        shell.show_menu()  # every screen here is opened from the menu
        show()
        frames(app)
        english = words()
        shell.apply_settings(shell.settings.with_changes(language="zh-Hant"))
        frames(app)
        assert current_language() == "zh-Hant"
        assert words() != english and CJK.search(words()), name
        shell.apply_settings(shell.settings.with_changes(language="en"))
        frames(app)
        assert words() == english, name
