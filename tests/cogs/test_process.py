"""The bot as a real process (``python -m bot``) and its start: settings, store, command sync."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from discord import Intents, app_commands
from discord.http import Route

from bot.client import PenguinBot
from bot.config import ConfigError, default_drawing_workers, env_file, load_settings
from bot.games import new_game
from bot.games.ultimatum import UltimatumGame
from bot.i18n import t
from bot.play.check import SnapshotReport
from bot.play.games import dump_snapshot, load_game
from bot.store import Store
from bot.ui.buttons import NO_LONGER_VALID
from tests.cogs.players import fish_step, hidden_cards, is_done, open_game, who_moves
from tests.cogs.polling import until
from tests.fakediscord import FakeDiscord, run_client

ROOT = Path(__file__).resolve().parents[2]
TOP_COMMANDS = {"fish", "game", "help", "ratings", "settings", "ultimatum"}


def process_env(fake: FakeDiscord | None, tmp_path: Path, **settings: str) -> dict[str, str]:
    """A clean environment for ``python -m bot``: nothing from the developer's shell or .env."""
    settings_file = tmp_path / "empty.env"
    settings_file.touch()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "ENV_FILE": str(settings_file),
        "DATABASE_PATH": str(tmp_path / "games.sqlite3"),
    }
    if fake is not None:
        env.update(fake.env())
    env.update(settings)
    return env


@contextlib.asynccontextmanager
async def bot_process(env: dict[str, str], log_file: Path) -> AsyncIterator[Any]:
    """``python -m bot`` running with ``env``; stopped with SIGTERM (as a service manager does)."""
    with log_file.open("wb") as log:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, cwd=log_file.parent, stdout=log, stderr=log
        )
        try:
            yield process
        except BaseException:
            # pytest shows what a failing test printed: the bot's own account of what happened.
            print(f"--- {log_file.name} ---\n{log_file.read_text(errors='replace')[-8000:]}")
            raise
        finally:
            if process.returncode is None:
                process.terminate()
                await asyncio.wait_for(process.wait(), timeout=20)


async def run_to_exit(env: dict[str, str], cwd: Path) -> tuple[int, str]:
    """Run ``python -m bot`` until it exits by itself; its exit code and everything it printed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=cwd,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), timeout=30)
    assert process.returncode is not None
    return process.returncode, output.decode()


async def thread_stored(database: Path, game_id: int, thread_id: int) -> None:
    """Wait until the bot process has stored a game's thread (read beside it, as WAL allows)."""
    async with await Store.open(database) as store:

        async def stored() -> bool:
            return (await store.get_game(game_id)).thread_id == thread_id

        await until(stored, f"game #{game_id}'s thread {thread_id} in the database", timeout=10)


@contextlib.asynccontextmanager
async def bot_in_process(
    fake: FakeDiscord, database: Path, *, cls: type[PenguinBot] = PenguinBot, **overrides: Any
) -> AsyncIterator[PenguinBot]:
    """The bot in this event loop on ``database``, connected to the stand-in in the block."""
    env = {**fake.env(), "DATABASE_PATH": str(database)}
    settings = replace(load_settings(env, dotenv=False), **overrides)
    store = await Store.open(settings.database, synchronous="NORMAL")
    bot = cls(settings, store=store, guild_ready_timeout=0.05)
    try:
        async with run_client(fake, bot):
            yield bot
    finally:
        await store.close()


# --- the real process ----------------------------------------------------------------------


async def test_the_bot_process_starts_syncs_and_answers(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """``python -m bot`` with the stand-in's address logs in with the guilds intent alone (no
    privileged one), syncs its commands globally once, answers /help, and stops cleanly on
    SIGTERM."""
    fake = fake_discord
    log_file = tmp_path / "bot.log"
    async with bot_process(process_env(fake, tmp_path), log_file) as process:
        await fake.wait_for_bot(timeout=30)
        assert [s.intents for s in fake.gateway.connected()] == [Intents(guilds=True).value]
        reply = await fake.invoke(fake.user("alice"), "/help")
        assert reply.ephemeral and "/fish new" in reply.content
        process.terminate()
        assert await asyncio.wait_for(process.wait(), timeout=20) == 0
    assert len(fake.syncs) == 1
    scope, names = fake.syncs[0]
    assert scope is None and set(names) >= TOP_COMMANDS
    log = log_file.read_text()
    assert "synced" in log and "Traceback" not in log


async def test_a_restarted_process_keeps_its_buttons_and_skips_an_unchanged_sync(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Stop the process (Ctrl-C), start it again: commands are not sent again
    (SYNC_COMMANDS=auto, the tree is unchanged) and the Join button of a lobby opened before
    the restart still works."""
    fake = fake_discord
    alice, bruno = fake.user("alice"), fake.user("bruno")
    env = process_env(fake, tmp_path, SYNC_COMMANDS="auto")
    first_log = tmp_path / "first.log"
    async with bot_process(env, first_log) as process:
        await fake.wait_for_bot(timeout=30)
        lobby = (await fake.invoke(alice, "/fish new", players=2)).message
        thread = await fake.wait_for_thread(fake.channel("games"))
        # Discord has the thread a moment before the bot has written it down: stop after that.
        await thread_stored(Path(env["DATABASE_PATH"]), 1, thread.id)
        process.send_signal(signal.SIGINT)  # Ctrl-C in a terminal running `make run`
        assert await asyncio.wait_for(process.wait(), timeout=20) == 0
    assert "Traceback" not in first_log.read_text()
    assert len(fake.syncs) == 1 and lobby is not None
    second_log = tmp_path / "second.log"
    async with bot_process(env, second_log) as process:
        await fake.wait_for_bot(identified=2, synced=False, timeout=30)
        mark = fake.mark()
        joined = await fake.click(bruno, lobby, label="Join")
        assert joined.kind == "update"
        start = await fake.wait_for_messages(thread, 1, after=mark, timeout=15)
        assert start[0].attachments[0].image().format == "PNG"
        process.terminate()
        assert await asyncio.wait_for(process.wait(), timeout=20) == 0
    assert len(fake.syncs) == 1, "the unchanged tree was sent again"
    log = second_log.read_text()
    assert "unchanged since the last sync" in log and "Traceback" not in log


async def test_at_log_level_debug_no_hand_card_reaches_the_log(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """U-27: with LOG_LEVEL=DEBUG the process logs its own debug lines, but discord.py's
    request and event bodies (an ephemeral hand, the card choices of an autocomplete) stay out
    of the log: nobody reading it learns a card in a hand."""
    fake = fake_discord
    log_file = tmp_path / "debug.log"
    env = process_env(fake, tmp_path, LOG_LEVEL="DEBUG")
    async with bot_process(env, log_file) as process:
        await fake.wait_for_bot(timeout=30)
        _, thread, people = await open_game(fake, "ultimatum", 2)
        async with await Store.open(Path(env["DATABASE_PATH"])) as store:
            record, game = await load_game(store, 1)
        assert isinstance(game, UltimatumGame)
        mover = next(p for p in people if p.id == record.to_move_user)
        hand = await fake.invoke(mover, "/ultimatum hand", channel=thread)
        assert hand.ephemeral and hand.attachments
        choices = await fake.autocomplete(
            mover, "/ultimatum play", "card", typed="", channel=thread
        )
        assert {c.value for c in choices} == set(game.hand(game.to_move or 0))
        process.terminate()
        assert await asyncio.wait_for(process.wait(), timeout=20) == 0
    log = log_file.read_text()
    assert "DEBUG" in log, "LOG_LEVEL=DEBUG was not applied"
    leaked = sorted(card for card in hidden_cards(game) if card in log)
    assert not leaked, f"hand cards in the log: {leaked}"


async def test_settings_are_read_from_the_env_file(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """``make run`` reads .env: a process whose environment only names the file logs in with the
    token, the addresses and the dev guild written there."""
    fake = fake_discord
    settings_file = tmp_path / "bot.env"
    lines = {**fake.env(dev_guild=True), "DATABASE_PATH": str(tmp_path / "from-file.sqlite3")}
    settings_file.write_text("".join(f"{key}={value}\n" for key, value in lines.items()))
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "ENV_FILE": str(settings_file),
    }
    async with bot_process(env, tmp_path / "bot.log"):
        await fake.wait_for_bot(timeout=30)
        reply = await fake.invoke(fake.user("chloe"), "/help")
        assert reply.ephemeral
    assert [scope for scope, _ in fake.syncs] == [fake.guild.id]
    assert (tmp_path / "from-file.sqlite3").exists()


async def test_without_a_token_the_process_says_how_to_get_one(tmp_path: Path) -> None:
    """No DISCORD_TOKEN anywhere: exit code 2, the token help, no traceback."""
    env = process_env(None, tmp_path)
    code, output = await run_to_exit(env, tmp_path)
    assert code == 2
    assert "No Discord bot token is set" in output and "make run" in output
    assert "Traceback" not in output


async def test_an_unusable_database_stops_the_process_before_it_logs_in(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """DATABASE_PATH names a file that is not a game database: exit code 2 with the store's
    reason, no traceback, and Discord never saw a login."""
    not_a_database = tmp_path / "notes.sqlite3"
    not_a_database.write_text("shopping list: fish, more fish\n" * 100)
    env = process_env(fake_discord, tmp_path, DATABASE_PATH=str(not_a_database))
    code, output = await run_to_exit(env, tmp_path)
    assert code == 2
    assert f"The bot cannot start: cannot open the database {not_a_database}" in output
    assert "Traceback" not in output
    assert fake_discord.requests == [] and fake_discord.gateway.identifies == 0


async def test_a_database_from_a_newer_bot_stops_the_process(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A schema version this code does not know: exit code 2, saying to run a newer bot."""
    newer = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(newer)) as conn:
        conn.execute("PRAGMA user_version = 999")
    env = process_env(fake_discord, tmp_path, DATABASE_PATH=str(newer))
    code, output = await run_to_exit(env, tmp_path)
    assert code == 2
    assert "schema version 999" in output and "run a newer version of the bot" in output
    assert "Traceback" not in output


async def test_an_unreachable_discord_stops_the_process_with_a_clear_message(
    tmp_path: Path,
) -> None:
    """Nothing answers at the API address: exit code 1 saying Discord cannot be reached."""
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # free once closed: nothing listens there
    env = process_env(
        None,
        tmp_path,
        DISCORD_TOKEN="t",
        DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
        DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/",
    )
    code, output = await run_to_exit(env, tmp_path)
    assert code == 1
    assert "Discord cannot be reached" in output and "Traceback" not in output


async def test_a_dev_guild_without_the_commands_scope_stops_the_process_saying_how_to_fix(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """DEV_GUILD_ID names a server the bot was added to without the applications.commands
    scope: Discord answers the sync 403 Missing Access (50001). Exit code 1 naming the server,
    the cause and the fix, no traceback."""
    fake = fake_discord
    refusal = fake.faults.forbidden("PUT /applications/*/guilds/*/commands", code=50001)
    env = process_env(fake, tmp_path, DEV_GUILD_ID=str(fake.guild.id))
    code, output = await run_to_exit(env, tmp_path)
    assert code == 1, output
    assert refusal.hits == 1 and fake.syncs == []
    assert f"DEV_GUILD_ID={fake.guild.id}" in output and "403 Missing Access" in output
    assert "applications.commands scope" in output and "correct DEV_GUILD_ID" in output
    assert "Traceback" not in output


async def test_a_command_tree_discord_refuses_stops_the_process_with_its_reasons(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Discord turns the global sync down (400 Invalid Form Body, CommandSyncFailure): exit
    code 1 with Discord's reasons, no traceback."""
    fake = fake_discord
    invalid = {"_errors": [{"code": "APPLICATION_COMMAND_INVALID_NAME", "message": "Bad name"}]}
    refusal = fake.faults.refuse("PUT /applications/*/commands", errors={"0": {"name": invalid}})
    code, output = await run_to_exit(process_env(fake, tmp_path), tmp_path)
    assert code == 1, output
    assert refusal.hits == 1 and fake.syncs == []
    assert "Discord refused the slash command definitions for all servers" in output
    assert "Bad name" in output and "Traceback" not in output


# --- settings ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("SYNC_COMMANDS", "sometimes", "SYNC_COMMANDS must be auto, always or never"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("DEV_GUILD_ID", "penguin-club", "DEV_GUILD_ID must be a whole number, not 'penguin-club'"),
        ("OUTBOX_RETRY_SECONDS", "0", "OUTBOX_RETRY_SECONDS must be greater than 0"),
        ("DEFAULT_LANGUAGE", "penguin", "DEFAULT_LANGUAGE must be en, de or fr"),
        ("DRAWING_WORKERS", "0", "DRAWING_WORKERS must be 1 or more"),
        ("DRAWING_WORKERS", "two", "DRAWING_WORKERS must be a whole number, not 'two'"),
    ],
)
def test_a_bad_setting_is_refused_with_what_to_fix(name: str, value: str, message: str) -> None:
    """Each malformed setting stops the start with a sentence naming the setting."""
    with pytest.raises(ConfigError) as refused:
        load_settings({"DISCORD_TOKEN": "t", name: value}, dotenv=False)
    assert str(refused.value) == message


def test_the_env_file_is_the_project_one_unless_named(tmp_path: Path) -> None:
    """ENV_FILE names the settings file; a named file that is missing is an error, not silence."""
    assert env_file({}) == ROOT / ".env"
    named = tmp_path / "staging.env"
    named.write_text("DISCORD_TOKEN=t\n")
    assert env_file({"ENV_FILE": str(named)}) == named
    with pytest.raises(ConfigError, match=r"ENV_FILE names .*missing\.env, which is not a file"):
        env_file({"ENV_FILE": str(tmp_path / "missing.env")})


def test_settings_have_their_documented_defaults() -> None:
    """Only the token given: auto sync, global commands, INFO logs, 5-second first retry."""
    settings = load_settings({"DISCORD_TOKEN": "t"}, dotenv=False)
    assert settings.sync_commands == "auto" and settings.dev_guild_id is None
    assert settings.log_level == "INFO" and settings.retry_seconds == 5.0
    assert settings.database == ROOT / "data" / "penguins.sqlite3"
    assert settings.drawing_workers == max(1, (os.cpu_count() or 1) - 1)
    chosen = load_settings({"DISCORD_TOKEN": "t", "DRAWING_WORKERS": "3"}, dotenv=False)
    assert chosen.drawing_workers == 3


def test_drawing_leaves_one_core_to_the_event_loop() -> None:
    """One core: one drawing process; two: still one; eight: seven; unknown: one."""
    assert [default_drawing_workers(n) for n in (1, 2, 8, None)] == [1, 1, 7, 1]


# --- command sync ----------------------------------------------------------------------------


def with_extra_command(name: str) -> type[PenguinBot]:
    """A bot whose command tree has one more top-level command (a new version of the bot)."""

    class Grown(PenguinBot):
        async def setup_hook(self) -> None:
            @app_commands.command(name=name, description="A command a newer version brings")
            async def extra(interaction: Any) -> None:
                await interaction.response.send_message("new", ephemeral=True)

            self.tree.add_command(extra)
            await super().setup_hook()

    return Grown


async def test_the_commands_are_synced_again_only_when_the_tree_changed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """SYNC_COMMANDS=auto: first start syncs; the same tree does not; a grown tree does, and
    the new command works; going back to the old tree syncs once more."""
    fake, db = fake_discord, tmp_path / "games.sqlite3"
    async with bot_in_process(fake, db):
        pass
    async with bot_in_process(fake, db):
        pass
    assert len(fake.syncs) == 1
    async with bot_in_process(fake, db, cls=with_extra_command("iceberg")):
        reply = await fake.invoke(fake.user("alice"), "/iceberg")
        assert reply.content == "new"
    async with bot_in_process(fake, db):
        pass
    assert [("iceberg" in names) for _, names in fake.syncs] == [False, True, False]
    assert all(scope is None for scope, _ in fake.syncs)


async def test_always_syncs_on_every_start_and_never_does_not(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """SYNC_COMMANDS=always sends the tree each time; never leaves Discord's copy alone."""
    fake, db = fake_discord, tmp_path / "games.sqlite3"
    for _ in range(2):
        async with bot_in_process(fake, db, sync_commands="always"):
            pass
    assert len(fake.syncs) == 2
    async with bot_in_process(fake, db, cls=with_extra_command("floe"), sync_commands="never"):
        pass
    assert len(fake.syncs) == 2


async def test_a_dev_guild_gets_the_commands_instead_of_everyone(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """DEV_GUILD_ID: the tree goes to that server only (it shows at once there) and works;
    the global scope keeps its own fingerprint, so dropping the setting syncs globally once."""
    fake, db = fake_discord, tmp_path / "games.sqlite3"
    async with bot_in_process(fake, db, dev_guild_id=fake.guild.id):
        reply = await fake.invoke(fake.user("bruno"), "/help")
        assert reply.ephemeral and "/packeis neu" in reply.content, "bruno's client is German"
    async with bot_in_process(fake, db, dev_guild_id=fake.guild.id):
        pass
    assert [scope for scope, _ in fake.syncs] == [fake.guild.id]
    assert set(fake.syncs[0][1]) >= TOP_COMMANDS
    async with bot_in_process(fake, db):
        pass
    assert [scope for scope, _ in fake.syncs] == [fake.guild.id, None]


# --- buttons ---------------------------------------------------------------------------------


async def test_a_button_from_an_older_version_answers_that_it_is_no_longer_valid(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A message still shows a game button whose action this version no longer has: a click
    gets an ephemeral answer in the clicker's language (not silence and a failed interaction),
    and the message is left as it was."""
    fake, db = fake_discord, tmp_path / "games.sqlite3"
    async with bot_in_process(fake, db) as bot:
        games = fake.channel("games")
        stale = {"type": 2, "style": 2, "label": "Spectate", "custom_id": "penguins:spectate:1"}
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=games.id)
        body = {"content": "An old lobby", "components": [{"type": 1, "components": [stale]}]}
        await bot.http.request(route, json=body)
        (old,) = fake.history(games)
        said = {}
        for person, lang in (("alice", "en"), ("bruno", "de")):
            reply = await fake.click(fake.user(person), old, label="Spectate")
            assert reply.kind == "message" and reply.ephemeral
            said[lang] = reply.content
        assert said == {"en": NO_LONGER_VALID, "de": t("de", NO_LONGER_VALID)}
        assert NO_LONGER_VALID == "This button is no longer valid."
        assert old.content == "An old lobby" and old.edits == 0


# --- the start-up check of running games ----------------------------------------------------


async def test_a_running_game_with_a_wrong_snapshot_is_rebuilt_at_start(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The action log is the truth: a snapshot changed behind the bot's back is rebuilt in the
    background at start, logged, and the game goes on from the logged position (F-6)."""
    fake, db = fake_discord, tmp_path / "games.sqlite3"
    async with bot_in_process(fake, db) as bot:
        _, thread, _ = await open_game(fake, "fish", 2)
        for _ in range(3):
            _, game, user = await who_moves(bot, fake, 1)
            await fish_step(fake, user, thread, game.phase)
        record, played = await load_game(bot.store, 1)
        assert bot.snapshot_check is not None
        assert await bot.snapshot_check == SnapshotReport(checked=0)
    stale = dump_snapshot(new_game("fish", 2, record.seed))
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE games SET snapshot = ? WHERE id = 1", (stale,))
    with caplog.at_level(logging.INFO, logger="bot.client"):
        async with bot_in_process(fake, db) as bot:
            assert bot.snapshot_check is not None
            report = await bot.snapshot_check
            assert report == SnapshotReport(checked=1, repaired=(1,))
            _, again = await load_game(bot.store, 1)
            assert again is not None and played is not None
            assert again.to_dict() == played.to_dict()
            _, game, user = await who_moves(bot, fake, 1)
            done = await fish_step(fake, user, thread, game.phase)
            assert is_done(user, done), done.content
    assert "rebuilt game(s) #1 from their action log" in caplog.text
