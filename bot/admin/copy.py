"""``python -m bot.admin copy --to postgresql://…``: move the games from SQLite to PostgreSQL.

Copies every game, seat, action, follower, undo request, queued message and setting from the
SQLite file (``--from``, else ``DATABASE_PATH`` as the bot reads it) into an empty PostgreSQL
database, in one transaction, a batch of rows at a time (memory holds one batch, however big the
file; a progress bar per table shows how far it is), then verifies the copy: the same rows on
both sides, and every started game replayed from its log equal to its snapshot. A database
that is not empty is refused, untouched. Stop the bot first (a move made during the copy would
not be in it), then start it again with ``DATABASE_URL`` set.

The store copies and compares the rows (bot.store.copy); the replay is the play layer's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Never

from dotenv import load_dotenv
from tqdm import tqdm

from bot.config import ConfigError, database_path, env_file
from bot.play.check import check_snapshots
from bot.store.copy import Progress
from bot.store.errors import StoreError
from bot.store.postgres import safe_url
from bot.store.store import Store, is_postgres_url


class CopyRefused(Exception):
    """The copy could not be made or verified; the message says why (for the operator, in
    English: it is never shown in Discord)."""


@dataclass(frozen=True)
class CopyReport:
    """What was copied: rows per table, and how many started games were replayed."""

    rows: dict[str, int]
    replayed: int


def _quiet(table: str, done: int, total: int) -> None:
    """No progress shown."""


async def copy_database(
    source: str | Path, target: str, *, progress: Progress = _quiet
) -> CopyReport:
    """Copy the SQLite database at ``source`` into the empty PostgreSQL database ``target``.

    Raises CopyRefused when there is no source, when the target holds any row (nothing is
    written), or when the verification finds a difference (the copy stays for a look).
    ``progress`` is told how far each table has come.
    """
    if not Path(source).is_file():
        raise CopyRefused(f"there is no SQLite database at {source}")
    async with await Store.open(source) as sqlite, await Store.open(target) as postgres:
        table = await postgres.first_table_with_rows()
        if table is not None:
            raise CopyRefused(
                f"the PostgreSQL database {postgres.path} already holds {table}: the copy "
                "goes into an empty database only (create a new one)"
            )
        rows = await sqlite.copy_into(postgres, progress)
        table = await sqlite.first_difference(postgres)
        if table is not None:
            raise CopyRefused(f"the copied {table} differ from the original")
        report = await check_snapshots(postgres)
        if report.repaired or report.broken:
            raise CopyRefused(
                f"replaying the copied games found {len(report.repaired)} snapshot(s) that "
                f"differ from their log and {len(report.broken)} game(s) that do not replay "
                "(the original has the same problem: run the bot on it once to repair them)",
            )
        return CopyReport(rows=rows, replayed=report.checked)


class Bars:
    """One progress bar per table on standard error, while its rows are copied."""

    def __init__(self) -> None:
        self.bar: tqdm[Never] | None = None

    def __call__(self, table: str, done: int, total: int) -> None:
        bar = self.bar
        if bar is None or bar.desc != table:
            if bar is not None:
                bar.close()
            bar = self.bar = tqdm(total=total, desc=table, unit=" rows", file=sys.stderr)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    def close(self) -> None:
        """Close the last bar (a copy cut short leaves it open)."""
        if self.bar is not None:
            self.bar.close()


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
        bars = Bars()
        try:
            report = asyncio.run(copy_database(source, args.to, progress=bars))
        finally:
            bars.close()
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
