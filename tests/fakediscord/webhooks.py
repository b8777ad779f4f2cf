"""Interaction callbacks, followups and @original edits, with Discord's timing rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord import limits, messages, payloads
from tests.fakediscord.errors import DiscordError, LimitViolation
from tests.fakediscord.rest import ok
from tests.fakediscord.state import EPHEMERAL, Interaction, Message

if TYPE_CHECKING:
    from tests.fakediscord.server import Server

PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED = {
    COMMAND: {MESSAGE, DEFERRED, MODAL},
    COMPONENT: {MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
    MODAL_SUBMIT: {MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE},
}
TYPE_NAMES = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}


class Webhooks:
    """Handlers for /interactions/{id}/{token}/callback and /webhooks/{application}/{token}."""

    def __init__(self, fake: Server) -> None:
        self.fake = fake
        self.world = fake.world

    def routes(self) -> list[web.RouteDef]:
        """The route table."""
        hook = "/webhooks/{application_id}/{webhook_token}"
        return [
            web.post("/interactions/{interaction_id}/{webhook_token}/callback", self.callback),
            web.post(hook, self.followup),
            web.get(hook + "/messages/{message_id}", self.get),
            web.patch(hook + "/messages/{message_id}", self.edit),
            web.delete(hook + "/messages/{message_id}", self.delete),
        ]

    # the first response

    async def callback(self, request: web.Request) -> web.Response:
        """The first (and only) response to an interaction."""
        interaction = self.world.interactions.get(int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["webhook_token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        body, uploads = await messages.read_body(request, self.fake.attachment_limit)
        now = self.fake.clock.now()
        if interaction.response_type is not None:
            raise LimitViolation([("", "Interaction has already been acknowledged.")], code=40060)
        if interaction.failed or now - interaction.created_at > self.fake.response_deadline:
            self.fake.fail_interaction(interaction, late=True)
            raise DiscordError(404, 10062, "Unknown interaction")
        kind = int(body.get("type", 0))
        if kind not in ALLOWED.get(interaction.type, set()):
            raise LimitViolation(
                [
                    (
                        "type",
                        f"response type {kind} is not valid for a "
                        f"{TYPE_NAMES.get(interaction.type, 'ping')} interaction",
                    )
                ]
            )
        data: dict[str, Any] = body.get("data") or {}
        resource = self._respond(interaction, kind, data, uploads)
        interaction.response_type = kind
        interaction.responded_at = now
        interaction.wake.set()
        self.fake.notify()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return ok(self._callback_answer(interaction, kind, resource))

    def _respond(
        self,
        interaction: Interaction,
        kind: int,
        data: dict[str, Any],
        uploads: list[messages.Upload],
    ) -> Message | None:
        channel = self.world.channels[interaction.channel_id]
        bot = self.world.application.bot
        message_type = 20 if interaction.type == COMMAND else 0
        if kind == MESSAGE:
            message = messages.create(
                self.fake,
                channel,
                bot,
                data,
                uploads,
                interaction=interaction,
                message_type=message_type,
            )
            interaction.original = message
            return message
        if kind == DEFERRED:
            placeholder = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
            message = messages.create(
                self.fake,
                channel,
                bot,
                placeholder,
                [],
                interaction=interaction,
                message_type=message_type,
                loading=True,
            )
            interaction.original = message
            return message
        if kind in (UPDATE, DEFERRED_UPDATE):
            if interaction.message is None:
                raise LimitViolation([("type", "only a component's message can be updated")])
            target = interaction.message
            made_by = target.interaction
            if (
                kind == UPDATE
                and target.ephemeral
                and made_by is not None
                and self.fake.clock.now() - made_by.created_at > self.fake.token_lifetime
            ):
                # An ephemeral message lives on its interaction's token: once that has expired
                # (15 minutes), a click on it can no longer update it; answer with a new one.
                raise LimitViolation(
                    [("type", "an ephemeral message older than its token cannot be updated")],
                    status=404,
                    code=10008,
                )
            if kind == UPDATE:
                messages.edit(self.fake, interaction.message, data, uploads, interaction=True)
            interaction.original = interaction.message
            return interaction.message if kind == UPDATE else None
        if kind == CHOICES:
            items = list(data.get("choices") or [])
            option_type = self.fake.focused_option_type(interaction)
            problems = limits.choices(items, option_type)
            if problems:
                raise LimitViolation(problems)
            interaction.choices = items
            return None
        problems = limits.modal(data)
        if problems:
            raise LimitViolation(problems)
        interaction.modal = data
        return None

    def _callback_answer(
        self, interaction: Interaction, kind: int, resource: Message | None
    ) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_loading": kind == DEFERRED,
                "response_message_ephemeral": bool(resource and resource.ephemeral),
            }
        }
        if resource is not None:
            answer["interaction"]["response_message_id"] = str(resource.id)
            answer["resource"] = {
                "type": kind,
                "message": payloads.message(self.world, self.fake.base_url, resource),
            }
        else:
            answer["resource"] = {"type": kind}
        return answer

    # the webhook side: followups and edits

    def _interaction(self, request: web.Request) -> Interaction:
        token = request.match_info["webhook_token"]
        interaction = self.world.interactions_by_token.get(token)
        if (
            interaction is None
            or int(request.match_info["application_id"]) != self.world.application.id
        ):
            raise DiscordError(404, 10015, "Unknown Webhook")
        if self.fake.clock.now() - interaction.created_at > self.fake.token_lifetime:
            raise LimitViolation(
                [("", "Invalid Webhook Token: interaction tokens are valid for 15 minutes")],
                status=401,
                code=50027,
            )
        if interaction.response_type is None:
            raise LimitViolation(
                [("", "Unknown Webhook: answer the interaction before sending followups")],
                status=404,
                code=10015,
            )
        return interaction

    def _target(self, interaction: Interaction, raw: str) -> Message:
        if raw == "@original":
            target = interaction.original
        else:
            target = next((m for m in interaction.followups if str(m.id) == raw), None)
            if target is None and interaction.original and str(interaction.original.id) == raw:
                target = interaction.original
        if target is None or target.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return target

    def _json(self, message: Message) -> web.Response:
        return ok(payloads.message(self.world, self.fake.base_url, message))

    async def followup(self, request: web.Request) -> web.Response:
        """POST a followup; the first one after a deferral fills the 'thinking' message."""
        interaction = self._interaction(request)
        body, uploads = await messages.read_body(request, self.fake.attachment_limit)
        original = interaction.original
        if original is not None and original.loading and interaction.response_type == DEFERRED:
            messages.edit(self.fake, original, body, uploads, interaction=True)
            message = original
        else:
            channel = self.world.channels[interaction.channel_id]
            message = messages.create(
                self.fake,
                channel,
                self.world.application.bot,
                body,
                uploads,
                interaction=interaction,
                message_type=20 if interaction.type == COMMAND else 0,
            )
            interaction.followups.append(message)
        self.fake.notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return self._json(message)
        return web.Response(status=204)

    async def get(self, request: web.Request) -> web.Response:
        """GET @original or a followup."""
        interaction = self._interaction(request)
        return self._json(self._target(interaction, request.match_info["message_id"]))

    async def edit(self, request: web.Request) -> web.Response:
        """PATCH @original or a followup."""
        interaction = self._interaction(request)
        target = self._target(interaction, request.match_info["message_id"])
        body, uploads = await messages.read_body(request, self.fake.attachment_limit)
        messages.edit(self.fake, target, body, uploads, interaction=True)
        self.fake.notify()
        return self._json(target)

    async def delete(self, request: web.Request) -> web.Response:
        """DELETE @original or a followup."""
        interaction = self._interaction(request)
        target = self._target(interaction, request.match_info["message_id"])
        messages.delete(self.fake, target)
        self.fake.notify()
        return web.Response(status=204)
