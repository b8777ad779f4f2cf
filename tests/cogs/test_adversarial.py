"""A seeded fuzzer over everything a person can send the bot.

Every slash command, option and autocomplete the bot synced (read from the stand-in, not listed
here) and every button and select menu it posted is tried, thousands of times, with hostile
values: empty, 6,000 characters, control characters, @everyone and other mentions, markdown,
other games' ids, resignations of other seats, other players' cards, huge and negative
numbers (within what Discord's client lets through: a value outside an option's range or
choices never reaches a bot). The people trying are those who may not act: a seated player
out of turn, an unseated member, a moderator, a member of another server, someone on none of
the bot's servers (from a DM); the player to move tries only values that cannot be legal.

After every try: the interaction was answered within Discord's rules (the stand-in fails
whatever Discord would refuse, or leave unanswered), nothing was logged at ERROR, a refusal
quotes at most a short, cleaned excerpt of what was typed, and no game changed — except where
the person may really change one (join, leave, follow, start, cancel, resign, undo, a new
game, a rematch), and never a game the person cannot reach.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.client import PenguinBot
from bot.games.ultimatum import UltimatumGame
from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import (
    GameState,
    TournamentTable,
    changes,
    check_quote,
    dm,
    outsider,
    raw_games,
    tournament_tables,
)
from tests.cogs.players import resign_for_good, settle, who_moves
from tests.cogs.polling import EVERY, until
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User
from tests.fakediscord import commands as cmd

SEED = 14
#: Tries in all (commands, autocompletes, clicks): at least 2,000.
TRIES = 3000
#: Tries beyond ``TRIES`` while a component kind the bot offered was never clicked: the computer
#: players move on their own time, so a kind offered late (an undo request answered by its
#: other button first) may need another round of tries to come up again.
EXTRA_TRIES = 1000

#: Commands by which a person may really change a game they can reach, by the kind of action.
CHANGING = {
    "/game join": "join",
    "/game leave": "leave",
    "/game start": "start",
    "/game cancel": "cancel",
    "/game add-computer": "add-computer",
    "/game follow": "follow",
    "/game resign": "resign",
    "/game undo": "undo",
    "/game away": "away",
    "/game return": "return",
    "/fish new": "new",
    "/ultimatum new": "new",
    # A withdrawal forfeits the person's game of the round, as a resignation does; cancelling a
    # tournament cancels its games, whose creator is the organiser.
    "/tournament withdraw": "resign",
    "/tournament cancel": "cancel",
}
#: Buttons (and selects) by which a person may really change a game, by the kind of action.
CHANGING_BUTTONS = {
    "join": "join",
    "leave": "leave",
    "start": "start",
    "computer": "computer",
    "cancel": "cancel",
    "rematch": "rematch",
    "approve": "answer",
    "refuse": "answer",
    "resign": "resign",
    "skip": "turn",
    "perform": "turn",
    "finish": "turn",
    "choose": "turn",  # a choice of a turn by clicks: only the mover's may change the game
}
#: The moderator of the cast (Manage Server).
MODERATOR = "mia"


def entitled(kind: str, person: User, record: Any) -> bool:
    """Whether ``person`` may change the game of ``record`` (as it was before the try) by an
    action of ``kind`` (README, "Who may do what"); everyone else's try must change nothing."""
    seated = person.id in record.user_ids
    # A seat a computer took over still names its person (seats.handed_from): only they return.
    handed = any(seat[-1] == person.id for seat in record.seats)  # its last column
    manager = person.id == record.creator_id or person.name == MODERATOR
    rights: dict[str, bool] = {
        "join": not seated and record.status == "lobby",
        "follow": True,
        "leave": seated,
        "resign": seated,
        "undo": seated,
        "away": seated,  # time away moves the clocks of one's own games only
        "return": handed,
        "answer": seated,
        "rematch": seated,
        "start": person.id == record.creator_id,
        "computer": person.id == record.creator_id,
        "add-computer": manager,
        "cancel": manager,
        "turn": person.id == record.to_move_user,
    }
    return rights.get(kind, False)


#: The rule commands: only the player to move acts with them, and hostile values never do.
RULES = {
    "/fish place",
    "/fish move",
    "/ultimatum play",
    "/ultimatum invite",
    "/ultimatum skip",
    "/ultimatum perform",
    "/ultimatum entertainer",
}


@dataclass(frozen=True)
class Leaf:
    """One invocable slash command: its path and option definitions, as synced."""

    path: str
    data: dict[str, Any]
    options: tuple[dict[str, Any], ...]


def leaves(fake: FakeDiscord) -> list[Leaf]:
    """Every slash command (subcommands of groups included) the bot synced."""
    found: list[Leaf] = []

    def walk(path: str, root: dict[str, Any], options: list[dict[str, Any]]) -> None:
        nested = [o for o in options if o.get("type") in (cmd.SUBCOMMAND, cmd.GROUP)]
        if not nested:
            found.append(Leaf(path, root, tuple(options)))
            return
        for option in nested:
            walk(f"{path} {option['name']}", root, list(option.get("options") or []))

    synced = [c for commands in fake.world.guild_commands.values() for c in commands]
    for command in [*fake.world.global_commands, *synced]:
        if command.type == 1:
            walk(f"/{command.name}", command.data, list(command.data.get("options") or []))
    return sorted({leaf.path: leaf for leaf in found}.values(), key=lambda leaf: leaf.path)


@dataclass
class Cast:
    """Who tries, from where; what they cannot reach."""

    fake: FakeDiscord
    bot: PenguinBot
    olga: User
    nemo: User
    elsewhere: Channel
    threads: dict[str, tuple[int, Channel]] = field(default_factory=dict)


def hostile_texts(rng: random.Random, cast: Cast, hands: list[str]) -> list[str]:
    """Text values nobody could mean as a legal action."""
    alice = cast.fake.user("alice")
    role = next(iter(cast.fake.guild.roles))
    return [
        "",
        " ",
        "Q" * 6000,
        ("Z9-Z8 " * 1000)[:6000],
        "\x00\x01\x07\x1b[2J\x7f",
        "Z9\u200b\u202e\ufeff",
        "@everyone",
        "@here please",
        f"<@{alice.id}> <@!{alice.id}> <@&{role}>",
        "**Z9** __x__ ~~y~~ ||spoiler|| `code` ```block``` > quote # Head",
        "[link](https://example.com)",
        "resign 0",
        "resign 1",
        "RESIGN 1",
        "resign ١",
        "resign 1\nresign 0",
        "resign 9",
        "resign -1",
        "skip",
        "perform Z9",
        "play Z9 Z9",
        "Z9-Z9",
        "A0",
        "I9",
        "H99999999999999999999",
        "-1",
        "#1",
        "#99",
        "99999999999999999999999",
        "1e309",
        "nan",
        "Z9 waive seal-music",
        "𝟚𝟛",
        "\n\n\n",
        *(hands[:4] if hands else []),
        "\U0001f427" * 30,
        "'\"\\%s{0}{id}",
        "</game resign:1>",
        rng.choice(["A1", "B2", "C3"]) + "-" + "Q" * 100,
    ]


def numbers(rng: random.Random, option: dict[str, Any], ids: list[int]) -> list[int | float]:
    """Number values Discord's client would let through for this option."""
    low, high = option.get("min_value"), option.get("max_value")
    integer = option["type"] == cmd.INTEGER
    if low is None and high is None:
        values: list[int | float] = [0, -1, -(2**53), 2**53, 99, 10**15, *ids]
    else:
        low = low if low is not None else -(2**53)
        high = high if high is not None else 2**53
        values = [low, high, (low + high) / 2]
        values.append(rng.randint(int(low), int(high)) if integer else rng.uniform(low, high))
    if integer:
        values = [int(v) for v in values]
    elif low is not None or high is not None:
        values = [float(v) for v in values]
    else:
        values = [float(v) for v in values] + [1e-9, -0.0]
    return values


def value_for(
    rng: random.Random, option: dict[str, Any], texts: list[str], ids: list[int], cast: Cast
) -> Any:
    """One value Discord's client could send for ``option``."""
    choices = option.get("choices")
    if choices:
        return rng.choice(choices)["value"]
    kind = option["type"]
    if kind == cmd.STRING:
        low, high = option.get("min_length", 0), option.get("max_length", 6000)
        fitting = [t for t in texts if low <= len(t) <= high]
        return rng.choice(fitting or ["x" * max(low, 1)])
    if kind in (cmd.INTEGER, cmd.NUMBER):
        return rng.choice(numbers(rng, option, ids))
    if kind == cmd.BOOLEAN:
        return rng.random() < 0.5
    if kind in (cmd.USER, cmd.MENTIONABLE):
        world = cast.fake.world
        return rng.choice([*world.users.values()])
    if kind == cmd.ROLE:
        return rng.choice([*cast.fake.guild.roles.values()])
    if kind == cmd.CHANNEL:
        return rng.choice([c for c in cast.fake.world.channels.values() if c.guild_id])
    if kind == cmd.ATTACHMENT:
        return cast.fake.upload("evil.png", b"\x89PNG not really")
    raise AssertionError(f"an option type the fuzzer does not know: {option}")


@dataclass
class Tally:
    """What the fuzzer did and found."""

    tries: int = 0
    commands: int = 0
    autocompletes: int = 0
    clicks: int = 0
    accepted: int = 0
    skipped: int = 0
    problems: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    #: Coverage: command paths invoked, (path, option) given a value, (path, option) whose
    #: autocomplete was asked, component kinds offered to a clicker and clicked.
    invoked: set[str] = field(default_factory=set)
    given: set[tuple[str, str]] = field(default_factory=set)
    completed: set[tuple[str, str]] = field(default_factory=set)
    offered: set[str] = field(default_factory=set)
    clicked: set[str] = field(default_factory=set)

    def uncovered(self, commands: list[Leaf]) -> list[str]:
        """What the tries never reached: every command, option, autocomplete and component
        kind must be."""
        missing = [f"command {c.path}" for c in commands if c.path not in self.invoked]
        for leaf in commands:
            for option in leaf.options:
                if (leaf.path, option["name"]) not in self.given:
                    missing.append(f"option {leaf.path} {option['name']}")
                if option.get("autocomplete") and (leaf.path, option["name"]) not in self.completed:
                    missing.append(f"autocomplete {leaf.path} {option['name']}")
        missing += [f"component {k}" for k in sorted(self.unclicked())]
        return missing

    def unclicked(self) -> set[str]:
        """The component kinds the bot offered a clicker that were never clicked."""
        return self.offered - self.clicked


def comparable(games: dict[int, GameState]) -> dict[int, GameState]:
    """The games whose changes a try could be blamed for: computer players move on their own."""
    return {n: g for n, g in games.items() if not g.record.computers}


def judge(
    tally: Tally,
    what: str,
    before: dict[int, GameState],
    after: dict[int, GameState],
    *,
    kind: str | None,
    person: User,
    guild_id: int | None,
    by_runner: set[int],
) -> None:
    """Whether a try changed what it must not: a game changes only by an action of a ``kind``
    that may change one, taken by someone ``entitled`` to it, in a game the person reaches
    (of the server they act in; from a DM, one they are seated in); new games only by opening
    one (or a rematch), in the server acted in, or ``by_runner``, a tournament's. A refused try
    changes nothing at all."""
    old, new = comparable(before), comparable(after)
    changed = [n for n in old if n in new and old[n] != new[n]]
    for n in changed:
        record = old[n].record
        reaches = record.guild_id == guild_id if guild_id else person.id in record.user_ids
        if kind is None or not (reaches and entitled(kind, person, record)):
            tally.problems.append(f"{what}: {changes({n: old[n]}, {n: new[n]})}")
            return
    appeared = {n: g for n, g in after.items() if n not in before and n not in by_runner}
    wrong = [n for n, g in appeared.items() if g.record.guild_id != guild_id]
    if appeared and (kind not in ("new", "rematch") or wrong):
        tally.problems.append(f"{what}: opened games {sorted(appeared)}")
        return
    if changed or appeared:
        tally.accepted += 1


async def runner_opened(
    bot: PenguinBot,
    before: dict[int, GameState],
    after: dict[int, GameState],
    what: str,
    person: User,
) -> set[int]:
    """The new games a tournament's runner opened by right, whichever try they came during:
    a later round once the one before ended, the first once the sign-up closed by time (a
    sign-up may be as short as 36 seconds) or when its organiser or a moderator started it."""
    appeared = [n for n in after if n not in before]
    if not appeared:
        return set()
    tables = await tournament_tables(bot)
    now = bot.clock.now()

    def rightful(table: TournamentTable) -> bool:
        if table.round > 1 or table.closes_at <= now:
            return True
        starter = person.id == table.organiser_id or person.name == MODERATOR
        return what.startswith("/tournament start") and starter

    return {n for n in appeared if n in tables and rightful(tables[n])}


async def quiet(bot: PenguinBot, games: dict[int, GameState]) -> dict[int, GameState]:
    """The games once the bot has finished what an answer started in the background."""

    async def steady() -> bool:
        nonlocal games
        await settle(bot)
        now, before = await raw_games(bot), games
        games = now
        return now == before and not bot.settling

    await asyncio.sleep(EVERY)  # what the answer started in the background has begun
    await until(steady, "the bot to finish what an answer started")
    return games


async def open_table(fake: FakeDiscord, kind: str) -> tuple[int, Channel]:
    """alice opens a game for two, bruno joins by the button (whatever the language)."""
    before = fake.mark()
    reply = await fake.invoke(fake.user("alice"), f"/{kind} new", players=2)
    assert reply.message is not None and not reply.ephemeral, reply.content
    join = next(
        str(b["custom_id"])
        for b in reply.message.buttons
        if str(b["custom_id"]).startswith("penguins:join:")
    )
    thread = await fake.wait_for_thread(fake.channel("games"), after=before)
    mark = fake.mark()
    await fake.click(fake.user("bruno"), reply.message, custom_id=join)
    await fake.wait_for_messages(thread, 1, after=mark)
    return int(join.split(":")[2]), thread


async def replenish(cast: Cast, games: dict[int, GameState]) -> None:
    """Keep a running Fish and Ultimatum game of alice and bruno to try things on."""
    for kind in ("fish", "ultimatum"):
        game_id, _ = cast.threads.get(kind, (0, cast.fake.default_channel()))
        state = games.get(game_id)
        if state is None or state.record.status != "active":
            cast.threads[kind] = await open_table(cast.fake, kind)


async def test_hostile_values_from_people_who_may_not_act_change_nothing(
    fake_discord: FakeDiscord, bot_runner: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """See the module docstring; the tries and what they found are reported together."""
    fake = fake_discord
    rng = random.Random(SEED)
    caplog.set_level(logging.INFO)
    tally = Tally()
    started = time.perf_counter()
    async with bot_runner() as bot:
        olga = outsider(fake, "olga")
        other = await fake.join_guild("Ice Floe", channels=["floes"], members=[olga])
        cast = Cast(fake, bot, olga, outsider(fake, "nemo"), fake.channel("floes", guild=other))
        await replenish(cast, await raw_games(bot))
        await fake.invoke(fake.user("chloe"), "/fish new", players=3)
        # A finished game, for Rematch, replays and histories.
        _, thread = await open_table(fake, "fish")
        await resign_for_good(fake, fake.user("bruno"), channel=thread)
        commands = leaves(fake)
        assert {"/fish place", "/ultimatum play", "/game join"} <= {c.path for c in commands}
        games_channel = fake.channel("games")
        bruno, chloe, mia = fake.user("bruno"), fake.user("chloe"), fake.user("mia")

        games = await raw_games(bot)
        while tally.tries < TRIES or (tally.unclicked() and tally.tries < TRIES + EXTRA_TRIES):
            if any(
                games.get(n) is None or games[n].record.status != "active"
                for n, _ in cast.threads.values()
            ):
                await replenish(cast, games)
                games = await raw_games(bot)
            ids = [*games, 0, 99, len(games) + 1]
            fish_id, fish_thread = cast.threads["fish"]
            ultimatum_id, ultimatum_thread = cast.threads["ultimatum"]
            _, ultimatum, ultimatum_mover = await who_moves(bot, fake, ultimatum_id)
            _, _, fish_mover = await who_moves(bot, fake, fish_id)
            assert isinstance(ultimatum, UltimatumGame)
            hands = [c for s in range(ultimatum.players) for c in ultimatum.hand(s)]
            texts = hostile_texts(rng, cast, hands)
            people: list[tuple[str, User, Channel]] = [
                ("bruno in the Fish thread", bruno, fish_thread),
                ("bruno in the Ultimatum thread", bruno, ultimatum_thread),
                ("bruno in a DM", bruno, dm(fake, bruno)),
                ("chloe in #games", chloe, games_channel),
                ("chloe in the Fish thread", chloe, fish_thread),
                ("mia (moderator) in #games", mia, games_channel),
                ("mia (moderator) in a DM", mia, dm(fake, mia)),
                ("olga in her server", olga, cast.elsewhere),
                ("olga in a DM", olga, dm(fake, olga)),
                ("nemo (no server) in a DM", cast.nemo, dm(fake, cast.nemo)),
                ("the Fish mover", fish_mover, fish_thread),
                ("the Ultimatum mover", ultimatum_mover, ultimatum_thread),
            ]
            role, person, channel = rng.choice(people)
            mover = role.endswith("mover")
            before = games
            logged = len(caplog.records)
            roll = rng.random()
            guild_id = channel.guild_id
            if roll < 0.12:
                try:
                    what, reply, kind, guild_id = await click_something(rng, fake, person, tally)
                except AssertionError as error:
                    tally.problems.append(f"a click by {role}: {str(error)[:300]}")
                    what, reply, kind = f"a click by {role}", None, None
                if not what:
                    tally.skipped += 1
                    continue
                tally.clicks += 1
                tally.seen.add(what.split(" (")[0])
                typed = ""
            else:
                pool = [c for c in commands if not mover or c.path in RULES]
                leaf = rng.choice(pool)
                try:
                    fake._may_use(person, channel, leaf.data, leaf.path)
                except AssertionError:
                    tally.skipped += 1  # Discord does not offer the command there
                    continue
                given = {}
                for option in leaf.options:
                    if option.get("required") or rng.random() < 0.6:
                        given[option["name"]] = value_for(rng, option, texts, ids, cast)
                typed = " ".join(str(v) for v in given.values() if isinstance(v, str))
                kind = None if mover else CHANGING.get(leaf.path)
                if leaf.path == "/ultimatum skip" and person.id == ultimatum_mover.id:
                    # It takes no value: from the player to move (whichever role drew them)
                    # it is a real turn, not a hostile value.
                    kind = "turn"
                focusable = [o for o in leaf.options if o.get("autocomplete")]
                if focusable and roll < 0.4:
                    option = rng.choice(focusable)
                    given.pop(option["name"], None)
                    if option["type"] == cmd.STRING:
                        typed = rng.choice(texts)
                    else:
                        typed = rng.choice(["", "1", "-1", "99", "9007199254740993", "0"])
                    what = f"autocomplete {leaf.path} {option['name']}={typed[:40]!r} by {role}"
                    try:
                        await fake.autocomplete(
                            person,
                            leaf.path,
                            option["name"],
                            typed=typed,
                            channel=channel,
                            options=given,
                        )
                    except AssertionError as error:
                        tally.problems.append(f"{what}: {error}")
                    tally.autocompletes += 1
                    tally.completed.add((leaf.path, option["name"]))
                    kind = None
                    reply = None
                else:
                    shown = {k: (v[:30] if isinstance(v, str) else v) for k, v in given.items()}
                    what = f"{leaf.path} {shown} by {role}"
                    try:
                        reply = await fake.invoke(
                            person, leaf.path, channel=channel, options=given, timeout=8
                        )
                        if reply.kind == "deferred":
                            await reply.wait_for_content(timeout=8)
                    except AssertionError as error:
                        tally.problems.append(f"{what}: {str(error)[:300]}")
                        reply = None
                    tally.commands += 1
                    tally.invoked.add(leaf.path)
                    tally.given |= {(leaf.path, name) for name in given}
                tally.seen.add(what.split(" by ")[0].split(" {")[0])
            tally.tries += 1
            if reply is not None and typed:
                try:
                    check_quote(reply, typed)
                except AssertionError as error:
                    tally.problems.append(f"{what}: {str(error)[:300]}")
            errors = [r for r in caplog.records[logged:] if r.levelno >= logging.ERROR]
            if errors:
                tally.problems.append(f"{what}: logged {[r.getMessage()[:200] for r in errors]}")
            after = games = await raw_games(bot)
            if len(after) != len(before):
                # A new table gets its lobby message and thread just after the answer.
                after = games = await quiet(bot, after)
            judge(
                tally,
                what,
                before,
                after,
                kind=kind,
                person=person,
                guild_id=guild_id,
                by_runner=await runner_opened(bot, before, after, what, person),
            )
        broken = [str(v)[:300] for v in fake.take_violations()]
    elapsed = time.perf_counter() - started
    print(
        f"\nfuzzer: {tally.tries} tries ({tally.commands} commands, {tally.autocompletes} "
        f"autocompletes, {tally.clicks} clicks; {tally.accepted} accepted, {tally.skipped} "
        f"not offered) over {len(tally.seen)} commands and buttons in {elapsed:.1f} s"
    )
    problems = tally.problems + [f"Discord would refuse: {v}" for v in broken]
    assert tally.commands + tally.autocompletes + tally.clicks >= 2000
    problems += [f"never tried: {m}" for m in tally.uncovered(commands)]
    assert not problems, f"{len(problems)} problems in {tally.tries} tries:\n" + "\n".join(
        problems[:60]
    )


def kind_of(custom_id: str) -> str:
    """The kind of a posted component, from its custom_id (penguins:join:3 -> join)."""
    if custom_id.startswith(("pc:", "ps:")):
        return "choose"
    return custom_id.split(":")[1] if ":" in custom_id else custom_id


async def click_something(
    rng: random.Random, fake: FakeDiscord, person: User, tally: Tally
) -> tuple[str, Reply | None, str | None, int | None]:
    """Click a button or choose in a select menu the bot posted, as ``person``: what was
    clicked, the answer (None when they can see none; AssertionError when the click was not
    answered as Discord requires), the kind of change it may make (None: none), and the
    server. A kind not clicked yet is preferred, so every kind offered gets its clicks."""
    messages: list[Message] = [
        m
        for m in fake.world.messages.values()
        if not m.deleted
        and (m.buttons or m.selects)
        and (not m.ephemeral or m.ephemeral_for == person.id)
    ]
    rng.shuffle(messages)
    seen: list[tuple[Message, dict[str, Any]]] = []
    for message in messages:
        try:
            fake._can_see(person, message)
        except AssertionError:
            continue
        items = [b for b in message.buttons if not b.get("disabled") and b.get("custom_id")]
        items += [s for s in message.selects if not s.get("disabled")]
        seen += [(message, item) for item in items]
    tally.offered |= {kind_of(str(item["custom_id"])) for _, item in seen}
    fresh = [(m, i) for m, i in seen if kind_of(str(i["custom_id"])) not in tally.clicked]
    if not seen:
        return "", None, None, None
    message, item = rng.choice(fresh or seen)
    custom_id = str(item["custom_id"])
    action = kind_of(custom_id)
    tally.clicked.add(action)
    what = f"button {action} ({custom_id}) by {person.name}"
    if item.get("type") == 2:
        reply = await fake.click(person, message, custom_id=custom_id)
    else:
        options = [o["value"] for o in item.get("options") or []]
        reply = await fake.select(person, message, [rng.choice(options)], custom_id=custom_id)
    if reply.kind == "deferred":
        await reply.wait_for_content(timeout=8)
    return what, reply, CHANGING_BUTTONS.get(action), message.guild_id
