"""Burg Klettermax's table in the window: the castle, the towers, the dice and the flick."""
