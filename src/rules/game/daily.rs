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
    if out.notices.is_empty() && out.state == rec.clock {
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
    let base = rec.moves.last().map_or(rec.start, |m| m.sent);
    let base = rec
        .clock
        .issued
        .iter()
        .map(|i| i.due)
        .chain(std::iter::once(base))
        .max()
        .unwrap_or(base);
    // The same question as `!handle_tick(rec, d).effects.is_empty()`, without building the
    // claims' evidence (tested to agree in tests/tick_due.rs).
    let game = rec.clock_game();
    let busy = |d: Day| tick::sends_anything(&game, d);
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
