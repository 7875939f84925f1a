"""The Climbers' table: the view of a state, its tools, panels and screens, and the shell that
leads through them."""
