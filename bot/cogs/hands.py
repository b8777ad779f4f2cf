"""``/ultimatum hand`` and the My hand button: a player's own cards, for their eyes only."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.cogs.common import GameFinder, Interaction, Refusal, reader_language
from bot.i18n import picture_labels, t
from bot.texts import ultimatum as ultimatum_texts
from bot.texts.names import seat_names
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


async def show_hand(bot: Host, interaction: Interaction, game_id: int | None) -> None:
    """Answer with the person's own hand as a picture, visible to them alone."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(interaction, game_id, "ultimatum")
    seat = loaded.record.seat_of(interaction.user.id)
    if seat is None or loaded.game is None:
        raise Refusal(
            t(lang, "You have no hand in game #{id}: only its players do.", id=loaded.record.id)
        )
    # Drawing waits for a worker process, which may be busy: answer (to this person alone)
    # within Discord's 3 seconds first, then fill in the picture.
    await interaction.response.defer(ephemeral=True, thinking=True)
    view = loaded.game.view(seat)
    name = seat_names(loaded.record, lang)[seat]
    png = await bot.draw(
        {"picture": "hand", "view": view, "name": name, "labels": picture_labels(lang)}
    )
    cards = ", ".join(ultimatum_texts.card_name(lang, c) for c in view["hand"] or [])
    await interaction.followup.send(
        **fit(
            content=t(
                lang,
                "Your hand in game #{id}: {cards}",
                id=loaded.record.id,
                cards=cards or "—",
            ),
            file=discord.File(io.BytesIO(png), filename="hand.png"),
            ephemeral=True,
        )
    )
