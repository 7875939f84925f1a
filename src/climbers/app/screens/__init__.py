"""Screens: play, sandbox, replay, demo, the new-game and end screens, rules and settings."""
