"""Playing through the stand-in with clicks only: the turn post's Your move button, then the
buttons and menus of the ephemeral reply, counting the interactions each turn takes."""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import Channel, FakeDiscord, Message, Reply, User

MOVE = "penguins:move:"


@dataclass
class Turn:
    """One turn played by clicks: how many interactions, per step kind, and the answer times."""

    phase: str
    clicks: int = 0
    steps: list[str] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    last: Message | None = None
    #: What each step showed: (step, its button and option labels, its menu placeholders).
    shown: list[tuple[str, list[str], list[str]]] = field(default_factory=list)
    #: Whether the clicks finished the turn (else it could not be played by clicks alone).
    finished: bool = False


def turn_post(fake: FakeDiscord, thread: Channel) -> Message:
    """The newest post in the thread carrying the Your move button."""
    for message in reversed(fake.history(thread)):
        if any(str(b.get("custom_id", "")).startswith(MOVE) for b in message.buttons):
            return message
    raise AssertionError("no turn post with a Your move button in the thread")


def move_button(message: Message) -> str:
    """The custom_id of a post's Your move button."""
    return next(
        str(b["custom_id"]) for b in message.buttons if str(b.get("custom_id", "")).startswith(MOVE)
    )


def offered(message: Message) -> list[tuple[str, str, str | None]]:
    """Every concrete choice on an ephemeral step: (kind, custom_id, value)."""
    found: list[tuple[str, str, str | None]] = []
    for button in message.buttons:
        custom_id = str(button.get("custom_id", ""))
        value = custom_id.rsplit(":", 1)[-1]
        if custom_id.startswith("pc:") and value != "back" and not value.startswith("~p"):
            found.append(("button", custom_id, None))
    for menu in message.selects:
        for option in menu.get("options", []):
            found.append(("select", str(menu["custom_id"]), str(option["value"])))
    return found


def labels(message: Message) -> tuple[list[str], list[str]]:
    """The words a step's components show: button and option labels, and menu placeholders."""
    found = [
        str(b.get("label", ""))
        for b in message.buttons
        if str(b.get("custom_id", "")).startswith("pc:")
    ]
    for menu in message.selects:
        found += [str(option.get("label", "")) for option in menu.get("options", [])]
    return found, [str(menu.get("placeholder") or "") for menu in message.selects]


def step_of(message: Message) -> str:
    """The step a reply asks (from its components' custom_ids), or '' when it asks nothing."""
    for component in message.buttons + message.selects:
        custom_id = str(component.get("custom_id", ""))
        if custom_id.startswith(("pc:", "ps:")):
            return custom_id.split(":")[3]
    return ""


def pick(message: Message, rng: random.Random) -> tuple[str, str, str | None]:
    """A choice as a person might make it: the one-click stone when offered (the common case),
    otherwise any choice at random."""
    choices = offered(message)
    assert choices, f"an ephemeral step with nothing to choose: {message.content!r}"
    quick = [c for c in choices if c[0] == "button" and ">" in c[1].rsplit(":", 1)[-1]]
    if quick and rng.random() < 0.8:
        return quick[0]
    return rng.choice(choices)


async def act(
    fake: FakeDiscord, user: User, message: Message, choice: tuple[str, str, str | None]
) -> Reply:
    """Make one choice on an ephemeral step."""
    kind, custom_id, value = choice
    if kind == "button":
        return await fake.click(user, message, custom_id=custom_id)
    assert value is not None
    return await fake.select(user, message, [value], custom_id=custom_id)


def answered(reply: Reply) -> Message:
    """The message an interaction's answer shows (an update, a new reply or a followup)."""
    if reply.followups:
        return reply.followups[-1]
    assert reply.message is not None, reply.kind
    return reply.message


async def play_turn(
    fake: FakeDiscord,
    user: User,
    thread: Channel,
    phase: str,
    rng: random.Random,
    done: Callable[[], Awaitable[bool]],
) -> Turn:
    """One whole turn by clicks for ``user``: Your move, then choices until ``done`` says the
    turn is over (a player alone on the ice is offered their next move at once)."""
    turn = Turn(phase)
    post = turn_post(fake, thread)
    started = time.perf_counter()
    reply = await fake.click(user, post, custom_id=move_button(post))
    message = await reply.wait_for_content(timeout=15)
    turn.waits.append(time.perf_counter() - started)
    assert message.ephemeral and message.attachments, message.content
    assert message.attachments[0].image().format == "PNG"
    turn.clicks = 1
    for _ in range(20):
        step = step_of(message)
        if not step:
            break
        turn.steps.append(step)
        turn.shown.append((step, *labels(message)))
        choice = pick(message, rng)
        started = time.perf_counter()
        reply = await act(fake, user, message, choice)
        if reply.kind == "deferred":
            await reply.wait_for_content(timeout=15)
        turn.waits.append(time.perf_counter() - started)
        turn.clicks += 1
        message = answered(reply)
        assert message.ephemeral, "a turn's steps are answered to the mover alone"
        if await done():
            turn.finished = True
            break
    turn.last = message
    return turn


def summary(turns: list[Turn]) -> dict[str, Any]:
    """Interactions per turn (median, max) by phase, and the click-to-answer times (ms)."""
    figures: dict[str, Any] = {}
    for phase in sorted({t.phase for t in turns}):
        counts = sorted(t.clicks for t in turns if t.phase == phase)
        figures[phase] = {
            "turns": len(counts),
            "median": counts[len(counts) // 2],
            "max": counts[-1],
        }
    waits = sorted(w * 1000 for t in turns for w in t.waits)
    if waits:
        figures["answer_ms"] = {
            "median": round(waits[len(waits) // 2], 1),
            "p90": round(waits[int(len(waits) * 0.9)], 1),
            "max": round(waits[-1], 1),
        }
    return figures
