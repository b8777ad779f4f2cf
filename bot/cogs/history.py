"""A game's past: ``/game replay`` (an animated GIF) and ``/game history`` (turns in words).

A replay is drawn from spectator views only (``view(None)``), rebuilt by replaying the log from
the seed: a spectator view holds no hand and no deck order (U-27), and the renderer refuses a
view that holds a hand. So a replay of a running Ultimatum game may be posted for everyone.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.cogs.common import GameFinder, Interaction, Refusal, reader_language
from bot.games import new_game, play_logged
from bot.games.base import Game, is_resignation
from bot.i18n import picture_labels, t
from bot.play.access import Purpose, posts_publicly
from bot.store import GameRecord, LoggedAction
from bot.texts.announce import table_view
from bot.texts.history import told_turns
from bot.texts.names import picture_names, seat_names, title
from bot.ui.buttons import NO_LONGER_VALID
from bot.ui.clicks import PageClick
from bot.ui.fit import fit
from bot.ui.pages import page_buttons, turns_in_place

if TYPE_CHECKING:
    from bot.host import Host

#: Turns per page of ``/game history``.
PAGE = 20


def turn_ended(game: Game, action: str) -> bool:
    """Whether a turn is complete after ``action`` (every Fish action; an Ultimatum turn ends
    with its draw or the end of the game; a resignation always changes the picture)."""
    return is_resignation(action) or game.between_turns


def replay_views(record: GameRecord, players: int, actions: list[str]) -> list[dict[str, Any]]:
    """Spectator views of a game: the opening position, then one after every turn; a finished
    game ends on the picture its final post showed (a Fish board is empty by then, F-14: its
    results show where every floe went)."""
    game = new_game(record.kind, players, record.seed, dict(record.options))
    views = [game.view(None)]
    for action in actions:
        play_logged(game, action)
        if turn_ended(game, action):
            views.append(table_view(game) if game.is_over else game.view(None))
    return views


async def post_replay(
    bot: Host, interaction: Interaction, game_id: int | None, *, post: bool = False
) -> None:
    """``/game replay``: the animated replay of a running or finished game; only for the asker
    (a player too: a large picture the table did not ask for) unless they ask to ``post`` it."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(interaction, game_id, finished=True, purpose=Purpose.LOOK)
    record = loaded.record
    if loaded.game is None:
        raise Refusal(t(lang, "Game #{id} has not started yet.", id=record.id))
    public_answer = post
    await interaction.response.defer(thinking=True, ephemeral=not public_answer)
    log = await bot.store.action_log(record.id)
    views = replay_views(record, len(seat_names(record)), [a.text for a in log])
    public = await bot.public_language(record.guild_id) if public_answer else lang
    payload = {
        "game_kind": record.kind,
        "views": views,
        "names": picture_names(record, public),
        "labels": picture_labels(public),
    }
    gif = await bot.draw({"picture": "replay", **payload})
    text = t(
        public,
        "Replay of game #{id} ({game}): {turns} turns.",
        id=record.id,
        game=title(record.kind, public),
        turns=len(views) - 1,
    )
    await interaction.followup.send(
        **fit(
            content=text,
            file=discord.File(io.BytesIO(gif), filename=f"game-{record.id}-replay.gif"),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=not public_answer,
        )
    )


def history_lines(
    lang: str, record: GameRecord, log: list[LoggedAction], page: int
) -> tuple[list[str], int]:
    """One page of the game's turns in words, one line a turn (1-based page), and the number
    of pages (ValueError: no such page)."""
    names = seat_names(record, lang)
    turns = told_turns(lang, record.kind, [(a.seat, a.text) for a in log], names)
    pages = max(1, -(-len(turns) // PAGE))
    if not 1 <= page <= pages:
        raise ValueError(pages)
    first = (page - 1) * PAGE
    lines = [
        t(
            lang,
            "{n}. {turn} (<t:{ts}:R>)",
            n=n,
            turn=told.line,
            ts=int(log[told.last].at.timestamp()),
        )
        for n, told in enumerate(turns[first : first + PAGE], start=first + 1)
    ]
    return lines, pages


async def show_history(
    bot: Host, interaction: Interaction, game_id: int | None, page: int, *, post: bool = False
) -> None:
    """``/game history``: the turns of a game in words, one page at a time, with Previous and
    Next; for everyone when a player asks or someone asks to ``post`` it, else only for the
    asker."""
    lang = reader_language(interaction)
    loaded = await GameFinder(bot).find(interaction, game_id, finished=True, purpose=Purpose.LOOK)
    record = loaded.record
    log = await _played(bot, record, lang)
    public_answer = posts_publicly(interaction.user.id in record.user_ids, post)
    # Everyone in the channel reads a public answer: the server's language (a refusal, or an
    # answer in a direct message, is the asker's alone: in theirs).
    in_channel = public_answer and interaction.guild_id is not None
    words = await bot.public_language(record.guild_id) if in_channel else lang
    content, view = _history_page(record, log, page, words, lang)
    await interaction.response.send_message(
        **fit(
            content=content,
            ephemeral=not public_answer,
            allowed_mentions=discord.AllowedMentions.none(),
            **({"view": view} if view else {}),
        )
    )


async def turn_history_page(bot: Host, interaction: Interaction, click: PageClick) -> None:
    """Previous or Next under a history: the page asked for, checked again for the clicker; a
    page of their own (ephemeral, or in a direct message) turns in place, a public one is left
    as posted and the clicker gets the page for themselves."""
    lang = reader_language(interaction)
    game_id = int(click.key) if click.key.isdigit() else None
    if game_id is None:
        raise Refusal(t(lang, NO_LONGER_VALID))
    loaded = await GameFinder(bot).find(interaction, game_id, finished=True, purpose=Purpose.LOOK)
    record = loaded.record
    log = await _played(bot, record, lang)
    content, view = _history_page(record, log, click.page, lang, lang)
    answer: dict[str, Any] = {
        "content": content,
        "allowed_mentions": discord.AllowedMentions.none(),
        **({"view": view} if view else {}),
    }
    if turns_in_place(interaction):
        await interaction.response.edit_message(**fit(**answer))
    else:
        await interaction.response.send_message(**fit(ephemeral=True, **answer))


async def _played(bot: Host, record: GameRecord, lang: str) -> list[LoggedAction]:
    """The game's log; a game without a move is refused."""
    log = await bot.store.action_log(record.id)
    if not log:
        raise Refusal(t(lang, "Nothing has been played in game #{id} yet.", id=record.id))
    return log


def _history_page(
    record: GameRecord, log: list[LoggedAction], page: int, words: str, lang: str
) -> tuple[str, discord.ui.View | None]:
    """A history page's text in ``words`` and its page buttons; a page out of range is
    refused in ``lang``."""
    try:
        lines, pages = history_lines(words, record, log, page)
    except ValueError as wrong:
        pages = wrong.args[0]
        raise Refusal(
            t(
                lang,
                "Game #{id} has {pages} pages of turns: pick 1 to {pages}.",
                id=record.id,
                pages=pages,
            )
        ) from None
    head = t(
        words,
        "**Game #{id} ({game})**, turns — page {page} of {pages}",
        id=record.id,
        game=title(record.kind, words),
        page=page,
        pages=pages,
    )
    view = page_buttons("history", str(record.id), page, pages, words)
    return "\n".join([head, *lines]), view
