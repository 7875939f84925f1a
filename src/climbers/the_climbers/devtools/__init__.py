"""The Climbers' benchmarks, soak and invariants, for developers."""
