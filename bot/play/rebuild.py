"""Every rating worked out afresh from the stored results (``python -m bot.admin ratings
rebuild``): in batches, with a progress bar, compared with the stored ratings, and written in
their place when asked.

It runs in the operator's own process, never on the bot's event loop. Reading and comparing
take no lock: a game that ends meanwhile shows as a difference. Writing recomputes inside one
transaction that holds the ratings lock, so nothing ends between the reading and the writing
(games that end meanwhile wait; on SQLite a running bot's writes may time out: stop it first).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Never, TextIO

from tqdm import tqdm

from bot.play.rater import Key, Rebuilder, scope_of, standing_of, standings
from bot.ratings import Player, Ratings
from bot.store import RatingChange, Store, StoredResult
from bot.store.store import is_postgres_url

#: How many results (and stored rows) are read at a time.
BATCH = 2000


@dataclass
class Rebuilt:
    """What a rebuild found: the ratings, how many results it read, and the ratings whose
    stored values differ from it (missing, left over, or other values)."""

    ratings: Ratings
    results: int = 0
    stored: int = 0
    differing: list[Key] = field(default_factory=list)
    written: bool = False


class Progress(Rebuilder):
    """A rebuild that moves a progress bar as it reads."""

    def __init__(self, bar: tqdm[Never]) -> None:
        super().__init__()
        self.bar = bar

    def rate(
        self, results: Sequence[StoredResult]
    ) -> Iterator[tuple[int, float, list[RatingChange]]]:
        """Apply these results (``Rebuilder.rate``) and count them on the bar."""
        yield from super().rate(results)
        self.bar.update(len(results))


async def rebuild(
    store: Store, *, write: bool = False, out: TextIO | None = None, batch: int = BATCH
) -> Rebuilt:
    """Work every rating out from the rated results, compare with the stored ratings, and with
    ``write`` put the rebuilt ones (and their changes) in their place."""
    total = await store.rated_count()
    with tqdm(total=total, unit="game", file=out, disable=out is None, desc="rebuild") as bar:
        rebuilder = Progress(bar)
        seq = 0
        while results := await store.results_after(seq, batch):
            for _ in rebuilder.rate(results):
                pass
            seq = results[-1].seq
    found = Rebuilt(rebuilder.ratings, rebuilder.games)
    rebuilt = standings(rebuilder.rows())
    seen: set[Key] = set()
    after: Key = (-1, -1, "", "")
    while page := await store.all_rating_rows(after, batch):
        for key, values in standings(page).items():
            seen.add(key)
            if rebuilt.get(key) != values:
                found.differing.append(key)
        found.stored += len(page)
        after = page[-1].key
    found.differing += sorted(set(rebuilt) - seen)
    if write:
        with tqdm(total=total, unit="game", file=out, disable=out is None, desc="write") as bar:
            await store.replace_ratings(Progress(bar), batch)
        found.written = True
    return found


async def rebuild_database(
    target: str | Path, *, write: bool = False, out: TextIO | None = None
) -> Rebuilt:
    """``rebuild`` on the database ``target`` names: a ``postgresql://`` URL or an SQLite file
    (OSError when there is none)."""
    if not is_postgres_url(str(target)) and not Path(target).is_file():
        raise OSError(f"there is no database at {target}")
    store = await Store.open(target)
    try:
        return await rebuild(store, write=write, out=out)
    finally:
        await store.close()


async def stored_ratings(store: Store, batch: int = BATCH) -> Ratings:
    """The stored ratings as the ratings model holds them (for showing them all, or comparing
    with a rebuild; reads every row, page by page)."""
    ratings = Ratings(history=False)
    after: Key = (-1, -1, "", "")
    while page := await store.all_rating_rows(after, batch):
        for row in page:
            ratings.put(scope_of(row.guild_id, row.season), row.kind,
                        Player.from_key(row.player), standing_of(row))  # fmt: skip
        after = page[-1].key
    return ratings
