//! The daily tick for one game: the clock notices due, the claims filed, the game paused
//! where Art. 37 says; and the first day it will have something to do (`next_due`).

use crate::rules::clock::ClockState;
use crate::rules::model::Day;
use crate::rules::tick;

use super::effects::{Effect, Handled, Msg};
use super::record::{GameRecord, Status};

/// The daily tick for one game as of `today`: the clock notices due, the claims filed, and
/// the game paused where Art. 37 says.
pub fn handle_tick(rec: &GameRecord, today: Day) -> Handled {
    match swept(rec, today) {
        None => Handled::unchanged(Vec::new()),
        Some((state, effects)) => {
            let mut next = rec.clone();
            apply(&mut next, state);
            Handled::changed(next, effects)
        }
    }
}

/// [`handle_tick`] on a record the caller owns: the record is brought up to date where it
/// is, without the copy `handle_tick` makes of it (the daily sweep over every game due, where
/// that copy and its freeing were a tenth of the work). `Some` with the effects when the clock
/// moved, `None` (the record untouched) when nothing did.
pub fn tick_in_place(rec: &mut GameRecord, today: Day) -> Option<Vec<Effect>> {
    let (state, effects) = swept(rec, today)?;
    apply(rec, state);
    Some(effects)
}

/// The clock's new state and the effects of its notices, `None` when nothing changes.
fn swept(rec: &GameRecord, today: Day) -> Option<(ClockState, Vec<Effect>)> {
    // A game stopped for adjudication has no clock (Art. 52).
    if rec.status == Status::Finished || rec.adjudication.is_some() {
        return None;
    }
    let out = tick::tick(&rec.clock_game(), today);
    changed(out, &rec.clock)
}

/// The outcome of a sweep as effects, `None` when it changes nothing.
fn changed(out: tick::TickOutcome, before: &ClockState) -> Option<(ClockState, Vec<Effect>)> {
    if out.notices.is_empty() && out.state == *before {
        return None;
    }
    let mut effects = Vec::new();
    for n in out.notices {
        let kind = n.letter_kind();
        for r in &n.to {
            effects.push(Effect {
                to: (*r).into(),
                kind,
                msg: Msg::Clock(Box::new(n.clone())),
            });
        }
    }
    Some((out.state, effects))
}

/// When the daily sweep of this game may be run on its clock alone while the clock is
/// paused awaiting an Art. 37 decision ([`tick_paused`]): the game has no result, is not
/// stopped for adjudication (Art. 52) and is not a round of an event in stages (whose end
/// comes with its round); the day its next-due search starts from (its last move's sending
/// day, its start before the first move). The store keeps it beside the clock, so that on a
/// day when tens of thousands of paused games are due the sweep reads none of their records.
pub fn sweeps_alone_from(rec: &GameRecord) -> Option<Day> {
    let plain = rec.status != Status::Finished
        && rec.result.is_none()
        && rec.adjudication.is_none()
        && rec.round.is_none();
    plain.then(|| last_event(rec))
}

/// Where a game's next-due search starts before its issued notices: its last move's sending
/// day, its start before the first move.
fn last_event(rec: &GameRecord) -> Day {
    rec.moves.last().map_or(rec.start, |m| m.sent)
}

/// What the daily sweep of a game known by its clock alone comes to ([`tick_paused`]).
#[derive(Clone, Debug, PartialEq)]
pub enum PausedTick {
    /// The clock is not paused: the sweep needs the whole record.
    NotPaused,
    /// Nothing due today.
    Unchanged,
    /// The clock as it now stands (the game's status stays `AwaitingDecision`), the notices.
    Changed(ClockState, Vec<Effect>),
}

/// [`tick_in_place`] for a game for which [`sweeps_alone_from`] is `Some`, known by its clock
/// alone: the same answer as the whole record's sweep while the clock is paused (tested on
/// every paused game of tests/tick_due.rs).
pub fn tick_paused(clock: &ClockState, today: Day) -> PausedTick {
    let Some(out) = tick::paused(clock, today) else {
        return PausedTick::NotPaused;
    };
    match changed(out, clock) {
        None => PausedTick::Unchanged,
        Some((state, effects)) => PausedTick::Changed(state, effects),
    }
}

/// [`next_due`] of a paused game known by its clock and the day [`sweeps_alone_from`] gave;
/// `None` also when the clock is not paused.
pub fn next_due_paused(clock: &ClockState, from: Day, horizon: i64) -> Option<Day> {
    clock.awaiting_decision()?;
    let busy = |d: Day| {
        tick::paused(clock, d).is_some_and(|out| out.notices.iter().any(|n| !n.to.is_empty()))
    };
    first_busy_day(clock, from, horizon, busy)
}

/// The swept clock put into the record, with the pause it may bring (Art. 37).
fn apply(rec: &mut GameRecord, state: ClockState) {
    rec.clock = state;
    if rec.clock.awaiting_decision().is_some() {
        rec.status = Status::AwaitingDecision;
    }
}

/// The first day on which the daily tick would have something to do for this game as it
/// stands (a notice, a claim, a reminder), searched up to `horizon` days after its last event;
/// `None` when nothing is due in that span. The tick is monotone in the day — whatever is due
/// by a day is still due, unissued, on every later day — so a binary search finds it. The shell
/// stores it so the daily sweep reads only the games that are due (the end date of the
/// tournament is checked separately).
pub fn next_due(rec: &GameRecord, horizon: i64) -> Option<Day> {
    if rec.status == Status::Finished || rec.adjudication.is_some() {
        return None;
    }
    // The same question as `!handle_tick(rec, d).effects.is_empty()`, without building the
    // claims' evidence (tested to agree in tests/tick_due.rs).
    let game = rec.clock_game();
    let busy = |d: Day| tick::sends_anything(&game, d);
    first_busy_day(&rec.clock, last_event(rec), horizon, busy)
}

/// The first day `busy` from the later of `from` and the clock's last issued notice, up to
/// `horizon` days on (a binary search: `busy` is monotone in the day).
fn first_busy_day(
    clock: &ClockState,
    from: Day,
    horizon: i64,
    busy: impl Fn(Day) -> bool,
) -> Option<Day> {
    let base = clock
        .issued
        .iter()
        .map(|i| i.due)
        .chain(std::iter::once(from))
        .max()
        .unwrap_or(from);
    let (mut lo, mut hi) = (0_i64, horizon);
    if !busy(base + chrono::Duration::days(hi)) {
        return None;
    }
    // Invariant: not busy at lo - 1 … (unknown at lo), busy at hi.
    while lo < hi {
        let mid = (lo + hi) / 2;
        if busy(base + chrono::Duration::days(mid)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(base + chrono::Duration::days(lo))
}
