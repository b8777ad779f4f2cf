"""A small discord.py bot that exercises the stand-in (not the project's bot).

Most commands do one fixed thing; ``/probe act`` runs whatever coroutine a test put in
``bot.act``, so a test can make the bot break a rule on purpose.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

FLOES = [f"{col}{row}" for col in "ABCDEFGH" for row in range(1, 9)]
Act = Callable[[discord.Interaction[Any]], Awaitable[None]]


def board_png(size: int = 32) -> bytes:
    """A tiny PNG standing in for a board picture."""
    out = io.BytesIO()
    Image.new("RGB", (size, size), (30, 90, 160)).save(out, format="PNG")
    return out.getvalue()


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<game>\d+)"):
    """A restart-proof Join button whose custom_id carries the game id."""

    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.green, custom_id=f"join:{game}"
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Joining edits the lobby message in place."""
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined game {self.game}"
        )


class Pick(discord.ui.View):
    """A select menu of floes."""

    @discord.ui.select(
        custom_id="pick", options=[discord.SelectOption(label=f, value=f) for f in FLOES[:5]]
    )
    async def pick(
        self, interaction: discord.Interaction[Any], menu: discord.ui.Select[Any]
    ) -> None:
        """Say what was picked."""
        await interaction.response.send_message(f"picked {menu.values[0]}", ephemeral=True)


class Ask(discord.ui.Modal, title="Name your penguin"):
    """A one-field modal."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Name", custom_id="name", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Thank the person by the name they typed."""
        await interaction.response.send_message(f"Hello, {self.name.value}!", ephemeral=True)


fish = app_commands.Group(name="fish", description="Hey, That's My Fish!")
probe = app_commands.Group(name="probe", description="Things the stand-in tests need")


async def floe_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Floes starting with what was typed, capped at Discord's 25 (unless a test says so)."""
    bot: ProbeBot = interaction.client
    found = [f for f in FLOES if f.startswith(current.upper())]
    return [app_commands.Choice(name=f, value=f) for f in found[: bot.choice_cap]]


@fish.command(name="move", description="Move a penguin")
@app_commands.autocomplete(penguin=floe_choices, to=floe_choices)
async def move(interaction: discord.Interaction[Any], penguin: str, to: str) -> None:
    """Answer with the board, an embed and a Join button."""
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(7))
    await interaction.response.send_message(
        f"penguin {penguin} to {to}",
        embed=discord.Embed(title="Board", description=f"{penguin}-{to}"),
        file=discord.File(io.BytesIO(board_png()), filename="board.png"),
        view=view,
    )


@fish.command(name="place", description="Place a penguin")
@app_commands.describe(floe="where", count="how many")
async def place(
    interaction: discord.Interaction[Any],
    floe: str,
    count: app_commands.Range[int, 1, 4] = 1,
    member: discord.Member | None = None,
) -> None:
    """An ephemeral echo of the options, in the person's locale."""
    who = member.name if member else "-"
    text = f"{interaction.locale.value}/{interaction.guild_locale}: {floe} x{count} for {who}"
    await interaction.response.send_message(text, ephemeral=True)


@probe.command(name="about", description="About the bot")
async def about(interaction: discord.Interaction[Any]) -> None:
    """An embed."""
    await interaction.response.send_message(embed=discord.Embed(title="Penguin games"))


@probe.command(name="slow", description="Defer, then answer")
async def slow(interaction: discord.Interaction[Any]) -> None:
    """Think first; answer once the test opens the gate."""
    await interaction.response.defer(thinking=True, ephemeral=True)
    bot: ProbeBot = interaction.client
    await bot.gate.wait()
    await interaction.followup.send("done thinking")


@probe.command(name="stall", description="Answer only after the gate opens")
async def stall(interaction: discord.Interaction[Any]) -> None:
    """Too slow on purpose: the first answer waits for the test."""
    bot: ProbeBot = interaction.client
    await bot.gate.wait()
    try:
        await interaction.response.send_message("finally")
    except discord.NotFound as error:
        bot.failures.append(error)


@probe.command(name="thread", description="Open a thread and post in it")
async def thread(interaction: discord.Interaction[Any]) -> None:
    """A public thread with a first message; a clear reply when not allowed."""
    assert isinstance(interaction.channel, discord.TextChannel)
    try:
        created = await interaction.channel.create_thread(
            name="game 7", type=discord.ChannelType.public_thread
        )
        await created.send("the game starts here")
    except discord.Forbidden:
        await interaction.response.send_message("I may not open threads here.", ephemeral=True)
        return
    await interaction.response.send_message(f"see {created.mention}", ephemeral=True)


@probe.command(name="dm", description="Send yourself a DM")
async def dm(interaction: discord.Interaction[Any]) -> None:
    """A DM; say so when the person's DMs are closed."""
    try:
        await interaction.user.send(
            "psst, your hand", file=discord.File(io.BytesIO(board_png()), "hand.png")
        )
    except discord.Forbidden:
        await interaction.response.send_message("Your DMs are closed.", ephemeral=True)
        return
    await interaction.response.send_message("Sent you a DM.", ephemeral=True)


@probe.command(name="pick", description="A select menu")
async def pick(interaction: discord.Interaction[Any]) -> None:
    """Offer a select menu."""
    await interaction.response.send_message("pick one", view=Pick())


@probe.command(name="ask", description="A modal")
async def ask(interaction: discord.Interaction[Any]) -> None:
    """Open a modal."""
    await interaction.response.send_modal(Ask())


@probe.command(name="act", description="Whatever the test asks")
async def act(interaction: discord.Interaction[Any]) -> None:
    """Run the test's coroutine."""
    bot: ProbeBot = interaction.client
    await bot.act(interaction)


class ProbeBot(commands.Bot):
    """The bot the stand-in's own tests drive."""

    def __init__(
        self, *, intents: discord.Intents | None = None, guild_id: int | None = None
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents or discord.Intents(guilds=True),
            help_command=None,
            guild_ready_timeout=0.05,
        )
        self.guild_id = guild_id
        self.gate = asyncio.Event()
        self.choice_cap = 25
        self.failures: list[Exception] = []
        self.seen: list[str] = []
        self.act: Act = self._nothing

    async def _nothing(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("nothing to do")

    async def setup_hook(self) -> None:
        """Register commands and the dynamic button, then sync."""
        self.add_dynamic_items(JoinButton)
        self.tree.add_command(fish)
        self.tree.add_command(probe)
        guild = discord.Object(self.guild_id) if self.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_thread_create(self, thread: discord.Thread) -> None:
        """Note gateway events so tests can see they arrived."""
        self.seen.append(f"thread_create:{thread.name}")

    async def on_resumed(self) -> None:
        """Note a resumed gateway session."""
        self.seen.append("resumed")

    async def on_message(self, message: discord.Message) -> None:
        """Note messages (only arrive with the guild_messages intent)."""
        self.seen.append(f"message:{message.content}")
