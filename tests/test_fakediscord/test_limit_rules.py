"""The limit and sync rules themselves, property-tested at their boundaries."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fakediscord import commands, limits
from tests.fakediscord.state import COMPONENTS_V2

FAST = settings(max_examples=60, deadline=None)
LOWER_NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=32)


@FAST
@given(st.integers(min_value=0, max_value=4000))
def test_content_is_refused_exactly_above_2000(length: int) -> None:
    problems = limits.message({"content": "x" * length}, interaction=False, files=0)
    assert bool(problems) == (length > limits.CONTENT)


@FAST
@given(st.lists(st.integers(min_value=0, max_value=3000), min_size=1, max_size=4))
def test_embed_total_counts_every_description(lengths: list[int]) -> None:
    embeds = [{"description": "d" * n} for n in lengths]
    problems = limits.embed_list(embeds)
    assert any("characters" in p for _, p in problems) == (sum(lengths) > limits.EMBED_TOTAL)


@FAST
@given(st.integers(min_value=1, max_value=8), st.integers(min_value=1, max_value=8))
def test_rows_and_buttons_are_capped_at_five(rows: int, per_row: int) -> None:
    components = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "b", "custom_id": f"{r}:{b}"}
                for b in range(per_row)
            ],
        }
        for r in range(rows)
    ]
    problems = limits.action_rows(components)
    assert bool(problems) == (rows > 5 or per_row > 5)


@FAST
@given(st.integers(min_value=0, max_value=40), st.integers(min_value=1, max_value=120))
def test_choices_count_and_value_length(count: int, value_length: int) -> None:
    choices = [{"name": f"c{n}", "value": "v" * value_length} for n in range(count)]
    problems = limits.choices(choices, option_type=3)
    assert bool(problems) == (count > 25 or (count > 0 and value_length > 100))


@FAST
@given(LOWER_NAME)
def test_lowercase_names_sync(name: str) -> None:
    assert commands.validate([{"name": name, "description": "d", "type": 1}]) == []


@FAST
@given(LOWER_NAME, st.sampled_from("ABCXYZ"))
def test_a_capital_letter_is_refused(name: str, capital: str) -> None:
    bad = (name + capital)[-32:]
    problems = commands.validate([{"name": bad, "description": "d", "type": 1}])
    assert any("invalid name" in p for _, p in problems)


def option(name: str, required: bool) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 3, "required": required}


@FAST
@given(st.lists(st.booleans(), min_size=1, max_size=25))
def test_required_options_must_lead(required: list[bool]) -> None:
    options = [option(f"o{n}", r) for n, r in enumerate(required)]
    problems = commands.validate([{"name": "c", "description": "d", "options": options}])
    in_order = required == sorted(required, reverse=True)
    assert bool(problems) == (not in_order)


def test_a_command_path_is_found_through_groups() -> None:
    tree = [
        {
            "name": "game",
            "options": [
                {"type": 2, "name": "admin", "options": [{"type": 1, "name": "cancel"}]},
                {"type": 1, "name": "list", "options": [option("where", False)]},
            ],
        }
    ]
    _, chain, definitions = commands.find_path(tree, "/game list")
    assert [c["name"] for c in chain] == ["list"] and definitions[0]["name"] == "where"
    _, chain, _ = commands.find_path(tree, "/game admin cancel")
    assert [c["name"] for c in chain] == ["admin", "cancel"]


def test_components_v2_count_every_component_and_refuse_content() -> None:
    texts = [{"type": 10, "content": "t"} for _ in range(41)]
    flags = COMPONENTS_V2
    problems = limits.message({"components": texts, "flags": flags}, interaction=True, files=0)
    assert any("at most 40 components" in p for _, p in problems)
    fine = limits.message({"components": texts[:40], "flags": flags}, interaction=True, files=0)
    assert fine == []
    mixed = limits.message(
        {"content": "hi", "components": texts[:1], "flags": flags}, interaction=True, files=0
    )
    assert any("cannot be sent with components v2" in p for _, p in mixed)


@FAST
@given(st.integers(min_value=0, max_value=60))
def test_a_string_nonce_is_refused_exactly_above_25_characters(length: int) -> None:
    problems = limits.message({"content": "x", "nonce": "n" * length}, interaction=False, files=0)
    assert bool(problems) == (length > limits.NONCE)
    assert limits.message({"content": "x", "nonce": 10**18}, interaction=False, files=0) == []
