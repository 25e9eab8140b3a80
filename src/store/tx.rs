//! The operations inside one transaction ([`Tx`]): letters claimed and finished, game records
//! and their clock rows, the outbox, the input log, senders' counts, leave books, meta.

use rusqlite::{OptionalExtension, Transaction, params};

use super::*;

/// Up to this many games due, the tick finds each one's place by its key; beyond, it reads
/// the order of all the games from the indexes (`Tx::games_due`).
const DUE_LOOKUPS: usize = 4096;

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

    pub(super) fn lease_outbox(
        &self,
        now: &str,
        lease_until: &str,
        limit: usize,
        leased: &Leased,
    ) -> Result<Vec<OutboxRow>> {
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
            // Already on its way through this sender, after the rows before it: it holds
            // nobody back (the sender keeps each recipient's rows in the order leased).
            if leased.in_flight.contains(&id) {
                continue;
            }
            let key = recipient.to_lowercase();
            if held.contains(&key) || leased.refused.contains(&key) {
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
    /// listed (their end date has come). Which games comes from the clocks' due index; their
    /// order, for many, from two small covering indexes (the games' keys, and tournament and
    /// pairing number) scanned whole — never from the records' own pages, one page a game,
    /// which the tick then reads anyway (measured on the bench's worst day: 80,000 games due
    /// of 100,000, the join on the records took a tenth of the tick).
    pub fn games_due(&self, today: &str, ended: &[String]) -> Result<Vec<String>> {
        self.games_due_with(today, ended, DUE_LOOKUPS)
    }

    /// [`games_due`](Self::games_due), each game's place looked up by its key up to `lookups`
    /// games (both ways are tested).
    pub(super) fn games_due_with(
        &self,
        today: &str,
        ended: &[String],
        lookups: usize,
    ) -> Result<Vec<String>> {
        let mut due: std::collections::HashSet<String> = std::collections::HashSet::new();
        let mut st = self
            .tx
            .prepare_cached("SELECT id FROM game_clocks WHERE finished = 0 AND next_due <= ?1")?;
        for id in st.query_map([today], |r| r.get::<_, String>(0))? {
            due.insert(id?);
        }
        // Two indexed queries, not one with an OR: SQLite would scan every record for it.
        let mut st = self
            .tx
            .prepare_cached("SELECT id FROM games WHERE tournament = ?1 AND finished = 0")?;
        for t in ended {
            for id in st.query_map([t], |r| r.get::<_, String>(0))? {
                due.insert(id?);
            }
        }
        // A few: each one's place looked up by its key.
        if due.len() <= lookups {
            let mut st = self
                .tx
                .prepare_cached("SELECT tournament, n FROM games WHERE id = ?1")?;
            let mut placed: Vec<(String, i64, String)> = Vec::with_capacity(due.len());
            for id in due {
                if let Some((t, n)) = st
                    .query_row([&id], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?
                {
                    placed.push((t, n, id));
                }
            }
            placed.sort();
            return Ok(placed.into_iter().map(|(_, _, id)| id).collect());
        }
        // Many: the order of every game, from the indexes alone.
        let mut rowid_of: std::collections::HashMap<i64, String> =
            std::collections::HashMap::with_capacity(due.len());
        let mut st = self.tx.prepare_cached("SELECT id, rowid FROM games")?;
        let mut rows = st.query([])?;
        while let Some(r) = rows.next()? {
            // Borrowed from SQLite's row: no key is copied unless it is due.
            let id = r.get_ref(0)?.as_str().map_err(rusqlite::Error::from)?;
            if let Some(id) = due.take(id) {
                rowid_of.insert(r.get(1)?, id);
            }
        }
        let mut st = self
            .tx
            .prepare_cached("SELECT rowid FROM games ORDER BY tournament, n")?;
        let mut out = Vec::with_capacity(rowid_of.len());
        for rowid in st.query_map([], |r| r.get::<_, i64>(0))? {
            if let Some(id) = rowid_of.remove(&rowid?) {
                out.push(id);
            }
        }
        Ok(out)
    }

    /// These games as the daily sweep reads them, not yet decoded (the tick decodes them on
    /// both cores): whole, or paused games by their clock rows ([`super::TickRead`]).
    pub fn tick_games(&self, ids: &[String], ended: &[String]) -> Result<Vec<super::TickRead>> {
        super::tick_games(self.tx, ids, ended)
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
        let args = params![
            row.id,
            row.clock,
            row.status,
            row.finished,
            row.next_due,
            row.alone_from
        ];
        let updated = self
            .tx
            .prepare_cached("UPDATE game_clocks SET clock = ?2, status = ?3, finished = ?4, next_due = ?5, alone_from = ?6 WHERE id = ?1")?
            .execute(args)?;
        if updated == 0 {
            self.tx
                .prepare_cached("INSERT INTO game_clocks (id, clock, status, finished, next_due, alone_from) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
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
