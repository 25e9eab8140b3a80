//! The WAL's checkpoints on a thread of their own (the daemon's store).
//!
//! SQLite's default copies the write-ahead log into the database file inside the commit that
//! fills it past 1,000 pages, on the committing thread: the daemon's database thread then waits
//! for it before the next letter, and the worst daily tick (80,000 clock rows rewritten) spent a
//! quarter of its time there. With [`Checkpointer`] the main connection never checkpoints
//! (`wal_autocheckpoint = 0`); after each commit it pokes this thread, which runs a PASSIVE
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

    /// After a commit: a checkpoint when the spacing allows.
    pub(super) fn poke(&self) {
        if let Some(asks) = &self.asks {
            let _ = asks.send(Ask::Soon);
        }
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
    while let Ok(first) = rx.recv() {
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
        if let Err(err) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!(%err, "the WAL checkpoint failed; the next commit tries again");
        }
        for done in waiting {
            let _ = done.send(());
        }
    }
    // Stopping: what the last commits left, into the file.
    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
}
