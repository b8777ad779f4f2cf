"""Each of Discord's documented limits rejects a violation: HTTP error, recorded, clear text."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.fakediscord import FakeDiscord, default_world, run_client
from tests.fakediscord.commands import characters, validate
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


async def test_the_default_attachment_limit_is_discords_10_mib(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    """10 MiB per file, as on a server without boosts and as discord.py assumes by default: a
    file of 10 MiB is posted, one byte more is refused with 413 / 40005."""
    limit = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
    assert fake_discord.attachment_limit == limit == 10 * 1024 * 1024
    games = probe.get_channel(fake_discord.channel("games").id)
    assert isinstance(games, discord.TextChannel)
    await games.send(file=discord.File(io.BytesIO(b"x" * limit), filename="fits.bin"))
    with pytest.raises(discord.HTTPException) as refused:
        await games.send(file=discord.File(io.BytesIO(b"x" * (limit + 1)), filename="big.bin"))
    assert (refused.value.status, refused.value.code) == (413, 40005)
    (violation,) = fake_discord.take_violations()
    assert f"the limit is {limit}" in violation.message
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe about")
    assert reply.interaction.payload["attachment_size_limit"] == limit


COMMAND = {"name": "fish", "description": "Play fish", "type": 1}
OPTION = {"name": "floe", "description": "where", "type": 3}


def subcommand(name: str, *options: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 1, "options": list(options)}


def group(name: str, *options: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 2, "options": list(options)}


def crowded_groups() -> list[dict[str, Any]]:
    """Two subcommand groups that bring /fish (13 characters: "fish", "Play fish") to 4,001
    characters: "g" (2) with 25 subcommands of 103 (2,575), "h" (2) with 13 more (1,339) and
    one of 3 + 66 whose German description is one character longer (70)."""
    long = [{**subcommand(f"s{n:02d}"), "description": "d" * 100} for n in range(38)]
    last = {
        **subcommand("s99"),
        "description": "d" * 66,
        "description_localizations": {"de": "d" * 67, "fr": "d"},
    }
    return [group("g", *long[:25]), group("h", *long[25:], last)]


def test_a_command_of_exactly_4000_characters_is_within_the_limit() -> None:
    """The count the stand-in refuses at 4,001 (below) is 4,000 without the German text."""
    groups = crowded_groups()
    del groups[1]["options"][-1]["description_localizations"]["de"]
    assert characters({**COMMAND, "options": groups}) == 4000
    assert validate([{**COMMAND, "options": groups}]) == []


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
    "a number value on a string choice": (
        [{**COMMAND, "options": [{**OPTION, "choices": [{"name": "one", "value": 1}]}]}],
        "choice value 1 is not a string",
    ),
    "a string value on an integer choice": (
        [{**COMMAND, "options": [{**OPTION, "type": 4, "choices": [{"name": "a", "value": "1"}]}]}],
        "choice value '1' is not an integer",
    ),
    "a fraction on an integer choice": (
        [{**COMMAND, "options": [{**OPTION, "type": 4, "choices": [{"name": "a", "value": 1.5}]}]}],
        "choice value 1.5 is not an integer",
    ),
    "a string value on a number choice": (
        [
            {
                **COMMAND,
                "options": [{**OPTION, "type": 10, "choices": [{"name": "a", "value": "x"}]}],
            }
        ],
        "choice value 'x' is not a number",
    ),
    "a number choice beyond 2^53": (
        [
            {
                **COMMAND,
                "options": [{**OPTION, "type": 10, "choices": [{"name": "a", "value": 2**60}]}],
            }
        ],
        "outside -2^53..2^53",
    ),
    "choices on a boolean option": (
        [
            {
                **COMMAND,
                "options": [{**OPTION, "type": 5, "choices": [{"name": "y", "value": True}]}],
            }
        ],
        "choices only on string, integer and number options",
    ),
    "min_value on a string option": (
        [{**COMMAND, "options": [{**OPTION, "min_value": 1}]}],
        "min_value/max_value only on integer and number options",
    ),
    "a fractional min_value on an integer option": (
        [{**COMMAND, "options": [{**OPTION, "type": 4, "min_value": 0.5}]}],
        "min_value 0.5 is not an integer",
    ),
    "a string max_value on a number option": (
        [{**COMMAND, "options": [{**OPTION, "type": 10, "max_value": "9"}]}],
        "max_value '9' is not a number",
    ),
    "min_value above max_value": (
        [{**COMMAND, "options": [{**OPTION, "type": 4, "min_value": 5, "max_value": 4}]}],
        "min_value 5 is greater than max_value 4",
    ),
    "max_value beyond 2^53": (
        [{**COMMAND, "options": [{**OPTION, "type": 4, "max_value": 2**53 + 1}]}],
        "outside -2^53..2^53",
    ),
    "min_length on an integer option": (
        [{**COMMAND, "options": [{**OPTION, "type": 4, "min_length": 1}]}],
        "min_length/max_length only on string options",
    ),
    "min_length above 6000": (
        [{**COMMAND, "options": [{**OPTION, "min_length": 6001}]}],
        "min_length must be 0-6000",
    ),
    "max_length 0": (
        [{**COMMAND, "options": [{**OPTION, "max_length": 0}]}],
        "max_length must be 1-6000",
    ),
    "a string min_length": (
        [{**COMMAND, "options": [{**OPTION, "min_length": "2"}]}],
        "min_length must be 0-6000",
    ),
    "min_length above max_length": (
        [{**COMMAND, "options": [{**OPTION, "min_length": 5, "max_length": 4}]}],
        "min_length 5 is greater than max_length 4",
    ),
    "a group in a group": (
        [{**COMMAND, "options": [group("outer", group("inner", subcommand("go")))]}],
        "a subcommand group holds only subcommands, not another subcommand group",
    ),
    "a subcommand in a subcommand": (
        [{**COMMAND, "options": [subcommand("outer", subcommand("inner"))]}],
        "a subcommand cannot hold subcommands or groups",
    ),
    "an option straight in a group": (
        [{**COMMAND, "options": [group("outer", OPTION)]}],
        "a subcommand group holds only subcommands, not an option",
    ),
    "26 subcommands in a group": (
        [{**COMMAND, "options": [subcommand(f"s{n}") for n in range(26)]}],
        "at most 25 options (got 26)",
    ),
    "26 subcommands in a subcommand group": (
        [{**COMMAND, "options": [group("g", *[subcommand(f"s{n}") for n in range(26)])]}],
        "at most 25 options (got 26)",
    ),
    "4,001 characters, counting the longest localization of a field": (
        [{**COMMAND, "options": crowded_groups()}],
        "4001 characters in total; at most 4000",
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


async def test_bounds_and_nesting_at_their_limits_are_kept(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    """What Discord accepts: group → subcommand with typed choices and bounds at their edges."""
    app = fake_discord.world.application.id
    options = [
        {**OPTION, "required": True, "min_length": 0, "max_length": 6000},
        {**OPTION, "name": "count", "type": 4, "min_value": -(2**53), "max_value": 2**53},
        {**OPTION, "name": "share", "type": 10, "min_value": 0.5, "max_value": 0.5},
        {**OPTION, "name": "level", "type": 4, "choices": [{"name": "easy", "value": 1}]},
        {**OPTION, "name": "weight", "type": 10, "choices": [{"name": "half", "value": 0.5}]},
    ]
    tree = [{**COMMAND, "options": [group("admin", subcommand("move", *options))]}]
    await probe.http.bulk_upsert_global_commands(app, tree)
    assert fake_discord.syncs[-1] == (None, ["fish"])
