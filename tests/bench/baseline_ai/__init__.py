"""The hard computer players as they were before Monte Carlo search: the strength yardstick."""
