"""The bot's wiring: setup_hook opens the store, loads the cogs, registers the buttons and
syncs the commands; the shared services are bot.host.Host's, the error handler bot.cogs.errors'."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.cogs.errors import PenguinTree
from bot.config import Settings
from bot.host import Host
from bot.play.check import RUNNING, SnapshotReport, check_snapshots
from bot.play.packing import pack_ended_logs
from bot.play.ratings import Rater
from bot.store import Store
from bot.texts.mentions import CommandMentions
from bot.translator import CatalogueTranslator
from bot.ui.buttons import GameButton, PerformSelect, ResignButton
from bot.ui.choices import ChoiceButton, ChoiceSelect
from bot.ui.pages import PageButton

log = logging.getLogger(__name__)

COGS = (
    "bot.cogs.languages",
    "bot.cogs.delivery",
    "bot.cogs.scheduler",
    "bot.cogs.computers",
    "bot.cogs.game",
    "bot.cogs.ratings",
    "bot.cogs.settings",
    "bot.cogs.help",
    "bot.cogs.fish",
    "bot.cogs.ultimatum",
    "bot.cogs.clicks",
    "bot.cogs.undo",
    "bot.cogs.tournament",
)


class PenguinBot(Host):
    """The penguin games bot."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(settings, tree_cls=PenguinTree, **options)

    async def setup_hook(self) -> None:
        """Open the store, load the cogs, register the buttons and sync commands if changed."""
        self.store = self._given_store or await Store.from_settings(
            self.settings, clock=self.clock.now
        )
        self.ratings = Rater(self.store)
        if await self.store.ratings_stale():
            log.warning(
                "the stored ratings wait for a rebuild (results were kept before ratings were): "
                "run python -m bot.admin ratings rebuild --write"
            )
        # In the background: the bot answers while old games are replayed.
        self.snapshot_check = asyncio.create_task(self.check_snapshots(), name="snapshot check")
        self.add_dynamic_items(
            GameButton, PerformSelect, ChoiceButton, ChoiceSelect, ResignButton, PageButton
        )
        for cog in COGS:
            await self.load_extension(cog)
        # Command names and descriptions in each person's language (before the sync sends them).
        await self.tree.set_translator(CatalogueTranslator())
        await self.sync_commands()

    async def check_snapshots(self) -> SnapshotReport | None:
        """Replay every running game from its log and repair a snapshot that differs (logged);
        then pack the logs of games that ended before an upgrade packed them.

        Finished and cancelled games are not replayed at start: that would cost all of history
        on every start (``python -m bot.admin copy`` replays them all when moving a database).
        """
        try:
            report = await check_snapshots(self.store, RUNNING)
        except Exception:  # a failed check must not take the bot down; the games still play
            log.exception("checking the games against their logs failed")
            return None
        if report.repaired:
            games = ", ".join(f"#{game_id}" for game_id in report.repaired)
            log.warning("rebuilt game(s) %s from their action log", games)
        for game_id, reason in report.broken:
            log.error("game #%d needs a person to look at it: %s", game_id, reason)
        log.info(
            "checked %d running game(s) against their logs: %d rebuilt, %d broken",
            report.checked,
            len(report.repaired),
            len(report.broken),
        )
        try:
            packed = await pack_ended_logs(self.store)
        except Exception:  # the logs stay readable as rows; the next start tries again
            log.exception("packing the logs of ended games failed")
        else:
            if packed:
                log.info("packed the logs of %d game(s) that ended before the upgrade", packed)
        return report

    # --- command sync --------------------------------------------------------------------------

    async def command_fingerprint(self, guild: discord.abc.Snowflake | None) -> str:
        """A hash of the command tree as Discord would receive it (translations included, so
        a changed catalogue is synced too)."""
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)
        if translator is None:
            payload = [c.to_dict(self.tree) for c in commands]
        else:
            payload = [await c.get_translated_payload(self.tree, translator) for c in commands]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def sync_commands(self) -> None:
        """Send the command definitions to Discord only when they changed since the last sync."""
        mode = self.settings.sync_commands
        if mode == "never":
            await self.learn_commands()
            return
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        scope = str(guild.id) if guild else "global"
        fingerprint = await self.command_fingerprint(guild)
        if mode == "auto" and await self.store.meta(f"commands:{scope}") == fingerprint:
            log.info("slash commands unchanged since the last sync")
            await self.learn_commands()
            return
        synced = await self.tree.sync(guild=guild)
        await self.store.set_meta(f"commands:{scope}", fingerprint)
        log.info("synced %d slash commands (%s)", len(synced), scope)
        self.learn_mentions(synced, guild)

    async def learn_commands(self) -> None:
        """The synced commands' ids, for naming commands as mentions (bot.texts.mentions); a
        failure leaves posts naming commands in words, as before."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        try:
            synced = await self.tree.fetch_commands(guild=guild)
        except discord.HTTPException:
            log.warning("the synced commands could not be read: posts name commands in words")
            return
        self.learn_mentions(synced, guild)

    def learn_mentions(
        self, synced: list[app_commands.AppCommand], guild: discord.abc.Snowflake | None
    ) -> None:
        """Name commands as mentions from now on: every slash command path of the tree, with
        the id Discord gave its top command."""
        paths = [
            c.qualified_name
            for c in self.tree.walk_commands(guild=guild)
            if isinstance(c, app_commands.Command)
        ]
        self.mentions = CommandMentions.of(paths, {c.name: c.id for c in synced})
