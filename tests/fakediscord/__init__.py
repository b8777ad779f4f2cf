"""A local Discord stand-in that the unmodified discord.py client connects to (see README.md)."""

from tests.fakediscord.errors import DiscordError, LimitViolation, Violation
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.plugin import default_world, run_client
from tests.fakediscord.results import Choice, Reply
from tests.fakediscord.state import Attachment, Channel, Guild, Message, Role, User

__all__ = [
    "Attachment",
    "Channel",
    "Choice",
    "DiscordError",
    "FakeDiscord",
    "Guild",
    "LimitViolation",
    "Message",
    "Reply",
    "Role",
    "User",
    "Violation",
    "default_world",
    "run_client",
]
