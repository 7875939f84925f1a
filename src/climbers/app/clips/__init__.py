"""Clips of any game on the table: a recorded game, a part of one or a puzzle's solution drawn
off-screen by the game's own view and camera and written as MP4 or GIF."""
