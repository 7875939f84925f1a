"""A save that fails is told at its first failure, in every game on the table: a data folder
that cannot be made (its path runs through a file) shows the problem as the first game starts,
before any action, once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from climbers.app.host import Host
from climbers.app.settings import Settings


@pytest.fixture
def host(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(blocker / "data"))
    made = Host(Settings(animation_speed=4.0, bot_pace=0.0))
    yield made
    made.screens.go("Games")
    made.screens.defaultExit()
    app.step()


@pytest.mark.parametrize("game", ["climbers", "clamber", "klettermax"])
def test_a_failing_save_is_told_as_the_game_starts(app: Any, host: Host, game: str) -> None:
    host.choose()
    app.step()
    tile = next(t for t in host.screens.screen.tiles if t.entry.name == game)
    tile.on_click()
    app.step()
    shell: Any = host.table
    assert shell.menu is not None
    shell.menu.start_button.on_click()
    for _ in range(5):
        app.step()
    play = shell.play
    assert play is not None and play.session.save_problem is not None
    notice = play.hud.notice
    assert notice.text == play.session.save_problem
    assert notice.text.startswith("Saving the game failed (")
