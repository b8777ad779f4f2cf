"""Buttons that survive restarts: DynamicItems whose custom_id carries the action and game id.

A button holds no state of its own: a click is turned into the same request as the matching
slash command, against whatever the store holds now.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.i18n import N_, language_of, t
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

ACTIONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "computer": (N_("Add computer"), discord.ButtonStyle.secondary),
    "cancel": (N_("Cancel game"), discord.ButtonStyle.danger),
    "move": (N_("Your move"), discord.ButtonStyle.success),
    "hand": (N_("My hand"), discord.ButtonStyle.primary),
    "skip": (N_("Skip invitation"), discord.ButtonStyle.secondary),
    "rematch": (N_("Rematch"), discord.ButtonStyle.success),
    "replay": (N_("Replay"), discord.ButtonStyle.secondary),
    "finish": (N_("Finish for me"), discord.ButtonStyle.secondary),
    "approve": (N_("Approve undo"), discord.ButtonStyle.success),
    "refuse": (N_("Refuse undo"), discord.ButtonStyle.danger),
}
#: The label of the button that confirms a resignation.
RESIGN_LABEL = N_("Resign for good")
#: The answer to a click on a button whose action this version of the bot no longer knows.
NO_LONGER_VALID = N_("This button is no longer valid.")


class Routes(Protocol):
    """The Clicks cog (bot.cogs.clicks): carries out a click as the matching command."""

    async def route(
        self, interaction: discord.Interaction[Host], action: str, game_id: int
    ) -> None:
        """Carry out one click."""


async def route(interaction: discord.Interaction[Host], action: str, game_id: int) -> None:
    """Hand a click to the Clicks cog, found by name (the views import no cog) and typed by
    what it offers (Routes)."""
    clicks = interaction.client.get_cog("Clicks")
    if clicks is None:
        raise RuntimeError("the Clicks cog is not loaded")
    await cast(Routes, clicks).route(interaction, action, game_id)


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"penguins:(?P<action>[a-z]+):(?P<game>\d+)",
):
    """A button for one action on one game.

    A button left from an older version of the bot whose action is unknown now still answers
    the click (ephemerally: the button is no longer valid) instead of leaving it unanswered.
    """

    def __init__(self, action: str, game_id: int, lang: str = "en") -> None:
        label, style = ACTIONS.get(action, (action, discord.ButtonStyle.secondary))
        super().__init__(
            discord.ui.Button(
                label=t(lang, label), style=style, custom_id=f"penguins:{action}:{game_id}"
            )
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        """Rebuild the button from a click on a message posted before (even before a restart)."""
        button = cls(match["action"], int(match["game"]))
        if isinstance(item, discord.ui.Button):
            button.item.label = item.label
        return button

    async def callback(self, interaction: discord.Interaction[Host]) -> None:  # type: ignore[override]
        """Handle the click like the matching command."""
        if self.action not in ACTIONS:
            log.info("a click on a button with the unknown action %r", self.action)
            text = t(language_of(interaction.locale), NO_LONGER_VALID)
            await interaction.response.send_message(**fit(content=text, ephemeral=True))
            return
        await route(interaction, self.action, self.game_id)


def lobby_buttons(game_id: int, lang: str, *, computers: bool = False) -> discord.ui.View:
    """Join, Leave, Start, Add computer (with ``computers``) and Cancel under a lobby message."""
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "computer", "cancel"):
        if action != "computer" or computers:
            view.add_item(GameButton(action, game_id, lang))
    return view


def buttons(actions: list[str], game_id: int, lang: str) -> discord.ui.View:
    """A row of game buttons."""
    view = discord.ui.View(timeout=None)
    for action in actions:
        view.add_item(GameButton(action, game_id, lang))
    return view


class PerformSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"penguins-select:perform:(?P<game>\d+)",
):
    """Choose which of several due shows comes first (U-16) with one click."""

    def __init__(self, game_id: int, cells: list[str] | None = None, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"penguins-select:perform:{game_id}",
                placeholder=t(lang, "Which show comes first?"),
                options=[discord.SelectOption(label=c, value=c) for c in cells or ["A1"]],
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PerformSelect:
        """Rebuild the select from a choice made on an earlier message."""
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["game"]), [o.value for o in item.options])

    async def callback(self, interaction: discord.Interaction[Host]) -> None:  # type: ignore[override]
        """Perform the chosen show, like /ultimatum perform."""
        cell = self.item.values[0]
        await route(interaction, f"perform {cell}", self.game_id)


def perform_select(game_id: int, cells: list[str], lang: str) -> discord.ui.View:
    """A select listing the due shows."""
    view = discord.ui.View(timeout=None)
    view.add_item(PerformSelect(game_id, cells, lang))
    return view


class ResignButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"penguins:resign:(?P<game>\d+):(?P<until>\d+)",
):
    """The confirming click of ``/game resign`` (in an ephemeral reply): it carries the game id
    and the moment until which it counts, nothing else."""

    def __init__(self, game_id: int, until: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, RESIGN_LABEL),
                style=discord.ButtonStyle.danger,
                custom_id=f"penguins:resign:{game_id}:{until}",
            )
        )
        self.game_id = game_id
        self.until = until

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ResignButton:
        """Rebuild the button from the click."""
        return cls(int(match["game"]), int(match["until"]))

    async def callback(self, interaction: discord.Interaction[Host]) -> None:  # type: ignore[override]
        """Resign, if the confirmation still counts."""
        await route(interaction, f"resign {self.until}", self.game_id)


def resign_button(game_id: int, until: int, lang: str) -> discord.ui.View:
    """The confirming button under the ephemeral resignation question."""
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id, until, lang))
    return view
