"""Shared test settings."""

from __future__ import annotations

import signal

from hypothesis import HealthCheck, settings

# CI machines are shared and slow: no per-example deadline, and a fixed budget of examples.
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)
settings.load_profile("ci")

# A shell starts a background job (``make test &``) with Ctrl-C ignored, and every bot process a
# test starts would inherit that: the tests that stop the bot with Ctrl-C would wait for ever.
# A handled signal is reset to its default in a new program, so the bot hears Ctrl-C again.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The local Discord stand-in's fixtures (fake_discord, discord_client_runner) and a real
# PostgreSQL (postgres_server for the session, postgres_url: a fresh database per test).
pytest_plugins = ["tests.fakediscord.plugin", "tests.pg"]
