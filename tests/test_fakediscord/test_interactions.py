"""Acting as people: slash commands, autocomplete, buttons, selects, modals, and reading results."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.test_fakediscord.probe_bot import FLOES, ProbeBot


async def test_a_command_reply_carries_a_decodable_png_an_embed_and_a_button(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    reply = await fake_discord.invoke(
        fake_discord.user("alice"), "/fish move", penguin="C4", to="F2"
    )
    assert reply.content == "penguin C4 to F2"
    (png,) = reply.attachments
    assert png.filename == "board.png" and png.content_type == "image/png"
    assert png.image().size == (32, 32)
    assert reply.embeds[0]["description"] == "C4-F2"
    assert reply.message is not None and reply.message.labels == ["Join"]
    assert reply.message.buttons[0]["custom_id"] == "join:7"


async def test_the_bot_can_download_what_it_uploaded(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    reply = await fake_discord.invoke(
        fake_discord.user("alice"), "/fish move", penguin="A1", to="A2"
    )
    assert reply.message is not None
    channel = probe.get_channel(reply.message.channel_id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(reply.message.id)
    assert await fetched.attachments[0].read() == reply.attachments[0].data
    assert fetched.attachments[0].width == 32


async def test_options_are_checked_against_the_synced_tree(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    alice = fake_discord.user("alice")
    with pytest.raises(AssertionError, match="not a synced command"):
        await fake_discord.invoke(alice, "/chess move", penguin="C4")
    with pytest.raises(AssertionError, match="no subcommand 'jump'"):
        await fake_discord.invoke(alice, "/fish jump")
    with pytest.raises(AssertionError, match=r"has no option \['from_'\]"):
        await fake_discord.invoke(alice, "/fish move", penguin="C4", to="F2", from_="A1")
    with pytest.raises(AssertionError, match=r"required options missing: \['to'\]"):
        await fake_discord.invoke(alice, "/fish move", penguin="C4")
    with pytest.raises(AssertionError, match="takes values from 1 to 4"):
        await fake_discord.invoke(alice, "/fish place", floe="B2", count=5)
    with pytest.raises(AssertionError, match="takes a whole number"):
        await fake_discord.invoke(alice, "/fish place", floe="B2", count="2")
    with pytest.raises(AssertionError, match="is a group"):
        await fake_discord.invoke(alice, "/fish")


async def test_locale_guild_locale_and_a_member_option_reach_the_bot(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    bruno, chloe = fake_discord.user("bruno"), fake_discord.user("chloe")
    fake_discord.guild.preferred_locale = "de"
    reply = await fake_discord.invoke(bruno, "/fish place", floe="D4", member=chloe)
    assert reply.content == "de/de: D4 x1 for chloe"
    assert reply.ephemeral
    assert fake_discord.ephemeral_replies(bruno) == [reply.message]
    assert fake_discord.ephemeral_replies(chloe) == []
    assert fake_discord.history(fake_discord.channel("games")) == []


async def test_autocomplete_returns_the_bots_choices(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    alice = fake_discord.user("alice")
    choices = await fake_discord.autocomplete(alice, "/fish move", "to", typed="f", penguin="C4")
    assert [c.value for c in choices] == [f for f in FLOES if f.startswith("F")]
    assert len(await fake_discord.autocomplete(alice, "/fish move", "penguin")) == 25
    with pytest.raises(AssertionError, match="has no autocomplete"):
        await fake_discord.autocomplete(alice, "/fish place", "floe")


async def test_a_click_reaches_a_dynamic_button_which_updates_the_message(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    lobby = await fake_discord.invoke(
        fake_discord.user("alice"), "/fish move", penguin="C4", to="F2"
    )
    assert lobby.message is not None
    joined = await fake_discord.click(fake_discord.user("bruno"), lobby.message, label="Join")
    assert joined.kind == "update"
    assert lobby.message.content == "bruno joined game 7"
    assert lobby.message.edits == 1
    with pytest.raises(AssertionError, match="0 buttons match"):
        await fake_discord.click(fake_discord.user("bruno"), lobby.message, label="Leave")


async def test_a_select_menu_and_a_modal(fake_discord: FakeDiscord, probe: ProbeBot) -> None:
    alice = fake_discord.user("alice")
    menu = await fake_discord.invoke(alice, "/probe pick")
    assert menu.message is not None
    picked = await fake_discord.select(alice, menu.message, ["A3"])
    assert picked.content == "picked A3" and picked.ephemeral
    with pytest.raises(AssertionError, match="not options of the menu"):
        await fake_discord.select(alice, menu.message, ["H8"])
    opened = await fake_discord.invoke(alice, "/probe ask")
    assert opened.kind == "modal" and opened.modal is not None
    assert opened.modal["title"] == "Name your penguin"
    thanked = await fake_discord.submit_modal(alice, opened, {"name": "Pingu"})
    assert thanked.content == "Hello, Pingu!"
    with pytest.raises(AssertionError, match="takes 0-20 characters"):
        await fake_discord.submit_modal(alice, opened, {"name": "P" * 21})


async def test_a_deferred_answer_is_awaited_until_filled(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    alice = fake_discord.user("alice")
    probe.gate.set()
    reply = await fake_discord.invoke(alice, "/probe slow")
    assert reply.kind == "deferred"
    assert reply.content == "done thinking"
    assert reply.ephemeral  # the followup inherits the deferral's ephemerality
    assert reply.followups == []


async def test_a_thread_is_created_announced_and_posted_in(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = fake_discord.channel("games")
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe thread")
    (thread,) = fake_discord.threads(games)
    assert reply.content == f"see {thread.mention}"
    assert [m.content for m in fake_discord.history(thread)] == ["the game starts here"]
    await fake_discord.wait_until(lambda: "thread_create:game 7" in probe.seen)


async def test_a_dm_with_a_file_reaches_only_that_person(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    alice = fake_discord.user("alice")
    reply = await fake_discord.invoke(alice, "/probe dm")
    assert reply.content == "Sent you a DM."
    (dm,) = fake_discord.dms(alice)
    assert dm.content == "psst, your hand"
    assert dm.attachments[0].image().format == "PNG"
    assert fake_discord.dms(fake_discord.user("bruno")) == []


async def test_waiting_for_messages_the_bot_posts_later(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    lounge = fake_discord.channel("lounge")
    mark = fake_discord.mark()

    async def post_twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("on it", ephemeral=True)
        target = probe.get_channel(lounge.id)
        assert isinstance(target, discord.TextChannel)
        await target.send("one")
        await target.send("two")

    probe.act = post_twice
    await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    posted = await fake_discord.wait_for_messages(lounge, 2, after=mark)
    assert [m.content for m in posted] == ["one", "two"]
    with pytest.raises(AssertionError, match=r"timed out after 0\.1 s waiting for 3 messages"):
        await fake_discord.wait_for_messages(lounge, 3, after=mark, timeout=0.1)


async def test_commands_with_member_permissions_are_hidden_from_others(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    tree = probe.tree
    command = tree.get_command("probe")
    assert command is not None
    command.default_permissions = discord.Permissions(manage_guild=True)
    try:
        await tree.sync()
        with pytest.raises(AssertionError, match="alice cannot see /probe about"):
            await fake_discord.invoke(fake_discord.user("alice"), "/probe about")
        reply = await fake_discord.invoke(fake_discord.user("mia"), "/probe about")
        assert reply.embeds[0]["title"] == "Penguin games"
    finally:
        # The command groups are shared by every probe bot of this test run.
        command.default_permissions = None


async def test_people_act_only_where_they_can_see(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    """No View Channel, or outside a private thread (without Manage Threads): Discord shows the
    person nothing there, so a test making them run a command or click fails, and the bot never
    hears of it."""
    fake = fake_discord
    alice, bruno, mia = fake.user("alice"), fake.user("bruno"), fake.user("mia")
    games, lounge = fake.channel("games"), fake.channel("lounge")
    button = await fake.invoke(bruno, "/fish move", penguin="C4", to="F2", channel=lounge)
    assert button.message is not None
    fake.set_permissions(lounge, alice, deny=["view_channel"])
    before = len(fake.world.interactions)
    with pytest.raises(AssertionError, match="alice cannot see #lounge: they lack View Channel"):
        await fake.invoke(alice, "/probe about", channel=lounge)
    with pytest.raises(AssertionError, match="alice cannot see #lounge"):
        await fake.autocomplete(alice, "/fish move", "penguin", typed="C", channel=lounge)
    with pytest.raises(AssertionError, match="alice cannot see #lounge"):
        await fake.click(alice, button.message, label="Join")
    secret = fake.add_thread(games, "secret", private=True, owner=bruno)
    with pytest.raises(AssertionError, match="not a member of it"):
        await fake.invoke(alice, "/probe about", channel=secret)
    assert len(fake.world.interactions) == before, "the bot was told of an impossible action"
    for person in (bruno, mia):  # the thread's member, and a moderator (Manage Threads)
        reply = await fake.invoke(person, "/probe about", channel=secret)
        assert reply.embeds[0]["title"] == "Penguin games"
    joined = await fake.click(mia, button.message, label="Join")
    assert joined.kind == "update"


async def test_command_mentions_are_drawn_by_name_and_click_only_when_they_are_right(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    """Discord draws ``</fish move:ID>`` as "/fish move" in every client (not in the reader's
    language); it starts the command only with a synced id and the command's own names: a
    localized name or a wrong id draws the same but does nothing."""
    fake = fake_discord
    reply = await fake.invoke(fake.user("alice"), "/fish move", penguin="C4", to="F2")
    assert reply.message is not None
    fish_id = next(c.id for c in fake.world.global_commands if c.name == "fish")
    reply.message.content = (
        f"</fish move:{fish_id}> · </packeis ziehen:{fish_id}> · </fish move:{fish_id + 1}> · "
        f"</fish jump:{fish_id}>"
    )
    assert fake.shown(reply.message) == "/fish move · /packeis ziehen · /fish move · /fish jump"
    assert fake.clickable_commands(reply.message) == ["fish move"]
