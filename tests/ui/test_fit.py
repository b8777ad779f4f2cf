"""Every message fits Discord (bot.ui.fit), and every send of the bot goes through it."""

from __future__ import annotations

import ast
from pathlib import Path

import discord

from bot.ui.fit import CONTENT, EMBED_TOTAL, FIELD_VALUE, fit

ROOT = Path(__file__).resolve().parents[2]
SENDS = {"send_message", "send", "edit_message", "edit_original_response", "edit"}
MESSAGE_PARTS = {"content", "embed", "embeds", "file", "files", "view"}


def test_long_content_is_shortened_to_the_limit() -> None:
    message = fit(content="line\n" * 1000, ephemeral=True)
    assert len(message["content"]) <= CONTENT and message["content"].endswith("…")
    assert message["ephemeral"] is True
    assert fit(content="short")["content"] == "short"


def test_embeds_are_brought_within_their_limits() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for i in range(30):
        embed.add_field(name=f"f{i}", value="v" * 2000)
    fitted = fit(embed=embed)["embed"]
    assert len(fitted.title or "") <= 256 and len(fitted.description or "") <= 4096
    assert len(fitted.fields) <= 25
    assert all(len(f.value or "") <= FIELD_VALUE for f in fitted.fields)
    assert len(fitted) <= EMBED_TOTAL


def _unfitted_sends(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in SENDS:
            continue
        spread = [k.value for k in node.keywords if k.arg is None]
        named = {k.arg for k in node.keywords if k.arg is not None}
        if not node.args and not (named & MESSAGE_PARTS) and not spread:
            continue  # e.g. thread.edit(archived=False): no message
        fitted = len(spread) == 1 and not node.args and not named
        call = spread[0] if fitted else None
        if not (
            isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "fit"
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_send_reply_dm_and_edit_passes_through_fit() -> None:
    """One place checks every message against Discord's limits before it is sent."""
    unfitted = [
        place for path in sorted((ROOT / "bot").rglob("*.py")) for place in _unfitted_sends(path)
    ]
    assert unfitted == []
