"""Objects of the world rendered as the JSON Discord sends."""

from __future__ import annotations

import datetime
from typing import Any

from tests.fakediscord import permissions as perms
from tests.fakediscord.state import (
    DM,
    Attachment,
    Channel,
    Command,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    User,
)
from tests.fakediscord.world import World


def iso(seconds: float | None) -> str | None:
    """An ISO-8601 timestamp as Discord writes them."""
    if seconds is None:
        return None
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).isoformat()


def user(u: User) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(u.id),
        "username": u.name,
        "global_name": u.global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "public_flags": 0,
    }


def role(r: Role) -> dict[str, Any]:
    """A role object."""
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }


def member(m: Member, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    """A guild member object (``permissions`` only inside interactions)."""
    data: dict[str, Any] = {
        "roles": [str(r) for r in m.roles],
        "nick": m.nick,
        "avatar": None,
        "joined_at": iso(m.joined_at),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user(m.user)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(world: World, c: Channel) -> dict[str, Any]:
    """A channel object (text channel, thread or DM)."""
    if c.type == DM:
        assert c.recipient_id is not None
        return {
            "id": str(c.id),
            "type": DM,
            "last_message_id": _opt_id(c.last_message_id),
            "recipients": [user(world.users[c.recipient_id])],
            "flags": 0,
        }
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "last_message_id": _opt_id(c.last_message_id),
        "flags": 0,
        "rate_limit_per_user": 0,
    }
    if c.is_thread:
        data.update(
            parent_id=str(c.parent_id),
            owner_id=str(c.owner_id),
            message_count=c.created_messages,
            total_message_sent=c.created_messages,
            member_count=min(len(c.thread_members), 50),
            thread_metadata={
                "archived": c.archived,
                "auto_archive_duration": c.auto_archive_duration,
                "archive_timestamp": iso(c.archive_timestamp),
                "locked": c.locked,
                "invitable": c.invitable,
                "create_timestamp": iso(c.archive_timestamp),
            },
        )
    else:
        data.update(
            position=c.position,
            parent_id=None,
            topic=c.topic,
            nsfw=False,
            default_auto_archive_duration=1440,
            permission_overwrites=[
                {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
                for o in c.overwrites.values()
            ],
        )
    return data


def guild(world: World, g: Guild, *, all_members: bool = True) -> dict[str, Any]:
    """A GUILD_CREATE payload: roles, channels, active threads, and the members.

    Without the privileged members intent Discord sends only the bot's own member. Active
    threads are those the bot can see: not a private thread it is not in (unless it may manage
    threads), nor one under a channel hidden from it.
    """
    channels = [world.channels[cid] for cid in g.channel_ids]
    bot = world.application.bot.id
    threads = [
        t
        for c in channels
        for t in world.threads_of(c)
        if not t.archived and world.permissions(bot, t) & perms.VIEW_CHANNEL
    ]
    return {
        **guild_update(g),
        "joined_at": iso(g.members[world.application.bot.id].joined_at),
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "voice_states": [],
        "members": [
            member(m)
            for m in g.members.values()
            if all_members or m.user.id == world.application.bot.id
        ],
        "channels": [channel(world, c) for c in channels],
        "threads": [channel(world, t) for t in threads],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def guild_update(g: Guild) -> dict[str, Any]:
    """A guild object as GUILD_UPDATE carries it (no members, channels or threads)."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.preferred_locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }


def attachment(base_url: str, channel_id: int, a: Attachment) -> dict[str, Any]:
    """An attachment object whose url downloads the kept bytes from the stand-in."""
    url = f"{base_url}/attachments/{channel_id}/{a.id}/{a.filename}"
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    }
    if a.description is not None:
        data["description"] = a.description
    size = a.dimensions
    if size is not None:
        data["width"], data["height"] = size
    return data


def message(world: World, base_url: str, m: Message) -> dict[str, Any]:
    """A message object."""
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": iso(m.timestamp),
        "edited_timestamp": iso(m.edited_timestamp),
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(u) for u in world.users.values() if u.mention in m.content],
        "mention_roles": [],
        "attachments": [attachment(base_url, m.channel_id, a) for a in m.attachments],
        "embeds": [_resolve_embed(base_url, m, e) for e in m.embeds],
        "components": m.components,
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
    }
    if m.guild_id is not None:
        data["guild_id"] = str(m.guild_id)
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(world.application.id)
    if m.interaction is not None:
        data["interaction_metadata"] = interaction_metadata(m.interaction)
    if m.reference_id is not None:
        data["message_reference"] = {
            "type": 0,
            "message_id": str(m.reference_id),
            "channel_id": str(m.channel_id),
        }
    if m.thread_id is not None and m.thread_id in world.channels:
        data["thread"] = channel(world, world.channels[m.thread_id])
    return data


def _resolve_embed(base_url: str, m: Message, embed: dict[str, Any]) -> dict[str, Any]:
    # Discord swaps attachment://name for the uploaded file's CDN url.
    resolved = dict(embed)
    resolved.setdefault("type", "rich")
    for key in ("image", "thumbnail"):
        media = embed.get(key)
        if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
            name = str(media["url"]).removeprefix("attachment://")
            for a in m.attachments:
                if a.filename == name:
                    url = f"{base_url}/attachments/{m.channel_id}/{a.id}/{a.filename}"
                    resolved[key] = {**media, "url": url, "proxy_url": url}
    return resolved


def interaction_metadata(i: Interaction) -> dict[str, Any]:
    """The interaction_metadata attached to a message that answers an interaction."""
    data: dict[str, Any] = {
        "id": str(i.id),
        "type": i.type,
        "user": user(i.user),
        "authorizing_integration_owners": {"0": str(i.guild_id)} if i.guild_id else {},
    }
    if i.type == 2:
        data["name"] = i.name
        data["command_type"] = 1
    if i.type == 3 and i.message is not None:
        data["interacted_message_id"] = str(i.message.id)
    return data


def command(world: World, c: Command) -> dict[str, Any]:
    """An application command as Discord returns it after a sync."""
    data = dict(c.data)
    data.update(
        id=str(c.id),
        application_id=str(world.application.id),
        version=str(c.version),
        default_member_permissions=c.data.get("default_member_permissions"),
        type=c.type,
        nsfw=c.data.get("nsfw", False),
        name_localizations=c.data.get("name_localizations"),
        description_localizations=c.data.get("description_localizations"),
        contexts=c.data.get("contexts"),
        integration_types=c.data.get("integration_types", [0]),
    )
    if c.guild_id is not None:
        data["guild_id"] = str(c.guild_id)
    return data


def _opt_id(value: int | None) -> str | None:
    return None if value is None else str(value)
