"""The schema's history: each migration takes the database from one ``user_version`` to the next.

Migrations are never edited once released — a database somewhere may sit at any of them — so a
change to the schema is always a new entry at the end of ``MIGRATIONS``.
"""

from __future__ import annotations

# Version 1: games, their seats and the action log (the truth the snapshot is a cache of).
V1 = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('fish', 'ultimatum')),
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        thread_id INTEGER UNIQUE,
        status TEXT NOT NULL DEFAULT 'lobby'
            CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        creator_id INTEGER NOT NULL,
        max_players INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 4),
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        snapshot TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        turn_started_at REAL,
        to_move_seat INTEGER,
        ranking TEXT,
        finished_at REAL
    )
    """,
    "CREATE INDEX games_by_channel ON games (channel_id, status)",
    "CREATE INDEX games_by_guild ON games (guild_id, status)",
    """
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        slot INTEGER NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        bot_level INTEGER CHECK (bot_level >= 1),
        joined_at REAL NOT NULL,
        score INTEGER,
        place INTEGER,
        PRIMARY KEY (game_id, slot),
        UNIQUE (game_id, seat),
        UNIQUE (game_id, user_id),
        CHECK ((user_id IS NULL) <> (bot_level IS NULL))
    ) WITHOUT ROWID
    """,
    "CREATE INDEX seats_by_user ON seats (user_id, game_id) WHERE user_id IS NOT NULL",
    """
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
)

# Version 2: reminders and timeouts per game, the outbox, per-user and per-server settings.
# Games from version 1 had the built-in 24-hour reminder and 7-day timeout, so running games get
# their next reminder and deadline from those.
V2 = (
    "ALTER TABLE games ADD COLUMN reminder_hours REAL NOT NULL DEFAULT 24",
    "ALTER TABLE games ADD COLUMN timeout_days REAL NOT NULL DEFAULT 7",
    "ALTER TABLE games ADD COLUMN next_reminder_at REAL",
    "ALTER TABLE games ADD COLUMN deadline_at REAL",
    "ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0",
    """
    UPDATE games
    SET next_reminder_at = turn_started_at + 24 * 3600, deadline_at = turn_started_at + 7 * 86400
    WHERE status = 'active' AND turn_started_at IS NOT NULL AND EXISTS (
        SELECT 1 FROM seats
        WHERE seats.game_id = games.id AND seats.seat = games.to_move_seat
            AND seats.user_id IS NOT NULL
    )
    """,
    """
    CREATE INDEX games_due_reminder ON games (next_reminder_at)
    WHERE next_reminder_at IS NOT NULL
    """,
    "CREATE INDEX games_past_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL",
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
        dedupe_key TEXT UNIQUE,
        channel_id INTEGER,
        user_id INTEGER,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at REAL NOT NULL,
        next_attempt_at REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        sent_at REAL,
        message_id INTEGER,
        gave_up_at REAL,
        CHECK ((channel_id IS NULL) <> (user_id IS NULL))
    )
    """,
    """
    CREATE INDEX outbox_pending ON outbox (next_attempt_at)
    WHERE sent_at IS NULL AND gave_up_at IS NULL
    """,
    """
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        notify_dm INTEGER NOT NULL DEFAULT 1 CHECK (notify_dm IN (0, 1)),
        dms_closed INTEGER NOT NULL DEFAULT 0 CHECK (dms_closed IN (0, 1)),
        language TEXT,
        locale TEXT,
        updated_at REAL NOT NULL
    )
    """,
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        reminder_hours REAL CHECK (reminder_hours > 0),
        timeout_days REAL CHECK (timeout_days > 0),
        language TEXT,
        updated_at REAL NOT NULL
    )
    """,
)

# Version 3: people's display names on their seats (messages name players without a lookup),
# the lobby message of a game (edited as seats change), and a small key-value table for the bot's
# own bookkeeping (e.g. the fingerprint of the last slash-command sync).
V3 = (
    "ALTER TABLE seats ADD COLUMN name TEXT",
    "ALTER TABLE games ADD COLUMN lobby_message_id INTEGER",
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at REAL NOT NULL
    ) WITHOUT ROWID
    """,
)

# Version 4: games that keep moving over days. Direct messages about turns become opt-in
# (``/game notify on``): the user_settings table is rebuilt with notify_dm defaulting to 0, and
# nobody is opted in yet because no command could opt in before. ``follows`` lists who watches a
# game by DM; ``undo_requests`` holds an undo waiting for the other players' consent (at most one
# per game), with its deadline indexed for the scheduler.
V4 = (
    """
    CREATE TABLE user_settings_v4 (
        user_id INTEGER PRIMARY KEY,
        notify_dm INTEGER NOT NULL DEFAULT 0 CHECK (notify_dm IN (0, 1)),
        dms_closed INTEGER NOT NULL DEFAULT 0 CHECK (dms_closed IN (0, 1)),
        language TEXT,
        locale TEXT,
        updated_at REAL NOT NULL
    )
    """,
    """
    INSERT INTO user_settings_v4 (user_id, notify_dm, dms_closed, language, locale, updated_at)
    SELECT user_id, 0, dms_closed, language, locale, updated_at FROM user_settings
    """,
    "DROP TABLE user_settings",
    "ALTER TABLE user_settings_v4 RENAME TO user_settings",
    """
    CREATE TABLE follows (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE undo_requests (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        requester_id INTEGER NOT NULL,
        keep INTEGER NOT NULL CHECK (keep >= 0),
        version INTEGER NOT NULL,
        waiting TEXT NOT NULL,
        approved TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL
    )
    """,
    "CREATE INDEX undo_requests_by_expiry ON undo_requests (expires_at)",
)

# Version 5: a queued message that is only true while its game stays as it was (a reminder, a
# "your turn" DM) carries that game version; delivery drops it, unsent, once the game moved on.
V5 = ("ALTER TABLE outbox ADD COLUMN for_version INTEGER",)

# Version 6: a rematch names the game it replays, and the database allows one rematch of a game
# that is not cancelled: two clicks at the same moment (in one process or in several) cannot
# both open one. Rematches opened before were marked in ``meta`` (``rematch:<old>`` → new id).
V6 = (
    "ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id)",
    """
    UPDATE games SET rematch_of = (
        SELECT CAST(substr(meta.key, 9) AS INTEGER) FROM meta
        WHERE meta.key LIKE 'rematch:%' AND CAST(meta.value AS INTEGER) = games.id
    )
    WHERE id IN (
        SELECT CAST(value AS INTEGER) FROM meta WHERE key LIKE 'rematch:%'
    )
    """,
    """
    CREATE UNIQUE INDEX games_one_rematch ON games (rematch_of)
    WHERE rematch_of IS NOT NULL AND status <> 'cancelled'
    """,
    "DELETE FROM meta WHERE key LIKE 'rematch:%'",
)

# Version 7: leases on background work (``claimed_by``: which process holds the row,
# ``claimed_until``: when its lease lapses), on games (their due reminders, timeouts, computer
# moves and undo expiry) and on queued messages. One SQLite file serves one process, whose
# claims always succeed; the columns keep both backends' rows alike (``python -m bot.admin
# copy`` moves them one to one). How claims work is in bot.store.postgres_schema.
V7 = (
    "ALTER TABLE games ADD COLUMN claimed_by TEXT",
    "ALTER TABLE games ADD COLUMN claimed_until REAL",
    "ALTER TABLE outbox ADD COLUMN claimed_by TEXT",
    "ALTER TABLE outbox ADD COLUMN claimed_until REAL",
    "CREATE INDEX games_active ON games (id) WHERE status = 'active'",
)

# Version 8: ratings (issue 19). Whether a game counts for ratings is chosen when it is opened
# (``games.rated``; games from before counted). ``results`` keeps one row per finished game, in
# the same transaction that finishes it and removed again when an undo makes it run again: the
# result as JSON (made by bot.play; the store never reads it) beside the columns it is looked up
# by (``seq`` numbers them in the order they were recorded). ``seasons`` lists when an admin
# started a server's new season; ratings are derived from results and season starts in order
# (bot.ratings). ``user_settings.global_board``: a person chose to be named on the boards across
# servers (nobody is until they opt in). Games finished before version 8 left no result.
V8 = (
    "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1))",
    """
    CREATE TABLE results (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        finished_at REAL NOT NULL,
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        result TEXT NOT NULL
    )
    """,
    "CREATE INDEX results_in_order ON results (finished_at, seq)",
    "CREATE INDEX results_by_guild ON results (guild_id, kind, finished_at)",
    """
    CREATE TABLE seasons (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        started_at REAL NOT NULL
    )
    """,
    "CREATE INDEX seasons_by_guild ON seasons (guild_id, started_at)",
    "ALTER TABLE user_settings ADD COLUMN global_board INTEGER NOT NULL DEFAULT 0 "
    "CHECK (global_board IN (0, 1))",
    "CREATE INDEX user_settings_global_board ON user_settings (user_id) WHERE global_board = 1",
)

# Version 9: table manners over days (issue 17). ``away`` keeps each stretch of time away a person
# took on a server (``/game away``): when it began and ends, the calendar month (UTC, "YYYY-MM")
# its days count in, and how many days it counts (fewer once it was ended early);
# ``guild_settings.away_days`` is a server's allowance of such days per month (NULL: the bot's
# default). ``seats.handed_from`` names the person whose seat a computer player took over (a
# timeout, or leaving the server), so they may take it back and their result still counts for
# them; only a computer's seat has one. ``follows.what``: a follower hears every change of mover
# (``turns``, as before) or only the result (``results``).
V9 = (
    """
    CREATE TABLE away (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        counted_in TEXT NOT NULL,
        started_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        days INTEGER NOT NULL CHECK (days >= 0),
        CHECK (ends_at >= started_at)
    )
    """,
    "CREATE INDEX away_by_person ON away (user_id, guild_id, ends_at)",
    "ALTER TABLE guild_settings ADD COLUMN away_days INTEGER CHECK (away_days BETWEEN 0 AND 31)",
    "ALTER TABLE seats ADD COLUMN handed_from INTEGER "
    "CHECK (handed_from IS NULL OR bot_level IS NOT NULL)",
    "ALTER TABLE follows ADD COLUMN what TEXT NOT NULL DEFAULT 'turns' "
    "CHECK (what IN ('turns', 'results'))",
    "CREATE INDEX seats_by_handed_from ON seats (handed_from) WHERE handed_from IS NOT NULL",
)

# Version 10: where an undo request was posted (issue 20). Its message (with Approve and Refuse)
# is edited when the request is answered, made void or expires; with several processes, or after
# a restart, the process that settles the request is often not the one that posted it, so the
# message's channel and id and the question it asks are kept with the request. NULL until the
# question is posted (and for requests from before).
V10 = (
    "ALTER TABLE undo_requests ADD COLUMN post_channel_id INTEGER",
    "ALTER TABLE undo_requests ADD COLUMN post_message_id INTEGER",
    "ALTER TABLE undo_requests ADD COLUMN question TEXT",
)

#: MIGRATIONS[i] takes a database from user_version i to i + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (V1, V2, V3, V4, V5, V6, V7, V8, V9, V10)
LATEST = len(MIGRATIONS)
