"""The flow every game command shares: find the game, check the person, apply, announce."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.games.base import Game, IllegalAction
from bot.i18n import language_of, t
from bot.store import GameNotFound, GameRecord, Move, StoreError, VersionConflict
from bot.store.records import Status
from bot.ui import announce
from bot.ui.errors import explain
from bot.ui.names import seat_names, title

if TYPE_CHECKING:
    from bot.client import PenguinBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction["PenguinBot"]


class Refusal(app_commands.AppCommandError):
    """A refused request; the text (already in the reader's language) is shown ephemerally."""


def reader_language(interaction: Interaction) -> str:
    """The language of the person who acted (their Discord client's locale)."""
    return language_of(interaction.locale)


#: ``interaction.extras`` key: the game an interaction changed (see ``applied``).
APPLIED = "applied"


def applied(interaction: Interaction, game_id: int) -> None:
    """Note that this interaction changed a game: an error after it (the answer failing) must
    not tell the person that nothing was changed (``bot.client.handle_error``)."""
    interaction.extras[APPLIED] = game_id


@dataclass(frozen=True)
class Loaded:
    """A game's record and engine state, read together."""

    record: GameRecord
    game: Game | None


class Tables:
    """Finding games and acting in them on behalf of the person who typed or clicked."""

    def __init__(self, bot: PenguinBot) -> None:
        self.bot = bot

    @property
    def store(self) -> Any:
        """The bot's store."""
        return self.bot.store

    async def load(self, interaction: Interaction, game_id: int) -> Loaded:
        """A game by its id, or a refusal saying there is none (in this server)."""
        lang = reader_language(interaction)
        try:
            record, game = await self.store.load_game(game_id)
        except GameNotFound:
            raise Refusal(t(lang, "There is no game #{id}.", id=game_id)) from None
        if interaction.guild_id is not None and record.guild_id != interaction.guild_id:
            raise Refusal(t(lang, "There is no game #{id}.", id=game_id))
        return Loaded(record, game)

    async def find(
        self,
        interaction: Interaction,
        game_id: int | None,
        kind: str | None = None,
        *,
        finished: bool = False,
    ) -> Loaded:
        """The game meant: the given id, else this thread's game, else your only game here.

        ``finished``: a finished game may be meant too (replays, histories): your only open
        game here if there is one, else your only finished one.
        """
        lang = reader_language(interaction)
        if game_id is not None:
            loaded = await self.load(interaction, game_id)
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
        if isinstance(channel, discord.Thread):
            record = await self.store.game_of_thread(channel.id)
            if record is not None and (kind is None or record.kind == kind):
                return await self.load(interaction, record.id)
        channel_id = (
            channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
        )
        statuses: tuple[Status, ...] = ("lobby", "active") + (("finished",) if finished else ())
        here = [
            r
            for r in await self.store.games_of_user(interaction.user.id, statuses)
            if r.channel_id in (channel_id, interaction.channel_id)
            and (kind is None or r.kind == kind)
        ]
        candidates = [r for r in here if r.status != "finished"]
        if not candidates:
            # Most recent first: the list in a refusal names the likeliest ones.
            candidates = sorted(here, key=lambda r: r.updated_at, reverse=True)[:10]
        if len(candidates) == 1:
            return await self.load(interaction, candidates[0].id)
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

    def seat_of(self, interaction: Interaction, loaded: Loaded) -> int:
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

    async def act(self, interaction: Interaction, loaded: Loaded, text: str) -> Move:
        """Apply one action for the person, announcing the turn in the same transaction."""
        lang = reader_language(interaction)
        seat = self.seat_of(interaction, loaded)
        record = loaded.record
        post_lang = await self.bot.public_language(record.guild_id)
        try:
            move: Move = await self.store.apply_action(
                record.id,
                seat,
                text,
                expected_version=record.version,
                announce=lambda m: announce.move_drafts(m, post_lang),
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
        self.bot.after_change(move.record)
        return move


def choices(
    values: Sequence[str], typed: str, *, limit: int = 25
) -> list[app_commands.Choice[str]]:
    """Autocomplete choices (at most 25): those containing what was typed, prefix matches first."""
    needle = typed.strip().lower().replace(" ", "")
    hits = [v for v in values if needle in v.lower().replace(" ", "")]
    hits.sort(key=lambda v: (not v.lower().replace(" ", "").startswith(needle),))
    return [app_commands.Choice(name=v[:100], value=v[:100]) for v in hits[:limit]]
