"""Tools that turn mouse and keys into questions to a judge and actions for the core."""
