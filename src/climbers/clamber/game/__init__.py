"""Clamber games in progress: the shared session with Clamber's turns, bots by seat, and the
saved games the table continues."""
