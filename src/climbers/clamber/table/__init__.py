"""Clamber's table: what the window and the commands say of the game (its board and view are
still to come)."""
