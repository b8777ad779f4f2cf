"""Components posted long ago keep working: a message carrying custom_ids written out as the
bot has always written them (``penguins:<action>:<game>``, ``pc:…`` and ``ps:…`` for a turn's
steps, ``penguins-select:perform:<game>``, ``penguins:resign:<game>:<until>``) is clicked, and
each click reaches its handler: a seat taken, a step shown, a penguin placed (F-6), a stale
version answered with the position as it is now, a resignation confirmed."""

from __future__ import annotations

from typing import Any

from discord.http import Route

from bot.client import PenguinBot
from bot.games.fish import FishGame
from bot.play.games import load_game
from tests.cogs.clicker import step_of
from tests.cogs.conftest import BotRunner
from tests.cogs.players import open_game, said, settle, who_moves
from tests.fakediscord import Channel, FakeDiscord, Message


async def _post_old(
    bot: PenguinBot, fake: FakeDiscord, channel: Channel, components: list[dict[str, Any]]
) -> Message:
    """A message as an earlier version of the bot posted it, with these components in a row."""
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    body = {"content": "Posted long ago", "components": [{"type": 1, "components": components}]}
    await bot.http.request(route, json=body)
    return fake.history(channel)[-1]


async def _log(bot: PenguinBot) -> list[str]:
    """Game #1's log as stored."""
    _, game = await load_game(bot.store, 1)
    assert game is not None
    return game.log


def _button(custom_id: str, label: str) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id}


def _select(custom_id: str, values: list[str]) -> dict[str, Any]:
    options = [{"label": v, "value": v} for v in values]
    return {"type": 3, "custom_id": custom_id, "options": options}


async def test_old_custom_ids_reach_their_handlers(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, game, mover = await who_moves(bot, fake, 1)
        assert isinstance(game, FishGame)
        first, second = game.legal_actions()[:2]
        version = record.version
        old = await _post_old(
            bot,
            fake,
            thread,
            [
                _button("penguins:move:1", "Your move"),
                _button(f"pc:1:{version}:place::{first}", first),
            ],
        )

        # Your move: the mover's first step, ephemerally (F-6: placing).
        opened = await fake.click(mover, old, custom_id="penguins:move:1")
        shown = await opened.wait_for_content(timeout=15)
        assert opened.ephemeral and step_of(shown) == "place"

        # A step's button: the floe it names is placed for the person who clicks (F-6).
        placed = await fake.click(mover, old, custom_id=f"pc:1:{version}:place::{first}")
        assert placed.ephemeral, placed.content
        await settle(bot)
        assert await _log(bot) == [first]

        # A step's menu built for the version before: the position as it is now.
        record, _, mover = await who_moves(bot, fake, 1)
        menu = await _post_old(bot, fake, thread, [_select(f"ps:1:{version}:place::0", [second])])
        stale = await fake.select(mover, menu, [second])
        answer = await stale.wait_for_content(timeout=15)
        changed = said(
            mover, "The position changed since that choice; here it is as it stands now."
        )
        assert answer.content.startswith(changed) and step_of(answer) == "place"
        assert await _log(bot) == [first]

        # The confirmation of a resignation, long after it was asked for: it no longer counts.
        resign = await _post_old(bot, fake, thread, [_button("penguins:resign:1:1", "Resign")])
        late = await fake.click(mover, resign, custom_id="penguins:resign:1:1")
        expired = said(
            mover,
            "This confirmation has expired; nothing was done. Use /game resign again "
            "if you still want to give up game #{id}.",
            id=1,
        )
        assert late.content == expired
        assert (await load_game(bot.store, 1))[0].status == "active"

        # A lobby's Join, posted before: a seat is taken.
        opened_lobby = await fake.invoke(fake.user("bruno"), "/fish new", players=2)
        assert not opened_lobby.ephemeral, opened_lobby.content
        await settle(bot)
        lobby = await _post_old(
            bot, fake, fake.channel("games"), [_button("penguins:join:2", "Join")]
        )
        joined = await fake.click(fake.user("mia"), lobby, custom_id="penguins:join:2")
        assert joined.content == said(fake.user("mia"), "You joined game #{id}.", id=2)
        record, _ = await load_game(bot.store, 2)
        assert fake.user("mia").id in {seat.user_id for seat in record.seats}
