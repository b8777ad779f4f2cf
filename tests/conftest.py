"""Shared test settings."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

# CI machines are shared and slow: no per-example deadline, and a fixed budget of examples.
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)
settings.load_profile("ci")

# The local Discord stand-in's fixtures (fake_discord, discord_client_runner) and a real
# PostgreSQL (postgres_server for the session, postgres_url: a fresh database per test).
pytest_plugins = ["tests.fakediscord.plugin", "tests.pg"]
