"""Faults a test switches on: rate limits, server errors and refusals on chosen routes."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Any

from tests.fakediscord.errors import DiscordError


@dataclass
class Fault:
    """One armed fault: which requests it hits, what it answers, how often."""

    pattern: str
    status: int
    code: int
    message: str
    times: int | None
    channel_id: int | None = None
    retry_after: float = 0.0
    is_global: bool = False
    hits: int = 0
    errors: dict[str, Any] | None = None

    def matches(self, method: str, template: str, path: str, channel_id: int | None) -> bool:
        """Whether a request (``METHOD /path``, by template or concrete path) is hit."""
        if self.times is not None and self.hits >= self.times:
            return False
        if self.channel_id is not None and channel_id != self.channel_id:
            return False
        want_method, _, want_path = self.pattern.partition(" ")
        if not want_path:
            want_method, want_path = "*", want_method
        if want_method not in ("*", method):
            return False
        return fnmatch.fnmatchcase(template, want_path) or fnmatch.fnmatchcase(path, want_path)

    @property
    def spent(self) -> bool:
        """Whether the fault has fired as often as it was asked to."""
        return self.times is not None and self.hits >= self.times


class Faults:
    """The armed faults; the server asks ``check`` before handling each REST request.

    Patterns are ``"METHOD /path"`` (method optional, ``*`` wildcards), matched against the
    route template (``/channels/{channel_id}/messages``) and the concrete path
    (``/channels/123/messages``), both without the ``/api/v10`` prefix.
    """

    def __init__(self) -> None:
        self.armed: list[Fault] = []

    def rate_limit(
        self,
        pattern: str,
        *,
        retry_after: float = 0.2,
        times: int | None = 1,
        is_global: bool = False,
    ) -> Fault:
        """Answer 429 with ``retry_after`` (per route, or a global limit) the next ``times``."""
        scope = "global" if is_global else "user"
        fault = Fault(pattern, 429, 0, "You are being rate limited.", times, None, retry_after)
        fault.is_global = is_global
        fault.message = f"You are being rate limited. ({scope})"
        self.armed.append(fault)
        return fault

    def server_error(self, pattern: str, *, status: int = 500, times: int | None = 1) -> Fault:
        """Answer 500/502/503/504 the next ``times`` matching requests."""
        if status not in (500, 502, 503, 504):
            raise ValueError("server_error status must be 500, 502, 503 or 504")
        text = {500: "500: Internal Server Error", 502: "502: Bad Gateway"}.get(
            status, f"{status}: Service Unavailable"
        )
        fault = Fault(pattern, status, 0, text, times)
        self.armed.append(fault)
        return fault

    def forbidden(
        self,
        pattern: str = "*",
        *,
        channel: Any = None,
        code: int = 50013,
        times: int | None = None,
    ) -> Fault:
        """Answer 403 (default 50013 Missing Permissions) on a route and/or in one channel."""
        messages = {
            50013: "Missing Permissions",
            50001: "Missing Access",
            50007: "Cannot send messages to this user",
            50083: "Thread is archived",
        }
        channel_id = None if channel is None else int(getattr(channel, "id", channel))
        fault = Fault(pattern, 403, code, messages.get(code, "Forbidden"), times, channel_id)
        self.armed.append(fault)
        return fault

    def refuse(
        self,
        pattern: str,
        *,
        status: int = 400,
        code: int = 50035,
        message: str = "Invalid Form Body",
        errors: dict[str, Any] | None = None,
        times: int | None = 1,
    ) -> Fault:
        """Answer any other 4xx error Discord gives (default 400 / 50035 *Invalid Form Body*,
        with ``errors`` as its error tree), e.g. a command sync Discord turns down."""
        if not 400 <= status < 500 or status == 429:
            raise ValueError("refuse takes a 4xx status other than 429 (see rate_limit)")
        fault = Fault(pattern, status, code, message, times, errors=errors)
        self.armed.append(fault)
        return fault

    def clear(self) -> None:
        """Disarm every fault."""
        self.armed.clear()

    def check(self, method: str, template: str, path: str, channel_id: int | None) -> Fault | None:
        """The first armed fault hitting this request, counted as fired; None if none."""
        for fault in self.armed:
            if fault.matches(method, template, path, channel_id):
                fault.hits += 1
                return fault
        return None


def as_error(fault: Fault) -> tuple[DiscordError, dict[str, str]]:
    """The error body and the headers Discord sends with this fault."""
    if fault.status != 429:
        return DiscordError(fault.status, fault.code, fault.message, fault.errors), {}
    error = DiscordError(429, 0, fault.message)
    headers = {
        "Retry-After": str(max(1, round(fault.retry_after))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}",
        "X-RateLimit-Bucket": "fakebucket" + str(abs(hash(fault.pattern)) % 10**8),
        "X-RateLimit-Scope": "global" if fault.is_global else "user",
        "Via": "1.1 google",
    }
    if fault.is_global:
        headers["X-RateLimit-Global"] = "true"
    return error, headers
