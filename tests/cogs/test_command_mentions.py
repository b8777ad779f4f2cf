"""Commands named in public posts as Discord's command mentions: clickable in every reader's
client, whatever language the post's words are in."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.texts.announce import ULTIMATUM_STEPS
from tests.cogs.conftest import BotRunner
from tests.cogs.players import settle, who_moves
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize(
    ("kind", "wanted"), [("ultimatum", "ultimatum play"), ("fish", "fish place")]
)
async def test_a_turn_post_on_a_german_server_mentions_its_commands(
    fake_discord: FakeDiscord, bot_runner: BotRunner, kind: str, wanted: str
) -> None:
    """A German server's turn post says in German whose turn it is; the command to use is a
    mention of the synced command (clicked, it starts that command in any client), not the
    German name "/ultimatum ausspielen" that an English client does not list."""
    fake = fake_discord
    fake.guild.preferred_locale = "de"
    async with bot_runner() as bot:
        lobby = await fake.invoke(fake.user("alice"), f"/{kind} new", players=2)
        thread = await fake.wait_for_thread(fake.channel("games"))
        await fake.click(fake.user("bruno"), lobby.message, custom_id="penguins:join:1")
        await settle(bot)
        _, _, mover = await who_moves(bot, fake, 1)
        post = next(m for m in reversed(fake.history(thread)) if f"<@{mover.id}>" in m.content)
        assert wanted in fake.clickable_commands(post)
        shown = fake.shown(post)
        assert f"/{wanted}" in shown
        if kind == "ultimatum":
            german = t("de", ULTIMATUM_STEPS["play"], who=f"<@{mover.id}>")
            assert "/ultimatum ausspielen" in german and "/ultimatum ausspielen" not in shown
            assert (
                german.replace("/ultimatum ausspielen", "/ultimatum play").replace(
                    "/ultimatum hand", "/ultimatum hand"
                )
                in shown
            )
            assert "ultimatum hand" in fake.clickable_commands(post)
        else:
            assert t("de", "{who}, place a penguin: /fish place", who="").split("/")[0] in shown
