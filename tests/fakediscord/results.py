"""What a test gets back after acting: the bot's answer to one interaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tests.fakediscord.state import Attachment, Interaction, Message

if TYPE_CHECKING:
    from tests.fakediscord.fake import FakeDiscord

KINDS = {4: "message", 5: "deferred", 6: "deferred_update", 7: "update", 8: "choices", 9: "modal"}


@dataclass(frozen=True)
class Choice:
    """One autocomplete choice the bot offered."""

    name: str
    value: str | int | float
    name_localizations: dict[str, str] | None = None

    @property
    def text(self) -> str:
        """The value of a string option's choice (a number here fails the test)."""
        assert isinstance(self.value, str), f"{self.name!r} offers {self.value!r}, not a text"
        return self.value


class Reply:
    """The bot's answer to one interaction; live, so later edits and followups show up."""

    def __init__(self, fake: FakeDiscord, interaction: Interaction) -> None:
        self.fake = fake
        self.interaction = interaction

    def __repr__(self) -> str:
        return f"<Reply {self.kind} to {self.fake.describe(self.interaction)}: {self.content!r}>"

    @property
    def kind(self) -> str:
        """message, deferred, deferred_update, update, choices or modal."""
        return KINDS.get(self.interaction.response_type or 0, "none")

    @property
    def message(self) -> Message:
        """The response message (after a deferral: the message that filled it); asking for it
        when the bot answered without one fails the test."""
        original = self.interaction.original
        assert original is not None, f"{self!r} has no response message"
        return original

    @property
    def followups(self) -> list[Message]:
        """Followup messages still present, in order."""
        return [m for m in self.interaction.followups if not m.deleted]

    @property
    def messages(self) -> list[Message]:
        """The response message and the followups."""
        original = self.interaction.original
        first = [original] if original is not None and not original.deleted else []
        return first + self.followups

    @property
    def ephemeral(self) -> bool:
        """Whether the response message is visible only to the person who acted."""
        return self.interaction.original is not None and self.interaction.original.ephemeral

    @property
    def content(self) -> str:
        """The response message's text ('' when there is none)."""
        original = self.interaction.original
        return original.content if original is not None else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """The response message's embeds."""
        original = self.interaction.original
        return original.embeds if original is not None else []

    @property
    def components(self) -> list[dict[str, Any]]:
        """The response message's components."""
        original = self.interaction.original
        return original.components if original is not None else []

    @property
    def attachments(self) -> list[Attachment]:
        """The response message's files, bytes included."""
        original = self.interaction.original
        return original.attachments if original is not None else []

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened, as sent."""
        return self.interaction.modal

    @property
    def choices(self) -> list[Choice]:
        """The autocomplete choices the bot offered."""
        return [
            Choice(c["name"], c["value"], c.get("name_localizations"))
            for c in self.interaction.choices or []
        ]

    async def wait_for_followups(self, count: int, *, timeout: float = 5.0) -> list[Message]:
        """Wait until the bot has sent ``count`` followups (real seconds)."""
        await self.fake.wait_until(
            lambda: len(self.followups) >= count,
            timeout=timeout,
            what=f"{count} followups to {self.fake.describe(self.interaction)}",
        )
        return self.followups

    async def wait_for_content(self, *, timeout: float = 5.0) -> Message:
        """Wait until a deferred response has been filled in."""
        await self.fake.wait_until(
            lambda: self.interaction.original is not None and not self.interaction.original.loading,
            timeout=timeout,
            what=f"the deferred answer to {self.fake.describe(self.interaction)}",
        )
        return self.message
