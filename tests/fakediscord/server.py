"""The aiohttp server that plays Discord on 127.0.0.1 for discord.py clients."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self

from aiohttp import web

from tests.fakediscord import limits
from tests.fakediscord.clock import Clock
from tests.fakediscord.errors import DiscordError, LimitViolation, Violation
from tests.fakediscord.faults import Faults
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.rest import Rest, ok
from tests.fakediscord.state import Attachment, Interaction
from tests.fakediscord.webhooks import Webhooks
from tests.fakediscord.world import World

log = logging.getLogger(__name__)
API_PREFIX = "/api/v10"
UNAUTHENTICATED = ("/webhooks/", "/interactions/")


@dataclass
class RequestRecord:
    """One REST request the bot made and the status it got."""

    method: str
    route: str
    path: str
    status: int

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


class Server:
    """A local Discord: REST under /api/v10, the gateway at /, attachments under /attachments.

    Tests use its subclass FakeDiscord, which adds the people's side.

    ``attachment_limit`` is the per-file upload limit in bytes (10 MiB, Discord's for a server
    without boosts), ``response_deadline`` the time to the first interaction response (3 s)
    and ``token_lifetime`` how long followups and edits are accepted (15 minutes); both are
    measured with ``clock``, which tests may advance. ``heartbeat_interval_ms`` is sent in
    HELLO; a connection without a heartbeat for 1.5 intervals is closed (4009).

    Sharding: ``shards`` is the recommended shard count ``GET /gateway/bot`` answers (by
    default one per 2,500 guilds, as Discord's limit ``max_guilds_per_shard``; a session that
    would hold more is closed with 4011); with ``identify_interval`` (Discord's is 5 s; None,
    the default, lets tests restart bots at once) each bucket ``shard_id % max_concurrency``
    may IDENTIFY once per interval, and a further IDENTIFY gets INVALID_SESSION.
    """

    def __init__(
        self,
        *,
        attachment_limit: int = limits.ATTACHMENT_BYTES,
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval_ms: int = 41_250,
        privileged_intents: tuple[str, ...] = (),
        bot_name: str = "Penguin Bot",
        shards: int | None = None,
        max_concurrency: int = 1,
        max_guilds_per_shard: int = 2500,
        identify_interval: float | None = None,
    ) -> None:
        self.clock = Clock()
        self.world = World.create(self.clock, bot_name=bot_name)
        self.attachment_limit = attachment_limit
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.privileged_intents = set(privileged_intents)
        self.faults = Faults()
        self.shards = shards
        self.gateway = Gateway(
            self,
            heartbeat_interval_ms=heartbeat_interval_ms,
            max_concurrency=max_concurrency,
            max_guilds_per_shard=max_guilds_per_shard,
            identify_interval=identify_interval,
        )
        self.violations: list[Violation] = []
        #: A test's hidden information (e.g. every card in a hand, asked afresh on each
        #: message): never in a public message, never in any custom_id.
        self.secrets: Callable[[], Iterable[str]] | None = None
        self.requests: list[RequestRecord] = []
        self.syncs: list[tuple[int | None, list[str]]] = []
        self.uploads: dict[int, Attachment] = {}
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.clock.on_advance(self.notify)

    # addresses

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:PORT."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for discord.http.Route.BASE."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The value for DiscordWebSocket.DEFAULT_GATEWAY (and resume_gateway_url)."""
        return f"ws://127.0.0.1:{self.port}/"

    @property
    def recommended_shards(self) -> int:
        """What ``GET /gateway/bot`` recommends: ``shards`` if set, else enough for the guilds."""
        if self.shards is not None:
            return self.shards
        per_shard = self.gateway.max_guilds_per_shard
        return max(1, -(-len(self.world.guilds) // per_shard))

    @property
    def token(self) -> str:
        """The bot token the stand-in accepts."""
        return self.world.application.token

    # life cycle

    async def start(self) -> Self:
        """Listen on a free port of 127.0.0.1."""
        max_size = self.attachment_limit * (limits.FILES + 1) + 1024 * 1024
        api = web.Application(middlewares=[self._middleware], client_max_size=max_size)
        api.add_routes(Rest(self).routes() + Webhooks(self).routes())
        root = web.Application(client_max_size=max_size)
        root.router.add_get("/", self.gateway.handle)
        root.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._download)
        root.add_subapp(API_PREFIX, api)
        self._runner = web.AppRunner(root, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        return self

    async def stop(self) -> None:
        """Close every gateway connection and stop listening."""
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.stop()

    # waking waiters and recording what went wrong

    def notify(self) -> None:
        """Wake everything waiting in ``wait_until`` to look at the world again."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the next change."""
        event = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    def record(
        self, route: str, violation: LimitViolation, interaction: Interaction | None
    ) -> None:
        """Keep a broken rule for the test to fail on."""
        self.violations.append(Violation(route, str(violation), violation.problems))
        log.error("Discord rule broken on %s: %s", route, violation)
        if interaction is not None:
            interaction.problems.append(str(violation))
            interaction.wake.set()

    def take_violations(self) -> list[Violation]:
        """Return and forget the recorded violations (for tests that break rules on purpose)."""
        taken = list(self.violations)
        self.violations.clear()
        return taken

    def fail_interaction(self, interaction: Interaction, *, late: bool = False) -> None:
        """Mark an interaction failed: nobody answered within the deadline."""
        if interaction.failed:
            return
        interaction.failed = True
        what = self.describe(interaction)
        text = (
            f"{what}: no response within {self.response_deadline:g} s; Discord shows "
            "'This interaction failed'"
            + (" and later callbacks get 404 Unknown interaction (10062)" if late else "")
        )
        self.violations.append(Violation("interaction", text))
        interaction.wake.set()
        self.notify()

    def describe(self, interaction: Interaction) -> str:
        """A human description: '/fish move by alice' or 'button Join by bruno'."""
        kind = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}.get(interaction.type)
        return f"{kind} {interaction.name} by {interaction.user.name}"

    def focused_option_type(self, interaction: Interaction) -> int:
        """The option type of the focused option of an autocomplete interaction."""
        options = interaction.data.get("options") or []
        while options:
            focused = next((o for o in options if o.get("focused")), None)
            if focused is not None:
                return int(focused["type"])
            options = options[0].get("options") or []
        return 3

    # the HTTP plumbing

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        path = request.path.removeprefix(API_PREFIX)
        resource = request.match_info.route.resource
        template = resource.canonical.removeprefix(API_PREFIX) if resource else path
        route = f"{request.method} {template}"
        interaction = None
        if "webhook_token" in request.match_info:
            interaction = self.world.interactions_by_token.get(request.match_info["webhook_token"])
        try:
            response = await self._serve(request, handler, path, template, interaction)
        except LimitViolation as violation:
            self.record(route, violation, interaction)
            response = self._error(violation.as_discord_error())
        except DiscordError as error:
            response = self._error(error)
        except web.HTTPException as error:
            text = f"the stand-in does not implement {request.method} {path} ({error.status})"
            self.record(route, LimitViolation([("", text)]), interaction)
            response = self._error(DiscordError(404, 0, f"404: Not Found ({text})"))
        self.requests.append(RequestRecord(request.method, template, path, response.status))
        self.notify()
        return response

    async def _serve(
        self,
        request: web.Request,
        handler: Any,
        path: str,
        template: str,
        interaction: Interaction | None,
    ) -> web.StreamResponse:
        channel_id = request.match_info.get("channel_id")
        in_channel = int(channel_id) if channel_id and channel_id.isdigit() else None
        if interaction is not None:
            in_channel = interaction.channel_id
        fault = self.faults.check(request.method, template, path, in_channel)
        if fault is not None:
            from tests.fakediscord.faults import as_error

            error, headers = as_error(fault)
            body = error.body()
            if fault.status == 429:
                body = {
                    "message": fault.message,
                    "retry_after": fault.retry_after,
                    "global": fault.is_global,
                }
            elif fault.status >= 500:
                return web.Response(status=fault.status, text=fault.message, headers=headers)
            return ok(body, fault.status, headers)
        authorized = request.headers.get("Authorization") == f"Bot {self.token}"
        if not template.startswith(UNAUTHENTICATED) and not authorized:
            return ok({"message": "401: Unauthorized", "code": 0}, 401)
        response: web.StreamResponse = await handler(request)
        return response

    @staticmethod
    def _error(error: DiscordError) -> web.Response:
        return ok(error.body(), error.status)

    async def _download(self, request: web.Request) -> web.Response:
        """Serve an attachment's bytes (what Attachment.read() fetches)."""
        wanted = int(request.match_info["attachment_id"])
        for message in self.world.messages.values():
            for attachment in message.attachments:
                if attachment.id == wanted:
                    return web.Response(
                        body=attachment.data,
                        content_type=attachment.content_type or "application/octet-stream",
                    )
        for upload in self.uploads.values():
            if upload.id == wanted:
                return web.Response(body=upload.data, content_type=upload.content_type or "")
        raise web.HTTPNotFound()
