"""Clips of any game on the table: a recorded game, a part of one or a puzzle's solution drawn
off-screen by the game's own view and camera and written as MP4 or GIF."""

MP4_SIZE, MP4_FPS = (1280, 720), 30
GIF_SIZE, GIF_FPS = (480, 270), 12
"""A clip's picture and frames a second unless asked otherwise (nothing here needs the window's
packages, so the command line reads them before it knows whether they are installed)."""
