"""``python -m bot.admin ratings rebuild [FILE]``: derive every rating afresh from stored results.

The results come from the bot's database (chosen as the bot chooses it: ``DATABASE_URL`` when
set, else the SQLite file ``DATABASE_PATH``; or ``--database``, a file or a ``postgresql://``
URL), read in batches with a progress bar and compared with the stored ratings (the differences
are counted on standard error; ``--write`` puts the rebuilt ratings in their place); or from a
JSON-lines file (one ``Result.to_dict()`` or ``NewSeason.to_dict()`` object a line, ``-`` for
standard input). The ratings are printed as JSON lines (scope, kind, player, μ, σ, displayed
rating, games, wins) or, with ``--top N``, as a short table per board.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.config import ConfigError, configured_database
from bot.play.rebuild import rebuild_database
from bot.ratings.model import Ratings, Scope, rebuild
from bot.ratings.results import Event, read_lines


def scope_name(scope: Scope) -> str:
    """``global`` or ``guild <id> season <n>``."""
    return "global" if scope.is_global else f"guild {scope.guild_id} season {scope.season}"


def rows(ratings: Ratings) -> Iterator[dict[str, Any]]:
    """Every rating as a JSON-safe dict, boards in order, best first."""
    for scope, kind, player, standing in ratings.entries():
        yield {
            "scope": scope_name(scope),
            "kind": kind,
            "player": player.key(),
            "mu": standing.mu,
            "sigma": standing.sigma,
            "rating": standing.rating,
            "provisional": standing.provisional,
            "games": standing.games,
            "wins": standing.wins,
        }


def load(source: str) -> Iterable[Event]:
    """The events of a JSON-lines file (``-``: standard input)."""
    if source == "-":
        return list(read_lines(sys.stdin))
    with Path(source).open(encoding="utf-8") as handle:
        return list(read_lines(handle))


def from_database(target: str | None, write: bool, err: TextIO) -> Ratings:
    """The ratings the bot's database's results give, in the order they were rated (read
    through the play layer, which turns stored rows into results: the core itself stays free of
    storage); how they compare with the stored ones is said on ``err``."""
    found = asyncio.run(rebuild_database(target or configured_database(), write=write, out=err))
    err.write(
        f"rebuilt {found.results} games: {sum(1 for _ in found.ratings.entries())} ratings, "
        f"{found.stored} stored, {len(found.differing)} differing\n"
    )
    for key in found.differing[:20]:
        err.write(f"  differs: {key}\n")
    if found.written:
        err.write("written: the stored ratings are now the rebuilt ones\n")
    return found.ratings


def report(ratings: Ratings, top: int, out: TextIO) -> None:
    """A short table of each board's best ``top`` players."""
    shown: dict[tuple[str, str], int] = {}
    for row in rows(ratings):
        board = (row["scope"], row["kind"])
        if board not in shown:
            out.write(f"{board[0]} · {board[1]}\n")
            shown[board] = 0
        if shown[board] < top:
            mark = " (provisional)" if row["provisional"] else ""
            out.write(f"  {row['player']:>22} {row['rating']:>5}{mark} · {row['games']} games\n")
        shown[board] += 1


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    summary = (__doc__ or "").split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m bot.admin ratings", description=summary)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser(
        "rebuild",
        help="derive every rating afresh from stored results",
        description="Derive every rating afresh, in order, from finished games' results: those "
        "stored in the bot's database (DATABASE_URL when set, else DATABASE_PATH; or "
        "--database), or those of a JSON-lines "
        "file (one result or season start a line, as Result.to_dict() / NewSeason.to_dict() "
        "write them).",
    )
    command.add_argument(
        "results", nargs="?", help="JSON-lines file of results and seasons; - for stdin"
    )
    command.add_argument(
        "--database",
        help="an SQLite file or a postgresql:// URL (default: DATABASE_URL, else DATABASE_PATH)",
    )
    command.add_argument("--top", type=int, default=0, help="print each board's best N as a table")
    command.add_argument(
        "--write",
        action="store_true",
        help="put the rebuilt ratings in place of the stored ones (the database only)",
    )
    args = parser.parse_args(argv)
    if args.write and args.results is not None:
        print("rebuild: --write puts ratings into the database; it takes no results file",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        if args.results is not None:
            ratings = rebuild(load(args.results))
        else:
            ratings = from_database(args.database, args.write, sys.stderr)
    except (OSError, ValueError, ConfigError) as error:
        print(f"rebuild: {error}", file=sys.stderr)
        return 1
    if args.top > 0:
        report(ratings, args.top, out)
    else:
        for row in rows(ratings):
            out.write(json.dumps(row, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
