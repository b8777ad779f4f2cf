"""The sign-up post's buttons: Join and Leave, which keep working after a restart (their
custom_id carries the tournament's id; the field itself is in the store)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import N_, t
from bot.ui.clicks import routes_of

LABELS = {"join": N_("Join"), "leave": N_("Leave")}


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tournament:(?P<action>join|leave):(?P<id>\d+)",
):
    """Join or Leave one tournament's sign-up."""

    def __init__(self, action: str, tournament_id: int, lang: str = "en") -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=t(lang, LABELS[action]),
                style=style,
                custom_id=f"tournament:{action}:{tournament_id}",
            )
        )
        self.action = action
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SignupButton:
        """Rebuild the button from a click on a sign-up post (even one before a restart)."""
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the handler of sign-ups: join or leave, as the commands do."""
        await routes_of(interaction.client).sign_up(
            interaction, self.tournament_id, self.action == "join"
        )


def signup_view(tournament_id: int, lang: str) -> discord.ui.View:
    """Join and Leave under a sign-up post."""
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave"):
        view.add_item(SignupButton(action, tournament_id, lang))
    return view
