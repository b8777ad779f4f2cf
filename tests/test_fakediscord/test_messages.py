"""Messages through REST and webhooks: edits, deletes, history, gateway events, threads."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.fakediscord import FakeDiscord, run_client
from tests.test_fakediscord.probe_bot import ProbeBot, board_png


def games_of(bot: ProbeBot, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(fake.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_editing_keeps_or_replaces_attachments_and_deleting_removes(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = games_of(probe, fake_discord)
    sent = await games.send("turn 1", file=discord.File(io.BytesIO(board_png(16)), "board.png"))
    (stored,) = fake_discord.history(fake_discord.channel("games"))
    await sent.edit(content="turn 1 (edited)")
    assert stored.content == "turn 1 (edited)" and len(stored.attachments) == 1
    await sent.edit(attachments=[discord.File(io.BytesIO(board_png(24)), "board2.png")])
    assert [a.filename for a in stored.attachments] == ["board2.png"]
    assert stored.attachments[0].image().size == (24, 24)
    assert stored.edits == 2
    await sent.delete()
    assert fake_discord.history(fake_discord.channel("games")) == []


async def test_history_pages_newest_first_like_discord(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = games_of(probe, fake_discord)
    for n in range(5):
        await games.send(f"m{n}")
    newest = [m.content async for m in games.history(limit=3)]
    assert newest == ["m4", "m3", "m2"]
    oldest = [m.content async for m in games.history(limit=2, oldest_first=True)]
    assert oldest == ["m0", "m1"]


async def test_the_original_response_can_be_deleted(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    async def answer_then_retract(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("oops")
        await interaction.delete_original_response()

    probe.act = answer_then_retract
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    await fake_discord.wait_until(lambda: reply.message is not None and reply.message.deleted)
    assert fake_discord.history(fake_discord.channel("games")) == []


class Later(discord.ui.View):
    """A button whose callback defers the update and edits afterwards."""

    @discord.ui.button(label="Later", custom_id="later")
    async def later(self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="updated later", view=None)


async def test_a_deferred_update_then_an_edit_changes_the_clicked_message(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    async def offer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("press it", view=Later())

    probe.act = offer
    offered = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    assert offered.message is not None
    clicked = await fake_discord.click(fake_discord.user("bruno"), offered.message, label="Later")
    assert clicked.kind == "deferred_update"
    await fake_discord.wait_until(lambda: offered.content == "updated later")
    assert offered.components == []


async def test_others_cannot_click_an_ephemeral_message(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    async def secret(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("yours only", view=Later(), ephemeral=True)

    probe.act = secret
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    assert reply.message is not None
    try:
        await fake_discord.click(fake_discord.user("bruno"), reply.message, label="Later")
    except AssertionError as refused:
        assert "cannot see someone else's ephemeral message" in str(refused)
    else:
        raise AssertionError("bruno clicked alice's ephemeral message")
    clicked = await fake_discord.click(fake_discord.user("alice"), reply.message, label="Later")
    assert clicked.kind == "deferred_update"


async def test_message_events_arrive_only_with_the_guild_messages_intent(
    fake_discord: FakeDiscord,
) -> None:
    listening = ProbeBot(intents=discord.Intents(guilds=True, guild_messages=True))
    deaf = ProbeBot()
    async with run_client(fake_discord, listening), run_client(fake_discord, deaf):
        await fake_discord.wait_until(lambda: len(fake_discord.gateway.connected()) == 2)
        await games_of(listening, fake_discord).send("anyone there?")
        await fake_discord.wait_until(lambda: "message:anyone there?" in listening.seen)
        assert not any(s.startswith("message:") for s in deaf.seen)


async def test_a_thread_started_from_a_message_shares_its_id(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = games_of(probe, fake_discord)
    starter = await games.send("lobby")
    thread = await starter.create_thread(name="lobby thread")
    assert thread.id == starter.id
    stored = fake_discord.world.messages[starter.id]
    assert stored.thread_id == thread.id
    assert fake_discord.channel("lobby thread").parent_id == games.id


async def test_a_refused_edit_changes_nothing(fake_discord: FakeDiscord, probe: ProbeBot) -> None:
    """Discord validates the whole edit first: an empty result (50006) or an unknown attachment
    id (400) leaves the text, the files and the edit count as they were."""
    games = games_of(probe, fake_discord)
    sent = await games.send("turn 1", file=discord.File(io.BytesIO(board_png(16)), "board.png"))
    (stored,) = fake_discord.history(fake_discord.channel("games"))
    route = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=games.id,
        message_id=sent.id,
    )
    with pytest.raises(discord.HTTPException) as emptied:
        await probe.http.request(route, json={"content": "", "attachments": []})
    assert (emptied.value.status, emptied.value.code) == (400, 50006)
    with pytest.raises(discord.HTTPException) as unknown:
        await probe.http.request(route, json={"content": "turn 2", "attachments": [{"id": "1"}]})
    assert unknown.value.status == 400 and "unknown attachment id 1" in unknown.value.text
    assert stored.content == "turn 1" and [a.filename for a in stored.attachments] == ["board.png"]
    assert stored.edits == 0 and stored.edited_timestamp is None


async def test_a_refused_edit_of_a_deferred_reply_keeps_it_thinking(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    """An empty edit of the 'thinking…' message is refused and the message still thinks, so the
    next followup fills it (rather than landing below an empty message)."""
    refused: list[int] = []

    async def think_then_fumble(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        try:
            await interaction.edit_original_response(content="")
        except discord.HTTPException as error:
            refused.append(error.code)
        await interaction.followup.send("thought it through")

    probe.act = think_then_fumble
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    assert refused == [50006]
    assert reply.message is not None and reply.message.content == "thought it through"
    assert reply.interaction.followups == [] and not reply.message.loading


async def test_an_enforced_nonce_hands_back_the_first_post_for_a_few_minutes(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = games_of(probe, fake_discord)
    first = await games.send("turn 7", nonce="ob41")
    again = await games.send("turn 7", nonce="ob41")
    assert again.id == first.id
    assert [m.content for m in fake_discord.history(fake_discord.channel("games"))] == ["turn 7"]
    other = await games.send("turn 8", nonce="ob42")
    assert other.id != first.id
    fake_discord.clock.advance(10 * 60)  # Discord forgets a nonce after a few minutes
    later = await games.send("turn 7", nonce="ob41")
    assert later.id not in (first.id, other.id)
    assert len(fake_discord.history(fake_discord.channel("games"))) == 3
