//! What `amici audit` reads and writes (issue 11): a read-only snapshot of the live file, the
//! input log, stored letters copied into a scratch database, the decisions and leave books to
//! compare, and the replayed outbox aligned with the live one.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::*;

impl Store {
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
