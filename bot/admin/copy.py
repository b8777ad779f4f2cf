"""``python -m bot.admin copy --to postgresql://…``: move the games from SQLite to PostgreSQL.

Copies every game, seat, action, follower, undo request, queued message and setting from the
SQLite file (``--from``, else ``DATABASE_PATH`` as the bot reads it) into an empty PostgreSQL
database, in one transaction, then verifies the copy: the same rows on both sides, and every
started game replayed from its log equal to its snapshot. A database that is not empty is
refused, untouched. Stop the bot first (a move made during the copy would not be in it), then
start it again with ``DATABASE_URL`` set.

The command hands the play layer's replay to the store's copy, as the bot hands it to
``check_snapshots``: the store itself imports no rules.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from dotenv import load_dotenv

from bot.config import ConfigError, database_path, env_file
from bot.play.games import rebuild
from bot.store.copy import CopyRefused, copy_database
from bot.store.errors import StoreError
from bot.store.postgres import safe_url
from bot.store.store import is_postgres_url


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 when the copy is complete and verified, 2 when it was refused."""
    parser = argparse.ArgumentParser(prog="python -m bot.admin")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("copy", help="copy the SQLite database into an empty PostgreSQL")
    copy.add_argument("--to", required=True, help="postgresql://user:password@host:5432/db")
    copy.add_argument("--from", dest="source", help="the SQLite file (default: DATABASE_PATH)")
    args = parser.parse_args(argv)
    if not is_postgres_url(args.to):
        parser.error("--to must be a postgresql:// URL")
    try:
        load_dotenv(env_file(os.environ))
        source = Path(args.source) if args.source else database_path(dict(os.environ))
        report = asyncio.run(copy_database(source, args.to, rebuild=rebuild))
    except (ConfigError, StoreError, CopyRefused) as error:
        print(f"Nothing was copied: {error}", file=sys.stderr)
        return 2
    for table, count in report.rows.items():
        print(f"{table}: {count} rows")
    print(
        f"Copied {source} into {safe_url(args.to)}; {report.replayed} started games replayed "
        "and equal to their snapshots. Set DATABASE_URL to use it."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
