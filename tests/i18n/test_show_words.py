"""A show that scores nothing says why (U-18)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.texts.ultimatum import describe

NAMES = ["Alice", "Mia"]


def show(audience: list[str], enjoyers: list[str]) -> dict[str, Any]:
    """A show event of the brown 5 juggler on E5 that scored nothing."""
    return {
        "type": "show",
        "cell": "E5",
        "entertainer": "bear-juggling",
        "audience": audience,
        "enjoyers": enjoyers,
        "points": [0, 0],
    }


@pytest.mark.parametrize(
    ("audience", "enjoyers", "why"),
    [
        ([], [], "no penguin is next to the entertainer"),
        (["D5", "F5"], [], "no penguin in the audience shares its colour or activity"),
        (["D5", "F5"], ["D5"], "no invitation stone is on a penguin that enjoyed it"),
    ],
)
def test_u18_a_show_without_points_says_why(
    audience: list[str], enjoyers: list[str], why: str
) -> None:
    """U-18: only enjoying penguins with a stone score; the line names what was missing."""
    (line,) = describe("en", [show(audience, enjoyers)], NAMES)
    assert line.endswith(f"Nobody scores: {why}.")
    (german,) = describe("de", [show(audience, enjoyers)], NAMES)
    assert "Niemand punktet:" in german
