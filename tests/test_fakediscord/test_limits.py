"""Each of Discord's documented limits rejects a violation: HTTP error, recorded, clear text."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.fakediscord import FakeDiscord, default_world, run_client
from tests.test_fakediscord.probe_bot import ProbeBot


def button(n: int, custom_id: str | None = None) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": f"b{n}", "custom_id": custom_id or f"b{n}"}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(options: int) -> dict[str, Any]:
    entries = [{"label": f"o{n}", "value": f"o{n}"} for n in range(options)]
    return {"type": 3, "custom_id": "s", "options": entries}


def embed(**fields: Any) -> dict[str, Any]:
    return {"type": "rich", **fields}


TOO_MUCH = {
    "content over 2000": ({"content": "x" * 2001}, "content must be 2000 or fewer"),
    "11 embeds": ({"embeds": [embed(title="t")] * 11}, "at most 10 embeds"),
    "embed title": ({"embeds": [embed(title="t" * 257)]}, "title must be 256"),
    "embed description": ({"embeds": [embed(description="d" * 4097)]}, "description must be 4096"),
    "26 fields": (
        {"embeds": [embed(fields=[{"name": "n", "value": "v"}] * 26)]},
        "at most 25 fields",
    ),
    "field name": (
        {"embeds": [embed(fields=[{"name": "n" * 257, "value": "v"}])]},
        "field name must be 256",
    ),
    "field value": (
        {"embeds": [embed(fields=[{"name": "n", "value": "v" * 1025}])]},
        "field value must be 1024",
    ),
    "footer": ({"embeds": [embed(footer={"text": "f" * 2049})]}, "footer must be 2048"),
    "author": ({"embeds": [embed(author={"name": "a" * 257})]}, "author must be 256"),
    "6000 in all embeds": (
        {"embeds": [embed(description="d" * 4000), embed(description="d" * 2001)]},
        "embeds hold 6001 characters",
    ),
    "custom_id over 100": (
        {"components": [row(button(1, "c" * 101))]},
        "custom_id must be 100",
    ),
    "6 action rows": ({"components": [row(button(n)) for n in range(6)]}, "at most 5 action rows"),
    "6 buttons in a row": (
        {"components": [row(*[button(n) for n in range(6)])]},
        "at most 5 buttons per row",
    ),
    "26 select options": ({"components": [row(select(26))]}, "1 to 25 select options"),
    "ephemeral outside interactions": (
        {"content": "psst", "flags": 64},
        "ephemeral flag is only valid on interaction responses",
    ),
}


@pytest.mark.parametrize(("body", "complaint"), TOO_MUCH.values(), ids=TOO_MUCH.keys())
async def test_a_channel_message_over_a_limit_is_rejected_and_recorded(
    fake_discord: FakeDiscord, probe: ProbeBot, body: dict[str, Any], complaint: str
) -> None:
    games = fake_discord.channel("games")
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=games.id)
    with pytest.raises(discord.HTTPException) as refused:
        await probe.http.request(route, json=body)
    assert refused.value.status == 400 and refused.value.code == 50035
    (violation,) = fake_discord.take_violations()
    assert complaint in violation.message
    assert violation.route == "POST /channels/{channel_id}/messages"
    assert fake_discord.history(games) == []


async def test_a_message_at_every_limit_is_accepted(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    games = fake_discord.channel("games")
    body = {
        "content": "x" * 2000,
        "embeds": [embed(title="t" * 256, description="d" * 3000)],
        "components": [row(*[button(n + 5 * r) for n in range(5)]) for r in range(4)]
        + [row(select(25))],
    }
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=games.id)
    await probe.http.request(route, json=body)
    (posted,) = fake_discord.history(games)
    assert len(posted.content) == 2000 and len(posted.buttons) == 20


async def test_more_than_25_autocomplete_choices_fail_the_interaction(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    probe.choice_cap = 26
    with pytest.raises(AssertionError, match="at most 25 choices"):
        await fake_discord.autocomplete(fake_discord.user("alice"), "/fish move", "penguin")
    (violation,) = fake_discord.take_violations()
    assert violation.route == "POST /interactions/{interaction_id}/{webhook_token}/callback"


async def test_an_interaction_not_answered_within_3_seconds_fails(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    alice = fake_discord.user("alice")
    invoking = asyncio.create_task(fake_discord.invoke(alice, "/probe stall"))
    await fake_discord.wait_until(lambda: bool(fake_discord.world.interactions))
    fake_discord.clock.advance(3.01)
    with pytest.raises(AssertionError, match="did not answer within 3 s"):
        await invoking
    probe.gate.set()
    await fake_discord.wait_until(lambda: bool(probe.failures))
    (late,) = probe.failures
    assert isinstance(late, discord.NotFound) and late.code == 10062
    (violation,) = fake_discord.take_violations()
    assert "This interaction failed" in violation.message


async def test_a_second_response_is_refused_as_already_acknowledged(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    refusals: list[discord.HTTPException] = []

    async def answer_twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        route = Route(
            "POST",
            "/interactions/{interaction_id}/{token}/callback",
            interaction_id=interaction.id,
            token=interaction.token,
        )
        try:
            await probe.http.request(route, json={"type": 4, "data": {"content": "second"}})
        except discord.HTTPException as error:
            refusals.append(error)

    probe.act = answer_twice
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    await fake_discord.wait_until(lambda: bool(refusals))
    assert (refusals[0].status, refusals[0].code) == (400, 40060)
    assert reply.content == "first"
    (violation,) = fake_discord.take_violations()
    assert "already been acknowledged" in violation.message


async def test_followups_and_edits_end_15_minutes_after_the_interaction(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    kept: list[discord.Interaction] = []

    async def answer_and_keep(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        kept.append(interaction)

    probe.act = answer_and_keep
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    fake_discord.clock.advance(14 * 60)
    await kept[0].followup.send("still in time")
    await kept[0].edit_original_response(content="edited in time")
    assert [m.content for m in reply.messages] == ["edited in time", "still in time"]
    fake_discord.clock.advance(60.5)
    with pytest.raises(discord.HTTPException) as refused:
        await kept[0].followup.send("too late")
    assert (refused.value.status, refused.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException):
        await kept[0].edit_original_response(content="too late")
    assert len(fake_discord.take_violations()) == 2
    assert [m.content for m in reply.messages] == ["edited in time", "still in time"]


async def test_an_attachment_over_the_limit_is_refused_and_the_limit_is_announced() -> None:
    fake = default_world(FakeDiscord(attachment_limit=1000))
    seen: list[int] = []
    async with fake:
        bot = ProbeBot()
        async with run_client(fake, bot):
            await fake.wait_for_bot()

            async def big_file(interaction: discord.Interaction) -> None:
                seen.append(interaction.filesize_limit)
                file = discord.File(io.BytesIO(b"x" * 1001), filename="big.bin")
                try:
                    await interaction.response.send_message(file=file)
                except discord.HTTPException as error:
                    seen.append(error.status)
                    await interaction.response.send_message("too big", ephemeral=True)

            bot.act = big_file
            reply = await fake.invoke(fake.user("alice"), "/probe act")
            assert seen == [1000, 413]
            assert reply.content == "too big"
            (violation,) = fake.take_violations()
            assert "big.bin is 1001 bytes; the limit is 1000" in violation.message


COMMAND = {"name": "fish", "description": "Play fish", "type": 1}
OPTION = {"name": "floe", "description": "where", "type": 3}
BAD_SYNCS = {
    "uppercase name": ([{**COMMAND, "name": "Fish"}], "invalid name 'Fish'"),
    "33-character name": ([{**COMMAND, "name": "f" * 33}], "invalid name"),
    "space in a slash name": ([{**COMMAND, "name": "my fish"}], "invalid name"),
    "empty description": ([{**COMMAND, "description": ""}], "description must be 1-100"),
    "101-character description": (
        [{**COMMAND, "description": "d" * 101}],
        "description must be 1-100",
    ),
    "26 options": (
        [{**COMMAND, "options": [{**OPTION, "name": f"o{n}"} for n in range(26)]}],
        "at most 25 options",
    ),
    "required after optional": (
        [{**COMMAND, "options": [OPTION, {**OPTION, "name": "to", "required": True}]}],
        "required options must come before optional ones",
    ),
    "26 choices": (
        [
            {
                **COMMAND,
                "options": [
                    {**OPTION, "choices": [{"name": str(n), "value": str(n)} for n in range(26)]}
                ],
            }
        ],
        "at most 25 choices",
    ),
    "autocomplete with choices": (
        [
            {
                **COMMAND,
                "options": [
                    {**OPTION, "autocomplete": True, "choices": [{"name": "a", "value": "a"}]}
                ],
            }
        ],
        "autocomplete cannot be combined with choices",
    ),
    "unknown locale": (
        [{**COMMAND, "name_localizations": {"german": "fisch"}}],
        "'german' is not a valid locale",
    ),
    "uppercase localized name": (
        [{**COMMAND, "name_localizations": {"de": "Fisch"}}],
        "invalid name 'Fisch'",
    ),
    "101 slash commands": (
        [{**COMMAND, "name": f"c{n}"} for n in range(101)],
        "at most 100 slash commands",
    ),
    "the same name twice": ([COMMAND, COMMAND], "is used twice"),
    "subcommands mixed with options": (
        [{**COMMAND, "options": [OPTION, {"name": "sub", "description": "s", "type": 1}]}],
        "subcommands cannot be mixed",
    ),
    "a description on a user command": (
        [{"name": "Show hand", "description": "no", "type": 2}],
        "context menu commands have an empty description",
    ),
}


@pytest.mark.parametrize(("commands", "complaint"), BAD_SYNCS.values(), ids=BAD_SYNCS.keys())
async def test_command_sync_is_validated_like_discord(
    fake_discord: FakeDiscord, probe: ProbeBot, commands: list[dict[str, Any]], complaint: str
) -> None:
    app = fake_discord.world.application.id
    with pytest.raises(discord.HTTPException) as refused:
        await probe.http.bulk_upsert_global_commands(app, commands)
    assert refused.value.code == 50035
    (violation,) = fake_discord.take_violations()
    assert complaint in violation.message
    assert [c.name for c in fake_discord.world.global_commands] == ["fish", "probe"]


async def test_a_valid_sync_with_localizations_and_a_context_menu_is_kept(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    app = fake_discord.world.application.id
    commands = [
        {**COMMAND, "name_localizations": {"de": "fisch", "fr": "poisson"}},
        {"name": "Show hand", "description": "", "type": 2},
    ]
    answer = await probe.http.bulk_upsert_global_commands(app, commands)
    assert [c["name"] for c in answer] == ["fish", "Show hand"]
    assert answer[0]["id"] == str(fake_discord.world.global_commands[0].id)
