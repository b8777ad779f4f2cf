"""The bot: a commands.Bot whose setup_hook wires storage, cogs, buttons and background work."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import io
import json
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import Clock, SystemClock
from bot.config import Settings
from bot.i18n import language_of, picture_labels, t
from bot.play.check import check_snapshots
from bot.store import GameRecord, SnapshotReport, Store, StoreError
from bot.translator import CatalogueTranslator
from bot.ui.buttons import GameButton, PerformSelect
from bot.ui.fit import fit, shorten

if TYPE_CHECKING:
    from bot.cogs.lobby import Lobby
    from bot.cogs.scheduler import Scheduler

log = logging.getLogger(__name__)

COGS = (
    "bot.cogs.languages",
    "bot.cogs.delivery",
    "bot.cogs.scheduler",
    "bot.cogs.computers",
    "bot.cogs.lobby",
    "bot.cogs.fish",
    "bot.cogs.ultimatum",
)


async def reply_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already answered (or deferred)."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(**fit(content=text, ephemeral=True))
            return
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            try:
                await _clear_public_thinking(interaction)
            except discord.HTTPException as error:
                log.info("could not clear the 'thinking' message: %s", error)
        await interaction.followup.send(**fit(content=text, ephemeral=True))
    except discord.HTTPException:
        log.warning("could not tell the user: %s", shorten(text, 200))


async def _clear_public_thinking(interaction: discord.Interaction[Any]) -> None:
    """Remove a public 'thinking…' message that was never filled.

    The first followup after a deferral fills that message, and the deferral, not the followup,
    decided whether it is ephemeral: an error meant for one person would be shown to everyone.
    Filled and deleted, it leaves the followup a message of its own, which may be ephemeral.
    """
    original = await interaction.original_response()
    if original.flags.ephemeral or not original.flags.loading:
        return
    await interaction.edit_original_response(**fit(content="…"))
    await interaction.delete_original_response()


async def handle_error(interaction: discord.Interaction[Any], error: Exception) -> None:
    """The one place errors are answered: refusals ephemerally, the rest logged."""
    from bot.cogs.common import APPLIED, Refusal

    original = getattr(error, "original", error)
    lang = language_of(interaction.locale)
    if isinstance(original, Refusal):
        text = str(original)
    elif isinstance(error, app_commands.CheckFailure):
        text = str(error) or t(lang, "You can't use this command here.")
    else:
        command = interaction.command.qualified_name if interaction.command else "a button"
        log.error("%s failed", command, exc_info=original)
        game_id = interaction.extras.get(APPLIED)
        if game_id is not None:
            # The change was committed before the failure (typically the answer itself failed).
            text = t(
                lang,
                "Your action in game #{id} was carried out, but answering you failed. The "
                "game's thread shows where it stands.",
                id=game_id,
            )
        else:
            text = t(
                lang, "Something went wrong on my side; nothing was changed. Please try again."
            )
    await reply_ephemeral(interaction, text)


class PenguinTree(app_commands.CommandTree["PenguinBot"]):
    """The command tree, with the central error handler."""

    async def on_error(
        self, interaction: discord.Interaction[PenguinBot], error: app_commands.AppCommandError
    ) -> None:
        """Tell the person what went wrong; log what is not their doing."""
        await handle_error(interaction, error)


class PenguinBot(commands.Bot):
    """The penguin games bot."""

    store: Store

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Clock | None = None,
        **options: Any,
    ) -> None:
        # Only the guilds intent: interactions carry the acting member and their locale, so no
        # privileged intent (members, presences, message content) is needed.
        intents = discord.Intents.none()
        intents.guilds = True
        # The bot never joins a voice channel: discord.py's warnings about missing voice
        # libraries (PyNaCl, davey) would only send an operator looking for a problem.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=PenguinTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        self._given_store = store
        #: The time reminders, timeouts and undo requests are measured on (tests move it).
        self.clock: Clock = clock or SystemClock()
        # Drawing is CPU-bound Python: in worker processes it cannot starve the event loop of
        # the GIL, so interactions are answered in time however many games post at once.
        self.drawing = ProcessPoolExecutor(
            max_workers=settings.drawing_workers, mp_context=multiprocessing.get_context("spawn")
        )
        self.computers_available = False  # until the computer players' cog is loaded
        #: Games whose thread is being created: their posts wait, so none lands in the channel.
        self.settling: dict[int, asyncio.Event] = {}
        #: When each (guild, user) was last seen on their server (bot.cogs.turns.still_member).
        self.members_seen: dict[tuple[int, int], float] = {}
        #: The check of running games against their action logs, started by setup_hook.
        self.snapshot_check: asyncio.Task[SnapshotReport | None] | None = None

    @property
    def lobby(self) -> Lobby:
        """The lobby cog (opening games, seats)."""
        cog = self.get_cog("Lobby")
        assert cog is not None
        return cog  # type: ignore[return-value]

    async def setup_hook(self) -> None:
        """Open the store, load the cogs, register the buttons and sync commands if changed."""
        self.store = self._given_store or await Store.from_settings(
            self.settings, clock=self.clock.now
        )
        # In the background: the bot answers while old games are replayed.
        self.snapshot_check = asyncio.create_task(self.check_snapshots(), name="snapshot check")
        self.add_dynamic_items(GameButton, PerformSelect)
        for cog in COGS:
            await self.load_extension(cog)
        # Command names and descriptions in each person's language (before the sync sends them).
        await self.tree.set_translator(CatalogueTranslator())
        await self.sync_commands()

    async def check_snapshots(self) -> SnapshotReport | None:
        """Replay every started game (running, finished or cancelled) from its log and repair a
        snapshot that differs (logged)."""
        try:
            report = await check_snapshots(self.store)
        except Exception:  # a failed check must not take the bot down; the games still play
            log.exception("checking the games against their logs failed")
            return None
        if report.repaired:
            games = ", ".join(f"#{game_id}" for game_id in report.repaired)
            log.warning("rebuilt game(s) %s from their action log", games)
        for game_id, reason in report.broken:
            log.error("game #%d needs a person to look at it: %s", game_id, reason)
        log.info(
            "checked %d started game(s) against their logs: %d rebuilt, %d broken",
            report.checked,
            len(report.repaired),
            len(report.broken),
        )
        return report

    async def close(self) -> None:
        """Stop background work, then close the store."""
        await super().close()
        if self.snapshot_check is not None and not self.snapshot_check.done():
            self.snapshot_check.cancel()
            await asyncio.gather(self.snapshot_check, return_exceptions=True)
        self.drawing.shutdown(wait=False, cancel_futures=True)
        if self._given_store is None and hasattr(self, "store"):
            await self.store.close()

    # --- what cogs share -----------------------------------------------------------------------

    async def public_language(self, guild_id: int) -> str:
        """The language of public posts in a server: its choice (``/game language``), else its
        Discord language, else the bot's default."""
        from bot.cogs.languages import public_language

        return await public_language(self, guild_id)

    @property
    def scheduler(self) -> Scheduler | None:
        """The scheduler cog (reminders, timeouts, notifications), once loaded."""
        return self.get_cog("Scheduler")  # type: ignore[return-value]

    def after_change(self, record: GameRecord) -> None:
        """Wake the background work that follows a change (delivery; computer players;
        the scheduler, which notifies whoever is to move next and their followers)."""
        self.store.outbox_ready.set()
        self.dispatch("game_changed", record)
        if self.scheduler is not None:
            self.scheduler.changed(record)

    async def game_channel(self, game_id: int, fallback: int) -> int:
        """Where a game's posts go now: its thread once it has one (waiting while it is made)."""
        settling = self.settling.get(game_id)
        if settling is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(settling.wait(), timeout=10)
        try:
            record = await self.store.get_game(game_id)
        except StoreError:
            return fallback
        return record.thread_id or record.channel_id

    async def draw_table(self, payload: dict[str, Any]) -> bytes:
        """The picture of a public view, drawn in a worker thread."""
        from render import fish, ultimatum

        view, names = payload["view"], payload["names"]
        labels = payload.get("labels")
        if payload["game_kind"] == "fish":
            return await self._off_loop(fish.board, view, names=names, labels=labels)
        return await self._off_loop(ultimatum.table, view, names=names, labels=labels)

    async def draw_replay(self, payload: dict[str, Any]) -> bytes:
        """An animated replay, drawn in a worker thread."""
        from render import replay

        return await self._off_loop(
            replay.animation,
            payload["game_kind"],
            payload["views"],
            names=payload["names"],
            labels=payload.get("labels"),
        )

    async def _off_loop(self, function: Any, *args: Any, **kwargs: Any) -> bytes:
        loop = asyncio.get_running_loop()
        job = functools.partial(function, *args, **kwargs)
        result: bytes = await loop.run_in_executor(self.drawing, job)
        return result

    async def show_board(
        self, interaction: discord.Interaction[PenguinBot], game_id: int | None, kind: str
    ) -> None:
        """Answer with the current picture of a game (spectators may look too)."""
        from bot.cogs.common import Refusal, Tables, reader_language
        from bot.play.access import Purpose
        from bot.texts.announce import status_lines
        from bot.texts.names import seat_names

        lang = reader_language(interaction)
        loaded = await Tables(self).find(
            interaction, game_id, kind, finished=True, purpose=Purpose.LOOK
        )
        if loaded.game is None:
            raise Refusal(t(lang, "Game #{id} has not started yet.", id=loaded.record.id))
        # Drawing waits for a worker process, which may be busy (replays, a backlog after a
        # restart): answer within Discord's 3 seconds first, then fill in the picture.
        await interaction.response.defer(thinking=True)
        # The answer is public (everyone in the channel sees it): the server's language.
        public = await self.public_language(loaded.record.guild_id)
        names = seat_names(loaded.record, public)
        payload = {
            "game_kind": kind,
            "view": loaded.game.view(None),
            "names": names,
            "labels": picture_labels(public),
        }
        png = await self.draw_table(payload)
        text = "\n".join(status_lines(public, loaded.record, loaded.game, names))
        await interaction.followup.send(
            **fit(
                content=text[:2000],
                file=discord.File(io.BytesIO(png), filename=f"game-{loaded.record.id}.png"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        )

    async def on_game_button(
        self, interaction: discord.Interaction[PenguinBot], action: str, game_id: int
    ) -> None:
        """A click on a game button: the same request as the matching command."""
        try:
            if action in ("join", "leave", "start", "cancel"):
                await self.lobby.seat_change(interaction, action, game_id, from_button=True)
            elif action == "rematch":
                from bot.cogs.rematch import rematch

                await rematch(self, interaction, game_id)
            elif action in ("approve", "refuse"):
                from bot.cogs.undo import answer_undo

                await answer_undo(self, interaction, game_id, approve=action == "approve")
            else:
                ultimatum = action in ("hand", "skip") or action.startswith("perform ")
                cog: Any = self.get_cog("Ultimatum") if ultimatum else self.lobby
                await cog.on_button(interaction, action, game_id)
        except Exception as error:
            await handle_error(interaction, error)

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
            return
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        scope = str(guild.id) if guild else "global"
        fingerprint = await self.command_fingerprint(guild)
        if mode == "auto" and await self.store.meta(f"commands:{scope}") == fingerprint:
            log.info("slash commands unchanged since the last sync")
            return
        synced = await self.tree.sync(guild=guild)
        await self.store.set_meta(f"commands:{scope}", fingerprint)
        log.info("synced %d slash commands (%s)", len(synced), scope)
