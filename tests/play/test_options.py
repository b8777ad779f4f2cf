"""Rule-command options parsed into their own kinds (bot.play.options): a command can only build
the action of its own step, whatever was typed into its options."""

from __future__ import annotations

import pytest

from bot.games.ultimatum import SUPPLY, Invite, Play
from bot.play import options
from bot.play.options import EXCERPT_LENGTH, BadOption, excerpt

HOSTILE = [
    "resign 1",
    "RESIGN 1",
    "resign ١",  # an Arabic-Indic digit
    "resign 0",
    "C4-F2",
    "skip",
    "",
    "   ",
    "@everyone",
    "C\u00004",
    "C١",
    "Ｃ4",  # a full-width letter
    "x" * 6000,
    "**C4**",
    "99999999999999999999",
]


@pytest.mark.parametrize("typed", HOSTILE)
def test_a_floe_option_is_a_floe_or_refused(typed: str) -> None:
    """F-6: /fish place builds a placement, never another action (no resign of anyone)."""
    with pytest.raises(BadOption) as caught:
        options.fish_place(typed)
    assert caught.value.code == "floe_option"
    assert len(caught.value.params["typed"]) <= EXCERPT_LENGTH


@pytest.mark.parametrize("typed", HOSTILE)
def test_a_move_is_two_floes_or_refused(typed: str) -> None:
    """F-7: /fish move builds a move from two floes only."""
    with pytest.raises(BadOption):
        options.fish_move(typed, "F2")
    with pytest.raises(BadOption):
        options.fish_move("C4", typed)


def test_floes_and_moves_are_spelled_as_the_log_spells_them() -> None:
    """F-6, F-7: any case and spacing in, the notation out."""
    assert str(options.fish_place(" c 4 ")) == "C4"
    assert str(options.fish_move("c4", "f2 ")) == "C4-F2"


@pytest.mark.parametrize("typed", [*HOSTILE, "red-3-dance E4", "seal-music"])
def test_ultimatum_options_are_each_of_their_kind(typed: str) -> None:
    """U-11 … U-21: cards, cells, entertainers and stone sources, nothing else."""
    for build in (
        lambda: options.ultimatum_play(typed, "E4", None),
        lambda: options.ultimatum_play("red-3-dance", typed, None),
        lambda: options.ultimatum_invite(typed, None),
        lambda: options.ultimatum_perform(typed),
        lambda: options.ultimatum_entertainer(typed, True),
    ):
        with pytest.raises(BadOption):
            build()


def test_ultimatum_actions_are_built_in_notation() -> None:
    """U-11, U-13, U-14, U-16, U-21."""
    assert str(options.ultimatum_play("Red – 3 – Dance", "e4", None)) == "play red-3-dance E4"
    assert options.ultimatum_play("red-3-dance", "E4", "seal-music") == Play(
        "red-3-dance", "E4", "seal-music"
    )
    assert options.ultimatum_invite("e4", None) == Invite(SUPPLY, "E4")
    assert str(options.ultimatum_invite("e4", None)) == "invite supply E4"
    assert str(options.ultimatum_invite("E4", "d3")) == "invite D3 E4"
    assert str(options.ultimatum_perform("o15")) == "perform O15"
    assert str(options.ultimatum_entertainer("F7", turned=True)) == "entertainer F7 turned"
    with pytest.raises(BadOption):
        options.ultimatum_play("red-3-dance", "E4", "resign 1")
    with pytest.raises(BadOption):
        options.ultimatum_invite("E4", "resign 1")


def test_an_excerpt_is_short_clean_and_pings_nobody() -> None:
    shown = excerpt("@everyone <@123> <@&5> \u0000\u200e hi `x`\n" + "y" * 100)
    assert len(shown) <= EXCERPT_LENGTH and shown.endswith("…")
    assert "@everyone" not in shown and "<@123>" not in shown and "<@&5>" not in shown
    assert "@\u200beveryone" in shown
    assert "\u0000" not in shown and "\u200e" not in shown and "\n" not in shown
    assert "`" not in shown
    assert excerpt(shown) == shown  # quoting an excerpt again changes nothing
