"""Run the probe bot as its own process, aimed at the stand-in by environment variables."""

from __future__ import annotations

import os

import discord
import yarl

from tests.test_fakediscord.probe_bot import ProbeBot


def main() -> None:
    """Point discord.py at DISCORD_API_BASE / DISCORD_GATEWAY_URL and run until terminated."""
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    ProbeBot().run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
