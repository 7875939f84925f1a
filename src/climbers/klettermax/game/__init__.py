"""Burg Klettermax games in progress: the shared session with this game's turns, bots by seat,
and the saved games the table continues."""
