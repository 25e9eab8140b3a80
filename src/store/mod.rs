//! SQLite storage (rusqlite, bundled, WAL): versioned migrations, the raw inbound log, game
//! records, the outbox, IMAP progress and the audit log. The only module that speaks SQL.
//!
//! Crash safety rests on two rules: a letter is committed raw (`inbound`) before anything reads
//! it, and processing it — new game records, outbox rows, `inbound.status = 'done'` — is one
//! transaction ([`Store::transaction`]).

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use sha2::{Digest, Sha256};

use crate::rules::game::GameRecord;

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
const MIGRATIONS: &[&str] = &[r#"
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
"#];

/// One row of the inbound log.
#[derive(Clone, Debug)]
pub struct InboundRow {
    pub id: i64,
    pub raw: Vec<u8>,
    pub arrived: String,
    pub source: String,
}

/// One pending outbox row.
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
    /// Same Message-ID, or same bytes when it has none: already stored.
    Duplicate(i64),
}

/// The database.
pub struct Store {
    conn: Connection,
}

/// How far ahead the tick's next work for a game is searched.
const DUE_HORIZON_DAYS: i64 = 1200;

/// The day the tick next has work for a game (stored beside it).
fn due(record: &GameRecord) -> Option<String> {
    crate::rules::game::next_due(record, DUE_HORIZON_DAYS).map(|d| d.to_string())
}

/// SHA-256 of raw bytes, hex.
pub fn hash(raw: &[u8]) -> String {
    let d = Sha256::digest(raw);
    d.iter().map(|b| format!("{b:02x}")).collect()
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
        // WAL: readers (status) never block the daemon; NORMAL sync is durable in WAL mode
        // except on power loss, FULL is used because a lost letter is worse than a slow one.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut store = Store { conn };
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&mut self) -> Result<()> {
        let version: i64 = self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?;
        let latest = MIGRATIONS.len() as i64;
        if version > latest {
            return Err(StoreError::TooNew(version, latest));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = self.conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
            tx.commit()?;
        }
        Ok(())
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
        let out = f(&Tx { tx: &tx })?;
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

    /// Letters stored but not yet processed, oldest first.
    pub fn pending_inbound(&self) -> Result<Vec<InboundRow>> {
        let mut st = self.conn.prepare(
            "SELECT id, raw, arrived, source FROM inbound WHERE status = 'pending' ORDER BY id",
        )?;
        let rows = st
            .query_map([], |r| {
                Ok(InboundRow {
                    id: r.get(0)?,
                    raw: r.get(1)?,
                    arrived: r.get(2)?,
                    source: r.get(3)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Outbox rows due for sending at `now` (RFC 3339), oldest first.
    pub fn due_outbox(&self, now: &str, limit: usize) -> Result<Vec<OutboxRow>> {
        let mut st = self.conn.prepare(
            "SELECT id, message_id, recipient, kind, game, raw, attempts FROM outbox
             WHERE status = 'pending' AND (next_attempt IS NULL OR next_attempt <= ?1) ORDER BY id LIMIT ?2",
        )?;
        let rows = st
            .query_map(params![now, limit as i64], |r| {
                Ok(OutboxRow {
                    id: r.get(0)?,
                    message_id: r.get(1)?,
                    recipient: r.get(2)?,
                    kind: r.get(3)?,
                    game: r.get(4)?,
                    raw: r.get(5)?,
                    attempts: r.get(6)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn mark_sent(&self, id: i64, now: &str) -> Result<()> {
        self.conn.execute("UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1 WHERE id = ?1", params![id, now])?;
        Ok(())
    }

    pub fn mark_retry(&self, id: i64, next_attempt: &str, error: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?2, last_error = ?3 WHERE id = ?1",
            params![id, next_attempt, error],
        )?;
        Ok(())
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
        Tx { tx: &self.conn }.set_imap_state(mailbox, validity, last_uid)
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
            .map(|s| s == "done"))
    }

    /// All game records, in id order.
    pub fn games(&self) -> Result<Vec<GameRecord>> {
        Tx { tx: &self.conn }.games()
    }

    pub fn game(&self, id: &str) -> Result<Option<GameRecord>> {
        Tx { tx: &self.conn }.game(id)
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
        Tx { tx: &self.conn }.set_meta(key, value)
    }

    /// Counts of inbound rows by status (for status output and tests).
    pub fn inbound_counts(&self) -> Result<(i64, i64)> {
        Ok(self.conn.query_row(
            "SELECT count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'done') FROM inbound",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }
}

/// The operations available inside one transaction.
pub struct Tx<'a> {
    tx: &'a Connection,
}

impl Tx<'_> {
    fn _assert_tx(_: &Transaction<'_>) {}

    pub fn store_inbound(
        &self,
        raw: &[u8],
        message_id: Option<&str>,
        arrived: &str,
        source: &str,
    ) -> Result<Stored> {
        let h = hash(raw);
        let existing: Option<i64> = self
            .tx
            .query_row(
                "SELECT id FROM inbound WHERE hash = ?1 OR (?2 IS NOT NULL AND message_id = ?2)",
                params![h, message_id],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = existing {
            return Ok(Stored::Duplicate(id));
        }
        self.tx.execute(
            "INSERT INTO inbound (message_id, hash, raw, arrived, source) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![message_id, h, raw, arrived, source],
        )?;
        Ok(Stored::New(self.tx.last_insert_rowid()))
    }

    pub fn mark_inbound_done(&self, id: i64, outcome: &str, now: &str) -> Result<()> {
        self.tx.execute(
            "UPDATE inbound SET status = 'done', outcome = ?2, processed = ?3 WHERE id = ?1",
            params![id, outcome, now],
        )?;
        Ok(())
    }

    pub fn set_imap_state(&self, mailbox: &str, validity: u32, last_uid: u32) -> Result<()> {
        self.tx.execute(
            "INSERT INTO imap_state (mailbox, uidvalidity, last_uid) VALUES (?1, ?2, ?3)
             ON CONFLICT(mailbox) DO UPDATE SET uidvalidity = ?2, last_uid = max(CASE WHEN uidvalidity = ?2 THEN last_uid ELSE 0 END, ?3)",
            params![mailbox, validity, last_uid],
        )?;
        Ok(())
    }

    pub fn game(&self, id: &str) -> Result<Option<GameRecord>> {
        let json: Option<String> = self
            .tx
            .query_row("SELECT record FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?;
        json.map(|j| serde_json::from_str(&j).map_err(|e| StoreError::Record(id.to_string(), e)))
            .transpose()
    }

    pub fn games(&self) -> Result<Vec<GameRecord>> {
        let mut st = self
            .tx
            .prepare("SELECT id, record FROM games ORDER BY tournament, n")?;
        let rows = st
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(id, j)| serde_json::from_str(&j).map_err(|e| StoreError::Record(id, e)))
            .collect()
    }

    /// The unfinished games the tick must look at on `today`: those with something due by
    /// then, and every unfinished game of the tournaments listed (their end date has come).
    pub fn games_due(&self, today: &str, ended: &[String]) -> Result<Vec<GameRecord>> {
        let ended = serde_json::to_string(ended).unwrap_or_else(|_| "[]".into());
        let mut st = self.tx.prepare(
            "SELECT id, record FROM games WHERE finished = 0 AND (next_due <= ?1
                 OR tournament IN (SELECT value FROM json_each(?2)))
             ORDER BY tournament, n",
        )?;
        let rows = st
            .query_map(params![today, ended], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(id, j)| serde_json::from_str(&j).map_err(|e| StoreError::Record(id, e)))
            .collect()
    }

    /// The games of one tournament, in pairing order.
    pub fn games_of_tournament(&self, tournament: &str) -> Result<Vec<GameRecord>> {
        let mut st = self
            .tx
            .prepare("SELECT id, record FROM games WHERE tournament = ?1 ORDER BY n")?;
        let rows = st
            .query_map([tournament], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(id, j)| serde_json::from_str(&j).map_err(|e| StoreError::Record(id, e)))
            .collect()
    }

    /// Removes a game (only ever one nobody has played: a re-pairing before the start).
    pub fn delete_game(&self, id: &str) -> Result<()> {
        self.tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        Ok(())
    }

    /// The games in which `email` plays, in id order.
    pub fn games_of(&self, email: &str) -> Result<Vec<GameRecord>> {
        let mut st = self.tx.prepare(
            "SELECT id, record FROM games WHERE white = ?1 OR black = ?1 ORDER BY tournament, n",
        )?;
        let rows = st
            .query_map([email], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(id, j)| serde_json::from_str(&j).map_err(|e| StoreError::Record(id, e)))
            .collect()
    }

    /// Inserts or replaces a game record.
    pub fn put_game(&self, n: u32, record: &GameRecord) -> Result<()> {
        let json =
            serde_json::to_string(record).map_err(|e| StoreError::Record(record.id.clone(), e))?;
        self.tx.execute(
            "INSERT INTO games (id, tournament, n, white, black, finished, record, next_due) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT(id) DO UPDATE SET white = ?4, black = ?5, finished = ?6, record = ?7, next_due = ?8",
            params![record.id, record.tournament, n, record.white, record.black, record.result.is_some(), json, due(record)],
        )?;
        Ok(())
    }

    /// Updates an existing game record.
    pub fn update_game(&self, record: &GameRecord) -> Result<()> {
        let json =
            serde_json::to_string(record).map_err(|e| StoreError::Record(record.id.clone(), e))?;
        self.tx.execute(
            "UPDATE games SET record = ?2, finished = ?3, next_due = ?4, white = ?5, black = ?6 WHERE id = ?1",
            params![record.id, json, record.result.is_some(), due(record), record.white, record.black],
        )?;
        Ok(())
    }

    pub fn queue(&self, inbound_id: Option<i64>, out: &NewOutgoing, now: &str) -> Result<()> {
        self.tx.execute(
            "INSERT OR IGNORE INTO outbox (message_id, inbound_id, recipient, kind, game, raw, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![out.message_id, inbound_id, out.recipient, out.kind, out.game, out.raw, now],
        )?;
        Ok(())
    }

    /// The game an earlier outgoing message (by Message-ID) was about.
    pub fn game_of_message(&self, message_id: &str) -> Result<Option<String>> {
        Ok(self
            .tx
            .query_row(
                "SELECT game FROM outbox WHERE message_id = ?1",
                [message_id],
                |r| r.get::<_, Option<String>>(0),
            )
            .optional()?
            .flatten())
    }

    pub fn mark_failed(&self, id: i64, error: &str) -> Result<()> {
        self.tx.execute(
            "UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
            params![id, error],
        )?;
        Ok(())
    }

    /// The Message-ID of the last message queued to `to` about `game`.
    pub fn last_message_to(&self, to: &str, game: &str) -> Result<Option<String>> {
        Ok(self
            .tx
            .query_row("SELECT message_id FROM outbox WHERE recipient = ?1 AND game = ?2 ORDER BY id DESC LIMIT 1", params![to, game], |r| r.get(0))
            .optional()?)
    }

    /// Counts a letter from `email` on `day`; returns (letters that day including this one,
    /// courtesy replies already sent that day).
    pub fn count_sender(&self, email: &str, day: &str) -> Result<(i64, i64)> {
        self.tx.execute(
            "INSERT INTO senders (email, day, letters) VALUES (?1, ?2, 1)
             ON CONFLICT(email, day) DO UPDATE SET letters = letters + 1",
            params![email, day],
        )?;
        Ok(self.tx.query_row(
            "SELECT letters, courtesy FROM senders WHERE email = ?1 AND day = ?2",
            params![email, day],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }

    /// Courtesy replies already sent to `email` on `day`.
    pub fn courtesy_sent(&self, email: &str, day: &str) -> Result<i64> {
        Ok(self
            .tx
            .query_row(
                "SELECT courtesy FROM senders WHERE email = ?1 AND day = ?2",
                params![email, day],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(0))
    }

    pub fn note_courtesy(&self, email: &str, day: &str) -> Result<()> {
        self.tx.execute(
            "UPDATE senders SET courtesy = courtesy + 1 WHERE email = ?1 AND day = ?2",
            params![email, day],
        )?;
        Ok(())
    }

    pub fn log_event(&self, at: &str, game: Option<&str>, kind: &str, detail: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO events (at, game, kind, detail) VALUES (?1, ?2, ?3, ?4)",
            params![at, game, kind, detail],
        )?;
        Ok(())
    }

    /// A player's leave book (empty for a player who never took leave).
    pub fn leave_book(&self, email: &str) -> Result<crate::rules::leave::LeaveBook> {
        let json: Option<String> = self
            .tx
            .query_row("SELECT leave FROM players WHERE email = ?1", [email], |r| {
                r.get(0)
            })
            .optional()?;
        json.map(|j| serde_json::from_str(&j).map_err(|e| StoreError::Record(email.to_string(), e)))
            .transpose()
            .map(Option::unwrap_or_default)
    }

    pub fn put_leave_book(&self, email: &str, book: &crate::rules::leave::LeaveBook) -> Result<()> {
        let json =
            serde_json::to_string(book).map_err(|e| StoreError::Record(email.to_string(), e))?;
        self.tx.execute(
            "INSERT INTO players (email, leave) VALUES (?1, ?2) ON CONFLICT(email) DO UPDATE SET leave = ?2",
            params![email, json],
        )?;
        Ok(())
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .tx
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2",
            params![key, value],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_message_id_is_stored_once() {
        let mut s = Store::memory().unwrap();
        let a = s
            .store_inbound(b"one", Some("x@y"), "2026-01-01T00:00:00Z", "ingest", None)
            .unwrap();
        let b = s
            .store_inbound(b"two", Some("x@y"), "2026-01-01T00:00:00Z", "ingest", None)
            .unwrap();
        assert!(matches!(a, Stored::New(_)));
        assert_eq!(
            b,
            Stored::Duplicate(match a {
                Stored::New(i) => i,
                _ => unreachable!(),
            })
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
