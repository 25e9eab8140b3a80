//! The §3 day count (RULES.md §3; Art. 8, 24, 45, 47): the days between receipt and sending that
//! are not suspended, the first of them free; and the calendar of one game's suspended days.

use chrono::{Datelike, NaiveDate};

use crate::rules::model::{Day, Mode};

use super::{ClockGame, OverstepStatus};

// ---------------------------------------------------------------------------------------------
// Day counting (RULES.md §3)
// ---------------------------------------------------------------------------------------------

// Thinking time of one move (RULES.md §3, Art. 8, 45, 47): N = the days d with
// `received < d ≤ sent` that do not fall in one of the suspended spans (first and last day
// inclusive: leave of either player, dead time, Art. 37's waiting days); the first of them is
// free, so the time is `max(0, N − 1)`. Counted only on a game's own [`Calendar`]
// ([`thinking_time`](super::thinking_time)), so that no caller can leave out Art. 37's pause:
// one formula. A running clock on day D counts as if sent on D; White's move 1 is counted from
// the day before the start (Art. 24).

/// Where a move's time is shown to run from (Art. 24): White's move 1 from the start date,
/// though it is recorded as received the day before (RULES.md §3); every other move from
/// its receipt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunsFrom {
    Start(Day),
    Received(Day),
}

impl RunsFrom {
    /// The move `number` of `color`, received on `received` (as recorded).
    pub fn of(number: u32, color: shakmaty::Color, received: Day) -> RunsFrom {
        if number == 1 && color == shakmaty::Color::White {
            RunsFrom::Start(received.succ_opt().unwrap_or(received))
        } else {
            RunsFrom::Received(received)
        }
    }

    /// The first day of the move's time.
    pub fn day(self) -> Day {
        match self {
            RunsFrom::Start(d) | RunsFrom::Received(d) => d,
        }
    }
}

/// Day number for arithmetic.
pub(crate) fn dn(d: Day) -> i32 {
    d.num_days_from_ce()
}

/// Day from a day number, clamped into chrono's range (never panics).
pub(crate) fn day(n: i32) -> Day {
    NaiveDate::from_num_days_from_ce_opt(n).unwrap_or(if n < 0 {
        NaiveDate::MIN
    } else {
        NaiveDate::MAX
    })
}

/// The suspended days of a game (leave, dead time, pauses awaiting a decision) as merged,
/// sorted, inclusive spans of day numbers; counts days without walking them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Calendar {
    spans: Vec<(i32, i32)>,
}

impl Calendar {
    pub(crate) fn new(mut spans: Vec<(i32, i32)>) -> Calendar {
        spans.retain(|&(a, b)| a <= b);
        spans.sort_unstable();
        let mut merged: Vec<(i32, i32)> = Vec::with_capacity(spans.len());
        for (a, b) in spans {
            match merged.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        Calendar { spans: merged }
    }

    /// Days d with `a < d ≤ b` that count (are not suspended).
    pub(crate) fn counted(&self, a: i32, b: i32) -> i64 {
        if b <= a {
            return 0;
        }
        let mut n = i64::from(b) - i64::from(a);
        for &(s, e) in &self.spans {
            let lo = s.max(a + 1);
            let hi = e.min(b);
            if lo <= hi {
                n -= i64::from(hi) - i64::from(lo) + 1;
            }
        }
        n
    }

    /// Thinking time from `received` to `sent` (RULES.md §3).
    pub(crate) fn thinking(&self, received: i32, sent: i32) -> i64 {
        (self.counted(received, sent) - 1).max(0)
    }

    /// The day on which `counted(a, d)` first reaches `n` (n ≥ 1).
    pub(crate) fn nth_counted_after(&self, a: i32, n: i64) -> i32 {
        let mut cur = i64::from(a);
        let mut rem = n.max(1);
        for &(s, e) in &self.spans {
            let (s, e) = (i64::from(s), i64::from(e));
            if e <= cur {
                continue;
            }
            let free = s.max(cur + 1) - cur - 1;
            if free >= rem {
                break;
            }
            rem -= free;
            cur = e;
        }
        let d = cur + rem;
        d.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

// ---------------------------------------------------------------------------------------------
// One game's receipt and calendar (RULES.md §3: one formula for the record, replies, status, tick)
// ---------------------------------------------------------------------------------------------

/// The receipt day of the side to move, when known (RULES.md §3; INTERFACE.md `status`).
pub(crate) fn running_received(g: &ClockGame<'_>) -> Option<Day> {
    receipt(g).known()
}

/// The day the side to move received the last move (RULES.md §3) — the one receipt rule the
/// record, the official figures, `status` and the tick share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReceiptDay {
    /// Known: White's move 1 the day before the start (Art. 24); in `email` the day the bot
    /// forwarded the move (its arrival, or later when amici was down); in `post` the day the
    /// player reported (Д).
    Known(Day),
    /// `post`, not reported yet: it is no earlier than the opponent's sending day.
    NotReported { after: Day },
}

impl ReceiptDay {
    pub fn known(self) -> Option<Day> {
        match self {
            ReceiptDay::Known(d) => Some(d),
            ReceiptDay::NotReported { .. } => None,
        }
    }

    /// The receipt day, or the earliest it can be.
    pub fn earliest(self) -> Day {
        match self {
            ReceiptDay::Known(d) | ReceiptDay::NotReported { after: d } => d,
        }
    }
}

/// The receipt date Д as a letter writes it (Art. 8, RULES.md §3), from the day the move was
/// received: in `email` the day after (the arrival day does not count) — but never after the
/// answer's sending day `sent`: an answer sent on the day of arrival writes that day —, in
/// `post` the day itself (the postmark of arrival). The one place of this convention: the
/// official figures of a reply and the move lines of the record both use it.
pub fn written_receipt(mode: Mode, received: Day, sent: Day) -> Day {
    match mode {
        Mode::Email => received
            .succ_opt()
            .unwrap_or(received)
            .min(sent.max(received)),
        Mode::Post => received,
    }
}

/// The receipt of the last move by the side to move (see [`ReceiptDay`]).
pub fn receipt(g: &ClockGame<'_>) -> ReceiptDay {
    let n = g.moves.len();
    if let Some(r) = g.state.receipt
        && r.ply as usize == n
    {
        return ReceiptDay::Known(r.day);
    }
    match g.moves.last() {
        None => ReceiptDay::Known(g.start.pred_opt().unwrap_or(g.start)),
        Some(m) if g.params.mode == Mode::Email => ReceiptDay::Known(m.sent),
        Some(m) => ReceiptDay::NotReported { after: m.sent },
    }
}

/// The days a game does not count (RULES.md §3): leave of either player and dead time (its
/// suspensions), and the days it waits for the arbiter's decision on a claim (Art. 37: from
/// the day of the claim up to the day before the decision).
pub(crate) fn game_calendar(g: &ClockGame<'_>) -> Calendar {
    let mut spans: Vec<(i32, i32)> = g
        .suspensions
        .iter()
        .map(|s| (dn(s.from), dn(s.to)))
        .collect();
    for o in &g.state.oversteps {
        if !o.pauses {
            continue;
        }
        // RULES.md §3 (Art. 37): from the day the claim is filed up to the day before the
        // decision is told; play resumes, and the clock runs, on the decision day.
        let from = dn(o.claimed_on);
        let to = match (o.status, o.decided_on) {
            (OverstepStatus::Claimed, _) | (_, None) => i32::MAX,
            (_, Some(d)) => dn(d).saturating_sub(1),
        };
        spans.push((from, to));
    }
    Calendar::new(spans)
}

/// The §3 formula on one game: thinking time from `received` to `sent`, every day the game
/// does not count left out ([`game_calendar`]). The record, the official figures in replies,
/// `status` and the tick all count with it.
pub fn thinking_time(g: &ClockGame<'_>, received: Day, sent: Day) -> u32 {
    u32::try_from(game_calendar(g).thinking(dn(received), dn(sent))).unwrap_or(u32::MAX)
}
