"""Chinese in the window (issue 19): names such as 爸爸 and 媽媽 are typed and drawn, a character
the bundled font cannot draw is refused with its reason (never drawn as a box), the puzzle list's
titles are readable, the recent actions stay after a change of language, and the named
mountains are named in the current language.

With CLIMBERS_SCREENSHOTS set to a folder, the pictures are kept there."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from panda3d.core import DynamicTextGlyph
from ursina import camera

from climbers.app.pictures import take_picture
from climbers.app.settings import Settings
from climbers.io.language import use_language
from climbers.the_climbers.core import Colour, MoveClimber, legal_destinations
from climbers.the_climbers.game.game_setup import GameSetup, Seat, build_game
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display

SEATS = (Seat(colour=Colour.TEAL, name="Mei"), Seat(colour=Colour.RED))


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Shell(Settings(), save_path=tmp_path / "game.json")
    yield made
    made.close()
    use_language("en")
    for _ in range(2):
        app.step()


def frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.step()


def picture(name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CLIMBERS_SCREENSHOTS") or tmp_path)
    return take_picture(folder / f"{name}.png")


def type_into(box: Any, text: str) -> None:
    """Click the box and type `text` one character at a time, as the keyboard sends it."""
    box.focus()
    for ch in text:
        box.text_input(ch)


def test_a_chinese_name_is_taken_and_drawn(app: Any, shell: Shell, tmp_path: Path) -> None:
    use_language("zh-Hant")
    shell.show_menu()
    menu = shell.menu
    assert menu is not None
    box = menu.rows[1].name_field
    type_into(box, "爸爸媽媽")
    box.input("enter")
    frames(app)
    assert box.value == "爸爸媽媽" and box.refusal == "" and menu.problem.text == ""
    drawn = box.text_entity
    assert "爸爸媽媽" in drawn.text
    assert all(isinstance(drawn.font.getGlyph(ord(ch)), DynamicTextGlyph) for ch in "爸爸媽媽")
    assert menu.setup.seats[1].name == "爸爸媽媽"
    picture("name-zh-Hant", tmp_path)


@pytest.mark.parametrize(("language", "said"), [("en", "cannot draw"), ("zh-Hant", "無法顯示")])
@pytest.mark.parametrize("character", ["\U0001f600", "\U00020000"])  # an emoji; 𠀀 (Ext. B)
def test_a_character_the_font_lacks_is_refused_with_the_reason(
    app: Any, shell: Shell, tmp_path: Path, language: str, said: str, character: str
) -> None:
    use_language(language)
    shell.show_menu()
    menu = shell.menu
    assert menu is not None
    box = menu.rows[0].name_field
    box.set("")
    type_into(box, f"Ana{character}")
    frames(app)
    assert box.value == "Ana", "the character is not taken"
    code = f"U+{ord(character):04X}"
    assert said in menu.problem.text and code in menu.problem.text
    assert menu.problem.text == box.refusal and "\n" not in box.refusal
    assert character not in box.text_entity.text and character in menu.problem.text
    if character == "\U0001f600":
        picture(f"name-refused-{language}", tmp_path)


def test_a_saved_game_with_a_name_the_font_lacks_is_not_opened(app: Any, shell: Shell) -> None:
    use_language("zh-Hant")
    seats = (Seat(colour=Colour.TEAL, name="Ana\U0001f600"), Seat(colour=Colour.RED))
    shell.start(GameSession(build_game(GameSetup(seats=seats, seed=7))))
    frames(app)
    assert shell.play is None and shell.menu is not None, "the new-game screen instead"
    said = shell.notice.text
    assert "\U0001f600 (U+1F600)" in said and "青色玩家" in said


def test_the_puzzle_titles_are_drawn_at_16_pixels_or_more(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    use_language("zh-Hant")
    shell.show_puzzles()
    frames(app)
    listing = shell.screens.screen
    assert listing is not None and listing.entries
    for entry in listing.entries:
        text = entry.text_entity
        low, high = text.getTightBounds(camera.ui)
        ink = (high.y - low.y) * 720  # one line of Chinese: its characters' height in pixels
        assert ink >= 15, f"{text.text}: {ink:.1f} px"
        assert low.x >= entry.getTightBounds(camera.ui)[0].x, "inside its button"
        assert high.x <= entry.getTightBounds(camera.ui)[1].x
    picture("puzzles-zh-Hant", tmp_path)


def test_the_recent_actions_stay_after_a_change_of_language(app: Any, shell: Shell) -> None:
    use_language("en")
    play = shell.begin(GameSetup(seats=SEATS, seed=7))
    frames(app)
    actor = play.state.players[play.state.actor].colour
    target, routes = next(iter(legal_destinations(play.state).items()))
    assert play.apply(MoveClimber(player=actor, to=target, ladders=routes[0].ladders))
    frames(app)
    english = list(play.hud.recent)
    assert english and play.hud.recent_panel.enabled

    shell.apply_settings(Settings(language="zh-Hant"))
    frames(app)
    again = shell.play
    assert again is not None and again is not play
    assert len(again.hud.recent) == len(english) and again.hud.recent_panel.enabled
    assert all(line not in english for line in again.hud.recent), "said in Chinese"


def test_the_named_mountains_are_named_in_the_current_language(app: Any, shell: Shell) -> None:
    use_language("zh-Hant")
    shell.setup = GameSetup(mountain="named", name="tottering")
    shell.show_menu()
    frames(app)
    menu = shell.menu
    assert menu is not None
    names = dict(menu.named.options)
    assert names["classic"] == "經典" and names["tottering"] == "搖搖欲墜"
    assert "搖搖欲墜" in menu.named.text_entity.text
