"""The host's shared state, each behind its own operations (bot.host): who was seen on which
server (MemberCache) and the tables being placed (Settling)."""

from __future__ import annotations

import asyncio

from bot.host import MEMBER_SEEN_FOR, MemberCache, Settling


class HandClock:
    """A clock moved by hand."""

    def __init__(self) -> None:
        self.at = 1_700_000_000.0

    def now(self) -> float:
        return self.at

    async def sleep_until(self, deadline: float, wake: asyncio.Event) -> bool:
        return False


def test_a_person_seen_is_remembered_for_a_while_then_asked_about_again() -> None:
    clock = HandClock()
    members = MemberCache(clock)
    assert not members.seen(1, 10)
    members.remember(1, 10)
    assert members.seen(1, 10)
    assert not members.seen(2, 10)  # another server: not vouched for
    clock.at += MEMBER_SEEN_FOR - 1
    assert members.seen(1, 10)
    clock.at += 1
    assert not members.seen(1, 10)


def test_a_person_found_gone_is_forgotten() -> None:
    members = MemberCache(HandClock())
    members.remember(1, 10)
    members.forget(1, 10)
    members.forget(1, 11)  # never seen: nothing to forget, no error
    assert not members.seen(1, 10)


def test_stale_notes_are_dropped_once_there_are_many() -> None:
    clock = HandClock()
    members = MemberCache(clock)
    members.MOST = 3
    for user in range(4):
        members.remember(1, user)
    clock.at += MEMBER_SEEN_FOR
    members.remember(1, 99)
    assert len(members) == 1
    assert members.seen(1, 99)


async def test_posts_wait_while_a_table_is_placed() -> None:
    settling = Settling()
    with settling.placing(7):
        assert len(settling) == 1
        waiting = asyncio.create_task(settling.wait(7))
        await asyncio.sleep(0.01)
        assert not waiting.done()
        # Another game does not wait: its wait returns at once, long before its own timeout.
        await asyncio.wait_for(settling.wait(8), timeout=0.05)
    await asyncio.wait_for(waiting, timeout=1)
    assert len(settling) == 0


async def test_a_table_that_failed_to_be_placed_holds_nothing_back() -> None:
    settling = Settling()
    try:
        with settling.placing(7):
            raise RuntimeError("the channel is gone")
    except RuntimeError:
        pass
    assert not settling
    await asyncio.wait_for(settling.wait(7), timeout=1)


async def test_a_wait_gives_up_after_its_timeout() -> None:
    settling = Settling()
    with settling.placing(7):
        await asyncio.wait_for(settling.wait(7, timeout=0.01), timeout=1)
