//! The WAL's checkpoints on a thread of their own (the daemon's store).
//!
//! SQLite's default copies the write-ahead log into the database file inside the commit that
//! fills it past 1,000 pages, on the committing thread: the daemon's database thread then waits
//! for it before the next letter, and the worst daily tick (80,000 clock rows rewritten) spent a
//! quarter of its time there. With [`Checkpointer`] the main connection never checkpoints
//! (`wal_autocheckpoint = 0`); after each commit of `Store::transaction` it pokes this thread (a
//! commit made outside one is covered by the next poke), which runs a PASSIVE
//! checkpoint on a connection of its own — at most one a second — while the database thread
//! goes on. Durability is unchanged: a commit is on disk once the WAL is fsynced
//! (`synchronous = FULL`), before the checkpoint; the checkpoint only moves committed pages.

use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rusqlite::Connection;

/// The least time between two checkpoints (pokes in between wait and are served by one).
const SPACING: Duration = Duration::from_secs(1);

/// What the thread is asked: a checkpoint soon, or one now with word back when it is done.
enum Ask {
    Soon,
    Now(mpsc::Sender<()>),
}

/// The checkpointing thread of one database; stopped (after a last checkpoint) when dropped.
pub(super) struct Checkpointer {
    asks: Option<mpsc::Sender<Ask>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts the thread on its own connection to `path`.
    pub(super) fn start(path: &Path) -> rusqlite::Result<Checkpointer> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(30))?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        let (asks, rx) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("amici-checkpoint".into())
            .spawn(move || serve(&conn, &rx))
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
        Ok(Checkpointer {
            asks: Some(asks),
            thread: Some(thread),
        })
    }

    /// After a commit: a checkpoint when the spacing allows. False when the thread is gone
    /// (the caller then lets SQLite checkpoint in the commits again).
    pub(super) fn poke(&self) -> bool {
        self.asks
            .as_ref()
            .is_some_and(|asks| asks.send(Ask::Soon).is_ok())
    }

    /// A checkpoint of everything committed so far, waited for.
    pub(super) fn settle(&self) {
        let (done, wait) = mpsc::channel();
        if let Some(asks) = &self.asks
            && asks.send(Ask::Now(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.asks.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(conn: &Connection, rx: &mpsc::Receiver<Ask>) {
    let mut last: Option<Instant> = None;
    // Whether the last checkpoint left pages behind (another connection checkpointing, or a
    // reader on an older snapshot): then it is tried again a second later, poked or not.
    let mut behind = false;
    loop {
        let first = if behind {
            match rx.recv_timeout(SPACING) {
                Ok(ask) => ask,
                Err(mpsc::RecvTimeoutError::Timeout) => Ask::Soon,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(ask) => ask,
                Err(_) => break,
            }
        };
        let mut waiting = Vec::new();
        if let Ask::Now(done) = first {
            waiting.push(done);
        } else if let Some(at) = last {
            // Pokes that come while it waits are served by the same checkpoint.
            std::thread::sleep(SPACING.saturating_sub(at.elapsed()));
        }
        while let Ok(ask) = rx.try_recv() {
            if let Ask::Now(done) = ask {
                waiting.push(done);
            }
        }
        last = Some(Instant::now());
        behind = match checkpoint(conn) {
            Ok((busy, log, done)) => {
                let behind = busy != 0 || done < log;
                if behind {
                    tracing::debug!(busy, log, done, "the WAL checkpoint left pages behind");
                }
                behind
            }
            Err(err) => {
                tracing::warn!(%err, "the WAL checkpoint failed; tried again in a second");
                true
            }
        };
        for done in waiting {
            let _ = done.send(());
        }
    }
    // Stopping: what the last commits left, into the file.
    let _ = checkpoint(conn);
}

/// A PASSIVE checkpoint: (busy, frames in the WAL, frames copied), as SQLite reports them.
fn checkpoint(conn: &Connection) -> rusqlite::Result<(i64, i64, i64)> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })
}
