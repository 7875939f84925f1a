"""The table in 3D: pieces from state, meshes, textures, light, camera and animation."""
