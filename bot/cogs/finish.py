"""Finish for me (F-13): when only one player is left on the ice, they may let the strongest
computer player make their remaining moves. The rules are the same, only faster: every move is
logged as theirs, and one post tells the end."""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from bot.cogs.common import (
    GameFinder,
    Interaction,
    Refusal,
    applied,
    notifier,
    reader_language,
)
from bot.cogs.computers import computer_seed, computers_of, decide
from bot.games.fish.ending import alone_on_ice
from bot.i18n import t, tn
from bot.play.turns import act
from bot.store import VersionConflict
from bot.texts import announce
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host

#: The level that plays a finishing player's moves: the strongest.
FINISH_LEVEL = 3


async def finish_for_me(bot: Host, interaction: Interaction, game_id: int) -> None:
    """A click on Finish for me: the strongest computer plays the clicker's remaining moves."""
    lang = reader_language(interaction)
    tables = GameFinder(bot)
    loaded = await tables.load(interaction, game_id)
    seat = tables.seat_of(interaction, loaded)
    assert loaded.game is not None
    if not alone_on_ice(loaded.record.kind, loaded.game.view(None)):
        raise Refusal(
            t(lang, "Finish for me is only offered when you are the last player on the ice.")
        )
    await interaction.response.defer(ephemeral=True, thinking=True)
    public = await bot.public_language(loaded.record.guild_id)
    computers = computers_of(bot)
    if computers is None:
        raise RuntimeError("Finish for me needs the Computers cog")
    record, game = loaded.record, loaded.game
    moves = 0
    while not game.is_over and game.to_move == seat:
        rng = random.Random(computer_seed(record.seed, len(game.log), record.version))
        try:
            action = await asyncio.get_running_loop().run_in_executor(
                computers.pool,
                decide,
                record.kind,
                game.view(seat),
                FINISH_LEVEL,
                rng.randrange(1 << 63),
                bot.settings.ai_budget,
            )
        except Exception:
            action = rng.choice(game.legal_actions())
        try:
            move = await act(
                bot.store,
                record,
                game,
                seat,
                action,
                # Only the end is posted: the moves in between are the same rules, faster.
                announce=lambda m: announce.move_drafts(m, public) if m.game.is_over else [],
                notify=notifier(bot),
                # The move that ends the game tells and applies its rating changes.
            )
        except VersionConflict:
            break
        applied(interaction, record.id)
        moves += 1
        record, game = move.record, move.game
        bot.after_turn(move)
    await interaction.followup.send(
        **fit(
            content=tn(
                lang,
                "Done: {n} move was played for you in game #{id}.",
                "Done: {n} moves were played for you in game #{id}.",
                moves,
                id=game_id,
            ),
            ephemeral=True,
        )
    )
