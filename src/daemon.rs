//! The daemon (`amici run`): IMAP in → store raw → rules → state + outbox in one transaction →
//! mark the letter done on the server; an outbox worker sends; the daily tick runs at the
//! configured local hour and once at start-up; the config reloads on SIGHUP and on change.
//! Every task reconnects with backoff: a dead server never stops the daemon.
//!
//! All SQLite work runs on the database thread ([`Db`]); the async tasks only await it. One
//! `amici run` per database: a lock file beside it refuses a second (`ingest` and the other
//! commands work beside it — every letter and outbox row is claimed inside its transaction).

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::{Result, anyhow};
use chrono::TimeZone;
use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::clock;
use crate::config::{self, Config};
use crate::engine;
use crate::mail::deliver::{self, Transport};
use crate::mail::imap::{self, FETCH_BYTES, FETCH_CHUNK};
use crate::store::{Db, Store, Stored};
use crate::tick;

/// What the tasks share.
pub struct Shared {
    pub db: Db,
    pub config: RwLock<Arc<Config>>,
    /// Wakes the outbox worker.
    pub outbox: Notify,
    /// Set once the mailbox has been read up to date after start-up.
    caught_up: std::sync::atomic::AtomicBool,
    caught_up_signal: Notify,
    /// Started with `--accept-past-start`: a config edit may add a tournament whose start
    /// lies in the past (issue 13 item 8).
    accept_past_start: bool,
}

impl Shared {
    /// The mailbox has been read up to date.
    fn mark_caught_up(&self) {
        if !self
            .caught_up
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            self.caught_up_signal.notify_waiters();
        }
    }

    async fn wait_caught_up(&self) {
        loop {
            let notified = self.caught_up_signal.notified();
            if self.caught_up.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            notified.await;
        }
    }

    pub fn config(&self) -> Arc<Config> {
        self.config
            .read()
            .map(|c| c.clone())
            .unwrap_or_else(|p| p.into_inner().clone())
    }
}

/// The lock file of a database: held by the one `amici run` working on it.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut p = database.as_os_str().to_owned();
    p.push(".run-lock");
    PathBuf::from(p)
}

/// Takes the single-instance lock of `database`, or says who holds it.
pub fn lock(database: &Path) -> Result<std::fs::File> {
    let path = lock_path(database);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| anyhow!("cannot open the lock file {}: {e}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {
            use std::io::Write;
            let mut f = &file;
            let _ = f.set_len(0);
            let _ = writeln!(f, "{}", std::process::id());
            Ok(file)
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            let pid = std::fs::read_to_string(&path).unwrap_or_default();
            Err(anyhow!(
                "another `amici run` (pid {}) is already running on {}; only one may run per database (lock file {})",
                pid.trim(),
                database.display(),
                path.display()
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(anyhow!("cannot lock {}: {e}", path.display())),
    }
}

/// Is an `amici run` working on `database` now? (`ingest` then leaves sending to it.)
pub fn is_running(database: &Path) -> bool {
    let Ok(file) = std::fs::File::open(lock_path(database)) else {
        return false;
    };
    matches!(
        file.try_lock_shared(),
        Err(std::fs::TryLockError::WouldBlock)
    )
}

/// Processes everything stored and not yet processed, on the database thread.
async fn process(shared: &Arc<Shared>) -> Result<usize> {
    let cfg = shared.config();
    let now = clock::now()?;
    let n = shared
        .db
        .call(move |store| engine::process_pending(store, &cfg, now))
        .await??;
    if n > 0 {
        shared.outbox.notify_one();
        crate::site::after_batch(&shared.db, shared.config(), now).await;
    }
    Ok(n)
}

/// Runs the daemon until SIGTERM / SIGINT.
/// `accept_past_start`: `run --accept-past-start` (the caller has checked the config at start).
pub async fn run(config_path: PathBuf, config: Config, accept_past_start: bool) -> Result<()> {
    let _lock = lock(&config.bot.database)?;
    let mut store = Store::open(&config.bot.database)?;
    // The one thread every letter waits for never copies the WAL into the file itself.
    store.checkpoint_beside()?;
    engine::sync_config(&mut store, &config)?;
    // Rows a previous run had leased when it died go out again now, not when the lease ends.
    store.release_leases()?;
    let shared = Arc::new(Shared {
        db: Db::spawn(store),
        config: RwLock::new(Arc::new(config)),
        outbox: Notify::new(),
        caught_up: std::sync::atomic::AtomicBool::new(false),
        caught_up_signal: Notify::new(),
        accept_past_start,
    });
    tracing::info!(pid = std::process::id(), "amici started");

    // Letters stored before a crash and not processed yet.
    process(&shared).await?;

    let mut imap_task: Option<JoinHandle<()>> = spawn_imap(&shared);
    // The tick once at start-up, catching up missed days — but only after the letters that
    // arrived while amici was down are read: its downtime is never charged to a player.
    {
        let shared = shared.clone();
        tokio::spawn(async move {
            // No timeout: with the mailbox out of reach the tick waits rather than charge
            // players for letters amici has not read (the notices it then sends are dated
            // when they fell due).
            if shared.config().imap.is_some() {
                shared.wait_caught_up().await;
            }
            run_tick(&shared).await;
        });
    }
    let outbox_task = tokio::spawn(outbox_worker(shared.clone()));
    let tick_task = tokio::spawn(tick_scheduler(shared.clone()));

    let mut hup = signal(SignalKind::hangup())?;
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    let mut mtime = modified(&config_path);
    let mut check = tokio::time::interval(Duration::from_secs(2));
    loop {
        let reload = tokio::select! {
            _ = hup.recv() => true,
            _ = term.recv() => break,
            _ = int.recv() => break,
            _ = check.tick() => {
                let m = modified(&config_path);
                let changed = m != mtime;
                mtime = m;
                changed
            }
        };
        if reload && let Some(restart_imap) = reload_config(&shared, &config_path).await {
            if restart_imap {
                if let Some(t) = imap_task.take() {
                    t.abort();
                }
                imap_task = spawn_imap(&shared);
            }
            shared.outbox.notify_one();
        }
    }
    tracing::info!("amici stopping");
    if let Some(t) = imap_task {
        t.abort();
    }
    outbox_task.abort();
    tick_task.abort();
    Ok(())
}

fn modified(p: &std::path::Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// Reloads the config. An invalid edit is refused (logged, the admin told) and the previous
/// config keeps running. Returns whether the IMAP task must restart, `None` when refused.
async fn reload_config(shared: &Arc<Shared>, path: &std::path::Path) -> Option<bool> {
    let old = shared.config();
    match config::load(path) {
        Err(errors) => {
            tracing::error!("config edit refused, the previous config keeps running:\n{errors}");
            if let Err(e) = tell_admin_refused(shared, &old, &errors.to_string()).await {
                tracing::error!("cannot queue the notice to the admin: {e}");
            }
            shared.outbox.notify_one();
            None
        }
        Ok(new) => {
            if *old == new {
                return Some(false);
            }
            // A tournament added with its start in the past would flood its players at the
            // next tick: refused like an invalid edit unless `run` was told it is meant.
            if !shared.accept_past_start
                && let Some(why) = past_start_added(shared, &new).await
            {
                tracing::error!("config edit refused, the previous config keeps running:\n{why}");
                if let Err(e) = tell_admin_refused(shared, &old, &why).await {
                    tracing::error!("cannot queue the notice to the admin: {e}");
                }
                shared.outbox.notify_one();
                return None;
            }
            let restart = old.imap != new.imap;
            let new = Arc::new(new);
            let cfg = new.clone();
            match shared
                .db
                .call(move |store| engine::sync_config(store, &cfg))
                .await
            {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => {
                    tracing::error!("config applied but the games could not be synchronised: {e}")
                }
                Err(e) => tracing::error!("config applied but the database is unavailable: {e}"),
            }
            if let Ok(mut c) = shared.config.write() {
                *c = new;
            }
            tracing::info!("config reloaded");
            Some(restart)
        }
    }
}

/// The refusal text when `new` holds a tournament whose first tick would flood its players.
async fn past_start_added(shared: &Arc<Shared>, new: &Config) -> Option<String> {
    let cfg = Arc::new(new.clone());
    let found = shared
        .db
        .call(move |store| {
            let today = crate::config::local_day(&cfg, clock::now().ok()?);
            crate::past_start::past_start(Some(store), &cfg, today).ok()
        })
        .await
        .ok()
        .flatten()?;
    (!found.is_empty()).then(|| crate::past_start::refusal(&found))
}

async fn tell_admin_refused(shared: &Shared, config: &Arc<Config>, errors: &str) -> Result<()> {
    let Some(admin) = config.bot.admin.clone() else {
        return Ok(());
    };
    let now = clock::now()?;
    let cfg = config.clone();
    let errors = errors.to_string();
    shared
        .db
        .call(move |store| {
            // Keyed on the refusal itself and the day: the same refusal next week is told again.
            let key = format!("config-refused:{}", crate::store::hash(errors.as_bytes()));
            let lang = crate::reply::admin_language(&cfg, &admin);
            engine::queue_admin_notice(
                store,
                &cfg,
                &admin,
                crate::mail::texts::text(lang, crate::mail::texts::Key::SubjectConfigRefused),
                &crate::mail::texts::config_refused(lang, &errors),
                &key,
                now,
            )
        })
        .await??;
    Ok(())
}

fn spawn_imap(shared: &Arc<Shared>) -> Option<JoinHandle<()>> {
    let cfg = shared.config().imap.clone()?;
    let shared = shared.clone();
    Some(tokio::spawn(async move {
        let mut delay = Duration::from_secs(1);
        loop {
            match imap_session(&shared, &cfg).await {
                Ok(()) => delay = Duration::from_secs(1),
                Err(e) => {
                    tracing::warn!("IMAP: {e:#}; reconnecting in {delay:?}");
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(Duration::from_secs(60));
                }
            }
        }
    }))
}

/// One IMAP connection's life: catch up, then wait for news and fetch, until an error.
async fn imap_session(shared: &Arc<Shared>, cfg: &crate::config::Imap) -> Result<()> {
    let (mut session, validity, idle) = imap::timed("connect", imap::connect(cfg)).await?;
    tracing::info!(idle, validity, "IMAP connected");
    let mailbox = cfg.mailbox.clone();
    let state = {
        let mailbox = mailbox.clone();
        shared.db.call(move |s| s.imap_state(&mailbox)).await??
    };
    // Finish marking letters processed before a crash.
    let (stored_validity, last) = state.unwrap_or((validity, 0));
    if stored_validity == validity {
        let unseen: Vec<u32> = imap::timed("search", imap::unseen(&mut session))
            .await?
            .into_iter()
            .filter(|u| *u <= last)
            .collect();
        let done = done_uids(shared, cfg, validity, unseen).await?;
        imap::timed(
            "store",
            imap::mark_done(&mut session, &done, cfg.processed_folder.as_deref()),
        )
        .await?;
    } else if state.is_some() {
        tracing::warn!(
            old = stored_validity,
            new = validity,
            "UIDVALIDITY changed: the mailbox is read again; letters already stored are recognised by Message-ID"
        );
    }
    loop {
        let state = {
            let mailbox = mailbox.clone();
            shared.db.call(move |s| s.imap_state(&mailbox)).await??
        };
        let (stored_validity, last) = state.unwrap_or((validity, 0));
        // A new UIDVALIDITY: rescan everything; Message-ID/hash dedupe keeps it exactly-once.
        let last = if stored_validity == validity { last } else { 0 };
        let uids = imap::timed("search", imap::new_uids(&mut session, last)).await?;
        // A letter that arrived while we worked was announced in the replies to our
        // commands, not to the next IDLE: search again, and idle only when nothing is new.
        let had_new = !uids.is_empty();
        let mut had_missing = false;
        let max = shared.config().bot.max_message_bytes;
        'chunks: for chunk in uids.chunks(FETCH_CHUNK) {
            let sizes = imap::timed("fetch", imap::sizes(&mut session, chunk)).await?;
            for group in imap::by_bytes(chunk, &sizes, max, FETCH_BYTES) {
                let fetched =
                    imap::timed("fetch", imap::fetch(&mut session, &group, &sizes, max)).await?;
                // The cursor advances past a UID only when its letter came back: one the server
                // listed but did not deliver is asked for again next time, and nothing after it
                // is stored before it (so the cursor never passes it).
                let mut cursor = group.last().copied().unwrap_or(last);
                let missing = group
                    .iter()
                    .find(|u| !fetched.iter().any(|f| f.uid == **u))
                    .copied();
                if let Some(missing) = missing {
                    tracing::warn!(
                        uid = missing,
                        "the server returned no body; asking again later"
                    );
                    cursor = missing.saturating_sub(1).max(last);
                }
                let fetched: Vec<imap::Fetched> =
                    fetched.into_iter().filter(|f| f.uid <= cursor).collect();
                let stored_uids: Vec<u32> = fetched.iter().map(|f| f.uid).collect();
                let config = shared.config();
                let (mailbox, now) = (mailbox.clone(), clock::now()?);
                let stored = shared
                    .db
                    .call(move |s| {
                        let sources: Vec<(String, String, Option<String>)> = fetched
                            .iter()
                            .map(|f| f.stored_as(&mailbox, validity, now))
                            .collect();
                        let letters: Vec<crate::store::RawLetter<'_>> = fetched
                            .iter()
                            .zip(&sources)
                            .map(|(f, (arrived, source, mid))| crate::store::RawLetter {
                                message_id: mid.as_deref(),
                                ..engine::raw_letter(&config, &f.raw, f.size, arrived, source)
                            })
                            .collect();
                        s.store_chunk(&letters, Some((&mailbox, validity, cursor)))
                    })
                    .await??;
                for st in stored {
                    if let Stored::Duplicate(id) = st {
                        tracing::debug!(inbound = id, "already stored");
                    }
                }
                process(shared).await?;
                let done = done_uids(shared, cfg, validity, stored_uids).await?;
                imap::timed(
                    "store",
                    imap::mark_done(&mut session, &done, cfg.processed_folder.as_deref()),
                )
                .await?;
                if missing.is_some() {
                    // Not past it in this round; wait for news (or the safety net) before asking
                    // again, so a server that never delivers it is not asked in a tight loop.
                    had_missing = true;
                    break 'chunks;
                }
            }
        }
        if had_missing {
            let poll = Duration::from_secs(cfg.poll_seconds.clamp(1, 60));
            session = imap::wait(session, idle, poll, poll).await?;
            if validity_changed(&mut session, &mailbox, validity).await? {
                return Ok(());
            }
            continue;
        }
        if had_new {
            continue;
        }
        shared.mark_caught_up();
        // `poll_seconds` is also the IDLE safety net: IDLE is renewed at least that often
        // (and within 25 minutes, under RFC 2177's 29), and the search above runs again.
        let poll = Duration::from_secs(cfg.poll_seconds);
        session = imap::wait(session, idle, poll.min(Duration::from_secs(25 * 60)), poll).await?;
        if validity_changed(&mut session, &mailbox, validity).await? {
            return Ok(());
        }
    }
}

/// Time passed: the mailbox may have been recreated while this session kept its old view.
/// A new UIDVALIDITY ends the session (the next one starts over and says so).
async fn validity_changed(
    session: &mut imap::ImapSession,
    mailbox: &str,
    validity: u32,
) -> Result<bool> {
    let now = imap::timed("status", imap::current_validity(session, mailbox)).await?;
    let changed = now.is_some_and(|v| v != validity);
    if changed {
        tracing::warn!(
            old = validity,
            new = now,
            "UIDVALIDITY changed during the session; reconnecting"
        );
    }
    Ok(changed)
}

/// Of these UIDs, the ones whose letter is stored and processed (or a duplicate of one).
async fn done_uids(
    shared: &Shared,
    cfg: &crate::config::Imap,
    validity: u32,
    uids: Vec<u32>,
) -> Result<Vec<u32>> {
    let mailbox = cfg.mailbox.clone();
    Ok(shared
        .db
        .call(move |store| -> crate::store::Result<Vec<u32>> {
            let mut out = Vec::new();
            for uid in uids {
                let source = format!("imap:{mailbox}:{validity}:{uid}");
                // None: a duplicate of a letter stored under another source; it is done when
                // that is.
                if store.inbound_done_by_source(&source)?.unwrap_or(true) {
                    out.push(uid);
                }
            }
            Ok(out)
        })
        .await??)
}

/// How long the outbox waits between attempts while the server is down: short, so the
/// queue drains within seconds of the server coming back (a circuit, not per-row timers).
const CIRCUIT_MIN: Duration = Duration::from_millis(250);
const CIRCUIT_MAX: Duration = Duration::from_secs(2);

async fn outbox_worker(shared: Arc<Shared>) {
    let mut transport: Option<(Arc<Config>, Transport)> = None;
    let mut circuit = CIRCUIT_MIN;
    loop {
        let config = shared.config();
        if transport
            .as_ref()
            .is_none_or(|(c, _)| c.delivery != config.delivery)
        {
            match Transport::from_config(&config) {
                Ok(t) => transport = Some((config.clone(), t)),
                Err(e) => tracing::error!("outgoing mail: {e}"),
            }
        }
        let mut down = false;
        if let Some((_, t)) = &transport {
            // `clock::now()`: the day a failure is known is counted on the same calendar as
            // everything else (AMICI_NOW in tests and replays).
            let now = clock::now().unwrap_or_else(|_| clock::system_now());
            match deliver::flush(&shared.db, &config, t, now).await {
                Ok(f) => {
                    if f.sent + f.failed + f.retry > 0 {
                        tracing::info!(sent = f.sent, retry = f.retry, failed = f.failed, "outbox");
                    }
                    if let Some(why) = f.down {
                        tracing::warn!(
                            "outgoing mail server unavailable, retrying in {circuit:?}: {why}"
                        );
                        down = true;
                    }
                }
                Err(e) => tracing::error!("outbox: {e:#}"),
            }
        }
        if down {
            tokio::time::sleep(circuit).await;
            circuit = (circuit * 2).min(CIRCUIT_MAX);
            continue;
        }
        circuit = CIRCUIT_MIN;
        // Letters processed by `amici ingest` in another process queue replies this worker
        // cannot be woken for: it looks again every second.
        tokio::select! {
            _ = shared.outbox.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
        }
    }
}

async fn run_tick(shared: &Arc<Shared>) {
    let cfg = shared.config();
    let r: Result<usize> = async {
        let now = clock::now()?;
        Ok(shared
            .db
            .call(move |store| tick::run(store, &cfg, now))
            .await??)
    }
    .await;
    match r {
        Ok(n) => {
            if n > 0 {
                shared.outbox.notify_one();
            }
            let now = clock::now().unwrap_or_else(|_| clock::system_now());
            crate::site::after_batch(&shared.db, shared.config(), now).await;
        }
        Err(e) => tracing::error!("tick: {e:#}"),
    }
}

/// Runs the tick at the configured local hour every day.
/// The next daily tick after `now`: `hour`:00 local time in `tz`, today if still ahead,
/// else tomorrow (on a day where that hour does not exist, the first instant after it).
pub fn next_tick_at(
    now: chrono::DateTime<chrono::Utc>,
    tz: chrono_tz::Tz,
    hour: u32,
) -> chrono::DateTime<chrono::Utc> {
    let local = now.with_timezone(&tz);
    let at = |day: chrono::NaiveDate| {
        let naive = day.and_hms_opt(hour.min(23), 0, 0).unwrap_or_default();
        // A DST gap skips the hour: take the instant one hour later.
        tz.from_local_datetime(&naive)
            .earliest()
            .or_else(|| {
                tz.from_local_datetime(&(naive + chrono::Duration::hours(1)))
                    .earliest()
            })
            .map(|d| d.with_timezone(&chrono::Utc))
    };
    let today = local.date_naive();
    match at(today) {
        Some(t) if t > now => t,
        _ => at(today + chrono::Duration::days(1)).unwrap_or(now + chrono::Duration::days(1)),
    }
}

/// Runs the tick at the configured local hour every day.
async fn tick_scheduler(shared: Arc<Shared>) {
    loop {
        let config = shared.config();
        let now = clock::system_now().with_timezone(&chrono::Utc);
        let next = next_tick_at(now, config.bot.timezone, config.bot.tick_hour);
        let wait = (next - now).to_std().unwrap_or(Duration::from_secs(60));
        // Re-check at least hourly so a config change of tick_hour takes effect.
        tokio::time::sleep(wait.min(Duration::from_secs(3600))).await;
        if wait <= Duration::from_secs(3600) {
            if shared.config().imap.is_some() {
                shared.wait_caught_up().await;
            }
            run_tick(&shared).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};

    fn utc(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn the_tick_runs_at_the_configured_local_hour() {
        let sofia = chrono_tz::Europe::Sofia;
        // 03:00 UTC = 05:00 in Sofia (winter): the 06:00 tick is still ahead today.
        assert_eq!(
            next_tick_at(utc("2026-01-15T03:00:00Z"), sofia, 6),
            utc("2026-01-15T04:00:00Z")
        );
        // 05:00 UTC = 07:00: tomorrow.
        assert_eq!(
            next_tick_at(utc("2026-01-15T05:00:00Z"), sofia, 6),
            utc("2026-01-16T04:00:00Z")
        );
        // Summer time (UTC+3).
        assert_eq!(
            next_tick_at(utc("2026-07-01T02:00:00Z"), sofia, 6),
            utc("2026-07-01T03:00:00Z")
        );
        // The night clocks go forward (29 March 2026, 03:00 → 04:00): a 03:00 tick runs at 04:00.
        assert_eq!(
            next_tick_at(utc("2026-03-28T23:00:00Z"), sofia, 3),
            utc("2026-03-29T01:00:00Z")
        );
    }
}
