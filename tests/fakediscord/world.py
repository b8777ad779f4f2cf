"""The stand-in's object store: creating things, finding them, and who may do what where."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from tests.fakediscord import permissions as perms
from tests.fakediscord.clock import Clock, Snowflakes
from tests.fakediscord.errors import DiscordError, not_found
from tests.fakediscord.state import (
    DM,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    Channel,
    Command,
    Guild,
    Interaction,
    Member,
    Message,
    Overwrite,
    Role,
    User,
)


@dataclass(eq=False)
class Application:
    """The bot's application: its id, bot user and token."""

    id: int
    name: str
    bot: User
    owner: User
    token: str
    flags: int = 0


@dataclass(eq=False)
class World:
    """Every object the stand-in knows, indexed by id."""

    clock: Clock
    ids: Snowflakes
    application: Application
    users: dict[int, User] = field(default_factory=dict)
    guilds: dict[int, Guild] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    messages: dict[int, Message] = field(default_factory=dict)
    global_commands: list[Command] = field(default_factory=list)
    guild_commands: dict[int, list[Command]] = field(default_factory=dict)
    interactions: dict[int, Interaction] = field(default_factory=dict)
    interactions_by_token: dict[str, Interaction] = field(default_factory=dict)
    #: The message each (author, nonce) created, for ``enforce_nonce``.
    nonces: dict[tuple[int, str], Message] = field(default_factory=dict)

    @classmethod
    def create(cls, clock: Clock, *, bot_name: str = "Penguin Bot") -> World:
        """An empty world holding only the bot's application, its bot user and its owner."""
        ids = Snowflakes(clock)
        owner = User(ids.next(), "owner")
        bot = User(ids.next(), bot_name.lower().replace(" ", "_"), bot=True, global_name=bot_name)
        token = f"{bot.id}.fake.{secrets.token_urlsafe(16)}"
        app = Application(ids.next(), bot_name, bot, owner, token)
        world = cls(clock=clock, ids=ids, application=app)
        world.users[owner.id] = owner
        world.users[bot.id] = bot
        return world

    # creating things

    def add_user(self, name: str, *, locale: str = "en-US", bot: bool = False) -> User:
        """A new account (not yet a member of any guild)."""
        user = User(self.ids.next(), name, locale=locale, bot=bot, global_name=name.title())
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        owner: User,
        preferred_locale: str = "en-US",
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A new guild with an @everyone role; the owner and the bot are members. ``shard``
        ``(shard_id, shard_count)`` picks an id that lands on that shard."""
        guild_id = self.ids.next_on_shard(*shard) if shard else self.ids.next()
        guild = Guild(guild_id, name, owner.id, preferred_locale=preferred_locale)
        guild.roles[guild.id] = Role(guild.id, "@everyone", perms.EVERYONE_DEFAULT)
        self.guilds[guild.id] = guild
        self.add_member(guild, owner)
        bot_role = self.add_role(guild, self.application.name, perms.EVERYONE_DEFAULT, managed=True)
        self.add_member(guild, self.application.bot, roles=[bot_role])
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int, *, managed: bool = False) -> Role:
        """A new role in ``guild``."""
        role = Role(self.ids.next(), name, permissions, position=len(guild.roles), managed=managed)
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, user: User, *, roles: list[Role] | None = None) -> Member:
        """Make ``user`` a member of ``guild``."""
        member = Member(user, [r.id for r in roles or []], self.clock.now())
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None) -> Channel:
        """A new text channel in ``guild``."""
        channel = Channel(
            self.ids.next(), TEXT, name, guild.id, position=len(guild.channel_ids), topic=topic
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User,
        private: bool = False,
        archived: bool = False,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
    ) -> Channel:
        """A new thread under a text channel; its owner is its first member."""
        if parent.type != TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        thread = Channel(
            self.ids.next(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            archived=archived,
            auto_archive_duration=auto_archive_duration,
            archive_timestamp=self.clock.now(),
            invitable=invitable,
            thread_members={owner.id},
        )
        self.channels[thread.id] = thread
        return thread

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_id == user.id:
                return channel
        channel = Channel(self.ids.next(), DM, "", recipient_id=user.id)
        self.channels[channel.id] = channel
        return channel

    def new_token(self) -> str:
        """An interaction token (opaque, like Discord's)."""
        return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)

    # finding things

    def channel(self, channel_id: int | str) -> Channel:
        """The channel with this id, or 404 Unknown Channel."""
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise not_found(10003, "Channel") from None

    def guild(self, guild_id: int | str) -> Guild:
        """The guild with this id, or 404 Unknown Guild."""
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise not_found(10004, "Guild") from None

    def user(self, user_id: int | str) -> User:
        """The user with this id, or 404 Unknown User."""
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise not_found(10013, "User") from None

    def message(self, channel: Channel, message_id: int | str) -> Message:
        """A live, non-ephemeral message of ``channel``, or 404 Unknown Message."""
        try:
            message = self.messages[int(message_id)]
        except (KeyError, ValueError):
            raise not_found(10008, "Message") from None
        if message.channel_id != channel.id or message.deleted or message.ephemeral:
            raise not_found(10008, "Message")
        return message

    def parent(self, channel: Channel) -> Channel:
        """The channel whose permissions apply: a thread's parent, else the channel itself."""
        if channel.is_thread and channel.parent_id is not None:
            return self.channels[channel.parent_id]
        return channel

    def threads_of(self, channel: Channel) -> list[Channel]:
        """The threads under a text channel, oldest first."""
        return [c for c in self.channels.values() if c.is_thread and c.parent_id == channel.id]

    # who may do what

    def permissions(self, user_id: int, channel: Channel) -> int:
        """The permission bits ``user_id`` has in ``channel`` (Discord's overwrite algorithm)."""
        if channel.type == DM:
            return perms.EVERYONE_DEFAULT if channel.recipient_id is not None else 0
        assert channel.guild_id is not None
        guild = self.guilds[channel.guild_id]
        value = guild.base_permissions(user_id)
        if value & perms.ADMINISTRATOR or user_id not in guild.members:
            return value
        overwrites = self.parent(channel).overwrites
        everyone = overwrites.get(guild.id)
        if everyone is not None:
            value = (value & ~everyone.deny) | everyone.allow
        member = guild.members[user_id]
        allow = deny = 0
        for role_id in member.roles:
            role_overwrite = overwrites.get(role_id)
            if role_overwrite is not None and role_overwrite.type == 0:
                allow |= role_overwrite.allow
                deny |= role_overwrite.deny
        value = (value & ~deny) | allow
        own = overwrites.get(user_id)
        if own is not None and own.type == 1:
            value = (value & ~own.deny) | own.allow
        if not value & perms.VIEW_CHANNEL:
            return 0
        # A private thread is invisible to those not in it unless they manage threads.
        outsider = channel.type == PRIVATE_THREAD and user_id not in channel.thread_members
        if outsider and not value & perms.MANAGE_THREADS:
            return 0
        return value

    def require(self, channel: Channel, needed: int) -> None:
        """403 Missing Permissions unless the bot has every bit of ``needed`` in ``channel``."""
        have = self.permissions(self.application.bot.id, channel)
        if not have & perms.VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if have & needed != needed:
            raise DiscordError(403, 50013, "Missing Permissions")

    def set_overwrite(
        self, channel: Channel, target: User | Role, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set a channel permission overwrite for a role or a member."""
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = Overwrite(target.id, kind, allow, deny)
