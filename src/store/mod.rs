//! SQLite storage (rusqlite, bundled, WAL): versioned migrations, the raw inbound log, game
//! records, the outbox, IMAP progress and the audit log. The only module that speaks SQL.
//!
//! Crash safety rests on two rules: a letter is committed raw (`inbound`) before anything reads
//! it, and processing it — new game records, outbox rows, `inbound.status = 'done'` — is one
//! transaction ([`Store::transaction`]).

pub mod actor;

/// The columns [`outbox_row`] reads, in its order.
macro_rules! outbox_columns {
    () => {
        "id, message_id, recipient, kind, game, raw, attempts"
    };
}

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use sha2::{Digest, Sha256};

use crate::rules::game::GameRecord;

pub use actor::Db;

pub type Result<T> = std::result::Result<T, StoreError>;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("game record {0} is unreadable: {1}")]
    Record(String, serde_json::Error),
    #[error("the database has schema version {0}, newer than this amici understands ({1})")]
    TooNew(i64, i64),
}

/// The migrations, in order: `PRAGMA user_version` is the number applied.
const MIGRATIONS: &[&str] = &[
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
];

/// What kind of input changed state (the `inputs` log, migration 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A letter processed or set aside (`inbound` row).
    Letter,
    /// A daily tick.
    Tick,
    /// `amici arbiter …` from the command line.
    Command,
    /// The config in force from then on.
    Config,
    /// A forwarded move refused for good by SMTP (RULES.md §3).
    Undeliverable,
    /// A re-sent forwarded move delivered, ending its game's dead time (RULES.md §3).
    Delivered,
}

impl InputKind {
    pub fn as_str(self) -> &'static str {
        match self {
            InputKind::Letter => "letter",
            InputKind::Tick => "tick",
            InputKind::Command => "command",
            InputKind::Config => "config",
            InputKind::Undeliverable => "undeliverable",
            InputKind::Delivered => "delivered",
        }
    }
}

/// A stored letter with what was decided of it (`amici audit`).
#[derive(Clone, Debug)]
pub struct InboundCopy {
    pub message_id: Option<String>,
    pub hash: String,
    pub raw: Vec<u8>,
    pub arrived: String,
    pub source: String,
    pub size: Option<i64>,
    pub body_hash: Option<String>,
    pub reused_message_id: Option<String>,
    pub outcome: Option<String>,
    pub processed: Option<String>,
}

/// One queued message, as decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub message_id: String,
    pub recipient: String,
    pub kind: String,
    pub game: Option<String>,
    /// The Message-ID of the letter it answers, when it answers one.
    pub letter: Option<String>,
    pub created: String,
}

/// One logged input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub at: String,
    pub kind: String,
    pub inbound: Option<i64>,
    pub detail: Option<String>,
    /// The hash of the config it was applied under.
    pub config: Option<String>,
}

/// One row of the inbound log, claimed for processing.
#[derive(Clone, Debug)]
pub struct InboundRow {
    pub id: i64,
    pub raw: Vec<u8>,
    pub arrived: String,
    pub source: String,
    /// Failed or panicked attempts so far (a poison letter is set aside after a few).
    pub attempts: i64,
    /// The size the server reported when larger than what `raw` holds.
    pub size: Option<i64>,
    /// The letter reused the Message-ID of an earlier, different letter.
    pub reused_message_id: Option<String>,
    /// SHA-256 of the raw bytes: what the Message-IDs of its replies derive from, so a
    /// database restored from a backup, whose row ids are handed out again, never gives a
    /// new letter's replies the ids of replies already sent.
    pub hash: String,
}

/// One outbox row leased for sending.
#[derive(Clone, Debug)]
pub struct OutboxRow {
    pub id: i64,
    pub message_id: String,
    pub recipient: String,
    pub kind: String,
    pub game: Option<String>,
    pub raw: Vec<u8>,
    pub attempts: i64,
}

/// A new outgoing message, written in the same transaction as the state it reports.
#[derive(Clone, Debug)]
pub struct NewOutgoing {
    pub message_id: String,
    pub recipient: String,
    pub kind: String,
    pub game: Option<String>,
    pub raw: Vec<u8>,
}

/// Outcome of storing a raw letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    New(i64),
    /// Same Message-ID and body, or same bytes: already stored.
    Duplicate(i64),
    /// A different letter reusing the Message-ID of an earlier one: stored as new, and the
    /// admin is told when it is processed.
    ReusedId(i64),
}

/// How one leased outbox row fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendOutcome {
    Sent,
    /// A transient refusal of this message: retried at `next_attempt` (RFC 3339).
    Retry {
        next_attempt: String,
        error: String,
    },
    /// Not attempted (the server went away, or an earlier message to the same recipient is
    /// held back): back to the queue as it was, no attempt counted.
    Unsent,
}

/// A raw letter to store, with where it came from.
#[derive(Clone, Debug)]
pub struct RawLetter<'a> {
    pub raw: &'a [u8],
    pub message_id: Option<&'a str>,
    pub arrived: &'a str,
    pub source: &'a str,
    /// The size the server reported, when `raw` was cut to the limit.
    pub size: Option<i64>,
}

/// The database.
pub struct Store {
    conn: Connection,
    /// The hash of the config this process last synced (`engine::sync_config`): logged with
    /// every input it applies, so `amici audit` replays each under the config it had.
    config: std::cell::RefCell<Option<String>>,
    /// This database's own random id (meta `instance`): seeds every Message-ID, so a restored
    /// copy or a second database never reuses one.
    instance: String,
}

/// How far ahead the tick's next work for a game is searched.
const DUE_HORIZON_DAYS: i64 = 1200;

/// The day the tick next has work for a game (stored beside it).
fn due(record: &GameRecord) -> Option<String> {
    crate::rules::game::next_due(record, DUE_HORIZON_DAYS).map(|d| d.to_string())
}

/// What every read of a game selects: its record and its clock row (migration 3).
const GAME_COLUMNS: &str =
    "g.id, g.record, c.clock, c.status FROM games g JOIN game_clocks c ON c.id = g.id";

/// One game as stored, not yet decoded: the tick reads these and decodes them on both cores.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: String,
    record: String,
    clock: String,
    status: String,
}

impl StoredGame {
    fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
        Ok(StoredGame {
            id: r.get(0)?,
            record: r.get(1)?,
            clock: r.get(2)?,
            status: r.get(3)?,
        })
    }

    /// The record with its clock and status put back.
    pub fn decode(&self) -> Result<GameRecord> {
        let bad = |e| StoreError::Record(self.id.clone(), e);
        let mut record: GameRecord = serde_json::from_str(&self.record).map_err(bad)?;
        record.clock = serde_json::from_str(&self.clock).map_err(bad)?;
        record.status = serde_json::from_str(&self.status).map_err(bad)?;
        Ok(record)
    }
}

/// The record's JSON without its clock (which has its own row, with the status that counts).
fn encode(record: &GameRecord) -> Result<String> {
    let mut rest = record.clone();
    rest.clock = Default::default();
    serde_json::to_string(&rest).map_err(|e| StoreError::Record(record.id.clone(), e))
}

/// A game's clock row, ready to write.
#[derive(Clone, Debug)]
pub struct ClockRow {
    pub id: String,
    pub clock: String,
    pub status: String,
    pub finished: bool,
    pub next_due: Option<String>,
}

impl ClockRow {
    /// The row for `record` (its JSON and next due day computed here: the costly part).
    pub fn of(record: &GameRecord) -> Result<ClockRow> {
        let bad = |e| StoreError::Record(record.id.clone(), e);
        Ok(ClockRow {
            id: record.id.clone(),
            clock: serde_json::to_string(&record.clock).map_err(bad)?,
            status: serde_json::to_string(&record.status).map_err(bad)?,
            finished: record.result.is_some(),
            next_due: due(record),
        })
    }
}

/// SHA-256 of raw bytes, hex.
pub fn hash(raw: &[u8]) -> String {
    let d = Sha256::digest(raw);
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// The body of a raw message: what follows the first empty line (all of it if none).
fn body_of(raw: &[u8]) -> &[u8] {
    for (i, w) in raw.windows(2).enumerate() {
        if w == b"\n\n" {
            return &raw[i + 2..];
        }
        if w == b"\r\n" && raw[i + 2..].starts_with(b"\r\n") {
            return &raw[i + 4..];
        }
    }
    raw
}

/// The hash of a body as transports may pass it on: line ends as `\n`, trailing white space
/// of lines and trailing empty lines dropped (SMTP adds a final CRLF, maildir stores LF).
fn body_hash(raw: &[u8]) -> String {
    let body = body_of(raw);
    let mut norm: Vec<u8> = Vec::with_capacity(body.len());
    for line in body.split(|b| *b == b'\n') {
        let end = line
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(0, |i| i + 1);
        norm.extend_from_slice(&line[..end]);
        norm.push(b'\n');
    }
    while norm.ends_with(b"\n") {
        norm.pop();
    }
    hash(&norm)
}

/// 128 random bits, hex, from the OS-seeded hasher keys (no extra dependency for one id).
fn random_hex() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut out = String::new();
    for i in 0..2u8 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u8(i);
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        h.write_u32(std::process::id());
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

impl Store {
    /// Opens (creating if needed) and migrates the database.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        Self::init(conn)
    }

    /// An in-memory database (unit tests).
    pub fn memory() -> Result<Store> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        // WAL: readers (status) never block the daemon. FULL: the commit that acknowledges
        // work is on disk, because a lost letter is worse than a slow one. Switching a fresh
        // file to WAL can be refused while another process does the same: retry briefly.
        let mut tries = 0;
        loop {
            match conn.pragma_update(None, "journal_mode", "WAL") {
                Ok(()) => break,
                Err(e) if tries < 100 && is_busy(&e) => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                Err(e) => return Err(e.into()),
            }
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut store = Store {
            conn,
            instance: String::new(),
            config: std::cell::RefCell::new(None),
        };
        store.migrate()?;
        Ok(store)
    }

    /// Applies the missing migrations inside one IMMEDIATE transaction, reading the version
    /// inside it: two processes starting on a fresh file never both create the tables.
    fn migrate(&mut self) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let latest = MIGRATIONS.len() as i64;
        if version > latest {
            return Err(StoreError::TooNew(version, latest));
        }
        for sql in MIGRATIONS.iter().skip(version as usize) {
            tx.execute_batch(sql)?;
        }
        if version < latest {
            tx.pragma_update(None, "user_version", latest)?;
        }
        let instance: Option<String> = tx
            .query_row("SELECT value FROM meta WHERE key = 'instance'", [], |r| {
                r.get(0)
            })
            .optional()?;
        let instance = match instance {
            Some(i) => i,
            None => {
                let i = random_hex();
                tx.execute(
                    "INSERT INTO meta (key, value) VALUES ('instance', ?1)",
                    [&i],
                )?;
                i
            }
        };
        tx.commit()?;
        self.instance = instance;
        Ok(())
    }

    /// This database's random instance id.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    fn tx_of<'c>(&'c self, conn: &'c Connection) -> Tx<'c> {
        Tx {
            tx: conn,
            instance: &self.instance,
            config: &self.config,
        }
    }

    /// Runs `f` in one immediate transaction; commits only if it returns Ok.
    pub fn transaction<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&Tx<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let out = f(&Tx {
            tx: &tx,
            instance: &self.instance,
            config: &self.config,
        })?;
        tx.commit().map_err(StoreError::from)?;
        Ok(out)
    }

    /// Stores a raw letter unless it is already stored. With `imap`, also records the UID as
    /// seen in the same transaction.
    pub fn store_inbound(
        &mut self,
        raw: &[u8],
        message_id: Option<&str>,
        arrived: &str,
        source: &str,
        imap: Option<(&str, u32, u32)>,
    ) -> Result<Stored> {
        self.transaction(|tx| {
            let stored = tx.store_inbound(raw, message_id, arrived, source)?;
            if let Some((mailbox, validity, uid)) = imap {
                tx.set_imap_state(mailbox, validity, uid)?;
            }
            Ok::<_, StoreError>(stored)
        })
    }

    /// Stores a FETCH chunk and the mailbox cursor in one transaction (group commit: one
    /// fsync for the chunk). The cursor advances to `last_uid` only with the letters stored.
    pub fn store_chunk(
        &mut self,
        letters: &[RawLetter<'_>],
        imap: Option<(&str, u32, u32)>,
    ) -> Result<Vec<Stored>> {
        self.transaction(|tx| {
            let mut out = Vec::with_capacity(letters.len());
            for l in letters {
                out.push(tx.store_letter(l)?);
            }
            if let Some((mailbox, validity, uid)) = imap {
                tx.set_imap_state(mailbox, validity, uid)?;
            }
            Ok::<_, StoreError>(out)
        })
    }

    /// Ids of letters stored and not yet processed, oldest first (a hint: each is claimed
    /// inside the transaction that processes it).
    pub fn pending_ids(&self, limit: usize) -> Result<Vec<i64>> {
        let mut st = self.conn.prepare_cached(
            "SELECT id FROM inbound WHERE status = 'pending' ORDER BY id LIMIT ?1",
        )?;
        let rows = st
            .query_map([limit as i64], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        Ok(rows)
    }

    /// Unsent outbox rows (pending or leased), for tests and status.
    pub fn unsent_count(&self) -> Result<i64> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM outbox WHERE status IN ('pending', 'sending')",
            [],
            |r| r.get(0),
        )?)
    }

    /// Leases up to `limit` outbox rows due at `now` for `lease_seconds`: taken inside one
    /// transaction (`status = 'sending'`), so two senders never send the same row. Rows to one
    /// recipient are leased in queue order: a recipient whose earlier message is waiting (a
    /// retry not yet due, or leased by another sender) gets nothing now.
    pub fn lease_outbox(
        &mut self,
        now: &str,
        lease_until: &str,
        limit: usize,
    ) -> Result<Vec<OutboxRow>> {
        self.transaction(|tx| tx.lease_outbox(now, lease_until, limit))
    }

    /// Gives back the leases of processes that are gone (start-up of the one `amici run`: a
    /// killed predecessor's rows go out now, not when their lease ends; an `ingest` still
    /// sending keeps its own).
    pub fn release_leases(&mut self) -> Result<usize> {
        let owners: Vec<Option<i64>> = self
            .conn
            .prepare("SELECT DISTINCT lease_owner FROM outbox WHERE status IN ('pending', 'sending') AND status = 'sending'")?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut n = 0;
        for owner in owners {
            let alive = owner.is_some_and(|pid| {
                pid != i64::from(std::process::id())
                    && std::path::Path::new(&format!("/proc/{pid}")).exists()
            });
            if !alive {
                n += self.conn.execute(
                    "UPDATE outbox SET status = 'pending', lease_until = NULL, lease_owner = NULL
                     WHERE status = 'sending' AND lease_owner IS ?1",
                    [owner],
                )?;
            }
        }
        Ok(n)
    }

    /// Records how leased rows fared, in one transaction.
    pub fn finish_sends(&mut self, results: &[(i64, SendOutcome)], now: &str) -> Result<()> {
        self.transaction(|tx| tx.finish_sends(results, now))
    }

    /// Pending outbox rows due at `now`, oldest first, without leasing them (tests, status).
    pub fn due_outbox(&self, now: &str, limit: usize) -> Result<Vec<OutboxRow>> {
        let mut st = self.conn.prepare(
            concat!("SELECT ", outbox_columns!(), " FROM outbox
             WHERE status IN ('pending', 'sending') AND status = 'pending' AND (next_attempt IS NULL OR next_attempt <= ?1) ORDER BY id LIMIT ?2"),
        )?;
        let rows = st
            .query_map(params![now, limit as i64], outbox_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// IMAP progress of a mailbox: (uidvalidity, last uid stored).
    pub fn imap_state(&self, mailbox: &str) -> Result<Option<(u32, u32)>> {
        Ok(self
            .conn
            .query_row(
                "SELECT uidvalidity, last_uid FROM imap_state WHERE mailbox = ?1",
                [mailbox],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    pub fn set_imap_state(&self, mailbox: &str, validity: u32, last_uid: u32) -> Result<()> {
        self.tx_of(&self.conn)
            .set_imap_state(mailbox, validity, last_uid)
    }

    /// Is the inbound row with this IMAP source processed?
    pub fn inbound_done_by_source(&self, source: &str) -> Result<Option<bool>> {
        Ok(self
            .conn
            .query_row(
                "SELECT status FROM inbound WHERE source = ?1",
                [source],
                |r| r.get::<_, String>(0),
            )
            .optional()?
            // A letter set aside is finished too: marked on the server, never fetched again.
            .map(|s| s == "done" || s == "failed"))
    }

    /// All game records, in id order.
    pub fn games(&self) -> Result<Vec<GameRecord>> {
        self.tx_of(&self.conn).games()
    }

    pub fn game(&self, id: &str) -> Result<Option<GameRecord>> {
        self.tx_of(&self.conn).game(id)
    }

    /// The audit log: (game, kind, detail), oldest first.
    pub fn events(&self) -> Result<Vec<(Option<String>, String, String)>> {
        let mut st = self
            .conn
            .prepare("SELECT game, kind, detail FROM events ORDER BY id")?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.tx_of(&self.conn).set_meta(key, value)
    }

    /// Counts of inbound rows by status (for status output and tests).
    /// No fsync at commits (`PRAGMA synchronous = OFF`): for a scratch database whose loss
    /// costs nothing but a rerun (the audit's replay, benchmarks' set-up). Never the live one.
    pub fn without_fsync(&self) -> Result<()> {
        self.conn.pragma_update(None, "synchronous", "OFF")?;
        Ok(())
    }

    /// Copies the database at `path` into a new file `to` without writing to it (a read-only
    /// connection, `VACUUM INTO`): what `amici audit` reads, so the live file is never touched.
    pub fn snapshot(path: &Path, to: &Path) -> Result<()> {
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        conn.execute("VACUUM INTO ?1", [to.to_string_lossy()])?;
        Ok(())
    }

    /// A stored letter as it came in (for replaying it into another database).
    pub fn inbound_copy(&self, id: i64) -> Result<Option<InboundCopy>> {
        Ok(self
            .conn
            .query_row(
                "SELECT message_id, hash, raw, arrived, source, size, body_hash, reused_message_id, outcome, processed FROM inbound WHERE id = ?1",
                [id],
                |r| {
                    Ok(InboundCopy {
                        message_id: r.get(0)?,
                        hash: r.get(1)?,
                        raw: r.get(2)?,
                        arrived: r.get(3)?,
                        source: r.get(4)?,
                        size: r.get(5)?,
                        body_hash: r.get(6)?,
                        reused_message_id: r.get(7)?,
                        outcome: r.get(8)?,
                        processed: r.get(9)?,
                    })
                },
            )
            .optional()?)
    }

    /// Stores a copy of a letter, pending, as it was stored elsewhere; returns its id.
    pub fn insert_inbound_copy(&mut self, c: &InboundCopy) -> Result<i64> {
        self.conn.execute(
            "INSERT INTO inbound (message_id, hash, raw, arrived, source, size, body_hash, reused_message_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![c.message_id, c.hash, c.raw, c.arrived, c.source, c.size, c.body_hash, c.reused_message_id],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Letters processed (or set aside) up to inbound id `last`, in the order they were
    /// processed: the history of a database from before the input log.
    pub fn letters_processed_up_to(&self, last: i64) -> Result<Vec<(i64, String)>> {
        let mut st = self.conn.prepare(
            // In the order they were processed (ids are handed out in storing order, and one
            // process took them in id order); a letter logged since is the log's.
            "SELECT id, processed FROM inbound WHERE id <= ?1 AND status IN ('done', 'failed') AND processed IS NOT NULL
             AND id NOT IN (SELECT inbound FROM inputs WHERE inbound IS NOT NULL) ORDER BY id",
        )?;
        let rows = st
            .query_map([last], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Every message queued, as decided (not its text): Message-ID, recipient, kind, game and
    /// the Message-ID of the letter it answers.
    pub fn decisions(&self) -> Result<Vec<Decision>> {
        let mut st = self.conn.prepare(
            "SELECT o.message_id, o.recipient, o.kind, o.game, i.message_id, i.reused_message_id, o.created
             FROM outbox o LEFT JOIN inbound i ON i.id = o.inbound_id ORDER BY o.id",
        )?;
        let rows = st
            .query_map([], |r| {
                let letter: Option<String> = r.get(4)?;
                let reused: Option<String> = r.get(5)?;
                Ok(Decision {
                    message_id: r.get(0)?,
                    recipient: r.get(1)?,
                    kind: r.get(2)?,
                    game: r.get(3)?,
                    letter: letter.or(reused),
                    created: r.get(6)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// After a replayed input (`amici audit`): each message it queued takes the id the live
    /// run gave the same message (by Message-ID; a message only the replay sends goes far above
    /// every live id) and counts as sent then, so a later bounce of it — found by its VERP id —
    /// or its delivery is replayed against the same row.
    pub fn align_replayed_outbox(&mut self, live: &Store, now: &str) -> Result<()> {
        const APART: i64 = 1 << 40;
        let pending: Vec<(i64, String)> = self
            .conn
            // The partial index's own condition, so the unsent rows are found without a scan.
            .prepare(
                "SELECT id, message_id FROM outbox WHERE status IN ('pending', 'sending') AND status = 'pending' ORDER BY id",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        if pending.is_empty() {
            return Ok(());
        }
        let mut targets = Vec::with_capacity(pending.len());
        for (id, message_id) in &pending {
            let live_id: Option<i64> = live
                .conn
                .query_row(
                    "SELECT id FROM outbox WHERE message_id = ?1",
                    [message_id],
                    |r| r.get(0),
                )
                .optional()?;
            targets.push((*id, live_id.unwrap_or(id + APART)));
        }
        self.transaction(|tx| {
            // Out of the way first, so no new id meets an old one (only when one would).
            let taken = |id: i64| -> Result<bool> {
                Ok(tx.tx.query_row(
                    "SELECT EXISTS (SELECT 1 FROM outbox WHERE id = ?1)",
                    [id],
                    |r| r.get(0),
                )?)
            };
            let mut clash = false;
            for (id, target) in &targets {
                clash |= id != target && taken(*target)?;
            }
            if !clash {
                for (id, target) in &targets {
                    tx.tx.execute(
                        "UPDATE outbox SET id = ?2, status = 'sent', sent_at = ?3 WHERE id = ?1",
                        params![id, target, now],
                    )?;
                    if id != target {
                        tx.tx.execute(
                            "UPDATE awaiting_delivery SET outbox_id = ?2 WHERE outbox_id = ?1",
                            params![id, target],
                        )?;
                    }
                }
                return Ok(());
            }
            for (id, _) in &targets {
                tx.tx.execute(
                    "UPDATE outbox SET id = ?2 WHERE id = ?1",
                    params![id, id + 2 * APART],
                )?;
                tx.tx.execute(
                    "UPDATE awaiting_delivery SET outbox_id = ?2 WHERE outbox_id = ?1",
                    params![id, id + 2 * APART],
                )?;
            }
            for (id, target) in &targets {
                tx.tx.execute(
                    "UPDATE outbox SET id = ?2, status = 'sent', sent_at = ?3 WHERE id = ?1",
                    params![id + 2 * APART, target, now],
                )?;
                tx.tx.execute(
                    "UPDATE awaiting_delivery SET outbox_id = ?2 WHERE outbox_id = ?1",
                    params![id + 2 * APART, target],
                )?;
            }
            Ok::<_, StoreError>(())
        })
    }

    /// Every player's leave book as stored (JSON), by address.
    pub fn leave_books(&self) -> Result<Vec<(String, String)>> {
        let mut st = self
            .conn
            .prepare("SELECT email, leave FROM players ORDER BY email")?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// The outbox row with this Message-ID.
    pub fn outbox_by_message_id(&self, message_id: &str) -> Result<Option<OutboxRow>> {
        Ok(self
            .conn
            .query_row(
                concat!(
                    "SELECT ",
                    outbox_columns!(),
                    " FROM outbox WHERE message_id = ?1"
                ),
                [message_id],
                outbox_row,
            )
            .optional()?)
    }

    /// Whether this process synced the config with this hash, and it is still the last one
    /// any process synced: a sync can then be skipped (nothing in the config changed, and no
    /// other config has been applied since).
    pub fn synced(&self, hash: &str) -> Result<bool> {
        if self.config.borrow().as_deref() != Some(hash) {
            return Ok(false);
        }
        Ok(self.tx_of(&self.conn).last_config()?.as_deref() == Some(hash))
    }

    /// The input log, oldest first (what `amici audit` replays).
    pub fn inputs(&self) -> Result<Vec<Input>> {
        let mut st = self
            .conn
            .prepare("SELECT at, kind, inbound, detail, config FROM inputs ORDER BY id")?;
        let rows = st
            .query_map([], |r| {
                Ok(Input {
                    at: r.get(0)?,
                    kind: r.get(1)?,
                    inbound: r.get(2)?,
                    detail: r.get(3)?,
                    config: r.get(4)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// The text of a logged config version (None when unknown or not read).
    pub fn config_version(&self, hash: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row(
                "SELECT text FROM config_versions WHERE hash = ?1",
                [hash],
                |r| r.get(0),
            )
            .optional()?
            .flatten())
    }

    pub fn inbound_counts(&self) -> Result<(i64, i64)> {
        Ok(self.conn.query_row(
            "SELECT count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'done') FROM inbound",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

fn outbox_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<OutboxRow> {
    Ok(OutboxRow {
        id: r.get(0)?,
        message_id: r.get(1)?,
        recipient: r.get(2)?,
        kind: r.get(3)?,
        game: r.get(4)?,
        raw: r.get(5)?,
        attempts: r.get(6)?,
    })
}

/// What became of a letter whose processing failed or panicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Left pending: it is tried again later.
    Retry,
    /// Tried `max` times: set aside (`status = 'failed'`), never tried again.
    SetAside,
}

/// The operations available inside one transaction.
pub struct Tx<'a> {
    tx: &'a Connection,
    instance: &'a str,
    config: &'a std::cell::RefCell<Option<String>>,
}

impl Tx<'_> {
    fn _assert_tx(_: &Transaction<'_>) {}

    /// This database's random instance id (seeds Message-IDs).
    pub fn instance(&self) -> &str {
        self.instance
    }

    pub fn store_inbound(
        &self,
        raw: &[u8],
        message_id: Option<&str>,
        arrived: &str,
        source: &str,
    ) -> Result<Stored> {
        self.store_letter(&RawLetter {
            raw,
            message_id,
            arrived,
            source,
            size: None,
        })
    }

    /// Stores one raw letter unless it is a re-delivery of one stored before: same bytes, or
    /// same Message-ID with the same body (another `Received:` line on top). A different letter
    /// with a known Message-ID is stored as new, the reused id kept beside it.
    pub fn store_letter(&self, l: &RawLetter<'_>) -> Result<Stored> {
        let h = hash(l.raw);
        let body = body_hash(l.raw);
        if let Some(id) = self
            .tx
            .prepare_cached("SELECT id FROM inbound WHERE hash = ?1")?
            .query_row([&h], |r| r.get::<_, i64>(0))
            .optional()?
        {
            return Ok(Stored::Duplicate(id));
        }
        let mut message_id = l.message_id;
        let mut reused = None;
        // A letter that itself reused a Message-ID, delivered again (IMAP and `ingest`, or an
        // MTA re-delivery): the same reused id and the same body.
        if let Some(mid) = l.message_id
            && let Some(id) = self
                .tx
                .prepare_cached(
                    "SELECT id FROM inbound WHERE reused_message_id = ?1 AND body_hash = ?2",
                )?
                .query_row(params![mid, &body], |r| r.get::<_, i64>(0))
                .optional()?
        {
            return Ok(Stored::Duplicate(id));
        }
        if let Some(mid) = l.message_id {
            let earlier: Option<(i64, Option<String>)> = self
                .tx
                .prepare_cached("SELECT id, body_hash FROM inbound WHERE message_id = ?1")?
                .query_row([mid], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?;
            match earlier {
                // Rows from before body hashes were kept: the old rule (same id = same letter).
                Some((id, None)) => return Ok(Stored::Duplicate(id)),
                Some((id, Some(b))) if b == body => return Ok(Stored::Duplicate(id)),
                Some(_) => {
                    message_id = None;
                    reused = Some(mid);
                }
                None => {}
            }
        }
        self.tx
            .prepare_cached(
                "INSERT INTO inbound (message_id, hash, raw, arrived, source, size, body_hash, reused_message_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![message_id, h, l.raw, l.arrived, l.source, l.size, body, reused])?;
        let id = self.tx.last_insert_rowid();
        Ok(if reused.is_some() {
            Stored::ReusedId(id)
        } else {
            Stored::New(id)
        })
    }

    /// Claims a pending letter for processing inside this transaction: `None` when another
    /// process has taken or finished it since the id was read (exactly-once across processes).
    pub fn claim_inbound(&self, id: i64) -> Result<Option<InboundRow>> {
        Ok(self
            .tx
            .prepare_cached(
                "UPDATE inbound SET status = 'processing' WHERE id = ?1 AND status = 'pending'
                 RETURNING id, raw, arrived, source, attempts, size, reused_message_id, hash",
            )?
            .query_row([id], |r| {
                Ok(InboundRow {
                    id: r.get(0)?,
                    raw: r.get(1)?,
                    arrived: r.get(2)?,
                    source: r.get(3)?,
                    attempts: r.get(4)?,
                    size: r.get(5)?,
                    reused_message_id: r.get(6)?,
                    hash: r.get(7)?,
                })
            })
            .optional()?)
    }

    /// Records a failed or panicked attempt at a claimed letter: back to pending, or set
    /// aside once it has failed `max` times.
    pub fn inbound_failed(&self, id: i64, error: &str, max: u32, now: &str) -> Result<Failure> {
        let attempts: i64 = self.tx.prepare_cached("UPDATE inbound SET attempts = attempts + 1, last_error = ?2 WHERE id = ?1 RETURNING attempts")?.query_row(
            params![id, error],
            |r| r.get(0),
        )?;
        if attempts >= i64::from(max.max(1)) {
            self.tx.prepare_cached("UPDATE inbound SET status = 'failed', outcome = ?2, processed = ?3 WHERE id = ?1")?.execute(params![id, format!("set aside after {attempts} attempt(s): {error}"), now])?;
            self.log_input(now, InputKind::Letter, Some(id), None)?;
            Ok(Failure::SetAside)
        } else {
            self.tx
                .prepare_cached("UPDATE inbound SET status = 'pending' WHERE id = ?1")?
                .execute([id])?;
            Ok(Failure::Retry)
        }
    }

    /// The savepoint a letter is processed under inside a batch.
    pub fn savepoint(&self) -> Result<()> {
        self.tx.execute_batch("SAVEPOINT letter")?;
        Ok(())
    }

    pub fn release(&self) -> Result<()> {
        self.tx.execute_batch("RELEASE letter")?;
        Ok(())
    }

    /// Undoes everything since [`Tx::savepoint`] and ends it.
    pub fn rollback_to_savepoint(&self) -> Result<()> {
        self.tx
            .execute_batch("ROLLBACK TO letter; RELEASE letter")?;
        Ok(())
    }

    fn lease_outbox(&self, now: &str, lease_until: &str, limit: usize) -> Result<Vec<OutboxRow>> {
        // The queue in order, without the bodies: which rows may go now.
        let mut st = self.tx.prepare_cached(
            "SELECT id, recipient, status, next_attempt, lease_until FROM outbox
             WHERE status IN ('pending', 'sending') ORDER BY id",
        )?;
        let queue = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, Option<String>>(4)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut held = std::collections::HashSet::new();
        let mut take = Vec::new();
        for (id, recipient, status, next, lease) in queue {
            if take.len() >= limit {
                break;
            }
            let key = recipient.to_lowercase();
            if held.contains(&key) {
                continue;
            }
            let free = match status.as_str() {
                "pending" => next.as_deref().is_none_or(|n| n <= now),
                // A lease that ran out: its sender died; the row goes again.
                _ => lease.as_deref().is_none_or(|l| l <= now),
            };
            if free {
                take.push(id);
            } else {
                held.insert(key);
            }
        }
        let mut rows = Vec::with_capacity(take.len());
        let mut st = self.tx.prepare_cached(
            "UPDATE outbox SET status = 'sending', lease_until = ?2, lease_owner = ?3 WHERE id = ?1
             RETURNING id, message_id, recipient, kind, game, raw, attempts",
        )?;
        for id in take {
            rows.push(st.query_row(params![id, lease_until, std::process::id()], outbox_row)?);
        }
        Ok(rows)
    }

    pub fn mark_inbound_done(&self, id: i64, outcome: &str, now: &str) -> Result<()> {
        self.tx
            .prepare_cached(
                "UPDATE inbound SET status = 'done', outcome = ?2, processed = ?3 WHERE id = ?1",
            )?
            .execute(params![id, outcome, now])?;
        self.log_input(now, InputKind::Letter, Some(id), None)
    }

    /// Logs an input that changed (or could have changed) state, in the order applied
    /// (migration 4; `amici audit` replays them).
    pub fn log_input(
        &self,
        at: &str,
        kind: InputKind,
        inbound: Option<i64>,
        detail: Option<&str>,
    ) -> Result<()> {
        let config = self.config.borrow().clone();
        self.tx
            .prepare_cached(
                "INSERT INTO inputs (at, kind, inbound, detail, config) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![at, kind.as_str(), inbound, detail, config])?;
        Ok(())
    }

    /// The hash of the config any process synced last (the input log's latest `config`).
    pub fn last_config(&self) -> Result<Option<String>> {
        Ok(self
            .tx
            .prepare_cached(
                "SELECT detail FROM inputs WHERE kind = 'config' ORDER BY id DESC LIMIT 1",
            )?
            .query_row([], |r| r.get(0))
            .optional()?
            .flatten())
    }

    /// Logs the config in force from `at` when it is not the one logged last: its hash as an
    /// input, its text once per version (`text` is None when it could not be read as it was).
    pub fn log_config(
        &self,
        at: &str,
        hash: &str,
        text: impl FnOnce() -> Option<String>,
    ) -> Result<()> {
        *self.config.borrow_mut() = Some(hash.to_string());
        if self.last_config()?.as_deref() == Some(hash) {
            return Ok(());
        }
        let known: bool = self
            .tx
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM config_versions WHERE hash = ?1)")?
            .query_row([hash], |r| r.get(0))?;
        if !known {
            self.tx
                .prepare_cached(
                    "INSERT INTO config_versions (hash, text, first_at) VALUES (?1, ?2, ?3)",
                )?
                .execute(params![hash, text(), at])?;
        }
        self.log_input(at, InputKind::Config, None, Some(hash))
    }

    pub fn set_imap_state(&self, mailbox: &str, validity: u32, last_uid: u32) -> Result<()> {
        self.tx.prepare_cached("INSERT INTO imap_state (mailbox, uidvalidity, last_uid) VALUES (?1, ?2, ?3)
             ON CONFLICT(mailbox) DO UPDATE SET uidvalidity = ?2, last_uid = max(CASE WHEN uidvalidity = ?2 THEN last_uid ELSE 0 END, ?3)")?.execute(params![mailbox, validity, last_uid])?;
        Ok(())
    }

    pub fn game(&self, id: &str) -> Result<Option<GameRecord>> {
        let row = self
            .tx
            .prepare_cached(&format!("SELECT {GAME_COLUMNS} WHERE g.id = ?1"))?
            .query_row([id], StoredGame::from_row)
            .optional()?;
        row.map(|r| r.decode()).transpose()
    }

    /// Rows of a game query, decoded.
    fn decoded(&self, sql: &str, args: impl rusqlite::Params) -> Result<Vec<GameRecord>> {
        let mut st = self.tx.prepare_cached(sql)?;
        let rows = st
            .query_map(args, StoredGame::from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.iter().map(StoredGame::decode).collect()
    }

    pub fn games(&self) -> Result<Vec<GameRecord>> {
        self.decoded(
            &format!("SELECT {GAME_COLUMNS} ORDER BY g.tournament, g.n"),
            [],
        )
    }

    /// The unfinished games the tick must look at on `today`, in tournament and pairing
    /// order: those with something due by then, and every unfinished game of the tournaments
    /// listed (their end date has come). Two indexed queries, not one with an OR: SQLite would
    /// scan every record for it.
    pub fn games_due(&self, today: &str, ended: &[String]) -> Result<Vec<String>> {
        let mut due: Vec<(String, i64, String)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut st = self.tx.prepare_cached(
            "SELECT g.tournament, g.n, g.id FROM game_clocks c JOIN games g ON g.id = c.id
             WHERE c.finished = 0 AND c.next_due <= ?1",
        )?;
        for row in st.query_map([today], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))? {
            let row: (String, i64, String) = row?;
            seen.insert(row.2.clone());
            due.push(row);
        }
        let mut st = self.tx.prepare_cached(
            "SELECT tournament, n, id FROM games WHERE tournament = ?1 AND finished = 0",
        )?;
        for t in ended {
            for row in st.query_map([t], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))? {
                let row: (String, i64, String) = row?;
                if seen.insert(row.2.clone()) {
                    due.push(row);
                }
            }
        }
        due.sort();
        Ok(due.into_iter().map(|(_, _, id)| id).collect())
    }

    /// These games as stored, not yet decoded (the tick decodes them on both cores).
    pub fn stored_games(&self, ids: &[String]) -> Result<Vec<StoredGame>> {
        let mut st = self
            .tx
            .prepare_cached(&format!("SELECT {GAME_COLUMNS} WHERE g.id = ?1"))?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(row) = st.query_row([id], StoredGame::from_row).optional()? {
                out.push(row);
            }
        }
        Ok(out)
    }

    /// Calls `f` with each game of one tournament in turn, in pairing order (one record in
    /// memory at a time).
    pub fn each_game_of_tournament(
        &self,
        tournament: &str,
        f: &mut dyn FnMut(GameRecord),
    ) -> Result<()> {
        let mut st = self.tx.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} WHERE g.tournament = ?1 ORDER BY g.n"
        ))?;
        for row in st.query_map([tournament], StoredGame::from_row)? {
            f(row?.decode()?);
        }
        Ok(())
    }

    /// The games of one tournament, in pairing order.
    pub fn games_of_tournament(&self, tournament: &str) -> Result<Vec<GameRecord>> {
        self.decoded(
            &format!("SELECT {GAME_COLUMNS} WHERE g.tournament = ?1 ORDER BY g.n"),
            [tournament],
        )
    }

    /// Removes a game (only ever one nobody has played: a re-pairing before the start).
    pub fn delete_game(&self, id: &str) -> Result<()> {
        self.tx
            .prepare_cached("DELETE FROM game_clocks WHERE id = ?1")?
            .execute([id])?;
        self.tx
            .prepare_cached("DELETE FROM games WHERE id = ?1")?
            .execute([id])?;
        Ok(())
    }

    /// The games in which `email` plays, in id order.
    pub fn games_of(&self, email: &str) -> Result<Vec<GameRecord>> {
        self.decoded(
            &format!(
                "SELECT {GAME_COLUMNS} WHERE g.white = ?1 OR g.black = ?1 ORDER BY g.tournament, g.n"
            ),
            [email],
        )
    }

    /// Inserts or replaces a game record.
    pub fn put_game(&self, n: u32, record: &GameRecord) -> Result<()> {
        let json = encode(record)?;
        self.tx.prepare_cached("INSERT INTO games (id, tournament, n, white, black, finished, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT(id) DO UPDATE SET white = ?4, black = ?5, finished = ?6, record = ?7")?.execute(params![record.id, record.tournament, n, record.white, record.black, record.result.is_some(), json])?;
        self.put_clock_row(&ClockRow::of(record)?)
    }

    /// Updates an existing game record.
    pub fn update_game(&self, record: &GameRecord) -> Result<()> {
        let json = encode(record)?;
        self.tx
            .prepare_cached(
                "UPDATE games SET record = ?2, finished = ?3, white = ?4, black = ?5 WHERE id = ?1",
            )?
            .execute(params![
                record.id,
                json,
                record.result.is_some(),
                record.white,
                record.black
            ])?;
        self.put_clock_row(&ClockRow::of(record)?)
    }

    /// Writes only a game's clock row (its clock, status and next due day): all the tick
    /// changes of a record (`game::handle_tick` changes nothing else), prepared elsewhere —
    /// the tick prepares them on both cores.
    pub fn put_clock_row(&self, row: &ClockRow) -> Result<()> {
        let args = params![row.id, row.clock, row.status, row.finished, row.next_due];
        let updated = self
            .tx
            .prepare_cached("UPDATE game_clocks SET clock = ?2, status = ?3, finished = ?4, next_due = ?5 WHERE id = ?1")?
            .execute(args)?;
        if updated == 0 {
            self.tx
                .prepare_cached("INSERT INTO game_clocks (id, clock, status, finished, next_due) VALUES (?1, ?2, ?3, ?4, ?5)")?
                .execute(args)?;
        }
        Ok(())
    }

    pub fn queue(&self, inbound_id: Option<i64>, out: &NewOutgoing, now: &str) -> Result<()> {
        self.tx.prepare_cached("INSERT OR IGNORE INTO outbox (message_id, inbound_id, recipient, kind, game, raw, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?.execute(params![out.message_id, inbound_id, out.recipient, out.kind, out.game, out.raw, now])?;
        Ok(())
    }

    /// The game an earlier outgoing message (by Message-ID) was about.
    /// The Message-ID of an outbox row.
    pub fn message_id_of(&self, outbox_id: i64) -> Result<Option<String>> {
        Ok(self
            .tx
            .prepare_cached("SELECT message_id FROM outbox WHERE id = ?1")?
            .query_row([outbox_id], |r| r.get(0))
            .optional()?)
    }

    pub fn game_of_message(&self, message_id: &str) -> Result<Option<String>> {
        Ok(self
            .tx
            .prepare_cached("SELECT game FROM outbox WHERE message_id = ?1")?
            .query_row([message_id], |r| r.get::<_, Option<String>>(0))
            .optional()?
            .flatten())
    }

    /// Records how leased rows fared.
    pub fn finish_sends(&self, results: &[(i64, SendOutcome)], now: &str) -> Result<()> {
        for (id, r) in results {
            match r {
                SendOutcome::Sent => self.tx.prepare_cached(
                    "UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1, lease_until = NULL WHERE id = ?1 AND status = 'sending'",
                )?.execute(params![id, now])?,
                SendOutcome::Retry { next_attempt, error } => self.tx.prepare_cached(
                    "UPDATE outbox SET status = 'pending', attempts = attempts + 1, next_attempt = ?2, last_error = ?3, lease_until = NULL WHERE id = ?1 AND status = 'sending'",
                )?.execute(params![id, next_attempt, error])?,
                SendOutcome::Unsent => self.tx.prepare_cached(
                    "UPDATE outbox SET status = 'pending', lease_until = NULL WHERE id = ?1 AND status = 'sending'",
                )?.execute([id])?,
            };
        }
        Ok(())
    }

    /// One outbox row by id.
    pub fn outbox_by_id(&self, id: i64) -> Result<Option<OutboxRow>> {
        Ok(self
            .tx
            .prepare_cached(concat!(
                "SELECT ",
                outbox_columns!(),
                " FROM outbox WHERE id = ?1"
            ))?
            .query_row([id], outbox_row)
            .optional()?)
    }

    /// The status of an outbox row (`pending`, `sending`, `sent`, `failed`).
    pub fn outbox_status(&self, id: i64) -> Result<Option<String>> {
        Ok(self
            .tx
            .prepare_cached("SELECT status FROM outbox WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?)
    }

    /// One outbox row by its Message-ID (without `<>`).
    pub fn outbox_by_message_id(&self, message_id: &str) -> Result<Option<OutboxRow>> {
        let mid = message_id.trim().trim_matches(|c| c == '<' || c == '>');
        Ok(self
            .tx
            .prepare_cached(concat!(
                "SELECT ",
                outbox_columns!(),
                " FROM outbox WHERE message_id = ?1"
            ))?
            .query_row([mid], outbox_row)
            .optional()?)
    }

    /// Marks a row failed (also one sent earlier and bounced since); false when it already was.
    pub fn mark_failed_once(&self, id: i64, error: &str) -> Result<bool> {
        let n = self
            .tx
            .prepare_cached(
                "UPDATE outbox SET status = 'failed', last_error = ?2, lease_until = NULL WHERE id = ?1 AND status != 'failed'",
            )?
            .execute(params![id, error])?;
        Ok(n == 1)
    }

    /// A bounced forward of `game` (row `outbox_id`) waits to be delivered again.
    pub fn await_delivery(&self, outbox_id: i64, game: &str) -> Result<()> {
        self.tx
            .prepare_cached(
                "INSERT OR REPLACE INTO awaiting_delivery (outbox_id, game) VALUES (?1, ?2)",
            )?
            .execute(params![outbox_id, game])?;
        Ok(())
    }

    /// The game whose bounced forward the (re-sent) row `outbox_id` carries, taken off the list.
    pub fn delivery_awaited(&self, outbox_id: i64) -> Result<Option<String>> {
        Ok(self
            .tx
            .prepare_cached("DELETE FROM awaiting_delivery WHERE outbox_id = ?1 RETURNING game")?
            .query_row([outbox_id], |r| r.get(0))
            .optional()?)
    }

    /// The bounced forward waiting in `game`: (its outbox row id).
    pub fn awaited_in(&self, game: &str) -> Result<Option<i64>> {
        Ok(self
            .tx
            .prepare_cached("SELECT outbox_id FROM awaiting_delivery WHERE game = ?1 ORDER BY outbox_id DESC LIMIT 1")?
            .query_row([game], |r| r.get(0))
            .optional()?)
    }

    /// How many re-sends of a bounced move `game` has had (seeds the next one's Message-ID).
    pub fn count_resends(&self, game: &str) -> Result<i64> {
        Ok(self
            .tx
            .prepare_cached("SELECT count(*) FROM events WHERE game = ?1 AND detail LIKE 'RULES.md §3: the bounced move re-sent%'")?
            .query_row([game], |r| r.get(0))?)
    }

    /// Queues `raw` again (a re-send), returning the new row's id.
    pub fn queue_returning(
        &self,
        inbound_id: Option<i64>,
        out: &NewOutgoing,
        now: &str,
    ) -> Result<i64> {
        self.queue(inbound_id, out, now)?;
        Ok(self
            .tx
            .prepare_cached("SELECT id FROM outbox WHERE message_id = ?1")?
            .query_row([&out.message_id], |r| r.get(0))?)
    }

    pub fn mark_failed(&self, id: i64, error: &str) -> Result<()> {
        self.tx.prepare_cached("UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = ?2, lease_until = NULL WHERE id = ?1")?.execute(params![id, error])?;
        Ok(())
    }

    /// The Message-ID of the last message queued to `to` about `game`.
    pub fn last_message_to(&self, to: &str, game: &str) -> Result<Option<String>> {
        Ok(self.tx.prepare_cached("SELECT message_id FROM outbox WHERE recipient = ?1 AND game = ?2 ORDER BY id DESC LIMIT 1")?.query_row( params![to, game], |r| r.get(0))
            .optional()?)
    }

    /// Counts a letter from `email` on `day`; returns (letters that day including this one,
    /// courtesy replies already sent that day).
    pub fn count_sender(&self, email: &str, day: &str) -> Result<(i64, i64)> {
        self.tx
            .prepare_cached(
                "INSERT INTO senders (email, day, letters) VALUES (?1, ?2, 1)
             ON CONFLICT(email, day) DO UPDATE SET letters = letters + 1",
            )?
            .execute(params![email, day])?;
        Ok(self
            .tx
            .prepare_cached("SELECT letters, courtesy FROM senders WHERE email = ?1 AND day = ?2")?
            .query_row(params![email, day], |r| Ok((r.get(0)?, r.get(1)?)))?)
    }

    /// Courtesy replies already sent to `email` on `day`.
    pub fn courtesy_sent(&self, email: &str, day: &str) -> Result<i64> {
        Ok(self
            .tx
            .prepare_cached("SELECT courtesy FROM senders WHERE email = ?1 AND day = ?2")?
            .query_row(params![email, day], |r| r.get(0))
            .optional()?
            .unwrap_or(0))
    }

    pub fn note_courtesy(&self, email: &str, day: &str) -> Result<()> {
        self.tx
            .prepare_cached(
                "INSERT INTO senders (email, day, courtesy) VALUES (?1, ?2, 1)
                 ON CONFLICT(email, day) DO UPDATE SET courtesy = courtesy + 1",
            )?
            .execute(params![email, day])?;
        Ok(())
    }

    pub fn log_event(&self, at: &str, game: Option<&str>, kind: &str, detail: &str) -> Result<()> {
        self.tx
            .prepare_cached("INSERT INTO events (at, game, kind, detail) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![at, game, kind, detail])?;
        Ok(())
    }

    /// A player's leave book (empty for a player who never took leave).
    pub fn leave_book(&self, email: &str) -> Result<crate::rules::leave::LeaveBook> {
        let json: Option<String> = self
            .tx
            .prepare_cached("SELECT leave FROM players WHERE email = ?1")?
            .query_row([email], |r| r.get(0))
            .optional()?;
        json.map(|j| serde_json::from_str(&j).map_err(|e| StoreError::Record(email.to_string(), e)))
            .transpose()
            .map(Option::unwrap_or_default)
    }

    pub fn put_leave_book(&self, email: &str, book: &crate::rules::leave::LeaveBook) -> Result<()> {
        let json =
            serde_json::to_string(book).map_err(|e| StoreError::Record(email.to_string(), e))?;
        self.tx.prepare_cached("INSERT INTO players (email, leave) VALUES (?1, ?2) ON CONFLICT(email) DO UPDATE SET leave = ?2")?.execute(params![email, json])?;
        Ok(())
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .tx
            .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
            .query_row([key], |r| r.get(0))
            .optional()?)
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.tx.prepare_cached("INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2")?.execute(params![key, value])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game as a version-2 database held it: the clock inside the record, `next_due`
    /// beside it.
    fn version_2_database(path: &Path, record: &GameRecord) {
        let conn = Connection::open(path).unwrap();
        for sql in &MIGRATIONS[..2] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 2).unwrap();
        conn.execute(
            "INSERT INTO games (id, tournament, n, white, black, finished, record, next_due)
             VALUES (?1, 'T', 1, 'w@x', 'b@x', 0, ?2, '2026-03-01')",
            params![record.id, serde_json::to_string(record).unwrap()],
        )
        .unwrap();
    }

    #[test]
    fn migration_4_marks_the_letters_processed_before_the_input_log_existed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v3.sqlite3");
        let conn = Connection::open(&path).unwrap();
        for sql in &MIGRATIONS[..3] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 3).unwrap();
        for i in 0..2 {
            conn.execute(
                "INSERT INTO inbound (hash, raw, arrived, source, status) VALUES (?1, x'00', '2026-01-01T00:00:00Z', 'ingest', 'done')",
                [format!("h{i}")],
            )
            .unwrap();
        }
        drop(conn);
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.meta("input_log_after_inbound").unwrap().as_deref(),
            Some("2")
        );
        assert!(store.inputs().unwrap().is_empty(), "nothing invented");
    }

    #[test]
    fn migration_3_moves_each_clock_into_its_own_row_and_loses_nothing() {
        use crate::rules::clock::{IssuedNotice, NoticeKind};
        use crate::rules::model::{Mode, Notation, Params};
        let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2026, 2, d).unwrap();
        let mut g = GameRecord::new(
            "T/1".into(),
            "T".into(),
            "w@x".into(),
            "b@x".into(),
            Params::for_mode(Mode::Email),
            Notation::Bg,
            day(1),
        );
        g.clock.issued.push(IssuedNotice {
            kind: NoticeKind::Repeat,
            key: 7,
            due: day(20),
            on: Some(day(21)),
        });
        g.status = crate::rules::game::Status::AwaitingDecision;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v2.sqlite3");
        version_2_database(&path, &g);
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.game("T/1").unwrap().as_ref(),
            Some(&g),
            "the same record"
        );
        let c = &store.conn;
        let (record, due): (String, Option<String>) = c
            .query_row(
                "SELECT g.record, c.next_due FROM games g JOIN game_clocks c USING (id)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert!(
            !record.contains("issued"),
            "the clock left the record: {record}"
        );
        assert_eq!(due.as_deref(), Some("2026-03-01"), "next_due kept");
        // And the tick's query finds it by its row.
        let tx = store.tx_of(c);
        assert_eq!(
            tx.games_due("2026-03-01", &[]).unwrap(),
            vec!["T/1".to_string()]
        );
        assert!(tx.games_due("2026-02-28", &[]).unwrap().is_empty());
    }

    #[test]
    fn same_message_id_and_body_is_stored_once_another_body_is_kept_as_a_reused_id() {
        let mut s = Store::memory().unwrap();
        let a = s
            .store_inbound(
                b"Subject: a\r\n\r\none",
                Some("x@y"),
                "2026-01-01T00:00:00Z",
                "ingest",
                None,
            )
            .unwrap();
        let Stored::New(first) = a else {
            panic!("{a:?}")
        };
        // A re-delivery: another Received: line on top, the same body (with the final CRLF
        // SMTP adds, and stored with LF line ends).
        let again = s
            .store_inbound(
                b"Received: from relay\nSubject: a\n\none\n\n",
                Some("x@y"),
                "2026-01-01T00:00:00Z",
                "ingest",
                None,
            )
            .unwrap();
        assert_eq!(again, Stored::Duplicate(first));
        // Another letter reusing the id: stored as its own, the reused id kept beside it.
        let other = s
            .store_inbound(
                b"Subject: b\r\n\r\ntwo",
                Some("x@y"),
                "2026-01-01T00:00:00Z",
                "ingest",
                None,
            )
            .unwrap();
        let Stored::ReusedId(id) = other else {
            panic!("{other:?}")
        };
        let row = s.transaction(|tx| tx.claim_inbound(id)).unwrap().unwrap();
        assert_eq!(row.reused_message_id.as_deref(), Some("x@y"));
    }

    #[test]
    fn a_claimed_letter_cannot_be_claimed_again() {
        let mut s = Store::memory().unwrap();
        let Stored::New(id) = s.store_inbound(b"raw", None, "t", "ingest", None).unwrap() else {
            panic!()
        };
        s.transaction(|tx| {
            assert!(tx.claim_inbound(id)?.is_some());
            assert!(
                tx.claim_inbound(id)?.is_none(),
                "taken inside this transaction"
            );
            tx.mark_inbound_done(id, "ok", "t")
        })
        .unwrap();
        assert!(
            s.transaction(|tx| tx.claim_inbound(id)).unwrap().is_none(),
            "done"
        );
        assert!(s.pending_ids(10).unwrap().is_empty());
    }

    #[test]
    fn a_failing_letter_is_set_aside_after_max_attempts() {
        let mut s = Store::memory().unwrap();
        let Stored::New(id) = s.store_inbound(b"raw", None, "t", "ingest", None).unwrap() else {
            panic!()
        };
        for expected in [Failure::Retry, Failure::Retry, Failure::SetAside] {
            let f = s
                .transaction(|tx| {
                    tx.claim_inbound(id)?.expect("pending");
                    tx.inbound_failed(id, "boom", 3, "t")
                })
                .unwrap();
            assert_eq!(f, expected);
        }
        assert!(s.pending_ids(10).unwrap().is_empty());
        assert!(s.transaction(|tx| tx.claim_inbound(id)).unwrap().is_none());
    }

    #[test]
    fn outbox_rows_are_leased_once_and_one_recipients_rows_in_queue_order() {
        let mut s = Store::memory().unwrap();
        for (i, to) in ["a@x", "b@x", "a@x", "a@x"].iter().enumerate() {
            let o = NewOutgoing {
                message_id: format!("m{i}"),
                recipient: to.to_string(),
                kind: "move".into(),
                game: None,
                raw: b"r".to_vec(),
            };
            s.transaction(|tx| tx.queue(None, &o, "t")).unwrap();
        }
        let now = "2026-01-01T00:00:00+00:00";
        let until = "2026-01-01T00:10:00+00:00";
        let first = s.lease_outbox(now, until, 2).unwrap();
        let ids: Vec<String> = first.iter().map(|r| r.message_id.clone()).collect();
        assert_eq!(ids, ["m0", "m1"]);
        // a@x's first row is leased: his later rows wait for it, b@x has nothing more.
        assert!(s.lease_outbox(now, until, 10).unwrap().is_empty());
        // m0 refused for now: a@x's later rows wait until it is due, in order.
        s.finish_sends(
            &[
                (
                    first[0].id,
                    SendOutcome::Retry {
                        next_attempt: "2026-01-01T00:05:00+00:00".into(),
                        error: "451".into(),
                    },
                ),
                (first[1].id, SendOutcome::Sent),
            ],
            now,
        )
        .unwrap();
        assert!(s.lease_outbox(now, until, 10).unwrap().is_empty());
        let later = s
            .lease_outbox("2026-01-01T00:06:00+00:00", "2026-01-01T00:16:00+00:00", 10)
            .unwrap();
        let ids: Vec<String> = later.iter().map(|r| r.message_id.clone()).collect();
        assert_eq!(ids, ["m0", "m2", "m3"]);
        // A lease that ran out (its sender died) is taken again.
        let again = s
            .lease_outbox("2026-01-01T00:20:00+00:00", "2026-01-01T00:30:00+00:00", 10)
            .unwrap();
        assert_eq!(again.len(), 3);
    }

    #[test]
    fn two_first_starts_on_a_fresh_file_both_succeed() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("fresh.sqlite3");
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let p = p.clone();
                std::thread::spawn(move || Store::open(&p).map(|s| s.instance().to_string()))
            })
            .collect();
        let ids: Vec<String> = handles
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect();
        assert!(ids.iter().all(|i| i == &ids[0] && i.len() == 32), "{ids:?}");
    }

    #[test]
    fn each_database_has_its_own_instance_id() {
        assert_ne!(
            Store::memory().unwrap().instance(),
            Store::memory().unwrap().instance()
        );
    }

    #[test]
    fn same_bytes_without_message_id_are_stored_once() {
        let mut s = Store::memory().unwrap();
        s.store_inbound(b"raw", None, "t", "ingest", None).unwrap();
        assert!(matches!(
            s.store_inbound(b"raw", None, "t", "ingest", None).unwrap(),
            Stored::Duplicate(_)
        ));
        assert!(matches!(
            s.store_inbound(b"raw2", None, "t", "ingest", None).unwrap(),
            Stored::New(_)
        ));
    }

    #[test]
    fn a_failed_transaction_leaves_nothing_behind() {
        let mut s = Store::memory().unwrap();
        let r: std::result::Result<(), StoreError> = s.transaction(|tx| {
            tx.set_meta("k", "v")?;
            Err(StoreError::TooNew(9, 1))
        });
        assert!(r.is_err());
        assert_eq!(s.meta("k").unwrap(), None);
    }

    #[test]
    fn migrations_are_idempotent_on_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.sqlite3");
        Store::open(&p).unwrap().set_meta("k", "v").unwrap();
        let s = Store::open(&p).unwrap();
        assert_eq!(s.meta("k").unwrap().as_deref(), Some("v"));
    }
}
