"""Starting ``python -m bot``: quiet about voice it never uses, and clear when Discord is silent."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.cogs.test_process import process_env, run_to_exit
from tests.fakediscord import FakeDiscord


async def test_a_discord_that_never_answers_ends_the_start_with_a_clear_message(
    tmp_path: Path,
) -> None:
    """A server that accepts the connection and then says nothing: the bot gives up after
    CONNECT_TIMEOUT_SECONDS, says what happened and exits 1, instead of hanging silently."""
    held: list[asyncio.StreamWriter] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)  # read nothing, answer nothing, keep the connection open

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        env = process_env(
            None,
            tmp_path,
            DISCORD_TOKEN="MTAx.silent.token",
            DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
            DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}",
            CONNECT_TIMEOUT_SECONDS="2",
        )
        code, output = await run_to_exit(env, tmp_path)
    finally:
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()
    assert code == 1, output
    assert "Discord did not answer within 2 seconds" in output
    assert "Traceback" not in output


async def test_the_start_logs_no_voice_warnings(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The bot never uses voice: no 'voice will NOT be supported' warnings while it starts."""
    env = process_env(fake_discord, tmp_path, SYNC_COMMANDS="never")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert process.stdout is not None
    seen: list[str] = []
    try:
        async with asyncio.timeout(30):
            while True:
                line = (await process.stdout.readline()).decode()
                assert line, "the bot stopped before it was ready:\n" + "".join(seen)
                seen.append(line)
                if "connected to gateway" in line.lower():
                    break
    finally:
        process.terminate()
        await process.wait()
    assert not [line for line in seen if "voice" in line.lower()], "".join(seen)
