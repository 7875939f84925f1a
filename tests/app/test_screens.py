"""Menus and overlays in a real window (Xvfb): clicked through the same path a mouse takes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from ursina import Button, Entity, Text, application, camera, destroy, mouse

from climbers.app.screens.settings_panel import STEP, SettingsPanel
from climbers.app.settings import Settings, load_settings
from climbers.the_climbers.core import Colour, GameState, Rules, Step
from climbers.the_climbers.core.state import evolve
from climbers.the_climbers.game.game_setup import GameSetup, Seat, build_game
from climbers.the_climbers.io.mountains import load_named
from climbers.the_climbers.table.screens.end_screen import EndScreen
from climbers.the_climbers.table.screens.help_overlay import HelpOverlay
from climbers.the_climbers.table.screens.new_game_screen import NewGameScreen

pytestmark = pytest.mark.display


@pytest.fixture
def screens(app: Any) -> Iterator[list[Entity]]:
    """Screens made by a test (in the session's one app window); destroyed after it."""
    made: list[Entity] = []
    yield made
    for entity in made:
        destroy(entity)
    app.step()


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def click(app: Any, target: Entity, at: tuple[float, float] = (0.0, 0.0)) -> None:
    """Put the real pointer on `target` (at the point `at` of it, in its own units: its edges
    at ±0.5) and press the left button there."""
    win = application.base.win
    p = camera.ui.getRelativePoint(target, (at[0], at[1], 0))
    w, h = win.getXSize(), win.getYSize()
    win.move_pointer(0, int((p.x / (w / h) + 0.5) * w), int((0.5 - p.y) * h))
    frames(app)
    assert mouse.hovered_entity is target, f"pointer is over {mouse.hovered_entity}, not {target}"
    app.input("left mouse down")
    frames(app, 1)
    app.input("left mouse up")
    frames(app, 1)


def test_a_choice_steps_back_on_its_left_mark_and_on_elsewhere(
    app: Any, screens: list[Entity]
) -> None:
    """Issue 32, item 17: the « of a choice goes back, the » (and the middle) on."""
    screen = NewGameScreen(on_start=lambda state, setup: None)
    screens.append(screen)
    frames(app, 3)
    choice = screen.first
    assert len(choice.options) > 2
    start = choice.index
    click(app, choice, (0.42, 0.0))
    assert choice.index == (start + 1) % len(choice.options), "» steps on"
    click(app, choice)
    assert choice.index == (start + 2) % len(choice.options), "the middle steps on"
    click(app, choice, (-0.42, 0.0))
    assert choice.index == (start + 1) % len(choice.options), "« steps back"
    assert choice.text.startswith("«") and choice.text.endswith("»")


def shot(tmp_path: Path, name: str) -> Image.Image:
    path = tmp_path / f"{name}.png"
    assert application.base.screenshot(namePrefix=str(path), defaultFilename=False)
    return Image.open(path).convert("RGB")


def test_new_game_screen_adds_a_player_and_starts(
    app: Any, screens: list[Entity], tmp_path: Path
) -> None:
    started: list[tuple[GameState, GameSetup]] = []
    screen = NewGameScreen(on_start=lambda state, setup: started.append((state, setup)))
    screens.append(screen)
    frames(app, 3)
    click(app, screen.add_button)
    assert [r.colour for r in screen.rows] == [Colour.TEAL, Colour.PURPLE, Colour.YELLOW]
    click(app, screen.rows[2].swatch)
    assert screen.rows[2].colour is Colour.RED, "the next colour nobody has"
    click(app, screen.preset)
    click(app, screen.first)
    frames(app, 2)
    image = shot(tmp_path, "new-game")
    assert len(image.getcolors(1 << 20) or []) > 50, "text and panels are drawn"
    click(app, screen.start_button)
    assert len(started) == 1
    state, setup = started[0]
    assert [p.colour for p in state.players] == [Colour.TEAL, Colour.PURPLE, Colour.RED]
    assert state.rules.classic_turn and setup.preset == "classic-2008"
    assert state.turn.active == 0, "the first player chosen starts"

    click(app, screen.preset)  # back to the 2018 rules, then answering moves off (R13)
    click(app, screen.reactions)
    click(app, screen.start_button)
    state, setup = started[1]
    assert not setup.reactions and not state.rules.has_reactions and not state.rules.classic_turn


def test_new_game_screen_keeps_its_place_on_a_bad_file(
    app: Any, screens: list[Entity], tmp_path: Path
) -> None:
    started: list[GameState] = []
    screen = NewGameScreen(on_start=lambda state, setup: started.append(state))
    screens.append(screen)
    frames(app, 2)
    click(app, screen.source)
    click(app, screen.source)
    assert screen.source.value == "file" and screen.file_field.enabled
    assert not screen.seed_field.enabled
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    screen.file_field.set(str(bad))
    click(app, screen.start_button)
    assert started == []
    assert "broken.json" in screen.problem.text and "not JSON" in screen.problem.text
    assert "\n" not in screen.problem.text


def test_new_game_screen_limits_players_to_two_to_five(app: Any, screens: list[Entity]) -> None:
    screen = NewGameScreen(on_start=lambda state, setup: None)
    screens.append(screen)
    for _ in range(4):
        screen.add_seat()
    assert len(screen.rows) == 5 and not screen.add_button.enabled
    assert len({r.colour for r in screen.rows}) == 5
    screen.remove_seat(screen.rows[0])
    screen.remove_seat(screen.rows[0])
    screen.remove_seat(screen.rows[0])
    screen.remove_seat(screen.rows[0])
    assert len(screen.rows) == 2 and not screen.rows[0].remove.enabled


def finished_game() -> GameState:
    state = build_game(GameSetup(seats=(Seat(colour=Colour.TEAL), Seat(colour=Colour.PINK))))
    s = state.structure
    block = next(b for b, sq in s.surfaces.items() if sq and s.top_colour(b) is Colour.NEUTRAL)
    players = list(state.players)
    players[1] = players[1].model_copy(update={"at": s.surfaces[block][0], "reached_at": 3})
    return evolve(state, players=tuple(players), tick=10, finished=True)


@pytest.mark.rule("R23")
def test_end_screen_names_the_winner_and_offers_what_next(
    app: Any, screens: list[Entity], tmp_path: Path
) -> None:
    chosen: list[str] = []
    screen = EndScreen(
        finished_game(), lambda: chosen.append("again"), lambda: chosen.append("menu")
    )
    screens.append(screen)
    frames(app, 3)
    assert screen.headline.text == "Pink wins!"
    assert "Pink stands highest" in screen.tie_break.text
    assert [r.text for r in screen.rows] == ["1.  Pink", "2.  Teal"]
    shot(tmp_path, "end")
    click(app, screen.again_button)
    click(app, screen.menu_button)
    assert chosen == ["again", "menu"]


def test_rules_overlay_opens_at_the_current_step(
    app: Any, screens: list[Entity], tmp_path: Path
) -> None:
    overlay = HelpOverlay()
    screens.append(overlay)
    assert not overlay.enabled
    overlay.toggle(Step.DISK, Rules())
    frames(app, 2)
    assert overlay.enabled and overlay.current is not None and overlay.current.key == "disk"
    assert "disk" in overlay.body.text
    ladders = overlay.tabs[[t.key for t in overlay.topics].index("ladders")]
    click(app, ladders)
    assert overlay.current.key == "ladders"
    shot(tmp_path, "rules")
    app.input("escape")
    assert not overlay.enabled
    overlay.toggle(None)
    assert overlay.current.key == "end"
    overlay.toggle(None)
    assert not overlay.enabled


def test_settings_panel_saves_each_change(
    app: Any, screens: list[Entity], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    heard: list[Settings] = []
    closed: list[bool] = []
    panel = SettingsPanel(Settings(), on_change=heard.append, on_close=lambda: closed.append(True))
    screens.append(panel)
    frames(app, 2)
    click(app, panel.sound)
    click(app, panel.animation_speed)
    click(app, panel.colour_symbols)
    assert (
        load_settings()
        == heard[-1]
        == Settings(sound=False, animation_speed=1.5, colour_symbols=False)
    )
    shot(tmp_path, "settings")
    click(app, panel.done_button)
    assert closed == [True] and not panel.enabled


@pytest.mark.parametrize("game", ["clamber", "klettermax", "climbers"])
def test_the_settings_card_is_as_tall_as_the_rows_a_game_uses(
    app: Any,
    screens: list[Entity],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
) -> None:
    """Issue 32, item 13: F4's card holds the rows the game uses (Burg Klettermax's sound row
    among them), from top to bottom with no empty band: no gap between the card's edges, its
    title, its rows, the note and Done larger than two rows' step."""
    from climbers.clamber.table.kit import SETTINGS as CLAMBER
    from climbers.klettermax.table.kit import SETTINGS as KLETTERMAX

    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    only = {"clamber": CLAMBER, "klettermax": KLETTERMAX, "climbers": None}[game]
    panel = SettingsPanel(Settings(), only=only)
    screens.append(panel)
    frames(app, 2)
    rows = [w for w in panel.children if isinstance(w, Button) and w.enabled]
    assert (panel.sound in rows) == (game != "clamber")
    card = panel.card
    edges = [card.y + card.scale_y / 2, card.y - card.scale_y / 2]
    middles = [t.y for t in panel.children if isinstance(t, Text)]  # the title, the note
    middles += [b.y for b in rows]
    heights = sorted(edges + middles, reverse=True)
    gaps = [a - b for a, b in zip(heights, heights[1:], strict=False)]
    assert max(gaps) <= 2 * STEP, f"an empty band of {max(gaps):.3f} in the card"
    assert abs(card.y) < 1e-6, "the card stands in the middle of the window"


def test_new_game_screen_starts_on_a_named_mountain(app: Any, screens: list[Entity]) -> None:
    started: list[GameState] = []
    screen = NewGameScreen(on_start=lambda state, setup: started.append(state))
    screens.append(screen)
    frames(app, 2)
    click(app, screen.source)
    assert screen.source.value == "named" and screen.named.enabled
    click(app, screen.named)
    click(app, screen.start_button)
    assert started[0].blocks == load_named(screen.named.value).blocks


def test_every_opening_of_the_new_game_screen_rolls_a_new_mountain(
    app: Any, screens: list[Entity]
) -> None:
    seeds = set()
    for _ in range(4):
        screen = NewGameScreen(on_start=lambda state, setup: None, setup=GameSetup(seed=3))
        seeds.add(screen.setup.seed)
        assert screen.seed_field.value == str(screen.setup.seed), "the seed is shown"
        destroy(screen)
    assert len(seeds) > 1, "a new seed at every opening"
    screen = NewGameScreen(on_start=lambda state, setup: None, setup=GameSetup(seed=3))
    screens.append(screen)
    frames(app)
    click(app, screen.dice)
    assert screen.setup.seed != 3


def test_text_boxes_type_in_the_clients_font_and_shorten_long_paths(
    app: Any, screens: list[Entity]
) -> None:
    screen = NewGameScreen(on_start=lambda state, setup: None)
    screens.append(screen)
    field = screen.rows[0].name_field
    assert "Teal (type a name)" in field.text, "an empty field says who the player is"
    click(app, field)
    for key in "Mia":
        app.text_input(key)
    app.input("backspace")
    app.input("enter")
    assert field.value == "Mi" and screen.rows[0].seat.name == "Mi"
    assert field.text_entity.font == screen.start_button.text_entity.font, "one font"
    long = "/home/someone/" + "deep/" * 30 + "game.json"
    screen.file_field.set(long)
    shown = screen.file_field.text.strip()
    assert shown.endswith("game.json") and "…" in shown and len(shown) < 40


def test_check_boxes_are_drawn_boxes(app: Any, screens: list[Entity]) -> None:
    screen = NewGameScreen(on_start=lambda state, setup: None)
    screens.append(screen)
    box = screen.bridges
    empty = box.box.texture
    click(app, box)
    assert box.value and box.box.texture is not empty
    assert "[" not in box.text, "no brackets standing in for a box"
