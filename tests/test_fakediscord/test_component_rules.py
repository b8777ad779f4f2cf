"""Discord's component rules as the stand-in enforces them: selects, buttons, custom_ids, and
hidden information kept to ephemeral messages and out of custom_ids."""

from __future__ import annotations

from typing import Any

from tests.fakediscord import limits
from tests.fakediscord.state import EPHEMERAL


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
    row = {"type": 1, "components": [button(f"b{n}") for n in range(5)]}
    assert limits.action_rows([row]) == []
    row["components"].append(button("b5"))
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
