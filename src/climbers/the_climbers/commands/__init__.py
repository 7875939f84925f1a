"""The Climbers' subcommands of the `climbers` command, one module each (imported when run)."""

from climbers.cli.subcommands import Command

_HERE = "climbers.the_climbers.commands"

COMMANDS = (
    Command("play", "start a game", f"{_HERE}.play_command"),
    Command("render", "write a picture of a mountain or a position", f"{_HERE}.render_command"),
    Command("sandbox", "build, describe, check and analyse positions", f"{_HERE}.sandbox_command"),
    Command("mountain", "print a mountain's top view", f"{_HERE}.mountain_command"),
    Command("replay", "step through a saved game in the 3D view", f"{_HERE}.replay_command"),
    Command("demo", "attract mode: bots play one game after another", f"{_HERE}.demo_command"),
    Command("learn", "learn to play in short lessons", f"{_HERE}.learn_command"),
    Command("puzzle", "climbing puzzles: play, list, or re-prove them", f"{_HERE}.puzzle_command"),
)
