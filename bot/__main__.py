"""``python -m bot``: load settings, then run the bot until it is stopped."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.config import ConfigError, Settings, load_settings

log = logging.getLogger("bot")


def point_at_api(settings: Settings) -> None:
    """Aim discord.py at another Discord API (the local stand-in tests use) when configured."""
    import yarl

    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def run(settings: Settings) -> None:
    """Start the client and keep it running until it is closed."""
    from bot.client import PenguinBot

    async with PenguinBot(settings) as client:
        await client.start(settings.token)


def main() -> int:
    """Entry point: a clear message instead of a traceback when the bot cannot start."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    point_at_api(settings)
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal.")
        return 2
    except discord.PrivilegedIntentsRequired:
        log.error("The bot asked for an intent that is not enabled in the Developer Portal.")
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
