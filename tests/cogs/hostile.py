"""What the adversarial tests share: the whole game state as the store holds it, the answers a
person gets, and how a refusal must quote what was typed (short, clean, never pinging)."""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.client import PenguinBot
from bot.play.games import load_game
from bot.store import GameNotFound
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User

#: How much of what was typed a refusal may quote (at most about 40 characters); a few
#: more for an ellipsis or quotation marks around it.
QUOTE_LIMIT = 48

#: Mentions Discord turns into pings (users, roles, @everyone / @here).
MENTION = re.compile(r"@everyone|@here|<@[!&]?\d+>")


@dataclass(frozen=True)
class GameState:
    """One game as the store holds it: record, engine snapshot, action log, followers, undo."""

    record: Any
    snapshot: Any
    log: tuple[tuple[int | None, str], ...]
    followers: tuple[int, ...]
    undo: Any


async def game_state(bot: PenguinBot, game_id: int) -> GameState:
    """A game read back from the store (GameNotFound when there is none)."""
    store = bot.store
    record, game = await load_game(store, game_id)
    log = tuple((a.seat, a.text) for a in await store.action_log(game_id))
    followers = tuple(sorted(await store.followers(game_id)))
    return GameState(
        record,
        None if game is None else game.to_dict(),
        log,
        followers,
        await store.undo_request(game_id),
    )


async def all_games(bot: PenguinBot) -> dict[int, GameState]:
    """Every game of the store, by id (ids are handed out 1, 2, 3 …)."""
    games: dict[int, GameState] = {}
    game_id = 1
    while True:
        try:
            games[game_id] = await game_state(bot, game_id)
        except GameNotFound:
            return games
        game_id += 1


def longest_quote(text: str, typed: str) -> int:
    """The length of the longest piece of ``typed`` that ``text`` repeats verbatim (pieces of
    three characters or fewer are ignored: they occur in any sentence)."""
    if len(typed) <= 3 or not text:
        return 0
    best = 0
    # Dynamic programming over the two strings, one row at a time (both are short enough:
    # an answer is at most 2,000 characters; a typed value is cut to its distinct part).
    previous = [0] * (len(typed) + 1)
    for char in text:
        current = [0] * (len(typed) + 1)
        for j, other in enumerate(typed, start=1):
            if char == other:
                current[j] = previous[j - 1] + 1
                best = max(best, current[j])
        previous = current
    return best if best > 3 else 0


def texts_of(reply: Reply) -> list[str]:
    """Every text a person sees in an answer: content, embed texts, followups."""
    found: list[str] = []
    for message in reply.messages:
        found.append(message.content)
        for embed in message.embeds:
            found.extend(str(embed.get(key) or "") for key in ("title", "description"))
            for item in embed.get("fields") or []:
                found.extend((str(item.get("name") or ""), str(item.get("value") or "")))
    return [f for f in found if f]


def control_characters(text: str) -> list[str]:
    """Control and format characters in ``text`` (line breaks and tabs are allowed)."""
    return [repr(c) for c in text if unicodedata.category(c) in ("Cc", "Cf") and c not in "\n\t"]


def check_quote(reply: Reply, typed: str) -> None:
    """An answer quotes at most ~40 characters of ``typed``, with no control characters and
    no mention of what was typed left able to ping."""
    sample = typed if len(typed) <= 200 else typed[:200]
    for text in texts_of(reply):
        quoted = longest_quote(text, sample)
        assert quoted <= QUOTE_LIMIT, (
            f"the answer repeats {quoted} characters of what was typed: {text[:300]!r}"
        )
        typed_controls = set(control_characters(typed))
        # The zero-width space right after an @ is the answer's own: it keeps a quoted
        # mention from pinging (bot.texts.quote), whatever was typed.
        own = text.replace("@\u200b", "@")
        bad = [c for c in control_characters(own) if c in typed_controls]
        assert not bad, f"the answer carries control characters {bad} that were typed: {text!r}"
        typed_mentions = set(MENTION.findall(typed))
        left = [m for m in MENTION.findall(text) if m in typed_mentions]
        assert not left, f"the answer repeats the mentions {left} that were typed: {text!r}"


def same_answer(
    reply: Reply | Message, other: Reply | Message, game_id: int, missing_id: int
) -> bool:
    """Whether two refusals say the same, the game ids aside (a game of another server must
    look exactly like a game that does not exist)."""
    return (
        reply.ephemeral == other.ephemeral
        and reply.content.replace(f"#{game_id}", "#N")
        == other.content.replace(f"#{missing_id}", "#N")
        and reply.embeds == other.embeds == []
    )


def dm(fake: FakeDiscord, user: User) -> Channel:
    """The person's DM channel with the bot (where they can use its commands)."""
    return fake.world.dm_channel(user)


def outsider(fake: FakeDiscord, name: str) -> User:
    """A Discord account on none of the bot's servers (it can still open a DM with the bot)."""
    return fake.world.add_user(name)


def changes(before: dict[int, GameState], after: dict[int, GameState]) -> str:
    """What changed between two readings of every game, briefly (for failure messages)."""
    lines = []
    for game_id in sorted(set(before) | set(after)):
        old, new = before.get(game_id), after.get(game_id)
        if old == new:
            continue
        if old is None or new is None:
            lines.append(f"game #{game_id} {'appeared' if old is None else 'vanished'}")
            continue
        parts = [
            name
            for name in ("record", "snapshot", "log", "followers", "undo")
            if getattr(old, name) != getattr(new, name)
        ]
        added = new.log[len(old.log) :] if new.log[: len(old.log)] == old.log else new.log
        lines.append(
            f"game #{game_id}: {', '.join(parts)} changed; status {old.record.status} -> "
            f"{new.record.status}; new actions {list(added)}"
        )
    return "; ".join(lines) or "nothing"


@dataclass(frozen=True)
class StoredGame:
    """A game's row and seats as stored (what ``raw_games`` compares)."""

    id: int
    guild_id: int
    status: str
    user_ids: tuple[int, ...]
    computers: int
    row: tuple[Any, ...]
    seats: tuple[tuple[Any, ...], ...]
    #: Who opened the table (it may start it and seat computers) and the person to move.
    creator_id: int = 0
    to_move_user: int | None = None


async def sqlite_rows(bot: PenguinBot, sql: str) -> list[sqlite3.Row]:
    """The rows a query reads from the bot's database (SQLite in these tests)."""
    found = await bot.store._db.fetchall(sql)
    rows = [row for row in found if isinstance(row, sqlite3.Row)]
    assert len(rows) == len(found), "the bot under test stores in SQLite"
    return rows


@dataclass(frozen=True)
class TournamentTable:
    """A game the tournament runner opened: its tournament, round, the moment the sign-up
    closed (or closes) and the organiser."""

    tournament_id: int
    round: int
    closes_at: float
    organiser_id: int


async def tournament_tables(bot: PenguinBot) -> dict[int, TournamentTable]:
    """Every tournament game by its id."""
    rows = await sqlite_rows(
        bot,
        "SELECT t.game_id, t.tournament_id, t.round, r.closes_at, r.organiser_id "
        "FROM tournament_tables t JOIN tournaments r ON r.id = t.tournament_id",
    )
    return {
        int(row["game_id"]): TournamentTable(
            int(row["tournament_id"]),
            int(row["round"]),
            float(row["closes_at"]),
            int(row["organiser_id"]),
        )
        for row in rows
    }


async def raw_games(bot: PenguinBot) -> dict[int, GameState]:
    """Every game as its stored rows (game, seats, actions, followers, undo request): the same
    comparison as ``all_games`` in five queries however many games there are (for tries by the
    thousand)."""
    fetch = partial(sqlite_rows, bot)
    seats: dict[int, list[tuple[Any, ...]]] = {}
    people: dict[tuple[int, int | None], int | None] = {}
    for row in await fetch("SELECT * FROM seats ORDER BY game_id, slot"):
        seats.setdefault(row["game_id"], []).append(tuple(row))
        people[(row["game_id"], row["seat"])] = row["user_id"]
    actions: dict[int, list[tuple[int | None, str]]] = {}
    for row in await fetch("SELECT game_id, seat, text FROM actions ORDER BY game_id, seq"):
        actions.setdefault(row["game_id"], []).append((row["seat"], row["text"]))
    follows: dict[int, list[int]] = {}
    for row in await fetch("SELECT game_id, user_id FROM follows ORDER BY game_id, user_id"):
        follows.setdefault(row["game_id"], []).append(row["user_id"])
    undos: dict[int, tuple[Any, ...]] = {
        row["game_id"]: tuple(row) for row in await fetch("SELECT * FROM undo_requests")
    }
    games: dict[int, GameState] = {}
    for row in await fetch("SELECT * FROM games ORDER BY id"):
        game_id = row["id"]
        own = seats.get(game_id, [])
        record = StoredGame(
            game_id,
            row["guild_id"],
            row["status"],
            tuple(s[3] for s in own if s[3] is not None),
            sum(1 for s in own if s[3] is None),
            # Not the leases: background work claims and lets go of games whatever is typed.
            # (A row iterates over its values: its column names are keys().)
            tuple(row[k] for k in row.keys() if k not in ("claimed_by", "claimed_until")),  # noqa: SIM118
            tuple(own),
            row["creator_id"],
            people.get((game_id, row["to_move_seat"])),
        )
        games[game_id] = GameState(
            record,
            row["snapshot"],
            tuple(actions.get(game_id, [])),
            tuple(follows.get(game_id, [])),
            undos.get(game_id),
        )
    return games
