"""A turn's steps of ``/ultimatum``: what a step's options offer, and the answer to the player
after each step (what happened, what comes next)."""

from __future__ import annotations

from collections.abc import Callable

from discord import app_commands

from bot.cogs.common import GameFinder, Interaction, Refusal, reader_language
from bot.cogs.offers import offered
from bot.games.ultimatum import UltimatumGame
from bot.i18n import N_, t
from bot.play import ultimatum_choices as choices
from bot.play.menus import Choice
from bot.play.move import Move
from bot.texts.done import done_lines
from bot.ui.buttons import buttons, perform_select
from bot.ui.fit import fit

#: What the acting player does next within their own turn.
NEXT_STEP = {
    "invite": N_("Next: move an invitation stone with /ultimatum invite, or skip."),
    "perform": N_("Next: several shows are due; choose one with /ultimatum perform."),
    "entertainer": N_("Next: lay the new entertainer with /ultimatum entertainer."),
    "play": N_("Next: invite a penguin with /ultimatum play."),
}


#: Why a step's options are empty: the turn is at another step.
STEP_NOW = {
    "play": N_("Your turn begins with /ultimatum play."),
    "invite": N_("You are at the stone step: /ultimatum invite or /ultimatum skip."),
    "perform": N_("Several shows are due: /ultimatum perform first."),
    "entertainer": N_("Lay the new entertainer first: /ultimatum entertainer."),
}

#: What one option's autocomplete offers, from the game, the seat and the reader's language.
Pick = Callable[[UltimatumGame, int, str], list[Choice]]


async def step_offer(
    tables: GameFinder,
    interaction: Interaction,
    typed: str,
    phase: str,
    pick: Pick,
) -> list[app_commands.Choice[str]]:
    """An option's autocomplete: what ``pick`` offers for what was typed, or why nothing."""
    return await offered(_step_choices(tables, interaction, phase, pick), typed)


async def _step_choices(
    tables: GameFinder,
    interaction: Interaction,
    phase: str,
    pick: Pick,
) -> list[Choice]:
    """The choices ``pick`` offers the person whose turn it is at ``phase`` (Refusal: why
    there are none)."""
    lang = reader_language(interaction)
    loaded = await tables.find(interaction, interaction.namespace.game, "ultimatum")
    seat = tables.seat_of(interaction, loaded)
    game = loaded.game
    assert isinstance(game, UltimatumGame)
    if game.phase != phase:
        raise Refusal(t(lang, STEP_NOW[game.phase]))
    return pick(game, seat, lang)


async def reply_step(interaction: Interaction, move: Move) -> None:
    """Tell the acting player what happened and what comes next, ephemerally."""
    lang = reader_language(interaction)
    lines = done_lines(lang, move)
    game = move.game
    view = None
    if game.to_move == move.seat and not game.is_over:
        lines.append(t(lang, NEXT_STEP[game.phase]))
        if game.phase == "invite":
            view = buttons(["skip"], move.record.id, lang)
        elif isinstance(game, UltimatumGame) and game.phase == "perform":
            view = perform_select(move.record.id, choices.shows(game, lang), lang)
    text = "\n".join(lines)
    if view is None:
        await interaction.response.send_message(**fit(content=text, ephemeral=True))
    else:
        await interaction.response.send_message(**fit(content=text, ephemeral=True, view=view))
