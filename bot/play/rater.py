"""The bot's ratings, held in memory and kept in step with the database, whichever process
wrote to it.

Several bot processes may share one database, each holding every rating. Before the ratings
are used (a final post, a board, a profile, the seasons), ``Rater.refresh`` catches up on what
was stored meanwhile. What a process has folded in is remembered as the results' numbers
(``seq``) and the season starts; one look at the database (``Store.results_mark``: how many
results are numbered up to the highest known one and the sum of their numbers, how many season
starts there are) tells whether that still holds, and the results numbered after it are read
and applied in order. Anything else rebuilds every rating from the database: a result taken
back by an undo, one that committed late with a lower number (PostgreSQL hands numbers out
before the commit), a result or season start that sorts before what is already applied. So the
ratings always equal those rebuilt from the stored events in their order.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from bot.ratings import AlreadyRated, Change, Event, NewSeason, PastSeason, Ratings, Result
from bot.ratings.results import event_from_dict
from bot.store import SeasonStart, Store, StoredResult

#: Where an event stands in the order ratings are applied: (time, 0 for a season start or 1
#: for a result, the season's place among the starts or the result's ``seq``).
Key = tuple[float, int, int]

#: Before every event.
FIRST: Key = (float("-inf"), 0, 0)


def moment(stamp: float) -> float:
    """A stored time as the store's records give it (whole microseconds, as a datetime holds
    it), so a result applied as its game ends and the same result read back agree exactly."""
    return datetime.fromtimestamp(stamp, UTC).timestamp()


def stored_result(row: StoredResult) -> Result:
    """A stored result, with the moment and the rated flag its columns hold."""
    data = json.loads(row.result)
    data.update(finished=moment(row.finished_at), rated=row.rated, game=str(row.game_id))
    event = event_from_dict(data)
    assert isinstance(event, Result)
    return event


def season_event(start: SeasonStart) -> NewSeason:
    """A stored season start as a ratings event."""
    return NewSeason(guild_id=start.guild_id, started=start.started_at)


def result_key(row: StoredResult) -> Key:
    """A stored result's place in the order."""
    return (row.finished_at, 1, row.seq)


def keyed_events(
    results: Iterable[StoredResult], seasons: Sequence[SeasonStart], first_season: int = 0
) -> list[tuple[Key, Event]]:
    """Results and season starts in the order the bot applies them: by time, a season start
    before a game ending at the same moment, results in the order recorded (``first_season``:
    the place of ``seasons[0]`` among all season starts)."""
    keyed: list[tuple[Key, Event]] = [
        ((s.started_at, 0, first_season + n), season_event(s)) for n, s in enumerate(seasons)
    ]
    keyed += [(result_key(r), stored_result(r)) for r in results]
    return sorted(keyed, key=lambda pair: pair[0])


async def stored_events(store: Store) -> list[Event]:
    """Every stored result and season start, in the order the bot applies them."""
    keyed = keyed_events(await store.results(), await store.season_starts())
    return [event for _, event in keyed]


def replay(events: Iterable[Event]) -> Ratings:
    """The ratings the events give, applied in the order given (``stored_events``' order)."""
    ratings = Ratings()
    for event in events:
        ratings.replay(event)
    return ratings


class Rater:
    """The bot's ratings, kept in step with the stored results and season starts.

    Every change that ends a game, reopens one (undo) or starts a season holds ``lock`` from
    catching up to applying the change, so what a post says is what is applied.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.ratings = Ratings()
        self.lock = asyncio.Lock()
        self._seqs: set[int] = set()
        self._seq_sum = 0
        self._top = 0
        self._seasons: list[SeasonStart] = []
        self._last: Key = FIRST

    async def load(self) -> Ratings:
        """Rebuild every rating from the store (at start, and after an undo reopened a game)."""
        async with self.lock:
            await self.reload()
        return self.ratings

    async def current(self) -> Ratings:
        """The ratings, caught up with the database (for a board, a profile, the seasons)."""
        async with self.lock:
            await self.refresh()
        return self.ratings

    async def reload(self) -> None:
        """``load`` for a caller that holds the lock."""
        results = await self.store.results()
        seasons = await self.store.season_starts()
        keyed = keyed_events(results, seasons)
        self.ratings = replay(event for _, event in keyed)
        self._seqs = {row.seq for row in results}
        self._seq_sum = sum(self._seqs)
        self._top = max(self._seqs, default=0)
        self._seasons = list(seasons)
        self._last = keyed[-1][0] if keyed else FIRST

    async def refresh(self) -> None:
        """Catch up with what was stored since this process last looked (the caller holds the
        lock): apply what comes after everything applied, else rebuild."""
        mark = await self.store.results_mark(self._top)
        if mark.results != len(self._seqs) or mark.seq_sum != self._seq_sum:
            await self.reload()  # a result taken back, or one that committed late
            return
        seasons: list[SeasonStart] = []
        if mark.seasons != len(self._seasons):
            every = await self.store.season_starts()
            if every[: len(self._seasons)] != self._seasons:
                await self.reload()  # a season start earlier than those known
                return
            seasons = every[len(self._seasons) :]
        results = await self.store.results(after=self._top)
        keyed = keyed_events(results, seasons, first_season=len(self._seasons))
        if keyed and keyed[0][0] <= self._last:
            await self.reload()  # something belongs before what is applied already
            return
        try:
            for key, event in keyed:
                self.ratings.replay(event)
                self._last = key
        except AlreadyRated:
            await self.reload()  # the held ratings did not come from this database
            return
        for row in results:
            self._seqs.add(row.seq)
            self._seq_sum += row.seq
            self._top = max(self._top, row.seq)
        self._seasons += seasons

    def preview(self, result: Result) -> list[Change]:
        """The rating changes a result will make (nothing changes yet)."""
        try:
            return self.ratings.preview(result)
        except AlreadyRated:
            return []

    async def start_season(self, guild_id: int) -> PastSeason:
        """Start a server's new season now: stored, then caught up with; the season that
        ended."""
        async with self.lock:
            await self.refresh()
            ended = self.ratings.season(guild_id)
            await self.store.start_season(guild_id)
            await self.refresh()
            return next(s for s in self.ratings.past_seasons(guild_id) if s.season == ended)
