"""Errors the stand-in answers with, shaped like Discord's, and the record of broken limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class DiscordError(Exception):
    """An HTTP error answer exactly as Discord would give it (status, JSON code and message)."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends with this error."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def not_found(code: int, what: str) -> DiscordError:
    """404 for an unknown object (10003 Unknown Channel, 10008 Unknown Message, …)."""
    return DiscordError(404, code, f"Unknown {what}")


def missing_permissions() -> DiscordError:
    """403 Missing Permissions (50013)."""
    return DiscordError(403, 50013, "Missing Permissions")


class LimitViolation(AssertionError):
    """The bot did something Discord rejects; raised so the offending test fails loudly."""

    def __init__(self, problems: list[tuple[str, str]], *, status: int = 400, code: int = 50035):
        self.problems = problems
        self.status = status
        self.code = code
        text = "; ".join(f"{path}: {message}" if path else message for path, message in problems)
        super().__init__(f"Discord would reject this: {text}")

    def as_discord_error(self) -> DiscordError:
        """The same rejection as the HTTP error Discord returns."""
        if self.code != 50035:
            return DiscordError(self.status, self.code, self.problems[0][1])
        errors: dict[str, Any] = {}
        for path, message in self.problems:
            node = errors
            for part in [p for p in path.replace("[", ".").replace("]", "").split(".") if p]:
                node = node.setdefault(part, {})
            node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
        return DiscordError(self.status, 50035, "Invalid Form Body", errors)


@dataclass
class Violation:
    """One broken Discord rule, with where it happened (kept in ``FakeDiscord.violations``)."""

    route: str
    message: str
    problems: list[tuple[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.route}: {self.message}"
