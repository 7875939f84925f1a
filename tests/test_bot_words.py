"""A bot in players' words (climbers.io.bot_words): every game's every bot level is named for a
new-game screen and labels a seat, and a level no game has here still labels a seat."""

from __future__ import annotations

import pytest

from climbers.games.registry import games
from climbers.games.tournament import bots_of
from climbers.io.bot_words import LABELS, LEVELS, bot_label, level_name
from climbers.io.language import use_language


@pytest.mark.parametrize(
    "name", [name for name, entry in games().items() if entry.bots is not None]
)
def test_every_level_of_every_games_bots_has_its_words(name: str) -> None:
    levels = bots_of(name).levels
    assert set(levels) <= set(LEVELS) and set(levels) <= set(LABELS)


def test_a_bot_is_said_in_the_current_language() -> None:
    try:
        use_language("zh-Hant")
        assert level_name("medium") == "電腦：普通"
        assert bot_label("medium", "橘色玩家") == "橘色玩家（電腦・普通）"
        assert bot_label("cunning", "橘色玩家") == "橘色玩家（電腦）"  # a host's, unknown here
    finally:
        use_language("en")
    assert bot_label("strong", "Red") == "Red (strong bot)"
    assert bot_label("cunning", "Red") == "Red (bot)"


def test_a_seat_no_bot_plays_is_its_name_alone() -> None:
    assert bot_label(None, "Red") == "Red"
