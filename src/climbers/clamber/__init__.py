"""Clamber: a two-player abstract of stacks on a hexagonal board (rules in CLAMBER.md)."""
