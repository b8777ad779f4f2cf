"""Streams moves into a store until it is killed: ``python -m tests.store.crash_writer DB SEED``
(DB: an SQLite file's path or a ``postgresql://`` URL).

After every committed move it prints ``<game id> <seq>`` (flushed), so the test that kills it
knows which moves were committed for certain.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.games import KINDS
from bot.play.games import load_game
from bot.play.lobby import create_game
from bot.play.turns import apply_action
from bot.store import NewGame, Store


async def stream(path: str, seed: int) -> None:
    """Create games with computer opponents and play random moves into them, forever."""
    rng = random.Random(seed)
    async with await Store.open(path) as store:
        for game_id in [g.id for g in await store.games_in_channel(1, ("active",))]:
            await store.cancel(game_id)  # left over from the previous run
        while True:
            players = rng.randint(2, 4)
            record = await create_game(
                store,
                NewGame(
                    rng.choice(KINDS),
                    guild_id=1,
                    channel_id=1,
                    creator_id=rng.randrange(1, 10**6),
                    players=players,
                    bots=players - 1,
                    seed=rng.randrange(2**31),
                ),
            )
            record, game = await load_game(store, record.id)
            assert game is not None
            while not game.is_over:
                assert game.to_move is not None
                move = await apply_action(
                    store,
                    record.id,
                    game.to_move,
                    rng.choice(game.legal_actions()),
                    expected_version=record.version,
                )
                record, game = move.record, move.game
                print(record.id, move.seq, flush=True)


if __name__ == "__main__":
    asyncio.run(stream(sys.argv[1], int(sys.argv[2])))
