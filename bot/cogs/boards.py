"""``/fish board`` and ``/ultimatum board``: the current picture of a game, for anyone."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.cogs.common import GameFinder, Interaction, Refusal, reader_language
from bot.i18n import picture_labels, t
from bot.play.access import Purpose, posts_publicly
from bot.texts.announce import status_lines, table_view
from bot.texts.names import picture_names, seat_names
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


async def show_board(
    bot: Host, interaction: Interaction, game_id: int | None, kind: str, *, post: bool = False
) -> None:
    """Answer with the current picture of a game (spectators may look too: only for
    themselves unless they ask to ``post`` it)."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(
        interaction, game_id, kind, finished=True, purpose=Purpose.LOOK
    )
    if loaded.game is None:
        raise Refusal(t(lang, "Game #{id} has not started yet.", id=loaded.record.id))
    # Drawing waits for a worker process, which may be busy (replays, a backlog after a
    # restart): answer within Discord's 3 seconds first, then fill in the picture.
    public_answer = posts_publicly(interaction.user.id in loaded.record.user_ids, post)
    await interaction.response.defer(thinking=True, ephemeral=not public_answer)
    # A public answer (everyone in the channel sees it) is in the server's language.
    public = await bot.public_language(loaded.record.guild_id) if public_answer else lang
    names = seat_names(loaded.record, public)
    payload = {
        "picture": "table",
        "game_kind": kind,
        "view": table_view(loaded.game),
        "names": picture_names(loaded.record, public),
        "labels": picture_labels(public),
    }
    png = await bot.draw(payload)
    reader = interaction.user.id
    text = "\n".join(status_lines(public, loaded.record, loaded.game, names, reader))
    await interaction.followup.send(
        **fit(
            content=text,
            file=discord.File(io.BytesIO(png), filename=f"game-{loaded.record.id}.png"),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=not public_answer,
        )
    )
