"""Turning a test's keyword arguments into the options Discord's client would send."""

from __future__ import annotations

from typing import Any

from tests.fakediscord import commands as cmd
from tests.fakediscord import payloads
from tests.fakediscord.state import Attachment, Channel, Role, User
from tests.fakediscord.world import World

MAX_SAFE_INTEGER = 2**53


class OptionError(AssertionError):
    """The test asked for something Discord's client would not let a person send."""


def build(
    world: World,
    base_url: str,
    where: str,
    definitions: list[dict[str, Any]],
    given: dict[str, Any],
    *,
    guild_id: int | None,
    focused: str | None = None,
    typed: str = "",
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The options list and the ``resolved`` data for one invocation of a synced command."""
    by_name = {d["name"]: d for d in definitions}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(f"{where} has no option {unknown}; it has {sorted(by_name)}")
    if focused is not None:
        if focused not in by_name:
            raise OptionError(f"{where} has no option {focused!r}; it has {sorted(by_name)}")
        if not by_name[focused].get("autocomplete"):
            raise OptionError(f"{where}: option {focused!r} has no autocomplete")
    else:
        missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in given]
        if missing:
            raise OptionError(f"{where}: required options missing: {missing}")
    resolved: dict[str, Any] = {}
    sent: list[dict[str, Any]] = []
    for definition in definitions:
        name = definition["name"]
        if name == focused:
            sent.append({"name": name, "type": definition["type"], "value": typed, "focused": True})
        elif name in given:
            value = convert(world, base_url, where, definition, given[name], resolved, guild_id)
            sent.append({"name": name, "type": definition["type"], "value": value})
    return sent, resolved


def convert(
    world: World,
    base_url: str,
    where: str,
    definition: dict[str, Any],
    value: Any,
    resolved: dict[str, Any],
    guild_id: int | None,
) -> Any:
    """One option value as Discord sends it, checked against the option's constraints."""
    kind, name = definition["type"], f"{where} {definition['name']}"
    if kind == cmd.STRING:
        if not isinstance(value, str):
            raise OptionError(f"{name} takes text, not {value!r}")
        low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise OptionError(f"{name} takes {low}-{high} characters, not {len(value)}")
    elif kind == cmd.INTEGER:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_SAFE_INTEGER:
            raise OptionError(f"{name} takes a whole number, not {value!r}")
    elif kind == cmd.NUMBER:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise OptionError(f"{name} takes a number, not {value!r}")
    elif kind == cmd.BOOLEAN:
        if not isinstance(value, bool):
            raise OptionError(f"{name} takes True or False, not {value!r}")
    else:
        return _snowflake(world, base_url, name, definition, value, resolved, guild_id)
    if kind in (cmd.INTEGER, cmd.NUMBER):
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionError(f"{name} takes values from {low} to {high}, not {value}")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise OptionError(f"{name} must be one of {[c['value'] for c in choices]}, not {value!r}")
    return value


def _snowflake(
    world: World,
    base_url: str,
    name: str,
    definition: dict[str, Any],
    value: Any,
    resolved: dict[str, Any],
    guild_id: int | None,
) -> str:
    kind = definition["type"]
    if isinstance(value, User) and kind in (cmd.USER, cmd.MENTIONABLE):
        resolved.setdefault("users", {})[str(value.id)] = payloads.user(value)
        guild = world.guilds.get(guild_id or 0)
        if guild is not None and value.id in guild.members:
            member = guild.members[value.id]
            resolved.setdefault("members", {})[str(value.id)] = payloads.member(
                member, with_user=False, permissions=guild.base_permissions(value.id)
            )
        return str(value.id)
    if isinstance(value, Role) and kind in (cmd.ROLE, cmd.MENTIONABLE):
        resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
        return str(value.id)
    if isinstance(value, Channel) and kind == cmd.CHANNEL:
        allowed = definition.get("channel_types")
        if allowed and value.type not in allowed:
            raise OptionError(f"{name} takes channels of types {allowed}, not {value.type}")
        data = payloads.channel(world, value)
        data["permissions"] = str(world.permissions(world.application.bot.id, value))
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    if isinstance(value, Attachment) and kind == cmd.ATTACHMENT:
        resolved.setdefault("attachments", {})[str(value.id)] = payloads.attachment(
            base_url, 0, value
        )
        return str(value.id)
    wanted = {6: "a User", 7: "a Channel", 8: "a Role", 9: "a User or Role", 11: "an Attachment"}
    raise OptionError(f"{name} takes {wanted.get(kind, 'a value')}, not {value!r}")
