"""The 3D table: an Ursina client that shows the game and asks the rules core every question."""
