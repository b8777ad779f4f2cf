"""Previous and Next under a paged list (a game's history, a leaderboard): buttons that survive
restarts, their custom_id naming the list and the page they open.

custom_id: ``penguins-page:<list>:<key>:<page>``, e.g. ``penguins-page:history:42:3`` (game 42,
page 3) or ``penguins-page:board:fish.server:2``. The key holds no one's data beyond what the
list's command takes as options; the handler registered for the list (bot.ui.clicks) checks
access again and answers the clicker.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import N_, t
from bot.ui.clicks import PageClick, routes_of

PREVIOUS = N_("◀ Previous")
NEXT = N_("Next ▶")


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"penguins-page:(?P<listing>[a-z]+):(?P<key>[a-z0-9.]+):(?P<page>\d{1,6})",
):
    """One of the two buttons that turn a list's page."""

    def __init__(self, click: PageClick, label: str = NEXT, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"penguins-page:{click.listing}:{click.key}:{click.page}",
                disabled=disabled,
            )
        )
        self.click = click

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PageButton:
        """Rebuild the button from a click on a message posted before (even before a restart)."""
        return cls(PageClick(match["listing"], match["key"], int(match["page"])))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the handler of its list."""
        await routes_of(interaction.client).page(interaction, self.click)


def page_buttons(
    listing: str, key: str, page: int, pages: int, lang: str
) -> discord.ui.View | None:
    """Previous and Next for ``page`` of ``pages`` (None when there is one page); the button
    past either end is shown disabled, so the two keep their places."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        PageButton(PageClick(listing, key, page - 1), t(lang, PREVIOUS), disabled=page <= 1)
    )
    view.add_item(
        PageButton(PageClick(listing, key, page + 1), t(lang, NEXT), disabled=page >= pages)
    )
    return view


def turns_in_place(interaction: discord.Interaction[Any]) -> bool:
    """Whether a page button's message is the clicker's own to turn: an ephemeral reply, or
    a direct message (nobody else reads either)."""
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)
