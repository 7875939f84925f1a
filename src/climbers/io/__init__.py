"""Files: saved games and positions as versioned JSON."""
