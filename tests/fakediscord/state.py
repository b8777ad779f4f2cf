"""The world the stand-in keeps: guilds, channels, people, messages, commands, interactions."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tests.fakediscord import permissions as perms

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


@dataclass(eq=False)
class User:
    """A Discord account; ``locale`` is what their client sends with interactions."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    global_name: str | None = None
    dms_open: bool = True

    @property
    def mention(self) -> str:
        """The text that mentions this user."""
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    """A guild role; the @everyone role has the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass(eq=False)
class Member:
    """A user's membership of a guild."""

    user: User
    roles: list[int]
    joined_at: float
    nick: str | None = None


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class Guild:
    """A server: its roles, members and channels."""

    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)

    def base_permissions(self, user_id: int) -> int:
        """Permissions from the member's roles, before channel overwrites."""
        if user_id == self.owner_id:
            return perms.ALL
        member = self.members.get(user_id)
        if member is None:
            return 0
        value = self.roles[self.id].permissions
        for role_id in member.roles:
            value |= self.roles[role_id].permissions
        return perms.ALL if value & perms.ADMINISTRATOR else value


@dataclass(eq=False)
class Attachment:
    """An uploaded file; its bytes are kept so tests can read them."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    @cached_property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height of an image, read from its header as Discord reports them."""
        import io

        from PIL import Image

        if not (self.content_type or "").startswith("image/"):
            return None
        try:
            with Image.open(io.BytesIO(self.data)) as picture:
                return int(picture.width), int(picture.height)
        except Exception:
            return None

    def image(self) -> Any:
        """Decode the file with Pillow (fails the test if it is not a readable image)."""
        import io

        from PIL import Image

        picture = Image.open(io.BytesIO(self.data))
        picture.load()
        return picture


@dataclass(eq=False)
class Message:
    """A message as stored; ephemeral ones are visible only to ``ephemeral_for``."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: float = 0.0
    edited_timestamp: float | None = None
    webhook_id: int | None = None
    interaction: Interaction | None = None
    ephemeral_for: int | None = None
    thread_id: int | None = None
    reference_id: int | None = None
    deleted: bool = False
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        """Whether only one person can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred 'Bot is thinking…' placeholder not yet filled."""
        return bool(self.flags & LOADING)

    def all_components(self) -> list[dict[str, Any]]:
        """Every component, nested ones included, depth first."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("accessory"), dict):
                    found.append(item["accessory"])
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])

        walk(self.components)
        return found

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Every button on the message."""
        return [c for c in self.all_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        """Every select menu on the message."""
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def labels(self) -> list[str]:
        """The labels of the buttons, in order."""
        return [str(b.get("label", "")) for b in self.buttons]


@dataclass(eq=False)
class Channel:
    """A text channel, a thread or a DM channel."""

    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    archive_timestamp: float = 0.0
    thread_members: set[int] = field(default_factory=set)
    recipient_id: int | None = None
    messages: list[Message] = field(default_factory=list)
    created_messages: int = 0

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        """The text that mentions this channel."""
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> int | None:
        """The newest message still in the channel."""
        live = [m for m in self.messages if not m.deleted]
        return live[-1].id if live else None


@dataclass(eq=False)
class Command:
    """An application command as synced (the stored JSON plus its id and scope)."""

    id: int
    guild_id: int | None
    data: dict[str, Any]
    version: int

    @property
    def name(self) -> str:
        """The command's name."""
        return str(self.data["name"])

    @property
    def type(self) -> int:
        """1 slash command, 2 user context menu, 3 message context menu."""
        return int(self.data.get("type", 1))


@dataclass(eq=False)
class Interaction:
    """One interaction a person started and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    created_at: float
    payload: dict[str, Any] = field(default_factory=dict)
    message: Message | None = None
    name: str = ""
    response_type: int | None = None
    responded_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    failed: bool = False
    problems: list[str] = field(default_factory=list)
    # Set when the bot answers or breaks a rule while answering: whoever waits looks again.
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def deferred(self) -> bool:
        """Whether the first answer was a deferral (type 5 or 6)."""
        return self.response_type in (5, 6)
