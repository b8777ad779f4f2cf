"""FakeDiscord, the test-facing API: build the world, act as people would, read the results."""

from __future__ import annotations

import asyncio
import mimetypes
from collections.abc import Callable
from typing import Any

from tests.fakediscord import commands as cmd
from tests.fakediscord import mentions, options, payloads
from tests.fakediscord import permissions as perms
from tests.fakediscord.results import Choice, Reply
from tests.fakediscord.server import Server
from tests.fakediscord.state import (
    DM,
    PRIVATE_THREAD,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Message,
    Role,
    User,
)

COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
REFUSAL_GRACE = 0.5
#: How long (real seconds) a test waits by default for a post, a thread or a condition before it
#: fails: turn pictures are drawn in worker processes, which a busy shared machine slows many
#: times over; a wait that is met returns at once, so only a failing test waits this long.
WAIT = 20.0


class FakeDiscord(Server):
    """The stand-in as tests use it: build the world, act as people, read what the bot did."""

    # the world

    @property
    def guild(self) -> Guild:
        """The first guild (the one the default world creates)."""
        return next(iter(self.world.guilds.values()))

    def user(self, name: str) -> User:
        """A user by name."""
        found = [u for u in self.world.users.values() if u.name == name]
        if not found:
            raise LookupError(
                f"no user {name!r}; there are {[u.name for u in self.world.users.values()]}"
            )
        return found[0]

    def channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """A text channel or thread by name (the newest of that name, or the one in ``guild``)."""
        found = [
            c
            for c in self.world.channels.values()
            if c.name == name and (guild is None or c.guild_id == guild.id)
        ]
        if not found:
            raise LookupError(f"no channel {name!r}" + (f" in {guild.name}" if guild else ""))
        return found[-1]

    @property
    def bot(self) -> User:
        """The bot's user."""
        return self.world.application.bot

    def add_user(self, name: str, *, locale: str = "en-US", guild: Guild | None = None) -> User:
        """A new person, member of ``guild`` (default: the first guild)."""
        user = self.world.add_user(name, locale=locale)
        if self.world.guilds:
            self.world.add_member(guild or self.guild, user)
        return user

    def add_role(
        self,
        name: str,
        permissions: Any,
        *,
        members: list[User] | None = None,
        guild: Guild | None = None,
    ) -> Role:
        """A new role with ``permissions`` (names, bits or Permissions) held by ``members``."""
        guild = guild or self.guild
        role = self.world.add_role(guild, name, perms.bits(permissions))
        for user in members or []:
            guild.members[user.id].roles.append(role.id)
        return role

    def add_text_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """A new text channel (the bot learns of it with CHANNEL_CREATE)."""
        channel = self.world.add_text_channel(guild or self.guild, name)
        self.gateway.dispatch("CHANNEL_CREATE", payloads.channel(self.world, channel), intent=1)
        return channel

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User | None = None,
        private: bool = False,
        archived: bool = False,
        members: list[User] | None = None,
    ) -> Channel:
        """A thread someone else started, with ``members`` besides its owner (the bot learns of
        it with THREAD_CREATE when it can see it: a private thread only if it is a member or
        may manage threads)."""
        thread = self.world.add_thread(
            parent,
            name,
            owner=owner or self.world.application.owner,
            private=private,
            archived=archived,
        )
        thread.thread_members.update(u.id for u in members or [])
        visible = self.world.permissions(self.bot.id, thread) & perms.VIEW_CHANNEL
        if not archived and visible:
            self.gateway.dispatch("THREAD_CREATE", payloads.channel(self.world, thread), intent=1)
        return thread

    def archive(self, thread: Channel, *, locked: bool = False) -> None:
        """Archive a thread, as Discord does after inactivity (THREAD_UPDATE to the bot)."""
        thread.archived = True
        thread.locked = locked
        thread.archive_timestamp = self.clock.now()
        self.gateway.dispatch("THREAD_UPDATE", payloads.channel(self.world, thread), intent=1)

    def set_permissions(
        self, channel: Channel, target: User | Role, *, allow: Any = 0, deny: Any = 0
    ) -> None:
        """Set a channel overwrite, e.g. ``deny=["send_messages"]`` for the bot."""
        self.world.set_overwrite(channel, target, allow=perms.bits(allow), deny=perms.bits(deny))
        self.gateway.dispatch("CHANNEL_UPDATE", payloads.channel(self.world, channel), intent=1)

    async def update_guild(
        self,
        guild: Guild | None = None,
        *,
        preferred_locale: str | None = None,
        name: str | None = None,
    ) -> None:
        """Change a server's settings as its admins would in Discord (GUILD_UPDATE to the bot);
        returns once the event was sent to every connected bot (which may still be handling it).
        """
        guild = guild or self.guild
        if preferred_locale is not None:
            if preferred_locale not in cmd.LOCALES:
                raise ValueError(f"{preferred_locale!r} is not a Discord locale")
            guild.preferred_locale = preferred_locale
        if name is not None:
            guild.name = name
        self.gateway.dispatch("GUILD_UPDATE", payloads.guild_update(guild), intent=1)
        await self._delivered("GUILD_UPDATE")

    async def join_guild(
        self,
        name: str,
        *,
        channels: tuple[str, ...] | list[str] = ("general",),
        preferred_locale: str = "en-US",
        members: list[User] | None = None,
        owner: User | None = None,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """The bot is added to a new server (with text ``channels`` and ``members``), as when
        someone invites it: GUILD_CREATE to the bot, which reports ``on_guild_join``. Returns
        once the event was sent to every connected bot (to the shard serving it). ``shard``
        ``(shard_id, shard_count)`` gives the guild an id that shard serves."""
        if preferred_locale not in cmd.LOCALES:
            raise ValueError(f"{preferred_locale!r} is not a Discord locale")
        world = self.world
        guild = world.add_guild(
            name,
            owner=owner or world.application.owner,
            preferred_locale=preferred_locale,
            shard=shard,
        )
        for channel in channels:
            world.add_text_channel(guild, channel)
        for user in members or []:
            world.add_member(guild, user)
        self.gateway.dispatch_guild_create(guild, joined=True)
        await self._delivered("GUILD_CREATE")
        return guild

    async def _delivered(self, what: str) -> None:
        await self.wait_until(self.gateway.delivered, timeout=5.0, what=f"{what} to be sent")

    def close_dms(self, user: User) -> None:
        """The user no longer accepts DMs from the bot (posting gets 403, code 50007)."""
        user.dms_open = False

    def upload(self, filename: str, data: bytes) -> Attachment:
        """A file a person attaches to an attachment option."""
        content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        attachment = Attachment(self.world.ids.next(), filename, data, content_type)
        self.uploads[attachment.id] = attachment
        return attachment

    def env(self, *, dev_guild: bool = False) -> dict[str, str]:
        """Environment variables that point a bot process at this stand-in."""
        env = {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }
        if dev_guild:
            env["DEV_GUILD_ID"] = str(self.guild.id)
        return env

    # the gateway

    async def drop_gateway(self, *, code: int = 4000) -> int:
        """Cut the bot's gateway connection; it should RESUME and get what it missed."""
        return await self.gateway.drop(code=code)

    async def wait_for_bot(
        self, *, synced: bool = True, identified: int = 1, timeout: float = 20.0
    ) -> None:
        """Wait until a bot is connected (after ``identified`` IDENTIFYs in all, e.g. 2 after a
        restart) and, by default, some commands have been synced."""
        await self.wait_until(
            lambda: (
                bool(self.gateway.connected())
                and self.gateway.identifies >= identified
                and (not synced or bool(self.syncs))
            ),
            timeout=timeout,
            what="the bot to connect" + (" and sync its commands" if synced else ""),
        )

    # acting

    async def invoke(
        self,
        user: User,
        command: str,
        /,
        *,
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        wait_deferred: bool = True,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> Reply:
        """Run a synced slash command as ``user``: ``invoke(alice, "/fish move", to="F2")``.

        Options come as keywords (or ``options=`` when a name clashes with a parameter
        here). Returns once the bot answered; a deferral is awaited until filled in.
        """
        channel = channel or self.default_channel()
        self._can_view(user, channel)
        given = {**(options or {}), **kwargs}
        data = self._command_data(user, channel, command, given)
        interaction = self._interaction(user, channel, COMMAND, data, name=command)
        reply = await self._answer(interaction)
        if wait_deferred and interaction.response_type == 5:
            await reply.wait_for_content(timeout=timeout)
        return reply

    async def autocomplete(
        self,
        user: User,
        command: str,
        option: str,
        /,
        *,
        typed: str = "",
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> list[Choice]:
        """The choices the bot offers while ``user`` types ``typed`` into ``option``."""
        channel = channel or self.default_channel()
        self._can_view(user, channel)
        given = {**(options or {}), **kwargs}
        data = self._command_data(user, channel, command, given, focused=option, typed=typed)
        interaction = self._interaction(
            user, channel, AUTOCOMPLETE, data, name=f"{command} {option}"
        )
        reply = await self._answer(interaction)
        return reply.choices

    async def click(
        self,
        user: User,
        message: Message,
        /,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> Reply:
        """Press a button on ``message`` (found by label or custom_id) as ``user``."""
        self._can_see(user, message)
        buttons = [
            b
            for b in message.buttons
            if (label is None or b.get("label") == label)
            and (custom_id is None or b.get("custom_id") == custom_id)
        ]
        if len(buttons) != 1:
            raise AssertionError(
                f"{len(buttons)} buttons match label={label!r} custom_id={custom_id!r}; "
                f"the message has {[(b.get('label'), b.get('custom_id')) for b in message.buttons]}"
            )
        button = buttons[0]
        if button.get("disabled"):
            raise AssertionError(f"button {button.get('label')!r} is disabled")
        if button.get("style") in (5, 6):
            raise AssertionError(f"button {button.get('label')!r} is a link/premium button")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        channel = self.world.channels[message.channel_id]
        interaction = self._interaction(
            user,
            channel,
            COMPONENT,
            data,
            name=f"button {button.get('label') or button['custom_id']}",
            message=message,
        )
        return await self._answer(interaction)

    async def select(
        self,
        user: User,
        message: Message,
        values: list[Any],
        /,
        *,
        custom_id: str | None = None,
        placeholder: str | None = None,
    ) -> Reply:
        """Choose ``values`` in a select menu on ``message`` (users/roles/channels as objects)."""
        self._can_see(user, message)
        menus = [
            s
            for s in message.selects
            if (custom_id is None or s.get("custom_id") == custom_id)
            and (placeholder is None or s.get("placeholder") == placeholder)
        ]
        if len(menus) != 1:
            raise AssertionError(f"{len(menus)} select menus match on the message")
        menu = menus[0]
        if menu.get("disabled"):
            raise AssertionError("the select menu is disabled")
        low, high = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
        if not low <= len(values) <= high:
            raise AssertionError(f"choose {low} to {high} values, not {len(values)}")
        data: dict[str, Any] = {"custom_id": menu["custom_id"], "component_type": menu["type"]}
        if menu["type"] == 3:
            offered = [o["value"] for o in menu.get("options", [])]
            bad = [v for v in values if v not in offered]
            if bad:
                raise AssertionError(f"{bad} are not options of the menu; it offers {offered}")
            data["values"] = list(values)
        else:
            resolved: dict[str, Any] = {}
            kind = {5: cmd.USER, 6: cmd.ROLE, 7: cmd.MENTIONABLE, 8: cmd.CHANNEL}[menu["type"]]
            definition = {"name": menu["custom_id"], "type": kind}
            data["values"] = [
                options.convert(
                    self.world, self.base_url, "select", definition, v, resolved, message.guild_id
                )
                for v in values
            ]
            data["resolved"] = resolved
        channel = self.world.channels[message.channel_id]
        interaction = self._interaction(
            user, channel, COMPONENT, data, name=f"select {menu['custom_id']}", message=message
        )
        return await self._answer(interaction)

    async def submit_modal(self, user: User, opened: Reply, values: dict[str, str], /) -> Reply:
        """Fill in and submit the modal the bot opened in ``opened``; keys are custom_ids."""
        modal = opened.modal
        if modal is None:
            raise AssertionError(f"the bot did not open a modal: {opened!r}")
        rows, seen = [], set()
        for row in modal.get("components", []):
            inner = row.get("components") or [row.get("component") or {}]
            answered = []
            for field in inner:
                if field.get("type") != 4:
                    continue
                custom_id = field["custom_id"]
                seen.add(custom_id)
                text = values.get(custom_id, field.get("value") or "")
                low, high = int(field.get("min_length", 0)), int(field.get("max_length", 4000))
                if field.get("required", True) and not text:
                    raise AssertionError(f"the modal's {custom_id!r} is required")
                if text and not low <= len(text) <= high:
                    raise AssertionError(f"{custom_id!r} takes {low}-{high} characters")
                answered.append({"type": 4, "custom_id": custom_id, "value": text})
            if row.get("type") == 18 and answered:
                rows.append({"type": 18, "component": answered[0]})
            elif answered:
                rows.append({"type": 1, "components": answered})
        unknown = set(values) - seen
        if unknown:
            raise AssertionError(
                f"the modal has no inputs {sorted(unknown)}; it has {sorted(seen)}"
            )
        source = opened.interaction
        channel = self.world.channels[source.channel_id]
        data = {"custom_id": modal["custom_id"], "components": rows}
        interaction = self._interaction(
            user,
            channel,
            MODAL_SUBMIT,
            data,
            name=f"modal {modal['custom_id']}",
            message=source.message,
        )
        return await self._answer(interaction)

    # reading

    def default_channel(self) -> Channel:
        """The first text channel of the first guild."""
        return self.world.channels[self.guild.channel_ids[0]]

    def shown(self, message: Message) -> str:
        """A message's text as a reader sees it (command mentions drawn as their names)."""
        return mentions.shown(message.content)

    def clickable_commands(self, message: Message) -> list[str]:
        """The commands a message mentions that start when clicked ("ultimatum play")."""
        channel = self.world.channels[message.channel_id]
        return mentions.clickable(self.world, message.content, channel.guild_id)

    def history(self, channel: Channel) -> list[Message]:
        """Messages everyone can see in ``channel`` (or thread), oldest first."""
        return [m for m in channel.messages if not m.deleted and not m.ephemeral]

    def ephemeral_replies(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Messages only ``user`` can see, oldest first."""
        found = [
            m
            for m in self.world.messages.values()
            if m.ephemeral_for == user.id
            and not m.deleted
            and (channel is None or m.channel_id == channel.id)
        ]
        return sorted(found, key=lambda m: m.id)

    def dms(self, user: User) -> list[Message]:
        """What the bot sent ``user`` by DM, oldest first."""
        return self.history(self.world.dm_channel(user))

    def threads(self, channel: Channel) -> list[Channel]:
        """Threads under ``channel``, oldest first."""
        return self.world.threads_of(channel)

    def mark(self) -> int:
        """A point in time: messages posted after it have greater ids."""
        return self.world.ids.next()

    async def wait_until(
        self,
        predicate: Callable[[], bool],
        *,
        timeout: float = WAIT,
        what: str = "a condition",
    ) -> None:
        """Wait (real seconds) until ``predicate()`` holds; fail the test naming ``what``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
            await self.changed(min(remaining, 0.25))

    async def wait_for_messages(
        self,
        channel: Channel,
        count: int = 1,
        *,
        after: int | Message | None = None,
        timeout: float = WAIT,
    ) -> list[Message]:
        """Wait until ``channel`` shows ``count`` messages newer than ``after``; returns them."""
        since = after.id if isinstance(after, Message) else (after or 0)

        def posted() -> list[Message]:
            return [m for m in self.history(channel) if m.id > since and not m.loading]

        await self.wait_until(
            lambda: len(posted()) >= count,
            timeout=timeout,
            what=f"{count} messages in {channel.name or 'the DM'} (have {len(posted())})",
        )
        return posted()

    async def wait_for_thread(
        self, parent: Channel, *, after: int = 0, timeout: float = WAIT
    ) -> Channel:
        """Wait until a thread newer than ``after`` exists under ``parent``; returns it."""
        await self.wait_until(
            lambda: any(t.id > after for t in self.threads(parent)),
            timeout=timeout,
            what=f"a thread under {parent.name}",
        )
        return [t for t in self.threads(parent) if t.id > after][-1]

    # building interactions

    def _can_view(self, user: User, channel: Channel) -> None:
        """Fail the test when ``user`` could not even see ``channel`` in Discord."""
        world = self.world
        if channel.type == DM:
            if channel.recipient_id != user.id:
                raise AssertionError(f"{user.name} cannot see another person's DM with the bot")
            return
        guild = world.guilds[channel.guild_id or 0]
        if user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of the guild {guild.name}")
        if world.permissions(user.id, channel) & perms.VIEW_CHANNEL:
            return
        where = f"#{channel.name}"
        parent = world.parent(channel)
        if channel.type == PRIVATE_THREAD and world.permissions(user.id, parent):
            raise AssertionError(
                f"{user.name} cannot see the private thread {where}: they are not a member of "
                "it (nor may they manage threads), so Discord does not show it to them"
            )
        if channel.is_thread:
            where += f" (a thread of #{parent.name})"
        raise AssertionError(
            f"{user.name} cannot see {where}: they lack View Channel there, so Discord shows "
            "them neither the channel nor its messages"
        )

    def _can_see(self, user: User, message: Message) -> None:
        self._can_view(user, self.world.channels[message.channel_id])
        if message.deleted:
            raise AssertionError("the message was deleted")
        if message.ephemeral and message.ephemeral_for != user.id:
            raise AssertionError(f"{user.name} cannot see someone else's ephemeral message")

    def _command_data(
        self,
        user: User,
        channel: Channel,
        path: str,
        given: dict[str, Any],
        *,
        focused: str | None = None,
        typed: str = "",
    ) -> dict[str, Any]:
        guild_id = channel.guild_id
        scopes = [
            self.world.guild_commands.get(guild_id, []) if guild_id else [],
            self.world.global_commands,
        ]
        errors = []
        for synced in scopes:
            try:
                command_json, chain, definitions = cmd.find_path([c.data for c in synced], path)
            except LookupError as error:
                errors.append(str(error))
                continue
            command = next(c for c in synced if c.data is command_json)
            break
        else:
            raise AssertionError(f"{path} is not a synced command: {'; '.join(errors)}")
        self._may_use(user, channel, command.data, path)
        sent, resolved = options.build(
            self.world,
            self.base_url,
            path,
            definitions,
            given,
            guild_id=guild_id,
            focused=focused,
            typed=typed,
        )
        for part in reversed(chain):
            sent = [{"name": part["name"], "type": part["type"], "options": sent}]
        data: dict[str, Any] = {
            "id": str(command.id),
            "name": command.name,
            "type": 1,
            "options": sent,
        }
        if resolved:
            data["resolved"] = resolved
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        return data

    def _may_use(self, user: User, channel: Channel, data: dict[str, Any], path: str) -> None:
        contexts = data.get("contexts")
        context = 1 if channel.type == DM else 0
        if contexts is not None and context not in contexts:
            raise AssertionError(f"{path} is not offered in {'DMs' if context else 'servers'}")
        if context == 1 and data.get("dm_permission") is False:
            raise AssertionError(f"{path} is not offered in DMs")
        needed = data.get("default_member_permissions")
        if context == 0 and needed is not None:
            have = self.world.permissions(user.id, channel)
            if int(needed) & have != int(needed):
                raise AssertionError(
                    f"{user.name} cannot see {path}: it needs {perms.names(int(needed))}"
                )

    def _interaction(
        self,
        user: User,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        *,
        name: str,
        message: Message | None = None,
    ) -> Interaction:
        world = self.world
        self._can_view(user, channel)
        interaction = Interaction(
            id=world.ids.next(),
            token=world.new_token(),
            type=kind,
            user=user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            created_at=self.clock.now(),
            message=message,
            name=name,
        )
        channel_json = payloads.channel(world, channel)
        channel_json["permissions"] = str(world.permissions(user.id, channel))
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(world.application.id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel_json,
            "token": interaction.token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str(world.permissions(world.application.bot.id, channel)),
            "entitlements": [],
            "attachment_size_limit": self.attachment_limit,
            "context": 1 if channel.type == DM else 0,
        }
        if channel.guild_id is not None:
            guild = world.guilds[channel.guild_id]
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {
                "id": str(guild.id),
                "locale": guild.preferred_locale,
                "features": [],
            }
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = payloads.member(
                guild.members[user.id], permissions=world.permissions(user.id, channel)
            )
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        else:
            payload["user"] = payloads.user(user)
            payload["authorizing_integration_owners"] = {"0": str(user.id)}
        if message is not None:
            payload["message"] = payloads.message(world, self.base_url, message)
        interaction.payload = payload
        world.interactions[interaction.id] = interaction
        world.interactions_by_token[interaction.token] = interaction
        self.gateway.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def _answer(self, interaction: Interaction) -> Reply:
        deadline = interaction.created_at + self.response_deadline
        while interaction.response_type is None:
            if interaction.problems:
                # A refused answer: give the bot a moment to recover (e.g. answer with an error).
                deadline = min(deadline, self.clock.now() + REFUSAL_GRACE)
            interaction.wake.clear()
            if not await self.clock.sleep_until(deadline, interaction.wake):
                break
        if interaction.problems and interaction.response_type is None:
            raise AssertionError(
                f"{self.describe(interaction)}: the bot's answer was refused: "
                + "; ".join(interaction.problems)
            )
        if interaction.response_type is None:
            self.fail_interaction(interaction)
            sessions = len(self.gateway.connected())
            raise AssertionError(
                f"{self.describe(interaction)}: the bot did not answer within "
                f"{self.response_deadline:g} s, so Discord shows 'This interaction failed' "
                f"({sessions} gateway sessions connected)"
            )
        return Reply(self, interaction)
