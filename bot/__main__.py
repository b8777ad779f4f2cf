"""``python -m bot``: load settings, open the store, run the client until it is stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import ConfigError, Settings, load_settings
from bot.store import Store, StoreOpenError

if TYPE_CHECKING:
    from bot.client import PenguinBot

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
    # Opened before logging in, so an unusable database stops the bot before it goes online.
    store = await Store.from_settings(settings)
    try:
        async with make_client(settings, store) as client:
            stop_on_sigterm(client)
            # Start the drawing processes now: each fits its palettes while the bot connects.
            for _ in range(settings.drawing_workers):
                client.drawing.submit(int)
            running = asyncio.create_task(client.start(settings.token), name="discord client")
            await until_ready(client, running, settings.connect_timeout)
            await running
    finally:
        await store.close()


def make_client(settings: Settings, store: Store) -> PenguinBot:
    """The bot's client: discord.py's single-shard client, or, with SHARD_COUNT, an
    AutoShardedBot running SHARD_IDS (all shards when unset) that identifies in turn with the
    other processes (``identify_in_turn``)."""
    from bot.client import PenguinBot

    if not settings.sharded:
        return PenguinBot(settings, store=store)

    class ShardedPenguinBot(PenguinBot, commands.AutoShardedBot):
        """The bot running a subset of the shards, beside other processes on one PostgreSQL."""

        async def before_identify_hook(
            self, shard_id: int | None, *, initial: bool = False
        ) -> None:
            await identify_in_turn(self, store, shard_id)

    return ShardedPenguinBot(
        settings, store=store, shard_count=settings.shard_count, shard_ids=settings.shard_ids
    )


#: Discord allows one IDENTIFY per bucket (shard_id % max_concurrency) every 5 seconds.
IDENTIFY_INTERVAL = 5.0
#: Held a second longer: Discord counts from when an IDENTIFY arrives, and two sent 5 s apart
#: can arrive closer when the first one travels slower.
IDENTIFY_MARGIN = 1.0


async def identify_in_turn(client: discord.Client, store: Store, shard_id: int | None) -> None:
    """Wait for this shard's identify bucket, across every process on the database.

    The bucket is ``shard_id % max_concurrency`` (from ``GET /gateway/bot``); the store holds
    the bucket's lock (a PostgreSQL advisory lock; on SQLite, one process: an asyncio lock) for
    ``IDENTIFY_INTERVAL`` and a margin after this returns, so no other shard of the bucket, in
    this process or another, identifies within that time.
    """
    concurrency = getattr(client, "_identify_concurrency", None)
    if concurrency is None:
        try:
            _shards, _url, limit = await client.http.get_bot_gateway()
            concurrency = max(1, int(limit.get("max_concurrency", 1)))
        except (discord.HTTPException, discord.GatewayNotFound, KeyError, TypeError):
            concurrency = 1
        client._identify_concurrency = concurrency  # type: ignore[attr-defined]
    bucket = (shard_id or 0) % concurrency
    await store.hold_exclusive(f"identify:{bucket}", IDENTIFY_INTERVAL + IDENTIFY_MARGIN)


class ConnectTimeout(Exception):
    """Discord did not let the bot in within the time allowed."""


async def until_ready(client: discord.Client, running: asyncio.Task[None], seconds: float) -> None:
    """Wait until the client is connected and ready, or ``running`` ended (its error is raised
    by the caller's await); a Discord that never answers ends the start with ConnectTimeout
    instead of a silent hang (discord.py would otherwise wait and reconnect without end)."""
    ready = asyncio.create_task(client.wait_until_ready(), name="until ready")
    try:
        done, _ = await asyncio.wait(
            {running, ready}, timeout=seconds, return_when="FIRST_COMPLETED"
        )
    finally:
        ready.cancel()
    if not done:
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        raise ConnectTimeout(seconds)


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


def sync_failure(error: discord.HTTPException, settings: Settings) -> str | None:
    """What to tell the operator when Discord refused the command sync at start; None when
    ``error`` came from anything else."""
    url = getattr(getattr(error, "response", None), "url", None)
    path = str(getattr(url, "path", "") or "")
    refused_tree = isinstance(error, app_commands.CommandSyncFailure)
    if not refused_tree and not path.endswith("/commands"):
        return None
    dev_guild = settings.dev_guild_id
    scope = f"the server DEV_GUILD_ID={dev_guild}" if dev_guild else "all servers (global)"
    reason = f"{error.status} {error.text or error.response.reason}".strip()
    if refused_tree:
        return (
            f"Discord refused the slash command definitions for {scope}; nothing was changed "
            f"there. The bot's commands (or a translation in the catalogues) break one of "
            f"Discord's rules:\n{error}"
        )
    if error.status == 403:
        if dev_guild:
            return (
                f"Discord refused the slash commands for {scope} ({reason}, code {error.code}): "
                "the bot was added to that server without the applications.commands scope, or "
                "DEV_GUILD_ID is not a server the bot is in. Invite the bot again with the scopes "
                "bot and applications.commands (Developer Portal → OAuth2 → URL Generator), or "
                "correct DEV_GUILD_ID (leave it empty to sync globally)."
            )
        return (
            f"Discord refused the slash commands ({reason}, code {error.code}): check that "
            "DISCORD_TOKEN belongs to this application and that the bot was invited with the "
            "scopes bot and applications.commands."
        )
    return (
        f"The slash commands could not be synced to {scope} ({reason}): try again later, or "
        "start with SYNC_COMMANDS=never to keep the commands Discord already has."
    )


#: Loggers whose DEBUG lines carry whole bodies: discord.py's requests and events (an ephemeral
#: answer's text, the card choices of an autocomplete) and aiosqlite's statements (a game's
#: snapshot holds every hand). A log is read by more people than the one a hand belongs to, so
#: they stay at INFO even when LOG_LEVEL=DEBUG.
BODY_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook.async_", "aiosqlite")


def setup_logging(level_name: str) -> None:
    """discord.py's logging at ``level_name``, with the loggers that print bodies kept quiet."""
    level = getattr(logging, level_name)
    discord.utils.setup_logging(level=level)
    for name in BODY_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.INFO))


def main() -> int:
    """Entry point: a clear message instead of a traceback when the bot cannot start."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
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
    except discord.HTTPException as error:
        message = sync_failure(error, settings)
        if message is None:
            raise
        log.error("%s", message)
        return 1
    except ConnectTimeout as error:
        log.error(
            "Discord did not answer within %g seconds (logging in and connecting to the "
            "gateway): check the network connection, or raise CONNECT_TIMEOUT_SECONDS.",
            error.args[0],
        )
        return 1
    except aiohttp.ClientConnectorError as error:
        log.error("Discord cannot be reached (%s): check the network connection.", error)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
