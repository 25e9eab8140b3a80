//! The shell of the daily tick: loads every unfinished game, asks the rules for the notices
//! due as of `now` (`game::handle_tick`), and persists the new states with the notices in one
//! transaction. The rules remember what they issued, and each notice's Message-ID derives from
//! the game, the notice and its due day, so running the tick twice on a day sends nothing
//! twice; after days of downtime one run catches up, each notice dated when it became due.

use chrono::{DateTime, FixedOffset};

use crate::config::Config;
use crate::engine::{self, Answer, EngineError};
use crate::rules::game;
use crate::rules::game::GameRecord;
use crate::rules::model::Day;
use crate::store::{ClockRow, InputKind, Store, StoredGame};

/// Games read, swept and written at a time.
const CHUNK: usize = 2048;

/// One game after the clock's sweep: its record as it now stands, and when the clock moved,
/// the clock row to write and the notices to send.
struct Swept {
    record: GameRecord,
    ticked: Option<(ClockRow, Vec<game::Effect>)>,
}

/// The pure part for one game: decode, ask the clock (Art. 24–40), prepare the row.
fn sweep(row: &StoredGame, today: Day) -> Result<Swept, EngineError> {
    let record = row.decode()?;
    let handled = game::handle_tick(&record, today);
    Ok(match handled.record {
        Some(next) => {
            let clock = ClockRow::of(&next)?;
            Swept {
                record: next,
                ticked: Some((clock, handled.effects)),
            }
        }
        None => Swept {
            record,
            ticked: None,
        },
    })
}

/// A worker's job: sweep a chunk, or free what the writing thread is done with.
enum Job {
    Sweep(usize, Vec<StoredGame>),
    Free(Vec<Swept>),
}

/// Chunks of a swept game's results, or the panic of the worker that swept them.
type Outcome = std::thread::Result<Vec<Result<Swept, EngineError>>>;

/// Runs the sweep over `ids` a chunk at a time, in their order: this thread (the one holding
/// the database) reads a chunk and writes the results of an earlier one while worker threads,
/// one per core, decode and sweep the chunks between. A worker's panic is raised again here.
/// What `write` is done with goes back to the workers to be freed where it was allocated: freed
/// on this thread, the records cost it a sixth of its time in the allocator's locks (measured
/// on the bench's worst day), and this thread is the one the tick waits for.
fn pipelined(
    ids: &[String],
    today: Day,
    mut read: impl FnMut(&[String]) -> Result<Vec<StoredGame>, EngineError>,
    mut write: impl FnMut(Vec<Result<Swept, EngineError>>) -> Result<Vec<Swept>, EngineError>,
) -> Result<(), EngineError> {
    use std::sync::{Arc, Mutex, mpsc};
    let chunks: Vec<&[String]> = ids.chunks(CHUNK).collect();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        let (jobs, queue) = mpsc::sync_channel::<Job>(workers);
        let queue = Arc::new(Mutex::new(queue));
        let (done, results) = mpsc::channel::<(usize, Outcome)>();
        for _ in 0..workers {
            let (queue, done) = (queue.clone(), done.clone());
            scope.spawn(move || {
                loop {
                    let job = queue.lock().map(|q| q.recv());
                    let (i, rows) = match job {
                        Ok(Ok(Job::Sweep(i, rows))) => (i, rows),
                        Ok(Ok(Job::Free(done))) => {
                            drop(done);
                            continue;
                        }
                        _ => break,
                    };
                    let swept = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        rows.iter().map(|r| sweep(r, today)).collect()
                    }));
                    if done.send((i, swept)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        let mut waiting = std::collections::BTreeMap::new();
        let (mut sent, mut written) = (0, 0);
        while written < chunks.len() {
            // Keep every worker busy and one chunk more in hand.
            while sent < chunks.len() && sent - written <= workers {
                jobs.send(Job::Sweep(sent, read(chunks[sent])?))
                    .expect("tick workers are alive while jobs remain");
                sent += 1;
            }
            let (i, outcome) = results.recv().expect("a tick worker answers every chunk");
            waiting.insert(i, outcome);
            while let Some(outcome) = waiting.remove(&written) {
                match outcome {
                    Ok(swept) => {
                        let done = write(swept)?;
                        if let Err(mpsc::TrySendError::Full(Job::Free(done))) =
                            jobs.try_send(Job::Free(done))
                        {
                            // Every worker busy: not worth waiting for.
                            drop(done);
                        }
                    }
                    Err(panic) => std::panic::resume_unwind(panic),
                }
                written += 1;
            }
        }
        Ok(())
    })
}

/// Runs the sweep as of `now`; returns the number of messages queued.
pub fn run(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
) -> Result<usize, EngineError> {
    engine::sync_config(store, config)?;
    let today = crate::config::local_day(config, now);
    store.with_room(|store| sweep_all(store, config, now, today))?
}

/// The sweep in one transaction.
fn sweep_all(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
    today: Day,
) -> Result<usize, EngineError> {
    store.transaction(|tx| {
        let mut queued = 0;
        let mut ends = std::collections::HashMap::new();
        let mut ended = Vec::new();
        for t in &config.tournaments {
            let end = crate::arbiter::end_date(tx, config, &t.id)?;
            // Ended, or (post) inside the Art. 51 reminder window before the end.
            if end.is_some_and(|e| game::end_in_sight(t.params.mode, e, today)) {
                ended.push(t.id.clone());
            }
            ends.insert(t.id.clone(), end);
        }
        // A tournament in stages: each round's end date is the end date of its games.
        ended.extend(crate::stages::rounds_ended(tx, config, today)?);
        let t0 = std::time::Instant::now();
        let due = tx.games_due(&today.to_string(), &ended)?;
        let n_due = due.len();
        let (mut t_read, mut t_write) = (t0.elapsed().as_secs_f64(), 0f64);
        let t_all = std::time::Instant::now();
        let read = |ids: &[String]| {
            let a = std::time::Instant::now();
            let rows = tx.stored_games(ids);
            t_read += a.elapsed().as_secs_f64();
            Ok(rows?)
        };
        let write = |swept: Vec<Result<Swept, EngineError>>| {
            let a = std::time::Instant::now();
            let mut done = Vec::with_capacity(swept.len());
            for s in swept {
                let s = s?;
                let Swept { record, ticked } = &s;
                let mut out =
                    Answer::unprompted(config, format!("tick:{}:{}", record.id, today), now);
                if let Some((row, effects)) = ticked {
                    tx.put_clock_row(row)?;
                    crate::reply::emit(tx, config, &mut out, record, effects, today)?;
                    queued += effects.len();
                }
                // Then the end of the tournament (Art. 49–53).
                if !ends.contains_key(&record.tournament) {
                    ends.insert(
                        record.tournament.clone(),
                        crate::arbiter::end_date(tx, config, &record.tournament)?,
                    );
                }
                let end = record.end_date(ends.get(&record.tournament).copied().flatten());
                if let Some(end) = end {
                    let handled = game::handle_end(record, end, today);
                    if let Some(next) = handled.record {
                        tx.update_game(&next)?;
                        crate::reply::emit(tx, config, &mut out, &next, &handled.effects, today)?;
                        queued += handled.effects.len();
                    }
                }
                done.push(s);
            }
            t_write += a.elapsed().as_secs_f64();
            Ok(done)
        };
        pipelined(&due, today, read, write)?;
        // Rounds falling due: round 1 on the start date, the next once a round is complete.
        queued += crate::stages::advance(tx, config, now, today)?;
        let t_all = t_all.elapsed().as_secs_f64();
        // Where a long sweep spends its time (RUST_LOG=amici::tick=debug; issue 8's tick target).
        tracing::debug!(
            %today, due = n_due, read_s = t_read, write_s = t_write, all_s = t_all,
            "tick sweep"
        );
        tx.set_meta("last_tick", &today.to_string())?;
        tx.log_input(&now.to_rfc3339(), InputKind::Tick, None, None)?;
        Ok::<_, EngineError>(queued)
    })
}
