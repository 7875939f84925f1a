"""Tools for Burg Klettermax's maintainers: the pictures of the tile and the README."""
