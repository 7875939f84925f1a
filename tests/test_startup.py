"""Commands import what they need when they need it: listing the commands loads no game, every
subcommand's module is found from the list, and every registry entry names its real rules."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import import_module

import pytest

from climbers.cli.main import commands, parser
from climbers.cli.subcommands import chosen
from climbers.games.registry import games

HEAVY = ("numpy", "numba", "ursina", "panda3d", "climbers.the_climbers.core")


def _loaded_after(*argv: str) -> set[str]:
    """The heavy modules loaded by `climbers ARGV` in a fresh process."""
    code = (
        "import json, sys\n"
        "from climbers.cli.main import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_listing_the_commands_loads_no_game() -> None:
    assert _loaded_after("--help") == set()


def test_a_missing_file_to_export_is_said_before_the_engine_loads() -> None:
    assert not _loaded_after("export", "/nonexistent/x.json", "--out", "/tmp/x.gif") & {
        "ursina",
        "panda3d",
    }


def test_checking_a_file_loads_no_compiler() -> None:
    assert "numba" not in _loaded_after("check-file", "assets/positions/example.json")


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["--help"], None),
        (["check-file", "x"], "check-file"),
        (["--lang", "en", "clamber", "legal", "x"], "clamber"),
        (["--lang=zh-Hant", "play"], "play"),
    ],
)
def test_the_chosen_subcommand_is_read_from_the_command_line(
    argv: list[str], name: str | None
) -> None:
    assert chosen(argv) == name


def test_every_subcommand_module_fills_its_parser() -> None:
    listed = commands()
    assert len({c.name for c in listed}) == len(listed)
    for command in listed:
        assert callable(import_module(command.module).add)
        (sub,) = [a for a in parser(command.name)._actions if a.dest == "command"]
        filled = sub.choices[command.name]  # type: ignore[index]
        others = [sub.choices[c.name] for c in listed if c.name != command.name]  # type: ignore[index]
        nested = any(a.dest == "question" for a in filled._actions)
        assert nested or filled.get_default("run") is not None, command.name
        assert all(len(other._actions) == 1 for other in others), "only -h elsewhere"


def test_every_entry_names_its_game_and_real_rules() -> None:
    for name, entry in games().items():
        assert entry.name == name == entry.rules.name
        assert callable(entry.rules.legal_actions) and callable(entry.rules.apply)
