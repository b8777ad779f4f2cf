"""Withdrawals that leave a running tournament with one player: it ends there, with its final
standings, at once and without a fault, whatever round it was in."""

from __future__ import annotations

import logging

import pytest

from tests.cogs.conftest import BotRunner
from tests.cogs.polling import until
from tests.cogs.tournament.helpers import field, points_of, round_opened, sign_up, standings_posts
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize("format", ["swiss", "round-robin"])
async def test_a_tournament_left_with_one_player_ends_with_its_final_standings(
    fake_discord: FakeDiscord,
    bot_runner: BotRunner,
    caplog: pytest.LogCaptureFixture,
    format: str,
) -> None:
    """Two players; the organiser (a moderator) starts at once and, in round 1, withdraws: the
    game is forfeited to the other player, no round 2 is paired, the final standings put the
    one left first, and nothing was logged as failed."""
    fake = fake_discord
    organiser, other = field(fake, 2)
    async with bot_runner() as bot:
        tournament_id, _ = await sign_up(fake, [organiser, other], kind="fish", format=format)
        started = await fake.invoke(organiser, "/tournament start", tournament=tournament_id)
        assert started.content == f"Tournament #{tournament_id} has started.", started.content
        (game_id,) = await round_opened(bot, tournament_id, 1)
        gone = await fake.invoke(organiser, "/tournament withdraw", tournament=tournament_id)
        assert not gone.content.startswith("Only"), gone.content

        async def ended() -> bool:
            return (await bot.store.get_tournament(tournament_id)).status == "finished"

        await until(ended, f"tournament #{tournament_id} to end")
        record = await bot.store.get_tournament(tournament_id)
        assert record.withdrawn == frozenset({organiser.id})
        assert [r.number for r in await bot.store.tournament_rounds(tournament_id)] == [1]
        assert (await bot.store.get_game(game_id)).status == "finished"

        async def announced() -> bool:
            # The standings are posted from the outbox, after the tournament is stored finished.
            posts = standings_posts(fake, fake.channel("games"))
            return bool(posts) and "final standings" in posts[-1].content

        await until(announced, f"tournament #{tournament_id}'s final standings")
        final = standings_posts(fake, fake.channel("games"))[-1]
        places = points_of(final)
        assert places[str(other.global_name)][0] == 1, final.content
        assert places[str(organiser.global_name)][0] == 2, final.content
    failed = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert failed == []
