"""Where a click goes: one handler per kind of click, registered by the cogs at setup.

The Discord views import no cog (the layering contract in pyproject.toml), so a component does
not call a command itself: each cog registers the handlers of its clicks with the bot's
``ClickRoutes`` when it loads, and a component's callback hands its typed fields, read from its
custom_id, straight to the handler of its kind. Any error a handler raises is answered by the
error handler the cogs register, like a command's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

import discord

Interaction = discord.Interaction[Any]

#: The value of a step's button that turns the page of its menus (``~p1``: show page 1).
PAGE = "~p"


@dataclass(frozen=True)
class StepClick:
    """A click on a component of a turn's step: the game and the version the step was built
    for, the step, what earlier clicks chose (``carry``) and the value picked."""

    game_id: int
    version: int
    step: str
    carry: str
    value: str

    @property
    def page(self) -> int | None:
        """The page of menus asked for, when the click is on a page button."""
        number = self.value.removeprefix(PAGE)
        return int(number) if number != self.value and number.isdigit() else None


@dataclass(frozen=True)
class PageClick:
    """A click on Previous or Next under a paged list: which list (``history``, ``board``),
    its key (a game id; a board's kind and scope) and the page asked for."""

    listing: str
    key: str
    page: int


GameHandler = Callable[[Interaction, int], Awaitable[None]]
PageHandler = Callable[[Interaction, PageClick], Awaitable[None]]
StepHandler = Callable[[Interaction, StepClick], Awaitable[None]]
ShowHandler = Callable[[Interaction, int, str], Awaitable[None]]
ResignHandler = Callable[[Interaction, int, int], Awaitable[None]]
SignUpHandler = Callable[[Interaction, int, bool], Awaitable[None]]
ErrorHandler = Callable[[Interaction, Exception], Awaitable[None]]


class NoHandler(RuntimeError):
    """A kind of click that no loaded cog handles: a wiring error."""


class ClickRoutes:
    """The handlers of one bot's clicks, by kind."""

    def __init__(self) -> None:
        self.buttons: dict[str, GameHandler] = {}
        self.pages: dict[str, PageHandler] = {}
        self._step: StepHandler | None = None
        self._show: ShowHandler | None = None
        self._resign: ResignHandler | None = None
        self._sign_up: SignUpHandler | None = None
        self._error: ErrorHandler | None = None

    # --- filled by the cogs at setup ----------------------------------------------------------

    def on_button(self, action: str, handler: GameHandler) -> None:
        """The handler of a game button (``penguins:<action>:<game>``)."""
        self.buttons[action] = handler

    def on_page(self, listing: str, handler: PageHandler) -> None:
        """The handler of a paged list's Previous and Next (bot.ui.pages)."""
        self.pages[listing] = handler

    def on_step(self, handler: StepHandler) -> None:
        """The handler of the buttons and menus of a turn's steps."""
        self._step = handler

    def on_show(self, handler: ShowHandler) -> None:
        """The handler of the menu that picks which due show comes first (U-16)."""
        self._show = handler

    def on_resign(self, handler: ResignHandler) -> None:
        """The handler of the button that confirms a resignation."""
        self._resign = handler

    def on_sign_up(self, handler: SignUpHandler) -> None:
        """The handler of Join and Leave under a tournament's sign-up (True: joining)."""
        self._sign_up = handler

    def on_error(self, handler: ErrorHandler) -> None:
        """The answer to any error a click's handler raises."""
        self._error = handler

    # --- used by the components ---------------------------------------------------------------

    def knows(self, action: str) -> bool:
        """Whether a game button's action has a handler."""
        return action in self.buttons

    async def button(self, interaction: Interaction, action: str, game_id: int) -> None:
        """Carry out a click on a game button."""
        handler = self.buttons.get(action)
        await self._run(interaction, None if handler is None else handler(interaction, game_id))

    async def page(self, interaction: Interaction, click: PageClick) -> None:
        """Carry out a click on a list's Previous or Next."""
        handler = self.pages.get(click.listing)
        await self._run(interaction, None if handler is None else handler(interaction, click))

    async def step(self, interaction: Interaction, click: StepClick) -> None:
        """Carry out a click on a step's button or menu."""
        handler = self._step
        await self._run(interaction, None if handler is None else handler(interaction, click))

    async def show(self, interaction: Interaction, game_id: int, cell: str) -> None:
        """Carry out the choice of the show that comes first."""
        handler = self._show
        await self._run(
            interaction, None if handler is None else handler(interaction, game_id, cell)
        )

    async def resign(self, interaction: Interaction, game_id: int, until: int) -> None:
        """Carry out the confirmation of a resignation."""
        handler = self._resign
        await self._run(
            interaction, None if handler is None else handler(interaction, game_id, until)
        )

    async def sign_up(self, interaction: Interaction, tournament_id: int, joining: bool) -> None:
        """Carry out a click on Join or Leave under a tournament's sign-up."""
        handler = self._sign_up
        await self._run(
            interaction, None if handler is None else handler(interaction, tournament_id, joining)
        )

    async def _run(self, interaction: Interaction, call: Awaitable[None] | None) -> None:
        try:
            if call is None:
                raise NoHandler("no loaded cog handles this kind of click")
            await call
        except Exception as error:
            if self._error is None:
                raise
            await self._error(interaction, error)


_ROUTES: WeakKeyDictionary[discord.Client, ClickRoutes] = WeakKeyDictionary()


def routes_of(client: discord.Client) -> ClickRoutes:
    """The click handlers of one bot (each bot in a process has its own)."""
    routes = _ROUTES.get(client)
    if routes is None:
        routes = _ROUTES[client] = ClickRoutes()
    return routes
