"""The Climbers' subcommands of the `climbers` command, one module each."""

from climbers.the_climbers.commands import (
    check_file_command,
    demo_command,
    learn_command,
    mountain_command,
    play_command,
    puzzle_command,
    render_command,
    replay_command,
    sandbox_command,
)

COMMANDS = (
    play_command,
    render_command,
    sandbox_command,
    mountain_command,
    check_file_command,
    replay_command,
    demo_command,
    learn_command,
    puzzle_command,
)
