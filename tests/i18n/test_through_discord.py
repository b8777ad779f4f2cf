"""Languages through the stand-in, as people meet them: each person's replies in their Discord
client's language, public posts in the server's, direct messages in the person's own, and the
slash commands themselves named in German and French."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from bot import i18n
from bot.cogs.ultimatum_steps import NEXT_STEP
from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.i18n import language_of, picture_labels, t
from bot.play.games import load_game
from bot.store import lobby as lobby_store
from bot.texts import ultimatum as ultimatum_texts
from bot.texts.announce import next_step
from bot.texts.names import seat_names
from render import fish as fish_picture
from render import ultimatum as ultimatum_picture
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, is_done, said, ultimatum_step, who_moves
from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User
from tests.turns import whose_turn

Misses = set[tuple[str, str | None, Any]]


@pytest.fixture
def untranslated(monkeypatch: pytest.MonkeyPatch) -> Iterator[Misses]:
    """Every (language, context, text) the bot looked up in German or French and did not find."""
    misses: Misses = set()
    lookup = i18n._lookup

    def noting(lang: str, msgid: Any, index: int = 0, context: str | None = None) -> str | None:
        found = lookup(lang, msgid, index, context)
        if found is None and lang != i18n.DEFAULT:
            misses.add((lang, context, msgid))
        return found

    monkeypatch.setattr(i18n, "_lookup", noting)
    yield misses


def synced(fake: FakeDiscord, name: str) -> dict[str, Any]:
    """A top-level command as the bot synced it."""
    return next(c.data for c in fake.world.global_commands if c.name == name)


def option(command: dict[str, Any], name: str) -> dict[str, Any]:
    """A subcommand or option of a synced command."""
    return next(o for o in command["options"] if o["name"] == name)


async def test_synced_commands_are_named_and_described_in_german_and_french(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Discord shows each person the commands in their language: groups, subcommands, options,
    descriptions and choice names are localized; choice values (notation) are not."""
    fake = fake_discord
    async with bot_runner():
        fish = synced(fake, "fish")
        assert fish["name_localizations"] == {"de": "packeis", "fr": "pingouins"}
        assert fish["description_localizations"] == {"de": "Packeis am Pol", "fr": "Pingouins"}
        place = option(fish, "place")
        assert place["name_localizations"] == {"de": "setzen", "fr": "placer"}
        assert place["description_localizations"]["de"] == (
            "Einen Pinguin auf eine freie Eisscholle mit 1 Fisch setzen"
        )
        assert option(place, "floe")["name_localizations"] == {"de": "scholle", "fr": "tuile"}
        level = option(option(fish, "new"), "level")
        easy = next(c for c in level["choices"] if c["value"] == 1)
        assert easy["name"] == "easy"
        assert easy["name_localizations"] == {"de": "leicht", "fr": "facile"}
        play = option(synced(fake, "ultimatum"), "play")
        assert play["name_localizations"] == {"de": "ausspielen", "fr": "jouer"}
        assert option(play, "cell")["name_localizations"] == {"de": "feld", "fr": "case"}
        settings = synced(fake, "settings")
        assert settings["name_localizations"] == {"de": "einstellungen", "fr": "réglages"}
        language = option(settings, "language")
        assert language["name_localizations"] == {"de": "sprache", "fr": "langue"}
        choices = option(language, "language")["choices"]
        assert [c["value"] for c in choices] == ["en", "de", "fr", "auto"]
        help_ = synced(fake, "help")
        assert help_["name_localizations"] == {"de": "hilfe", "fr": "aide"}
        assert option(help_, "topic")["name_localizations"] == {"de": "thema", "fr": "sujet"}
        ratings = synced(fake, "ratings")
        assert ratings["name_localizations"] == {"de": "wertung", "fr": "cotes"}
        rules = await fake.invoke(fake.user("bruno"), "/fish rules")
        assert rules.content.startswith("**Packeis am Pol** — 2 bis 4 Spieler")


def public_posts(fake: FakeDiscord, thread: Channel) -> list[Message]:
    """What everyone sees in the game's thread."""
    return fake.history(thread)


async def test_a_fish_game_answers_each_player_in_their_language(
    fake_discord: FakeDiscord, bot_runner: BotRunner, untranslated: Misses
) -> None:
    """F-5 … F-15 with bruno on a German client and chloe on a French one, on an English
    server: every answer only they see is in their language, the thread stays English, and the
    'your turn' DMs follow each one's DM language (bruno chose English; chloe's client)."""
    fake = fake_discord
    bruno, chloe = fake.user("bruno"), fake.user("chloe")
    async with bot_runner() as bot:
        chosen = await fake.invoke(bruno, "/settings dm-language", language="en")
        assert chosen.content == "Deine Direktnachrichten sind jetzt auf English."
        for person in (bruno, chloe):
            await fake.invoke(person, "/game notify", setting="on")
        lobby = await fake.invoke(bruno, "/fish new", players=2)
        assert not lobby.ephemeral and lobby.embeds[0]["title"] == "Hey, That's My Fish! — game #1"
        thread = await fake.wait_for_thread(fake.channel("games"))
        assert thread.name == "Fish #1"
        mark = fake.mark()
        await fake.click(chloe, lobby.message, label="Join")
        await fake.wait_for_messages(thread, 1, after=mark)
        refused_once = False
        for _ in range(200):
            record = await bot.store.get_game(1)
            if record.status == "finished":
                break
            record, game, user = await who_moves(bot, fake, 1)
            if not refused_once:
                waiting = chloe if user.id == bruno.id else bruno
                floe = game.legal_actions()[0]
                refused = await fake.invoke(waiting, "/fish place", floe=floe, channel=thread)
                name = user.global_name or user.name
                assert refused.content == said(
                    waiting, "It is {name}'s turn in game #{id}.", name=name, id=1
                )
                assert refused.content != t(
                    "en", "It is {name}'s turn in game #{id}.", name=name, id=1
                )
                refused_once = True
            mark = fake.mark()
            done = await fish_step(fake, user, thread, game.phase)
            assert is_done(user, done) and not done.content.startswith("Done"), done.content
            post = (await fake.wait_for_messages(thread, 1, after=mark))[0]
            assert "Partie" not in post.content and "partie" not in post.content, post.content
        assert record.status == "finished"
        assert "**Final ranking**" in public_posts(fake, thread)[-1].content
        assert "Rematch" in public_posts(fake, thread)[-1].labels
        await fake.wait_until(lambda: bool(fake.dms(bruno) and fake.dms(chloe)), what="turn DMs")
        assert all(m.content.startswith("Your turn in game #1") for m in fake.dms(bruno))
        assert all(
            m.content.startswith("C'est votre tour dans la partie #1") for m in fake.dms(chloe)
        )
    assert not untranslated, untranslated


async def test_an_ultimatum_turn_speaks_each_players_language(
    fake_discord: FakeDiscord, bot_runner: BotRunner, untranslated: Misses
) -> None:
    """U-11 … U-14, U-27: the hand (its text and its picture's words), the step replies, the
    Skip invitation button and card names come in the reader's language; the thread's posts
    and buttons in the server's."""
    fake = fake_discord
    bruno, chloe = fake.user("bruno"), fake.user("chloe")
    async with bot_runner() as bot:
        lobby = await fake.invoke(bruno, "/ultimatum new", players=2)
        thread = await fake.wait_for_thread(fake.channel("games"))
        mark = fake.mark()
        await fake.click(chloe, lobby.message, label="Join")
        start = (await fake.wait_for_messages(thread, 1, after=mark))[0]
        assert "My hand" in start.labels
        hand = await (await fake.click(chloe, start, label="My hand")).wait_for_content()
        assert hand.ephemeral and hand.content.startswith("Votre main dans la partie #1 : ")
        record, game = await load_game(bot.store, 1)
        seat = record.seat_of(chloe.id)
        assert seat is not None and game is not None
        name = seat_names(record, "fr")[seat]
        french = ultimatum_picture.hand(game.view(seat), name=name, labels=picture_labels("fr"))
        english = ultimatum_picture.hand(game.view(seat), name=name)
        assert hand.attachments[0].data == french != english
        record, game, user = await who_moves(bot, fake, 1)
        lang = "de" if user.id == bruno.id else "fr"
        laid = await ultimatum_step(fake, user, thread, "play", random.Random(1), None)
        assert laid.ephemeral
        assert laid.content.splitlines()[-1] == t(
            lang, "Next: move an invitation stone with /ultimatum invite, or skip."
        )
        assert said(user, "Skip invitation") in laid.message.labels
        assert "Skip invitation" not in laid.message.labels
        mark = fake.mark()
        skipped = await fake.click(user, laid.message, label=said(user, "Skip invitation"))
        assert skipped.ephemeral and skipped.content
        post = (await fake.wait_for_messages(thread, 1, after=mark))[0]
        assert " invited a " in post.content and "My hand" in post.labels
    assert not untranslated, untranslated


async def entertainer_hints(fake: FakeDiscord, user: User, thread: Channel) -> None:
    """U-21: every cell offered for the new entertainer says, in the player's language, which
    way it may lie and what it then waits for (U-15)."""
    offered = await fake.autocomplete(
        user, "/ultimatum entertainer", "cell", typed="", channel=thread
    )
    ways = [said(user, way, what="") for way in ("upright: {what}", "turned: {what}")]
    waits = said(user, "waits for {cells}", cells="")
    only = [said(user, way) for way in ("upright only", "turned only")]
    assert offered
    for choice in offered:
        assert choice.name.startswith(f"{choice.value} · "), choice.name
        told = choice.name.split(" · ")[1:]
        assert told and all(part.startswith(tuple(ways)) and waits in part for part in told[:1])
        assert len(told) == 2, choice.name
        assert told[1] in only or (told[1].startswith(tuple(ways)) and waits in told[1])


#: A deal on a 5 × 5 iceberg whose game (with the choices of random.Random(10)) has shows, a
#: choice between shows due at once, cards won and removed and new entertainers laid.
DEAL_SEED = 7


async def test_a_whole_ultimatum_game_speaks_each_players_language(
    fake_discord: FakeDiscord,
    bot_runner: BotRunner,
    untranslated: Misses,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """U-10 … U-27 on a 5 × 5 iceberg, bruno on a German client and chloe on a French one, on an
    English server: each step's private answer (what happened, the card drawn, what comes next,
    the Skip invitation button, the show-order select, the entertainer cells' hints, the hand)
    is in the actor's language; every post in the thread (turns, scores, whose turn, the final
    ranking) is English and carries none of the private texts."""
    fake = fake_discord
    bruno, chloe = fake.user("bruno"), fake.user("chloe")
    rng = random.Random(10)
    monkeypatch.setattr(lobby_store, "secrets", SimpleNamespace(randbits=lambda _: DEAL_SEED))
    seen: set[str] = set()
    async with bot_runner() as bot:
        lobby = await fake.invoke(bruno, "/ultimatum new", players=2, width=5, height=5)
        assert lobby.embeds[0]["title"] == "The Penguin Ultimatum — game #1"
        thread = await fake.wait_for_thread(fake.channel("games"))
        mark = fake.mark()
        await fake.click(chloe, lobby.message, label="Join")
        start = (await fake.wait_for_messages(thread, 1, after=mark))[0]
        assert start.content.startswith("Game #1 begins! Seat order: ")
        for person in (bruno, chloe):
            hand = await (await fake.click(person, start, label="My hand")).wait_for_content()
            prefix = said(person, "Your hand in game #{id}: {cards}", id=1, cards="")
            assert hand.ephemeral and hand.content.startswith(prefix.rstrip()), hand.content
        last: Reply | None = None
        steps = 0
        for _ in range(400):
            record, before, user = await who_moves(bot, fake, 1)
            assert isinstance(before, UltimatumGame)
            seat, lang = before.to_move, language_of(user.locale)
            if before.phase == "entertainer":
                await entertainer_hints(fake, user, thread)
            mark = fake.mark()
            last = await ultimatum_step(fake, user, thread, before.phase, rng, last)
            steps += 1
            record, after = await load_game(bot.store, 1)
            assert after is not None
            events = before.play(
                after.log[-1], seat=whose_turn(before)
            )  # the same step again, for its events
            seen |= {event["type"] for event in events}
            mine = ultimatum_texts.describe(lang, events, seat_names(record, lang))
            english = ultimatum_texts.describe("en", events, seat_names(record, "en"))
            lines = last.content.splitlines()
            done = t(lang, "Done in game #{id}:", id=1)
            assert last.ephemeral and lines[0] == done, last.content
            assert lines[1 : 1 + len(mine)] == mine != english, last.content
            for event in events:
                if event["type"] == "drawn" and event["seat"] == seat:
                    card = ultimatum_texts.card_name(lang, event["private"]["card"])
                    assert t(lang, "You drew a {card}.", card=card) in lines
            if after.to_move == seat and not after.is_over:
                assert lines[-1] == t(lang, NEXT_STEP[after.phase])
                if after.phase == "invite":
                    assert said(user, "Skip invitation") in last.message.labels
                if after.phase == "perform":
                    placeholder = last.message.selects[0]["placeholder"]
                    assert placeholder == said(user, "Which show comes first?")
            if after.phase in ("play", "perform", "entertainer", "over"):
                post = (await fake.wait_for_messages(thread, 1, after=mark))[0]
                assert all(line in post.content for line in english), post.content
                assert not any(line in post.content for line in mine), post.content
                names = seat_names(record, "en")
                assert ultimatum_texts.scoreline("en", after.scores, names) in post.content
                if not after.is_over:
                    whose = next_step("en", "ultimatum", after, f"<@{record.to_move_user}>")
                    # The commands in it are mentions (bot.texts.mentions).
                    assert post.content.splitlines()[-1] == bot.mentions.mention(whose, "en")
                    assert fake.shown(post).splitlines()[-1] == whose
                    assert "My hand" in post.labels
            if record.status == "finished":
                break
        assert record.status == "finished" and steps > 10
        wanted = {"show", "shows_pending", "card_awarded", "card_removed", "entertainer_laid"}
        assert wanted <= seen, f"choose a DEAL_SEED whose game has {wanted - seen}"
        assert "**Final ranking**" in post.content and "final scoring" in post.content
        assert "Rematch" in post.labels
    assert not untranslated, untranslated


async def test_public_posts_follow_the_server_then_the_language_it_chooses(
    fake_discord: FakeDiscord, bot_runner: BotRunner, untranslated: Misses
) -> None:
    """A German server gets German lobbies, threads, posts and pictures while alice's own
    answers stay English; /settings language (Manage Server only) switches the posts to French,
    and back to the server's Discord language with 'auto'."""
    fake = fake_discord
    fake.guild.preferred_locale = "de"
    alice, bruno, mia = fake.user("alice"), fake.user("bruno"), fake.user("mia")
    async with bot_runner() as bot:
        lobby = await fake.invoke(alice, "/fish new", players=2)
        assert lobby.embeds[0]["title"] == "Packeis am Pol — Partie #1"
        assert "Mitspielen" in lobby.message.labels
        thread = await fake.wait_for_thread(fake.channel("games"))
        assert thread.name == "Packeis #1"
        mark = fake.mark()
        await fake.click(bruno, lobby.message, label="Mitspielen")
        start = (await fake.wait_for_messages(thread, 1, after=mark))[0]
        assert start.content.startswith("Partie #1 beginnt! Sitzordnung: ")
        record, game = await load_game(bot.store, 1)
        assert isinstance(game, FishGame)
        german = fish_picture.board(
            game.view(None), names=seat_names(record, "de"), labels=picture_labels("de")
        )
        assert start.attachments[0].data == german

        async def turn() -> Message:
            _, game, user = await who_moves(bot, fake, 1)
            mark = fake.mark()
            assert is_done(user, await fish_step(fake, user, thread, game.phase))
            return (await fake.wait_for_messages(thread, 1, after=mark))[0]

        # The command is a mention, clickable whatever the reader's client language.
        assert "fish place" in fake.clickable_commands(await turn())
        refused = await fake.invoke(alice, "/settings language", language="fr", channel=thread)
        assert refused.ephemeral
        assert (
            refused.content == "Only someone with Manage Server can choose the server's language."
        )
        assert (await bot.store.guild_settings(fake.guild.id)).language is None
        chosen = await fake.invoke(mia, "/settings language", language="fr", channel=thread)
        assert chosen.content == "Public posts here are now in Français."
        posted = await turn()
        assert "fish place" in fake.clickable_commands(posted)
        assert "placez un pingouin" in posted.content
        listing = await fake.invoke(alice, "/game list")
        assert listing.ephemeral and listing.embeds[0]["title"] == "Games on this server"
        _, _, mover = await who_moves(bot, fake, 1)
        board = await fake.invoke(mover, "/fish board", game=1)
        assert not board.ephemeral and "/pingouins placer" in board.content
        back = await fake.invoke(mia, "/settings language", language="auto", channel=thread)
        assert back.content == (
            "Public posts here now follow the server's Discord language: Deutsch."
        )
        assert "fish place" in fake.clickable_commands(await turn())
    assert not untranslated, untranslated


async def test_a_server_language_the_bot_does_not_speak_uses_the_bots_default(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """DEFAULT_LANGUAGE decides for a server whose Discord language is none of en, de, fr."""
    fake = fake_discord
    fake.guild.preferred_locale = "es-ES"
    async with bot_runner(language="fr"):
        lobby = await fake.invoke(fake.user("alice"), "/fish new", players=2)
        assert lobby.embeds[0]["title"] == "Pingouins — partie #1"
        mine = await fake.invoke(fake.user("alice"), "/help")
        assert mine.content.startswith("I run games of")


def test_the_recorder_notes_a_text_missing_from_a_catalogue(untranslated: Misses) -> None:
    """The check used above sees a German lookup that finds nothing (and no English one)."""
    assert t("de", "A text no catalogue has") == "A text no catalogue has"
    assert t("en", "Another text no catalogue has") == "Another text no catalogue has"
    assert untranslated == {("de", None, "A text no catalogue has")}


async def test_a_changed_translation_changes_the_command_fingerprint(
    fake_discord: FakeDiscord, bot_runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SYNC_COMMANDS=auto syncs again when only a catalogue changed (the fingerprint covers the
    localized names and descriptions, not just the English tree)."""
    from bot import translator
    from bot.i18n import translation as real

    async with bot_runner() as bot:
        before = await bot.command_fingerprint(None)
        assert await bot.command_fingerprint(None) == before

        def renamed(lang: str, msgid: str, context: str | None = None) -> str | None:
            return "eisscholle" if msgid == "floe" and lang == "de" else real(lang, msgid, context)

        monkeypatch.setattr(translator, "translation", renamed)
        assert await bot.command_fingerprint(None) != before


async def test_the_servers_locale_is_kept_for_posts_made_later(
    fake_discord: FakeDiscord, bot_runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's Discord locale is remembered in the store, so a post made when nobody is
    interacting and the guild is not cached (after a restart) still knows it."""
    from bot.cogs.languages import Languages, meta_key

    fake = fake_discord
    fake.guild.preferred_locale = "fr"
    async with bot_runner() as bot:
        await fake.invoke(fake.user("alice"), "/help")
        assert await bot.store.meta(meta_key(fake.guild.id)) == "fr"
        assert await bot.public_language(fake.guild.id) == "fr"
        fresh = Languages(bot)  # nothing in memory, as after a restart
        monkeypatch.setattr(bot, "get_guild", lambda _id: None)
        assert await fresh.guild_language(fake.guild.id) == "fr"
