"""U-21 by clicks: laying the new entertainer is no blind choice. One menu lays it upright,
one turned, each cell naming the empty cells the entertainer would then wait for (U-2, U-15);
the picture draws the card both ways; the last entertainer is announced before and after it is
laid (U-24); and /game history tells the turns in words, one line each. (The picture that
draws the card both ways: tests/render/test_entertainer_to_lay.py.)"""

from __future__ import annotations

from typing import Any

from bot.games.ultimatum.cards import dots
from bot.games.ultimatum.table import STEPS, cell_name, parse_cell
from bot.i18n import DEFAULT, language_of, t
from bot.texts.ultimatum import card_name
from tests.cogs.clicker import act, answered, step_of
from tests.cogs.conftest import BotRunner
from tests.cogs.players import said, settle, who_moves
from tests.cogs.test_authority import TWIN_SHOWS, TWIN_TURNS, open_pinned
from tests.cogs.ultimatum.turns import game_now, open_turn
from tests.fakediscord import FakeDiscord, Message, User

#: The twin deal with two entertainers in the deck: both shows of turn 3 each need one, so the
#: second to be laid is the last.
DEAL: dict[str, Any] = {**TWIN_SHOWS, "entertainer_deck": ["seal-music", "kangaroo-dance"]}


def waiting(table: dict[str, str], entertainer: str, cell: str, turned: bool) -> list[str]:
    """The empty cells on a 9 × 9 iceberg the entertainer's dots point at (U-2, U-15)."""
    col, row = parse_cell(cell)
    found = []
    for direction in dots(entertainer, turned):
        c, r = col + STEPS[direction][0], row + STEPS[direction][1]
        if 0 <= c < 9 and 0 <= r < 9 and cell_name(c, r) not in table:
            found.append(cell_name(c, r))
    return found


def check_menus(user: User, message: Message, table: dict[str, str], entertainer: str) -> None:
    """Upright and turned in menus of their own; each option says what it would wait for."""
    placeholders = [str(m["placeholder"]) for m in message.selects]
    assert placeholders == [said(user, "Lay it upright"), said(user, "Lay it turned")]
    for menu, turned in zip(message.selects, (False, True), strict=True):
        for option in menu["options"]:
            cell = str(option["value"]).removesuffix("~t")
            assert str(option["value"]).endswith("~t") == turned
            cells = waiting(table, entertainer, cell, turned)
            assert cells, "an entertainer never lies where it would perform at once"
            what = said(user, "waits for {cells}", cells=", ".join(sorted(cells, key=_order)))
            assert option["label"] == f"{cell} · {what}"


async def first_of(
    fake: FakeDiscord, user: User, message: Message, menu: int
) -> tuple[dict[str, Any], Message]:
    """Choose the first option of one of a step's menus: the option, and the answer."""
    select = message.selects[menu]
    option = select["options"][0]
    reply = await act(
        fake, user, message, ("select", str(select["custom_id"]), str(option["value"]))
    )
    return option, answered(reply)


def _order(cell: str) -> tuple[int, str]:
    return int(cell[1:]), cell[0]


async def test_laying_an_entertainer_names_what_each_way_waits_for(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        game_id, thread = await open_pinned(bot, fake, "ultimatum", {"deal": DEAL})
        for command, options in TWIN_TURNS:
            _, _, mover = await who_moves(bot, fake, game_id)
            reply = await fake.invoke(mover, command, channel=thread, options=options)
            await reply.wait_for_content()
        await settle(bot)
        _, game, user = await who_moves(bot, fake, game_id)
        assert game.phase == "perform"
        lang = language_of(user.locale)
        message = await open_turn(fake, user, thread)
        shown, message = await first_of(fake, user, message, 0)
        first = str(shown["value"])

        # The first entertainer: two left in the deck, so no warning yet.
        game = await game_now(bot, game_id)
        assert game.phase == "entertainer" and step_of(message) == "ent"
        top = "seal-music"
        assert said(
            user, "Where does the new entertainer, {card}, go?", card=card_name(lang, top)
        ) in (message.content)
        last = said(user, "It is the last entertainer: the next show ends the game.")
        assert last not in message.content
        check_menus(user, message, dict(game.table), top)
        turned, message = await first_of(fake, user, message, 1)
        name = user.global_name or user.name
        cell = str(turned["value"]).removesuffix("~t")
        assert (
            said(
                user,
                "{who} laid the {card} on {cell}, turned.",
                who=name,
                card=card_name(lang, top),
                cell=cell,
            )
            in message.content
        )
        ended = said(user, "That was the last entertainer: the next show ends the game.")
        assert ended not in message.content

        # The second show has run: its entertainer is the last one.
        game = await game_now(bot, game_id)
        assert game.phase == "entertainer" and step_of(message) == "ent"
        assert last in message.content
        check_menus(user, message, dict(game.table), "kangaroo-dance")
        _, done = await first_of(fake, user, message, 0)
        assert ended in done.content
        await settle(bot)
        # Everyone at the table is told too, in the thread's post of that turn.
        public = t(DEFAULT, "That was the last entertainer: the next show ends the game.")
        assert [m for m in fake.history(thread) if public in m.content]

        spectator = fake.user("mia")
        history = await fake.invoke(spectator, "/game history", game=game_id, channel=thread)
        log = await bot.store.action_log(game_id)
        assert history.ephemeral
        lines = history.content.splitlines()[1:]
        assert len(lines) == 3, lines  # three turns, however many steps each took
        assert not any(text in history.content for text in (a.text for a in log) if " " in text)
        third = lines[2]
        assert third.startswith(
            f"3. {name} lays the brown 3 (acrobatics) on E4, puts a stone on E4, "
        )
        assert f"lets the show on {first} go first, " in third
        assert (
            f"lays the new entertainer on {cell}, turned and lays the new entertainer on " in third
        )
