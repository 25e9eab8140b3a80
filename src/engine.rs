//! The shell's processing of letters: store raw → read → route to a game → rules → persist the
//! new state and every reply in ONE transaction. Synchronous (SQLite); the daemon and `ingest`
//! both call it.

use chrono::{DateTime, FixedOffset, TimeZone};
use shakmaty::Color;

use crate::config::Config;
use crate::mail::inbound;
use crate::mail::outbound::{self, Outgoing};
use crate::mail::render::{self, Names};
use crate::mail::texts;
use crate::rules::game::{self, Effect, GameRecord, Role};
use crate::rules::model::{Day, Kind, Lang};
use crate::store::{InboundRow, NewOutgoing, Store, StoreError, Stored, Tx};

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot build a reply: {0}")]
    Build(#[from] outbound::BuildError),
}

pub type Result<T> = std::result::Result<T, EngineError>;

/// The calendar day of an instant in the configured time zone (RULES.md §3).
pub fn local_day(config: &Config, at: DateTime<FixedOffset>) -> Day {
    config
        .bot
        .timezone
        .from_utc_datetime(&at.naive_utc())
        .date_naive()
}

/// Brings the database in line with the config: every configured game exists (INTERFACE.md:
/// before any letter has arrived). Existing records are never rewritten, so nothing in flight
/// is lost when the admin edits the config.
pub fn sync_config(store: &mut Store, config: &Config) -> Result<usize> {
    /// What the sync needs of a stored game: records are read one at a time and dropped, so a
    /// section of 10,000 games is never all in memory at once.
    struct Stored {
        untouched: bool,
        white: String,
        black: String,
        start: Day,
        params: crate::rules::model::Params,
    }
    // Synced already by this process, and no other config since: every configured game
    // exists as the config says (a daily tick or a command need not read every record again).
    if store.synced(&config.source_sha256)? {
        return Ok(0);
    }
    let now = crate::clock::now().map_or_else(|_| chrono::Utc::now().fixed_offset(), |n| n);
    store.transaction(|tx| {
        // The config in force from now on (issue 11): its text is read again only when new,
        // and kept only when it is still the text that was parsed.
        tx.log_config(&now.to_rfc3339(), &config.source_sha256, || {
            std::fs::read_to_string(&config.path)
                .ok()
                .filter(|t| crate::store::hash(t.as_bytes()) == config.source_sha256)
        })?;
        let mut created = 0;
        for t in &config.tournaments {
            let mut existing: std::collections::HashMap<String, Stored> =
                std::collections::HashMap::new();
            tx.each_game_of_tournament(&t.id, &mut |g: GameRecord| {
                let untouched = g.moves.is_empty()
                    && g.penalties.is_empty()
                    && g.suspensions.is_empty()
                    && g.result.is_none()
                    && g.clock == crate::rules::clock::ClockState::default()
                    && g.adjudication.is_none();
                existing.insert(
                    g.id,
                    Stored {
                        untouched,
                        white: g.white,
                        black: g.black,
                        start: g.start,
                        params: g.params,
                    },
                );
            })?;
            // Before any move of the section (players may be added before its start, issue 5),
            // the pairing follows the config: games are re-paired and surplus ones removed.
            let untouched = existing.values().all(|g| g.untouched);
            if untouched && !existing.is_empty() {
                let surplus: Vec<String> = existing
                    .keys()
                    .filter(|id| {
                        id.rsplit('/')
                            .next()
                            .and_then(|n| n.parse::<usize>().ok())
                            .is_none_or(|n| n == 0 || n > t.games.len())
                    })
                    .cloned()
                    .collect();
                for id in surplus {
                    tx.delete_game(&id)?;
                    existing.remove(&id);
                }
            }
            // Once play has begun, a config whose pairing no longer matches the stored games
            // (a player added or removed mid-event) must not append games from another table:
            // pairs would meet twice and others never. The stored section stands; the admin
            // is told in the log.
            if !untouched && t.games.len() > existing.len() {
                let differs = existing.iter().any(|(id, e)| {
                    let n: usize = id.rsplit('/').next().and_then(|n| n.parse().ok()).unwrap_or(0);
                    t.games.get(n.wrapping_sub(1)).is_none_or(|g| g.white != e.white || g.black != e.black)
                });
                if differs {
                    tracing::warn!(tournament = %t.id, "the config's pairing no longer matches the games in play; no games added");
                    continue;
                }
            }
            for (i, g) in t.games.iter().enumerate() {
                let n = (i + 1) as u32;
                let id = format!("{}/{}", t.id, n);
                let current = existing.get(&id);
                let repair = untouched
                    && current.is_some_and(|c| {
                        c.white != g.white
                            || c.black != g.black
                            || c.start != t.start
                            || c.params != t.params
                    });
                if current.is_none() || repair {
                    let rec = GameRecord::new(
                        id,
                        t.id.clone(),
                        g.white.clone(),
                        g.black.clone(),
                        t.params.clone(),
                        t.notation,
                        t.start,
                    );
                    tx.put_game(n, &rec)?;
                    created += 1;
                }
            }
        }
        Ok::<_, EngineError>(created)
    })
}

/// Stores one raw letter before anything else reads it: only the header block is looked at
/// (its Message-ID, for dedupe); a letter above `max_message_bytes` is stored cut to the limit
/// with its real size, and answered "too large" when processed.
pub fn store_raw(
    store: &mut Store,
    config: &Config,
    raw: &[u8],
    arrived: DateTime<FixedOffset>,
    source: &str,
    imap: Option<(&str, u32, u32)>,
) -> Result<Stored> {
    let arrived = arrived.to_rfc3339();
    let letter = raw_letter(config, raw, None, &arrived, source);
    let mid = crate::mail::headers::envelope(raw).message_id;
    Ok(store
        .store_chunk(
            &[crate::store::RawLetter {
                message_id: mid.as_deref(),
                ..letter
            }],
            imap,
        )?
        .remove(0))
}

/// A raw letter as stored: cut to `max_message_bytes` when larger (its size kept).
pub fn raw_letter<'a>(
    config: &Config,
    raw: &'a [u8],
    reported_size: Option<u32>,
    arrived: &'a str,
    source: &'a str,
) -> crate::store::RawLetter<'a> {
    let max = config.bot.max_message_bytes;
    let size = reported_size
        .map(i64::from)
        .filter(|s| *s as usize > max)
        .or_else(|| (raw.len() > max).then_some(raw.len() as i64));
    crate::store::RawLetter {
        raw: &raw[..raw.len().min(max)],
        message_id: None,
        arrived,
        source,
        size,
    }
}

/// What one call of [`process_pending`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Processed {
    pub done: usize,
    /// Failed or panicked attempts (left pending for another try, or set aside).
    pub failed: usize,
    pub set_aside: usize,
}

/// Processes every stored, unprocessed letter; returns how many were processed.
///
/// Letters go in batches of `batch_letters`, one transaction a batch (group commit: one fsync)
/// with a savepoint per letter. Each letter is **claimed** inside the transaction, so another
/// process working on the same database never applies it twice. Each runs under
/// `catch_unwind`: a letter that fails or panics is rolled back alone and tried again later;
/// after `max_attempts` it is set aside, its sender told it could not be read, the admin once.
pub fn process_pending(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
) -> Result<usize> {
    Ok(process_pending_counted(store, config, now)?.done)
}

/// [`process_pending`] with the failures counted.
pub fn process_pending_counted(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
) -> Result<Processed> {
    let mut total = Processed::default();
    // A letter retried in this call is not retried again in it once it failed: the others go
    // first, and a failing letter is only tried once per call.
    let mut failed_now: std::collections::HashSet<i64> = std::collections::HashSet::new();
    loop {
        let pending = store.pending_ids(config.bot.batch_letters + failed_now.len())?;
        let mut ids: Vec<i64> = pending
            .iter()
            .filter(|id| !failed_now.contains(id))
            .take(config.bot.batch_letters)
            .copied()
            .collect();
        if ids.is_empty() {
            // Only letters that failed in this pass are left: once everything else is done,
            // they are tried again until they succeed or are set aside (each try is counted).
            if pending.is_empty() {
                return Ok(total);
            }
            failed_now.clear();
            ids = pending.into_iter().take(config.bot.batch_letters).collect();
        }
        let batch = store.transaction(|tx| {
            let mut p = Processed::default();
            let mut failed = Vec::new();
            for id in &ids {
                // Taken or finished by another process since the ids were read.
                let Some(row) = tx.claim_inbound(*id)? else {
                    continue;
                };
                tx.savepoint()?;
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    process_one(tx, config, &row, now)
                }));
                let error = match r {
                    Ok(Ok(outcome)) => {
                        tx.mark_inbound_done(row.id, &outcome, &now.to_rfc3339())?;
                        tx.release()?;
                        p.done += 1;
                        continue;
                    }
                    // The database itself failed (busy, I/O, full, corrupt): the whole batch
                    // rolls back and stays pending. Any other SQL error is this letter's: it is
                    // rolled back alone and counted, like a panic.
                    Ok(Err(EngineError::Store(StoreError::Sql(e)))) if database_failed(&e) => {
                        return Err(EngineError::Store(StoreError::Sql(e)));
                    }
                    Ok(Err(e)) => e.to_string(),
                    Err(panic) => format!(
                        "panicked: {}",
                        crate::store::actor::panic_text(panic.as_ref())
                    ),
                };
                tx.rollback_to_savepoint()?;
                tracing::error!(inbound = row.id, "letter could not be processed: {error}");
                p.failed += 1;
                failed.push(row.id);
                if tx.inbound_failed(row.id, &error, config.bot.max_attempts, &now.to_rfc3339())?
                    == crate::store::Failure::SetAside
                {
                    p.set_aside += 1;
                    set_aside(tx, config, &row, &error, now)?;
                }
            }
            Ok::<_, EngineError>((p, failed))
        })?;
        let (p, failed) = batch;
        total.done += p.done;
        total.failed += p.failed;
        total.set_aside += p.set_aside;
        failed_now.extend(failed);
    }
}

/// An SQLite error that is the database's, not one letter's: the batch stops and is retried.
fn database_failed(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode as C;
    match e.sqlite_error_code() {
        Some(code) => matches!(
            code,
            C::DatabaseBusy
                | C::DatabaseLocked
                | C::SystemIoFailure
                | C::DiskFull
                | C::DatabaseCorrupt
                | C::NotADatabase
                | C::OutOfMemory
                | C::CannotOpen
                | C::ReadOnly
                | C::FileLockingProtocolFailed
        ),
        // Not from SQLite itself (a type conversion, a rusqlite misuse): the letter's.
        None => false,
    }
}

/// A letter that could not be processed `max_attempts` times: its sender is told it could not
/// be read (unless it must never be answered), the admin once.
fn set_aside(
    tx: &Tx<'_>,
    config: &Config,
    row: &InboundRow,
    error: &str,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    let msg = inbound::parse(&row.raw, &config.bot.address);
    let mut answer = Answer {
        config,
        sender: String::new(),
        inbound_id: Some(row.id),
        seed: format!("setaside:{}", row.hash),
        reply_to: msg.message_id.clone(),
        references: msg.references.clone(),
        now,
        seq: 0,
        attach: Vec::new(),
    };
    if msg.loop_reason.is_none()
        && let Some(from) = &msg.from
        && !from.email.eq_ignore_ascii_case(&config.bot.address)
        && (config.is_player(&from.email)
            || config.is_arbiter(&from.email)
            || !config.captained_by(&from.email).is_empty())
    {
        answer.sender = from.email.clone();
        let lang = config.language_of(&from.email);
        answer.simple(tx, &from.email, Kind::Error, lang, &texts::set_aside(lang))?;
    }
    if let Some(admin) = config.bot.admin.clone() {
        let body = format!(
            "Letter {} (stored {}, Message-ID {}) could not be processed {} time(s) and was set aside:\n{error}\n\nIts raw text stays in the database (inbound id {}).\n\n— amici\n",
            row.id,
            row.arrived,
            msg.message_id.as_deref().unwrap_or("-"),
            config.bot.max_attempts,
            row.id
        );
        queue_admin_notice_tx(
            tx,
            config,
            &admin,
            "amici: a letter could not be processed",
            &body,
            &format!("setaside:{}", row.id),
            now,
        )?;
    }
    Ok(())
}

/// Where the messages of one transaction come from: a letter being answered, the tick, or
/// an arbiter's command. Gives every message a stable Message-ID and its threading.
pub(crate) struct Answer<'a> {
    pub(crate) config: &'a Config,
    /// The sender of the letter answered: only messages to him are threaded under it.
    pub(crate) sender: String,
    pub(crate) inbound_id: Option<i64>,
    /// What the Message-IDs derive from (`in:<inbound id>`, `tick:<game>:<day>` …).
    pub(crate) seed: String,
    pub(crate) reply_to: Option<String>,
    pub(crate) references: Vec<String>,
    pub(crate) now: DateTime<FixedOffset>,
    pub(crate) seq: usize,
    /// Attachments for the next message queued (taken by it).
    pub(crate) attach: Vec<(String, String, Vec<u8>)>,
}

impl<'a> Answer<'a> {
    /// Messages not answering a letter (tick notices, arbiter commands).
    pub(crate) fn unprompted(
        config: &'a Config,
        seed: String,
        now: DateTime<FixedOffset>,
    ) -> Answer<'a> {
        Answer {
            config,
            sender: String::new(),
            inbound_id: None,
            seed,
            reply_to: None,
            references: Vec::new(),
            now,
            seq: 0,
            attach: Vec::new(),
        }
    }

    /// Queues one message; its Message-ID derives from the letter and its place among the
    /// replies, so redoing the transaction after a crash produces the same ids.
    fn queue(
        &mut self,
        tx: &Tx<'_>,
        to: &str,
        kind: Kind,
        game: Option<&str>,
        subject: String,
        body: String,
    ) -> Result<()> {
        self.seq += 1;
        let seed = format!("{}:{}:{}:{}", tx.instance(), self.seed, self.seq, to);
        let message_id = outbound::stable_message_id(&seed, &self.config.bot.address);
        let to_sender = !self.sender.is_empty() && to.eq_ignore_ascii_case(&self.sender);
        // Others (the opponent, the arbiter) never saw the letter: thread their message under
        // the last one they had from the bot about this game, so their reply finds the game.
        let (in_reply_to, references) = if to_sender {
            (self.reply_to.clone(), self.references.clone())
        } else {
            match game {
                Some(g) => {
                    let last = tx.last_message_to(to, g)?;
                    (last.clone(), last.into_iter().collect())
                }
                None => (None, Vec::new()),
            }
        };
        let o = Outgoing {
            from: self.config.bot.address.clone(),
            to: to.to_string(),
            // Players by name; others (the arbiter, the admin) by address alone.
            to_name: Some(self.config.name_of(to)).filter(|n| n != to),
            subject,
            // Where the federation publishes the guide, when it does (issue 13).
            body: render::with_guide(
                &body,
                self.config.language_of(to),
                self.config.bot.guide_url.as_deref(),
            ),
            message_id: message_id.clone(),
            in_reply_to,
            references,
            kind,
            game: game.map(str::to_string),
            date: self.now,
            auto_replied: to_sender,
            attachments: std::mem::take(&mut self.attach),
        };
        let raw = outbound::build(&o)?;
        tx.queue(
            self.inbound_id,
            &NewOutgoing {
                message_id,
                recipient: to.to_string(),
                kind: kind.as_str().to_string(),
                game: o.game.clone(),
                raw,
            },
            &self.now.to_rfc3339(),
        )?;
        Ok(())
    }

    fn simple(&mut self, tx: &Tx<'_>, to: &str, kind: Kind, lang: Lang, text: &str) -> Result<()> {
        let subject = match lang {
            Lang::Bg => "amici: отговор",
            Lang::Ru => "amici: ответ",
            Lang::En => "amici: reply",
        };
        self.queue(
            tx,
            to,
            kind,
            None,
            subject.to_string(),
            format!("{text}\n\n— amici\n"),
        )
    }
}

fn process_one(
    tx: &Tx<'_>,
    config: &Config,
    row: &InboundRow,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    // A test-only way to make a letter panic (issue 8: panic isolation is tested end to end).
    #[cfg(debug_assertions)]
    if let Some(mark) = std::env::var_os("AMICI_TEST_PANIC_MARK")
        && let Some(mark) = mark.to_str().filter(|m| !m.is_empty())
        && row.raw.windows(mark.len()).any(|w| w == mark.as_bytes())
    {
        panic!("test panic: the letter carries {mark}");
    }
    // The one MIME parse of this letter.
    let msg = inbound::parse(&row.raw, &config.bot.address);
    // Never answered. A bounce of amici's own mail is read (RULES.md §3); a letter that is
    // only suspected to be an auto-reply (its subject prefix alone) is looked at below.
    let mut suspected_auto_reply = None;
    if let Some(reason) = &msg.loop_reason {
        if reason.may_be_bounce()
            && let Some(b) = crate::mail::dsn::parse_bounce(&row.raw)
        {
            return bounce(tx, config, &msg, &b, now);
        }
        if !reason.only_suspected() {
            return Ok(format!("ignored: {reason}"));
        }
        suspected_auto_reply = Some(reason.to_string());
    }
    let Some(from) = msg.from.clone() else {
        return Ok("ignored: no sender".into());
    };
    let arrived = DateTime::parse_from_rfc3339(&row.arrived).unwrap_or(now);
    let today = local_day(config, arrived);
    let mut answer = Answer {
        config,
        sender: from.email.clone(),
        inbound_id: Some(row.id),
        seed: format!("in:{}", row.hash),
        reply_to: msg.message_id.clone(),
        references: msg.references.clone(),
        now,
        seq: 0,
        attach: Vec::new(),
    };
    let lang = config.language_of(&from.email);
    let captained = config.captained_by(&from.email);
    let known =
        config.is_player(&from.email) || config.is_arbiter(&from.email) || !captained.is_empty();
    if !known {
        // A stranger changes nothing; at most one courtesy reply a day, and only if enabled.
        if config.bot.courtesy_replies && tx.courtesy_sent(&from.email, &today.to_string())? == 0 {
            tx.note_courtesy(&from.email, &today.to_string())?;
            answer.simple(
                tx,
                &from.email,
                Kind::Error,
                config.bot.language,
                &texts::stranger(config.bot.language),
            )?;
            return Ok("stranger: courtesy reply".into());
        }
        return Ok("ignored: stranger".into());
    }
    let arbiters: Vec<String> = config
        .tournaments
        .iter()
        .filter(|t| t.players.iter().any(|p| p.email == from.email) || t.arbiter == from.email)
        .map(|t| t.arbiter.clone())
        .collect();
    // Sender authentication (issue 2 item 9): an unauthenticated letter is stored, has no
    // effect, and the arbiter is told (once a day per address: forgeries must not flood him) —
    // the sender is not answered, he may be forged. It never counts against the real sender's
    // daily limit (issue 8 item 3).
    if let Some(trust) = config.auth_trust()
        && let inbound::AuthVerdict::Fail { reason } = inbound::authenticated_at(&msg, &trust)
    {
        let (forged_today, _) = tx.count_sender(
            &format!("unauthenticated:{}", from.email),
            &today.to_string(),
        )?;
        if forged_today == 1 {
            for arbiter in &arbiters {
                let body = texts::unauthenticated(
                    config.bot.language,
                    &from.email,
                    msg.message_id.as_deref().unwrap_or("-"),
                    &reason,
                );
                answer.queue(
                    tx,
                    arbiter,
                    Kind::Notice,
                    None,
                    format!("amici: unauthenticated letter from {}", from.email),
                    body,
                )?;
            }
        }
        return Ok(format!("unauthenticated: {reason}"));
    }
    // An auto-reply recognised by its subject prefix alone (issue 8 item 9): never answered
    // and never applied; if it carries a move or a command, the arbiter is told (once a day
    // per address) — a person may have written it after all.
    if let Some(reason) = suspected_auto_reply {
        let notation = config
            .tournaments
            .iter()
            .find(|t| t.players.iter().any(|p| p.email == from.email))
            .map(|t| t.notation)
            .unwrap_or(crate::rules::model::Notation::Bg);
        let read = crate::rules::letter::read_letter(&msg.fresh_text, notation, false, today);
        if read.items.is_empty() && read.commands.is_empty() {
            return Ok(format!("ignored: {reason}"));
        }
        let (told, _) =
            tx.count_sender(&format!("auto-reply:{}", from.email), &today.to_string())?;
        if told == 1 {
            for arbiter in &arbiters {
                answer.queue(
                    tx,
                    arbiter,
                    Kind::Notice,
                    None,
                    format!(
                        "amici: a letter from {} looks like an auto-reply",
                        from.email
                    ),
                    texts::suspected_auto_reply(
                        config.language_of(arbiter),
                        &from.email,
                        &msg.subject,
                        msg.message_id.as_deref().unwrap_or("-"),
                    ),
                )?;
            }
        }
        return Ok(format!(
            "stored, not applied: {reason} with a move or command"
        ));
    }
    // The daily limit, counted over authenticated letters of known senders only; the arbiter
    // is told once a day when a player reaches it.
    let (letters, _courtesy) = tx.count_sender(&from.email, &today.to_string())?;
    let limit = config.bot.max_letters_per_sender_per_day;
    if letters > i64::from(limit) {
        if letters == i64::from(limit) + 1 {
            for arbiter in &arbiters {
                answer.queue(
                    tx,
                    arbiter,
                    Kind::Notice,
                    None,
                    format!("amici: daily letter limit reached by {}", from.email),
                    texts::rate_limited(config.language_of(arbiter), &from.email, limit),
                )?;
            }
        }
        return Ok("ignored: rate limit".into());
    }
    if let Some(reused) = &row.reused_message_id
        && let Some(admin) = &config.bot.admin
    {
        queue_admin_notice_tx(
            tx,
            config,
            admin,
            "amici: a letter reused a Message-ID",
            &texts::reused_message_id(row.id, reused, &from.email),
            &format!("reused:{}", row.id),
            now,
        )?;
    }
    let too_large = row
        .size
        .is_some_and(|s| s > config.bot.max_message_bytes as i64);
    if too_large || msg.truncated || row.raw.len() > config.bot.max_message_bytes {
        answer.simple(
            tx,
            &from.email,
            Kind::Error,
            lang,
            &texts::too_large(lang, config.bot.max_message_bytes),
        )?;
        return Ok("too large".into());
    }
    if msg.undecodable && msg.fresh_text.trim().is_empty() {
        // Art. 16: unclear by the transport's fault — no penalty; ask for the letter again.
        answer.simple(
            tx,
            &from.email,
            Kind::Error,
            lang,
            &texts::undecodable(lang),
        )?;
        return Ok("undecodable".into());
    }
    if config.is_arbiter(&from.email) {
        // The arbiter's commands, one a line; from anyone else these words are an ordinary
        // letter (issue 5 item 5).
        let results = crate::rules::arbiter::parse_letter(&msg.fresh_text);
        // His own tournaments only (a letter's authority is the arbiter's address).
        let scope: Vec<String> = config
            .tournaments
            .iter()
            .filter(|t| t.arbiter.eq_ignore_ascii_case(&from.email))
            .map(|t| t.id.clone())
            .collect();
        // An arbiter who also plays may write ordinary letters: command words that parse as no
        // command make it his letter as a player.
        let commands = results.iter().any(|r| r.is_ok());
        if !results.is_empty() && (commands || !config.is_player(&from.email)) {
            let mut lines = Vec::new();
            for r in results {
                let line = match r {
                    Ok(cmd) => match crate::arbiter::execute(
                        tx,
                        config,
                        &mut answer,
                        &cmd,
                        now,
                        Some(&scope),
                    )? {
                        Ok(done) => format!("✓ {done}"),
                        Err(why) => format!("✗ {why}"),
                    },
                    Err(e) => format!("✗ {e}"),
                };
                lines.push(line);
            }
            answer.simple(tx, &from.email, Kind::Decision, lang, &lines.join("\n"))?;
            return Ok(format!("arbiter: {} command(s)", lines.len()));
        }
        if !config.is_player(&from.email) {
            answer.simple(
                tx,
                &from.email,
                Kind::NoMove,
                lang,
                &texts::arbiter_letters(lang),
            )?;
            return Ok("arbiter letter".into());
        }
    }

    // A team captain (not himself a player) sends claims, leave notices and the like for his
    // players (RULES.md §14), naming the game; never moves.
    if !config.is_player(&from.email) && !captained.is_empty() {
        // Art. 47 Б: the captain names the replacement of one of his players.
        let replacements: Vec<crate::rules::arbiter::ArbiterCommand> = crate::rules::arbiter::parse_letter(&msg.fresh_text)
            .into_iter()
            .filter_map(|r| r.ok())
            .filter(|c| {
                matches!(c, crate::rules::arbiter::ArbiterCommand::Replace { old, .. } if captained.iter().any(|p| p.eq_ignore_ascii_case(old)))
            })
            .collect();
        if !replacements.is_empty() {
            let captain_scope: Vec<String> = config
                .tournaments
                .iter()
                .filter(|t| {
                    t.teams.iter().any(|team| {
                        team.captain
                            .as_deref()
                            .is_some_and(|c| c.eq_ignore_ascii_case(&from.email))
                    })
                })
                .map(|t| t.id.clone())
                .collect();
            let mut lines = Vec::new();
            for cmd in &replacements {
                lines.push(
                    match crate::arbiter::execute(
                        tx,
                        config,
                        &mut answer,
                        cmd,
                        now,
                        Some(&captain_scope),
                    )? {
                        Ok(done) => format!("✓ {done}"),
                        Err(why) => format!("✗ {why}"),
                    },
                );
            }
            answer.simple(tx, &from.email, Kind::Decision, lang, &lines.join("\n"))?;
            return Ok(format!("captain: {} replacement(s)", lines.len()));
        }
        let haystack = format!("{}\n{}", msg.subject, msg.fresh_text);
        let mut games = Vec::new();
        for p in &captained {
            games.extend(
                tx.games_of(p)?
                    .into_iter()
                    .filter(|g| contains_id(&haystack, &g.id)),
            );
        }
        let Some(game) = games.first() else {
            answer.simple(
                tx,
                &from.email,
                Kind::WhichGame,
                lang,
                &texts::captain_which_game(lang),
            )?;
            return Ok("captain: which game?".into());
        };
        let Some(player) = captained.iter().find(|p| game.color_of(p).is_some()) else {
            return Ok("captain: no player of his in that game".into());
        };
        let color = game.color_of(player).unwrap_or(Color::White);
        // The core decides a captain's letter (issue 9 item 10): moves are never judged.
        let (handled, refused) =
            match game::handle_captain_letter(game, color, &msg.fresh_text, today) {
                game::CaptainLetter::Handled(h) => (h, false),
                game::CaptainLetter::PartlyRefused(h) => (h, true),
                game::CaptainLetter::MovesRefused => {
                    answer.simple(
                        tx,
                        &from.email,
                        Kind::Error,
                        lang,
                        &texts::captain_no_moves(lang),
                    )?;
                    return Ok("captain: moves refused".into());
                }
            };
        if refused {
            answer.simple(
                tx,
                &from.email,
                Kind::Error,
                lang,
                &texts::captain_no_moves(lang),
            )?;
        }
        if let Some(next) = &handled.record {
            tx.update_game(next)?;
        }
        let record = handled.record.as_ref().unwrap_or(game);
        carry_out(tx, config, &mut answer, record, &handled, today)?;
        return Ok(format!("captain for {player} in {}", game.id));
    }

    // Which game (INTERFACE.md "Letters in"). A reply to one of amici's messages names it:
    // then only that game is read, not every game of the sender.
    let mut threaded: Option<GameRecord> = None;
    for id in msg.in_reply_to.iter().chain(msg.references.iter().rev()) {
        if let Some(gid) = tx.game_of_message(id)?
            && let Some(g) = tx.game(&gid)?
            && g.color_of(&from.email).is_some()
        {
            threaded = Some(g);
            break;
        }
    }
    // Else a game id written in the subject (`T1/3`): read that game alone too.
    if threaded.is_none() {
        let mut named: Vec<GameRecord> = Vec::new();
        for id in game_ids_in(config, &msg.subject) {
            if let Some(g) = tx.game(&id)?
                && g.color_of(&from.email).is_some()
                && !named.iter().any(|n| n.id == g.id)
            {
                named.push(g);
            }
        }
        if named.len() == 1 {
            threaded = named.pop();
        }
    }
    let by_thread = threaded.is_some();
    let games = match threaded {
        Some(g) => vec![g],
        None => tx.games_of(&from.email)?,
    };
    let mine: Vec<&GameRecord> = games.iter().collect();
    let mut chosen: Option<&GameRecord> = if by_thread { games.first() } else { None };
    let haystack = format!("{}\n{}", msg.subject, msg.fresh_text);
    if chosen.is_none() {
        let by_id: Vec<&&GameRecord> = mine
            .iter()
            .filter(|g| contains_id(&haystack, &g.id))
            .collect();
        if by_id.len() == 1 {
            chosen = Some(by_id[0]);
        }
    }
    if chosen.is_none() {
        let lower = haystack.to_lowercase();
        let by_name: Vec<&&GameRecord> = mine
            .iter()
            .filter(|g| {
                let opp = if g.white.eq_ignore_ascii_case(&from.email) {
                    &g.black
                } else {
                    &g.white
                };
                let name = config.name_of(opp).to_lowercase();
                lower.contains(&name)
                    || name
                        .split_whitespace()
                        .any(|part| part.chars().count() >= 4 && lower.contains(part))
            })
            .collect();
        if by_name.len() == 1 {
            chosen = Some(by_name[0]);
        }
    }
    if chosen.is_none() {
        let my_turn: Vec<&&GameRecord> = mine
            .iter()
            .filter(|g| {
                g.to_move()
                    .is_some_and(|c| g.address(c).eq_ignore_ascii_case(&from.email))
            })
            .collect();
        if my_turn.len() == 1 {
            chosen = Some(my_turn[0]);
        } else if mine.len() == 1 {
            chosen = Some(mine[0]);
        }
    }
    let Some(game) = chosen else {
        let list: Vec<String> = mine
            .iter()
            .map(|g| {
                format!(
                    "  {}: {} – {}",
                    g.id,
                    config.name_of(&g.white),
                    config.name_of(&g.black)
                )
            })
            .collect();
        let text = match lang {
            Lang::Bg => format!(
                "Не разбрах за коя партия е писмото. Посочете номера на партията в темата:\n{}",
                list.join("\n")
            ),
            Lang::Ru => format!(
                "Не понял, к какой партии относится письмо. Укажите номер партии в теме:\n{}",
                list.join("\n")
            ),
            Lang::En => format!(
                "I could not tell which game your letter is about. Please name the game id in the subject:\n{}",
                list.join("\n")
            ),
        };
        answer.simple(tx, &from.email, Kind::WhichGame, lang, &text)?;
        return Ok("which game?".into());
    };
    let color = game.color_of(&from.email).unwrap_or(Color::White);
    // §707.3: with tablebases configured, a claim in a position they cover is settled by them.
    let proof = config
        .tournament(&game.tournament)
        .and_then(|t| t.tablebases.as_deref())
        .filter(|_| {
            let letter = crate::rules::letter::read_letter(
                &msg.fresh_text,
                game.notation,
                game.params.allow_numeric,
                today,
            );
            letter.commands.iter().any(|c| {
                matches!(
                    c,
                    crate::rules::letter::Command::ClaimWin
                        | crate::rules::letter::Command::ClaimDraw
                )
            })
        })
        .and_then(|dir| {
            let pos = game.position();
            crate::tablebase::few_pieces(&pos)
                .then(|| crate::tablebase::prove(dir, &pos))
                .flatten()
        });
    let mut handled = game::handle_letter_with(game, color, &msg.fresh_text, today, proof);
    if handled
        .record
        .as_ref()
        .is_some_and(|n| n.moves.len() > game.moves.len())
    {
        // Art. 46: a move sent during leave ends the leave in this game from today; the letter
        // is then read again on that record, so its figures and replies agree with it.
        let mut ended = game.clone();
        if crate::arbiter::record_move(tx, &mut ended, color, today)? {
            handled = game::handle_letter(&ended, color, &msg.fresh_text, today);
        }
    }
    if let Some(next) = &mut handled.record {
        if next.moves.len() > game.moves.len() {
            // RULES.md §3: the opponent's time runs from the day the bot forwarded the move —
            // later than its arrival only when amici was down; that downtime is never his.
            let forwarded = local_day(config, now);
            if next.params.mode == crate::rules::model::Mode::Email
                && forwarded > today
                && next.result.is_none()
            {
                let ply = u32::try_from(next.moves.len()).unwrap_or(u32::MAX);
                next.clock.set_receipt(ply, forwarded);
            }
        }
        tx.update_game(next)?;
    }
    let record = handled.record.as_ref().unwrap_or(game);
    carry_out(tx, config, &mut answer, record, &handled, today)?;
    Ok(format!(
        "game {}: {} effect(s)",
        game.id,
        handled.effects.len()
    ))
}

/// Sends a transition's messages and carries out its requests (leave, which spans all of a
/// player's games).
fn carry_out(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    record: &GameRecord,
    handled: &game::Handled,
    today: Day,
) -> Result<()> {
    emit(tx, config, answer, record, &handled.effects, today)?;
    for r in &handled.requests {
        let game::Request::Leave { color, from, to } = r;
        crate::arbiter::request_leave(tx, config, answer, record, *color, *from, *to, today)?;
    }
    Ok(())
}

/// Renders and queues the effects of one transition.
pub(crate) fn emit(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    record: &GameRecord,
    effects: &[Effect],
    today: Day,
) -> Result<()> {
    let arbiter = config
        .tournament(&record.tournament)
        .map(|t| t.arbiter.clone());
    let white = config.name_of(&record.white);
    let black = config.name_of(&record.black);
    let names = Names {
        white: &white,
        black: &black,
    };
    for e in effects {
        let to = match e.to {
            Role::White => record.white.clone(),
            Role::Black => record.black.clone(),
            Role::Arbiter => match &arbiter {
                Some(a) => a.clone(),
                None => continue,
            },
        };
        let lang = config.language_of(&to);
        let copy_of = (e.to == Role::Arbiter && !answer.sender.is_empty())
            .then(|| config.name_of(&answer.sender));
        let (subject, body) = render::render_for(
            record,
            &names,
            &e.msg,
            lang,
            today,
            copy_of.as_deref(),
            Some(e.to),
        );
        // The end of a game and the adjudication material carry the game's PGN (issue 5).
        if matches!(e.kind, Kind::GameOver | Kind::Adjudication) {
            let pgn = crate::rules::pgn::game_pgn(
                record,
                &crate::report::pgn_info(config, record),
                today,
            );
            answer.attach.push((
                format!("{}.pgn", record.id.replace('/', "-")),
                "application/x-chess-pgn".into(),
                pgn.into_bytes(),
            ));
        }
        answer.queue(tx, &to, e.kind, Some(&record.id), subject, body)?;
        // Team events: the player's captain receives a copy (RULES.md §14).
        if e.to != Role::Arbiter
            && let Some(t) = config.tournament(&record.tournament)
            && let Some(team) = t.team_of(&to).and_then(|i| t.teams.get(i))
            && let Some(captain) = team
                .captain
                .as_deref()
                .filter(|c| !c.eq_ignore_ascii_case(&to))
        {
            let lang = config.language_of(captain);
            // The player's copy, drawn from his side.
            let (subject, body) =
                render::render_for(record, &names, &e.msg, lang, today, None, Some(e.to));
            let head = match lang {
                Lang::Bg => format!(
                    "Копие за капитана на отбор {}. До {}.",
                    team.name,
                    config.name_of(&to)
                ),
                Lang::Ru => format!(
                    "Копия для капитана команды {}. Кому: {}.",
                    team.name,
                    config.name_of(&to)
                ),
                Lang::En => format!(
                    "Copy for the captain of {}. To {}.",
                    team.name,
                    config.name_of(&to)
                ),
            };
            answer.queue(
                tx,
                captain,
                e.kind,
                Some(&record.id),
                subject,
                format!("{head}\n\n{body}"),
            )?;
        }
    }
    Ok(())
}

/// The game ids (`<tournament id>/<n>`) of configured tournaments written in `text`.
fn game_ids_in(config: &Config, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for t in &config.tournaments {
        let prefix = format!("{}/", t.id);
        for (i, _) in text.match_indices(&prefix) {
            let digits: String = text[i + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let before = text[..i].chars().next_back();
            if !digits.is_empty() && !before.is_some_and(|c| c.is_alphanumeric()) {
                out.push(format!("{prefix}{digits}"));
            }
        }
    }
    out
}

/// Does `text` name this game id as a word (`T1/3`, not `T1/33`)?
fn contains_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        let after = text[i + id.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// A bounce of amici's own mail (a DSN or a plain non-delivery report), found by its VERP
/// return path or the Message-ID it returns: the message is recorded as failed and, for a
/// forwarded move, RULES.md §3's bounced-forward rule applies.
fn bounce(
    tx: &Tx<'_>,
    config: &Config,
    msg: &inbound::Inbound,
    b: &crate::mail::dsn::Bounce,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    // A bounce suspends a game (RULES.md §3), so a forged one must not: it comes with the null
    // envelope sender (RFC 5321 §4.5.5), never from a player's or arbiter's address, for a
    // message that was sent, naming that message's recipient — and, when it returns headers,
    // that message's Message-ID.
    if msg.return_path.as_deref() != Some("") {
        return Ok("ignored: a bounce without the null envelope sender".into());
    }
    if let Some(from) = &msg.from
        && (config.is_player(&from.email)
            || config.is_arbiter(&from.email)
            || !config.captained_by(&from.email).is_empty())
    {
        return Ok(format!(
            "ignored: a bounce from a participant ({})",
            from.email
        ));
    }
    let by_verp = match b.verp_id(&config.bot.address) {
        Some(id) => tx.outbox_by_id(id)?,
        None => None,
    };
    let by_id = match &b.original_message_id {
        Some(mid) => tx.outbox_by_message_id(mid)?,
        None => None,
    };
    // With VERP on, every message of ours left as bot+<id>@…: a real bounce is delivered
    // there (our own host's topmost Delivered-To), never to the plain address.
    let verp_on = matches!(&config.delivery, crate::config::Delivery::Smtp(s) if s.verp);
    if verp_on && by_verp.is_none() {
        return Ok("ignored: a bounce not delivered to a VERP address of ours".into());
    }
    // With sender authentication configured, the bounce must be genuine mail of its From
    // domain (a remote MTA's report), as any letter must.
    if let Some(trust) = config.auth_trust()
        && let inbound::AuthVerdict::Fail { reason } = inbound::authenticated_at(msg, &trust)
    {
        return Ok(format!("ignored: an unauthenticated bounce ({reason})"));
    }
    let row = match (by_verp, by_id) {
        (Some(v), Some(i)) if v.id != i.id => {
            return Ok(
                "ignored: a bounce whose return path and returned Message-ID disagree".into(),
            );
        }
        (Some(r), _) | (None, Some(r)) => r,
        (None, None) => return Ok("ignored: a bounce of no message of ours".into()),
    };
    if tx.outbox_status(row.id)?.as_deref() != Some("sent") {
        return Ok(format!(
            "ignored: a bounce of {}, which was not sent",
            row.message_id
        ));
    }
    let named = b
        .final_recipients
        .iter()
        .any(|r| r.address.eq_ignore_ascii_case(&row.recipient));
    if !named && !(b.final_recipients.is_empty() && b.original_message_id.is_some()) {
        return Ok(format!(
            "ignored: a bounce that does not name {}",
            row.recipient
        ));
    }
    if !b.permanent {
        return Ok(format!(
            "bounce: delivery of {} delayed, not failed",
            row.message_id
        ));
    }
    let why = b
        .final_recipients
        .iter()
        .find(|r| r.permanent())
        .and_then(|r| r.diagnostic.clone().or_else(|| r.status.clone()))
        .unwrap_or_else(|| "returned as undeliverable".into());
    delivery_failed(tx, config, &row, &why, now)
}

/// A message that can never be delivered (refused for good by SMTP, or bounced later): the
/// outbox row is marked failed; a forwarded move suspends the game until it is delivered again
/// (RULES.md §3) and the arbiter and the player who moved are told, once; any other message
/// is told to the arbiter (or the admin) once. Never about a notice itself.
pub fn delivery_failed(
    tx: &Tx<'_>,
    config: &Config,
    row: &crate::store::OutboxRow,
    why: &str,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    if !tx.mark_failed_once(row.id, why)? {
        return Ok(format!(
            "bounce: {} already recorded as failed",
            row.message_id
        ));
    }
    let today = local_day(config, now);
    let mut answer = Answer::unprompted(config, format!("failed:{}", row.message_id), now);
    let game = match &row.game {
        Some(g) => tx.game(g)?,
        None => None,
    };
    let arbiter = row
        .game
        .as_deref()
        .and_then(|g| g.rsplit_once('/'))
        .and_then(|(t, _)| config.tournament(t))
        .map(|t| t.arbiter.clone())
        .or_else(|| config.bot.admin.clone())
        .filter(|a| !a.eq_ignore_ascii_case(&row.recipient));
    if row.kind == Kind::Move.as_str()
        && let Some(g) = game
    {
        // The bounced move is the game's last one when the recipient is to move and nothing
        // later went to him about this game.
        let latest = tx.last_message_to(&row.recipient, &g.id)?;
        let ply = u32::try_from(g.moves.len()).unwrap_or(u32::MAX);
        let mover = g.to_move().map(|c| !c);
        let is_last = crate::rules::bounce::is_last_forward(
            &g,
            &row.recipient,
            latest.as_deref() == Some(row.message_id.as_str()),
        );
        let suspended = match is_last.then(|| crate::rules::bounce::forward_bounced(&g, ply, today))
        {
            Some(Ok(next)) => {
                tx.update_game(&next)?;
                tx.await_delivery(row.id, &g.id)?;
                tx.log_event(&now.to_rfc3339(), Some(&g.id), "bounce", &format!("RULES.md §3: the forward of move {ply} to {} failed ({why}); dead time until it is delivered again", row.recipient))?;
                true
            }
            _ => false,
        };
        // The move is named only when it is the game's last; an older forward that bounced is
        // told as such (the game went on: the opponent had it from elsewhere).
        let mv = if is_last {
            g.moves.last().map(|m| m.san.clone()).unwrap_or_default()
        } else {
            "(an earlier move)".to_string()
        };
        let mut tell: Vec<String> = arbiter.into_iter().collect();
        if let Some(c) = mover {
            tell.push(g.address(c).to_string());
        }
        for to in tell {
            let lang = config.language_of(&to);
            answer.queue(
                tx,
                &to,
                Kind::Notice,
                Some(&g.id),
                format!("amici: {} — move not delivered", g.id),
                texts::forward_bounced(lang, &g.id, &row.recipient, &mv, why, suspended),
            )?;
        }
        return Ok(format!(
            "bounce: forwarded move of {} to {} failed",
            g.id, row.recipient
        ));
    }
    if row.kind != Kind::Notice.as_str()
        && let Some(to) = arbiter
    {
        let body = format!(
            "A message could not be delivered and will not be retried.\n\nTo: {}\nKind: {}\nGame: {}\nMessage-ID: <{}>\nError: {}\n\n— amici\n",
            row.recipient,
            row.kind,
            row.game.as_deref().unwrap_or("-"),
            row.message_id,
            why
        );
        answer.queue(
            tx,
            &to,
            Kind::Notice,
            row.game.as_deref(),
            format!("amici: undeliverable mail to {}", row.recipient),
            body,
        )?;
    }
    Ok(format!("bounce: {} to {} failed", row.kind, row.recipient))
}

/// Records how leased rows fared, and — in the same transaction — for a forwarded move
/// re-sent after a bounce, that it has now been delivered: the game goes on from today
/// (RULES.md §3). One transaction, so a crash never leaves a delivered move's game suspended.
pub fn record_sends(
    store: &mut Store,
    config: &Config,
    results: &[(i64, crate::store::SendOutcome)],
    now: DateTime<FixedOffset>,
) -> Result<()> {
    store.transaction(|tx| {
        tx.finish_sends(results, &now.to_rfc3339())?;
        for (id, r) in results {
            if *r != crate::store::SendOutcome::Sent {
                continue;
            }
            let Some(game) = tx.delivery_awaited(*id)? else {
                continue;
            };
            if let Some(g) = tx.game(&game)?
                && let Some(next) =
                    crate::rules::bounce::delivered_again(&g, local_day(config, now))
            {
                let message_id = tx.message_id_of(*id)?;
                tx.log_input(
                    &now.to_rfc3339(),
                    crate::store::InputKind::Delivered,
                    None,
                    message_id.as_deref(),
                )?;
                tx.update_game(&next)?;
                tx.log_event(
                    &now.to_rfc3339(),
                    Some(&game),
                    "delivered",
                    "RULES.md §3: the move was delivered again; the game goes on",
                )?;
            }
        }
        Ok::<_, EngineError>(())
    })
}

/// Queues a message to an address outside any game (the admin, about the config or mail).
/// Its Message-ID derives from its cause (`key`) and the day: the same notice is queued once
/// a day, and the same cause next week is told again.
pub fn queue_admin_notice(
    store: &mut Store,
    config: &Config,
    to: &str,
    subject: &str,
    body: &str,
    key: &str,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    store.transaction(|tx| queue_admin_notice_tx(tx, config, to, subject, body, key, now))
}

/// [`queue_admin_notice`] inside a transaction.
pub fn queue_admin_notice_tx(
    tx: &Tx<'_>,
    config: &Config,
    to: &str,
    subject: &str,
    body: &str,
    key: &str,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    let day = local_day(config, now);
    let message_id = outbound::stable_message_id(
        &format!("{}:admin:{to}:{key}:{day}", tx.instance()),
        &config.bot.address,
    );
    let o = Outgoing {
        from: config.bot.address.clone(),
        to: to.to_string(),
        to_name: None,
        subject: subject.to_string(),
        body: body.to_string(),
        message_id: message_id.clone(),
        in_reply_to: None,
        references: Vec::new(),
        kind: Kind::Notice,
        game: None,
        date: now,
        auto_replied: false,
        attachments: Vec::new(),
    };
    let raw = outbound::build(&o)?;
    tx.queue(
        None,
        &NewOutgoing {
            message_id,
            recipient: to.to_string(),
            kind: "notice".into(),
            game: None,
            raw,
        },
        &now.to_rfc3339(),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    const CONFIG: &str = r#"
[bot]
address = "bot@example.test"
courtesy_replies = true
max_letters_per_sender_per_day = 5
[outbox]
dir = "unused"
[[tournament]]
id = "T"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [ { name = "Ivan", email = "ivan@example.test" }, { name = "Petar", email = "petar@example.test" } ]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#;

    fn setup(extra: &str) -> (Store, Config) {
        synced(&CONFIG.replace("[outbox]", &format!("{extra}\n[outbox]")))
    }

    fn at() -> DateTime<FixedOffset> {
        "2026-01-12T10:00:00+02:00".parse().unwrap()
    }

    fn letter(from: &str, id: &str, headers: &str, body: &str) -> Vec<u8> {
        format!("From: {from}\r\nTo: bot@example.test\r\nSubject: T/1\r\nMessage-ID: <{id}>\r\n{headers}Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").into_bytes()
    }

    fn ingest(store: &mut Store, config: &Config, raw: &[u8]) -> Stored {
        let s = store_raw(store, config, raw, at(), "ingest", None).unwrap();
        process_pending(store, config, at()).unwrap();
        s
    }

    fn outbox(store: &Store) -> Vec<(String, String)> {
        store
            .due_outbox("9999", 1000)
            .unwrap()
            .into_iter()
            .map(|r| (r.recipient, r.kind))
            .collect()
    }

    #[test]
    fn a_letter_ingested_twice_is_applied_once() {
        let (mut store, config) = setup("");
        let raw = letter("ivan@example.test", "a@x", "", "1. e2-e4");
        assert!(matches!(ingest(&mut store, &config, &raw), Stored::New(_)));
        assert!(matches!(
            ingest(&mut store, &config, &raw),
            Stored::Duplicate(_)
        ));
        // Same Message-ID, other bytes (a re-delivery with another Received: line).
        let mut again = b"Received: from relay; Mon, 12 Jan 2026 10:00:00 +0200\r\n".to_vec();
        again.extend_from_slice(&raw);
        assert!(matches!(
            ingest(&mut store, &config, &again),
            Stored::Duplicate(_)
        ));
        assert_eq!(store.game("T/1").unwrap().unwrap().moves.len(), 1);
        assert_eq!(
            outbox(&store),
            [
                ("ivan@example.test".into(), "incomplete".into()),
                ("petar@example.test".into(), "move".into())
            ]
        );
    }

    #[test]
    fn a_processed_letter_is_not_processed_again_after_restart() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", "a@x", "", "1. e2-e4"),
        );
        assert_eq!(process_pending(&mut store, &config, at()).unwrap(), 0);
        assert_eq!(store.inbound_counts().unwrap(), (0, 1));
    }

    #[test]
    fn auto_submitted_letters_change_nothing_and_get_no_answer() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter(
                "ivan@example.test",
                "a@x",
                "Auto-Submitted: auto-replied\r\n",
                "1. e2-e4",
            ),
        );
        assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
        assert!(outbox(&store).is_empty());
    }

    #[test]
    fn a_stranger_changes_nothing_and_gets_one_courtesy_reply_a_day() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter("eve@example.test", "e1@x", "", "1. e2-e4"),
        );
        ingest(
            &mut store,
            &config,
            &letter("eve@example.test", "e2@x", "", "1. d2-d4"),
        );
        assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
        assert_eq!(
            outbox(&store),
            [("eve@example.test".into(), "error".into())]
        );
    }

    #[test]
    fn strangers_get_no_reply_when_courtesy_is_off() {
        let text = CONFIG.replace("courtesy_replies = true", "courtesy_replies = false");
        let config = crate::config::parse(std::path::Path::new("x.toml"), &text).unwrap();
        let mut store = Store::memory().unwrap();
        ingest(
            &mut store,
            &config,
            &letter("eve@example.test", "e1@x", "", "1. e2-e4"),
        );
        assert!(outbox(&store).is_empty());
    }

    #[test]
    fn the_per_sender_rate_limit_drops_letters_beyond_the_daily_cap() {
        let (mut store, config) = setup("");
        for i in 0..8 {
            ingest(
                &mut store,
                &config,
                &letter("petar@example.test", &format!("p{i}@x"), "", "hello"),
            );
        }
        let out = outbox(&store);
        assert_eq!(
            out.iter()
                .filter(|(to, _)| to == "petar@example.test")
                .count(),
            5,
            "five answered, the rest stored and ignored"
        );
        assert_eq!(
            out.iter()
                .filter(|(to, k)| to == "arbiter@example.test" && k == "notice")
                .count(),
            1,
            "the arbiter is told once that the limit was reached"
        );
        assert_eq!(store.inbound_counts().unwrap(), (0, 8));
    }

    #[test]
    fn an_unauthenticated_letter_has_no_effect_and_the_arbiter_is_told() {
        let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
        let forged = "Authentication-Results: mx.example.test; dkim=fail header.d=example.test; spf=fail smtp.mailfrom=evil.test\r\n";
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", "f@x", forged, "1. e2-e4"),
        );
        assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
        assert_eq!(
            outbox(&store),
            [("arbiter@example.test".into(), "notice".into())]
        );
        let genuine =
            "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n";
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", "g@x", genuine, "1. e2-e4"),
        );
        assert_eq!(store.game("T/1").unwrap().unwrap().moves.len(), 1);
    }

    #[test]
    fn forged_letters_exhausting_a_players_daily_limit_do_not_silence_his_real_letter() {
        // The limit is 5 a day; twenty forgeries in Ivan's name come first.
        let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
        for i in 0..20 {
            ingest(
                &mut store,
                &config,
                &letter("ivan@example.test", &format!("forged{i}@x"), "", "1. e2-e4"),
            );
        }
        assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
        assert_eq!(
            outbox(&store),
            [("arbiter@example.test".into(), "notice".into())],
            "the arbiter is told once a day, not twenty times"
        );
        let genuine =
            "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n";
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", "real@x", genuine, "1. e2-e4"),
        );
        assert_eq!(
            store.game("T/1").unwrap().unwrap().moves.len(),
            1,
            "his real move is applied"
        );
    }

    #[test]
    fn an_auto_reply_known_by_its_subject_alone_is_never_applied_and_the_arbiter_told_once() {
        let (mut store, config) = setup("");
        let vacation = |id: &str, body: &str| {
            format!("From: ivan@example.test\r\nTo: bot@example.test\r\nSubject: Automatic reply: T/1\r\nMessage-ID: <{id}>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").into_bytes()
        };
        // Outlook's subject without any header: a quoted move in the body must not move.
        ingest(
            &mut store,
            &config,
            &vacation("v1@x", "I am away until Monday.\r\n1. e2-e4"),
        );
        ingest(&mut store, &config, &vacation("v2@x", "1. e2-e4"));
        ingest(
            &mut store,
            &config,
            &vacation("v3@x", "I am away until Monday."),
        );
        assert!(
            store.game("T/1").unwrap().unwrap().moves.is_empty(),
            "never applied"
        );
        assert_eq!(
            outbox(&store),
            [("arbiter@example.test".into(), "notice".into())],
            "never answered; the arbiter told once"
        );
        assert_eq!(
            store.inbound_counts().unwrap(),
            (0, 3),
            "all stored and done"
        );
    }

    #[test]
    fn forged_authentication_results_in_each_measured_form_have_no_effect_and_the_arbiter_is_told()
    {
        let ours = "Received: from mail.sender.test by mx.example.test; Mon, 12 Jan 2026 10:00:00 +0200\r\n";
        let pass = "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n";
        let fail = "Authentication-Results: mx.example.test; dkim=fail header.d=example.test\r\n";
        let forms = [
            // the only such header, at the top of what the sender wrote (below our Received)
            format!("{ours}{pass}"),
            // below a Received: line of another hop
            format!(
                "{ours}Received: from relay.sender.test; Mon, 12 Jan 2026 09:59:00 +0200\r\n{pass}"
            ),
            // a forged pass directly under our genuine fail
            format!("{fail}{ours}{pass}"),
        ];
        for (i, headers) in forms.iter().enumerate() {
            let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
            ingest(
                &mut store,
                &config,
                &letter("ivan@example.test", &format!("f{i}@x"), headers, "1. e2-e4"),
            );
            assert!(
                store.game("T/1").unwrap().unwrap().moves.is_empty(),
                "form {i} moved a piece"
            );
            assert_eq!(
                outbox(&store),
                [("arbiter@example.test".into(), "notice".into())],
                "form {i}: only the arbiter is told"
            );
        }
        // Our host's genuine pass, at the top above our Received line, is accepted.
        let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
        ingest(
            &mut store,
            &config,
            &letter(
                "ivan@example.test",
                "g@x",
                &format!("{pass}{ours}"),
                "1. e2-e4",
            ),
        );
        assert_eq!(store.game("T/1").unwrap().unwrap().moves.len(), 1);
    }

    #[test]
    fn quoted_moves_are_never_read() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter(
                "ivan@example.test",
                "q@x",
                "",
                "Hello\r\n\r\nOn Mon, Petar wrote:\r\n> 1. d2-d4\r\n",
            ),
        );
        assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
        assert_eq!(
            outbox(&store),
            [("ivan@example.test".into(), "no-move".into())]
        );
    }

    fn kinds(store: &Store) -> Vec<(String, String)> {
        outbox(store)
    }

    #[test]
    fn arbiter_commands_by_letter_are_carried_out_and_told_to_those_concerned() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter(
                "arbiter@example.test",
                "a1@x",
                "",
                "Dear all,\r\npenalty T/1 white +5 unsporting behaviour\r\nRegards",
            ),
        );
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(g.penalty_days(Color::White), 5);
        assert_eq!(g.penalties[0].article, "56");
        let k = kinds(&store);
        assert!(
            k.contains(&("ivan@example.test".into(), "decision".into())),
            "{k:?}"
        );
        assert!(
            k.contains(&("petar@example.test".into(), "decision".into())),
            "{k:?}"
        );
        assert!(
            k.iter()
                .filter(|(to, _)| to == "arbiter@example.test")
                .count()
                >= 1
        );
    }

    #[test]
    fn arbiter_words_from_a_player_are_an_ordinary_letter() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter(
                "petar@example.test",
                "p1@x",
                "",
                "penalty T/1 white +5 because",
            ),
        );
        assert_eq!(
            store
                .game("T/1")
                .unwrap()
                .unwrap()
                .penalty_days(Color::White),
            0
        );
    }

    #[test]
    fn art_44_leave_by_letter_pauses_the_game_and_tells_the_opponent_and_arbiter() {
        let (mut store, config) = setup("");
        // at() is 12 Jan 2026: leave 1–10 February is announced before it starts.
        ingest(
            &mut store,
            &config,
            &letter(
                "petar@example.test",
                "l1@x",
                "",
                "отпуск 01.02.2026–10.02.2026",
            ),
        );
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(g.suspensions.len(), 1, "{:?}", g.suspensions);
        assert_eq!(g.suspensions[0].color, Some(Color::Black));
        let k = kinds(&store);
        for who in [
            "ivan@example.test",
            "petar@example.test",
            "arbiter@example.test",
        ] {
            assert!(k.contains(&(who.into(), "leave".into())), "{who}: {k:?}");
        }
    }

    #[test]
    fn art_42_leave_beyond_the_yearly_quota_is_refused() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter(
                "petar@example.test",
                "l1@x",
                "",
                "leave 2026-02-01 2026-03-15",
            ),
        );
        assert!(store.game("T/1").unwrap().unwrap().suspensions.is_empty());
        assert_eq!(
            kinds(&store),
            [("petar@example.test".into(), "leave".into())]
        );
    }

    #[test]
    fn art_43_special_leave_by_the_arbiter_also_retroactive() {
        let (mut store, config) = setup("");
        let out = crate::arbiter::run_command(
            &mut store,
            &config,
            "leave petar@example.test 2026-01-01 2026-01-05",
            at(),
        )
        .unwrap();
        assert!(out.is_ok(), "{out:?}");
        assert_eq!(store.game("T/1").unwrap().unwrap().suspensions.len(), 1);
    }

    #[test]
    fn a_player_added_before_the_start_re_pairs_the_round_robin() {
        let rr = CONFIG
            .replace("pairing = \"explicit\"", "pairing = \"round-robin\"")
            .replace(
                "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
                "",
            );
        let (mut store, _) = synced(&rr);
        assert_eq!(store.games().unwrap().len(), 1);
        let more = rr.replace(
            "{ name = \"Petar\", email = \"petar@example.test\" } ]",
            "{ name = \"Petar\", email = \"petar@example.test\" }, { name = \"Maria\", email = \"maria@example.test\" } ]",
        );
        let config = crate::config::parse(std::path::Path::new("x.toml"), &more).unwrap();
        sync_config(&mut store, &config).unwrap();
        let games = store.games().unwrap();
        assert_eq!(games.len(), 3, "three players: three games");
        let expected: Vec<(String, String)> = config.tournaments[0]
            .games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect();
        let got: Vec<(String, String)> = games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn games_already_played_are_never_re_paired() {
        let (mut store, config) = setup("");
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", "a@x", "", "1. e2-e4"),
        );
        let swapped = CONFIG.replace(
            "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]",
            "games = [ { white = \"petar@example.test\", black = \"ivan@example.test\" } ]",
        );
        let config = crate::config::parse(std::path::Path::new("x.toml"), &swapped).unwrap();
        sync_config(&mut store, &config).unwrap();
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!((g.white.as_str(), g.moves.len()), ("ivan@example.test", 1));
    }

    #[test]
    fn a_letter_whose_reply_cannot_be_built_does_not_block_the_others() {
        let (mut store, config) = setup("");
        // A stranger with an address lettre cannot write to, and courtesy replies on.
        let bad = b"From: \"john smith\"@example.com\r\nTo: bot@example.test\r\nMessage-ID: <s@x>\r\n\r\nhello\r\n";
        store_raw(&mut store, &config, bad, at(), "ingest", None).unwrap();
        let good = letter("ivan@example.test", "i@x", "", "1. e2-e4");
        store_raw(&mut store, &config, &good, at(), "ingest", None).unwrap();
        let p = process_pending_counted(&mut store, &config, at()).unwrap();
        assert_eq!(
            store.game("T/1").unwrap().unwrap().moves.len(),
            1,
            "the next letter was applied"
        );
        // Tried again once the others were done, until set aside after max_attempts (3).
        assert_eq!((p.done, p.failed, p.set_aside), (1, 3, 1));
        assert_eq!(
            store.inbound_counts().unwrap(),
            (0, 1),
            "nothing left pending"
        );
        assert_eq!(process_pending(&mut store, &config, at()).unwrap(), 0);
    }

    #[test]
    fn a_panicking_letter_is_rolled_back_alone_and_set_aside_after_max_attempts() {
        let (mut store, mut config) = setup("");
        config.bot.admin = Some("admin@example.test".into());
        // SAFETY: tests of this binary that read this variable run only here.
        unsafe { std::env::set_var("AMICI_TEST_PANIC_MARK", "PANIC-ME-7f3a") };
        let bad = letter("ivan@example.test", "bad@x", "", "1. e2-e4 PANIC-ME-7f3a");
        store_raw(&mut store, &config, &bad, at(), "ingest", None).unwrap();
        ingest(
            &mut store,
            &config,
            &letter("petar@example.test", "ok@x", "", "hello"),
        );
        for _ in 0..3 {
            process_pending(&mut store, &config, at()).unwrap();
        }
        unsafe { std::env::remove_var("AMICI_TEST_PANIC_MARK") };
        assert!(
            store.game("T/1").unwrap().unwrap().moves.is_empty(),
            "nothing of it applied"
        );
        assert_eq!(store.inbound_counts().unwrap(), (0, 1));
        let out = outbox(&store);
        assert!(
            out.contains(&("petar@example.test".into(), "no-move".into())),
            "{out:?}"
        );
        assert_eq!(
            out.iter()
                .filter(|(to, k)| to == "ivan@example.test" && k == "error")
                .count(),
            1,
            "its sender is told once: {out:?}"
        );
        assert_eq!(
            out.iter()
                .filter(|(to, _)| to == "admin@example.test")
                .count(),
            1,
            "the admin once: {out:?}"
        );
    }

    #[test]
    fn art_50_the_end_date_is_extended_by_at_most_6_months_announced_30_days_before() {
        let (mut store, config) = setup("");
        let late: DateTime<FixedOffset> = "2026-12-15T10:00:00+02:00".parse().unwrap();
        let too_late =
            crate::arbiter::run_command(&mut store, &config, "extend T 2027-03-01", late).unwrap();
        assert!(too_late.is_err_and(|e| e.contains("30 days")));
        let too_long =
            crate::arbiter::run_command(&mut store, &config, "extend T 2027-09-01", at()).unwrap();
        assert!(too_long.is_err_and(|e| e.contains("6 months")));
        let ok =
            crate::arbiter::run_command(&mut store, &config, "extend T 2027-05-01", at()).unwrap();
        assert!(
            ok.as_ref()
                .is_ok_and(|w| w.contains("0 of 1 games finished")),
            "{ok:?}"
        );
        let end = store
            .transaction(|tx| crate::arbiter::end_date(tx, &config, "T"))
            .unwrap();
        assert_eq!(end, Some("2027-05-01".parse().unwrap()));
    }

    /// `CONFIG` as a round robin, with more players (name, address) after Petar.
    fn round_robin(more: &[(&str, &str)]) -> String {
        let more: String = more
            .iter()
            .map(|(n, e)| format!(", {{ name = \"{n}\", email = \"{e}\" }}"))
            .collect();
        CONFIG
            .replace("pairing = \"explicit\"", "pairing = \"round-robin\"")
            .replace(
                "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
                "",
            )
            .replace(
                "{ name = \"Petar\", email = \"petar@example.test\" } ]",
                &format!("{{ name = \"Petar\", email = \"petar@example.test\" }}{more} ]"),
            )
    }

    /// A config text parsed and its games created in a fresh database.
    fn synced(text: &str) -> (Store, Config) {
        let config = crate::config::parse(std::path::Path::new("x.toml"), text).unwrap();
        let mut store = Store::memory().unwrap();
        sync_config(&mut store, &config).unwrap();
        (store, config)
    }

    fn on(day: &str) -> DateTime<FixedOffset> {
        format!("{day}T12:00:00+02:00").parse().unwrap()
    }

    #[test]
    fn rules_s3_amici_downtime_is_never_charged_the_opponents_time_runs_from_the_forward() {
        let (mut store, config) = setup("");
        // Ivan's letter arrived on 12 January; amici was down and forwarded it on 15 January.
        let raw = letter("ivan@example.test", "w@x", "", "1. e2-e4");
        store_raw(&mut store, &config, &raw, on("2026-01-12"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-01-15")).unwrap();
        let raw = letter("petar@example.test", "b@x", "", "1... e7-e5");
        store_raw(&mut store, &config, &raw, on("2026-01-17"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-01-17")).unwrap();
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(
            g.moves[0].sent,
            "2026-01-12".parse::<Day>().unwrap(),
            "White's move counts to its arrival"
        );
        assert_eq!(
            g.moves[1].received,
            "2026-01-15".parse::<Day>().unwrap(),
            "Black's time runs from the forward"
        );
        assert_eq!(g.lines(1, "2026-01-17".parse().unwrap())[0].days, 1);
    }

    #[test]
    fn art_46_a_move_during_leave_ends_it_in_that_game_and_the_reply_agrees() {
        let (mut store, config) = setup("");
        let raw = letter(
            "petar@example.test",
            "l@x",
            "",
            "leave 2026-02-01 2026-02-10",
        );
        store_raw(&mut store, &config, &raw, on("2026-01-12"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-01-12")).unwrap();
        let raw = letter("ivan@example.test", "w@x", "", "1. e2-e4");
        store_raw(&mut store, &config, &raw, on("2026-01-30"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-01-30")).unwrap();
        // Petar answers on 5 February, during his leave.
        let raw = letter("petar@example.test", "b@x", "", "1... e7-e5");
        store_raw(&mut store, &config, &raw, on("2026-02-05"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-02-05")).unwrap();
        let g = store.game("T/1").unwrap().unwrap();
        let black: Vec<_> = g
            .suspensions
            .iter()
            .filter(|s| s.color == Some(Color::Black))
            .collect();
        assert_eq!(black.len(), 1);
        assert_eq!(
            black[0].to,
            "2026-02-04".parse::<Day>().unwrap(),
            "the leave ends the day before the move"
        );
        // 31 January counts, 1–4 February are leave, 5 February counts: N = 2 → 1 day.
        let today: Day = "2026-02-05".parse().unwrap();
        assert_eq!(g.lines(1, today)[0].days, 1);
        assert_eq!(
            g.total_days(Color::Black, today),
            1,
            "the reply's move time and total agree"
        );
    }

    #[test]
    fn art_47_a_a_player_who_withdraws_without_moving_is_removed() {
        let rr = round_robin(&[("Maria", "maria@example.test")]);
        let (mut store, config) = synced(&rr);
        let out =
            crate::arbiter::run_command(&mut store, &config, "withdraw maria@example.test", at())
                .unwrap();
        assert!(out.as_ref().is_ok_and(|s| s.contains("removed")), "{out:?}");
        let table = crate::report::standings(
            &store,
            &config,
            None,
            None,
            crate::report::Format::Json,
            "2026-01-12".parse().unwrap(),
        )
        .unwrap();
        assert!(!table.contains("Maria"), "{table}");
        assert!(table.contains("Ivan") && table.contains("Petar"));
    }

    #[test]
    fn rules_s14_team_captains_receive_copies_of_their_players_mail() {
        let teams = CONFIG
            .replace("pairing = \"explicit\"", "pairing = \"round-robin\"")
            .replace(
                "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
                "",
            )
            + "teams = [ { name = \"Sofia\", captain = \"capa@example.test\", players = [\"ivan@example.test\"] }, { name = \"Varna\", captain = \"capb@example.test\", players = [\"petar@example.test\"] } ]\n";
        let (mut store, config) = synced(&teams);
        let g = store.games().unwrap();
        let white = g[0].white.clone();
        ingest(&mut store, &config, &letter(&white, "w@x", "", "1. e2-e4"));
        let to: Vec<String> = outbox(&store).into_iter().map(|(to, _)| to).collect();
        assert!(
            to.contains(&"capa@example.test".to_string())
                && to.contains(&"capb@example.test".to_string()),
            "{to:?}"
        );
        assert_eq!(to.len(), 4, "ack + copy, forward + copy: {to:?}");
        // The captain may write for his player — a leave notice — but never a move.
        let before = store.game("T/1").unwrap().unwrap();
        ingest(
            &mut store,
            &config,
            &letter("capb@example.test", "c1@x", "", "1... e7-e5"),
        );
        assert_eq!(store.game("T/1").unwrap().unwrap().moves, before.moves);
        ingest(
            &mut store,
            &config,
            &letter(
                "capb@example.test",
                "c2@x",
                "",
                "T/1: leave 2026-02-01 2026-02-05",
            ),
        );
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(
            g.suspensions.len(),
            1,
            "the leave is the player's: {:?}",
            g.suspensions
        );
    }

    #[test]
    fn art_47_b_a_captain_replaces_a_player_with_dead_time_until_his_first_move() {
        let teams = round_robin(&[("Maria", "maria@example.test")])
            + "teams = [ { name = \"Sofia\", captain = \"capa@example.test\", players = [\"ivan@example.test\"] }, { name = \"Varna\", captain = \"capb@example.test\", players = [\"petar@example.test\"] } ]\n";
        let (mut store, config) = synced(&teams);
        let id = store.games().unwrap()[0].id.clone();
        // Varna's captain replaces Petar by the reserve Maria on 12 January.
        ingest(
            &mut store,
            &config,
            &letter(
                "capb@example.test",
                "r@x",
                "",
                "replace petar@example.test maria@example.test",
            ),
        );
        let g = store.game(&id).unwrap().unwrap();
        let maria = g
            .color_of("maria@example.test")
            .expect("Maria plays Petar's game");
        assert!(g.color_of("petar@example.test").is_none());
        assert_eq!(g.suspensions.len(), 1, "dead time for both clocks");
        assert_eq!(g.suspensions[0].color, None);
        // Her games are hers now; the dead time ends with her first move.
        if maria == Color::Black {
            let raw = letter("ivan@example.test", "w@x", "", "1. e2-e4");
            store_raw(&mut store, &config, &raw, on("2026-01-13"), "ingest", None).unwrap();
            process_pending(&mut store, &config, on("2026-01-13")).unwrap();
        }
        let first = if maria == Color::White {
            "1. e2-e4"
        } else {
            "1... e7-e5"
        };
        let raw = letter("maria@example.test", "m@x", "", first);
        store_raw(&mut store, &config, &raw, on("2026-01-20"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-01-20")).unwrap();
        let g = store.game(&id).unwrap().unwrap();
        assert!(
            g.moves
                .iter()
                .any(|m| m.sent == "2026-01-20".parse::<Day>().unwrap()),
            "her move: {:?}",
            g.moves
        );
        let dead: Vec<_> = g.suspensions.iter().filter(|s| s.color.is_none()).collect();
        assert_eq!(
            dead[0].to,
            "2026-01-19".parse::<Day>().unwrap(),
            "the dead time ends with her first move"
        );
    }

    #[test]
    fn an_arbiters_letter_acts_on_his_own_tournaments_only() {
        let two = format!(
            "{CONFIG}\n[[tournament]]\nid = \"U\"\nstart = 2026-01-10\nend = 2027-01-01\narbiter = \"other@example.test\"\npairing = \"explicit\"\nplayers = [ {{ name = \"Maria\", email = \"maria@example.test\" }}, {{ name = \"Georgi\", email = \"georgi@example.test\" }} ]\ngames = [ {{ white = \"maria@example.test\", black = \"georgi@example.test\" }} ]\n"
        );
        let (mut store, config) = synced(&two);
        ingest(
            &mut store,
            &config,
            &letter(
                "arbiter@example.test",
                "a@x",
                "",
                "forfeit U/1 white\nforfeit T/1 black",
            ),
        );
        assert_eq!(
            store.game("U/1").unwrap().unwrap().result,
            None,
            "not his tournament"
        );
        assert_eq!(
            store.game("T/1").unwrap().unwrap().result,
            Some(crate::rules::model::GameResult::WhiteWins)
        );
    }

    #[test]
    fn a_pairing_changed_after_play_began_adds_no_games_from_another_table() {
        let rr = round_robin(&[("Maria", "maria@example.test")]);
        let (mut store, config) = synced(&rr);
        let first = store.games().unwrap()[0].clone();
        let white = first.white.clone();
        ingest(
            &mut store,
            &config,
            &letter(&white, "w@x", "", &format!("{} 1. e2-e4", first.id)),
        );
        // A fourth player appears in the config mid-event.
        let more = rr.replace(
            "{ name = \"Maria\", email = \"maria@example.test\" } ]",
            "{ name = \"Maria\", email = \"maria@example.test\" }, { name = \"Georgi\", email = \"georgi@example.test\" } ]",
        );
        let config = crate::config::parse(std::path::Path::new("x.toml"), &more).unwrap();
        sync_config(&mut store, &config).unwrap();
        assert_eq!(
            store.games().unwrap().len(),
            3,
            "the section in play stands"
        );
    }

    #[test]
    fn art_56_forfeit_exclude_and_declared_overstep_are_logged_with_their_article() {
        let (mut store, config) = setup("");
        let out =
            crate::arbiter::run_command(&mut store, &config, "overstep T/1 white", at()).unwrap();
        assert!(out.is_ok(), "{out:?}");
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(
            (g.result, g.termination),
            (
                Some(crate::rules::model::GameResult::BlackWins),
                Some(crate::rules::game::Termination::Overstep)
            ),
            "email: a declared overstep loses"
        );
        let events = store.events().unwrap();
        assert!(
            events
                .iter()
                .any(|(game, kind, detail)| game.as_deref() == Some("T/1")
                    && kind == "arbiter"
                    && detail.starts_with("Art. 56")),
            "{events:?}"
        );
        // Forfeit and reject on a finished game: refused with a reason, nothing logged.
        let again = crate::arbiter::run_command(&mut store, &config, "reject T/1", at()).unwrap();
        assert!(again.is_err());
    }

    #[test]
    fn art_48_illness_sends_the_games_to_adjudication_art_56_exclusion_forfeits_them() {
        let (mut store, config) = setup("");
        let out = crate::arbiter::run_command(
            &mut store,
            &config,
            "withdraw petar@example.test illness",
            at(),
        )
        .unwrap();
        assert!(out.is_ok(), "{out:?}");
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(g.status, crate::rules::game::Status::Adjudication);
        assert!(g.adjudication.is_some(), "proposals asked at once");
        let (mut store, config) = setup("");
        let out =
            crate::arbiter::run_command(&mut store, &config, "exclude ivan@example.test", at())
                .unwrap();
        assert!(out.is_ok(), "{out:?}");
        let g = store.game("T/1").unwrap().unwrap();
        assert_eq!(
            (g.result, g.termination),
            (
                Some(crate::rules::model::GameResult::BlackWins),
                Some(crate::rules::game::Termination::Forfeit)
            )
        );
        let events = store.events().unwrap();
        assert!(
            events
                .iter()
                .any(|(_, _, d)| d.starts_with("Art. 56: forfeit by exclusion")),
            "{events:?}"
        );
    }

    #[test]
    fn game_ids_match_as_words() {
        assert!(contains_id("Re: T1/3 move", "T1/3"));
        assert!(!contains_id("Re: T1/33 move", "T1/3"));
    }
}
