//! `amici run --dry-run DIR` (issue 13): what amici would do with the real mailbox, without
//! doing it — what an arbiter wants to see before switching a season over.
//!
//! The mailbox is opened read-only (IMAP `EXAMINE`: no flag is set, nothing is moved); the
//! live database is copied (`Store::snapshot`, never written) into `DIR/amici.sqlite3`; every
//! letter above the copy's cursor is stored and processed there, then the day's tick runs, and
//! every message amici would send is written as an `.eml` file into `DIR/outbox/` — nothing is
//! sent. One pass, then it exits; `DIR` is left for the arbiter to read (and `amici --config …
//! status` can be pointed at the copy by a config whose `database` names it).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use chrono::{DateTime, FixedOffset};

use crate::config::{Config, Delivery};
use crate::mail::{deliver, imap};
use crate::store::Store;
use crate::{engine, tick};

/// What a dry run did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Letters read from the mailbox (new since the live database's cursor).
    pub letters: usize,
    /// Messages written into `outbox`, one `.eml` file each.
    pub messages: usize,
    /// Where they are.
    pub outbox: PathBuf,
    /// The copy of the database the letters were processed in.
    pub database: PathBuf,
    /// Whether a mailbox was read (the config has an `[imap]` section).
    pub mailbox: bool,
}

use crate::mail::imap::{FETCH_BYTES, FETCH_CHUNK};

/// The file that marks a folder as a dry run's own: only such a folder (or a new or empty one)
/// is written into, and only its own files are removed.
const MARKER: &str = ".amici-dry-run";

/// `dir` may be used: new, empty, or a dry run's own (its marker); never a folder holding
/// anything else — the live database, the live outbox, the site — whatever its name.
fn claim_folder(config: &Config, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let dir = dir
        .canonicalize()
        .with_context(|| format!("reading {}", dir.display()))?;
    let same = |p: &Path| {
        p.canonicalize()
            .ok()
            .is_some_and(|p| p == dir || p.starts_with(&dir))
    };
    let live = [
        Some(config.bot.database.clone()),
        match &config.delivery {
            Delivery::Dir(d) => Some(d.clone()),
            Delivery::Smtp(_) => None,
        },
        config.site.dir.clone(),
        config.path.parent().map(Path::to_path_buf),
    ];
    if let Some(p) = live.iter().flatten().find(|p| same(p)) {
        anyhow::bail!(
            "{} holds amici's own files ({}): a dry run needs a folder of its own",
            dir.display(),
            p.display()
        );
    }
    let marker = dir.join(MARKER);
    let empty = std::fs::read_dir(&dir)?.next().is_none();
    if !empty && !marker.exists() {
        anyhow::bail!(
            "{} is not empty and not an earlier dry run's folder: name a new or empty folder",
            dir.display()
        );
    }
    std::fs::write(
        &marker,
        "a folder of `amici run --dry-run`: its files are replaced by the next one\n",
    )
    .with_context(|| format!("writing {}", marker.display()))?;
    Ok(())
}

/// Runs the dry run into `dir` as of `now`.
pub async fn run(config: &Config, dir: &Path, now: DateTime<FixedOffset>) -> Result<Summary> {
    claim_folder(config, dir)?;
    let outbox = dir.join("outbox");
    let database = dir.join("amici.sqlite3");
    std::fs::create_dir_all(&outbox).with_context(|| format!("creating {}", outbox.display()))?;
    // A run into the same folder again starts clean: the last run's messages and its copy of
    // the database (with SQLite's -wal and -shm files) are removed.
    for entry in std::fs::read_dir(&outbox)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "eml") {
            std::fs::remove_file(&path)
                .with_context(|| format!("removing the last dry run's {}", path.display()))?;
        }
    }
    for suffix in ["", "-wal", "-shm"] {
        let p = PathBuf::from(format!("{}{suffix}", database.display()));
        if p.exists() {
            std::fs::remove_file(&p)
                .with_context(|| format!("removing the last dry run's {}", p.display()))?;
        }
    }
    if config.bot.database.exists() {
        Store::snapshot(&config.bot.database, &database)
            .with_context(|| format!("copying {}", config.bot.database.display()))?;
    }
    let mut copy = config.clone();
    copy.bot.database = database.clone();
    copy.delivery = Delivery::Dir(outbox.clone());
    copy.site.dir = None; // the published site is not regenerated from a dry run
    let config = copy;

    let mut store = Store::open(&database)?;
    engine::sync_config(&mut store, &config)
        .context("bringing the games in line with the config")?;
    let mut letters = 0;
    if let Some(cfg) = &config.imap {
        letters = read_mailbox(&mut store, &config, cfg, now).await?;
    }
    tick::run(&mut store, &config, now)?;

    let transport = deliver::Transport::from_config(&config)?;
    let db = crate::store::Db::spawn(store);
    let flushed = deliver::flush(&db, &Arc::new(config.clone()), &transport, now).await?;
    if flushed.retry > 0 || flushed.failed > 0 {
        anyhow::bail!(
            "{} message(s) could not be written into {}",
            flushed.retry + flushed.failed,
            outbox.display()
        );
    }
    Ok(Summary {
        letters,
        messages: flushed.sent,
        outbox,
        database,
        mailbox: config.imap.is_some(),
    })
}

/// Stores and processes every letter above the copy's cursor, the mailbox opened read-only.
async fn read_mailbox(
    store: &mut Store,
    config: &Config,
    cfg: &crate::config::Imap,
    now: DateTime<FixedOffset>,
) -> Result<usize> {
    let (mut session, validity, _) = imap::timed("connect", imap::connect_read_only(cfg)).await?;
    let last = match store.imap_state(&cfg.mailbox)? {
        Some((v, last)) if v == validity => last,
        _ => 0,
    };
    let uids = imap::timed("search", imap::new_uids(&mut session, last)).await?;
    let max = config.bot.max_message_bytes;
    let mut letters = 0;
    for chunk in uids.chunks(FETCH_CHUNK) {
        let sizes = imap::timed("fetch", imap::sizes(&mut session, chunk)).await?;
        for group in imap::by_bytes(chunk, &sizes, max, FETCH_BYTES) {
            let fetched =
                imap::timed("fetch", imap::fetch(&mut session, &group, &sizes, max)).await?;
            for f in &fetched {
                let (arrived, source, message_id) = f.stored_as(&cfg.mailbox, validity, now);
                let letter = crate::store::RawLetter {
                    message_id: message_id.as_deref(),
                    ..engine::raw_letter(config, &f.raw, f.size, &arrived, &source)
                };
                store.store_chunk(&[letter], None)?;
                letters += 1;
            }
            engine::process_pending(store, config, now).context("processing")?;
        }
    }
    let _ = session.logout().await;
    Ok(letters)
}
