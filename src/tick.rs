//! The shell of the daily tick: loads every unfinished game, asks the rules for the notices
//! due as of `now` (`game::handle_tick`), and persists the new states with the notices in one
//! transaction. The rules remember what they issued, and each notice's Message-ID derives from
//! the game, the notice and its due day, so running the tick twice on a day sends nothing
//! twice; after days of downtime one run catches up, each notice dated when it became due.

use chrono::{DateTime, FixedOffset};

use crate::config::Config;
use crate::engine::{self, Answer, EngineError};
use crate::rules::game;
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
        let mut queued = 0;
        for rec in tx.unfinished_games()? {
            let handled = game::handle_tick(&rec, today);
            let Some(next) = &handled.record else {
                continue;
            };
            tx.update_game(next)?;
            let mut out = Answer::unprompted(config, format!("tick:{}:{}", rec.id, today), now);
            engine::emit(tx, config, &mut out, next, &handled.effects, today)?;
            queued += handled.effects.len();
        }
        tx.set_meta("last_tick", &today.to_string())?;
        Ok::<_, EngineError>(queued)
    })
}
