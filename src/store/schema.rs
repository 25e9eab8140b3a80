//! The schema: the migrations in order (`PRAGMA user_version` is the number applied).

/// The migrations, in order: `PRAGMA user_version` is the number applied.
pub(super) const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE inbound (
    id          INTEGER PRIMARY KEY,
    message_id  TEXT,
    hash        TEXT NOT NULL UNIQUE,
    raw         BLOB NOT NULL,
    arrived     TEXT NOT NULL,          -- RFC 3339: IMAP INTERNALDATE, top Received:, or AMICI_NOW
    source      TEXT NOT NULL,          -- 'ingest' | 'imap:<mailbox>:<uidvalidity>:<uid>'
    status      TEXT NOT NULL DEFAULT 'pending',   -- pending | done
    outcome     TEXT,
    processed   TEXT
);
CREATE UNIQUE INDEX inbound_message_id ON inbound(message_id) WHERE message_id IS NOT NULL;
CREATE INDEX inbound_pending ON inbound(status) WHERE status = 'pending';

CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    tournament  TEXT NOT NULL,
    n           INTEGER NOT NULL,
    white       TEXT NOT NULL,
    black       TEXT NOT NULL,
    finished    INTEGER NOT NULL DEFAULT 0,
    next_due    TEXT,                  -- first day the tick has work for it (NULL: none in sight)
    record      TEXT NOT NULL          -- GameRecord as JSON
);
CREATE INDEX games_due ON games(next_due) WHERE finished = 0;
CREATE INDEX games_white ON games(white);
CREATE INDEX games_black ON games(black);


CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    message_id   TEXT NOT NULL UNIQUE,
    inbound_id   INTEGER REFERENCES inbound(id),
    recipient    TEXT NOT NULL,
    kind         TEXT NOT NULL,
    game         TEXT,
    raw          BLOB NOT NULL,
    created      TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'pending',  -- pending | sent | failed
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_attempt TEXT,
    last_error   TEXT,
    sent_at      TEXT
);
CREATE INDEX outbox_pending ON outbox(status) WHERE status = 'pending';
CREATE INDEX outbox_recipient_game ON outbox(recipient, game);

CREATE TABLE imap_state (
    mailbox     TEXT PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    last_uid    INTEGER NOT NULL
);

CREATE TABLE senders (
    email       TEXT NOT NULL,
    day         TEXT NOT NULL,
    letters     INTEGER NOT NULL DEFAULT 0,
    courtesy    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (email, day)
);

CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,
    game        TEXT,
    kind        TEXT NOT NULL,
    detail      TEXT NOT NULL
);

CREATE TABLE players (
    email       TEXT PRIMARY KEY,
    leave       TEXT NOT NULL          -- LeaveBook as JSON (Art. 41–46, across all games)
);

CREATE TABLE meta (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL
);
"#,
    r#"
-- Issue 8: work is claimed, not read; poison letters are set aside; outbox rows are leased.
ALTER TABLE inbound ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE inbound ADD COLUMN last_error TEXT;
-- The size the server reported; `raw` holds only its first max_message_bytes when larger.
ALTER TABLE inbound ADD COLUMN size INTEGER;
-- SHA-256 of the body (after the header block): tells a re-delivery (same Message-ID, same
-- body, another Received: line) from a different letter reusing a Message-ID.
ALTER TABLE inbound ADD COLUMN body_hash TEXT;
-- A different letter that reused an earlier letter's Message-ID keeps it here (message_id is
-- then NULL, so the unique index still dedupes re-deliveries).
ALTER TABLE inbound ADD COLUMN reused_message_id TEXT;
CREATE INDEX inbound_source ON inbound(source);
CREATE INDEX inbound_reused ON inbound(reused_message_id) WHERE reused_message_id IS NOT NULL;
CREATE INDEX games_tournament ON games(tournament, n);
DROP INDEX inbound_pending;
CREATE INDEX inbound_pending ON inbound(status, id) WHERE status = 'pending';

ALTER TABLE outbox ADD COLUMN lease_until TEXT;
-- The process (pid) holding the lease: a starting daemon releases only dead processes' leases.
ALTER TABLE outbox ADD COLUMN lease_owner INTEGER;
DROP INDEX outbox_pending;
CREATE INDEX outbox_unsent ON outbox(status, id) WHERE status IN ('pending', 'sending');

-- RULES.md §3: outbox rows whose delivery ends a bounced forward's dead time. A bounced
-- row's game is listed here with the id of the row that re-sends the move.
CREATE TABLE awaiting_delivery (
    outbox_id   INTEGER PRIMARY KEY,
    game        TEXT NOT NULL
);
"#,
    r#"
-- Issue 8 (the daily tick): what the tick changes lives in its own small row, so a day on
-- which most games' clocks move rewrites a few hundred bytes per game, not its whole record.
-- `games.record` no longer holds the clock; its `status` is the one here.
CREATE TABLE game_clocks (
    id          TEXT PRIMARY KEY,
    clock       TEXT NOT NULL,         -- ClockState as JSON
    status      TEXT NOT NULL,         -- Status as JSON
    finished    INTEGER NOT NULL,
    next_due    TEXT                   -- first day the tick has work for it (NULL: none in sight)
) WITHOUT ROWID;
INSERT INTO game_clocks (id, clock, status, finished, next_due)
    SELECT id, coalesce(record -> '$.clock', '{}'), record -> '$.status', finished, next_due
    FROM games;
CREATE INDEX game_clocks_due ON game_clocks(next_due) WHERE finished = 0;
UPDATE games SET record = json_remove(record, '$.clock');
DROP INDEX games_due;
ALTER TABLE games DROP COLUMN next_due;
"#,
    r#"
-- Issue 11 (`amici audit`): every input that changed state, in the order it was applied, so the
-- history can be replayed. A letter is its `inbound` row (logged when it is processed or set
-- aside); a tick, an arbiter command from the command line, a config version in force, and a
-- forwarded move refused for good by SMTP or delivered again (RULES.md §3) are logged here with
-- the time they were applied.
CREATE TABLE inputs (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,          -- RFC 3339: "now" when it was applied
    kind        TEXT NOT NULL,          -- letter | tick | command | config | undeliverable | delivered
    inbound     INTEGER,                -- letter: inbound.id
    detail      TEXT,                   -- command: its line; config: its hash; undeliverable,
                                        -- delivered: the outbox Message-ID (and the error)
    config      TEXT                    -- the hash of the config the process applied it under
);
CREATE TABLE config_versions (
    hash        TEXT PRIMARY KEY,       -- SHA-256 of the config file's text
    text        TEXT,                   -- NULL when the file had changed before it was read
    first_at    TEXT NOT NULL
);
-- What this database did before the log existed: letters up to this inbound id were processed
-- unlogged (their order is their processing time), and so were any ticks, commands and configs.
INSERT OR REPLACE INTO meta (key, value)
    SELECT 'input_log_after_inbound', coalesce(max(id), 0) FROM inbound
    WHERE status IN ('done', 'failed');
"#,
    r#"
-- Issue 12 (RULES.md §12a): the rounds of a tournament in stages (Swiss rounds, tables, the
-- knockout top), each with its games, byes, dates and who paired it; and the half-point byes
-- players asked for in advance.
CREATE TABLE rounds (
    tournament  TEXT NOT NULL,
    number      INTEGER NOT NULL,
    body        TEXT NOT NULL,          -- rules::stage::Round as JSON
    PRIMARY KEY (tournament, number)
) WITHOUT ROWID;
CREATE TABLE requested_byes (
    tournament  TEXT NOT NULL,
    player      TEXT NOT NULL,
    round       INTEGER NOT NULL,
    PRIMARY KEY (tournament, player, round)
) WITHOUT ROWID;
-- Players withdrawn or excluded (Art. 47, 56) from a tournament in stages: never paired again.
CREATE TABLE withdrawn (
    tournament  TEXT NOT NULL,
    player      TEXT NOT NULL,
    day         TEXT NOT NULL,
    PRIMARY KEY (tournament, player)
) WITHOUT ROWID;
"#,
    r#"
-- Issue 8 (the daily tick, again): the clock in a compact binary form (`store::clock_bytes`: a
-- format byte, then postcard), about a quarter of its JSON, so the worst day rewrites far fewer of
-- the pages. Rows written before stay JSON text until their game's clock next changes; both
-- are read.
CREATE TABLE game_clocks_new (
    id          TEXT PRIMARY KEY,
    clock       BLOB NOT NULL,         -- ClockState: binary (a BLOB) or, older rows, JSON (TEXT)
    status      TEXT NOT NULL,         -- Status as JSON
    finished    INTEGER NOT NULL,
    next_due    TEXT                   -- first day the tick has work for it (NULL: none in sight)
) WITHOUT ROWID;
INSERT INTO game_clocks_new SELECT id, clock, status, finished, next_due FROM game_clocks;
DROP TABLE game_clocks;
ALTER TABLE game_clocks_new RENAME TO game_clocks;
CREATE INDEX game_clocks_due ON game_clocks(next_due) WHERE finished = 0;
-- The last message to a recipient about a game (threading, `Tx::last_message_to`) read from the
-- index alone: the tick's notices looked each one up in the outbox's rows, megabytes apart.
DROP INDEX outbox_recipient_game;
CREATE INDEX outbox_thread ON outbox(recipient, game, id, message_id);
"#,
    r#"
-- Issue 8 (the daily tick, a third time): the day a paused game's sweep counts from, when the
-- game may be swept on its clock alone (`game::sweeps_alone_from`: no result, no adjudication,
-- no round); NULL otherwise, and for rows written before this column (read whole, as before,
-- until their clock next changes). On the bench's worst day 80,000 paused games are due: their
-- records are no longer read.
ALTER TABLE game_clocks ADD COLUMN alone_from TEXT;
-- And the due index leaves out the games with nothing due in sight: a clock whose last notice
-- was issued (next_due NULL) is deleted from it instead of moved (the worst day moves 80,000).
-- `next_due <= ?` implies `next_due IS NOT NULL`, so the tick's query still uses it.
DROP INDEX game_clocks_due;
CREATE INDEX game_clocks_due ON game_clocks(next_due) WHERE finished = 0 AND next_due IS NOT NULL;
"#,
];
