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
        let t0 = std::time::Instant::now();
        let due = tx.games_due(&today.to_string(), &ended)?;
        let (mut t_tick, mut t_upd, mut t_emit) = (0f64, 0f64, 0f64);
        let t_due = t0.elapsed().as_secs_f64();
        let n_due = due.len();
        for rec in due {
            let mut out = Answer::unprompted(config, format!("tick:{}:{}", rec.id, today), now);
            let mut current = rec;
            // The clock first, then the end of the tournament (Art. 49–53).
            let a = std::time::Instant::now();
            let handled = game::handle_tick(&current, today);
            t_tick += a.elapsed().as_secs_f64();
            if let Some(next) = handled.record {
                let a = std::time::Instant::now();
                tx.update_game(&next)?;
                t_upd += a.elapsed().as_secs_f64();
                let a = std::time::Instant::now();
                engine::emit(tx, config, &mut out, &next, &handled.effects, today)?;
                t_emit += a.elapsed().as_secs_f64();
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
        // Where a long sweep spends its time (RUST_LOG=amici::tick=debug; issue 8's tick target).
        tracing::debug!(
            %today, due = n_due, read_s = t_due, tick_s = t_tick, update_s = t_upd, emit_s = t_emit,
            "tick sweep"
        );
        tx.set_meta("last_tick", &today.to_string())?;
        Ok::<_, EngineError>(queued)
    })
}
