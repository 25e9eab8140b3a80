//! The shell of the daily tick: loads every unfinished game, asks the rules for the notices
//! due as of `now` (`game::tick_in_place`: `handle_tick` on the record it decoded), and
//! persists the new states with the notices in one transaction. The rules remember what they
//! issued, and each notice's Message-ID derives from the game, the notice and its due day, so
//! running the tick twice on a day sends nothing twice; after days of downtime one run catches
//! up, each notice dated when it became due.

use chrono::{DateTime, FixedOffset};

use crate::config::Config;
use crate::engine::{self, Answer, EngineError};
use crate::rules::game;
use crate::rules::game::GameRecord;
use crate::rules::model::{Day, Kind, Mode};
use crate::store::{ClockRow, InputKind, PausedGame, Reader, Store, TickRead};

/// Games read, swept and written at a time.
const CHUNK: usize = 2048;

/// One game after the clock's sweep: the game as it now stands, and when the clock moved,
/// the clock row to write and the notices to send.
struct Swept<N = Notices> {
    game: SweptGame,
    ticked: Option<(ClockRow, N)>,
}

/// A swept game: its whole record, or a paused game known by its clock row (its record is
/// read only if a letter about it needs it).
enum SweptGame {
    Whole(Box<GameRecord>),
    Paused(PausedGame),
}

impl SweptGame {
    fn head(&self) -> Head<'_> {
        match self {
            SweptGame::Whole(r) => Head {
                id: &r.id,
                tournament: &r.tournament,
                white: &r.white,
                black: &r.black,
            },
            SweptGame::Paused(p) => Head {
                id: &p.id,
                tournament: &p.tournament,
                white: &p.white,
                black: &p.black,
            },
        }
    }
}

/// What the reminders' digest names of a game.
struct Head<'a> {
    id: &'a str,
    tournament: &'a str,
    white: &'a str,
    black: &'a str,
}

/// The pure part for one game: decode, ask the clock (Art. 24–40), prepare the row. A paused
/// game is asked of its clock alone (`game::tick_paused`, the same answer as its record's).
fn sweep(row: TickRead, today: Day, config: &Config) -> Result<Swept, EngineError> {
    let swept = sweep_clock(row, today)?;
    let Swept { game, ticked } = swept;
    let ticked = ticked.map(|(row, effects)| (row, Notices::of(config, game.head(), effects)));
    Ok(Swept { game, ticked })
}

/// The clock's sweep of one game: its row and its effects when the clock moved.
fn sweep_clock(row: TickRead, today: Day) -> Result<Swept<Vec<game::Effect>>, EngineError> {
    match row {
        TickRead::Whole(stored) => {
            let mut record = stored.decode()?;
            // In place: the decoded record is ours, no copy of it for the new state.
            let ticked = match game::tick_in_place(&mut record, today) {
                Some(effects) => Some((ClockRow::of(&record)?, effects)),
                None => None,
            };
            Ok(Swept {
                game: SweptGame::Whole(Box::new(record)),
                ticked,
            })
        }
        TickRead::Paused(paused) => {
            let ticked = match game::tick_paused(&paused.clock, today) {
                game::PausedTick::Changed(state, effects) => {
                    Some((ClockRow::paused(&paused, &state), effects))
                }
                // The store reads a game as paused only when its clock is.
                game::PausedTick::Unchanged | game::PausedTick::NotPaused => None,
            };
            Ok(Swept {
                game: SweptGame::Paused(paused),
                ticked,
            })
        }
    }
}

/// A worker's job: sweep a chunk.
struct Job(usize, Vec<TickRead>);

/// Chunks of a swept game's results, or the panic of the worker that swept them.
type Outcome = std::thread::Result<Vec<Result<Swept, EngineError>>>;

/// Where the chunks are read: on the thread holding the database, in the writing transaction
/// (`Here`), or beside it on a second, read-only connection (`Beside`, a file database).
enum Source<F> {
    Here(F),
    Beside(Reader),
}

/// Runs the sweep over `ids` a chunk at a time, in their order (the games of the tournaments
/// in `near_end` read whole, see `Tx::tick_games`): worker threads, one per core,
/// decode and sweep the chunks while this thread (the one holding the database) writes the
/// results of earlier ones, in order. The chunks are read on a thread of their own through
/// the `Beside` connection, so the writing thread — the one the tick waits for — does nothing
/// but write (perf on the bench's worst day: reading was a third of its time); the reader
/// stays at most `workers + 1` chunks ahead of the writing (one credit per chunk written).
/// With `Here` this thread reads between its writes. A worker's panic is raised again here.
/// What `write` is done with always goes back to the workers, on a channel of its own, to be
/// freed where it was allocated (freed on this thread, the records cost it a sixth of its time
/// in the allocator's locks; it used to be freed here whenever every worker was busy).
fn pipelined<F>(
    config: &Config,
    ids: &[String],
    near_end: &[String],
    today: Day,
    source: Source<F>,
    mut write: impl FnMut(Vec<Result<Swept, EngineError>>) -> Result<Vec<Swept>, EngineError>,
) -> Result<(), EngineError>
where
    F: FnMut(&[String]) -> Result<Vec<TickRead>, EngineError>,
{
    use std::sync::{Arc, Mutex, mpsc};
    let chunks: Vec<&[String]> = ids.chunks(CHUNK).collect();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Chunks read but not yet written, at most: every worker busy and one more in hand.
    let ahead = workers + 1;
    std::thread::scope(|scope| {
        let (jobs, queue) = mpsc::sync_channel::<Job>(workers);
        let queue = Arc::new(Mutex::new(queue));
        let (freed, to_free) = mpsc::channel::<Vec<Swept>>();
        let to_free = Arc::new(Mutex::new(to_free));
        let (done, results) = mpsc::channel::<(usize, Outcome)>();
        for _ in 0..workers {
            let (queue, to_free, done) = (queue.clone(), to_free.clone(), done.clone());
            scope.spawn(move || {
                loop {
                    // What the writing is done with first, without waiting for it.
                    while let Ok(Ok(swept)) = to_free.try_lock().map(|f| f.try_recv()) {
                        drop(swept);
                    }
                    let Ok(Ok(Job(i, rows))) = queue.lock().map(|q| q.recv()) else {
                        break;
                    };
                    let swept = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        rows.into_iter().map(|r| sweep(r, today, config)).collect()
                    }));
                    if done.send((i, swept)).is_err() {
                        break;
                    }
                }
            });
        }
        // Beside: the reader thread reads chunk after chunk while it has credit (one per
        // chunk written); a read error is that chunk's outcome, raised when its turn comes.
        let (credit, credits) = mpsc::channel::<()>();
        let mut read_here = match source {
            Source::Here(read) => Some((read, jobs)),
            Source::Beside(reader) => {
                let done = done.clone();
                let chunks = &chunks;
                scope.spawn(move || {
                    for (i, chunk) in chunks.iter().enumerate() {
                        if i >= ahead && credits.recv().is_err() {
                            return;
                        }
                        match reader.tick_games(chunk, near_end) {
                            Ok(rows) => {
                                if jobs.send(Job(i, rows)).is_err() {
                                    return;
                                }
                            }
                            Err(e) => {
                                let _ = done.send((i, Ok(vec![Err(e.into())])));
                                return;
                            }
                        }
                    }
                });
                None
            }
        };
        drop(done);
        let mut waiting = std::collections::BTreeMap::new();
        let (mut sent, mut written) = (0, 0);
        while written < chunks.len() {
            if let Some((read, jobs)) = &mut read_here {
                while sent < chunks.len() && sent - written < ahead {
                    jobs.send(Job(sent, read(chunks[sent])?))
                        .expect("tick workers are alive while jobs remain");
                    sent += 1;
                }
            }
            let (i, outcome) = results.recv().expect("a tick worker answers every chunk");
            waiting.insert(i, outcome);
            while let Some(outcome) = waiting.remove(&written) {
                match outcome {
                    Ok(swept) => {
                        let _ = freed.send(write(swept)?);
                    }
                    Err(panic) => std::panic::resume_unwind(panic),
                }
                written += 1;
                let _ = credit.send(());
            }
        }
        Ok(())
    })
}

/// The Art. 37 reminders to the arbiters of one tick, gathered by tournament: where two or
/// more fall due on the same tick, the arbiter gets one letter listing them all (the bench's
/// worst day has 80,000: one letter, not 80,000); a single one goes as the game's own letter,
/// threaded under its claim. Presentation, not a rule: the rules still issue one reminder a
/// claim, and remember it.
#[derive(Default)]
struct Overdue {
    by_tournament: std::collections::BTreeMap<String, OverdueOf>,
}

/// One tournament's reminders: the lines, and the first one's game and effect (sent as it is
/// when it stays alone).
#[derive(Default)]
struct OverdueOf {
    lines: Vec<String>,
    first: Option<(String, game::Effect)>,
}

/// A swept game's notices: the Art. 37 reminders to the arbiter, each with its line of the
/// arbiter's digest (rendered on the worker that swept the game), and the others.
struct Notices {
    rest: Vec<game::Effect>,
    overdue: Vec<(game::Effect, String)>,
}

impl Notices {
    /// Sorts `effects` (on a worker, with the names and the arbiter's language it needs).
    fn of(config: &Config, game: Head<'_>, effects: Vec<game::Effect>) -> Notices {
        let mut out = Notices {
            rest: Vec::new(),
            overdue: Vec::new(),
        };
        for e in effects {
            let line = match &e.msg {
                game::Msg::Clock(n)
                    if e.to == game::Role::Arbiter
                        && n.kind == crate::rules::clock::NoticeKind::DecisionOverdue =>
                {
                    let lang = config
                        .tournament(game.tournament)
                        .map_or(config.bot.language, |t| config.language_of(&t.arbiter));
                    let line = crate::mail::render::OverdueLine {
                        game: game.id.to_string(),
                        white: config.name_of(game.white),
                        black: config.name_of(game.black),
                        about: n.about,
                        move_number: n.move_number,
                        claim: n.claim.map_or(1, |i| i + 1),
                    };
                    crate::mail::render::overdue_line(lang, &line)
                }
                _ => {
                    out.rest.push(e);
                    continue;
                }
            };
            out.overdue.push((e, line));
        }
        out
    }
}

impl Overdue {
    /// Takes a game's Art. 37 reminders to the arbiter, their lines moved out of `overdue`.
    fn gather(&mut self, game: Head<'_>, overdue: &mut Vec<(game::Effect, String)>) {
        if overdue.is_empty() {
            return;
        }
        let of = match self.by_tournament.get_mut(game.tournament) {
            Some(of) => of,
            None => self
                .by_tournament
                .entry(game.tournament.to_string())
                .or_default(),
        };
        for (e, line) in overdue.drain(..) {
            if of.lines.is_empty() {
                of.first = Some((game.id.to_string(), e));
            }
            of.lines.push(line);
        }
    }

    /// Queues what was gathered; the number of messages queued.
    fn send(
        self,
        tx: &crate::store::Tx<'_>,
        config: &Config,
        now: DateTime<FixedOffset>,
        today: Day,
    ) -> Result<usize, EngineError> {
        let mut queued = 0;
        for (tournament, of) in self.by_tournament {
            if let (1, Some((id, effect))) = (of.lines.len(), &of.first) {
                // Its game's own letter, from the record as the sweep left it.
                let record = whole(tx, id)?;
                let seed = format!("tick:{id}:{today}:overdue");
                let mut out = Answer::unprompted(config, seed, now);
                let effects = std::slice::from_ref(effect);
                crate::reply::emit(tx, config, &mut out, &record, effects, today)?;
                queued += 1;
                continue;
            }
            let Some(t) = config.tournament(&tournament) else {
                continue;
            };
            let lang = config.language_of(&t.arbiter);
            let letters = crate::mail::render::overdue_digests(lang, &t.name, &of.lines);
            for (k, (subject, body)) in letters.into_iter().enumerate() {
                let seed = match k {
                    0 => format!("tick:overdue:{tournament}:{today}"),
                    k => format!("tick:overdue:{tournament}:{today}:{k}"),
                };
                let mut out = Answer::unprompted(config, seed, now);
                out.queue(tx, &t.arbiter, Kind::Reminder, None, subject, body)?;
                queued += 1;
            }
        }
        Ok(queued)
    }
}

/// The whole record of a game just swept (it exists: the sweep read it).
fn whole(tx: &crate::store::Tx<'_>, id: &str) -> Result<GameRecord, EngineError> {
    let record = tx.game(id)?;
    record.ok_or_else(|| crate::store::StoreError::Sql(rusqlite::Error::QueryReturnedNoRows).into())
}

/// Runs the sweep as of `now`; returns the number of messages queued.
pub fn run(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
) -> Result<usize, EngineError> {
    engine::sync_config(store, config)?;
    let today = crate::config::local_day(config, now);
    let t = std::time::Instant::now();
    let queued = store.with_room(|store| sweep_all(store, config, now, today))?;
    tracing::debug!(%today, all_s = t.elapsed().as_secs_f64(), "tick with its commit");
    queued
}

/// The sweep in one transaction.
fn sweep_all(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
    today: Day,
) -> Result<usize, EngineError> {
    // Opened before the transaction, read from only inside it (see `Reader`).
    let reader = store.reader()?;
    store.transaction(|tx| {
        let mut queued = 0;
        let mut ends = std::collections::HashMap::new();
        let mut ended = Vec::new();
        // Tournaments whose paused games are read whole, for their end: those of `ended`, and
        // any inside the longest reminder window (a record's mode may not be its tournament's).
        let mut near_end = Vec::new();
        for t in &config.tournaments {
            let end = crate::arbiter::end_date(tx, config, &t.id)?;
            // Ended, or (post) inside the Art. 51 reminder window before the end.
            if end.is_some_and(|e| game::end_in_sight(t.params.mode, e, today)) {
                ended.push(t.id.clone());
            }
            if end.is_some_and(|e| game::end_in_sight(Mode::Post, e, today)) {
                near_end.push(t.id.clone());
            }
            ends.insert(t.id.clone(), end);
        }
        // A tournament in stages: each round's end date is the end date of its games.
        let rounds = crate::stages::rounds_ended(tx, config, today)?;
        near_end.extend(rounds.iter().cloned());
        ended.extend(rounds);
        let t0 = std::time::Instant::now();
        let due = tx.games_due(&today.to_string(), &ended)?;
        let n_due = due.len();
        let (mut t_read, mut t_write) = (t0.elapsed().as_secs_f64(), 0f64);
        let t_all = std::time::Instant::now();
        let mut overdue = Overdue::default();
        let source = match reader {
            Some(reader) => Source::Beside(reader),
            None => Source::Here(|ids: &[String]| {
                let a = std::time::Instant::now();
                let rows = tx.tick_games(ids, &near_end);
                t_read += a.elapsed().as_secs_f64();
                Ok(rows?)
            }),
        };
        let write = |swept: Vec<Result<Swept, EngineError>>| {
            let a = std::time::Instant::now();
            let mut done = Vec::with_capacity(swept.len());
            for s in swept {
                let mut s = s?;
                let Swept {
                    game: swept,
                    ticked,
                } = &mut s;
                let swept = &*swept;
                let head = swept.head();
                // One answer a game for all its letters of the day (their Message-IDs count on).
                let mut answer = None;
                let new_answer =
                    || Answer::unprompted(config, format!("tick:{}:{}", head.id, today), now);
                if let Some((row, notices)) = ticked {
                    tx.put_clock_row(row)?;
                    overdue.gather(swept.head(), &mut notices.overdue);
                    let rest = &notices.rest;
                    if !rest.is_empty() {
                        let read;
                        let record = match swept {
                            SweptGame::Whole(record) => record,
                            SweptGame::Paused(p) => {
                                read = whole(tx, &p.id)?;
                                &read
                            }
                        };
                        let out = answer.get_or_insert_with(new_answer);
                        crate::reply::emit(tx, config, out, record, rest, today)?;
                        queued += rest.len();
                    }
                }
                // Then the end of the tournament (Art. 49–53), on a whole record: a paused game
                // is read alone only outside the tournaments whose end is in sight.
                let SweptGame::Whole(record) = swept else {
                    done.push(s);
                    continue;
                };
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
                        let out = answer.get_or_insert_with(new_answer);
                        crate::reply::emit(tx, config, out, &next, &handled.effects, today)?;
                        queued += handled.effects.len();
                    }
                }
                done.push(s);
            }
            t_write += a.elapsed().as_secs_f64();
            Ok(done)
        };
        pipelined(config, &due, &near_end, today, source, write)?;
        queued += overdue.send(tx, config, now, today)?;
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
