"""Discord's component rules as the stand-in enforces them: selects, buttons, custom_ids, and
hidden information kept to ephemeral messages and out of custom_ids."""

from __future__ import annotations

from typing import Any

import discord

from tests.fakediscord import FakeDiscord, limits
from tests.fakediscord.state import EPHEMERAL
from tests.test_fakediscord.probe_bot import ProbeBot


def select(options: int, *, custom_id: str = "s", label: str = "o") -> dict[str, Any]:
    """An action row holding one string select with ``options`` options."""
    return {
        "type": 1,
        "components": [
            {
                "type": 3,
                "custom_id": custom_id,
                "options": [{"label": f"{label}{n}", "value": f"v{n}"} for n in range(options)],
            }
        ],
    }


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    """A primary button."""
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def test_a_select_holds_one_to_twenty_five_options() -> None:
    assert limits.action_rows([select(25)]) == []
    assert limits.action_rows([select(26)])
    assert limits.action_rows([select(0)])


def test_an_option_needs_a_label_and_a_value_of_at_most_100() -> None:
    row = select(2)
    row["components"][0]["options"][0]["label"] = ""
    assert any("needs a label" in p for _, p in limits.action_rows([row]))
    assert limits.action_rows([select(2, label="x" * 99)]) == []
    assert limits.action_rows([select(2, label="x" * 101)])


def test_a_select_is_alone_in_its_row_and_rows_are_five() -> None:
    mixed = {"type": 1, "components": [*select(2)["components"], button("b")]}
    assert limits.action_rows([mixed])
    rows = [select(3, custom_id=f"s{n}") for n in range(6)]
    assert limits.action_rows(rows[:5]) == []
    assert limits.action_rows(rows)


def test_buttons_five_a_row_labels_80_custom_ids_100_and_unique() -> None:
    buttons = [button(f"b{n}") for n in range(5)]
    row = {"type": 1, "components": buttons}
    assert limits.action_rows([row]) == []
    buttons.append(button("b5"))
    assert limits.action_rows([row])
    assert limits.action_rows([{"type": 1, "components": [button("b", "x" * 81)]}])
    assert limits.action_rows([{"type": 1, "components": [button("x" * 101)]}])
    twice = [{"type": 1, "components": [button("same")]}, select(2, custom_id="same")]
    assert any("used twice" in p for _, p in limits.action_rows(twice))


def test_a_hidden_card_may_be_read_only_in_an_ephemeral_message() -> None:
    body = {"content": "your hand: red-3-dance", "components": [select(2, label="red-3-dance")]}
    assert limits.secrets(body, {"red-3-dance"}, ephemeral=True) == []
    problems = limits.secrets(body, {"red-3-dance"}, ephemeral=False)
    assert {p.split(":")[0] for _, p in problems} >= {
        "hidden 'red-3-dance' in a public message's content",
        "hidden 'red-3-dance' in a public message's option label",
    }


def test_a_hidden_card_is_never_in_a_custom_id_even_ephemeral() -> None:
    body = {"flags": EPHEMERAL, "components": [select(2, custom_id="pick:red-3-dance")]}
    problems = limits.secrets(body, {"red-3-dance"}, ephemeral=True)
    assert problems and "a custom_id" in problems[0][1]
    assert limits.secrets(body, set(), ephemeral=False) == []


#: A hand as a test declares it secret: the card's id and its names in the readers' languages.
HAND = {"blue-3-acrobatics", "blue 3 (acrobatics)", "blaue 3 (Akrobatik)"}


def test_a_hand_cards_name_in_words_is_caught_in_a_public_message() -> None:
    """The interface names cards in words: a hand card's name in a public message's content,
    embed or component is caught however it is emphasised or capitalised."""
    for content in ("Alice holds **Blue 3** (acrobatics).", "hält eine BLAUE 3 (Akrobatik)"):
        problems = limits.secrets({"content": content}, HAND, ephemeral=False)
        assert problems and "a public message's content" in problems[0][1], content
    embed = {"embeds": [{"description": "next: blue 3 (acrobatics)"}]}
    assert limits.secrets(embed, HAND, ephemeral=False)
    menu = {"components": [select(1, label="blue 3 (acrobatics)")]}
    assert any("option label" in p for _, p in limits.secrets(menu, HAND, ephemeral=False))


def test_a_hand_cards_name_may_be_read_in_an_ephemeral_reply_and_table_cards_anywhere() -> None:
    """The mover's own menus name their cards (ephemeral); a card on the table is public."""
    menu = {"content": "Your blue 3 (acrobatics)?", "components": [select(1, label="blue 3")]}
    assert limits.secrets(menu, HAND, ephemeral=True) == []
    table = {"content": "Alice invited a red 3 (acrobatics) to E4."}
    assert limits.secrets(table, HAND, ephemeral=False) == []


async def test_the_stand_in_refuses_a_post_naming_a_hand_card(
    fake_discord: FakeDiscord, probe: ProbeBot
) -> None:
    """Through the stand-in: a public answer naming a hand card is refused (400) and recorded;
    the same words ephemerally, or a table card's name publicly, go through."""
    fake_discord.secrets = lambda: HAND
    refused: list[int] = []

    async def tell(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("Alice holds a *blue 3 (acrobatics)*")
        except discord.HTTPException as error:
            refused.append(error.status)
            await interaction.response.send_message("blue 3 (acrobatics)", ephemeral=True)

    probe.act = tell
    reply = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    assert refused == [400] and reply.ephemeral and reply.content == "blue 3 (acrobatics)"
    (violation,) = fake_discord.take_violations()
    assert "hidden 'blue 3 (acrobatics)'" in violation.message

    async def table(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Alice invited a red 3 (acrobatics) to E4.")

    probe.act = table
    public = await fake_discord.invoke(fake_discord.user("alice"), "/probe act")
    assert not public.ephemeral and public.content.endswith("to E4.")
    assert fake_discord.take_violations() == []
