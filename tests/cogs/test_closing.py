"""Closing the bot while a command is still being answered: the answer's follow-up work ends
before the connection goes, so a restart cuts nothing off half done."""

from __future__ import annotations

import logging
import re
import time

import pytest

from bot import host
from tests.cogs.conftest import BotRunner
from tests.cogs.tournament.helpers import field, sign_up
from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.faults import Fault


async def held_sign_up(fake: FakeDiscord, hold: float) -> tuple[int, Message, Fault]:
    """Two people signed up for a Swiss tournament, the first (player0) a moderator; the next
    edit of its sign-up post answered with a 429 asking to wait ``hold`` seconds. The
    tournament, its post and that fault."""
    organiser, other = field(fake, 2)
    tournament_id, post = await sign_up(fake, [organiser, other], kind="fish", format="swiss")
    assert post.components, "the sign-up post starts with its buttons"
    limit = fake.faults.rate_limit(
        f"PATCH /channels/{post.channel_id}/messages/{post.id}", retry_after=hold
    )
    return tournament_id, post, limit


async def test_a_command_at_work_when_the_bot_closes_finishes_first(
    fake_discord: FakeDiscord, bot_runner: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """``/tournament start`` answers, then opens round 1 and refreshes the sign-up post; Discord
    holds that refresh back (a 429 for a second) and the bot is closed meanwhile. Closing waits:
    the post loses its buttons and its closing time, and nothing is logged as failed."""
    fake = fake_discord
    async with bot_runner():
        tournament_id, post, limit = await held_sign_up(fake, 1.0)
        organiser = fake.user("player0")
        started = await fake.invoke(organiser, "/tournament start", tournament=tournament_id)
        assert started.content == f"Tournament #{tournament_id} has started.", started.content
        closing = time.monotonic()
    waited = time.monotonic() - closing
    assert limit.hits == 1, "the refresh was held back while the bot closed"
    assert waited >= 0.9, f"closed after {waited:.2f} s, before the held refresh was sent again"
    assert post.components == [], "the started tournament's post still offers to join"
    assert "The sign-up closes" not in post.content, post.content
    failed = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert failed == []


async def test_closing_waits_no_longer_than_its_grace(
    fake_discord: FakeDiscord,
    bot_runner: BotRunner,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A refresh Discord holds back for longer than closing waits: the bot closes after its
    grace, not the hold, and warns how many answers it cut off (the start, and the joins
    whose refreshes queue behind it)."""
    monkeypatch.setattr(host, "HANDLER_GRACE", 0.3)
    fake = fake_discord
    async with bot_runner():
        tournament_id, _, limit = await held_sign_up(fake, 3.0)
        await fake.invoke(fake.user("player0"), "/tournament start", tournament=tournament_id)
        await fake.wait_until(lambda: limit.hits == 1, what="the held-back refresh")
        closing = time.monotonic()
    waited = time.monotonic() - closing
    assert waited < 2.5, f"closing waited {waited:.2f} s for an answer held back 3 s"
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    cut_off = [
        m
        for m in warned
        if re.fullmatch(r"closing with \d+ interaction\(s\) still being answered", m)
    ]
    assert cut_off, warned
