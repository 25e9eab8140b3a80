//! The daemon (`amici run`): IMAP in → store raw → rules → state + outbox in one transaction →
//! mark the letter done on the server; an outbox worker sends; the daily tick runs at the
//! configured local hour and once at start-up; the config reloads on SIGHUP and on change.
//! Every task reconnects with backoff: a dead server never stops the daemon.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
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
use crate::mail::imap;
use crate::store::{Store, Stored};
use crate::tick;

/// What the tasks share.
pub struct Shared {
    pub store: Mutex<Store>,
    pub config: RwLock<Arc<Config>>,
    /// Wakes the outbox worker.
    pub outbox: Notify,
    /// Set once the mailbox has been read up to date after start-up.
    caught_up: std::sync::atomic::AtomicBool,
    caught_up_signal: Notify,
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

    fn store(&self) -> Result<std::sync::MutexGuard<'_, Store>> {
        self.store
            .lock()
            .map_err(|_| anyhow!("store lock poisoned"))
    }
}

/// Processes everything stored and not yet processed, off the async threads.
async fn process(shared: &Arc<Shared>) -> Result<usize> {
    let s = shared.clone();
    let n = tokio::task::spawn_blocking(move || -> Result<usize> {
        let cfg = s.config();
        let now = clock::now()?;
        let mut store = s.store()?;
        Ok(engine::process_pending(&mut store, &cfg, now)?)
    })
    .await??;
    if n > 0 {
        shared.outbox.notify_one();
    }
    Ok(n)
}

/// Runs the daemon until SIGTERM / SIGINT.
pub async fn run(config_path: PathBuf, config: Config) -> Result<()> {
    let mut store = Store::open(&config.bot.database)?;
    engine::sync_config(&mut store, &config)?;
    let shared = Arc::new(Shared {
        store: Mutex::new(store),
        config: RwLock::new(Arc::new(config)),
        outbox: Notify::new(),
        caught_up: std::sync::atomic::AtomicBool::new(false),
        caught_up_signal: Notify::new(),
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
            if let Err(e) = tell_admin_refused(shared, &old, &errors.to_string()) {
                tracing::error!("cannot queue the notice to the admin: {e}");
            }
            shared.outbox.notify_one();
            None
        }
        Ok(new) => {
            if *old == new {
                return Some(false);
            }
            let restart = old.imap != new.imap;
            {
                let Ok(mut store) = shared.store() else {
                    return None;
                };
                if let Err(e) = engine::sync_config(&mut store, &new) {
                    tracing::error!("config applied but the games could not be synchronised: {e}");
                }
            }
            if let Ok(mut c) = shared.config.write() {
                *c = Arc::new(new);
            }
            tracing::info!("config reloaded");
            Some(restart)
        }
    }
}

fn tell_admin_refused(shared: &Shared, config: &Config, errors: &str) -> Result<()> {
    let Some(admin) = config.bot.admin.clone() else {
        return Ok(());
    };
    let now = clock::now()?;
    let mut store = shared.store()?;
    engine::queue_admin_notice(
        &mut store,
        config,
        &admin,
        "amici: config edit refused",
        &format!("The edited config was refused; the previous config keeps running.\n\n{errors}\n"),
        now,
    )?;
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
    // Finish marking letters processed before a crash.
    let (stored_validity, last) = shared
        .store()?
        .imap_state(&cfg.mailbox)?
        .unwrap_or((validity, 0));
    if stored_validity == validity {
        let unseen: Vec<u32> = imap::timed("search", imap::unseen(&mut session))
            .await?
            .into_iter()
            .filter(|u| *u <= last)
            .collect();
        let done = done_uids(shared, cfg, validity, &unseen)?;
        imap::timed(
            "store",
            imap::mark_done(&mut session, &done, cfg.processed_folder.as_deref()),
        )
        .await?;
    }
    loop {
        let (stored_validity, last) = shared
            .store()?
            .imap_state(&cfg.mailbox)?
            .unwrap_or((validity, 0));
        // A new UIDVALIDITY: rescan everything; Message-ID/hash dedupe keeps it exactly-once.
        let last = if stored_validity == validity { last } else { 0 };
        let uids = imap::timed("search", imap::new_uids(&mut session, last)).await?;
        // A letter that arrived while we worked was announced in the replies to our
        // commands, not to the next IDLE: search again, and idle only when nothing is new.
        let had_new = !uids.is_empty();
        for chunk in uids.chunks(20) {
            let fetched = imap::timed("fetch", imap::fetch(&mut session, chunk)).await?;
            let mut stored_uids = Vec::new();
            for f in fetched {
                let config = shared.config();
                // Arrival: the server's INTERNALDATE, else the top Received: line, else now.
                let arrived = match f.internal_date {
                    Some(d) => d,
                    None => {
                        match crate::mail::inbound::parse(&f.raw, &config.bot.address).received_at {
                            Some(d) => d,
                            None => clock::now()?,
                        }
                    }
                };
                let source = format!("imap:{}:{}:{}", cfg.mailbox, validity, f.uid);
                let stored = {
                    let mut store = shared.store()?;
                    engine::store_raw(
                        &mut store,
                        &config,
                        &f.raw,
                        arrived,
                        &source,
                        Some((&cfg.mailbox, validity, f.uid)),
                    )?
                };
                if let Stored::Duplicate(_) = stored {
                    tracing::debug!(uid = f.uid, "already stored");
                }
                stored_uids.push(f.uid);
            }
            process(shared).await?;
            let done = done_uids(shared, cfg, validity, &stored_uids)?;
            imap::timed(
                "store",
                imap::mark_done(&mut session, &done, cfg.processed_folder.as_deref()),
            )
            .await?;
        }
        if had_new {
            continue;
        }
        shared.mark_caught_up();
        session = imap::wait(
            session,
            idle,
            Duration::from_secs(25 * 60),
            Duration::from_secs(cfg.poll_seconds),
        )
        .await?;
    }
}

/// Of these UIDs, the ones whose letter is stored and processed (or a duplicate of one).
fn done_uids(
    shared: &Shared,
    cfg: &crate::config::Imap,
    validity: u32,
    uids: &[u32],
) -> Result<Vec<u32>> {
    let store = shared.store()?;
    let mut out = Vec::new();
    for uid in uids {
        let source = format!("imap:{}:{}:{}", cfg.mailbox, validity, uid);
        // None: a duplicate of a letter stored under another source; it is done when that is.
        if store.inbound_done_by_source(&source)?.unwrap_or(true) {
            out.push(*uid);
        }
    }
    Ok(out)
}

async fn outbox_worker(shared: Arc<Shared>) {
    let mut transport: Option<(Arc<Config>, Transport)> = None;
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
        if let Some((_, t)) = &transport {
            match clock::system_now() {
                now => match deliver::flush(&shared.store, &config, t, now).await {
                    Ok(f) if f.sent + f.failed + f.retry > 0 => {
                        tracing::info!(sent = f.sent, retry = f.retry, failed = f.failed, "outbox")
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!("outbox: {e:#}"),
                },
            }
        }
        tokio::select! {
            _ = shared.outbox.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(5)) => {}
        }
    }
}

async fn run_tick(shared: &Arc<Shared>) {
    let s = shared.clone();
    let r = tokio::task::spawn_blocking(move || -> Result<usize> {
        let cfg = s.config();
        let now = clock::now()?;
        let mut store = s.store()?;
        Ok(tick::run(&mut store, &cfg, now)?)
    })
    .await;
    match r {
        Ok(Ok(n)) => {
            if n > 0 {
                shared.outbox.notify_one();
            }
        }
        Ok(Err(e)) => tracing::error!("tick: {e:#}"),
        Err(e) => tracing::error!("tick: {e}"),
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
