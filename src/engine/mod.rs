//! The shell's processing of letters: store raw → read → route to a game → rules → persist the
//! new state and every reply in ONE transaction. Synchronous (SQLite); the daemon and `ingest`
//! both call it.

use chrono::{DateTime, FixedOffset};

use crate::config::Config;
use crate::mail::inbound;
use crate::mail::texts;
use crate::mail::texts::Key;
use crate::rules::game::{self, GameRecord};
use crate::rules::model::{Day, Kind};
use crate::store::{InboundRow, Store, StoreError, Stored, Tx};

mod bounce;
mod player;
mod refusals;
pub mod route;
mod staff;
mod sync;

use bounce::bounce;
use player::contains_id;
use route::Route;
#[cfg(test)]
mod tests;

pub use crate::config::local_day;
pub(crate) use crate::reply::{Answer, emit};
pub use crate::reply::{EngineError, Result, queue_admin_notice, queue_admin_notice_tx};
pub use bounce::{delivery_failed, record_sends};
pub use sync::sync_config;

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

/// The longest one batch's transaction runs before it commits (the letters left go in the
/// next one): group commit without holding the write lock for seconds when letters are slow
/// (a board picture for every reply).
const BATCH_TIME: std::time::Duration = std::time::Duration::from_millis(250);

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
            let began = std::time::Instant::now();
            for id in &ids {
                // The write lock is held for the whole batch: once it has run for
                // BATCH_TIME, the rest waits for the next transaction, so another process
                // (an MTA's `ingest`, a second `run`) never waits long for its turn.
                if began.elapsed() > BATCH_TIME {
                    break;
                }
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
            // A result may complete a round of a tournament in stages: the next one starts
            // in the same transaction (RULES.md §12a).
            if p.done > 0 {
                let today = crate::config::local_day(config, now);
                crate::stages::advance(tx, config, now, today)?;
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
        picture: None,
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
        let lang = crate::reply::admin_language(config, &admin);
        let body = texts::fill(
            lang,
            Key::SetAsideAdmin,
            &[
                ("id", &row.id),
                ("arrived", &row.arrived),
                ("mid", &msg.message_id.as_deref().unwrap_or("-")),
                ("tries", &config.bot.max_attempts),
                ("error", &error),
            ],
        );
        queue_admin_notice_tx(
            tx,
            config,
            &admin,
            texts::text(lang, Key::SubjectSetAside),
            &body,
            &format!("setaside:{}", row.id),
            now,
        )?;
    }
    Ok(())
}

/// One stored letter: parsed once, routed ([`route::route`], pure), handed to the one handler
/// of its route. Everything it changes and sends is in the caller's transaction.
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
    let route = route::route(&msg, &row.raw, row.size, config);
    let from = match (&route, &msg.from) {
        (Route::Bounce(b), _) => return bounce(tx, config, &msg, b, now),
        (Route::Ignored(why), _) => return Ok(format!("ignored: {why}")),
        (_, Some(from)) => from.email.clone(),
        (_, None) => return Ok("ignored: no sender".into()),
    };
    let arrived = DateTime::parse_from_rfc3339(&row.arrived).unwrap_or(now);
    let today = local_day(config, arrived);
    let lang = config.language_of(&from);
    let mut answer = Answer::to_letter(config, &from, row, &msg, now);
    if route.counted() {
        if let Some(outcome) = refusals::over_daily_limit(tx, config, &mut answer, &from, today)? {
            return Ok(outcome);
        }
        if let Some(reused) = &row.reused_message_id
            && let Some(admin) = &config.bot.admin
        {
            let lang = crate::reply::admin_language(config, admin);
            queue_admin_notice_tx(
                tx,
                config,
                admin,
                texts::text(lang, Key::SubjectReusedMessageId),
                &texts::reused_message_id(lang, row.id, reused, &from),
                &format!("reused:{}", row.id),
                now,
            )?;
        }
    }
    match route {
        Route::Bounce(_) | Route::Ignored(_) => unreachable!("answered above"),
        Route::Stranger => refusals::stranger(tx, config, &mut answer, &from, today),
        Route::Unauthenticated { reason } => {
            refusals::unauthenticated(tx, config, &mut answer, &msg, &from, &reason, today)
        }
        Route::SuspectedAutoReply { reason } => {
            refusals::suspected_auto_reply(tx, config, &mut answer, &msg, &from, &reason, today)
        }
        Route::TooLarge => {
            let text = texts::too_large(lang, config.bot.max_message_bytes);
            answer.simple(tx, &from, Kind::Error, lang, &text)?;
            Ok("too large".into())
        }
        Route::Undecodable => {
            // Art. 16: unclear by the transport's fault — no penalty; ask for it again.
            answer.simple(tx, &from, Kind::Error, lang, &texts::undecodable(lang))?;
            Ok("undecodable".into())
        }
        Route::Arbiter { commands, scope } => {
            let lines = staff::commands(tx, config, &mut answer, commands, &scope, lang, now)?;
            Ok(format!("arbiter: {} command(s)", lines.len()))
        }
        Route::ArbiterLetter => {
            answer.simple(tx, &from, Kind::NoMove, lang, &texts::arbiter_letters(lang))?;
            Ok("arbiter letter".into())
        }
        Route::CaptainReplacements { commands, scope } => {
            let commands = commands.into_iter().map(Ok).collect();
            let lines = staff::commands(tx, config, &mut answer, commands, &scope, lang, now)?;
            Ok(format!("captain: {} replacement(s)", lines.len()))
        }
        Route::Captain { players } => {
            staff::captain_letter(tx, config, &mut answer, &msg, &players, lang, today)
        }
        Route::Player => player::letter(tx, config, &mut answer, &msg, lang, today, now),
    }
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
        match r {
            game::Request::Leave { color, from, to } => crate::arbiter::request_leave(
                tx, config, answer, record, *color, *from, *to, today,
            )?,
            game::Request::LeaveEnded { color, book } => {
                tx.put_leave_book(record.address(*color), book)?;
            }
        }
    }
    Ok(())
}

/// `amici arbiter …`: runs one command line as if the arbiter had written it, in its own
/// transaction. Returns what was done, or why not, as data (`mail::render::transcript` words
/// it).
pub fn run_command(
    store: &mut crate::store::Store,
    config: &Config,
    line: &str,
    now: DateTime<FixedOffset>,
) -> Result<crate::arbiter::Outcome> {
    let cmd = match crate::rules::arbiter::parse_line(line) {
        Ok(Some(c)) => c,
        Ok(None) => {
            return Ok(Err(game::Refused::NotACommand {
                line: line.to_string(),
            }));
        }
        Err(e) => return Ok(Err(game::Refused::Command(e))),
    };
    sync_config(store, config)?;
    store.transaction(|tx| {
        tx.log_input(
            &now.to_rfc3339(),
            crate::store::InputKind::Command,
            None,
            Some(line),
        )?;
        let mut out = Answer::unprompted(config, format!("cmd:{now}:{line}"), now);
        let outcome = crate::arbiter::execute(tx, config, &mut out, &cmd, now, None)?;
        // A result may complete a round of a tournament in stages (RULES.md §12a).
        if outcome.is_ok() {
            crate::stages::advance(tx, config, now, crate::config::local_day(config, now))?;
        }
        Ok(outcome)
    })
}
