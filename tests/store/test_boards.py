"""Boards read from the store: each board's count row follows the people put on it and taken
off, and a page read by seeking along the board's index (from the asker's row, or from the row
before a page asked for by its number) is the stretch of the whole board sorted in its order,
with the positions ties share, on both backends."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.store import RatingChange, RatingRow, Store, StoredResult
from tests.store.conftest import GUILD

PER_PAGE = 10
KIND = "fish"


class Given:
    """Rows put into the store as they are by a rebuild (no results to read)."""

    def __init__(self, rows: Sequence[RatingRow]) -> None:
        self.given = list(rows)

    def rate(self, results: Sequence[StoredResult]) -> list[tuple[int, float, list[RatingChange]]]:
        """Nothing to apply: the rows are given."""
        return []

    def rows(self) -> list[RatingRow]:
        """The rows given."""
        return self.given


def _rows(rng: random.Random, guild: int, season: int, people: int) -> list[RatingRow]:
    """People with few distinct ratings, ordinals and game counts (so ties run long), and the
    computer levels, which a board leaves out."""
    rows = [
        RatingRow(guild, season, KIND, f"u{user}", user, 25.0, 3.0, rng.randint(10, 14),
                  rng.choice((5.0, 5.5)), rng.randint(1, 2), 0, 1)
        for user in rng.sample(range(1, 10 * people), people)
    ]  # fmt: skip
    levels = [
        RatingRow(guild, season, KIND, f"c{level}", None, 25.0, 3.0, 12, 5.0, 3, 1, 1)
        for level in (1, 2, 3)
    ]
    return rows + levels


def _board(rows: Sequence[RatingRow], named: set[int]) -> list[tuple[RatingRow, int, bool]]:
    """The whole board as the rules order it: people only, best first, ties by the key; equal
    ratings share the position of the first of them."""
    people = sorted(
        (r for r in rows if r.player.startswith("u")),
        key=lambda r: (-r.rating, -r.ordinal, -r.games, r.player),
    )
    return [(r, 1 + sum(o.rating > r.rating for o in people), r.user_id in named) for r in people]


async def test_pages_by_number_and_at_the_asker_are_the_sorted_board(store: Store) -> None:
    """Every page of a server's board and of the global one, by its number and from the row
    of each person on it, equals the stretch of the board sorted whole; each person's place
    (how many before them, their position) is theirs in it; the count row is the board's size."""
    rng = random.Random(7)
    server, world = _rows(rng, GUILD, 1, 57), _rows(rng, 0, 0, 43)
    await store.replace_ratings(Given(server + world))
    named = {r.user_id for r in world[::4] if r.user_id is not None}
    for user in named:
        await store.update_user_settings(user, global_board=True)
    for rows, (guild, season) in ((server, (GUILD, 1)), (world, (0, 0))):
        board = _board(rows, named)
        assert await store.board_size(guild, season, KIND) == len(board)
        for offset in range(0, len(board) + PER_PAGE, PER_PAGE):
            found = await store.board_rows(guild, season, KIND, offset=offset, limit=PER_PAGE)
            assert found == board[offset : offset + PER_PAGE], offset
        for index, (row, position, shown) in enumerate(board):
            place = await store.board_place(guild, season, KIND, row.player)
            assert place is not None
            assert (place.before, place.row, place.position, place.named) == (
                index,
                row,
                position,
                shown,
            )
            offset = index - index % PER_PAGE
            near = await store.board_rows(
                guild, season, KIND, offset=offset, limit=PER_PAGE, near=place
            )
            assert near == board[offset : offset + PER_PAGE], index
        assert await store.board_place(guild, season, KIND, "c1") is None
        assert await store.board_place(guild, season, KIND, "u999999") is None


async def test_a_board_nobody_is_on_has_no_players(store: Store) -> None:
    """A board without a count row (nobody rated there yet) has no players and no rows."""
    assert await store.board_size(GUILD, 1, KIND) == 0
    assert await store.board_rows(GUILD, 1, KIND, offset=0, limit=PER_PAGE) == []
    assert await store.board_rows(GUILD, 1, KIND, offset=PER_PAGE, limit=PER_PAGE) == []
