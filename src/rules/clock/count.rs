//! The game as the clock sees it (Art. 23, 27–33, 25, 26, 31): per-move times with variants
//! (Art. 32), totals and 10-move periods, overstep detection and silence.

use serde::{Deserialize, Serialize};

use crate::rules::model::{Color, Day, GameResult, Mode, Params, Penalty, PlayedMove, Suspension};

use super::*;

// ---------------------------------------------------------------------------------------------
// The game as the clock sees it
// ---------------------------------------------------------------------------------------------

/// The parts of a game record the clock reads.
#[derive(Clone, Copy, Debug)]
pub struct ClockGame<'a> {
    pub params: &'a Params,
    /// Start date of the tournament (Art. 24).
    pub start: Day,
    pub moves: &'a [PlayedMove],
    pub penalties: &'a [Penalty],
    pub suspensions: &'a [Suspension],
    pub state: &'a ClockState,
    /// A finished game has no running clock and gets no notices.
    pub result: Option<GameResult>,
}

/// Colour of the half-move at `ply` (0-based).
pub fn ply_color(ply: usize) -> Color {
    if ply.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// Move number of the half-move at `ply` (0-based).
pub fn ply_number(ply: usize) -> u32 {
    u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX)
}

pub(super) fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// One row of the per-move table (Art. 35 item 2, Art. 36 item 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTime {
    pub ply: u32,
    pub number: u32,
    #[serde(with = "crate::rules::model::color_serde")]
    pub color: Color,
    pub received: Day,
    pub sent: Day,
    pub days: u32,
    /// Played automatically from the mover's own conditional line: 0 days (Art. 32).
    pub from_variant: bool,
    /// Accepted from the opponent's line in one letter: its time is counted on the move at
    /// this ply, the last one the player actually played (Art. 32).
    pub counted_at: Option<u32>,
}

/// A stretch of one player's clock ending in a checkpoint: a single move, or the moves he
/// played in one letter accepting a line (Art. 32).
#[derive(Clone, Copy, Debug)]
struct Unit {
    /// The (first) half-move of the letter.
    first_ply: usize,
    /// The move number the time is counted at (the last one played).
    last: u32,
    received: i32,
    sent: i32,
    days: i64,
    /// Played automatically from his own line: no running time.
    auto: bool,
}

/// What the current (unsent) move of a player looks like.
#[derive(Clone, Copy, Debug)]
struct Next {
    number: u32,
    /// Receipt day when his clock runs and is known.
    received: Option<i32>,
    /// Limit judged against this move (Art. 32: a pending line may reach further).
    limit_move: u32,
}

/// A detected overstep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detection {
    pub color: Color,
    pub move_number: u32,
    pub ground: OverstepGround,
    /// The first day on which it could be claimed.
    pub day: Day,
    pub days: i64,
    pub limit: i64,
    pub count_from: u32,
}

/// The game prepared for counting: calendar, per-move times, checkpoints per player.
pub(crate) struct Prepared<'a> {
    pub(crate) g: ClockGame<'a>,
    pub(crate) now: i32,
    pub(crate) cal: Calendar,
    pub(crate) times: Vec<MoveTime>,
    units: [Vec<Unit>; 2],
    next: [Next; 2],
    pens: [Vec<(i32, i64)>; 2],
}

impl<'a> Prepared<'a> {
    pub(crate) fn new(g: ClockGame<'a>, now: Day) -> Prepared<'a> {
        let now = dn(now);
        let cal = game_calendar(&g);
        // Day numbers of every move, computed once (date arithmetic is the hot path).
        // A move's receipt is usually the previous move's sending day: reuse that number.
        let mut memo: Option<(Day, i32)> = None;
        let mut number = |d: Day| match memo {
            Some((md, n)) if md == d => n,
            _ => {
                let n = dn(d);
                memo = Some((d, n));
                n
            }
        };
        let dates: Vec<(i32, i32)> = g
            .moves
            .iter()
            .map(|m| (number(m.received), number(m.sent)))
            .collect();
        let times = move_times(g.moves, &dates, &cal);

        let half = times.len() / 2 + 1;
        let mut units: [Vec<Unit>; 2] = [Vec::with_capacity(half), Vec::with_capacity(half)];
        let mut i = 0;
        while i < times.len() {
            let t = &times[i];
            let s = side(t.color);
            if t.from_variant {
                units[s].push(Unit {
                    first_ply: i,
                    last: t.number,
                    received: dates[i].0,
                    sent: dates[i].1,
                    days: 0,
                    auto: true,
                });
                i += 1;
                continue;
            }
            match t.counted_at {
                Some(at) if at as usize != i => {
                    i += 1;
                    continue;
                }
                _ => {}
            }
            // The unit starts at the first move of a letter accepting a line (Art. 32).
            let mut first = i;
            while first >= 2 && times[first - 2].counted_at == Some(i as u32) {
                first -= 2;
            }
            units[s].push(Unit {
                first_ply: first,
                last: t.number,
                received: dates[first].0,
                sent: dates[i].1,
                days: i64::from(t.days),
                auto: false,
            });
            i += 1;
        }

        let n = g.moves.len();
        let finished = g.result.is_some();
        let to_move = ply_color(n);
        let mut next = [Next {
            number: 1,
            received: None,
            limit_move: 1,
        }; 2];
        for c in [Color::White, Color::Black] {
            // His next move: one more than the moves he has (a letter accepting a line holds
            // several of them, Art. 32).
            let own = if c == Color::White {
                n.div_ceil(2)
            } else {
                n / 2
            };
            let number = u32::try_from(own + 1).unwrap_or(u32::MAX);
            let received = if c == to_move && !finished {
                running_received(&g)
            } else {
                None
            };
            let limit_move = match g.state.pending_line {
                Some(l) if c == to_move && l.ply as usize == n => l.reach_move.max(number),
                _ => number,
            };
            next[side(c)] = Next {
                number,
                received: received.map(dn),
                limit_move,
            };
        }
        let mut pens: [Vec<(i32, i64)>; 2] = [Vec::new(), Vec::new()];
        for p in g.penalties {
            pens[side(p.color)].push((dn(p.date), i64::from(p.days)));
        }
        for v in &mut pens {
            v.sort_unstable();
        }
        Prepared {
            g,
            now,
            cal,
            times,
            units,
            next,
            pens,
        }
    }

    fn limit(&self, count_from: u32, number: u32) -> i64 {
        let p = self.g.params;
        let k = i64::from(number.saturating_sub(count_from)) + 1;
        let per = i64::from(p.period_moves.max(1));
        let periods = (k + per - 1) / per;
        periods.max(1) * i64::from(p.period_days)
    }

    fn period(&self, count_from: u32, number: u32) -> i64 {
        let k = i64::from(number.saturating_sub(count_from)) + 1;
        let per = i64::from(self.g.params.period_moves.max(1));
        (k + per - 1) / per
    }

    /// Penalties after this day belong to the new count (Art. 30); see `count_cut`.
    fn count_cut(&self, c: Color, count_from: u32) -> i32 {
        if count_from <= 1 {
            return i32::MIN;
        }
        // Decided (Art. 30): penalties for the move at which the overstep was claimed, or
        // earlier, stay in the old count; those after it was sent go to the new one.
        self.units[side(c)]
            .iter()
            .find(|u| u.last + 1 >= count_from)
            .map_or(i32::MAX, |u| u.sent)
    }

    fn pens_upto(&self, c: Color, cut: i32, d: i32) -> i64 {
        self.pens[side(c)]
            .iter()
            .filter(|&&(pd, _)| pd > cut && pd <= d)
            .map(|&(_, n)| n)
            .sum()
    }

    /// Running days of the side to move as of `now` (0 when his receipt is unknown).
    pub(crate) fn running_days(&self, c: Color) -> Option<i64> {
        let r = self.next[side(c)].received?;
        Some(self.cal.thinking(r, self.now))
    }

    /// The player's time in his current count and the parts of it.
    pub(crate) fn side_clock(&self, c: Color) -> SideClock {
        let r = self.g.state.count_from(self.g.params, c);
        let cut = self.count_cut(c, r);
        let units = &self.units[side(c)];
        let moves_all: i64 = units.iter().map(|u| u.days).sum();
        let moves_count: i64 = units.iter().filter(|u| u.last >= r).map(|u| u.days).sum();
        let pens_all: i64 = self.pens[side(c)].iter().map(|&(_, n)| n).sum();
        let pens_count = self.pens_upto(c, cut, i32::MAX);
        let next = self.next[side(c)];
        let running = self.running_days(c);
        let run = running.unwrap_or(0);
        let run_count = if next.number >= r { run } else { 0 };
        let total = moves_count + pens_count + run_count;
        let allowance = self.limit(r, next.number.max(r));
        let on_leave = self
            .g
            .suspensions
            .iter()
            .any(|s| s.color == Some(c) && dn(s.from) <= self.now && self.now <= dn(s.to));
        SideClock {
            game_days: moves_all + pens_all + run,
            total_days: total,
            running_days: running,
            penalty_days: pens_all,
            oversteps: u32::try_from(self.g.state.effective_oversteps(c)).unwrap_or(u32::MAX),
            on_leave,
            move_number: next.number,
            count_from: r,
            allowance,
            days_left: allowance - total,
        }
    }

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

    /// Art. 31 (`email`): the first silence of the player of more than 40 days without a delay
    /// notice, not yet claimed, up to `now`: over his answered letters (hindsight, so a sweep
    /// after downtime files what a daily sweep would have) and the move still awaited.
    pub(crate) fn detect_silence(&self, c: Color) -> Option<Detection> {
        let p = self.g.params;
        if p.mode != Mode::Email || self.g.result.is_some() {
            return None;
        }
        let st = self.g.state;
        let after = i64::from(p.notice_days) + 1;
        let repeat = i64::from(p.repeat_after_days.max(1));
        let n = self.g.moves.len();
        // Every stretch he was silent: each letter he sent, then the move still awaited.
        let answered = self.units[side(c)]
            .iter()
            .filter(|u| !u.auto)
            .map(|u| (u.first_ply, u.received, Some(u.sent)));
        let awaited = match self.next[side(c)].received {
            Some(f) if ply_color(n) == c => Some((n, f, None)),
            _ => None,
        };
        for (ply, f, sent) in answered.chain(awaited) {
            // Art. 31: more than 40 days (leave excluded, Art. 45), and only after the repeat
            // of Art. 26 was due.
            let claim = self
                .cal
                .nth_counted_after(f, after)
                .max(self.cal.nth_counted_after(f, repeat));
            if claim > self.now {
                break;
            }
            // An answer sent that day is too late, as a running clock counts that day
            // (RULES.md §3); a delay notice by then suspends the claim (Art. 25).
            if sent.is_some_and(|s| s < claim) || self.delay_notice_by(c, ply, claim) {
                continue;
            }
            let number = ply_number(ply);
            if st.oversteps.iter().any(|o| {
                o.color == c && o.ground == OverstepGround::Silence && o.move_number == number
            }) {
                continue;
            }
            let r = st.count_from(p, c);
            return Some(Detection {
                color: c,
                move_number: number,
                ground: OverstepGround::Silence,
                day: day(claim),
                days: self.total_on(c, claim),
                limit: self.limit(r, number.max(r)),
                count_from: r,
            });
        }
        None
    }

    /// A delay notice from `c` for the move at `ply` received on or before `by`.
    pub(crate) fn delay_notice_by(&self, c: Color, ply: usize, by: i32) -> bool {
        self.g
            .state
            .delay_notices
            .iter()
            .any(|n| n.color == c && n.ply as usize == ply && dn(n.received_on) <= by)
    }

    /// The player's time in his current count as of day `d` (≤ now), running clock included.
    pub(crate) fn total_on(&self, c: Color, d: i32) -> i64 {
        let r = self.g.state.count_from(self.g.params, c);
        let cut = self.count_cut(c, r);
        let done: i64 = self.units[side(c)]
            .iter()
            .filter(|u| u.last >= r)
            .map(|u| {
                if u.sent <= d {
                    u.days
                } else if u.received < d && !u.auto {
                    // The move was on his clock that day: as if sent on d (RULES.md §3).
                    self.cal.thinking(u.received, d)
                } else {
                    0
                }
            })
            .sum();
        let next = self.next[side(c)];
        let run = match next.received {
            Some(rec) if next.number >= r => self.cal.thinking(rec, d),
            _ => 0,
        };
        done + self.pens_upto(c, cut, d) + run
    }

    /// The silence of the side to move: the day counting starts from (the forwarding day in
    /// `email`, the waiting player's sending day in `post`, Art. 26), and the colour.
    pub(crate) fn silence_from(&self) -> Option<(Color, i32)> {
        if self.g.result.is_some() {
            return None;
        }
        let ply = self.g.moves.len();
        let c = ply_color(ply);
        let f = match self.g.params.mode {
            Mode::Email => self.next[side(c)].received?,
            // Art. 26: "в течении 14 дней от даты отправления своего хода".
            Mode::Post => match self.g.moves.last() {
                Some(m) => dn(m.sent),
                // Decided (Art. 24): before White's move 1 the silence runs from the start.
                None => dn(self.g.start).saturating_sub(1),
            },
        };
        Some((c, f))
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

/// Were two moves sent in one letter? By the letter's number; for records without it, by the
/// sending day.
fn same_letter(a: &PlayedMove, b: &PlayedMove) -> bool {
    if a.letter != 0 && b.letter != 0 {
        a.letter == b.letter
    } else {
        a.sent == b.sent
    }
}

/// Per-move times of the record (RULES.md §3, Art. 32).
fn move_times(moves: &[PlayedMove], dates: &[(i32, i32)], cal: &Calendar) -> Vec<MoveTime> {
    let n = moves.len();
    let mut out: Vec<MoveTime> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| MoveTime {
            ply: u32::try_from(i).unwrap_or(u32::MAX),
            number: ply_number(i),
            color: ply_color(i),
            received: m.received,
            sent: m.sent,
            days: 0,
            from_variant: m.from_variant,
            counted_at: None,
        })
        .collect();
    let mut i = 0;
    while i < n {
        if moves[i].from_variant || out[i].counted_at.is_some() {
            i += 1;
            continue;
        }
        // Art. 32: moves the receiver accepted from the opponent's line and sent in one letter
        // (the opponent's moves in between played from his line, the same sending day) count
        // as one stretch of time, attributed to the last move he actually played.
        let mut last = i;
        while last + 2 < n
            && moves[last + 1].from_variant
            && !moves[last + 2].from_variant
            && same_letter(&moves[i], &moves[last + 2])
        {
            last += 2;
        }
        let days = cal.thinking(dates[i].0, dates[last].1);
        out[last].days = u32::try_from(days).unwrap_or(u32::MAX);
        if last != i {
            let at = u32::try_from(last).unwrap_or(u32::MAX);
            let mut j = i;
            while j < last {
                out[j].counted_at = Some(at);
                j += 2;
            }
            out[last].counted_at = Some(at);
        }
        i += 1;
    }
    out
}

/// The receipt day of the side to move, when known (RULES.md §3; INTERFACE.md `status`).
fn running_received(g: &ClockGame<'_>) -> Option<Day> {
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
/// received: in `email` the day after (the arrival day does not count), in `post` the day
/// itself (the postmark of arrival). The one place of this convention: the official figures
/// of a reply and the move lines of the record both use it.
pub fn written_receipt(mode: Mode, received: Day) -> Day {
    match mode {
        Mode::Email => received.succ_opt().unwrap_or(received),
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

// ---------------------------------------------------------------------------------------------
