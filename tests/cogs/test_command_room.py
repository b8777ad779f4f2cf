"""Every command group keeps room to grow within Discord's limits for one slash command: at most
25 subcommands, and at most 4,000 characters counted the way Discord counts them (names,
descriptions, option names and descriptions, choice names and values, each by its longest
localization). A group that is nearly full leaves the next command nowhere to go, so each keeps
at least ``ROOM`` free subcommand slots, and ``/game`` at most ``GAME_MOST`` subcommands."""

from __future__ import annotations

from typing import Any

from tests.cogs.conftest import BotRunner
from tests.fakediscord import FakeDiscord
from tests.fakediscord.commands import GROUP, OPTIONS, SUBCOMMAND, TOTAL_CHARACTERS, characters

#: Free subcommand slots every group keeps.
ROOM = 5
#: The most subcommands ``/game`` may hold.
GAME_MOST = 18


def subcommands(command: dict[str, Any]) -> list[dict[str, Any]]:
    """The subcommands and subcommand groups directly under a synced command."""
    return [o for o in command.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)]


def crowding(command: dict[str, Any]) -> list[str]:
    """What leaves a synced slash command without room: too many subcommands at any level, or
    too many characters."""
    name = command["name"]
    problems = []
    chars = characters(command)
    if chars > TOTAL_CHARACTERS:
        problems.append(f"/{name}: {chars} characters, Discord allows {TOTAL_CHARACTERS}")
    levels = [(f"/{name}", command)]
    while levels:
        path, level = levels.pop()
        subs = subcommands(level)
        if subs and len(subs) > OPTIONS - ROOM:
            problems.append(
                f"{path}: {len(subs)} subcommands, fewer than {ROOM} of Discord's {OPTIONS} free"
            )
        levels += [(f"{path} {s['name']}", s) for s in subs if s.get("type") == GROUP]
    if name == "game" and len(subcommands(command)) > GAME_MOST:
        problems.append(f"/game: {len(subcommands(command))} subcommands, at most {GAME_MOST}")
    return problems


async def test_every_synced_group_has_room_under_discords_limits(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The commands exactly as the bot syncs them (German and French names included)."""
    async with bot_runner():
        synced = [c.data for c in fake_discord.world.global_commands]
    names = {c["name"] for c in synced}
    assert {"fish", "ultimatum", "game", "ratings", "settings", "tournament", "help"} <= names
    groups = [c for c in synced if subcommands(c)]
    assert all(c["name_localizations"] for c in groups), "the count includes the translations"
    problems = [problem for command in synced for problem in crowding(command)]
    assert not problems, problems
    game = next(c for c in synced if c["name"] == "game")
    assert len(subcommands(game)) == 15


def synthetic(subs: int, description: str = "d") -> dict[str, Any]:
    """A group of ``subs`` subcommands, each with ``description``."""
    options = [
        {"name": f"s{n}", "description": description, "type": SUBCOMMAND} for n in range(subs)
    ]
    return {"name": "game", "description": "d", "type": 1, "options": options}


def test_the_room_check_sees_a_crowded_group() -> None:
    """A group with 21 subcommands, or 4,001 characters, or /game with 19, is reported."""
    assert crowding(synthetic(GAME_MOST)) == []
    assert crowding({**synthetic(OPTIONS - ROOM), "name": "other"}) == []
    assert crowding({**synthetic(OPTIONS - ROOM + 1), "name": "other"}) == [
        f"/other: {OPTIONS - ROOM + 1} subcommands, fewer than {ROOM} of Discord's {OPTIONS} free"
    ]
    assert crowding(synthetic(GAME_MOST + 1)) == [
        f"/game: {GAME_MOST + 1} subcommands, at most {GAME_MOST}"
    ]


def option(n: int) -> dict[str, Any]:
    """A string option of 132 counted characters (a 32-character name, a 100-character
    description)."""
    return {"name": f"{n:02d}" + "o" * 30, "description": "d" * 100, "type": 3}


def test_the_room_check_counts_characters_as_discord_does() -> None:
    """Exactly 4,000 characters are within the limit; a German description one character
    longer than the English one makes 4,001 (only the longest text of a field counts, so a short
    French one adds nothing)."""
    wide: dict[str, Any] = {
        "name": "game",
        "description": "d",
        "type": 1,
        "options": [
            {
                "name": "s00",
                "description": "d" * 100,
                "type": SUBCOMMAND,
                "options": [option(n) for n in range(25)],
            },
            {
                "name": "s01",
                "description": "d" * 61,
                "description_localizations": {"fr": "d" * 30},
                "type": SUBCOMMAND,
                "options": [option(n) for n in range(4)],
            },
        ],
    }
    assert characters(wide) == 5 + (3 + 100 + 25 * 132) + (3 + 61 + 4 * 132) == 4000
    assert crowding(wide) == []
    wide["options"][1]["description_localizations"]["de"] = "d" * 62
    assert crowding(wide) == ["/game: 4001 characters, Discord allows 4000"]
