"""Tools for the project's own use with Clamber: the pictures of its tile and screenshots."""
