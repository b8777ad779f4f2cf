"""The authority matrix for clicks: every button and select the bot posts, tried by
the player to move, a seated player out of turn, an unseated member, a moderator (Manage
Server), a member of another server and someone on none of the bot's servers (in a DM).

Each try is allowed or refused as README's "Who may do what" states, and the whole store (every
game's record, snapshot, log, followers and undo request) is read before and after: a refused
click changes nothing, an allowed one changes its game. A click the stand-in refuses (a message
of a server the person is not on, someone else's ephemeral message) is a refusal too — Discord
never delivers it. In a lobby the creator stands where the player to move stands in a game.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from bot.client import PenguinBot
from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import all_games, changes, dm
from tests.cogs.players import settle, who_moves
from tests.cogs.test_authority import (
    LAST_ON_ICE,
    TWIN_SHOWS,
    TWIN_TURNS,
    Table,
    open_pinned,
    place_penguins,
    set_table,
    take,
)
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User

ROLES = (
    "to move",
    "seated out of turn",
    "unseated member",
    "moderator",
    "member of another server",
    "on no server, from a DM",
)
#: Every kind of component the bot posts (bot/ui/buttons.py, bot/ui/choices.py).
KINDS = {
    "join",
    "leave",
    "start",
    "computer",
    "cancel",
    "move",
    "hand",
    "skip",
    "choose",
    "perform",
    "finish",
    "approve",
    "refuse",
    "resign",
    "rematch",
    "replay",
}


#: What the stand-in says when Discord would not deliver a click at all.
UNDELIVERED = ("cannot see", "not a member", "0 buttons match", "0 select menus match")


def kind_of(custom_id: str) -> str:
    """The kind of a component, from its custom_id."""
    if custom_id.startswith(("pc:", "ps:")):
        return "choose"
    return custom_id.split(":")[1]


@dataclass
class Matrix:
    """The tries so far and what went wrong."""

    fake: FakeDiscord
    bot: PenguinBot
    table: Table
    tried: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    problems: list[str] = field(default_factory=list)

    def people(self, mover: User, seated: User | None) -> dict[str, tuple[User, Channel | None]]:
        """Who plays each role (and, for the DM user, that they act from a DM)."""
        fake = self.fake
        cast: dict[str, tuple[User, Channel | None]] = {
            "to move": (mover, None),
            "unseated member": (fake.user("chloe"), None),
            "moderator": (fake.user("mia"), None),
            "member of another server": (self.table.olga, None),
            "on no server, from a DM": (self.table.nemo, dm(fake, self.table.nemo)),
        }
        if seated is not None:
            cast["seated out of turn"] = (seated, None)
        return cast

    async def click(
        self, role: str, person: User, message: Message, custom_id: str, *, allowed: bool
    ) -> Reply | None:
        """One try, judged: None when the stand-in would not deliver it."""
        kind = kind_of(custom_id)
        self.tried[kind].add(role)
        before = await all_games(self.bot)
        what = f"{kind} ({custom_id}) by the {role} ({person.name})"
        try:
            select = next((s for s in message.selects if s.get("custom_id") == custom_id), None)
            if select is not None:
                value = select["options"][0]["value"]
                reply = await self.fake.select(person, message, [value], custom_id=custom_id)
            else:
                reply = await self.fake.click(person, message, custom_id=custom_id)
        except AssertionError as error:
            # Not delivered: a message the person cannot see, or a component no longer on it.
            if not any(why in str(error) for why in UNDELIVERED):
                raise
            if allowed:
                self.problems.append(f"{what}: not delivered ({error})")
            return None
        if reply.kind == "deferred":
            await reply.wait_for_content(timeout=30)
        await settle(self.bot)
        after = await all_games(self.bot)
        if allowed and after == before:
            self.problems.append(f"{what}: allowed, but nothing changed ({reply.content!r})")
        if not allowed and after != before:
            self.problems.append(f"{what}: refused, but {changes(before, after)}")
        if not allowed and reply.kind == "message" and not reply.ephemeral and after != before:
            self.problems.append(f"{what}: a public answer {reply.content!r}")
        return reply

    async def refused_by_all_but(
        self,
        message: Message,
        custom_id: str,
        cast: dict[str, tuple[User, Channel | None]],
        allowed: set[str],
    ) -> None:
        """Every role not in ``allowed`` tries the component; nothing may change."""
        for role, (person, _) in cast.items():
            if role not in allowed:
                await self.click(role, person, message, custom_id, allowed=False)


def component(message: Message, kind: str) -> str:
    """The custom_id of the one component of ``kind`` on ``message``."""
    items = [*message.buttons, *message.selects]
    (found,) = [
        str(i["custom_id"]) for i in items if kind_of(str(i.get("custom_id", "x:x"))) == kind
    ]
    return found


def game_of(custom_id: str) -> int:
    """The game a component acts on, from its custom_id."""
    return int(custom_id.split(":")[1 if custom_id.startswith(("pc:", "ps:")) else 2])


def newest(fake: FakeDiscord, person: User, kind: str, game_id: int) -> Message:
    """The newest message (an ephemeral one of ``person`` included) with a ``kind`` component
    of game ``game_id``."""
    found = [
        m
        for m in fake.world.messages.values()
        if not m.deleted
        and (not m.ephemeral or m.ephemeral_for == person.id)
        and any(
            kind_of(str(i.get("custom_id", "x:x"))) == kind
            and game_of(str(i["custom_id"])) == game_id
            for i in [*m.buttons, *m.selects]
        )
    ]
    assert found, f"no message with a {kind} component for {person.name}"
    return max(found, key=lambda m: m.id)


async def lobby_clicks(matrix: Matrix) -> None:
    """Join, Leave, Start, Add computer, Cancel on chloe's lobbies."""
    fake, table = matrix.fake, matrix.table
    chloe, bruno, mia = fake.user("chloe"), fake.user("bruno"), fake.user("mia")
    lobby = table.lobby
    # chloe, the creator, alone: she stands where the player to move stands.
    cast = matrix.people(chloe, None)
    cast["unseated member"] = (bruno, None)
    ids = {
        kind: component(lobby, kind) for kind in ("join", "leave", "start", "computer", "cancel")
    }
    await matrix.refused_by_all_but(lobby, ids["join"], cast, {"unseated member", "moderator"})
    await matrix.refused_by_all_but(lobby, ids["leave"], cast, {"to move"})
    await matrix.refused_by_all_but(lobby, ids["start"], cast, {"to move"})
    await matrix.refused_by_all_but(lobby, ids["computer"], cast, {"to move"})
    await matrix.refused_by_all_but(lobby, ids["cancel"], cast, {"to move", "moderator"})
    await matrix.click("unseated member", bruno, lobby, ids["join"], allowed=True)
    # bruno is seated now, not the creator.
    cast = matrix.people(chloe, bruno)
    for kind in ("join", "start", "computer", "cancel"):
        await matrix.click("seated out of turn", bruno, lobby, ids[kind], allowed=False)
    await matrix.click("seated out of turn", bruno, lobby, ids["leave"], allowed=True)
    await matrix.click("moderator", mia, lobby, ids["join"], allowed=True)
    await matrix.click("to move", chloe, lobby, ids["start"], allowed=True)
    # Fresh lobbies: the creator seats a computer player, the moderator cancels; the creator
    # leaves her own lobby, and cancels another.
    second = await open_lobby(fake, chloe)
    await matrix.click("to move", chloe, second, component(second, "computer"), allowed=True)
    await matrix.click("moderator", mia, second, component(second, "cancel"), allowed=True)
    third = await open_lobby(fake, chloe)
    await matrix.click("to move", chloe, third, component(third, "cancel"), allowed=True)
    fourth = await open_lobby(fake, chloe)
    await matrix.click("to move", chloe, fourth, component(fourth, "leave"), allowed=True)


async def open_lobby(fake: FakeDiscord, creator: User) -> Message:
    """A new Fish lobby for three, its creator seated."""
    reply = await fake.invoke(creator, "/fish new", players=3)
    assert reply.message is not None and not reply.ephemeral, reply.content
    return reply.message


async def fish_clicks(matrix: Matrix) -> None:
    """Your move and its choices, the undo request's Approve and Refuse, the resignation's
    confirming click, and the final post's Replay and Rematch, in game #1."""
    fake, bot, table = matrix.fake, matrix.bot, matrix.table
    _, _, mover = await who_moves(bot, fake, 1)
    other = next(fake.user(n) for n in ("alice", "bruno") if fake.user(n).id != mover.id)
    cast = matrix.people(mover, other)
    post = newest(fake, mover, "move", 1)
    for role, (person, _) in cast.items():
        await matrix.click(role, person, post, component(post, "move"), allowed=False)
    # The mover's choices (ephemeral): nobody else can click them; the mover plays by them.
    choices = newest(fake, mover, "choose", 1)
    first_choice = str([*choices.buttons, *choices.selects][0]["custom_id"])
    await matrix.refused_by_all_but(choices, first_choice, cast, {"to move"})
    await play_by_clicks(matrix, mover, choices, 1)
    # The mover's choices are stale now that the other player moves: a late click is refused.
    await matrix.click("seated out of turn", mover, choices, first_choice, allowed=False)
    # An undo request by the player who just moved: only the other seated player answers.
    _, _, now_moving = await who_moves(bot, fake, 1)
    for answer in ("refuse", "approve"):
        asked = await fake.invoke(mover, "/game undo", game=1, channel=table.fish)
        assert asked.message is not None and not asked.ephemeral, asked.content
        await settle(bot)
        request = asked.message
        cast = matrix.people(now_moving, None)
        cast["seated out of turn"] = (mover, None)  # the asker may not answer their own request
        for kind in ("approve", "refuse"):
            await matrix.refused_by_all_but(request, component(request, kind), cast, {"to move"})
        await matrix.click("to move", now_moving, request, component(request, answer), allowed=True)
    # Resigning is confirmed by a click on the asker's own ephemeral button.
    _, _, mover = await who_moves(bot, fake, 1)
    quitter = next(fake.user(n) for n in ("alice", "bruno") if fake.user(n).id != mover.id)
    cast = matrix.people(mover, quitter)
    asked = await fake.invoke(quitter, "/game resign", game=1, channel=table.fish)
    assert asked.message is not None, asked.content
    confirm = component(asked.message, "resign")
    await matrix.refused_by_all_but(asked.message, confirm, cast, {"seated out of turn"})
    await matrix.click("seated out of turn", quitter, asked.message, confirm, allowed=True)
    # The final post: Replay changes no game; Rematch is the players' (and opens a new one).
    final = newest(fake, mover, "rematch", 1)
    for role, (person, _) in cast.items():
        await matrix.click(role, person, final, component(final, "replay"), allowed=False)
    cast = matrix.people(mover, quitter)
    await matrix.refused_by_all_but(
        final, component(final, "rematch"), cast, {"to move", "seated out of turn"}
    )
    await matrix.click("to move", mover, final, component(final, "rematch"), allowed=True)
    # Once: the other player's click opens no second rematch.
    await matrix.click(
        "seated out of turn", quitter, final, component(final, "rematch"), allowed=False
    )


async def play_by_clicks(matrix: Matrix, mover: User, choices: Message, game_id: int) -> None:
    """The mover clicks the first offer of each step until their turn is played."""
    message = choices
    for _ in range(4):
        before = len((await all_games(matrix.bot))[game_id].log)
        custom_id = str([*message.buttons, *message.selects][0]["custom_id"])
        matrix.tried["choose"].add("to move")
        select = next((s for s in message.selects if s.get("custom_id") == custom_id), None)
        if select is not None:
            value = select["options"][0]["value"]
            await matrix.fake.select(mover, message, [value], custom_id=custom_id)
        else:
            await matrix.fake.click(mover, message, custom_id=custom_id)
        await settle(matrix.bot)
        if len((await all_games(matrix.bot))[game_id].log) > before:
            return
        message = newest(matrix.fake, mover, "choose", game_id)
    matrix.problems.append(f"the mover's clicks did not play a turn in game #{game_id}")


async def ultimatum_clicks(matrix: Matrix) -> None:
    """My hand, Your move and Skip invitation in game #2."""
    fake, bot, table = matrix.fake, matrix.bot, matrix.table
    _, game, mover = await who_moves(bot, fake, 2)
    other = next(fake.user(n) for n in ("alice", "bruno") if fake.user(n).id != mover.id)
    cast = matrix.people(mover, other)
    post = newest(fake, mover, "hand", 2)
    for kind in ("hand", "move"):
        for role, (person, _) in cast.items():
            await matrix.click(role, person, post, component(post, kind), allowed=False)
    # A play by command: the mover's answer offers Skip invitation (their next step).
    _, card, cell = game.legal_actions()[0].split()[:3]
    played = await fake.invoke(
        mover, "/ultimatum play", card=card, cell=cell, channel=table.ultimatum
    )
    assert played.message is not None, played.content
    skip = component(played.message, "skip")
    await matrix.refused_by_all_but(played.message, skip, cast, {"to move"})
    await matrix.click("to move", mover, played.message, skip, allowed=True)


async def perform_clicks(matrix: Matrix) -> None:
    """The show-order select (U-16, U-17) in a pinned Ultimatum game where two shows are due:
    it comes with the mover's answer to the invitation that made them due; only the mover
    chooses, and a second choice from the same select, once the show has run, is refused."""
    fake, bot = matrix.fake, matrix.bot
    game_id, thread = await open_pinned(bot, fake, "ultimatum", {"deal": TWIN_SHOWS})
    for step in TWIN_TURNS:
        answer = await take(bot, fake, game_id, thread, step)
    assert answer.message is not None, answer.content
    _, _, mover = await who_moves(bot, fake, game_id)
    other = next(fake.user(n) for n in ("alice", "bruno") if fake.user(n).id != mover.id)
    cast = matrix.people(mover, other)
    select = component(answer.message, "perform")
    await matrix.refused_by_all_but(answer.message, select, cast, {"to move"})
    await matrix.click("to move", mover, answer.message, select, allowed=True)
    log = (await all_games(bot))[game_id].log
    assert log[-1][1] == "perform D4", log
    await matrix.click("to move", mover, answer.message, select, allowed=False)


async def finish_clicks(matrix: Matrix) -> None:
    """Finish for me (F-13) in a pinned Fish game whose seat 0 is stranded on islands: out at
    its first turn of the hunt (F-11), so the other player is alone on the ice and their turn
    post offers the button. Only they may click it; it plays their moves to the end."""
    fake, bot = matrix.fake, matrix.bot
    game_id, thread = await open_pinned(bot, fake, "fish", {"floes": LAST_ON_ICE})
    await place_penguins(bot, fake, game_id, thread, stranded=0)
    _, _, mover = await who_moves(bot, fake, game_id)
    stranded = next(fake.user(n) for n in ("alice", "bruno") if fake.user(n).id != mover.id)
    cast = matrix.people(mover, stranded)
    post = newest(fake, mover, "finish", game_id)
    finish = component(post, "finish")
    await matrix.refused_by_all_but(post, finish, cast, {"to move"})
    await matrix.click("to move", mover, post, finish, allowed=True)
    record = await bot.store.get_game(game_id)
    assert record.status == "finished", record.status
    # The button stays on the old post: a click on it now the game is over changes nothing.
    await matrix.click("to move", mover, post, finish, allowed=False)


async def test_every_component_is_clicked_by_everyone_and_judged(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """See the module docstring."""
    fake = fake_discord
    # Finish for me has the strongest computer play the last player's moves: quickly, here.
    async with bot_runner(ai_budget=0.05) as bot:
        table = await set_table(fake)
        await settle(bot)
        matrix = Matrix(fake, bot, table)
        await lobby_clicks(matrix)
        await fish_clicks(matrix)
        await ultimatum_clicks(matrix)
        await perform_clicks(matrix)
        await finish_clicks(matrix)
        posted = {
            kind_of(str(i["custom_id"]))
            for m in fake.world.messages.values()
            for i in [*m.buttons, *m.selects]
            if i.get("custom_id")
        }
        untried = {k: sorted(set(ROLES) - v) for k, v in matrix.tried.items() if set(ROLES) - v}
        assert not matrix.problems, f"{len(matrix.problems)} wrong:\n" + "\n".join(matrix.problems)
        assert not untried, f"components not tried by every role: {untried}"
        assert posted <= KINDS, posted - KINDS
        # Every kind of component the bot posts was tried by every role (the show-order
        # select and Finish for me included), whatever is still on the messages at the end.
        assert set(matrix.tried) == KINDS, KINDS - set(matrix.tried)
