"""The animated replay: one frame per view, small enough for Discord, never holding a hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import ImageSequence

from bot.games.fish import FishGame
from bot.games.ultimatum import UltimatumGame
from render import fish, replay, ultimatum
from tests.render.games import LONG_NAMES, decode, fish_game

LIMIT = 8 * 2**20  # Discord's upload limit without boosts


def full_game_views(kind: str, seed: int) -> list[dict[str, Any]]:
    """Spectator views after every action of a whole random 4-player game, as a replay sees it."""
    game: FishGame | UltimatumGame = (
        FishGame.new(4, seed=seed) if kind == "fish" else UltimatumGame.new(players=4, seed=seed)
    )
    rng = random.Random(seed)
    views = [game.view(None)]
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
        views.append(game.view(None))
    return views


@pytest.mark.parametrize("kind", ["fish", "ultimatum"])
def test_a_full_four_player_game_fits_the_upload_limit(kind: str) -> None:
    """F-14 / U-24: a whole game, one frame per view, ≤ 8 MiB, looping, frames of the board."""
    views = full_game_views(kind, seed=7)
    data = replay.animation(kind, views, names=LONG_NAMES)
    assert len(data) <= LIMIT
    gif = decode(data, "GIF")
    assert gif.n_frames == len(views)  # type: ignore[attr-defined]
    expected = fish.size(4) if kind == "fish" else ultimatum.size(views[0])
    assert gif.size == expected
    assert gif.info.get("loop") == 0


def test_frames_show_the_game_as_it_was() -> None:
    """Each frame is the board picture of its view (up to the shared 255-colour palette)."""
    views = [fish_game(2, seed=4, actions=n).view(None) for n in (0, 8, 20)]
    gif = decode(replay.animation("fish", views, names=["Ann", "Bob"]), "GIF")
    for frame, view in zip(ImageSequence.Iterator(gif), views, strict=True):
        still = fish.render_image(view, ["Ann", "Bob"])
        shown = frame.convert("RGB")
        x, y = (round(v) for v in fish.centre("A1"))
        pixel = shown.getpixel((x, round(y - 0.3 * fish.R)))
        assert isinstance(pixel, tuple)
        expected = still.getpixel((x, round(y - 0.3 * fish.R)))
        assert isinstance(expected, tuple)
        assert max(abs(a - b) for a, b in zip(pixel, expected, strict=True)) < 24


def test_replay_is_deterministic() -> None:
    """The same views give the same bytes."""
    views = [fish_game(3, seed=2, actions=n).view(None) for n in (0, 5, 12)]
    assert replay.animation("fish", views, names=["a", "b", "c"]) == replay.animation(
        "fish", list(views), names=["a", "b", "c"]
    )


def test_bad_replays_are_refused() -> None:
    """Unknown kinds, no views and views with a hand are errors with a clear message."""
    view = UltimatumGame.new(players=2, seed=1).view(0)
    with pytest.raises(ValueError, match="chess"):
        replay.animation("chess", [view], names=["a", "b"])
    with pytest.raises(ValueError, match="at least one"):
        replay.animation("ultimatum", [], names=["a", "b"])
    with pytest.raises(ValueError, match="hand"):
        replay.animation("ultimatum", [view], names=["a", "b"])
