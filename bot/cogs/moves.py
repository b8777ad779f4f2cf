"""A turn by clicks: the turn post's Your move button opens an ephemeral reply for the mover
with the position (their choices marked) and the components to choose with; each click there
either asks the next step or plays the action, like the matching slash command.

The turn post stays a classic message (text, picture, a row of buttons), not a Components V2
container (README, "A turn in a few clicks"): a V2 post cannot carry ``content`` (Discord's rule,
which the stand-in enforces: tests/test_fakediscord/test_limit_rules.py), so the mention of the
player to move would sit in a text display (reported to notify without showing its text), the
outbox's fitting of a long turn text to 2,000 characters (keeping the status lines) would need
a second path, and the gain, picture and buttons in one box, is only looks.

An ephemeral message lives on the token of the interaction that made it (15 minutes): a click
on an older one is answered with a fresh ephemeral reply instead of an update that would fail.
"""

from __future__ import annotations

import io
import logging
import time
from typing import TYPE_CHECKING

import discord

from bot.cogs.common import FoundGame, GameFinder, Interaction, Refusal, reader_language
from bot.i18n import picture_labels, t
from bot.play.choices import StaleChoice, Step, decide, doing, step_of
from bot.play.move import Move
from bot.texts.done import done_lines
from bot.texts.names import picture_names, seat_names
from bot.ui.choices import step_view
from bot.ui.clicks import StepClick
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

#: An ephemeral older than this is not updated but answered afresh (Discord's tokens last 15
#: minutes; a minute is kept in hand for the drawing and the network).
EPHEMERAL_LIFETIME = 14 * 60.0


async def open_turn(bot: Host, interaction: Interaction, game_id: int) -> None:
    """The turn post's Your move button: the mover's first step, ephemerally; anyone else is
    told whose turn it is and at which step."""
    tables = GameFinder(bot)
    loaded = await tables.load(interaction, game_id)
    _not_yours(interaction, loaded)
    seat = tables.seat_of(interaction, loaded)
    assert loaded.game is not None
    await _ask(bot, interaction, loaded, seat, step_of(loaded.game, seat, _lang(interaction)))


def _not_yours(interaction: Interaction, loaded: FoundGame) -> None:
    """Anyone but the player to move, seated or not, is told whose turn it is and what step
    they are at (the turn post's button is everyone's to click)."""
    record, game = loaded.record, loaded.game
    if record.status != "active" or game is None or game.is_over or game.to_move is None:
        return
    if record.seat_of(interaction.user.id) == game.to_move:
        return
    lang = reader_language(interaction)
    raise Refusal(
        t(
            lang,
            "It is {name}'s turn in game #{id} ({doing}).",
            name=seat_names(record, lang)[game.to_move],
            id=record.id,
            doing=doing(game, lang),
        )
    )


async def choose(bot: Host, interaction: Interaction, click: StepClick) -> None:
    """A click on one of a step's components: the next step, or the action played."""
    lang = reader_language(interaction)
    tables = GameFinder(bot)
    loaded = await tables.load(interaction, click.game_id)
    seat = tables.seat_of(interaction, loaded)
    game = loaded.game
    assert game is not None
    stale = t(lang, "The position changed since that choice; here it is as it stands now.")
    if loaded.record.version != click.version:
        await _ask(bot, interaction, loaded, seat, step_of(game, seat, lang), note=stale)
        return
    if click.page is not None:
        step = step_of(game, seat, lang, click.step, click.carry)
        await _ask(bot, interaction, loaded, seat, step, page=click.page)
        return
    try:
        decision = decide(game, seat, click.step, click.carry, click.value)
    except StaleChoice:
        await _ask(bot, interaction, loaded, seat, step_of(game, seat, lang), note=stale)
        return
    if decision.action is None:
        step = step_of(game, seat, lang, decision.step, decision.carry)
        await _ask(bot, interaction, loaded, seat, step)
        return
    played = str(decision.action)
    move = await tables.act(interaction, loaded, lambda: played)
    done = _told(lang, move)
    after = move.game
    if after.to_move == seat and not after.is_over:
        again = FoundGame(move.record, after)
        await _ask(bot, interaction, again, seat, step_of(after, seat, lang), note=done)
    else:
        await _answer(interaction, content=done, files=[], view=None)


def _lang(interaction: Interaction) -> str:
    return reader_language(interaction)


def _told(lang: str, move: Move) -> str:
    """What the click did, in words (the drawn card only to its drawer)."""
    return "\n".join(done_lines(lang, move))


async def _ask(
    bot: Host,
    interaction: Interaction,
    loaded: FoundGame,
    seat: int,
    step: Step,
    *,
    note: str = "",
    page: int = 0,
) -> None:
    """Show one step: the picture with the choices marked, the prompt and the components."""
    lang = reader_language(interaction)
    record, game = loaded.record, loaded.game
    if game is None:
        raise Refusal(t(lang, "Game #{id} is over.", id=record.id))
    if not step.buttons and not step.menus:
        raise Refusal(t(lang, "There is nothing to choose in game #{id} now.", id=record.id))
    fresh = not _updatable(interaction)
    if fresh:
        # Drawing waits for a worker process: answer within Discord's 3 seconds first.
        await interaction.response.defer(ephemeral=True, thinking=True)
    started = time.perf_counter()
    png = await bot.draw(
        {
            "picture": "table",
            "game_kind": record.kind,
            "view": game.view(None),
            "names": picture_names(record, lang),
            "labels": picture_labels(lang),
            "marks": step.marks,
            "chosen": step.chosen,
        }
    )
    log.debug("turn step drawn in %.1f ms", (time.perf_counter() - started) * 1000)
    title = t(lang, "Game #{id}, your turn.", id=record.id)
    content = "\n".join(line for line in (note, title, step.prompt) if line)
    view = step_view(record.id, record.version, step, lang, page)
    file = discord.File(io.BytesIO(png), filename=f"game-{record.id}-choices.png")
    if fresh:
        await interaction.followup.send(
            **fit(content=content, file=file, view=view, ephemeral=True)
        )
    else:
        await _answer(interaction, content=content, files=[file], view=view)


async def _answer(
    interaction: Interaction,
    *,
    content: str,
    files: list[discord.File],
    view: discord.ui.View | None,
) -> None:
    """Update the ephemeral the click was on; or, when it is too old, answer afresh."""
    if not _updatable(interaction):
        if view is None:
            await interaction.response.send_message(**fit(content=content, ephemeral=True))
        else:
            await interaction.response.send_message(
                **fit(content=content, files=files, view=view, ephemeral=True)
            )
        return
    if view is None:
        await interaction.response.edit_message(
            **fit(content=content, attachments=files, view=None)
        )
    else:
        await interaction.response.edit_message(
            **fit(content=content, attachments=files, view=view)
        )


def _updatable(interaction: Interaction) -> bool:
    """Whether the click was on an ephemeral reply still within its token's lifetime (by
    Discord's own clock: both times come from snowflakes); else the answer is a new reply."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    age = (interaction.created_at - message.created_at).total_seconds()
    return age <= EPHEMERAL_LIFETIME
