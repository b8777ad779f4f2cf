"""``/game list``: what it shows of each game, and staying within Discord's embed limits."""

from __future__ import annotations

from bot.play.lobby import create_game
from bot.play.lobby import join as join_game
from bot.store import NewGame
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, open_game, who_moves
from tests.fakediscord import FakeDiscord

#: Discord's limit on all the text of a message's embeds together.
EMBED_TOTAL = 6000


def embed_size(embed: dict[str, object]) -> int:
    """The characters Discord counts towards its 6,000 (title, description, fields, footer)."""
    fields = embed.get("fields") or []
    assert isinstance(fields, list)
    footer = embed.get("footer") or {}
    assert isinstance(footer, dict)
    return (
        len(str(embed.get("title") or ""))
        + len(str(embed.get("description") or ""))
        + sum(len(f["name"]) + len(f["value"]) for f in fields)
        + len(str(footer.get("text") or ""))
    )


async def test_the_list_shows_players_whose_turn_the_last_move_and_a_link(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Each game: its players, who is to move, how long ago the last move was (a Discord
    timestamp) and a link to its thread; a lobby says how many seats are taken."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        await fish_step(fake, mover, thread, game.phase)
        await fake.invoke(fake.user("chloe"), "/ultimatum new", players=3)
        record, _, nxt = await who_moves(bot, fake, 1)
        assert record.turn_started_at is not None
        listing = await fake.invoke(fake.user("mia"), "/game list")
        assert listing.ephemeral
        running, lobby = listing.embeds[0]["fields"]
        assert running["name"] == "#1 Hey, That's My Fish!"
        lines = running["value"].splitlines()
        assert lines[0] == ", ".join(p.global_name or p.name for p in people)
        stamp = int(record.turn_started_at.timestamp())
        assert lines[1] == f"{nxt.global_name or nxt.name} to move · last move <t:{stamp}:R>"
        link = f"https://discord.com/channels/{fake.guild.id}/{thread.id}"
        assert lines[-1] == f"[Go to the game]({link})"
        assert lobby["name"] == "#2 The Penguin Ultimatum"
        assert "waiting for players (1/3)" in lobby["value"]


async def test_many_games_with_long_names_stay_within_the_embed_limits(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """26 running four-player games whose players have the longest display names Discord
    allows (32): every page stays below 6,000 characters, the pages together list every game
    once, and an overlong name is shortened."""
    fake = fake_discord
    names = [f"{letter * 31}{n}" for n, letter in enumerate("WXYZ")]
    people = [fake.add_user(name) for name in names]
    channel = fake.channel("games")
    async with bot_runner() as bot:
        store = bot.store
        for _ in range(26):
            record = await create_game(
                store,
                NewGame(
                    "fish",
                    guild_id=fake.guild.id,
                    channel_id=channel.id,
                    creator_id=people[0].id,
                    creator_name=names[0] + "-and-a-name-far-longer-than-discord-allows",
                    players=4,
                ),
            )
            for person in people[1:]:
                record = await join_game(store, record.id, person.id, name=person.name)
            assert record.status == "active"
        seen: list[str] = []
        for page in (1, 2, 3):
            chosen = {"page": page} if page > 1 else {}  # page 1 is the default
            listing = await fake.invoke(fake.user("mia"), "/game list", options=chosen)
            embed = listing.embeds[0]
            assert embed_size(embed) <= EMBED_TOTAL
            assert embed["footer"]["text"].startswith(f"Page {page} of 3 (26 games)")
            seen += [field["name"] for field in embed["fields"]]
            assert all(names[1] in field["value"] for field in embed["fields"])
            assert all("…" in field["value"].splitlines()[0] for field in embed["fields"])
        assert seen == [f"#{n} Hey, That's My Fish!" for n in range(1, 27)]
        assert fake.violations == []
