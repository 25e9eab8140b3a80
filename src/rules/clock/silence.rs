//! Silence (Art. 25, 26, 31): the day a player's silence is counted from, the delay notices
//! he sent, and the first silence of more than the allowed days not yet claimed.

use crate::rules::model::{Color, Mode};

use super::*;

impl Prepared<'_> {
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
}
