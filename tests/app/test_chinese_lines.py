"""Chinese lines in the window at 1280x720: the words a playtester saw broken across lines are
drawn whole (第4階段 in The Climbers' turn title while a bot thinks, 「擲骰」 in Burg Klettermax's
last refusal, 朝上 and 橘色玩家 in the recent actions), read back from the panels as drawn.

With CLIMBERS_SCREENSHOTS set to a folder, the pictures are kept there."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from climbers.app.panels.canvas import Canvas
from climbers.app.pictures import take_picture
from climbers.io.language import use_language

pytestmark = pytest.mark.display

CLIMBERS_RECENT = [
    "粉紅色玩家跳過「移動攀爬者」階段。",
    "粉紅色玩家把灰色半立方積木方塊翻轉放到第9層，粉紅色朝上。",
]
"""The Climbers' recent actions as the demo showed them (round five)."""
KLETTERMAX_RECENT = [
    "橘色玩家擲出綠色盾牌和紅色盾牌。一個綠色騎士疊上橘色玩家的塔。"
    "橘色玩家的塔上已經有紅色騎士了：這個騎士疊上紫色玩家的塔。"
]
"""Burg Klettermax's recent action as a game showed it (round five)."""


@pytest.fixture
def chinese(app: Any) -> Iterator[None]:
    use_language("zh-Hant")
    yield
    use_language("en")


def frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.step()


def drawn(canvas: Canvas) -> list[str]:
    """The lines of text a panel shows, as drawn."""
    assert canvas.enabled and canvas.image is not None
    return list(canvas.image.info["lines"])


def whole(word: str, lines: list[str]) -> bool:
    """`word` stands in one line and is split across none."""
    split = any(
        one.endswith(word[:i]) and two.startswith(word[i:])
        for one, two in zip(lines, lines[1:], strict=False)
        for i in range(1, len(word))
    )
    return any(word in line for line in lines) and not split


def picture(name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("CLIMBERS_SCREENSHOTS") or tmp_path)
    take_picture(folder / f"{name}.png")


@pytest.mark.usefixtures("chinese")
def test_the_climbers_bot_thinking_title_and_recent_actions_keep_their_words(
    app: Any, tmp_path: Path
) -> None:
    from climbers.the_climbers.core import Colour, generate_mountain, new_game
    from climbers.the_climbers.core.state import evolve
    from climbers.the_climbers.game.session import GameSession
    from climbers.the_climbers.table.screens.play_screen import PlayScreen
    from climbers.the_climbers.table.screens.table_screen import clear_scene

    start = new_game(generate_mountain(7), ["teal", "red"], seed=7, first=1)
    state = evolve(start, turn=start.turn.model_copy(update={"number": 15, "step": 3}))
    screen = PlayScreen(GameSession(state, bots={Colour.RED: "greedy"}))
    try:
        screen.app = app
        screen.bots.enabled = False
        frames(app)
        screen.hud.show_bot_turn(screen.bots.thinking_line(screen.state))
        screen.hud.show_recent(CLIMBERS_RECENT)
        frames(app)
        title = drawn(screen.hud.panel)
        assert title[0].startswith("第15回合 · 紅色玩家") and len(title) >= 2, title
        assert whole("（第4階段）", title), title
        recent = drawn(screen.hud.recent_panel)
        assert len(recent) >= 3, "the second caption wraps"
        for word in ("朝上。", "粉紅色玩家", "「移動攀爬者」", "第9層，", "積木方塊"):
            assert whole(word, recent), (word, recent)
        picture("climbers-lines-zh-Hant", tmp_path)
    finally:
        clear_scene()
        app.step()


@pytest.mark.usefixtures("chinese")
def test_klettermax_last_refusal_and_recent_actions_keep_their_words(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from climbers.app.table.scene import clear_scene
    from climbers.klettermax.core import End, Seat, State, Turn
    from climbers.klettermax.core.dice import deal_tiles
    from climbers.klettermax.game.session import KlettermaxSession
    from climbers.klettermax.table.play_board import TABLE_GAME

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    state = State(
        seed=3, seats=(Seat(spot=8), Seat(spot=2)), chambers=deal_tiles(3), turn=Turn(seat=0)
    )
    screen = TABLE_GAME.play(KlettermaxSession(state), save_path=tmp_path / "game.json")
    try:
        screen.app = app
        screen.bots.enabled = False
        frames(app)
        screen.apply(End())  # a turn begins with a roll: refused with its reason
        screen.hud.show_recent(KLETTERMAX_RECENT)
        screen.hud.keep_banner_clear()  # as after a caption: the turn's banner beside it
        frames(app)
        assert "「擲骰」" in screen.hud.last_refusal
        panel = drawn(screen.hud.panel)
        assert any("剛才不能這樣做" in line for line in panel)
        assert whole("「擲骰」。", panel), panel
        recent = drawn(screen.hud.recent_panel)
        assert len(recent) >= 3, "the caption wraps"
        for word in ("橘色玩家", "紫色玩家", "綠色盾牌", "紅色盾牌", "紅色騎士"):
            assert whole(word, recent), (word, recent)
        picture("klettermax-lines-zh-Hant", tmp_path)
    finally:
        clear_scene()
        app.step()
