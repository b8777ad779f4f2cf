"""Table sizes and seat order come from the engines (F-4, F-5, U-9, U-10): the play layer checks
a table against the engine's MIN_PLAYERS/MAX_PLAYERS before the store sees it, and a full table
is seated in the engine's seat order."""

from __future__ import annotations

import pytest

from bot.games import KINDS, game_class
from bot.games.base import seat_order
from bot.play.lobby import create_game
from bot.store import InvalidValue, NewGame, Store
from bot.store.lobby import LARGEST, SMALLEST
from tests.store.conftest import CHANNEL, GUILD, USERS, started


@pytest.mark.parametrize("kind", KINDS)
def test_the_schema_holds_every_table_the_rules_allow(kind: str) -> None:
    """F-4, U-9: the store's bounds (its CHECK constraint) are no narrower than the engine's."""
    rules = game_class(kind)
    assert SMALLEST <= rules.MIN_PLAYERS <= rules.MAX_PLAYERS <= LARGEST


@pytest.mark.parametrize("kind", KINDS)
async def test_a_table_outside_the_engines_limits_is_refused(store: Store, kind: str) -> None:
    """F-4, U-9: one seat too few or too many is refused before anything is stored."""
    rules = game_class(kind)
    for players in (rules.MIN_PLAYERS - 1, rules.MAX_PLAYERS + 1):
        with pytest.raises(InvalidValue) as refused:
            await create_game(
                store,
                NewGame(
                    kind, guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0], players=players
                ),
            )
        assert refused.value.code == "players"
        assert f"{rules.MIN_PLAYERS} to {rules.MAX_PLAYERS} players" in refused.value.message
    assert await store.games_in_guild(GUILD) == []


@pytest.mark.parametrize("kind", KINDS)
async def test_f5_u10_a_full_table_is_seated_in_the_engines_order(store: Store, kind: str) -> None:
    """F-5, U-10: lobby slot i gets seat_order(seed, players)[i]."""
    rules = game_class(kind)
    record = await started(store, kind, rules.MAX_PLAYERS, seed=11)
    by_slot = sorted(record.seats, key=lambda s: s.slot)
    assert [s.seat for s in by_slot] == seat_order(record.seed, rules.MAX_PLAYERS)
