"""The lobby through the stand-in: /game join, leave, start, cancel and add-computer, the lobby
buttons, and each refusal as the person sees it (ephemeral, in their language)."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import said
from tests.fakediscord import FakeDiscord, Message, Reply, User

LOBBY = ["Join", "Leave", "Start", "Add computer", "Cancel game"]
#: The embed texts of a lobby's message (public posts follow the server: English here).
WAITING = (
    "Waiting for players: press Join or use /game join game:{id}. The creator may start with 2 "
    "or more."
)
ON = "The game is on! Seat order is drawn at random."


def answered(reply: Reply, user: User, msgid: str, **params: object) -> bool:
    """Whether the reply is the ephemeral refusal ``msgid`` in the person's language."""
    return reply.ephemeral and reply.content == said(user, msgid, **params)


def seats(message: Message) -> list[str]:
    """The names in the Seats field of a lobby message (empty seats left out)."""
    (field,) = [f for f in message.embeds[0]["fields"] if f["name"] == "Seats"]
    names = [line.split(". ", 1)[1] for line in field["value"].splitlines()]
    return [name for name in names if name != "—"]


def display(user: User) -> str:
    """How the bot names a person."""
    return user.global_name or user.name


async def test_a_table_full_at_once_is_posted_without_lobby_buttons(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Creator plus computer players fill every seat: the game starts at once, and its message
    says so without Join/Leave/Start/Cancel under it."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_runner(ai_budget=0.05) as bot:
        reply = await fake.invoke(alice, "/fish new", players=2, bots=1)
        assert not reply.ephemeral
        assert (await bot.store.get_game(1)).status == "active"
        assert reply.message.buttons == []
        assert reply.embeds[0]["description"] == ON
        assert sorted(seats(reply.message)) == sorted([display(alice), "Penguin Bot (medium)"])


async def test_join_leave_start_cancel_by_command_and_their_refusals(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Each seat command answers ephemerally and updates the lobby message; only the creator
    starts; only the creator or Manage Server cancels; a started or full game takes nobody;
    without the game option the game must be clear from where one types."""
    fake = fake_discord
    alice, bruno, chloe, mia = (fake.user(n) for n in ("alice", "bruno", "chloe", "mia"))
    async with bot_runner() as bot:
        lobby = (await fake.invoke(alice, "/fish new", players=3)).message
        assert lobby.labels == LOBBY

        nothing = await fake.invoke(bruno, "/game join")
        assert answered(
            nothing,
            bruno,
            "You have no game here. Start one with /fish new or /ultimatum new, or name the "
            "game with the game option.",
        )
        joined = await fake.invoke(bruno, "/game join", game=1)
        assert answered(joined, bruno, "You joined game #{id}.", id=1)
        await fake.wait_until(lambda: len(seats(lobby)) == 2, what="the lobby to show bruno")
        assert seats(lobby) == [display(alice), display(bruno)]
        again = await fake.invoke(bruno, "/game join", game=1)
        assert answered(again, bruno, "You are already in game #{game_id}.", game_id=1)

        start = await fake.invoke(bruno, "/game start", game=1)
        assert answered(
            start,
            bruno,
            "Only the creator of game #{game_id} can start it before it is full.",
            game_id=1,
        )
        cancel = await fake.invoke(bruno, "/game cancel", game=1)
        assert answered(
            cancel,
            bruno,
            "Only the creator of game #{id} or someone with Manage Server can cancel it.",
            id=1,
        )
        left = await fake.invoke(bruno, "/game leave", game=1)
        assert answered(left, bruno, "You left game #{id}.", id=1)
        await fake.wait_until(lambda: len(seats(lobby)) == 1, what="the lobby without bruno")
        gone = await fake.invoke(bruno, "/game leave", game=1)
        assert answered(gone, bruno, "You are not in game #{game_id}.", game_id=1)
        alone = await fake.invoke(alice, "/game start", game=1)
        assert answered(
            alone, alice, "Game #{game_id} needs at least 2 players to start.", game_id=1
        )

        await fake.invoke(alice, "/fish new", players=2)  # game #2, in this channel too
        several = await fake.invoke(alice, "/game start")
        assert answered(
            several,
            alice,
            "You are in several games here ({ids}): pick one with the game option.",
            ids="#1, #2",
        )

        await fake.invoke(bruno, "/game join", game=1)
        started = await fake.invoke(alice, "/game start", game=1)
        assert answered(started, alice, "Game #{id} has started.", id=1)
        assert (await bot.store.get_game(1)).status == "active"
        await fake.wait_until(lambda: not lobby.buttons, what="the lobby buttons to go")
        assert lobby.embeds[0]["description"] == ON
        late = await fake.invoke(chloe, "/game join", game=1)
        assert answered(late, chloe, "Game #{game_id} has already started.", game_id=1)
        twice = await fake.invoke(alice, "/game start", game=1)
        assert answered(twice, alice, "Game #{id} has already started.", id=1)
        stay = await fake.invoke(bruno, "/game leave", game=1)
        assert answered(stay, bruno, "Game #{id} has started: use /game resign to give up.", id=1)

        await fake.invoke(chloe, "/game join", game=2)
        full = await fake.invoke(mia, "/game join", game=2)
        assert answered(
            full, mia, "Game #{game_id} is full ({max_players} players).", game_id=2, max_players=2
        )

        third = (await fake.invoke(chloe, "/fish new", players=2)).message
        by_moderator = await fake.invoke(mia, "/game cancel", game=3)
        assert answered(by_moderator, mia, "Game #{id} was cancelled.", id=3)
        await fake.wait_until(lambda: not third.buttons, what="the cancelled lobby's buttons")
        assert third.embeds[0]["description"] == "This game was cancelled."
        over = await fake.invoke(chloe, "/game cancel", game=3)
        assert answered(over, chloe, "Game #{game_id} was cancelled.", game_id=3)


async def test_the_lobby_buttons_and_their_refusals(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Join, Leave and Start update the lobby message in place; Start and Cancel are the
    creator's; Cancel ends the lobby and tells its thread."""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    async with bot_runner() as bot:
        lobby = (await fake.invoke(alice, "/fish new", players=3)).message
        thread = await fake.wait_for_thread(fake.channel("games"))
        assert lobby.embeds[0]["description"] == WAITING.format(id=1)

        start = await fake.click(bruno, lobby, label="Start")
        assert answered(
            start,
            bruno,
            "Only the creator of game #{game_id} can start it before it is full.",
            game_id=1,
        )
        cancel = await fake.click(bruno, lobby, label="Cancel game")
        assert answered(
            cancel,
            bruno,
            "Only the creator of game #{id} or someone with Manage Server can cancel it.",
            id=1,
        )
        leave = await fake.click(bruno, lobby, label="Leave")
        assert answered(leave, bruno, "You are not in game #{game_id}.", game_id=1)
        alone = await fake.click(alice, lobby, label="Start")
        assert answered(
            alone, alice, "Game #{game_id} needs at least 2 players to start.", game_id=1
        )

        joined = await fake.click(bruno, lobby, label="Join")
        assert joined.kind == "update" and seats(lobby) == [display(alice), display(bruno)]
        left = await fake.click(bruno, lobby, label="Leave")
        assert left.kind == "update" and seats(lobby) == [display(alice)]
        await fake.click(bruno, lobby, label="Join")
        started = await fake.click(alice, lobby, label="Start")
        assert started.kind == "update" and not lobby.buttons
        assert lobby.embeds[0]["description"] == ON
        assert (await bot.store.get_game(1)).status == "active"

        second = (await fake.invoke(alice, "/fish new", players=2)).message
        thread = await fake.wait_for_thread(fake.channel("games"), after=thread.id)
        mark = fake.mark()
        ended = await fake.click(alice, second, label="Cancel game")
        assert ended.kind == "update" and not second.buttons
        assert second.embeds[0]["description"] == "This game was cancelled."
        assert (await bot.store.get_game(2)).status == "cancelled"
        (told,) = await fake.wait_for_messages(thread, 1, after=mark)
        assert "cancelled" in told.content


async def test_add_computer_by_button_and_by_command(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The creator seats computer players (Penguin Bot, by level) with the button or the
    command; the last seat filled starts the game as a person joining would; others, a full
    game and a bot without computer players are refused, each saying why."""
    fake = fake_discord
    alice, bruno, mia = fake.user("alice"), fake.user("bruno"), fake.user("mia")
    async with bot_runner(ai_budget=0.05) as bot:
        lobby = (await fake.invoke(alice, "/fish new", players=3)).message
        thread = await fake.wait_for_thread(fake.channel("games"))
        not_yours = await fake.click(bruno, lobby, label="Add computer")
        assert answered(
            not_yours, bruno, "Only the creator of game #{id} can add a computer player.", id=1
        )
        by_command = await fake.invoke(bruno, "/game add-computer", game=1)
        assert answered(
            by_command,
            bruno,
            "Only the creator of game #{id} or someone with Manage Server can add a computer "
            "player.",
            id=1,
        )
        clicked = await fake.click(alice, lobby, label="Add computer")
        assert clicked.kind == "update"
        assert seats(lobby) == [display(alice), "Penguin Bot (medium)"]
        assert lobby.labels == LOBBY, "a seat is still free"

        mark = fake.mark()
        last = await fake.invoke(alice, "/game add-computer", level=3)  # her only game here
        assert answered(
            last,
            alice,
            "{computer} took the last seat: game #{id} has started.",
            computer="Penguin Bot (hard)",
            id=1,
        )
        record = await bot.store.get_game(1)
        assert record.status == "active"
        assert sorted(s.bot_level or 0 for s in record.seats) == [0, 2, 3]
        await fake.wait_until(lambda: not lobby.buttons, what="the lobby buttons to go")
        assert lobby.embeds[0]["description"] == ON
        await fake.wait_for_messages(thread, 1, after=mark)  # the game's first post
        full = await fake.invoke(alice, "/game add-computer", game=1)
        assert answered(
            full,
            alice,
            "Game #{game_id} is full ({max_players} players).",
            game_id=1,
            max_players=3,
        )

        second = (await fake.invoke(bruno, "/fish new", players=4)).message
        moderated = await fake.invoke(mia, "/game add-computer", game=2, level=1)
        assert answered(
            moderated,
            mia,
            "{computer} took a seat in game #{id}.",
            computer="Penguin Bot (easy)",
            id=2,
        )
        await fake.invoke(bruno, "/game start", game=2)
        assert (await bot.store.get_game(2)).status == "active"
        started = await fake.invoke(bruno, "/game add-computer", game=2)
        assert answered(started, bruno, "Game #{game_id} has already started.", game_id=2)
        assert not second.buttons

        bot.computers_available = False  # as before the computer players' cog is loaded
        third = (await fake.invoke(alice, "/fish new", players=2)).message
        assert third.labels == [label for label in LOBBY if label != "Add computer"]
        unavailable = await fake.invoke(alice, "/game add-computer", game=3)
        assert answered(
            unavailable,
            alice,
            "Computer players are not available yet: invite people to play instead.",
        )
        assert len((await bot.store.get_game(3)).seats) == 1
