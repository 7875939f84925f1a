"""The game's bundled data: components, mountains, positions, sounds (read with importlib.resources)."""
