"""The flow every game command shares: find the game, check the person, apply, announce."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.presence import membership
from bot.games.base import Game, IllegalAction
from bot.i18n import NAME_CONTEXT, language_of, t, translation
from bot.play.access import Purpose, Where, open_game
from bot.play.move import Move
from bot.play.notices import TurnNotices, turn_notices
from bot.play.turns import NotifyMove, act
from bot.store import GameNotFound, GameRecord, StoreError, VersionConflict
from bot.store.records import OPEN, Status
from bot.texts import announce
from bot.texts.names import seat_names, title
from bot.texts.refusals import explain

if TYPE_CHECKING:
    from bot.host import Host


Interaction = discord.Interaction["Host"]


class Refusal(app_commands.AppCommandError):
    """A refused request; the text (already in the reader's language) is shown ephemerally."""


def reader_language(interaction: Interaction) -> str:
    """The language of the person who acted (their Discord client's locale)."""
    return language_of(interaction.locale)


#: ``interaction.extras`` key: the game an interaction changed (see ``applied``).
APPLIED = "applied"


def applied(interaction: Interaction, game_id: int) -> None:
    """Note that this interaction changed a game: an error after it (the answer failing) must
    not tell the person that nothing was changed (``bot.cogs.errors.handle_error``)."""
    interaction.extras[APPLIED] = game_id


def loaded_cog(bot: Host, name: str) -> commands.Cog:
    """A cog the bot loads at start-up, by name; a missing one is a wiring error. Its accessor
    casts it: discord.py loads an extension's module afresh for every bot, so the running cog's
    class need not be the class its module holds now."""
    cog = bot.get_cog(name)
    if cog is None:
        raise RuntimeError(f"the {name} cog is not loaded")
    return cog


def where(interaction: Interaction) -> Where:
    """Where a request comes from, for bot.play.access."""
    return Where(interaction.guild_id, interaction.user.id)


async def member_of(bot: Host, interaction: Interaction, guild_id: int, game_id: int) -> bool:
    """Whether the person is a member of a game's server. Access fails closed: a server the bot
    is not on has no members it can vouch for; when Discord cannot be asked, the person is told
    to try again."""
    found = await membership(bot, guild_id, interaction.user.id)
    if found is None:
        raise Refusal(
            t(
                reader_language(interaction),
                "Discord could not tell me just now whether you are on the server of game "
                "#{id}. Please try again in a moment.",
                id=game_id,
            )
        )
    return found


def notifier(bot: Host) -> NotifyMove:
    """A turn's direct messages ("your turn", followers' updates), drafted for its commit."""

    async def still_here(guild_id: int, user_id: int) -> bool | None:
        # The turn's answer must not wait on Discord: a person seen lately is here, one not
        # seen lately is asked about after the answer (Scheduler.after_turn).
        if bot.get_guild(guild_id) is None or bot.members_seen.seen(guild_id, user_id):
            return True
        return None

    async def notify(move: Move) -> TurnNotices:
        return await turn_notices(bot.store, move, still_here)

    return notify


@dataclass(frozen=True)
class FoundGame:
    """A game's record and engine state, read together."""

    record: GameRecord
    game: Game | None


class GameFinder:
    """Finding games and acting in them on behalf of the person who typed or clicked."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def store(self) -> Any:
        """The bot's store."""
        return self.bot.store

    async def load(
        self, interaction: Interaction, game_id: int, purpose: Purpose = Purpose.PLAY
    ) -> FoundGame:
        """A game by its id, if the person may reach it for ``purpose`` (bot.play.access); else
        the refusal saying there is no such game, the same whether or not it exists."""
        lang = reader_language(interaction)

        async def members(guild_id: int) -> bool:
            return await member_of(self.bot, interaction, guild_id, game_id)

        try:
            record, game = await open_game(
                self.store, game_id, where(interaction), purpose, members
            )
        except GameNotFound:
            raise Refusal(t(lang, "There is no game #{id}.", id=game_id)) from None
        return FoundGame(record, game)

    async def find(
        self,
        interaction: Interaction,
        game_id: int | None,
        kind: str | None = None,
        *,
        finished: bool = False,
        purpose: Purpose = Purpose.PLAY,
    ) -> FoundGame:
        """The game meant: the given id, else this thread's game while it is running, else your
        only running game here (in a direct message: anywhere), else a refusal asking to pick.

        ``finished``: a finished game may be meant too (replays, histories): the thread's game,
        or your only finished one here, when no running game is meant.
        """
        lang = reader_language(interaction)
        if game_id is not None:
            loaded = await self.load(interaction, game_id, purpose)
            if kind is not None and loaded.record.kind != kind:
                raise Refusal(
                    t(
                        lang,
                        "Game #{id} is not a game of {game}.",
                        id=game_id,
                        game=title(kind, lang),
                    )
                )
            return loaded
        channel = interaction.channel
        thread = channel if isinstance(channel, discord.Thread) else None
        thread_game = None if thread is None else await self.store.game_of_thread(thread.id)
        if thread_game is not None and (kind is not None and thread_game.kind != kind):
            if thread_game.status in OPEN:
                # A command of the other game in a game's thread: say which game it holds.
                raise Refusal(
                    t(
                        lang,
                        "This thread holds game #{id} of {game}: its commands start with /{kind}.",
                        id=thread_game.id,
                        game=title(thread_game.kind, lang),
                        # The command group as the reader's client shows it (/packeis …).
                        kind=translation(lang, thread_game.kind, NAME_CONTEXT) or thread_game.kind,
                    )
                )
            thread_game = None
        # A thread's game is the default only while it runs: a new game opened inside the
        # thread of a finished one is meant, not the old one.
        if thread_game is not None and thread_game.status in OPEN:
            return await self.load(interaction, thread_game.id, purpose)
        statuses: tuple[Status, ...] = ("lobby", "active") + (("finished",) if finished else ())
        mine = [
            r
            for r in await self.store.games_of_user(interaction.user.id, statuses)
            if kind is None or r.kind == kind
        ]
        if interaction.guild_id is not None:
            here_ids = {interaction.channel_id}
            if thread is not None:
                here_ids.add(thread.parent_id)
            mine = [
                r for r in mine if r.guild_id == interaction.guild_id and r.channel_id in here_ids
            ]
        candidates = [r for r in mine if r.status in OPEN]
        if not candidates and finished and thread_game and thread_game.status == "finished":
            return await self.load(interaction, thread_game.id, purpose)
        if not candidates:
            # Most recent first: the list in a refusal names the likeliest ones.
            candidates = sorted(mine, key=lambda r: r.updated_at, reverse=True)[:10]
        if len(candidates) == 1:
            return await self.load(interaction, candidates[0].id, purpose)
        if not candidates and purpose is Purpose.LOOK and interaction.guild_id is not None:
            # A spectator looks at the running games of this channel: with one, it is meant.
            channel_id = thread.parent_id if thread is not None else interaction.channel_id
            running = [
                r
                for r in await self.store.games_in_channel(channel_id or 0, ("active",))
                if kind is None or r.kind == kind
            ]
            if len(running) == 1:
                return await self.load(interaction, running[0].id, purpose)
            if running:
                ids = ", ".join(f"#{r.id}" for r in running)
                raise Refusal(
                    t(
                        lang,
                        "Several games are running here ({ids}): pick one with the game option.",
                        ids=ids,
                    )
                )
        if not candidates:
            raise Refusal(
                t(
                    lang,
                    "You have no game here. Start one with /fish new or /ultimatum new, "
                    "or name the game with the game option.",
                )
            )
        ids = ", ".join(f"#{r.id}" for r in candidates)
        raise Refusal(
            t(
                lang,
                "You are in several games here ({ids}): pick one with the game option.",
                ids=ids,
            )
        )

    def seat_of(self, interaction: Interaction, loaded: FoundGame) -> int:
        """The person's seat in a running game, or a refusal saying why they may not act."""
        lang = reader_language(interaction)
        record, game = loaded.record, loaded.game
        if record.status == "lobby":
            raise Refusal(t(lang, "Game #{id} has not started yet.", id=record.id))
        if record.status == "cancelled":
            raise Refusal(t(lang, "Game #{id} was cancelled.", id=record.id))
        if record.status == "finished" or game is None or game.is_over:
            raise Refusal(t(lang, "Game #{id} is over.", id=record.id))
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(t(lang, "You are not in game #{id}.", id=record.id))
        if seat != game.to_move:
            assert game.to_move is not None
            raise Refusal(
                t(
                    lang,
                    "It is {name}'s turn in game #{id}.",
                    name=seat_names(record, lang)[game.to_move],
                    id=record.id,
                )
            )
        return seat

    async def act(
        self, interaction: Interaction, loaded: FoundGame, action: Callable[[], str]
    ) -> Move:
        """Apply one action for the person, announcing the turn in the same transaction.

        ``action`` parses the command's options into its action (bot.play.options); it runs once
        the person is known to be the one to move, so a refusal says the most relevant thing.
        """
        lang = reader_language(interaction)
        seat = self.seat_of(interaction, loaded)
        record = loaded.record
        try:
            text = action()
        except IllegalAction as error:
            raise Refusal(explain(lang, error, record.kind)) from None
        post_lang = await self.bot.public_language(record.guild_id)
        try:
            assert loaded.game is not None
            move: Move = await act(
                self.store,
                record,
                loaded.game,
                seat,
                text,
                announce=lambda m: announce.move_drafts(m, post_lang),
                notify=notifier(self.bot),
                rater=self.bot.ratings,
            )
        except IllegalAction as error:
            raise Refusal(explain(lang, error, record.kind)) from None
        except VersionConflict:
            raise Refusal(
                t(
                    lang,
                    "Someone acted in game #{id} at the same moment; nothing of yours was "
                    "applied. Look at the board and try again.",
                    id=record.id,
                )
            ) from None
        except StoreError as error:
            raise Refusal(explain(lang, error, record.kind)) from None
        applied(interaction, record.id)
        self.bot.after_turn(move)
        return move


def choices(
    values: Sequence[str], typed: str, *, limit: int = 25
) -> list[app_commands.Choice[str]]:
    """Autocomplete choices (at most 25): those containing what was typed, prefix matches first."""
    needle = typed.strip().lower().replace(" ", "")
    hits = [v for v in values if needle in v.lower().replace(" ", "")]
    hits.sort(key=lambda v: (not v.lower().replace(" ", "").startswith(needle),))
    return [app_commands.Choice(name=v[:100], value=v[:100]) for v in hits[:limit]]
