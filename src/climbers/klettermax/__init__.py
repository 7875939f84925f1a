"""Burg Klettermax: the castle, the knights and the flick."""
