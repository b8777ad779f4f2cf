"""``python -m bot``: load settings, open the store, run the client until it is stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord

from bot.config import ConfigError, Settings, load_settings
from bot.store import Store, StoreOpenError

log = logging.getLogger("bot")


def point_at_api(settings: Settings) -> None:
    """Aim discord.py at another Discord API (the local stand-in tests use) when configured."""
    import yarl

    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def run(settings: Settings) -> None:
    """Open the store, then start the client and keep it running until it is closed."""
    from bot.client import PenguinBot

    # Opened before logging in, so an unusable database stops the bot before it goes online.
    store = await Store.from_settings(settings)
    try:
        async with PenguinBot(settings, store=store) as client:
            stop_on_sigterm(client)
            await client.start(settings.token)
    finally:
        await store.close()


def stop_on_sigterm(client: discord.Client) -> None:
    """Close the client cleanly when the service manager asks the process to stop."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()

    def close() -> None:
        task = loop.create_task(client.close())
        closing.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(closing.discard)

    # Windows' event loops have no signal handlers; there the default (stop at once) remains.
    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, close)


def main() -> int:
    """Entry point: a clear message instead of a traceback when the bot cannot start."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    point_at_api(settings)
    try:
        asyncio.run(run(settings))
    except StoreOpenError as error:
        print(f"The bot cannot start: {error}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal.")
        return 2
    except discord.PrivilegedIntentsRequired:
        log.error("The bot asked for an intent that is not enabled in the Developer Portal.")
        return 2
    except aiohttp.ClientConnectorError as error:
        log.error("Discord cannot be reached (%s): check the network connection.", error)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
