"""A turn by clicks at its edges: a click by someone else, a stale click, a click after a
restart, an ephemeral past its token's 15 minutes, and players in German and French."""

from __future__ import annotations

import random
import re

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import PENGUINS
from bot.i18n import language_of
from bot.play.games import load_game
from bot.play.menus import LABEL
from bot.texts.ultimatum import card_name
from tests.cogs.clicker import Turn, act, move_button, offered, play_turn, step_of, turn_post
from tests.cogs.conftest import BotRunner
from tests.cogs.players import engine_game, open_game, said, settle, who_moves
from tests.fakediscord import FakeDiscord, Message, User


async def _open(fake: FakeDiscord, user: User, post: Message) -> Message:
    reply = await fake.click(user, post, custom_id=move_button(post))
    return await reply.wait_for_content(timeout=15)


async def test_someone_else_is_told_whose_turn_it_is(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Your move clicked by a seated player who waits or by a spectator: an ephemeral answer
    naming the player to move and the step they are at, in the clicker's language."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, people = await open_game(fake, "fish", 3)
        _, _, mover = await who_moves(bot, fake, 1)
        post = turn_post(fake, thread)
        name = mover.global_name or mover.name
        clickers = [p for p in people if p.id != mover.id] + [fake.user("mia")]
        # Whoever moves, two of alice (en), bruno (de) and chloe (fr) wait: one reads German or
        # French; mia (en-GB) watches.
        locales = {c.locale for c in clickers}
        assert locales & {"de", "fr"} and "en-GB" in locales, "another language and a spectator"
        for person in clickers:
            reply = await fake.click(person, post, custom_id=move_button(post))
            assert reply.ephemeral and not reply.message.components
            doing = said(person, "placing a penguin")
            assert reply.content == said(
                person, "It is {name}'s turn in game #{id} ({doing}).", name=name, id=1, doing=doing
            )
        spectator = await fake.click(fake.user("mia"), post, custom_id=move_button(post))
        assert spectator.content == f"It is {name}'s turn in game #1 (placing a penguin)."


async def test_a_stale_click_shows_the_position_as_it_is_now(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """A card chosen on an ephemeral, then the card laid by a command: the old buttons say the
    position changed and offer the stone step; after the turn, they say whose turn it is."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "ultimatum", 2)
        _, game, mover = await who_moves(bot, fake, 1)
        assert isinstance(game, UltimatumGame) and game.to_move is not None
        old = await _open(fake, mover, turn_post(fake, thread))
        assert step_of(old) == "card"
        card = game.hand(game.to_move)[0]
        cell = next(a.split()[2] for a in game.legal_actions() if a.split()[1] == card)
        await fake.invoke(mover, "/ultimatum play", card=card, cell=cell, channel=thread)
        reply = await act(fake, mover, old, offered(old)[0])
        assert reply.kind == "update" and step_of(reply.message) == "stone"
        changed = said(
            mover, "The position changed since that choice; here it is as it stands now."
        )
        assert reply.message.content.startswith(changed)
        await fake.invoke(mover, "/ultimatum skip", channel=thread)
        _, game, other = await who_moves(bot, fake, 1)
        refused = await act(fake, mover, reply.message, offered(reply.message)[0])
        name = other.global_name or other.name
        assert refused.content == said(mover, "It is {name}'s turn in game #{id}.", name=name, id=1)
        assert (await engine_game(bot, 1)).log == game.log


async def test_clicks_survive_a_restart_and_an_old_ephemeral_gets_a_fresh_reply(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """An ephemeral opened before a restart still works after it (DynamicItems); one older
    than Discord's 15-minute token window is answered with a new ephemeral reply."""
    fake = fake_discord
    async with bot_runner() as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        _, _, mover = await who_moves(bot, fake, 1)
        first = await _open(fake, mover, turn_post(fake, thread))
    async with bot_runner() as bot:
        reply = await act(fake, mover, first, offered(first)[0])
        assert reply.kind == "update", reply.content
        assert len((await engine_game(bot, 1)).log) == 1
        _, _, mover = await who_moves(bot, fake, 1)
        opened = await _open(fake, mover, turn_post(fake, thread))
        fake.clock.advance(16 * 60)
        late = await act(fake, mover, opened, offered(opened)[0])
        assert late.kind == "message" and late.ephemeral, late.kind
        assert late.message is not None and late.message.id != opened.id
        assert len((await engine_game(bot, 1)).log) == 2
        assert not fake.take_violations()


async def test_german_and_french_players_play_by_clicks(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Bruno (de) and Chloe (fr) with Alice: whole games of both kinds by clicks only, every
    menu and button in the mover's language (F-6/F-7 floes with their fish, U-11 cards by
    name, U-12 fees, U-14 Skip), in at most 3 interactions a Fish turn and 5 an Ultimatum one
    in the common case (card, cell, stone)."""
    fake = fake_discord
    rng = random.Random(5)
    async with bot_runner() as bot:
        for kind, game_id in (("fish", 1), ("ultimatum", 2)):
            options = {"width": 7, "height": 7} if kind == "ultimatum" else {}
            _, thread, _ = await open_game(fake, kind, 3, **options)
            seen: dict[str, set[str]] = {}
            turns: list[Turn] = []
            for _ in range(300):
                record, game, user = await who_moves(bot, fake, game_id)
                before, mover = len(game.log), game.to_move
                hand = game.hand(mover) if isinstance(game, UltimatumGame) else []

                async def ended(
                    before: int = before, mover: int | None = mover, game_id: int = game_id
                ) -> bool:
                    now = await engine_game(bot, game_id)
                    if isinstance(now, FishGame):
                        return len(now.log) > before
                    return now.to_move != mover or (now.phase == "play" and len(now.log) > before)

                turn = await play_turn(fake, user, thread, game.phase, rng, ended)
                turns.append(turn)
                if kind == "fish":
                    assert turn.clicks <= 3, (turn.phase, turn.steps)
                elif set(turn.steps) <= {"card", "cell", "stone"}:
                    assert turn.clicks <= 5, turn.steps
                for step, words, placeholders in turn.shown:
                    _speaks(user, step, words, hand)
                    _names_groups(user, step, placeholders)
                    seen.setdefault(user.locale, set()).add(step)
                await settle(bot)
                record, game = await load_game(bot.store, game_id)
                if record.status == "finished":
                    break
            assert record.status == "finished"
            steps = {"fish": {"place", "to"}, "ultimatum": {"card", "cell", "stone"}}[kind]
            for locale in ("de", "fr"):
                assert steps <= seen[locale], (kind, locale, seen[locale])


#: How each language writes a Fish floe's catch: never the English word for a German or French
#: reader.
FISH_WORD = {"de": "Fisch", "fr": "poisson", "en-US": "fish"}


#: What a cell option may say after its cell (U-12, U-13, U-15, U-24).
CELL_NOTES = (
    "fee {n}",
    "give up {card}",
    "starts the {card} show",
    "no entertainer is left: the game ends after it",
)


def _begins_a_cell_note(user: User, text: str) -> bool:
    """Whether ``text`` is how one of the cell notes begins (whatever its placeholder holds)."""
    for msgid in CELL_NOTES:
        parts = said(user, msgid, n="OPEN", card="OPEN").split("OPEN")
        if parts[0].startswith(text) or (len(parts) > 1 and text.startswith(parts[0])):
            return True
    return False


def _pattern(user: User, msgid: str) -> re.Pattern[str]:
    """A translated text with its placeholder left open."""
    text = said(user, msgid, n="OPEN", card="OPEN", what="OPEN", rows="OPEN", cell="OPEN")
    return re.compile(".+".join(re.escape(part) for part in text.split("OPEN")))


def _speaks(user: User, step: str, words: list[str], hand: list[str]) -> None:
    """The components of one step are in the reader's language."""
    lang = language_of(user.locale)
    options = [w for w in words if " · " in w]
    if step in ("place", "to"):
        assert options and all(FISH_WORD[user.locale] in w for w in options), words
        if lang != "en":
            assert not any(w.endswith(" fish") for w in words), words
    if step == "place":
        assert all(w == said(user, "{floe} · 1 fish", floe=w.split(" · ")[0]) for w in options)
    if step == "card":
        assert sorted(words) == sorted(card_name(lang, c) for c in hand), words
    if step == "cell":
        assert said(user, "Another card") in words
        notes = [_pattern(user, m) for m in CELL_NOTES]
        for option in options:
            said_notes = option.split(" · ")[1:]
            if len(option) == LABEL and option.endswith("…"):
                # Cut to Discord's limit (menus.label): the last note is the start of one.
                cut = said_notes.pop().removesuffix("…").rstrip(" ·")
                assert _begins_a_cell_note(user, cut), option
            for note in said_notes:
                assert any(p.fullmatch(note) for p in notes), (note, option)
    if step == "stone":
        assert said(user, "Skip") in words, words
        penguins = {card_name(lang, c) for c in PENGUINS}
        for option in options:
            assert option.split(" · ", 1)[1] in penguins, option


def _names_groups(user: User, step: str, placeholders: list[str]) -> None:
    """Menus are named in the reader's language: by the rows they hold, or, at the stone and
    the entertainer steps, by the stone that moves (U-14) and the way the card lies (U-21)."""
    rows = _pattern(user, "{what} · rows {rows}")
    titles = {
        "stone": (
            "A stone from your supply ({n} left), onto:",
            "The stone on {cell} ({card}), moved onto:",
        ),
        "ent": ("Lay it upright", "Lay it turned"),
    }.get(step, ())
    named = [_pattern(user, title) for title in titles]
    for placeholder in placeholders:
        if not named:
            assert rows.fullmatch(placeholder), placeholder
            continue
        # A group too large for one menu is split by rows: "<group> · rows 1–7".
        group = placeholder.split(" · ")[0]
        assert any(p.fullmatch(group) for p in named), placeholder
