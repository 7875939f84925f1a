"""Developer tools: benchmarks, the soak, seeded mid-game positions and the invariants."""
