//! The daily tick for one game: the clock notices due, the claims filed, the game paused
//! where Art. 37 says; and the first day it will have something to do (`next_due`).

use crate::rules::model::Day;
use crate::rules::tick;

use super::effects::{Effect, Handled, Msg};
use super::record::{GameRecord, Status};

/// The daily tick for one game as of `today`: the clock notices due, the claims filed, and
/// the game paused where Art. 37 says.
pub fn handle_tick(rec: &GameRecord, today: Day) -> Handled {
    // A game stopped for adjudication has no clock (Art. 52).
    if rec.status == Status::Finished || rec.adjudication.is_some() {
        return Handled::unchanged(Vec::new());
    }
    let out = tick::tick(&rec.clock_game(), today);
    if out.notices.is_empty() && out.state == rec.clock {
        return Handled::unchanged(Vec::new());
    }
    let mut next = rec.clone();
    next.clock = out.state;
    if next.clock.awaiting_decision().is_some() {
        next.status = Status::AwaitingDecision;
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
    Handled::changed(next, effects)
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
