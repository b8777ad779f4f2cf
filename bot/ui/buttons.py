"""Buttons that survive restarts: DynamicItems whose custom_id carries the action and game id.

A button holds no state of its own: its callback hands the fields of its custom_id to the
handler the cogs registered for its kind (bot.ui.clicks), which does what the matching slash
command does, against whatever the store holds now.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import N_, language_of, t
from bot.play.menus import Choice
from bot.ui.clicks import routes_of
from bot.ui.fit import fit

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

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the handler of its action."""
        routes = routes_of(interaction.client)
        if self.action not in ACTIONS or not routes.knows(self.action):
            log.info("a click on a button with the unknown action %r", self.action)
            text = t(language_of(interaction.locale), NO_LONGER_VALID)
            await interaction.response.send_message(**fit(content=text, ephemeral=True))
            return
        await routes.button(interaction, self.action, self.game_id)


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

    def __init__(
        self,
        game_id: int,
        options: list[discord.SelectOption] | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"penguins-select:perform:{game_id}",
                placeholder=t(lang, "Which show comes first?"),
                options=options or [discord.SelectOption(label="A1", value="A1")],
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
        return cls(int(match["game"]), list(item.options))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Perform the chosen show, like /ultimatum perform."""
        await routes_of(interaction.client).show(interaction, self.game_id, self.item.values[0])


def perform_select(game_id: int, shows: Sequence[Choice], lang: str) -> discord.ui.View:
    """A select listing the due shows, each by its entertainer (bot.play.ultimatum_choices)."""
    options = [discord.SelectOption(label=c.label[:100], value=c.value) for c in shows]
    view = discord.ui.View(timeout=None)
    view.add_item(PerformSelect(game_id, options, lang))
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

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Resign, if the confirmation still counts."""
        await routes_of(interaction.client).resign(interaction, self.game_id, self.until)


def resign_button(game_id: int, until: int, lang: str) -> discord.ui.View:
    """The confirming button under the ephemeral resignation question."""
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id, until, lang))
    return view
