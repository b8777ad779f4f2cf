"""U-14 by clicks: the one-click stone says where the stone comes from, and the other stone
moves are grouped by the stone that moves, one menu each."""

from __future__ import annotations

from bot.games.ultimatum import SUPPLY
from bot.i18n import language_of
from bot.texts.ultimatum import card_name
from tests.cogs.clicker import act, answered, offered, step_of
from tests.cogs.conftest import BotRunner
from tests.cogs.players import open_game, said, settle, who_moves
from tests.cogs.ultimatum.turns import by_command, game_now, open_turn
from tests.fakediscord import FakeDiscord


async def test_the_one_click_stone_names_the_stone_it_moves(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """With the supply empty, the stone step's one-click button moves a stone from another
    penguin and says so ("Stone on E6 (from D1)"); every menu holds the moves of one stone,
    named in its placeholder; the confirmation tells the move in words."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2)
        for _ in range(60):
            _, game, user = await who_moves(bot, fake, 1)
            seat = game.to_move
            own = [cell for cell, owner in game.stones.items() if owner == seat]
            if game.phase == "play" and not game.view(None)["supply"][seat] and own:
                break
            await by_command(bot, fake, 1, thread)
        else:
            raise AssertionError("no player ran out of stones in their supply")
        lang = language_of(user.locale)
        message = await open_turn(fake, user, thread)
        assert step_of(message) == "card"
        message = answered(await act(fake, user, message, offered(message)[0]))
        assert step_of(message) == "cell"
        cell = next(c for c in offered(message) if "~" not in str(c[2]))
        message = answered(await act(fake, user, message, cell))
        assert step_of(message) == "stone", message.content
        game = await game_now(bot, 1)
        laid = str(cell[2])

        (quick,) = [b for b in message.buttons if ">" in str(b["custom_id"]).rsplit(":", 1)[-1]]
        source, target = str(quick["custom_id"]).rsplit(":", 1)[-1].split(">")
        assert target == laid and source != SUPPLY and game.stones[source] == seat
        from_there = said(user, "from {cell}", cell=source)
        assert quick["label"] == said(
            user, "Stone on {cell} ({source})", cell=laid, source=from_there
        )

        for menu in message.selects:
            sources = {str(o["value"]).split(">")[0] for o in menu["options"]}
            assert len(sources) == 1, menu["placeholder"]
            (moved,) = sources
            title = said(
                user,
                "The stone on {cell} ({card}), moved onto:",
                cell=moved,
                card=card_name(lang, game.table[moved]),
            )
            assert str(menu["placeholder"]).startswith(title)
        assert {str(o["value"]).split(">")[0] for m in message.selects for o in m["options"]} == (
            set(own)
        )
        assert all(">" in str(o["value"]) for m in message.selects for o in m["options"])

        done = await fake.click(user, message, custom_id=str(quick["custom_id"]))
        await settle(bot)
        game = await game_now(bot, 1)
        assert game.stones.get(laid) == seat and source not in game.stones
        lines = done.content.splitlines()
        assert lines[0] == said(user, "Done in game #{id}:", id=1)
        name = user.global_name or user.name
        moved_words = said(
            user,
            "{who} moved an invitation stone from {start} to {end}.",
            who=name,
            start=source,
            end=laid,
        )
        assert moved_words in lines and not any(line.startswith("invite") for line in lines)
        assert f"invite {source} {laid}" not in done.content
