"""Who may do what with a tournament: opening needs Manage Server unless the server lets
anyone; only the organiser or a moderator starts or cancels; a player joins, leaves and
withdraws only themselves; nobody outside the server reaches it, and a tournament of another
server answers like one that does not exist."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import dm, outsider
from tests.cogs.tournament.helpers import field, sign_up, sign_up_shown
from tests.fakediscord import FakeDiscord

NOT_ALLOWED = "Only the organiser of tournament #{id} or someone with Manage Server may do that."


async def test_only_the_organiser_or_a_moderator_runs_a_tournament(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A member without Manage Server cannot open one until the server lets anyone; then a
    member opens one, another member can neither start nor cancel it, a moderator can cancel
    it; after the cancel it takes no entries."""
    fake = fake_discord
    moderator, member, other = field(fake, 3)
    async with bot_runner() as bot:
        refused = await fake.invoke(member, "/tournament new", kind="fish", format="swiss")
        assert refused.ephemeral
        assert refused.content == (
            "Only someone with Manage Server can open a tournament on this server."
        )
        assert await bot.store.guild_tournaments(fake.guild.id) == []
        refused = await fake.invoke(member, "/settings defaults", tournaments="anyone")
        assert "Only someone with Manage Server" in refused.content
        allowed = await fake.invoke(moderator, "/settings defaults", tournaments="anyone")
        assert "Anyone here may open a tournament" in allowed.content, allowed.content
        tournament_id, post = await sign_up(fake, [member, other], kind="fish", format="swiss")
        for command in ("/tournament start", "/tournament cancel"):
            reply = await fake.invoke(other, command, tournament=tournament_id)
            assert reply.ephemeral
            assert reply.content == NOT_ALLOWED.format(id=tournament_id)
        record = await bot.store.get_tournament(tournament_id)
        assert (record.status, record.version) == ("signup", 2)
        cancelled = await fake.invoke(moderator, "/tournament cancel", tournament=tournament_id)
        assert cancelled.content == f"Tournament #{tournament_id} is cancelled."
        late = await fake.click(moderator, post, label="Join")
        assert late.ephemeral
        assert late.content == f"Tournament #{tournament_id} is over; it takes no more entries."
        again = await fake.invoke(member, "/tournament cancel", tournament=tournament_id)
        assert again.content == f"Tournament #{tournament_id} is already over."


async def test_a_player_changes_only_their_own_entry(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Join and leave act on the person who asks; withdrawing before the start is refused and
    says to leave instead; entering twice is refused. The sign-up post's picture shows who is
    entered."""
    fake = fake_discord
    organiser, member, other = field(fake, 3)
    async with bot_runner() as bot:
        tournament_id, post = await sign_up(fake, [organiser, member, other], kind="fish",
                                            format="round-robin")  # fmt: skip
        three, full = await sign_up_shown(bot, post, tournament_id)
        assert len(full.entrants) == 3
        assert three.filename == f"tournament-{tournament_id}-sign-up.png"
        twice = await fake.click(member, post, label="Join")
        assert twice.content == f"You are already entered in tournament #{tournament_id}."
        left = await fake.click(other, post, label="Leave")
        assert left.content == f"You are no longer entered in tournament #{tournament_id}."
        # The sign-up picture is drawn anew with who is still entered, replacing the one before.
        two, shown = await sign_up_shown(bot, post, tournament_id)
        assert shown.entrants == (organiser.global_name, member.global_name)
        assert two.data != three.data
        early = await fake.invoke(member, "/tournament withdraw", tournament=tournament_id)
        assert early.content.startswith(f"Tournament #{tournament_id} is not running")
        record = await bot.store.get_tournament(tournament_id)
        assert record.players == (organiser.id, member.id)
        assert record.withdrawn == frozenset()


async def test_nobody_outside_the_server_reaches_a_tournament(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """From another server a tournament's number answers like a number nobody has; from a
    DM, tournaments are refused; nothing changes."""
    fake = fake_discord
    organiser, member = field(fake, 2)
    olga = outsider(fake, "olga")
    async with bot_runner() as bot:
        tournament_id, _post = await sign_up(fake, [organiser], kind="fish", format="swiss")
        other = await fake.join_guild("Ice Floe", channels=["floes"], members=[olga])
        floes = fake.channel("floes", guild=other)
        before = await bot.store.get_tournament(tournament_id)
        for command in ("/tournament join", "/tournament start", "/tournament cancel",
                        "/tournament standings", "/tournament withdraw"):  # fmt: skip
            theirs = await fake.invoke(olga, command, channel=floes, tournament=tournament_id)
            nobodys = await fake.invoke(olga, command, channel=floes, tournament=999)
            assert theirs.content == nobodys.content.replace("#999", f"#{tournament_id}")
            assert theirs.ephemeral
            private = await fake.invoke(member, command, channel=dm(fake, member),
                                        tournament=tournament_id)  # fmt: skip
            assert private.content == "Tournaments are run in a server, not in direct messages."
        assert await bot.store.get_tournament(tournament_id) == before
