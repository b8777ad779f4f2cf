"""How to read the party table picture: its marks in words, for ``/ultimatum rules`` (the
README's pictures section says the same)."""

from __future__ import annotations

from bot.i18n import N_

TABLE_LEGEND = N_("""\
**Reading the table picture** — The yellow arrowheads on an entertainer point at the cells it \
waits for. A yellow disc on an empty cell faces an entertainer waiting for that cell, with the \
number of cells it still misses; a dark disc (1) means one more card there starts a show. The \
coloured shape on a penguin is its owner's stone: the same colour and shape as the owner's row \
under the table. A star marks a show.""")
