"""The gateway websocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

Sharding as Discord documents it: an IDENTIFY may carry ``shard: [shard_id, shard_count]``; a
session then gets the READY, GUILD_CREATE and events of the guilds with
``(guild_id >> 22) % shard_count == shard_id`` only, and events without a guild (DMs) go to
shard 0 alone. An invalid shard closes with 4010, a session that would hold more than
``max_guilds_per_shard`` guilds with 4011 (sharding required). IDENTIFYs are limited per bucket
``shard_id % max_concurrency`` to one per ``identify_interval`` on the stand-in's clock (Discord:
5 s, ``DISCORD_IDENTIFY_INTERVAL``; off unless a test asks, so that tests may restart a bot at
once); one beyond that is answered with INVALID_SESSION (opcode 9, not resumable), as Discord
does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import weakref
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fakediscord import payloads

if TYPE_CHECKING:
    from tests.fakediscord.server import Server
    from tests.fakediscord.state import Guild

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12
PRIVILEGED = {"members": 1 << 1, "presences": 1 << 8, "message_content": 1 << 15}
#: Discord: each bucket (shard_id % max_concurrency) may IDENTIFY once per 5 seconds.
DISCORD_IDENTIFY_INTERVAL = 5.0
# A connection without a heartbeat for this many heartbeat intervals is closed (4009).
HEARTBEAT_GRACE = 1.5


@dataclass(eq=False)
class Session:
    """A gateway session: survives a dropped socket so the client can RESUME it."""

    id: str
    intents: int
    buffer: list[tuple[int, str]] = field(default_factory=list)
    cursor: int = 0
    socket: web.WebSocketResponse | None = None
    compressor: Any = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dead: bool = False
    #: (shard_id, shard_count); an unsharded session is (0, 1) and so gets every guild.
    shard: tuple[int, int] = (0, 1)

    def serves(self, guild_id: int | None) -> bool:
        """Whether events of this guild (None: no guild, e.g. a DM) come to this session."""
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % shard_count == shard_id

    @property
    def seq(self) -> int:
        """The sequence number of the last dispatch."""
        return self.buffer[-1][0] if self.buffer else 0

    @property
    def connected(self) -> bool:
        """Whether a socket is attached right now."""
        return self.socket is not None and not self.socket.closed


class Gateway:
    """Every gateway session of the bot, and the websocket handler that serves them."""

    def __init__(
        self,
        fake: Server,
        *,
        heartbeat_interval_ms: int = 41_250,
        max_concurrency: int = 1,
        max_guilds_per_shard: int = 2500,
        identify_interval: float | None = None,
    ) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.max_concurrency = max_concurrency
        self.max_guilds_per_shard = max_guilds_per_shard
        self.identify_interval = identify_interval
        #: When each rate-limit bucket (shard_id % max_concurrency) last IDENTIFYed.
        self.bucket_identified: dict[int, float] = {}
        #: IDENTIFYs answered with INVALID_SESSION for exceeding max_concurrency.
        self.identify_refusals = 0
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        #: The close codes the stand-in closed connections with (4002, 4005, 4009, …).
        self.closes: list[int] = []
        #: Sockets the test dropped: their close looks clean (code 1000) but they may resume.
        self.dropped: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()
        self.changed = asyncio.Event()

    # state the tests look at

    def live(self) -> list[Session]:
        """Sessions that still receive dispatches (connected or resumable)."""
        return [s for s in self.sessions.values() if not s.dead]

    def connected(self) -> list[Session]:
        """Sessions with a socket attached."""
        return [s for s in self.live() if s.connected]

    # dispatching

    def dispatch(self, event: str, data: dict[str, Any], *, intent: int | None = None) -> int:
        """Queue an event to every live session subscribed to ``intent`` whose shard serves the
        event's guild (shard 0 for events without one); returns how many."""
        guild_id = guild_of(event, data)
        count = 0
        for session in self.live():
            if intent is not None and not session.intents & intent:
                continue
            if not session.serves(guild_id):
                continue
            self._queue(session, event, data)
            count += 1
        return count

    def dispatch_guild_create(self, guild: Guild, *, joined: bool = False) -> int:
        """GUILD_CREATE to every live session with the guilds intent, its members as that
        session's intents allow; ``joined`` for a guild the bot was just added to (no
        ``unavailable`` key, so discord.py reports ``on_guild_join``)."""
        count = 0
        for session in self.live():
            if not session.intents & GUILDS or not session.serves(guild.id):
                continue
            everyone = bool(session.intents & PRIVILEGED["members"])
            data = payloads.guild(self.fake.world, guild, all_members=everyone)
            if joined:
                del data["unavailable"]
            self._queue(session, "GUILD_CREATE", data)
            count += 1
        return count

    def delivered(self) -> bool:
        """Whether every connected session was sent everything queued for it."""
        return all(s.cursor >= len(s.buffer) for s in self.connected())

    def _queue(self, session: Session, event: str, data: dict[str, Any]) -> None:
        seq = session.seq + 1
        text = json.dumps({"op": DISPATCH, "t": event, "s": seq, "d": data})
        session.buffer.append((seq, text))
        session.wake.set()

    async def _send(self, session: Session, socket: web.WebSocketResponse, text: str) -> None:
        async with session.lock:
            if socket.closed:
                return
            if session.compressor is not None:
                raw = session.compressor.compress(text.encode())
                raw += session.compressor.flush(zlib.Z_SYNC_FLUSH)
                await socket.send_bytes(raw)
            else:
                await socket.send_str(text)

    async def _writer(self, session: Session, socket: web.WebSocketResponse) -> None:
        # One writer per connection keeps dispatches in sequence order.
        while not socket.closed:
            while session.cursor < len(session.buffer) and not socket.closed:
                await self._send(session, socket, session.buffer[session.cursor][1])
                session.cursor += 1
            session.wake.clear()
            await session.wake.wait()

    # the websocket

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one gateway connection."""
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        if request.query.get("encoding", "json") != "json":
            await socket.close(code=4002, message=b"only encoding=json is supported")
            return socket
        compressor = None
        if request.query.get("compress") == "zlib-stream":
            compressor = zlib.compressobj()
        holder = Session("", 0, compressor=compressor)
        await self._send(
            holder, socket, self._op(HELLO, {"heartbeat_interval": self.heartbeat_interval_ms})
        )
        loop = asyncio.get_running_loop()
        last_beat = [loop.time()]
        watchdog = asyncio.create_task(self._watchdog(socket, last_beat))
        session: Session | None = None
        writer: asyncio.Task[None] | None = None
        try:
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    continue
                try:
                    message = json.loads(frame.data)
                    if not isinstance(message, dict):
                        raise ValueError("not a JSON object")
                except ValueError:
                    await self._close(socket, 4002, "Decode error")
                    break
                op, data = message.get("op"), message.get("d")
                current = session or holder
                if op == HEARTBEAT:
                    self.heartbeats += 1
                    last_beat[0] = loop.time()
                    await self._send(current, socket, self._op(HEARTBEAT_ACK, None))
                elif op in (IDENTIFY, RESUME) and session is not None:
                    await self._close(socket, 4005, "Already authenticated.")
                    break
                elif op in (IDENTIFY, RESUME):
                    if not isinstance(data, dict):
                        await self._close(socket, 4002, "Decode error")
                        break
                    if op == IDENTIFY:
                        session = await self._identify(socket, data, holder)
                    else:
                        session = self._resume(socket, data, compressor)
                        if session is None:
                            await self._send(holder, socket, self._op(INVALID_SESSION, False))
                if session is not None and writer is None:
                    writer = asyncio.create_task(self._writer(session, socket))
                    self.changed.set()
        finally:
            watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watchdog
            if writer is not None:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await writer
            if session is not None and session.socket is socket:
                session.socket = None
                # A client's own clean close ends the session, and so does a timeout (4009:
                # "reconnect and start a new one"); anything else may be resumed.
                clean = socket.close_code in (1000, 1001) and socket not in self.dropped
                if clean or socket.close_code == 4009:
                    session.dead = True
            self.changed.set()
        return socket

    async def _close(self, socket: web.WebSocketResponse, code: int, reason: str) -> None:
        """Close a connection with a gateway close code, as Discord does on a protocol error."""
        self.closes.append(code)
        log.info("closing a gateway connection: %d %s", code, reason)
        await socket.close(code=code, message=reason.encode())

    async def _watchdog(self, socket: web.WebSocketResponse, last_beat: list[float]) -> None:
        # Discord closes a connection that stopped heartbeating (a zombie) with 4009.
        loop = asyncio.get_running_loop()
        timeout = self.heartbeat_interval_ms / 1000 * HEARTBEAT_GRACE
        while not socket.closed:
            remaining = last_beat[0] + timeout - loop.time()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            await self._close(socket, 4009, "Session timed out.")
            return

    async def _identify(
        self, socket: web.WebSocketResponse, data: dict[str, Any], holder: Session
    ) -> Session | None:
        fake = self.fake
        if data.get("token") != fake.token:
            await self._close(socket, 4004, "Authentication failed.")
            return None
        shard = parse_shard(data.get("shard"))
        if shard is None:
            await self._close(socket, 4010, "Invalid shard.")
            return None
        intents = int(data.get("intents", 0))
        refused = [
            name
            for name, bit in PRIVILEGED.items()
            if intents & bit and name not in fake.privileged_intents
        ]
        if refused:
            await self._close(socket, 4014, "Disallowed intent(s).")
            return None
        world = fake.world
        probe = Session("", intents, shard=shard)
        guilds = [g for g in world.guilds.values() if probe.serves(g.id)]
        if len(guilds) > self.max_guilds_per_shard:
            await self._close(socket, 4011, "Sharding required.")
            return None
        bucket = shard[0] % self.max_concurrency
        now = fake.clock.now()
        last = self.bucket_identified.get(bucket)
        interval = self.identify_interval
        if interval is not None and last is not None and now - last < interval:
            # Discord: "If your app exceeds this limit, Discord will respond with an Invalid
            # Session (opcode 9) event."
            self.identify_refusals += 1
            log.info(
                "IDENTIFY of shard %s refused: bucket %d identified %.2f s ago",
                shard,
                bucket,
                now - last,
            )
            await self._send(holder, socket, self._op(INVALID_SESSION, False))
            return None
        self.bucket_identified[bucket] = now
        for old in self.live():
            # A new session replaces the same shard's session that is gone (not resumed).
            if not old.connected and old.shard == shard:
                old.dead = True
        session = Session(
            secrets.token_hex(16),
            intents,
            socket=socket,
            compressor=holder.compressor,
            shard=shard,
        )
        self.sessions[session.id] = session
        self.identifies += 1
        app = world.application
        self._queue(
            session,
            "READY",
            {
                "v": 10,
                "user": {
                    **payloads.user(app.bot),
                    "verified": True,
                    "mfa_enabled": False,
                    "flags": 0,
                },
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "shard": list(shard),
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": fake.gateway_url,
                "private_channels": [],
                "relationships": [],
                "application": {"id": str(app.id), "flags": app.flags},
            },
        )
        for guild in guilds:
            everyone = bool(intents & PRIVILEGED["members"])
            self._queue(session, "GUILD_CREATE", payloads.guild(world, guild, all_members=everyone))
        return session

    def _resume(
        self, socket: web.WebSocketResponse, data: dict[str, Any], compressor: Any
    ) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if (
            session is None
            or session.dead
            or session.connected
            or data.get("token") != self.fake.token
        ):
            return None
        seq = int(data.get("seq") or 0)
        session.socket = socket
        session.compressor = compressor
        session.cursor = next(
            (n for n, (s, _) in enumerate(session.buffer) if s > seq), len(session.buffer)
        )
        self._queue(session, "RESUMED", {})
        self.resumes += 1
        return session

    @staticmethod
    def _op(op: int, data: Any) -> str:
        return json.dumps({"op": op, "d": data, "s": None, "t": None})

    # faults

    async def drop(self, *, code: int = 4000) -> int:
        """Close every connected socket as a network failure would; returns how many."""
        dropped = 0
        for session in self.connected():
            socket = session.socket
            assert socket is not None
            self.dropped.add(socket)
            await socket.close(code=code, message=b"dropped by the test")
            dropped += 1
        return dropped

    async def send_reconnect(self) -> None:
        """Ask every connected client to reconnect and resume (opcode 7)."""
        for session in self.connected():
            assert session.socket is not None
            await self._send(session, session.socket, self._op(RECONNECT, None))

    async def invalidate(self) -> None:
        """End every session; clients must IDENTIFY again (opcode 9, not resumable)."""
        for session in self.connected():
            assert session.socket is not None
            session.dead = True
            await self._send(session, session.socket, self._op(INVALID_SESSION, False))

    async def close_all(self) -> None:
        """Close every socket (server shutdown)."""
        for session in self.connected():
            assert session.socket is not None
            await session.socket.close(code=1001)


def parse_shard(raw: Any) -> tuple[int, int] | None:
    """``[shard_id, shard_count]`` from IDENTIFY as a pair; (0, 1) when absent; None when
    invalid (not two integers, no shards, or an id outside ``0 … shard_count - 1``)."""
    if raw is None:
        return (0, 1)
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in raw):
        return None
    shard_id, shard_count = raw
    if shard_count < 1 or not 0 <= shard_id < shard_count:
        return None
    return (shard_id, shard_count)


def guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to (its ``guild_id``; a guild's own id for GUILD_* events
    about the guild itself); None for events outside guilds, such as DMs."""
    raw = data.get("guild_id")
    if raw is None and event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
        raw = data.get("id")
    return int(raw) if raw is not None else None
