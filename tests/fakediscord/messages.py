"""Reading message bodies (JSON or multipart with files[n]) and creating or editing messages."""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from tests.fakediscord import gateway, limits, payloads
from tests.fakediscord.errors import DiscordError, LimitViolation
from tests.fakediscord.state import DM, EPHEMERAL, LOADING, Attachment, Channel, Message, User

if TYPE_CHECKING:
    from tests.fakediscord.server import Server
    from tests.fakediscord.state import Interaction


#: How long Discord remembers an enforced nonce ("the past few minutes"): a short window, so
#: the bot cannot lean on it for longer than Discord promises.
NONCE_WINDOW = 120.0


@dataclass
class Upload:
    """A file part of a multipart request."""

    index: int
    filename: str
    data: bytes


async def read_body(request: web.Request, size_limit: int) -> tuple[dict[str, Any], list[Upload]]:
    """The JSON payload and the uploaded files of a request, as discord.py sends them."""
    if not request.can_read_body:
        return {}, []
    if request.content_type != "multipart/form-data":
        try:
            body = await request.json()
        except json.JSONDecodeError:
            raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None
        if not isinstance(body, dict):
            raise DiscordError(400, 50035, "Invalid Form Body")
        return body, []
    payload: dict[str, Any] = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            continue  # a nested multipart names no field
        name = part.name or ""
        if name == "payload_json":
            payload = json.loads(await part.text())
        elif name.startswith("files[") and name.endswith("]"):
            data = bytes(await part.read(decode=False))
            index = int(name[6:-1])
            filename = part.filename or f"file{index}"
            if len(data) > size_limit:
                raise LimitViolation(
                    [(name, f"{filename} is {len(data)} bytes; the limit is {size_limit}")],
                    status=413,
                    code=40005,
                )
            uploads.append(Upload(index, filename, data))
    return payload, uploads


def attachments_from(
    fake: Server, body: dict[str, Any], uploads: list[Upload], kept: list[Attachment]
) -> list[Attachment]:
    """The attachments a message ends up with: listed existing ones plus the uploaded files."""
    by_index = {u.index: u for u in uploads}
    listed = body.get("attachments")
    if listed is None:
        result = list(kept)
        entries: list[dict[str, Any]] = [{"id": u.index} for u in uploads]
    else:
        result = []
        entries = list(listed)
    existing = {a.id: a for a in kept}
    used: set[int] = set()
    for entry in entries:
        raw_id = int(entry.get("id", -1))
        if raw_id in by_index and raw_id not in used:
            used.add(raw_id)
            upload = by_index[raw_id]
            filename = str(entry.get("filename") or upload.filename)
            content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            result.append(
                Attachment(
                    fake.world.ids.next(),
                    filename,
                    upload.data,
                    content_type,
                    entry.get("description"),
                )
            )
        elif raw_id in existing:
            result.append(existing[raw_id])
        else:
            raise DiscordError(400, 50035, f"attachments: unknown attachment id {raw_id}")
    for upload in uploads:
        # Files sent without an attachments entry are still attached, as on Discord.
        if upload.index not in used and listed is not None:
            content_type = mimetypes.guess_type(upload.filename)[0] or "application/octet-stream"
            result.append(
                Attachment(fake.world.ids.next(), upload.filename, upload.data, content_type)
            )
    return result


def check(
    body: dict[str, Any], uploads: list[Upload], *, interaction: bool, fake: Server | None = None
) -> None:
    """Raise LimitViolation when Discord would refuse this body (or it shows a test's secret)."""
    problems = limits.message(body, interaction=interaction, files=len(uploads))
    if fake is not None and fake.secrets is not None:
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        problems += limits.secrets(body, set(fake.secrets()), ephemeral=ephemeral)
    if problems:
        raise LimitViolation(problems)


def create(
    fake: Server,
    channel: Channel,
    author: User,
    body: dict[str, Any],
    uploads: list[Upload],
    *,
    interaction: Interaction | None = None,
    message_type: int = 0,
    loading: bool = False,
) -> Message:
    """Store a new message in ``channel`` and dispatch MESSAGE_CREATE when others can see it."""
    check(body, uploads, interaction=interaction is not None, fake=fake)
    if not loading and not limits.not_empty(body, len(uploads)):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    world = fake.world
    nonce = _enforced_nonce(body, author)
    earlier = world.nonces.get(nonce) if nonce else None
    if earlier is not None and fake.clock.now() - earlier.timestamp <= NONCE_WINDOW:
        return earlier  # the same post again: Discord hands back the first, creates nothing
    flags = int(body.get("flags") or 0) & limits.SETTABLE_FLAGS
    if loading:
        flags |= LOADING
    message = Message(
        id=world.ids.next(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author,
        content=str(body.get("content") or ""),
        embeds=list(body.get("embeds") or []),
        components=list(body.get("components") or []),
        attachments=attachments_from(fake, body, uploads, []),
        flags=flags,
        type=message_type,
        timestamp=fake.clock.now(),
        webhook_id=world.application.id if interaction is not None else None,
        interaction=interaction,
        ephemeral_for=interaction.user.id if interaction and flags & EPHEMERAL else None,
        reference_id=_reference(body),
    )
    world.messages[message.id] = message
    if nonce:
        world.nonces[nonce] = message
    channel.messages.append(message)
    if not message.ephemeral:
        channel.created_messages += 1
        announce(fake, "MESSAGE_CREATE", channel, message)
    return message


def _enforced_nonce(body: dict[str, Any], author: User) -> tuple[int, str] | None:
    """The key under which a post's nonce is remembered, when it asks for it to be enforced."""
    nonce = body.get("nonce")
    if nonce is None or not body.get("enforce_nonce"):
        return None
    return (author.id, str(nonce))


def edit(
    fake: Server,
    message: Message,
    body: dict[str, Any],
    uploads: list[Upload],
    *,
    interaction: bool,
) -> Message:
    """Apply an edit (content, embeds, components, attachments) and dispatch MESSAGE_UPDATE.

    Everything is checked before anything is written: Discord changes nothing on a refused edit
    (the message keeps its text, its files, and a deferred reply keeps "thinking").
    """
    merged = {
        "content": body.get("content", message.content),
        "embeds": body.get("embeds", message.embeds),
        "components": body.get("components", message.components),
        "flags": (message.flags & limits.SETTABLE_FLAGS) | (int(body.get("flags") or 0) & 4),
    }
    check(merged, uploads, interaction=interaction, fake=fake)
    attachments = attachments_from(fake, body, uploads, message.attachments)
    if not limits.not_empty(merged, len(attachments)):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    if "content" in body:
        message.content = str(body.get("content") or "")
    if "embeds" in body:
        message.embeds = list(body.get("embeds") or [])
    if "components" in body:
        message.components = list(body.get("components") or [])
    message.attachments = attachments
    was_loading = message.loading
    message.flags &= ~LOADING
    if not was_loading:
        message.edited_timestamp = fake.clock.now()
        message.edits += 1
    if not message.ephemeral:
        channel = fake.world.channels[message.channel_id]
        announce(fake, "MESSAGE_UPDATE", channel, message)
    return message


def delete(fake: Server, message: Message) -> None:
    """Delete a message and dispatch MESSAGE_DELETE when others could see it."""
    message.deleted = True
    if message.ephemeral:
        return
    data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
    if message.guild_id is not None:
        data["guild_id"] = str(message.guild_id)
    fake.gateway.dispatch(
        "MESSAGE_DELETE", data, intent=_intent(fake.world.channels[message.channel_id])
    )


def announce(fake: Server, event: str, channel: Channel, message: Message) -> None:
    """Dispatch MESSAGE_CREATE/UPDATE to sessions with the message intents."""
    data = payloads.message(fake.world, fake.base_url, message)
    if channel.guild_id is not None:
        guild = fake.world.guilds[channel.guild_id]
        member = guild.members.get(message.author.id)
        if member is not None:
            data["member"] = payloads.member(member, with_user=False)
    fake.gateway.dispatch(event, data, intent=_intent(channel))


def _intent(channel: Channel) -> int:
    return gateway.DIRECT_MESSAGES if channel.type == DM else gateway.GUILD_MESSAGES


def _reference(body: dict[str, Any]) -> int | None:
    reference = body.get("message_reference")
    if isinstance(reference, dict) and reference.get("message_id"):
        return int(reference["message_id"])
    return None
