"""Ratings through the stand-in: results of finished games, the final post's rating lines,
unrated and cancelled games, undo of a finished game, boards, privacy and seasons."""

from __future__ import annotations

from bot.client import PenguinBot
from bot.play import ratings as play
from bot.play.rater import stored_result
from bot.play.rebuild import rebuild, stored_ratings
from bot.play.turns import resign, truncate_log
from bot.ratings import GLOBAL, Player, Scope
from bot.ratings import rebuild as rebuild_events
from bot.store import Store
from tests.cogs.clocked import ClockedRunner, settle
from tests.cogs.conftest import BotRunner
from tests.cogs.hostile import dm
from tests.cogs.players import (
    fish_step,
    open_game,
    play_until_alone_on_ice,
    resign_for_good,
    said,
    who_moves,
)
from tests.fakediscord import Channel, FakeDiscord, Message, User
from tests.ratings.games import GivenRatings, person, random_results, result


async def _resigned_game(
    fake: FakeDiscord, bot: PenguinBot, game_id: int = 1, **options: object
) -> tuple[Channel, list[User], User, Message]:
    """A 2-player Fish game between alice and bruno that ends with the mover resigning."""
    _, thread, people = await open_game(fake, "fish", 2, **options)
    _, _, mover = await who_moves(bot, fake, game_id)
    mark = fake.mark()
    await resign_for_good(fake, mover, channel=thread)
    (final,) = await fake.wait_for_messages(thread, 1, after=mark)
    return thread, people, mover, final


async def _exact(store: Store) -> None:
    """The stored ratings are exactly those a rebuild from the stored results gives."""
    assert (await rebuild(store)).differing == []


async def _scope(store: Store, guild_id: int) -> Scope:
    """A server's current season."""
    return Scope(guild_id, await store.season_number(guild_id))


async def test_a_finished_game_is_rated_and_its_final_post_says_how(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        _, people, mover, final = await _resigned_game(fake, bot)
        stored = await bot.store.result_of(1)
        assert stored is not None and stored.rated and stored.kind == "fish"
        result = stored_result(stored)
        loser = next(s for s in result.seats if s.player == Player(user_id=mover.id))
        assert loser.forfeited
        assert "**Ratings**" in final.content
        for person in people:
            assert any(
                line.startswith(person.global_name or person.name) and "→" in line
                for line in final.content.splitlines()
            ), final.content
        scope = await _scope(bot.store, stored.guild_id)
        winner = next(p for p in people if p.id != mover.id)
        standings = (await stored_ratings(bot.store)).standings(scope, "fish")
        assert standings[Player(user_id=winner.id)].wins == 1
        # What the bot stored game by game is what rebuilding from the results gives.
        await _exact(bot.store)
        # The leaderboard and the profile answer with a picture.
        board = await fake.invoke(people[0], "/ratings leaderboard")
        assert board.attachments and board.attachments[0].filename.endswith(".png")
        shown = await fake.invoke(people[0], "/ratings profile", member=people[1])
        assert shown.attachments


async def test_unrated_and_cancelled_games_do_not_count(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        _, _, _, final = await _resigned_game(fake, bot, rated=False)
        assert not (await bot.store.get_game(1)).rated
        stored = await bot.store.result_of(1)
        assert stored is not None and not stored.rated
        assert "**Ratings**" not in final.content
        assert list((await stored_ratings(bot.store)).entries()) == []
        # A running game that is cancelled leaves no result.
        alice = fake.user("alice")
        await fake.invoke(alice, "/fish new", players=2, bots=1)
        thread = await fake.wait_for_thread(fake.channel("games"), after=0)
        await fake.invoke(alice, "/game cancel", channel=thread, game=2)
        assert (await bot.store.get_game(2)).status == "cancelled"
        assert await bot.store.result_of(2) is None
        assert await bot.store.rated_count() == 0


async def test_undoing_the_end_of_a_game_takes_its_result_back(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        await _resigned_game(fake, bot)
        store = bot.store
        record = await store.get_game(1)
        log = await store.action_log(1)
        reopened, _ = await truncate_log(store, 1, len(log) - 1, expected_version=record.version)
        assert reopened.status == "active"
        assert await store.result_of(1) is None
        assert list((await stored_ratings(store)).entries()) == []
        # Played to its end again, it counts once, with its new result.
        seat = reopened.to_move_seat
        assert seat is not None
        ended = await resign(store, 1, seat, expected_version=reopened.version)
        assert ended.record.status == "finished" and ended.changes
        assert await store.rated_count() == 1
        await _exact(store)
        scope = await _scope(store, reopened.guild_id)
        ratings = await stored_ratings(store)
        assert all(s.games == 1 for s in ratings.standings(scope, "fish").values())


async def test_global_board_names_only_people_who_opted_in(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        _, people, _, _ = await _resigned_game(fake, bot)
        alice, bruno = people
        guild_id = (await bot.store.get_game(1)).guild_id

        async def named(scope: str) -> set[int]:
            board = await play.board(
                bot.ratings,
                bot.store,
                guild_id=guild_id,
                user_id=alice.id,
                kind="fish",
                scope=scope,
            )
            return {r.player.user_id for r in board.page.rows if r.player and r.player.user_id}

        assert await named("server") == {alice.id, bruno.id}
        assert await named("global") == set()
        reply = await fake.invoke(alice, "/ratings privacy", setting="named")
        assert reply.ephemeral and reply.content == said(
            alice,
            "You appear by name on the boards across servers. /ratings privacy hidden hides "
            "your name there.",
        )
        assert await named("global") == {alice.id}
        page = (
            await play.board(
                bot.ratings,
                bot.store,
                guild_id=None,
                user_id=bruno.id,
                kind="fish",
                scope="global",
            )
        ).page
        assert page.scope == GLOBAL and len(page.rows) == 2
        assert sum(r.anonymous for r in page.rows) == 1
        # From a DM: the global board, and only one's own profile.
        refused = await fake.invoke(
            bruno, "/ratings profile", channel=dm(fake, bruno), member=alice
        )
        assert refused.ephemeral
        server_board = await fake.invoke(bruno, "/ratings leaderboard", channel=dm(fake, bruno))
        assert server_board.ephemeral and not server_board.attachments
        await fake.invoke(alice, "/ratings privacy", setting="hidden")
        assert await named("global") == set()


async def test_a_new_season_starts_afresh_and_keeps_the_podium(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    async with bot_runner() as bot:
        _, people, _, _ = await _resigned_game(fake, bot)
        guild_id = (await bot.store.get_game(1)).guild_id
        refused = await fake.invoke(people[0], "/ratings season")
        assert refused.ephemeral and refused.content == said(
            people[0], "Only someone with Manage Server can start a new season."
        )
        mia = fake.user("mia")
        started = await fake.invoke(mia, "/ratings season")
        assert not started.ephemeral and "Season 1" in started.content
        ratings = await stored_ratings(bot.store)
        assert await bot.store.season_number(guild_id) == 2
        assert ratings.standings(Scope(guild_id, 2), "fish") == {}
        assert len(ratings.standings(Scope(guild_id, 1), "fish")) == 2, "the final rows stay"
        assert len(ratings.standings(GLOBAL, "fish")) == 2
        past = await fake.invoke(people[1], "/ratings seasons")
        assert "1." in past.content
        await _exact(bot.store)


async def test_an_approved_undo_of_a_finished_game_takes_its_rating_back(
    fake_discord: FakeDiscord, clocked_bot: ClockedRunner
) -> None:
    """/game undo after the end, approved by the other player: the game runs again, its result
    and rating changes are gone; played to its end again, it counts once."""
    fake = fake_discord
    async with clocked_bot() as bot:
        _, thread, people = await open_game(fake, "fish", 2)

        async def play_to_the_end() -> None:
            while (await bot.store.get_game(1)).status != "finished":
                _, game, user = await who_moves(bot, fake, 1)
                await fish_step(fake, user, thread, game.phase)
            await settle(bot)

        await play_to_the_end()
        assert await bot.store.result_of(1) is not None
        assert list((await stored_ratings(bot.store)).entries())
        asker, other = people
        ask = await fake.invoke(asker, "/game undo", channel=thread)
        await fake.click(other, ask.message, label="Approve undo")
        await fake.wait_until(lambda: not ask.message.buttons, what="the undo to be carried out")
        assert (await bot.store.get_game(1)).status == "active"
        assert await bot.store.result_of(1) is None
        assert list((await stored_ratings(bot.store)).entries()) == []
        await play_to_the_end()
        assert await bot.store.rated_count() == 1
        ratings = await stored_ratings(bot.store)
        assert all(s.games == 1 for s in ratings.standings(GLOBAL, "fish").values())
        await _exact(bot.store)


async def test_a_game_ended_by_finish_for_me_is_rated_like_any_other(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """F-13: the last player on the ice lets the computer finish; the move that ends the game
    tells the rating changes in the final post and the bot's ratings count the result."""
    fake = fake_discord
    async with bot_runner(ai_budget=0.05) as bot:
        game_id, thread, people, user = await play_until_alone_on_ice(bot, fake)
        await settle(bot)
        done = await fake.click(user, fake.history(thread)[-1], label="Finish for me")
        await done.wait_for_content(timeout=30)
        assert (await bot.store.get_game(game_id)).status == "finished"
        await settle(bot)
        final = fake.history(thread)[-1].content
        assert "Final ranking" in final and "**Ratings**" in final, final
        for person in people:
            assert any(
                line.startswith(person.global_name or person.name) and "→" in line
                for line in final.splitlines()
            ), final
        ratings = await stored_ratings(bot.store)
        scope = await _scope(bot.store, (await bot.store.get_game(game_id)).guild_id)
        assert ratings.standing(scope, "fish", Player(user_id=user.id)) is not None
        await _exact(bot.store)


async def test_an_undo_is_refused_once_a_player_has_finished_another_rated_game(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Two games of alice and bruno, one after the other: the first one's end can no longer be
    taken back (the refusal says why, in the reader's language), the second one's still can."""
    fake = fake_discord
    async with bot_runner() as bot:
        first, people, _, _ = await _resigned_game(fake, bot)
        await _resigned_game(fake, bot, 2)
        stored = await stored_ratings(bot.store)
        people[0].locale = "de"
        refused = await fake.invoke(people[0], "/game undo", channel=first)
        assert refused.ephemeral and refused.content == said(
            people[0],
            "The end of game #{id} can't be taken back any more: one of its players has finished "
            "another rated game of this kind since, and its rating builds on this one.",
            id=1,
        )
        assert refused.content.startswith("Das Ende von Partie #1")
        assert (await bot.store.get_game(1)).status == "finished"
        assert await stored_ratings(bot.store) == stored
        assert await bot.store.rated_since(2) is None


async def test_the_leaderboard_says_which_board_and_the_askers_place_and_ranks_people_only(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The board's post says in words which board it is and where the asker stands; a
    computer level that beat a person ranks apart (it would push people down): the people's
    board counts the two people, and the level's rating is told beside it."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, people, _, _ = await _resigned_game(fake, bot)
        alice = people[0]
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=3)
        await resign_for_good(fake, alice, game=2)
        await settle(bot)
        assert await bot.store.rated_count() == 2
        board = await fake.invoke(alice, "/ratings leaderboard")
        assert not board.ephemeral and board.attachments
        lines = board.content.splitlines()
        assert lines[0] == (
            "**Hey, That's My Fish!**, leaderboard · This server · season 1: people ranked by "
            "rating, best first."
        )
        assert lines[1].startswith(f"{alice.global_name or alice.name}: place ")
        assert lines[1].split(" of ")[1].startswith("2, rating ")
        assert lines[2].startswith("Computer players are rated apart: Penguin Bot (hard) ")
        shown = await play.board(
            bot.ratings,
            bot.store,
            guild_id=(await bot.store.get_game(1)).guild_id,
            user_id=alice.id,
            kind="fish",
            scope="server",
        )
        assert [r.player for r in shown.page.rows if r.player and not r.player.is_person] == []
        assert [r.position for r in shown.page.rows] == sorted(r.position for r in shown.page.rows)
        assert shown.page.rows[0].position == 1
        newcomer = await fake.invoke(fake.user("mia"), "/ratings leaderboard", kind="ultimatum")
        assert "is not on this board yet" in newcomer.content.splitlines()[1]


async def test_a_newcomers_profile_is_told_privately_in_words(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A profile without a finished game is no public picture: the asker alone is told, in
    their language; a profile with games is the picture with a line saying whose it is."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, people, _, _ = await _resigned_game(fake, bot)
        mia, chloe = fake.user("mia"), fake.user("chloe")
        mine = await fake.invoke(mia, "/ratings profile")
        assert mine.ephemeral and not mine.attachments
        assert mine.content == said(
            mia,
            "You have no finished games on this server yet. Start one with /fish new or "
            "/ultimatum new.",
        )
        chloe.locale = "de"
        theirs = await fake.invoke(chloe, "/ratings profile", member=mia)
        assert theirs.ephemeral and not theirs.attachments
        assert theirs.content == said(
            chloe,
            "{name} has no finished games on this server yet.",
            name=mia.global_name or mia.name,
        )
        assert theirs.content.endswith("noch keine beendete Partie.")
        shown = await fake.invoke(mia, "/ratings profile", member=people[0])
        assert not shown.ephemeral and shown.attachments
        assert shown.content.startswith(f"Profile of {people[0].global_name or people[0].name} · ")


async def test_leaderboard_pages_turn_with_previous_and_next(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A board of more than ten people carries Previous and Next (custom_id
    ``penguins-page:board:<kind>.<scope>:<page>``); a click on the public board leaves it as
    posted and answers the clicker with that page, its picture and their own place."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, people, _, _ = await _resigned_game(fake, bot)
        guild_id = (await bot.store.get_game(1)).guild_id
        ratings = rebuild_events(random_results(120, seed=3, people=25, guilds=(guild_id,)))
        alice = people[0]
        ratings.apply(
            result("alice", [1, 2], [Player(user_id=alice.id), person(1)], guild=guild_id)
        )
        await bot.store.replace_ratings(GivenRatings(ratings))
        board = await fake.invoke(alice, "/ratings leaderboard", page=1)
        assert board.message is not None and not board.ephemeral
        previous, following = board.message.buttons
        assert previous["custom_id"] == "penguins-page:board:fish.server:0"
        assert (
            previous.get("disabled")
            and following["custom_id"] == "penguins-page:board:fish.server:2"
        )
        first = board.attachments[0].data
        bruno = people[1]
        turned = await fake.click(bruno, board.message, label="Next ▶")
        await turned.wait_for_content()
        assert turned.ephemeral and turned.message is not board.message
        assert turned.attachments and turned.attachments[0].data != first
        assert turned.content.splitlines()[1].startswith(f"{bruno.global_name or bruno.name}")
        assert board.attachments[0].data == first  # the public board stays as posted
        assert [b["custom_id"] for b in turned.message.buttons] == [
            "penguins-page:board:fish.server:1",
            "penguins-page:board:fish.server:3",
        ]
        again = await fake.click(bruno, turned.message, label=said(bruno, "◀ Previous"))
        assert again.kind in ("update", "deferred_update")
        await fake.wait_until(
            lambda: bool(turned.attachments) and turned.attachments[0].data == first,
            what="the clicker's page to turn back in place",
        )
