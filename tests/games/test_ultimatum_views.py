"""U-27: views and events show everything public and nothing hidden (hands, deck order)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Event
from bot.games.ultimatum import UltimatumGame
from tests.games.test_ultimatum_shows import seal_show
from tests.turns import whose_turn

VIEW_KEYS = {
    "kind",
    "players",
    "width",
    "height",
    "phase",
    "to_move",
    "viewer",
    "table",
    "stones",
    "supply",
    "scores",
    "resigned",
    "activities",
    "won",
    "hand",
    "hand_counts",
    "deck_count",
    "set_aside_count",
    "entertainer_deck_count",
    "entertainer_top",
    "pending_shows",
    "entertainer_to_lay",
    "removed",
    "last",
    "turn",
    "final_bonus",
    "end_reason",
    "ranking",
}


def hidden_from(game: UltimatumGame, seat: int | None) -> set[str]:
    """Card ids ``seat`` may not know the place of: other hands, the decks (bar the top)."""
    hidden = {c for s, hand in enumerate(game.hands) if s != seat for c in hand}
    hidden |= set(game.deck) | set(game.entertainer_deck[1:])
    return hidden


def leaks(data: Any, hidden: set[str]) -> set[str]:
    """The hidden card ids that appear anywhere in ``data``'s JSON text."""
    text = json.dumps(data)
    return {card for card in hidden if f'"{card}"' in text or f'"{card} turned"' in text}


def public(events: list[Event]) -> list[Event]:
    """Events as they go to everyone: the ``private`` parts dropped."""
    return [{k: v for k, v in e.items() if k != "private"} for e in events]


def test_u27_spectator_and_opponent_see_no_hidden_card() -> None:
    """U-27: spectators and opponents see no hand or deck card; the owner sees their hand."""
    game, _ = seal_show()
    own = game.view(1)
    assert own["hand"] == game.hand(1) and own["viewer"] == 1
    for seat in (None, 0):
        view = game.view(seat)
        assert set(view) == VIEW_KEYS
        assert not leaks(view, set(game.hand(1)) | set(game.deck))
        assert not leaks(view, set(game.entertainer_deck[1:]))
    assert game.view(None)["hand"] is None
    assert game.view(0)["hand"] == game.hand(0)
    # Everything public is there (U-27): the counts, the top card, stones, scores, won cards.
    view = game.view(None)
    assert view["hand_counts"] == [3, 4] and view["deck_count"] == len(game.deck)  # mid-turn
    assert view["entertainer_deck_count"] == 3 and view["entertainer_top"] == "seal-acrobatics"
    assert view["supply"] == [1, 1] and view["stones"] == {"D8": 0, "E8": 1, "F9": 1, "D9": 0}
    assert view["scores"] == [17, 14] and view["won"] == [[], ["seal-dance"]]
    assert view["activities"] == ["dance", "music"] and view["phase"] == "entertainer"
    assert view["table"]["E9"] == "curtain" and view["table"]["B2"] == "bear-music"
    assert view["last"]["card"] == "blue-5-dance" and view["last"]["stone"] == {
        "from": "supply",
        "to": "D9",
    }
    json.dumps(view)  # JSON-safe


def test_the_leak_check_can_fail() -> None:
    """The leak detector finds a hidden card in a view-like structure (so the tests can fail)."""
    assert leaks({"hand": ["red-3-dance"]}, {"red-3-dance"}) == {"red-3-dance"}
    assert leaks({"table": {"E4": "seal-music turned"}}, {"seal-music"}) == {"seal-music"}
    assert not leaks({"table": {"E4": "red-3-dance"}}, {"red-3-music"})


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))
def test_views_and_public_events_never_leak(players: int, seed: int, choices: int) -> None:
    """U-27 over random games: no view but the owner's, and no public event, names a hidden card."""
    rng = random.Random(choices)
    game = UltimatumGame.new(players, seed=seed)
    while not game.is_over:
        events = game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
        # Public events go to everyone: they may name no card in any hand or deck.
        assert not leaks(public(events), hidden_from(game, None))
        for event in events:
            if "private" in event:
                assert event["private"]["card"] in game.hand(event["seat"])
        for seat in (None, *range(players)):
            view = game.view(seat)
            assert not leaks(view, hidden_from(game, seat))
            assert view["hand_counts"] == [len(h) for h in game.hands]
            assert view["deck_count"] == len(game.deck)
            if seat is not None:
                assert view["hand"] == game.hand(seat)
