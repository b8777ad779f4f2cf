"""The search of the former hard player: bot/ai/fish_search.py's alpha-beta, and with
``best_reply`` best-reply search (Schadd & Winands 2011): between two of the seat's own moves
only the single strongest move of any one rival is searched, so it looks further ahead. It ran
it at four players with three or more seats still playing."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.ai import fish_search
from bot.ai.clock import Deadline
from bot.ai.fish_position import Move, Position
from tests.bench.baseline_ai.fish_eval import Evaluator


class Search(fish_search.Search):
    """Alpha-beta as medium runs it, optionally best-reply, on the former evaluation."""

    def __init__(
        self, root: Position, deadline: Deadline, rng: random.Random, best_reply: bool = False
    ) -> None:
        super().__init__(root, deadline, rng)
        self.best_reply = best_reply
        self.evaluator = Evaluator(root.fish)

    def key(self, pos: Position) -> tuple[object, ...]:
        """Under best-reply search every rival's node is the same merged layer."""
        turn = pos.seat == self.seat if self.best_reply else pos.seat
        return (pos.board, turn, *map(tuple, pos.penguins), *pos.catch)

    def children(self, pos: Position, first: Move | None) -> Iterator[tuple[Move, Position]]:
        """The rivals' merged layer under best-reply search, else every move."""
        if self.best_reply and pos.seat != self.seat:
            return iter(self.replies(pos, first))
        return super().children(pos, first)

    def replies(self, pos: Position, first: Move | None) -> list[tuple[Move, Position]]:
        """Best-reply search's rival layer: any one rival's move, then the root seat again."""
        # One merged layer instead of one per rival reaches deeper than paranoid search does.
        fish = pos.fish
        scored: list[tuple[int, Move, int]] = []
        for seat in range(pos.players):
            if seat == self.seat or pos.out[seat]:
                continue
            if pos.placing and not pos.to_place[seat]:
                continue
            pos_seat, pos.seat = pos.seat, seat
            moves = pos.moves()
            pos.seat = pos_seat
            scored += [(-fish[m[1]], m, seat) for m in moves]
        scored.sort(key=lambda t: t[0])
        if first is not None:
            scored.sort(key=lambda t: t[1] != first)
        children = []
        for _, move, seat in scored:
            child = pos.copy()
            child.seat = seat
            child.apply(move)
            if child.seat is not None and not child.placing and not child.out[self.seat]:
                child.pass_to(self.seat)
            elif child.placing and child.to_place[self.seat]:
                child.seat = self.seat
            children.append((move, child))
        return children
