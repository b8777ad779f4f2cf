"""The components of a turn by clicks: buttons and select menus built from a ``Step``.

Each is a DynamicItem whose custom_id carries the game, the version it was built for, the step
and what earlier clicks chose (``carry``: a floe, a cell, a place in the hand, never a card):
after a restart or days later a click still finds its way, and a click on an out-of-date one is
answered with the position as it is now. The buttons' own values are notation too.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.play.choices import Step
from bot.ui.clicks import PAGE, StepClick, routes_of

__all__ = ["PAGE", "ChoiceButton", "ChoiceSelect", "step_view"]

_PART = r"[A-Za-z0-9>~.-]*"


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pc:(?P<game>\d+):(?P<version>\d+):(?P<step>[a-z]+):(?P<carry>{_PART}):(?P<value>{_PART})",
):
    """One choice (or Back, Skip, a page) of a step."""

    def __init__(
        self,
        game_id: int,
        version: int,
        step: str,
        carry: str,
        value: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or value,
                style=style,
                custom_id=f"pc:{game_id}:{version}:{step}:{carry}:{value}",
            )
        )
        self.game_id, self.version, self.step, self.carry, self.value = (
            game_id,
            version,
            step,
            carry,
            value,
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ChoiceButton:
        """Rebuild the button from a click (even one made after a restart)."""
        return cls(
            int(match["game"]), int(match["version"]), match["step"], match["carry"], match["value"]
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the choice to the handler of a step's clicks."""
        click = StepClick(self.game_id, self.version, self.step, self.carry, self.value)
        await routes_of(interaction.client).step(interaction, click)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ps:(?P<game>\d+):(?P<version>\d+):(?P<step>[a-z]+):(?P<carry>{_PART}):(?P<n>\d+)",
):
    """One menu of a step's choices (a step with more than 25 has several, by row)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        step: str,
        carry: str,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ps:{game_id}:{version}:{step}:{carry}:{n}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id, self.version, self.step, self.carry = game_id, version, step, carry

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ChoiceSelect:
        """Rebuild the menu from a choice made on it."""
        options = list(item.options) if isinstance(item, discord.ui.Select) else None
        return cls(
            int(match["game"]),
            int(match["version"]),
            match["step"],
            match["carry"],
            int(match["n"]),
            options,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the chosen value to the handler of a step's clicks."""
        value = self.item.values[0] if self.item.values else "-"
        click = StepClick(self.game_id, self.version, self.step, self.carry, value)
        await routes_of(interaction.client).step(interaction, click)


def step_view(game_id: int, version: int, step: Step, lang: str, page: int = 0) -> discord.ui.View:
    """The buttons (first row) and the menus of one page of a step."""
    view = discord.ui.View(timeout=None)
    page = min(max(page, 0), step.pages - 1)
    quick = len(step.buttons) == 1 and step.buttons[0].value not in ("back", "skip")
    for choice in step.buttons:
        style = discord.ButtonStyle.secondary
        if choice.value not in ("back", "skip") and (quick or step.step in ("card", "penguin")):
            style = discord.ButtonStyle.primary
        elif ">" in choice.value:
            style = discord.ButtonStyle.success
        view.add_item(
            ChoiceButton(game_id, version, step.step, step.carry, choice.value, choice.label, style)
        )
    if step.pages > 1:
        target = (page + 1) % step.pages
        label = t(lang, "More choices ({page}/{pages})", page=page + 1, pages=step.pages)
        view.add_item(
            ChoiceButton(game_id, version, step.step, step.carry, f"{PAGE}{target}", label)
        )
    for n, menu in enumerate(step.page(page)):
        options = [discord.SelectOption(label=c.label[:100], value=c.value) for c in menu.choices]
        number = page * 4 + n
        view.add_item(
            ChoiceSelect(game_id, version, step.step, step.carry, number, options, menu.placeholder)
        )
    return view
