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

mod checkpoint;
mod history;
mod rounds;
mod schema;
mod tx;

use schema::MIGRATIONS;

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use crate::rules::clock::ClockState;
use crate::rules::game::GameRecord;
use crate::rules::model::Day;

pub use actor::Db;

pub type Result<T> = std::result::Result<T, StoreError>;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("game record {0} is unreadable: {1}")]
    Record(String, serde_json::Error),
    #[error("the clock of game {0} is unreadable: {1}")]
    Clock(String, String),
    #[error("the database has schema version {0}, newer than this amici understands ({1})")]
    TooNew(i64, i64),
}

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
    /// Games in progress brought in by `amici import` (the records and leave books written).
    Import,
    /// A Swiss round's pairings from another program (`amici pair --import`): the tournament
    /// id, a newline, the pairings as given.
    Pairings,
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
            InputKind::Pairings => "pairings",
            InputKind::Import => "import",
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

/// The page cache of a large transaction ([`Store::with_room`]), KiB.
const LARGE_CACHE_KIB: i64 = 64 * 1024;
/// How much of the file a large transaction reads through a memory map, bytes.
const LARGE_MMAP_BYTES: i64 = 1 << 30;

/// What one sender holds while it leases more (`Store::lease_more`).
#[derive(Debug, Default, Clone)]
pub struct Leased {
    /// Rows it leased and has not recorded yet.
    pub in_flight: std::collections::HashSet<i64>,
    /// Recipients (lowercase) a message was refused to in this flush.
    pub refused: std::collections::HashSet<String>,
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
    /// The WAL's checkpoints on a thread of their own (`checkpoint_beside`: the daemon's).
    checkpointer: Option<checkpoint::Checkpointer>,
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
    clock: StoredClock,
    status: String,
}

/// A clock row's `clock` as stored: binary (migration 6) or JSON (written before it).
#[derive(Clone, Debug)]
enum StoredClock {
    Binary(Vec<u8>),
    Json(String),
}

impl StoredGame {
    fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
        use rusqlite::types::ValueRef;
        let clock = match r.get_ref(2)? {
            ValueRef::Blob(b) => StoredClock::Binary(b.to_vec()),
            _ => StoredClock::Json(r.get(2)?),
        };
        Ok(StoredGame {
            id: r.get(0)?,
            record: r.get(1)?,
            clock,
            status: r.get(3)?,
        })
    }

    /// The record with its clock and status put back.
    pub fn decode(&self) -> Result<GameRecord> {
        let bad = |e| StoreError::Record(self.id.clone(), e);
        let mut record: GameRecord = serde_json::from_str(&self.record).map_err(bad)?;
        record.clock = match &self.clock {
            StoredClock::Binary(b) => {
                clock_bytes::decode(b).map_err(|e| StoreError::Clock(self.id.clone(), e))?
            }
            StoredClock::Json(j) => serde_json::from_str(j).map_err(bad)?,
        };
        record.status = serde_json::from_str(&self.status).map_err(bad)?;
        Ok(record)
    }
}

/// The clock's binary form in `game_clocks` (migration 6): a format byte, then the
/// [`ClockState`](crate::rules::clock::ClockState) in postcard (serde's field order, no
/// names: about a quarter of its JSON, and the tick's worst day rewrites tens of thousands of
/// them). Postcard does not describe itself, so a change to the clock's fields takes a new
/// format byte, with the old layout kept to read the rows written before it.
pub mod clock_bytes {
    use crate::rules::clock::ClockState;

    /// The layout written now.
    const FORMAT: u8 = 1;

    pub fn encode(clock: &ClockState) -> Vec<u8> {
        let mut out = vec![FORMAT];
        // Writing to memory fails only on a serde error, which a derived Serialize never gives.
        out.extend(postcard::to_allocvec(clock).expect("a clock state serializes"));
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<ClockState, String> {
        match bytes.split_first() {
            Some((&FORMAT, rest)) => postcard::from_bytes(rest).map_err(|e| e.to_string()),
            Some((other, _)) => Err(format!("unknown clock format {other}")),
            None => Err("empty clock".into()),
        }
    }
}

/// A game as the daily sweep reads it: its whole record, or — its clock paused awaiting an
/// Art. 37 decision, and nothing else in the record that the sweep would read
/// (`game::sweeps_alone_from`) — its clock row and the columns its letters name.
#[derive(Clone, Debug)]
pub enum TickRead {
    Whole(StoredGame),
    Paused(PausedGame),
}

/// A paused game known by its clock row ([`TickRead::Paused`]).
#[derive(Clone, Debug)]
pub struct PausedGame {
    pub id: String,
    pub tournament: String,
    pub white: String,
    pub black: String,
    pub clock: ClockState,
    /// The day its next-due search starts from (`game::sweeps_alone_from`).
    pub from: Day,
}

/// These games as the daily sweep reads them, in the order of `ids` (those that exist), on
/// `conn`. A game of a tournament in `ended` is read whole: its end is handled on its record.
fn tick_games(conn: &Connection, ids: &[String], ended: &[String]) -> Result<Vec<TickRead>> {
    let mut head = conn.prepare_cached(
        "SELECT c.clock, c.alone_from, g.tournament, g.white, g.black \
         FROM game_clocks c JOIN games g ON g.id = c.id WHERE c.id = ?1",
    )?;
    let mut whole = conn.prepare_cached(&format!("SELECT {GAME_COLUMNS} WHERE g.id = ?1"))?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let paused = head
            .query_row([id], |r| {
                use rusqlite::types::ValueRef;
                // Only a binary clock of a game that may be swept alone is decoded here.
                let (ValueRef::Blob(clock), ValueRef::Text(from)) = (r.get_ref(0)?, r.get_ref(1)?)
                else {
                    return Ok(None);
                };
                let tournament: String = r.get(2)?;
                if ended.contains(&tournament) {
                    return Ok(None);
                }
                let clock = clock_bytes::decode(clock).ok();
                let from = std::str::from_utf8(from).ok().and_then(|f| f.parse().ok());
                let (Some(clock), Some(from)) = (clock, from) else {
                    return Ok(None);
                };
                if clock.awaiting_decision().is_none() {
                    return Ok(None);
                }
                Ok(Some(PausedGame {
                    id: id.clone(),
                    tournament,
                    white: r.get(3)?,
                    black: r.get(4)?,
                    clock,
                    from,
                }))
            })
            .optional()?
            .flatten();
        match paused {
            Some(p) => out.push(TickRead::Paused(p)),
            None => {
                if let Some(row) = whole.query_row([id], StoredGame::from_row).optional()? {
                    out.push(TickRead::Whole(row));
                }
            }
        }
    }
    Ok(out)
}

/// A second connection on the same file, read-only, for reading beside a large transaction
/// on another thread ([`Store::reader`]). Its reads see the database as the writing
/// transaction found it: that transaction holds the write lock (IMMEDIATE) before the reader
/// reads anything, so nothing else can commit in between, and its own writes are not
/// committed until after the last read.
pub struct Reader {
    conn: Connection,
}

impl Reader {
    /// These games as the daily sweep reads them; see [`Tx::tick_games`].
    pub fn tick_games(&self, ids: &[String], ended: &[String]) -> Result<Vec<TickRead>> {
        tick_games(&self.conn, ids, ended)
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
    /// The clock in its binary form ([`clock_bytes`]).
    pub clock: Vec<u8>,
    pub status: String,
    pub finished: bool,
    pub next_due: Option<String>,
    /// `game::sweeps_alone_from`: the day a paused sweep of this game counts from, when it
    /// may be swept on its clock alone.
    pub alone_from: Option<String>,
}

impl ClockRow {
    /// The row for `record` (its JSON and next due day computed here: the costly part).
    pub fn of(record: &GameRecord) -> Result<ClockRow> {
        let bad = |e| StoreError::Record(record.id.clone(), e);
        Ok(ClockRow {
            id: record.id.clone(),
            clock: clock_bytes::encode(&record.clock),
            status: serde_json::to_string(&record.status).map_err(bad)?,
            finished: record.result.is_some(),
            next_due: due(record),
            alone_from: crate::rules::game::sweeps_alone_from(record).map(|d| d.to_string()),
        })
    }

    /// The row of a paused game swept on its clock alone ([`TickRead::Paused`]), its clock
    /// now `clock`: the same row as [`ClockRow::of`] its record after the same sweep (tested).
    pub fn paused(game: &PausedGame, clock: &ClockState) -> ClockRow {
        let status = crate::rules::game::Status::AwaitingDecision;
        ClockRow {
            id: game.id.clone(),
            clock: clock_bytes::encode(clock),
            // A unit variant's JSON: it cannot fail.
            status: serde_json::to_string(&status).expect("a status serializes"),
            finished: false,
            next_due: crate::rules::game::next_due_paused(clock, game.from, DUE_HORIZON_DAYS)
                .map(|d| d.to_string()),
            alone_from: Some(game.from.to_string()),
        }
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
            checkpointer: None,
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

    /// Runs `f` with room for one large transaction — the daily tick's, which reads and
    /// rewrites tens of thousands of games: a page cache of `LARGE_CACHE_KIB` instead of
    /// SQLite's 2 MB (so the clock rows and index pages it rewrites stay in memory until the
    /// commit instead of spilling into the WAL again and again) and the file memory-mapped for
    /// reading (no copy of each record's page out of the kernel). Both are put back after, so
    /// the daemon's usual footprint stays as it was; durability is untouched (the commit is
    /// fsynced as always).
    pub fn with_room<T>(&mut self, f: impl FnOnce(&mut Store) -> T) -> Result<T> {
        let cache: i64 = self
            .conn
            .pragma_query_value(None, "cache_size", |r| r.get(0))?;
        self.conn
            .pragma_update(None, "cache_size", -LARGE_CACHE_KIB)?;
        self.conn
            .pragma_update(None, "mmap_size", LARGE_MMAP_BYTES)?;
        let out = f(self);
        let back = self
            .conn
            .pragma_update(None, "mmap_size", 0)
            .and_then(|()| self.conn.pragma_update(None, "cache_size", cache));
        if let Err(e) = back {
            tracing::warn!("cannot put the page cache back: {e}");
        }
        Ok(out)
    }

    /// A read-only connection on the same file ([`Reader`]), reading through a memory map
    /// like [`with_room`](Self::with_room) (it reads each page once: no larger cache); `None`
    /// for a database in memory, which has no second connection.
    pub fn reader(&self) -> Result<Option<Reader>> {
        let Some(path) = self.conn.path().filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        conn.pragma_update(None, "mmap_size", LARGE_MMAP_BYTES)?;
        Ok(Some(Reader { conn }))
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
        if let Some(c) = &self.checkpointer
            && !c.poke()
        {
            // Its thread is gone: SQLite checkpoints inside the commits again, as by default.
            tracing::warn!("the checkpointing thread stopped; checkpoints return to the commits");
            self.checkpointer = None;
            self.conn
                .pragma_update(None, "wal_autocheckpoint", 1000)
                .map_err(StoreError::from)?;
        }
        Ok(out)
    }

    /// From now on the WAL is checkpointed on a thread of its own instead of inside the commit
    /// that fills it (see `store::checkpoint`): the daemon's store, whose one thread every letter
    /// and tick waits for. A database in memory has no WAL: nothing changes.
    pub fn checkpoint_beside(&mut self) -> Result<()> {
        let Some(path) = self.conn.path().filter(|p| !p.is_empty()) else {
            return Ok(());
        };
        let checkpointer = checkpoint::Checkpointer::start(Path::new(path))?;
        self.conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        self.checkpointer = Some(checkpointer);
        Ok(())
    }

    /// Waits for a checkpoint of everything committed so far (with `checkpoint_beside`; else
    /// at once): what a day between two ticks gives the daemon, for the tick's benchmark.
    pub fn settle(&self) {
        if let Some(c) = &self.checkpointer {
            c.settle();
        }
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
        self.lease_more(now, lease_until, limit, &Leased::default())
    }

    /// [`lease_outbox`](Self::lease_outbox) for a sender that still has rows on their way:
    /// those (`leased.in_flight`) hold nobody back, so it is fed before it runs dry; a
    /// recipient refused during its flush (`leased.refused`) gets nothing more in it.
    pub fn lease_more(
        &mut self,
        now: &str,
        lease_until: &str,
        limit: usize,
        leased: &Leased,
    ) -> Result<Vec<OutboxRow>> {
        self.transaction(|tx| tx.lease_outbox(now, lease_until, limit, leased))
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

/// A scratch directory under the system's temporary directory, removed when dropped: where
/// `amici audit` replays and `check-config` counts, on copies of the live file.
pub struct ScratchDir(pub std::path::PathBuf);

impl ScratchDir {
    pub fn new(purpose: &str) -> std::io::Result<ScratchDir> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("amici-{purpose}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(ScratchDir(dir))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests;
