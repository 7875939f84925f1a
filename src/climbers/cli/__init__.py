"""The `climbers` command: one module per subcommand."""
