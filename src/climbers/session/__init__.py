"""A game in progress, for every game on the table: its history with undo and redo, the
listeners that animate it, and keeping it saved."""
