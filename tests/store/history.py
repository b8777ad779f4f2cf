"""Years of history in seconds: copies of games played through the store, inserted in bulk.

Every copy is the template game's own rows (the game, its seats, its log, its result, the posts
it left in the outbox), cloned by SQL inside the database on either backend, with a new game id
and new server, channel, thread and people ids, so that indexes see realistic spreads. What the
store wrote is what the copies hold: the schema decides every column, nothing is made up here.
"""

from __future__ import annotations

import random

from bot.store import Store

#: A copy's people are the template's shifted by multiples of this.
SHIFT = 10_000_000
#: Copies inserted per transaction.
CHUNK = 50_000
_NUMBERS = "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < :count) "
_GAME = "CAST(:base AS BIGINT) + n.k"
_PERSON = "CAST(:shift AS BIGINT) * (n.k % :people)"
_SERVER = "(n.k % :guilds)"

#: What a copy changes, per table and column (every other column is copied as it is; a column
#: named with None is left to its default: a new row id).
_CHANGED: dict[str, dict[str, str | None]] = {
    "games": {
        "id": _GAME,
        "guild_id": f"guild_id + {_SERVER}",
        "channel_id": f"channel_id + {_SERVER}",
        "thread_id": "thread_id + CAST(:shift AS BIGINT) * n.k",
        "creator_id": f"creator_id + {_PERSON}",
        "rematch_of": "NULL",
        "lobby_message_id": "NULL",
        "claimed_by": "NULL",
        "claimed_until": "NULL",
    },
    "seats": {
        "game_id": _GAME,
        "user_id": f"user_id + {_PERSON}",
        "handed_from": f"handed_from + {_PERSON}",
    },
    "actions": {"game_id": _GAME},
    "results": {"seq": None, "game_id": _GAME, "guild_id": f"guild_id + {_SERVER}"},
    "outbox": {
        "id": None,
        "game_id": _GAME,
        "dedupe_key": f"dedupe_key || '#' || CAST({_GAME} AS TEXT)",
        "claimed_by": "NULL",
        "claimed_until": "NULL",
    },
}


async def columns(store: Store, table: str) -> list[str]:
    """A table's columns in order, on either backend."""
    if store.shared:
        rows = await store._db.fetchall(
            "SELECT column_name AS name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
    else:
        rows = await store._db.fetchall(f"PRAGMA table_info({table})")
    return [str(row["name"]) for row in rows]


async def clone(store: Store, template: int, count: int, *, guilds: int, people: int) -> int:
    """Insert ``count`` copies of game ``template`` (ids after the highest game id, CHUNK copies
    per transaction); the id of the first copy."""
    every = {table: await columns(store, table) for table in _CHANGED}
    first: int | None = None
    done = 0
    while done < count:
        chunk = min(CHUNK, count - done)
        rows = await store._db.fetchall("SELECT coalesce(max(id), 0) AS top FROM games")
        base = int(rows[0]["top"])
        first = base + 1 if first is None else first
        params = {"count": chunk, "base": base, "shift": SHIFT, "template": template}
        params |= {"people": people, "guilds": guilds}
        async with store._db.transaction() as conn:
            for table, changed in _CHANGED.items():
                names = [c for c in every[table] if changed.get(c, c) is not None]
                values = ", ".join(changed.get(c) or c for c in names)
                key = "id" if table == "games" else "game_id"
                await conn.execute(
                    f"{_NUMBERS}INSERT INTO {table} ({', '.join(names)}) "
                    f"SELECT {values} FROM {table}, n WHERE {table}.{key} = :template",
                    params,
                )
        done += chunk
    if store.shared:
        await store._db.write_one(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))"
        )
    assert first is not None, "at least one copy"
    return first


async def played(store: Store, kind: str, seed: int, moves: int | None = None) -> int:
    """A game played through the store with the turn posts a real game queues (each marked
    sent, as delivery does), to the end or for ``moves`` moves; its id."""
    from bot.play.games import load_game
    from bot.play.turns import apply_action
    from bot.texts.announce import move_drafts
    from tests.store.conftest import started

    rng = random.Random(seed)
    record = await started(store, kind, 2, seed=seed)
    record, game = await load_game(store, record.id)
    assert game is not None
    count = 0
    while not game.is_over and (moves is None or count < moves):
        assert game.to_move is not None
        move = await apply_action(
            store,
            record.id,
            game.to_move,
            rng.choice(game.legal_actions()),
            expected_version=record.version,
            announce=lambda m: move_drafts(m, "en"),
        )
        for entry in await store.pending(limit=1000):
            await store.mark_sent(entry.id, 10**12 + entry.id)
        record, game = move.record, move.game
        count += 1
    return record.id
