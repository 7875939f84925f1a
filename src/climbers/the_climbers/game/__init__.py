"""The game in progress: session with undo and autosave, replays, captions, setup, results."""
