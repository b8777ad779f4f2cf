"""The evaluation the former hard player searched with: bot/ai/fish_eval.py's, with the
territory rings grown one penguin's reach at a time, as it was (the speed benchmark's before)."""

from __future__ import annotations

from bot.ai import fish_eval
from bot.ai.fish_eval import MAX_DISTANCE, margin
from bot.games.fish import bits_of, reach

__all__ = ["Evaluator", "margin"]


class Evaluator(fish_eval.Evaluator):
    """The same values, found the slower way."""

    def rings(self, penguins: int, free: int) -> list[int]:
        """The free floes first reached in 1, 2, … moves, floe by floe."""
        frontier, seen, rings = list(bits_of(penguins)), 0, []
        for _ in range(MAX_DISTANCE):
            ring = 0
            for b in frontier:
                ring |= reach(b, free)
            ring &= ~seen
            if not ring:
                break
            seen |= ring
            rings.append(ring)
            frontier = list(bits_of(ring))
        return rings
