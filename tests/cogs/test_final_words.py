"""The last words of a game and the names in its pictures through the stand-in: the
final Ultimatum post on a German and a French server (U-25 breakdown by kind, ranking, Replay
and Rematch, the picture's panel in that language), and a long display name and a computer
seat shortened in the pictures while the text posts keep the full names."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ANIMALS, ENTERTAINERS
from bot.i18n import picture_labels, t
from bot.play.games import load_game
from render import fish as fish_board
from render import labels as picture_words
from render import ultimatum as ultimatum_table
from render import ultimatum_panel
from tests.cogs.conftest import BotRunner
from tests.cogs.players import fish_step, settle, turn_or_end, ultimatum_step, who_moves
from tests.fakediscord import FakeDiscord, Reply

#: The seed the store deals the test's game from.
SEED = 1
RANKING_LINE = (
    "{place}. {who} — {score} points (final scoring +{bonus}: activity +{activity}, "
    "animal majorities +{majority})"
)
LONG_NAME = "Alexandra von Pinguinhausen"


def u25(won: list[list[str]], activities: list[str]) -> list[tuple[int, int]]:
    """U-25 worked out from the rule's text: +2 per won entertainer of your activity; per
    animal +5 for the single player with the most, +3 each for several tied at the most."""
    activity = [
        2 * sum(1 for card in cards if ENTERTAINERS[card].activity == mine)
        for cards, mine in zip(won, activities, strict=True)
    ]
    majority = [0] * len(won)
    for animal in ANIMALS:
        counts = [sum(1 for card in cards if ENTERTAINERS[card].animal == animal) for cards in won]
        most = max(counts)
        leaders = [seat for seat, count in enumerate(counts) if count == most and most > 0]
        for seat in leaders:
            majority[seat] += 5 if len(leaders) == 1 else 3
    return list(zip(activity, majority, strict=True))


def pixels(png: bytes) -> bytes:
    """A picture's pixels (RGB), to compare what was drawn rather than how it was packed."""
    picture: Image.Image = Image.open(io.BytesIO(png)).convert("RGB")
    return picture.tobytes()


@pytest.mark.parametrize("lang", ["de", "fr"])
async def test_the_final_ultimatum_post_speaks_the_servers_language(
    fake_discord: FakeDiscord, bot_runner: BotRunner, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """U-25, U-26: an Ultimatum game played to its end on a German (French) server: the final
    post ranks everyone with the final-scoring bonus by kind (activity, animal majorities) in
    that language, offers Replay and Rematch labelled in it, and its picture's panel (game over,
    ranks, the bonus line) is drawn with that language's words."""
    fake = fake_discord
    fake.guild.preferred_locale = lang
    rng = random.Random(7)
    # The same deal on every run (the store deals from a random seed), so that the game played
    # is one whose final scoring adds something: a random deal sometimes ends without a bonus.
    monkeypatch.setattr("bot.store.lobby.secrets.randbits", lambda bits: SEED)
    async with bot_runner() as bot:
        people = [fake.user("alice"), fake.user("bruno")]
        lobby = await fake.invoke(people[0], "/ultimatum new", players=2, width=7, height=7)
        thread = await fake.wait_for_thread(fake.channel("games"))
        mark = fake.mark()
        await fake.click(people[1], lobby.message, label=t(lang, "Join"))  # the server's words
        await fake.wait_for_messages(thread, 1, after=mark)
        last: Reply | None = None
        for _ in range(600):
            record, game, user = await who_moves(bot, fake, 1)
            last = await ultimatum_step(fake, user, thread, game.phase, rng, last)
            if (await bot.store.get_game(1)).status == "finished":
                break
        await settle(bot)
        record, game = await load_game(bot.store, 1)
        assert isinstance(game, UltimatumGame) and game.is_over
        final = fake.history(thread)[-1]
        text = final.content

        bonus = u25(game.won, game.activities)
        assert sum(a + m for a, m in bonus) > 0, "a game whose final scoring adds something"
        names = {p.id: p.global_name or p.name for p in people}
        by_seat = [names[record.player(seat).user_id or 0] for seat in range(game.players)]
        assert t(lang, "**Final ranking**") in text
        at, place = -1, 1
        for group in game.ranking():
            first = group[0]
            activity, majority = bonus[first]
            values = {
                "place": place,
                "who": ", ".join(by_seat[s] for s in group),
                "score": game.scores[first],
                "bonus": activity + majority,
                "activity": activity,
                "majority": majority,
            }
            line = t(lang, RANKING_LINE, **values)
            assert line != RANKING_LINE.format(**values), "the line is translated"
            assert line in text, (line, text)
            assert text.index(line) > at, "the ranking in order"
            at, place = text.index(line), place + len(group)

        replay, rematch = t(lang, "Replay"), t(lang, "Rematch")
        assert final.labels == [replay, rematch] and replay != "Replay"

        words = picture_labels(lang)
        assert words is not None
        for key in ("game_over", "rank_1", "rank_2", "bonus"):
            assert words[key] == t(lang, picture_words.ENGLISH[key]) != picture_words.ENGLISH[key]
        view = game.view(None)
        assert view["final_bonus"] == [list(b) for b in bonus]
        posted = pixels(final.attachments[0].data)
        drawn = ultimatum_table.table(view, names=by_seat, labels=words)
        assert posted == pixels(drawn), "the final picture is the table with the panel in " + lang
        english = ultimatum_table.table(view, names=by_seat)
        assert posted != pixels(english), "its words are not the English ones"
        for seat in range(game.players):  # every number of the breakdown shows, none cut off
            for kind in (0, 1):
                other = {**view, "final_bonus": [list(b) for b in bonus]}
                other["final_bonus"][seat][kind] += 1
                shown = pixels(ultimatum_table.table(other, names=by_seat, labels=words))
                visible = shown != posted
                assert visible, (by_seat[seat], ("activity", "animals")[kind])


def below_header(kind: str, view: dict[str, Any], png: bytes) -> bytes:
    """The pixels of a picture's player rows (and what follows them), without its header: the
    header names the player to move in a longer line of its own."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    if kind == "fish":
        top = fish_board.BOARD_HEIGHT + fish_board.HEADER
    else:
        top = ultimatum_table.panel_top(view) + ultimatum_panel.HEADER
    return picture.crop((0, top, picture.width, picture.height)).tobytes()


@pytest.mark.parametrize(("kind", "lang"), [("fish", "en"), ("ultimatum", "de")])
async def test_pictures_shorten_long_names_the_text_keeps_them_whole(
    fake_discord: FakeDiscord, bot_runner: BotRunner, kind: str, lang: str
) -> None:
    """A person with a long display name against a hard computer seat: the picture posted after
    the computer's turn names them "Alexandra von…" and "Penguin Bot (hard)" (in the server's
    language, the computer's one name everywhere), each drawn in its row; the text of the same
    post names them in full."""
    fake = fake_discord
    fake.guild.preferred_locale = lang
    alice = fake.user("alice")
    alice.global_name = LONG_NAME
    rng = random.Random(3)
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, f"/{kind} new", players=2, bots=1, level=3)
        thread = await fake.wait_for_thread(fake.channel("games"))
        full_computer = t(lang, "Penguin Bot ({level})", level=t(lang, "hard"))
        computer = full_computer  # one name, in the picture as in the text
        if lang == "en":
            assert computer == "Penguin Bot (hard)"
        last: Reply | None = None
        turns = 0
        while True:
            # Waiting for her turn fails if the computer seat never hands it back.
            record, game = await turn_or_end(bot, alice, 1)
            assert record.status != "finished"
            turns += kind == "fish" or game.phase == "play"  # her turn begins
            if turns == 3:
                break
            if kind == "fish":
                await fish_step(fake, alice, thread, game.phase)
            else:
                last = await ultimatum_step(fake, alice, thread, game.phase, rng, last)
        await settle(bot)
        record, game = await load_game(bot.store, 1)
        assert game is not None and not game.is_over
        post = fake.history(thread)[-1]
        assert LONG_NAME in post.content and full_computer in post.content, post.content
        mine = record.seat_of(alice.id)
        assert mine is not None
        shown, whole, cut = [computer] * 2, [full_computer] * 2, [computer] * 2
        shown[mine], whole[mine], cut[mine] = "Alexandra von…", LONG_NAME, "Alexandra vo…"
        words = picture_labels(lang)
        draw = fish_board.board if kind == "fish" else ultimatum_table.table
        view = game.view(None)
        posted = post.attachments[0].data
        assert pixels(posted) == pixels(draw(view, names=shown, labels=words))
        assert pixels(posted) != pixels(draw(view, names=whole, labels=words))
        rows = below_header(kind, view, posted)
        whole_in_row = rows != below_header(kind, view, draw(view, names=cut, labels=words))
        assert whole_in_row, "the row shows the shortened name whole, not cut again"


async def test_a_computer_has_one_name_on_the_board_the_choice_picture_and_in_text(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The picture of a Fish turn post and the picture of the choices that Your move opens name
    the players alike (the computer "Penguin Bot (hard)" as the text does, shortened before its
    level where a row is narrow): their player rows are the same pixels."""
    fake = fake_discord
    alice = fake.user("alice")
    alice.global_name = LONG_NAME
    async with bot_runner(ai_budget=0.05) as bot:
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=3)
        thread = await fake.wait_for_thread(fake.channel("games"))
        for _ in range(2):  # her turn after the computer's has been posted
            _, game = await turn_or_end(bot, alice, 1)
            await fish_step(fake, alice, thread, game.phase)
        await turn_or_end(bot, alice, 1)
        await settle(bot)
        post = fake.history(thread)[-1]
        assert "Penguin Bot (hard)" in post.content
        opened = await fake.click(alice, post, label="Your move")
        await opened.wait_for_content()
        choices = opened.attachments[0].image().convert("RGB")
        board = post.attachments[0].image().convert("RGB")
        top = fish_board.BOARD_HEIGHT + fish_board.HEADER
        rows = (0, top, board.width, board.height)
        assert choices.size == board.size
        assert choices.crop(rows).tobytes() == board.crop(rows).tobytes()
