"""REST routes for the bot's own calls: login, gateway, commands, channels, messages, threads."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord import commands, gateway, messages, payloads
from tests.fakediscord import permissions as perms
from tests.fakediscord.errors import DiscordError, LimitViolation, not_found
from tests.fakediscord.state import DM, PRIVATE_THREAD, PUBLIC_THREAD, TEXT, Channel, Command

if TYPE_CHECKING:
    from tests.fakediscord.server import Server


def ok(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with exactly ``application/json``, which discord.py insists on."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def no_content() -> web.Response:
    """204 No Content."""
    return web.Response(status=204)


class Rest:
    """Handlers for the REST API under /api/v10 (everything but interactions and webhooks)."""

    def __init__(self, fake: Server) -> None:
        self.fake = fake
        self.world = fake.world

    def routes(self) -> list[web.RouteDef]:
        """The route table."""
        return [
            web.get("/users/@me", self.me),
            web.get("/users/{user_id}", self.get_user),
            web.post("/users/@me/channels", self.open_dm),
            web.get("/oauth2/applications/@me", self.application),
            web.get("/applications/@me", self.application),
            web.get("/gateway", self.gateway_url),
            web.get("/gateway/bot", self.gateway_bot),
            web.get("/applications/{application_id}/commands", self.get_commands),
            web.put("/applications/{application_id}/commands", self.put_commands),
            web.get("/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            web.put("/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            web.get("/guilds/{guild_id}", self.get_guild),
            web.get("/guilds/{guild_id}/channels", self.guild_channels),
            web.get("/guilds/{guild_id}/roles", self.guild_roles),
            web.get("/guilds/{guild_id}/members", self.list_members),
            web.get("/guilds/{guild_id}/members/{user_id}", self.get_member),
            web.get("/guilds/{guild_id}/threads/active", self.active_threads),
            web.get("/channels/{channel_id}", self.get_channel),
            web.patch("/channels/{channel_id}", self.edit_channel),
            web.get("/channels/{channel_id}/messages", self.history),
            web.post("/channels/{channel_id}/messages", self.send),
            web.get("/channels/{channel_id}/messages/{message_id}", self.get_message),
            web.patch("/channels/{channel_id}/messages/{message_id}", self.edit_message),
            web.delete("/channels/{channel_id}/messages/{message_id}", self.delete_message),
            web.post("/channels/{channel_id}/threads", self.start_thread),
            web.post(
                "/channels/{channel_id}/messages/{message_id}/threads", self.thread_from_message
            ),
            web.get("/channels/{channel_id}/threads/archived/public", self.archived_threads),
            web.put("/channels/{channel_id}/thread-members/{user_id}", self.join_thread),
            web.delete("/channels/{channel_id}/thread-members/{user_id}", self.leave_thread),
            web.post("/channels/{channel_id}/typing", self.typing),
        ]

    # login and gateway

    async def me(self, request: web.Request) -> web.Response:
        """GET /users/@me: the bot user."""
        bot = self.world.application.bot
        return ok({**payloads.user(bot), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        """GET /users/{id}."""
        return ok(payloads.user(self.world.user(request.match_info["user_id"])))

    async def application(self, request: web.Request) -> web.Response:
        """GET /oauth2/applications/@me: the application info discord.py reads at login."""
        app = self.world.application
        return ok(
            {
                "id": str(app.id),
                "name": app.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": app.flags,
                "owner": payloads.user(app.owner),
                "team": None,
                "bot": payloads.user(app.bot),
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(self.world.guilds),
            }
        )

    async def gateway_url(self, request: web.Request) -> web.Response:
        """GET /gateway."""
        return ok({"url": self.fake.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """GET /gateway/bot: the websocket address and session limits."""
        return ok(
            {
                "url": self.fake.gateway_url,
                "shards": self.fake.recommended_shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": max(0, 1000 - self.fake.gateway.identifies),
                    "reset_after": 14_400_000,
                    "max_concurrency": self.fake.gateway.max_concurrency,
                },
            }
        )

    # application commands

    def _scope(self, request: web.Request) -> tuple[int | None, list[Command]]:
        if int(request.match_info["application_id"]) != self.world.application.id:
            raise DiscordError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None, self.world.global_commands
        guild = self.world.guild(guild_id)
        return guild.id, self.world.guild_commands.setdefault(guild.id, [])

    async def get_commands(self, request: web.Request) -> web.Response:
        """GET the synced commands (global or of a guild)."""
        _, synced = self._scope(request)
        return ok([payloads.command(self.world, c) for c in synced])

    async def put_commands(self, request: web.Request) -> web.Response:
        """PUT: bulk overwrite, validated the way Discord validates it."""
        guild_id, synced = self._scope(request)
        body = await request.json()
        if not isinstance(body, list):
            raise DiscordError(400, 50035, "Invalid Form Body")
        problems = commands.validate(body)
        if problems:
            raise LimitViolation(problems)
        previous = {(c.type, c.name): c for c in synced}
        fresh = []
        for data in body:
            kind = int(data.get("type", 1))
            old = previous.get((kind, data["name"]))
            command_id = old.id if old else self.world.ids.next()
            fresh.append(
                Command(command_id, guild_id, {**data, "type": kind}, self.world.ids.next())
            )
        synced[:] = fresh
        self.fake.syncs.append((guild_id, [c.name for c in fresh]))
        return ok([payloads.command(self.world, c) for c in fresh])

    # guilds and members

    async def get_guild(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}."""
        data = payloads.guild(self.world, self.world.guild(request.match_info["guild_id"]))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return ok(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/channels."""
        guild = self.world.guild(request.match_info["guild_id"])
        return ok([payloads.channel(self.world, self.world.channels[c]) for c in guild.channel_ids])

    async def guild_roles(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/roles."""
        guild = self.world.guild(request.match_info["guild_id"])
        return ok([payloads.role(r) for r in guild.roles.values()])

    async def list_members(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/members (needs the members intent on Discord; answered here)."""
        guild = self.world.guild(request.match_info["guild_id"])
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 1))
        found = sorted(
            (m for uid, m in guild.members.items() if uid > after), key=lambda m: m.user.id
        )
        return ok([payloads.member(m) for m in found[:limit]])

    async def get_member(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/members/{user_id}."""
        guild = self.world.guild(request.match_info["guild_id"])
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise not_found(10007, "Member")
        return ok(payloads.member(member))

    async def active_threads(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/threads/active."""
        guild = self.world.guild(request.match_info["guild_id"])
        bot = self.world.application.bot.id
        threads = [
            t
            for c in guild.channel_ids
            for t in self.world.threads_of(self.world.channels[c])
            if not t.archived and self.world.permissions(bot, t) & perms.VIEW_CHANNEL
        ]
        return ok({"threads": [payloads.channel(self.world, t) for t in threads], "members": []})

    # channels and threads

    def _visible(self, channel_id: str) -> Channel:
        channel = self.world.channel(channel_id)
        if (
            channel.type != DM
            and not self.world.permissions(self.world.application.bot.id, channel)
            & perms.VIEW_CHANNEL
        ):
            raise DiscordError(403, 50001, "Missing Access")
        return channel

    async def get_channel(self, request: web.Request) -> web.Response:
        """GET /channels/{id} (archived threads too)."""
        return ok(payloads.channel(self.world, self._visible(request.match_info["channel_id"])))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}: rename, or archive/unarchive/lock a thread."""
        channel = self._visible(request.match_info["channel_id"])
        body = await request.json()
        if channel.is_thread:
            self._edit_thread(channel, body)
        else:
            self.world.require(channel, perms.MANAGE_CHANNELS)
            channel.name = str(body.get("name", channel.name))
            channel.topic = body.get("topic", channel.topic)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.fake.gateway.dispatch(
            event, payloads.channel(self.world, channel), intent=gateway.GUILDS
        )
        return ok(payloads.channel(self.world, channel))

    def _edit_thread(self, thread: Channel, body: dict[str, Any]) -> None:
        bot = self.world.application.bot.id
        have = self.world.permissions(bot, thread)
        manage = bool(have & perms.MANAGE_THREADS)
        owner = thread.owner_id == bot
        if "locked" in body and not manage:
            raise DiscordError(403, 50013, "Missing Permissions")
        if thread.locked and not manage:
            raise DiscordError(403, 50083, "Thread is locked")
        if body.get("archived") is False and not have & perms.SEND_IN_THREADS:
            raise DiscordError(403, 50013, "Missing Permissions")
        if ("name" in body or body.get("archived") is True) and not (owner or manage):
            raise DiscordError(403, 50013, "Missing Permissions")
        if "archived" in body and bool(body["archived"]) != thread.archived:
            thread.archived = bool(body["archived"])
            thread.archive_timestamp = self.fake.clock.now()
        thread.locked = bool(body.get("locked", thread.locked))
        thread.name = str(body.get("name", thread.name))
        if "auto_archive_duration" in body:
            thread.auto_archive_duration = int(body["auto_archive_duration"])

    async def start_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/threads: a thread without a starter message."""
        parent = self._visible(request.match_info["channel_id"])
        body = await request.json()
        private = int(body.get("type", PRIVATE_THREAD)) == PRIVATE_THREAD
        return ok(self._new_thread(parent, body, private=private), status=201)

    async def thread_from_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages/{message_id}/threads."""
        parent = self._visible(request.match_info["channel_id"])
        message = self.world.message(parent, request.match_info["message_id"])
        if message.thread_id is not None:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body = await request.json()
        data = self._new_thread(parent, body, private=False, thread_id=message.id)
        message.thread_id = message.id
        return ok(data, status=201)

    def _new_thread(
        self, parent: Channel, body: dict[str, Any], *, private: bool, thread_id: int | None = None
    ) -> dict[str, Any]:
        if parent.type != TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        needed = perms.CREATE_PRIVATE_THREADS if private else perms.CREATE_PUBLIC_THREADS
        self.world.require(parent, needed)
        name = str(body.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise LimitViolation([("name", f"thread names are 1-100 characters, got {len(name)}")])
        thread = self.world.add_thread(
            parent,
            name,
            owner=self.world.application.bot,
            private=private,
            auto_archive_duration=int(body.get("auto_archive_duration", 1440)),
            invitable=bool(body.get("invitable", True)),
        )
        if thread_id is not None:
            # A thread started from a message shares the message's id.
            del self.world.channels[thread.id]
            thread.id = thread_id
            self.world.channels[thread.id] = thread
        data = payloads.channel(self.world, thread)
        self.fake.gateway.dispatch(
            "THREAD_CREATE", {**data, "newly_created": True}, intent=gateway.GUILDS
        )
        return data

    async def archived_threads(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/threads/archived/public."""
        parent = self._visible(request.match_info["channel_id"])
        self.world.require(parent, perms.READ_HISTORY)
        threads = [
            t for t in self.world.threads_of(parent) if t.archived and t.type == PUBLIC_THREAD
        ]
        threads.sort(key=lambda t: t.archive_timestamp, reverse=True)
        return ok(
            {
                "threads": [payloads.channel(self.world, t) for t in threads],
                "members": [],
                "has_more": False,
            }
        )

    async def join_thread(self, request: web.Request) -> web.Response:
        """PUT /channels/{id}/thread-members/{user_id|@me}."""
        thread = self._visible(request.match_info["channel_id"])
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if thread.archived:
            raise DiscordError(400, 50083, "Thread is archived")
        raw = request.match_info["user_id"]
        user = self.world.application.bot if raw == "@me" else self.world.user(raw)
        if user is not self.world.application.bot:
            self.world.require(thread, perms.SEND_IN_THREADS)
            if thread.type == PRIVATE_THREAD and not thread.invitable:
                self.world.require(thread, perms.MANAGE_THREADS)
        thread.thread_members.add(user.id)
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}/thread-members/{user_id|@me}."""
        thread = self._visible(request.match_info["channel_id"])
        raw = request.match_info["user_id"]
        user = self.world.application.bot if raw == "@me" else self.world.user(raw)
        if user is not self.world.application.bot:
            self.world.require(thread, perms.MANAGE_THREADS)
        thread.thread_members.discard(user.id)
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/typing."""
        self._visible(request.match_info["channel_id"])
        return no_content()

    # messages

    async def history(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages with limit/before/after/around, newest first."""
        channel = self._visible(request.match_info["channel_id"])
        if channel.type != DM:
            self.world.require(channel, perms.READ_HISTORY)
        live = [m for m in channel.messages if not m.deleted and not m.ephemeral]
        limit = max(1, min(100, int(request.query.get("limit", 50))))
        if "before" in request.query:
            live = [m for m in live if m.id < int(request.query["before"])]
        if "after" in request.query:
            live = [m for m in live if m.id > int(request.query["after"])][:limit]
        if "around" in request.query:
            pivot = int(request.query["around"])
            older = [m for m in live if m.id <= pivot][-((limit + 1) // 2) :]
            newer = [m for m in live if m.id > pivot][: limit // 2]
            live = older + newer
        chosen = list(reversed(live))[:limit]
        return ok([payloads.message(self.world, self.fake.base_url, m) for m in chosen])

    async def get_message(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages/{message_id}."""
        channel = self._visible(request.match_info["channel_id"])
        if channel.type != DM:
            self.world.require(channel, perms.READ_HISTORY)
        message = self.world.message(channel, request.match_info["message_id"])
        return ok(payloads.message(self.world, self.fake.base_url, message))

    async def send(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages (JSON or multipart with files)."""
        channel = self.world.channel(request.match_info["channel_id"])
        body, uploads = await messages.read_body(request, self.fake.attachment_limit)
        self._may_post(channel, body, uploads)
        if channel.is_thread and channel.archived:
            # Posting in an archived (not locked) thread unarchives it, as on Discord.
            channel.archived = False
            channel.archive_timestamp = self.fake.clock.now()
            self.fake.gateway.dispatch(
                "THREAD_UPDATE", payloads.channel(self.world, channel), intent=gateway.GUILDS
            )
        message = messages.create(self.fake, channel, self.world.application.bot, body, uploads)
        return ok(payloads.message(self.world, self.fake.base_url, message))

    def _may_post(self, channel: Channel, body: dict[str, Any], uploads: list[Any]) -> None:
        if channel.type == DM:
            assert channel.recipient_id is not None
            if not self.world.users[channel.recipient_id].dms_open:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return
        bot = self.world.application.bot.id
        if not self.world.permissions(bot, channel) & perms.VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if channel.is_thread:
            if channel.locked and not self.world.permissions(bot, channel) & perms.MANAGE_THREADS:
                raise DiscordError(403, 50083, "Thread is locked")
            self.world.require(channel, perms.SEND_IN_THREADS)
        else:
            self.world.require(channel, perms.SEND_MESSAGES)
        if uploads:
            self.world.require(channel, perms.ATTACH_FILES)
        if body.get("message_reference"):
            self.world.require(channel, perms.READ_HISTORY)

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}/messages/{message_id} (only the bot's own messages)."""
        channel = self._visible(request.match_info["channel_id"])
        message = self.world.message(channel, request.match_info["message_id"])
        body, uploads = await messages.read_body(request, self.fake.attachment_limit)
        if message.author is not self.world.application.bot:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if channel.is_thread and channel.archived:
            raise DiscordError(400, 50083, "Thread is archived")
        messages.edit(self.fake, message, body, uploads, interaction=False)
        return ok(payloads.message(self.world, self.fake.base_url, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}/messages/{message_id}."""
        channel = self._visible(request.match_info["channel_id"])
        message = self.world.message(channel, request.match_info["message_id"])
        if message.author is not self.world.application.bot:
            self.world.require(channel, perms.MANAGE_MESSAGES)
        if channel.is_thread and channel.archived:
            raise DiscordError(400, 50083, "Thread is archived")
        messages.delete(self.fake, message)
        return no_content()

    async def open_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels: the DM channel with a user."""
        body = await request.json()
        user = self.world.user(body.get("recipient_id", ""))
        if user.bot:
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        return ok(payloads.channel(self.world, self.world.dm_channel(user)))
