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
        let mut ends = std::collections::HashMap::new();
        let mut ended = Vec::new();
        for t in &config.tournaments {
            let end = crate::arbiter::end_date(tx, config, &t.id)?;
            // Ended, or (post) inside the Art. 51 reminder window before the end.
            let window = if t.params.mode == crate::rules::model::Mode::Post {
                game::END_REMINDER_DAYS
            } else {
                0
            };
            if end.is_some_and(|e| e <= today + chrono::Duration::days(window)) {
                ended.push(t.id.clone());
            }
            ends.insert(t.id.clone(), end);
        }
        for rec in tx.games_due(&today.to_string(), &ended)? {
            let mut out = Answer::unprompted(config, format!("tick:{}:{}", rec.id, today), now);
            let mut current = rec;
            // The clock first, then the end of the tournament (Art. 49–53).
            let handled = game::handle_tick(&current, today);
            if let Some(next) = handled.record {
                tx.update_game(&next)?;
                engine::emit(tx, config, &mut out, &next, &handled.effects, today)?;
                queued += handled.effects.len();
                current = next;
            }
            if !ends.contains_key(&current.tournament) {
                ends.insert(
                    current.tournament.clone(),
                    crate::arbiter::end_date(tx, config, &current.tournament)?,
                );
            }
            if let Some(Some(end)) = ends.get(&current.tournament) {
                let handled = game::handle_end(&current, *end, today);
                if let Some(next) = handled.record {
                    tx.update_game(&next)?;
                    engine::emit(tx, config, &mut out, &next, &handled.effects, today)?;
                    queued += handled.effects.len();
                }
            }
        }
        tx.set_meta("last_tick", &today.to_string())?;
        Ok::<_, EngineError>(queued)
    })
}
