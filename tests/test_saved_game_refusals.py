"""A saved game whose recorded action the rules refuse is named in one line that says the
refusal in players' words, in the language chosen, for every game: the same sentence the table
shows, never a raw reason code (issue 32, item 7)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from climbers.cli.main import main
from climbers.io import language
from climbers.io.language import use_language
from climbers.the_climbers.core import Pass, generate_mountain, new_game
from climbers.the_climbers.io import save_game


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test leaves the game speaking English and no language pinned by --lang."""
    monkeypatch.setattr(language, "_pinned", False)
    yield
    use_language("en")


def _climbers_game(path: Path) -> Path:
    """A game of The Climbers whose log begins with Red passing on Teal's turn."""
    start = new_game(generate_mountain(1), ["teal", "red"], first=0)
    save_game(start, path, start, [str(Pass(player="red"))])
    return path


def _clamber_game(path: Path) -> Path:
    """A Clamber game whose second turn places a stone beside the 3-board (C1-C4: G7 is off)."""
    turns = ["place C3", "place G7"]
    path.write_text(json.dumps({"format": "clamber-saved-game", "version": 1, "turns": turns}))
    return path


def _klettermax_game(path: Path) -> Path:
    """A Burg Klettermax game whose first action flicks from a tower without a knight."""
    saved = {"format": "klettermax-saved-game", "version": 1, "players": 2, "seed": 0}
    path.write_text(json.dumps({**saved, "first": 0, "actions": ["flick wall"]}))
    return path


SAVED = {"climbers": _climbers_game, "clamber": _clamber_game, "klettermax": _klettermax_game}
COMMANDS = {
    "climbers": [["check-file"], ["replay"]],
    "clamber": [["clamber", "replay"], ["play", "--game", "clamber", "--position"]],
    "klettermax": [["klettermax", "replay"], ["play", "--game", "klettermax", "--position"]],
}
SAID = {
    ("climbers", "en"): "is refused: It is Teal's turn, not Red's.",
    ("climbers", "zh-Hant"): "is refused: 現在輪到青色玩家，不是紅色玩家。",
    ("clamber", "en"): "turn 2 ('place G7') does not fit: G7 is not a cell of this board.",
    ("clamber", "zh-Hant"): "turn 2 ('place G7') does not fit: G7不是這個棋盤上的格子。",
    ("klettermax", "en"): (
        "action 1 ('flick wall') does not fit: "
        "Only a tower of five knights flicks; yours has 0: roll the dice."
    ),
    ("klettermax", "zh-Hant"): (
        "action 1 ('flick wall') does not fit: 塔上有五個騎士才能彈；你的只有0個：請擲骰子。"
    ),
}
"""The end of the line each reader says, per game and language."""


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@pytest.mark.parametrize("game", list(SAVED))
def test_a_refused_saved_action_is_said_in_players_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, lang: str
) -> None:
    path = SAVED[game](tmp_path / "saved.json")
    for command in COMMANDS[game]:
        assert main(["--lang", lang, *command, str(path)]) == 2, command
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, (command, err)
        line = err.strip()
        assert path.name in line and line.endswith(SAID[game, lang]), (command, line)


def _klettermax_flicked_elsewhere(path: Path) -> Path:
    """A Burg Klettermax game whose last flick says chamber 9 with an aim straight at the side
    and no strength: flown again, the knight falls short of the castle."""
    from climbers.klettermax.core import Flick, action_text, apply, legal_actions, new_state

    state, actions = new_state(2, 5, first=0), []
    while not any(isinstance(a, Flick) for a in legal_actions(state)):
        action = next(a for a in legal_actions(state) if a.kind != "move_tower")
        state, _ = apply(state, action)
        actions.append(action_text(action))
    saved = {"format": "klettermax-saved-game", "version": 1, "players": 2, "seed": 5}
    actions.append("flick chamber 9 aim -90.0 0.000")
    path.write_text(json.dumps({**saved, "first": 0, "physics": 2, "actions": actions}))
    return path


FLOWN = {
    "en": "Its aim drops the knight short of the castle.",
    "zh-Hant": "依這個瞄準，騎士會掉在城堡前面。",
}


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_saved_flick_the_physics_brings_elsewhere_is_refused_by_every_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Issue 32, item 8: `flick chamber 9 aim -90.0 0.000` is flown again (K11, K12: the
    physics is deterministic, so a flick this program saved always rests where it says) and
    refused, in players' words, by check-file, replay, --position and --resume."""
    path = _klettermax_flicked_elsewhere(tmp_path / "last-klettermax.json")
    number = len(json.loads(path.read_text())["actions"])
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    commands = [
        ["check-file", str(path)],
        ["klettermax", "replay", str(path)],
        ["play", "--game", "klettermax", "--position", str(path)],
        ["play", "--game", "klettermax", "--resume"],
    ]
    for command in commands:
        assert main(["--lang", lang, *command]) == 2, command
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, (command, err)
        line = err.strip()
        want = f"action {number} ('flick chamber 9 aim -90.0 0.000') does not fit: {FLOWN[lang]}"
        assert path.name in line and line.endswith(want), (command, line)
