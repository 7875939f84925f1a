"""Flat panels over the table: the HUD, widgets, the sandbox tray, analysis and rules text."""
