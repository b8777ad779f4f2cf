"""``python -m bot.admin copy …`` and ``python -m bot.admin ratings rebuild …``.

- ``copy --to postgresql://… [--from FILE]``: move the games from SQLite into an empty
  PostgreSQL, verified (``bot.admin.copy``);
- ``ratings rebuild [FILE] [--database …] [--top N]``: derive every rating afresh from the stored
  results (``bot.admin.ratings``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from bot.admin import copy, ratings

USAGE = "usage: python -m bot.admin {copy,ratings} … (--help after either for its options)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one operator's command; its exit status (2 for a command this does not know)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["copy"]:
        return copy.main(args)
    if args[:1] == ["ratings"]:
        return ratings.main(args[1:])
    print(USAGE, file=sys.stderr)
    return 0 if args[:1] in (["-h"], ["--help"]) else 2


if __name__ == "__main__":
    sys.exit(main())
