//! Overstep detection (Art. 23 А, 27, 30, 31, 33): the first day a player's time in his
//! current count passes the limit of its 10-move period, not yet claimed — the claim is timely
//! while the overstep lasts (Art. 33) — and which claim is next.

use crate::rules::model::{Color, Mode};

use super::*;

impl Prepared<'_> {
    /// The first overstep of Art. 27 (30 after a restart) not yet claimed in the player's
    /// current count, up to `now`.
    pub(crate) fn detect_period(&self, c: Color) -> Option<Detection> {
        let st = self.g.state;
        let mode = self.g.params.mode;
        let to_lose = usize::try_from(self.g.params.oversteps_to_lose.max(1)).unwrap_or(1);
        if st.effective_oversteps(c) >= to_lose {
            return None;
        }
        let r = st.count_from(self.g.params, c);
        let cut = self.count_cut(c, r);
        // Art. 34, 38: after a rejected or withdrawn claim the bot does not claim again in the
        // same 10-move period of the same count; the next situation is the next period.
        let suppressed: Vec<i64> = st
            .oversteps
            .iter()
            .filter(|o| {
                o.color == c
                    && o.ground == OverstepGround::Period
                    && o.count_from == r
                    && matches!(
                        o.status,
                        OverstepStatus::Rejected | OverstepStatus::Withdrawn
                    )
            })
            .map(|o| self.period(r, o.move_number))
            .collect();
        // An effective overstep in this count already claimed (email pending, or post second).
        let claimed_here: Option<u32> = st
            .oversteps
            .iter()
            .filter(|o| o.color == c && o.is_effective() && o.count_from == r)
            .map(|o| o.move_number)
            .min();
        if claimed_here.is_some() {
            return None;
        }
        let start = dn(self.g.start).saturating_sub(2);
        let mut prev_sent = start;
        let mut base: i64 = 0;
        let post = mode == Mode::Post;
        let checkpoints = self.units[side(c)].iter().map(|u| (u.last, Some(*u)));
        let next = self.next[side(c)];
        let all = checkpoints.chain(std::iter::once((next.number, None)));
        for (last, unit) in all {
            if last < r {
                if let Some(u) = unit {
                    prev_sent = u.sent;
                }
                continue;
            }
            let limit_move = if unit.is_none() {
                next.limit_move
            } else {
                last
            };
            let limit = self.limit(r, limit_move);
            let (hi, run) = match unit {
                Some(u) if u.auto => (u.sent, Run::Nothing),
                // `post`: only a reported card shows the time (Art. 23 А).
                Some(u) if post => (u.sent, Run::Step(u.sent, u.days)),
                Some(u) => (u.sent, Run::Running(u.received)),
                None if post => (self.now, Run::Nothing),
                None => (self.now, next.received.map_or(Run::Nothing, Run::Running)),
            };
            let skip = suppressed.contains(&self.period(r, limit_move));
            // Quick bound: the total is largest at the end of the window; when even that is
            // within the limit, nothing crosses in it.
            let hi_now = hi.min(self.now);
            let quiet = hi_now <= prev_sent
                || base + self.pens_upto(c, cut, hi_now) + run.at(&self.cal, hi_now) <= limit;
            if !skip
                && !quiet
                && let Some((d, total)) =
                    self.first_crossing(c, cut, base, prev_sent, hi.min(self.now), limit, run)
            {
                // Before the letter went off he was thinking about its first move; the time is
                // judged at its last one (Art. 32), and claimed at the move he was at.
                let move_number = match unit {
                    Some(u) if d < u.sent => ply_number(u.first_ply),
                    _ => last,
                };
                return Some(Detection {
                    color: c,
                    move_number,
                    ground: OverstepGround::Period,
                    day: day(d),
                    days: total,
                    limit,
                    count_from: r,
                });
            }
            if let Some(u) = unit {
                base += u.days;
                prev_sent = u.sent;
            }
        }
        None
    }

    /// The first day in `(lo, hi]` on which the player's time exceeds `limit`.
    #[allow(clippy::too_many_arguments)]
    fn first_crossing(
        &self,
        c: Color,
        cut: i32,
        base: i64,
        lo: i32,
        hi: i32,
        limit: i64,
        run: Run,
    ) -> Option<(i32, i64)> {
        let mut s = lo.checked_add(1)?;
        if s > hi {
            return None;
        }
        // Penalty days split the window: the total jumps on each (sorted by day).
        let pens = &self.pens[side(c)];
        let next_break = |after: i32| {
            pens.iter()
                .map(|&(d, _)| d)
                .find(|&d| d > cut && d > after && d <= hi)
        };
        loop {
            let e = match next_break(s) {
                Some(b) => b - 1,
                None => hi,
            };
            if e >= s {
                let p = self.pens_upto(c, cut, s);
                let x = limit - base - p;
                if let Some(d) = run.first_above(&self.cal, x, s, e) {
                    return Some((d, base + p + run.at(&self.cal, d)));
                }
            }
            if e >= hi {
                return None;
            }
            s = e + 1;
        }
    }

    /// The first overstep not yet claimed, of either player (Art. 27, 31); on the same day
    /// White's before Black's, Art. 27 before Art. 31.
    pub(crate) fn next_claim(&self) -> Option<Detection> {
        if self.g.result.is_some() || self.g.state.awaiting_decision().is_some() {
            return None;
        }
        [
            self.detect_period(Color::White),
            self.detect_period(Color::Black),
            self.detect_silence(Color::White),
            self.detect_silence(Color::Black),
        ]
        .into_iter()
        .flatten()
        .min_by_key(|d| (d.day, side(d.color)))
    }

    /// `post`: the first day the running clock of the side to move (receipt known) is past his
    /// limit; the arbiter is told instead of a claim (Art. 23 А, Art. 30 note).
    pub(crate) fn detect_running_post(&self) -> Option<Detection> {
        if self.g.params.mode != Mode::Post || self.g.result.is_some() {
            return None;
        }
        let c = ply_color(self.g.moves.len());
        let next = self.next[side(c)];
        let rec = next.received?;
        let r = self.g.state.count_from(self.g.params, c);
        if next.number < r {
            return None;
        }
        let cut = self.count_cut(c, r);
        let base: i64 = self.units[side(c)]
            .iter()
            .filter(|u| u.last >= r)
            .map(|u| u.days)
            .sum();
        let lo = self.units[side(c)]
            .last()
            .map_or(dn(self.g.start).saturating_sub(2), |u| u.sent);
        let limit = self.limit(r, next.limit_move.max(r));
        let (d, total) =
            self.first_crossing(c, cut, base, lo, self.now, limit, Run::Running(rec))?;
        Some(Detection {
            color: c,
            move_number: next.number,
            ground: OverstepGround::Period,
            day: day(d),
            days: total,
            limit,
            count_from: r,
        })
    }
}

/// How the time of the move under test grows inside its window.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// No time of its own (played from the mover's line, or not his turn).
    Nothing,
    /// A clock running from this receipt day (`email`, or `post` with a known receipt).
    Running(i32),
    /// `post`: the card's time becomes known on its sending day.
    Step(i32, i64),
}

impl Run {
    fn at(self, cal: &Calendar, d: i32) -> i64 {
        match self {
            Run::Nothing => 0,
            Run::Running(r) => cal.thinking(r, d),
            Run::Step(at, days) => {
                if d >= at {
                    days
                } else {
                    0
                }
            }
        }
    }

    /// The first day in `[s, e]` on which this run exceeds `x`.
    fn first_above(self, cal: &Calendar, x: i64, s: i32, e: i32) -> Option<i32> {
        if x < 0 {
            return Some(s);
        }
        let d = match self {
            Run::Nothing => return None,
            // time = counted − 1 > x  ⇔  counted ≥ x + 2
            Run::Running(r) => cal.nth_counted_after(r, x + 2),
            Run::Step(at, days) => {
                if days > x {
                    at
                } else {
                    return None;
                }
            }
        };
        let d = d.max(s);
        (d <= e).then_some(d)
    }
}
