"""The stand-in's fixtures, imported here because only the top-level conftest may list plugins."""

from tests.fakediscord.plugin import discord_client_runner, fake_discord

__all__ = ["discord_client_runner", "fake_discord"]
