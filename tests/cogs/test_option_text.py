"""What is typed into an option is only ever that option. A resignation typed into a
floe, card or cell is refused (resigning is /game resign); a value of thousands of characters,
control characters or mentions still gets an answer that fits Discord and quotes at most a
short, cleaned excerpt."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.fish import FishGame
from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import all_games, changes, check_quote
from tests.cogs.players import fish_step, open_game, who_moves
from tests.fakediscord import FakeDiscord

ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩"


def resignations(mover: int, other: int) -> list[str]:
    """A resignation of another seat, as typed in several forms, and of the mover's own."""
    return [
        f"resign {other}",
        f"RESIGN {other}",
        f"resign {ARABIC_INDIC[other]}",
        f"  Resign\t{other}  ",
        f"resign {mover}",
    ]


def option_values(command: str, text: str, legal: dict[str, str]) -> list[dict[str, Any]]:
    """Every way of putting ``text`` in one text option of ``command`` (the other options
    given something plausible)."""
    texts = {
        "/fish place": ["floe"],
        "/fish move": ["penguin", "to"],
        "/ultimatum play": ["card", "cell", "waive"],
        "/ultimatum invite": ["to", "from"],
        "/ultimatum perform": ["cell"],
        "/ultimatum entertainer": ["cell"],
    }[command]
    required = {
        "/fish place": ["floe"],
        "/fish move": ["penguin", "to"],
        "/ultimatum play": ["card", "cell"],
        "/ultimatum invite": ["to"],
        "/ultimatum perform": ["cell"],
        "/ultimatum entertainer": ["cell"],
    }[command]
    result = []
    for name in texts:
        values = {other: legal.get(other, "A1") for other in required}
        values[name] = text
        result.append(values)
    return result


@pytest.mark.parametrize("form", range(5))
async def test_a_resignation_typed_as_a_floe_is_refused(
    fake_discord: FakeDiscord, bot_runner: BotRunner, form: int
) -> None:
    """The player to move types `resign 1` (also RESIGN 1, resign ١, or their own seat) into
    /fish place's floe: refused, and nothing of any game changes."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        record, _, mover = await who_moves(bot, fake, 1)
        seat = record.to_move_seat
        assert seat is not None
        typed = resignations(seat, 1 - seat)[form]
        before = await all_games(bot)
        reply = await fake.invoke(mover, "/fish place", floe=typed, channel=thread)
        assert reply.ephemeral, f"a refusal is for the person only: {reply.content!r}"
        after = await all_games(bot)
        assert after == before, f"{typed!r} as a floe: {changes(before, after)}"
        check_quote(reply, typed)


async def test_no_text_option_of_any_rule_command_resigns_anyone(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Every text option of /fish place, /fish move and /ultimatum play, invite, perform and
    entertainer, given a resignation (of the other seat or the mover's own) by the player to
    move, in both phases of Fish: refused, nothing changes."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, fish_thread, _ = await open_game(fake, "fish", 2)
        _, ultimatum_thread, _ = await open_game(fake, "ultimatum", 2)

        async def try_all(game_id: int, commands: list[str], thread: Any) -> None:
            record, _, mover = await who_moves(bot, fake, game_id)
            seat = record.to_move_seat
            assert seat is not None
            for command in commands:
                for text in resignations(seat, 1 - seat):
                    for values in option_values(command, text, {}):
                        before = await all_games(bot)
                        reply = await fake.invoke(mover, command, channel=thread, options=values)
                        assert reply.ephemeral, (command, values, reply.content)
                        after = await all_games(bot)
                        assert after == before, (
                            f"{command} {values} by the player to move: {changes(before, after)}"
                        )
                        check_quote(reply, text)

        await try_all(1, ["/fish place", "/fish move"], fish_thread)
        ultimatum = [
            "/ultimatum play",
            "/ultimatum invite",
            "/ultimatum perform",
            "/ultimatum entertainer",
        ]
        await try_all(2, ultimatum, ultimatum_thread)
        # Fish in its moving phase: every penguin placed.
        while True:
            _, game, mover = await who_moves(bot, fake, 1)
            assert isinstance(game, FishGame)
            if game.phase != "place":
                break
            await fish_step(fake, mover, fish_thread, "place")
        await try_all(1, ["/fish place", "/fish move"], fish_thread)


@pytest.mark.parametrize("length", [2001, 6000])
@pytest.mark.parametrize("who", ["mover", "waiting"])
async def test_a_value_of_thousands_of_characters_is_answered_briefly(
    fake_discord: FakeDiscord, bot_runner: BotRunner, length: int, who: str
) -> None:
    """A floe of 2,001 or 6,000 characters (Discord's most) gets an answer — within Discord's
    2,000 characters, quoting at most ~40 of them — whoever sends it; nothing changes."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        person = mover if who == "mover" else next(p for p in people if p.id != mover.id)
        typed = ("Z9 floe, " * 700)[:length]
        before = await all_games(bot)
        reply = await fake.invoke(person, "/fish place", floe=typed, channel=thread)
        assert reply.ephemeral and 0 < len(reply.content) <= 2000
        check_quote(reply, typed)
        after = await all_games(bot)
        assert after == before, changes(before, after)


@pytest.mark.parametrize(
    "typed",
    [
        "@everyone look",
        "@here <@123456789012345678> <@&123456789012345678>",
        "\x00\x07\x1b[31mZ9\u200b\u202e",
        "**Z9** ||spoiler|| `code` > quote",
        "Z9\nZ8\r\nZ7",
    ],
    ids=["everyone", "mentions", "control", "markdown", "lines"],
)
async def test_a_refusal_quotes_what_was_typed_cleaned(
    fake_discord: FakeDiscord, bot_runner: BotRunner, typed: str
) -> None:
    """Mentions typed into an option cannot ping from the refusal; control characters are
    dropped; the answer stays short."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        before = await all_games(bot)
        reply = await fake.invoke(mover, "/fish place", floe=typed, channel=thread)
        assert reply.ephemeral
        check_quote(reply, typed)
        after = await all_games(bot)
        assert after == before, changes(before, after)
