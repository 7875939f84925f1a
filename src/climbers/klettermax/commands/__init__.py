"""Burg Klettermax's ways in from the command line."""
