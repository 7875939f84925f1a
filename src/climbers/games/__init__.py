"""What every game on the table is: the game interface, the registry that finds the games, and
the conformance checks every registered game passes. Imports no game."""
