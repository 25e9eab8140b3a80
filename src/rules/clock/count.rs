//! The game as the clock sees it (Art. 23, 27–33, 25, 26, 31): per-move times with variants
//! (Art. 32), totals and 10-move periods, overstep detection and silence. The §3 day count
//! itself (receipt, the game's calendar, `thinking_time`) is in `days`.

use serde::{Deserialize, Serialize};

use crate::rules::model::{Color, Day, GameResult, Params, Penalty, PlayedMove, Suspension};

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
pub(super) struct Unit {
    /// The (first) half-move of the letter.
    pub(super) first_ply: usize,
    /// The move number the time is counted at (the last one played).
    pub(super) last: u32,
    pub(super) received: i32,
    pub(super) sent: i32,
    pub(super) days: i64,
    /// Played automatically from his own line: no running time.
    pub(super) auto: bool,
}

/// What the current (unsent) move of a player looks like.
#[derive(Clone, Copy, Debug)]
pub(super) struct Next {
    pub(super) number: u32,
    /// Receipt day when his clock runs and is known.
    pub(super) received: Option<i32>,
    /// Limit judged against this move (Art. 32: a pending line may reach further).
    pub(super) limit_move: u32,
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
    pub(super) units: [Vec<Unit>; 2],
    pub(super) next: [Next; 2],
    pub(super) pens: [Vec<(i32, i64)>; 2],
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

    pub(super) fn limit(&self, count_from: u32, number: u32) -> i64 {
        let p = self.g.params;
        let k = i64::from(number.saturating_sub(count_from)) + 1;
        let per = i64::from(p.period_moves.max(1));
        let periods = (k + per - 1) / per;
        periods.max(1) * i64::from(p.period_days)
    }

    /// The last move of the period that move `number` falls in, counted from `count_from`
    /// (Art. 23 В).
    pub(super) fn period_end(&self, count_from: u32, number: u32) -> u32 {
        let from = count_from.max(1);
        let per = self.g.params.period_moves.max(1);
        let periods = u32::try_from(self.period(from, number.max(from))).unwrap_or(u32::MAX);
        from.saturating_add(periods.saturating_mul(per))
            .saturating_sub(1)
    }

    pub(super) fn period(&self, count_from: u32, number: u32) -> i64 {
        let k = i64::from(number.saturating_sub(count_from)) + 1;
        let per = i64::from(self.g.params.period_moves.max(1));
        (k + per - 1) / per
    }

    /// Penalties after this day belong to the new count (Art. 30); see `count_cut`.
    pub(super) fn count_cut(&self, c: Color, count_from: u32) -> i32 {
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

    pub(super) fn pens_upto(&self, c: Color, cut: i32, d: i32) -> i64 {
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
            period_end: self.period_end(r, next.number),
            allowance,
            days_left: allowance - total,
        }
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

// ---------------------------------------------------------------------------------------------
