"""Who may reach a game, and who may act in it.

In a server, only that server's games; from a DM, only the games the person is seated in;
joining, following, boards, histories and replays need membership of the game's server. A game
of another server, or out of reach, gets exactly the answer of a game that does not exist. Every
rule command and every game button is tried by the player to move, a seated player out of turn,
an unseated member, a moderator (Manage Server), a member of another server and someone on none
of the bot's servers (from a DM); the store is read before and after each try.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.client import PenguinBot
from bot.games.fish.geometry import FLOE_NAMES
from bot.games.ultimatum import UltimatumGame
from bot.i18n import language_of
from bot.texts.ultimatum import card_name
from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import all_games, changes, dm, outsider, same_answer
from tests.cogs.players import is_done, open_game, resign_for_good, settle, who_moves
from tests.cogs.test_adversarial import leaves
from tests.fakediscord import Channel, FakeDiscord, Guild, Message, Reply, User
from tests.games.test_ultimatum_shows import TWIN_HANDS

#: An id no game has.
MISSING = 99

#: Commands that reach one game by number, with the options they need besides ``game``.
BY_NUMBER: list[tuple[str, dict[str, Any]]] = [
    ("/game join", {}),
    ("/game leave", {}),
    ("/game start", {}),
    ("/game cancel", {}),
    ("/game add-computer", {}),
    ("/game follow", {}),
    ("/game resign", {}),
    ("/game undo", {}),
    ("/game history", {}),
    ("/game replay", {}),
    ("/game return", {}),
    ("/fish board", {}),
    ("/ultimatum board", {}),
    ("/ultimatum hand", {}),
    ("/fish place", {"floe": "C4"}),
    ("/fish move", {"penguin": "C4", "to": "C5"}),
    ("/ultimatum play", {"card": "red-3-dance", "cell": "E4"}),
    ("/ultimatum invite", {"to": "E4"}),
    ("/ultimatum skip", {}),
    ("/ultimatum perform", {"cell": "E4"}),
    ("/ultimatum entertainer", {"cell": "E4"}),
]


@dataclass
class Table:
    """The world of these tests: a running Fish game (#1) and Ultimatum game (#2) of alice and
    bruno, a Fish lobby of chloe's (#3); mia moderates; olga is only on another server; nemo is
    on none of the bot's servers."""

    fish: Channel
    ultimatum: Channel
    lobby: Message
    other: Guild
    olga: User
    nemo: User


async def set_table(fake: FakeDiscord) -> Table:
    """Open the games and the other server (the bot must be running)."""
    _, fish, _ = await open_game(fake, "fish", 2)
    _, ultimatum, _ = await open_game(fake, "ultimatum", 2)
    lobby = await fake.invoke(fake.user("chloe"), "/fish new", players=3)
    assert lobby.message is not None and not lobby.ephemeral
    olga = outsider(fake, "olga")
    other = await fake.join_guild("Ice Floe", channels=["floes"], members=[olga])
    return Table(fish, ultimatum, lobby.message, other, olga, outsider(fake, "nemo"))


# Pinned positions, so that every step of a turn is reached the same way on every run.

#: A Fish board (F-1, F-6) of a strip D1…D7 and four islands A1, A7, H1, H8, all 1-fish floes,
#: the rest open water: penguins placed on the islands can never move, so their player goes
#: out at their first turn of the hunt (F-11) and the other is left alone on the ice (F-13).
STRIP = [f"D{n}" for n in range(1, 8)]
ISLANDS = ["A1", "A7", "H1", "H8"]
LAST_ON_ICE = [1 if name in STRIP or name in ISLANDS else 0 for name in FLOE_NAMES]

#: An Ultimatum deal (as tests/games/test_ultimatum_shows.py's twin game): bear-music on D4
#: (dots E4, C4) and sheep-juggling on F4 (dots G3, E4) both wait for E4.
TWIN_SHOWS: dict[str, Any] = {
    "hands": TWIN_HANDS,
    "setup": {"D4": "bear-music", "F4": "sheep-juggling"},
    "entertainer_deck": ["seal-music", "kangaroo-dance", "bear-dance"],
    "activities": ["music", "juggling"],
}

Step = tuple[str, dict[str, Any]]

#: The twin game's first three turns up to two shows due at once (U-16): seat 0 lays C4 and
#: invites it, seat 1 lays G3 and skips, seat 0 lays E4 and invites it.
TWIN_TURNS: list[Step] = [
    ("/ultimatum play", {"card": "green-2-music", "cell": "C4"}),
    ("/ultimatum invite", {"to": "C4"}),
    ("/ultimatum play", {"card": "green-5-music", "cell": "G3"}),
    ("/ultimatum skip", {}),
    ("/ultimatum play", {"card": "brown-3-acrobatics", "cell": "E4"}),
    ("/ultimatum invite", {"to": "E4"}),
]


async def open_pinned(
    bot: PenguinBot, fake: FakeDiscord, kind: str, pinned: dict[str, Any]
) -> tuple[int, Channel]:
    """A running game of alice and bruno whose engine options pin the position (``floes`` for
    Fish, ``deal`` for Ultimatum): written into alice's lobby before bruno's Join starts it."""
    alice, bruno = fake.user("alice"), fake.user("bruno")
    games = fake.channel("games")
    mark = fake.mark()
    reply = await fake.invoke(alice, f"/{kind} new", players=2, channel=games)
    assert reply.message is not None and not reply.ephemeral, reply.content
    thread = await fake.wait_for_thread(games, after=mark)
    (join,) = [str(b["custom_id"]) for b in reply.message.buttons if b.get("label") == "Join"]
    game_id = int(join.split(":")[2])
    record = await bot.store.get_game(game_id)
    options = json.dumps({**record.options, **pinned}, sort_keys=True)
    await bot.store._db.write_one("UPDATE games SET options = ? WHERE id = ?", (options, game_id))
    mark = fake.mark()
    await fake.click(bruno, reply.message, label="Join")
    await fake.wait_for_messages(thread, 1, after=mark)
    return game_id, thread


async def take(
    bot: PenguinBot, fake: FakeDiscord, game_id: int, thread: Channel, step: Step
) -> Reply:
    """The player to move takes one step by command; it must be applied."""
    command, options = step
    _, _, mover = await who_moves(bot, fake, game_id)
    before = len((await all_games(bot))[game_id].log)
    reply = await fake.invoke(mover, command, channel=thread, options={**options, "game": game_id})
    await reply.wait_for_content()
    await settle(bot)
    assert reply.ephemeral, reply.content
    assert len((await all_games(bot))[game_id].log) > before, f"{step}: {reply.content!r}"
    return reply


async def place_penguins(
    bot: PenguinBot, fake: FakeDiscord, game_id: int, thread: Channel, stranded: int
) -> None:
    """Place every penguin on LAST_ON_ICE: seat ``stranded`` on the islands, the other seat on
    D1…D4 (free: D5…D7)."""
    islands, strip = iter(ISLANDS), iter(STRIP)
    for _ in range(2 * 4):  # F-6: two players place four penguins each
        _, game, _ = await who_moves(bot, fake, game_id)
        floe = next(islands if game.to_move == stranded else strip)
        await take(bot, fake, game_id, thread, ("/fish place", {"floe": floe}))


Asker = Callable[[int], Awaitable[Reply]]


async def same_as_missing(bot: PenguinBot, ask: Asker, game_id: int, what: str) -> list[str]:
    """Ask about ``game_id`` and about a game that does not exist: the answers must be the
    same, and nothing of any game may change. Returns the problems found."""
    before = await all_games(bot)
    missing = await ask(MISSING)
    reply = await ask(game_id)
    await settle(bot)
    after = await all_games(bot)
    problems = []
    if after != before:
        problems.append(f"{what}: {changes(before, after)}")
    if not same_answer(reply, missing, game_id, MISSING):
        problems.append(
            f"{what}: answered {reply.content!r} ({len(reply.attachments)} files), "
            f"but for a game that does not exist {missing.content!r}"
        )
    return problems


async def test_the_matrix_names_every_command_that_takes_a_game(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Every synced command with a ``game`` option, whichever group it is in, is tried here."""
    async with bot_runner():
        synced = leaves(fake_discord)
    takes_a_game = {leaf.path for leaf in synced if any(o["name"] == "game" for o in leaf.options)}
    assert takes_a_game == {command for command, _ in BY_NUMBER}


async def test_nobody_reaches_a_game_from_outside_its_server(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Every command that names a game by number, for each of the three games: from a DM by
    someone on none of the bot's servers; by a member of another server, in that server and
    from a DM; by a member who is not seated, from a DM. Each answer is the one for a game
    that does not exist, and nothing changes (nobody joins, follows, sees a board or a hand)."""
    fake = fake_discord
    async with bot_runner() as bot:
        table = await set_table(fake)
        chloe = fake.user("chloe")
        elsewhere = fake.channel("floes", guild=table.other)
        places = [
            (table.nemo, dm(fake, table.nemo), "nemo (no server) from a DM"),
            (table.olga, elsewhere, "olga (another server) in her server"),
            (table.olga, dm(fake, table.olga), "olga (another server) from a DM"),
            (fake.user("mia"), dm(fake, fake.user("mia")), "mia (moderator, unseated) in a DM"),
        ]
        problems: list[str] = []
        for person, channel, who in places:
            for command, options in BY_NUMBER:
                for game_id in (1, 2, 3):

                    async def ask(
                        number: int,
                        person: User = person,
                        channel: Channel = channel,
                        command: str = command,
                        options: dict[str, Any] = options,
                    ) -> Reply:
                        reply = await fake.invoke(
                            person, command, channel=channel, options={**options, "game": number}
                        )
                        await reply.wait_for_content()
                        return reply

                    what = f"{command} game:{game_id} by {who}"
                    problems += await same_as_missing(bot, ask, game_id, what)
        # chloe is seated in #3 only: from a DM, #1 and #2 are out of her reach.
        for command, options in BY_NUMBER:
            for game_id in (1, 2):

                async def ask_chloe(
                    number: int, command: str = command, options: dict[str, Any] = options
                ) -> Reply:
                    reply = await fake.invoke(
                        chloe, command, channel=dm(fake, chloe), options={**options, "game": number}
                    )
                    await reply.wait_for_content()
                    return reply

                what = f"{command} game:{game_id} by chloe (unseated) from a DM"
                problems += await same_as_missing(bot, ask_chloe, game_id, what)
        assert not problems, f"{len(problems)} reached a game:\n" + "\n".join(problems)


async def test_a_seated_player_reaches_their_own_game_from_a_dm(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """From a DM, alice (seated in #1 and #2) sees her board, her hand, the history, turns on
    notifications and resigns — each answered as in the game's server."""
    fake = fake_discord
    async with bot_runner() as bot:
        await set_table(fake)
        alice = fake.user("alice")
        here = dm(fake, alice)
        board = await fake.invoke(alice, "/fish board", game=1, channel=here)
        await board.wait_for_content()
        assert [m for m in board.messages if m.attachments], board.content
        hand = await fake.invoke(alice, "/ultimatum hand", game=2, channel=here)
        await hand.wait_for_content()
        assert hand.ephemeral and "#2" in hand.content, hand.content
        _, game, _ = await who_moves(bot, fake, 2)
        assert isinstance(game, UltimatumGame)
        record = await bot.store.get_game(2)
        seat = record.seat_of(alice.id)
        assert seat is not None
        names = [card_name(language_of(alice.locale), card) for card in game.hand(seat)]
        assert all(name in hand.content for name in names), hand.content
        history = await fake.invoke(alice, "/game history", game=1, channel=here)
        await history.wait_for_content()
        missing = await fake.invoke(alice, "/game history", game=MISSING, channel=here)
        assert not same_answer(history, missing, 1, MISSING), history.content
        notify = await fake.invoke(alice, "/game notify", setting="on", channel=here)
        assert notify.ephemeral and (await bot.store.user_settings(alice.id)).notify_dm
        resigned = await resign_for_good(fake, alice, game=1, channel=here)
        assert resigned.ephemeral, resigned.content
        record = await bot.store.get_game(1)
        log = [a.text for a in await bot.store.action_log(1)]
        assert log[-1:] == [f"resign {record.seat_of(alice.id)}"], log


Actor = tuple[str, User, Channel]


def actors(fake: FakeDiscord, table: Table, thread: Channel, mover: User) -> list[Actor]:
    """Everyone who may try, where they would try from."""
    seated = next(fake.user(n) for n in ("alice", "bruno") if fake.user(n).id != mover.id)
    return [
        ("seated out of turn", seated, thread),
        ("unseated member", fake.user("chloe"), thread),
        ("moderator", fake.user("mia"), thread),
        ("member of another server", table.olga, fake.channel("floes", guild=table.other)),
        ("on no server, from a DM", table.nemo, dm(fake, table.nemo)),
        ("seated out of turn, from a DM", seated, dm(fake, seated)),
    ]


async def try_command(
    bot: PenguinBot,
    fake: FakeDiscord,
    actor: Actor,
    command: str,
    options: dict[str, Any],
    game_id: int,
) -> str | None:
    """One refused try: None if it was refused with nothing changed, else what went wrong."""
    role, person, channel = actor
    before = await all_games(bot)
    named = {**options, "game": game_id}
    reply = await fake.invoke(person, command, channel=channel, options=named)
    await reply.wait_for_content()
    await settle(bot)
    after = await all_games(bot)
    if after != before:
        return f"{command} {named} by the {role}: {changes(before, after)}"
    if not reply.ephemeral:
        return f"{command} {named} by the {role}: a public answer {reply.content!r}"
    if role in (
        "member of another server",
        "on no server, from a DM",
    ):
        missing = await fake.invoke(
            person, command, channel=channel, options={**options, "game": MISSING}
        )
        if not same_answer(reply, missing, game_id, MISSING):
            return (
                f"{command} {named} by the {role}: {reply.content!r}, not the answer for a "
                f"game that does not exist ({missing.content!r})"
            )
    return None


async def test_only_the_player_to_move_acts_by_command(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Each rule command, with the very action the player to move could take, by everyone else
    (out of turn, unseated, moderator, another server, a DM): refused, nothing changes. Then
    the player to move takes it."""
    fake = fake_discord
    async with bot_runner() as bot:
        table = await set_table(fake)
        problems: list[str] = []

        _, fish, mover = await who_moves(bot, fake, 1)
        floe = fish.legal_actions()[0]
        for actor in actors(fake, table, table.fish, mover):
            problem = await try_command(bot, fake, actor, "/fish place", {"floe": floe}, 1)
            problems += [problem] if problem else []
            problem = await try_command(
                bot, fake, actor, "/fish move", {"penguin": floe, "to": "A1"}, 1
            )
            problems += [problem] if problem else []
        placed = await fake.invoke(mover, "/fish place", floe=floe, channel=table.fish)
        assert is_done(mover, placed), placed.content

        _, ultimatum, mover = await who_moves(bot, fake, 2)
        assert isinstance(ultimatum, UltimatumGame)
        _, card, cell = ultimatum.legal_actions()[0].split()[:3]
        tries: list[tuple[str, dict[str, Any]]] = [
            ("/ultimatum play", {"card": card, "cell": cell}),
            ("/ultimatum invite", {"to": cell}),
            ("/ultimatum skip", {}),
            ("/ultimatum perform", {"cell": cell}),
            ("/ultimatum entertainer", {"cell": cell}),
        ]
        for actor in actors(fake, table, table.ultimatum, mover):
            for command, options in tries:
                problem = await try_command(bot, fake, actor, command, options, 2)
                problems += [problem] if problem else []
        played = await fake.invoke(
            mover, "/ultimatum play", card=card, cell=cell, channel=table.ultimatum
        )
        assert played.ephemeral, played.content
        assert (await all_games(bot))[2].log[-1][1].startswith(f"play {card} {cell}")
        for actor in actors(fake, table, table.ultimatum, mover):
            problem = await try_command(bot, fake, actor, "/ultimatum skip", {}, 2)
            problems += [problem] if problem else []
        assert not problems, f"{len(problems)} tries were not refused:\n" + "\n".join(problems)


async def step_by_everyone(
    bot: PenguinBot,
    fake: FakeDiscord,
    table: Table,
    where: tuple[int, Channel],
    step: Step,
    logged: str,
) -> list[str]:
    """Everyone but the player to move tries ``step`` in game ``where``: each refused with
    nothing changed. Then the player to move takes it: answered only to them, and the log
    gains ``logged`` as their seat's. Returns the problems found."""
    game_id, thread = where
    command, options = step
    record, _, mover = await who_moves(bot, fake, game_id)
    problems = []
    for actor in actors(fake, table, thread, mover):
        problem = await try_command(bot, fake, actor, command, options, game_id)
        problems += [problem] if problem else []
    before = await all_games(bot)
    reply = await fake.invoke(mover, command, channel=thread, options={**options, "game": game_id})
    await reply.wait_for_content()
    await settle(bot)
    after = await all_games(bot)
    added = after[game_id].log[len(before[game_id].log) :]
    seat = record.seat_of(mover.id)
    if not reply.ephemeral or added[:1] != ((seat, logged),):
        problems.append(
            f"{command} {options} by the player to move (seat {seat}): answered "
            f"{reply.content!r} (ephemeral: {reply.ephemeral}), logged {list(added)}"
        )
    return problems


async def test_every_step_of_a_turn_is_the_player_to_moves_alone(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Past the first step, in pinned positions where each step is the mover's: /fish move in
    the hunt (F-7), /ultimatum invite and skip (U-14), perform with two shows due (U-16) and
    entertainer (U-21). The player out of turn (in the thread and from a DM), an unseated
    member, a moderator, another server's member and someone on no server each try the very
    action first: refused, nothing of any game changes. Then the player to move takes it and
    the log holds it as their seat's."""
    fake = fake_discord
    async with bot_runner() as bot:
        table = await set_table(fake)
        problems: list[str] = []

        fish = await open_pinned(bot, fake, "fish", {"floes": LAST_ON_ICE})
        await place_penguins(bot, fake, *fish, stranded=1)
        move = ("/fish move", {"penguin": "D4", "to": "D5"})
        problems += await step_by_everyone(bot, fake, table, fish, move, "D4-D5")

        ultimatum = await open_pinned(bot, fake, "ultimatum", {"deal": TWIN_SHOWS})
        play_c4, invite_c4, play_g3, skip, play_e4, invite_e4 = TWIN_TURNS
        await take(bot, fake, *ultimatum, play_c4)
        problems += await step_by_everyone(
            bot, fake, table, ultimatum, invite_c4, "invite supply C4"
        )
        await take(bot, fake, *ultimatum, play_g3)
        problems += await step_by_everyone(bot, fake, table, ultimatum, skip, "skip")
        await take(bot, fake, *ultimatum, play_e4)
        await take(bot, fake, *ultimatum, invite_e4)
        _, game, _ = await who_moves(bot, fake, ultimatum[0])
        assert isinstance(game, UltimatumGame)
        assert game.legal_actions() == ["perform D4", "perform F4"], game.legal_actions()
        perform = ("/ultimatum perform", {"cell": "D4"})
        problems += await step_by_everyone(bot, fake, table, ultimatum, perform, "perform D4")
        entertainer = ("/ultimatum entertainer", {"cell": "E3"})
        problems += await step_by_everyone(
            bot, fake, table, ultimatum, entertainer, "entertainer E3"
        )
        assert not problems, f"{len(problems)} wrong:\n" + "\n".join(problems)


# Every button and select, by every role: tests/cogs/test_authority_buttons.py.
