"""The Climbers: a digital edition of the block-climbing board game."""

__version__ = "0.1.0"
