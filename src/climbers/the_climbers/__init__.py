"""The Climbers (Holger Lanz, 2008): rules core, bots, files, lessons, puzzles, table, commands."""
