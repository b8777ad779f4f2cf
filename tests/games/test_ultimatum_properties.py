"""Property tests: random legal Ultimatum games keep the rules' invariants and always end."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import replay
from bot.games.base import IllegalAction
from bot.games.ultimatum import UltimatumGame
from bot.games.ultimatum.cards import ENTERTAINERS, PENGUINS
from bot.games.ultimatum.table import STEPS, cell_name
from tests.games.test_ultimatum_shows import rule_performs, rule_placements
from tests.turns import whose_turn

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "seed": st.integers(0, 2**32),
        "choices": st.integers(0, 2**32),
        "width": st.integers(5, 15),
        "height": st.integers(5, 15),
        "fixed_setup": st.booleans(),
    }
)
# A game takes at most 64 penguin turns of at most 2 + 2 × 14 decisions each.
MAX_DECISIONS = 64 * 30


def start(case: dict[str, int]) -> tuple[UltimatumGame, random.Random]:
    """The game and the chooser of a drawn case."""
    game = UltimatumGame.new(
        case["players"],
        seed=case["seed"],
        width=case["width"],
        height=case["height"],
        fixed_setup=bool(case["fixed_setup"]),
    )
    return game, random.Random(case["choices"])


def random_text(game: UltimatumGame, rng: random.Random) -> str:
    """A plausible but random action text (mostly illegal) to probe play() with."""
    # One column and row past the edge, so that off-iceberg cells are probed too.
    cell = f"{chr(ord('A') + rng.randrange(game.width + 1))}{rng.randrange(game.height + 1) + 1}"
    other = cell_name(rng.randrange(game.width), rng.randrange(game.height))
    card = rng.choice(sorted(PENGUINS))
    entertainer = rng.choice(sorted(ENTERTAINERS))
    return rng.choice(
        [
            f"play {card} {cell}",
            f"play {card} {cell} waive {entertainer}",
            f"invite supply {cell}",
            f"invite {other} {cell}",
            "skip",
            f"perform {cell}",
            f"entertainer {cell}",
            f"entertainer {cell} turned",
        ]
    )


def penguin_cells_by_rule(table: dict[str, str], width: int, height: int) -> set[str]:
    """U-11 from the public table: empty cells with an entertainer among their neighbours."""
    found = set()
    for row in range(height):
        for col in range(width):
            name = cell_name(col, row)
            if name in table:
                continue
            for d_col, d_row in STEPS.values():
                c, r = col + d_col, row + d_row
                if 0 <= c < width and 0 <= r < height:
                    text = table.get(cell_name(c, r), "")
                    if text.split()[:1] and text.split()[0] in ENTERTAINERS:
                        found.add(name)
    return found


def check_invariants(game: UltimatumGame) -> None:
    """Cards and stones are conserved; what is listed follows the rules."""
    table = game.table
    penguins = [c for h in game.hands for c in h] + game.deck
    penguins += [t for t in table.values() if t in PENGUINS]
    assert Counter(penguins) == Counter(list(PENGUINS))  # U-1: every card exactly once
    entertainers = [t.split()[0] for t in table.values() if t.split()[0] in ENTERTAINERS]
    entertainers += game.entertainer_deck + game.removed + [e for w in game.won for e in w]
    assert Counter(entertainers) == Counter(list(ENTERTAINERS))  # U-2
    assert len(penguins) + len(entertainers) == 64 + 16
    stones = Counter(game.stones.values())
    assert all(game.supply[s] + stones[s] == 3 for s in range(game.players))  # U-3, U-14
    assert all(table[cell] in PENGUINS for cell in game.stones)
    if game.phase == "play":
        # Outside step 3 no entertainer on the table performs (U-15, U-21).
        assert not [
            c
            for c, t in table.items()
            if t.split()[0] in ENTERTAINERS and rule_performs(table, c, game.width, game.height)
        ]
        cells = {a.split()[2] for a in game.legal_actions()}
        assert cells == penguin_cells_by_rule(table, game.width, game.height)
        assert all(len(game.hand(seat)) == 4 for seat in range(game.players))
    if game.phase == "entertainer":
        top = game.entertainer_deck[0]
        pending = game.view(None)["pending_shows"]
        expected = rule_placements(table, top, game.width, game.height, pending)
        assert game.legal_actions() == expected


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_games_end_and_conserve_cards_and_stones(case: dict[str, int]) -> None:
    """U-1 … U-27: random legal games end; cards (80) and stones (3 each) are conserved."""
    game, rng = start(case)
    overs = 0
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            break
        check_invariants(game)
        legal = game.legal_actions()
        assert legal and legal == sorted(legal)
        # A random text is accepted exactly when it is listed, and changes nothing if refused.
        probe = random_text(game, rng)
        if probe not in legal:
            before = game.to_dict()
            try:
                game.play(probe, seat=whose_turn(game))
            except IllegalAction as error:
                assert error.code and error.message
                assert game.to_dict() == before
            else:
                raise AssertionError(f"{probe!r} was accepted but not listed in {legal}")
        events = game.play(rng.choice(legal), seat=whose_turn(game))
        overs += sum(e["type"] == "game_over" for e in events)
    assert game.is_over and overs == 1
    check_invariants(game)
    assert game.legal_actions() == [] and game.to_move is None
    assert sorted(s for group in game.ranking() for s in group) == list(range(game.players))
    assert game.final_bonus is not None and game.end_reason is not None


@settings(max_examples=40, deadline=None)
@given(games)
def test_snapshots_and_log_replay_reproduce_the_game(case: dict[str, int]) -> None:
    """The snapshot round trip gives an equal game; replaying the log rebuilds the snapshot."""
    game, rng = start(case)
    for _ in range(rng.randrange(1, 400)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
        copy = UltimatumGame.from_dict(json.loads(json.dumps(game.to_dict())))
        assert copy == game and copy.legal_actions() == game.legal_actions()
    again = replay("ultimatum", game.players, game.seed, game.options, game.log)
    assert again.to_dict() == game.to_dict()
    assert again == game


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_listed_action_is_accepted(case: dict[str, int]) -> None:
    """Every text in legal_actions() is accepted by play() from the same position."""
    game, rng = start(case)
    for _ in range(rng.randrange(0, 300)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()), seat=whose_turn(game))
    if game.is_over:
        return
    snapshot = game.to_dict()
    legal = game.legal_actions()
    for action in rng.sample(legal, min(len(legal), 40)):
        trial = UltimatumGame.from_dict(snapshot)
        trial.play(action, seat=whose_turn(trial))
        assert trial.log[-1] == action  # the log keeps the normalised text
