"""``/fish board`` and ``/ultimatum board``: the current picture of a game, for anyone."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.cogs.common import Interaction, Refusal, Tables, reader_language
from bot.i18n import picture_labels, t
from bot.play.access import Purpose
from bot.texts.announce import status_lines
from bot.texts.names import seat_names
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


async def show_board(bot: Host, interaction: Interaction, game_id: int | None, kind: str) -> None:
    """Answer with the current picture of a game (spectators may look too)."""
    lang = reader_language(interaction)
    loaded = await Tables(bot).find(interaction, game_id, kind, finished=True, purpose=Purpose.LOOK)
    if loaded.game is None:
        raise Refusal(t(lang, "Game #{id} has not started yet.", id=loaded.record.id))
    # Drawing waits for a worker process, which may be busy (replays, a backlog after a
    # restart): answer within Discord's 3 seconds first, then fill in the picture.
    await interaction.response.defer(thinking=True)
    # The answer is public (everyone in the channel sees it): the server's language.
    public = await bot.public_language(loaded.record.guild_id)
    names = seat_names(loaded.record, public)
    payload = {
        "picture": "table",
        "game_kind": kind,
        "view": loaded.game.view(None),
        "names": names,
        "labels": picture_labels(public),
    }
    png = await bot.draw(payload)
    text = "\n".join(status_lines(public, loaded.record, loaded.game, names))
    await interaction.followup.send(
        **fit(
            content=text[:2000],
            file=discord.File(io.BytesIO(png), filename=f"game-{loaded.record.id}.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    )
