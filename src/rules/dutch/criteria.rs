//! C.04.3 C1–C19 as the weight of one pair in a maximum-weight matching: the absolute
//! criteria (C1 no rematch, C2 the bye, C3 absolute colour preferences) decide whether the
//! edge exists, completion (C4) and the quality criteria (C5 pairs, C6 the PSD, C7 the next
//! bracket, C8–C11 colours, C12–C19 floats) are fields of one integer, the heavier
//! criterion in the higher bits, each field wide enough for the sum over a whole matching
//! so that no field carries into the one above.

use super::colour;
use super::player::{Context, Float};

/// The bits the weights may use: `integer-blossom` works in i128 and needs room above the
/// largest weight for its dual variables.
const BUDGET: u32 = 120;

fn bits(n: u128) -> u32 {
    128 - n.leading_zeros()
}

/// Where each field sits (shift) and how wide it is; a field that did not fit in the budget
/// has width 0 and counts for nothing (the lightest ones go first).
#[derive(Clone, Debug, Default)]
struct Layout {
    shifts: Vec<u32>,
    widths: Vec<u32>,
}

impl Layout {
    /// `maxima` per-edge maxima of the fields, heaviest first, with the most edges of a
    /// matching that can carry each.
    fn new(maxima: &[(u128, usize)]) -> Layout {
        let widths: Vec<u32> = maxima
            .iter()
            .map(|(m, edges)| {
                if *m == 0 {
                    0
                } else {
                    bits(*m * (*edges as u128 + 1))
                }
            })
            .collect();
        let mut shifts = vec![0; widths.len()];
        let mut top = BUDGET;
        let mut kept = widths.clone();
        for (i, w) in widths.iter().enumerate() {
            if *w <= top {
                top -= w;
                shifts[i] = top;
            } else {
                kept[i] = 0;
                top = 0;
            }
        }
        Layout {
            shifts,
            widths: kept,
        }
    }

    fn put(&self, field: usize, value: u128) -> i128 {
        if self.widths[field] == 0 {
            0
        } else {
            (value << self.shifts[field]) as i128
        }
    }
}

/// The fields, heaviest first.
const COMPLETE: usize = 0;
const PAIRS: usize = 1;
const PSD: usize = 2;
const NEXT_PAIRS: usize = 3;
const NEXT_PSD: usize = 4;
/// The bye to a player with as few unplayed games as can be (C.04.3 2025): weighed in every
/// bracket at or below the bye's score whose leftover is the bye (see `pair_all`).
const BYE_UNPLAYED: usize = 5;
const C8: usize = 6;
const C12: usize = 10;
const C16: usize = 14;
/// Not criteria: the order of the MDP sets (C.04.3 4.4: when not every MDP can be paired,
/// the set paired is the one with the smallest differing pairing number, the rest float
/// on), the exchange order (4.3: fewest exchanged players, then the smallest difference of
/// their numbers) and the S1/S2 hint that makes the first candidate likely to be the
/// matching's.
const MDP_SET: usize = 18;
const EXCH_COUNT: usize = 19;
const EXCH_SUM: usize = 20;
const EXCH_HIGH: usize = 21;
const EXCH_LOW: usize = 22;
const ORDER: usize = 23;
const FIELDS: usize = 24;
/// The exchange order's last two rules are exact for the first this many positions.
const EXCH_BITS: u32 = 12;

/// Which bracket a player is in, for the weights of one bracket's matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In the bracket being paired, at this position (MDPs first, then residents).
    Bracket(usize),
    /// A resident of the next scoregroup (C7).
    Next,
    /// Further down.
    Below,
}

/// The weights of one bracket's matching.
pub struct Weights<'a> {
    ctx: &'a Context,
    layout: Layout,
    /// Score levels of the bracket (C6) and of the bracket with the next scoregroup (C7).
    levels: Vec<u32>,
    next_levels: Vec<u32>,
    base: u128,
    next_base: u128,
    /// Bye candidates when one player must be left over (C2), else None.
    bye: Option<Vec<bool>>,
    /// The bye's score when this bracket weighs the bye's unplayed games.
    unplayed_at: Option<u32>,
    size: usize,
    /// The MDPs: the bracket's first `mdps` players (a score above the residents').
    mdps: usize,
    max_sd: u128,
    exch_bits: u32,
    hint_exp: u32,
    order_shift: u32,
}

fn level_weight(levels: &[u32], base: u128, score: u32) -> u128 {
    let l = levels.iter().position(|s| *s == score).unwrap_or(0) as u32;
    base.pow(l)
}

impl<'a> Weights<'a> {
    /// `bracket` the scores of the bracket's players, `next` the scores of the next
    /// scoregroup's, `vertices` how many players the matching holds, `bye` the bye
    /// candidates when the number is odd, `unplayed_at` the bye's score when the player
    /// left over here is the bye (the unplayed games of the players of that score weighed).
    pub fn new(
        ctx: &'a Context,
        bracket: &[u32],
        next: &[u32],
        vertices: usize,
        bye: Option<Vec<bool>>,
        unplayed_at: Option<u32>,
    ) -> Weights<'a> {
        let mut levels: Vec<u32> = bracket.to_vec();
        levels.sort_unstable();
        levels.dedup();
        let mut next_levels: Vec<u32> = bracket.iter().chain(next).copied().collect();
        next_levels.sort_unstable();
        next_levels.dedup();
        let size = bracket.len();
        let base = size as u128 + 1;
        let next_base = (size + next.len()) as u128 + 1;
        // Score differences inside the bracket counted in its score levels (C16–C19).
        let max_sd = levels.len() as u128;
        let psd_max = 2 * base.saturating_pow(levels.len() as u32 - 1);
        let next_psd_max = 2 * next_base.saturating_pow(next_levels.len().max(1) as u32 - 1);
        let float_rounds = ctx.round.saturating_sub(1);
        let two_back = if float_rounds >= 2 { 1 } else { 0 };
        let one_back = if float_rounds >= 1 { 1 } else { 0 };
        // C8 and C9 concern topscorers, who exist in the last round only.
        let last = ctx.topscorer.iter().any(|t| *t);
        let exch_bits = (size as u32).clamp(1, EXCH_BITS);
        // In a large bracket the exchange order's last two rules would leave no room for
        // the order hint, without which every transposition costs a matching.
        let exch_max = if size > 2 * EXCH_BITS as usize {
            0
        } else {
            1u128 << exch_bits
        };
        let resident = bracket.iter().copied().min().unwrap_or(0);
        let mdps = bracket.iter().filter(|s| **s > resident).count();
        // Only where some MDP must float on (more MDPs than residents): elsewhere the field
        // would take bits from the order hint of a large bracket for nothing.
        let mdp_max = if mdps > 0 && 2 * mdps > size {
            (1u128 << (mdps.min(EXCH_BITS as usize) + 1)) - 1
        } else {
            0
        };
        let all = vertices / 2;
        let inb = size / 2;
        let nxt = (size + next.len()) / 2;
        let unplayed_at = unplayed_at.filter(|_| bye.is_some());
        let bye_max = if unplayed_at.is_some() {
            2 * ctx.round as u128
        } else {
            0
        };
        let maxima: [(u128, usize); FIELDS] = [
            (3, all),
            (1, inb),
            (psd_max, inb),
            (1, nxt),
            (next_psd_max, nxt),
            (bye_max, all),
            (if last { 2 } else { 0 }, inb),
            (if last { 2 } else { 0 }, inb),
            (2, inb),
            (2, inb),
            (2 * one_back, inb),
            (one_back, inb),
            (2 * two_back, inb),
            (two_back, inb),
            (2 * max_sd * one_back, inb),
            (max_sd * one_back, inb),
            (2 * max_sd * two_back, inb),
            (max_sd * two_back, inb),
            (mdp_max, inb),
            (1, inb),
            (size as u128 + 1, inb),
            (exch_max, inb),
            (exch_max, inb),
            ((size * size) as u128, inb),
        ];
        // The order hint as steep as the bits left allow: (n - i)^e (n - j).
        let mut maxima = maxima;
        let mut layout = Layout::new(&maxima);
        let mut hint_exp = 0;
        for e in (1..=4u32).rev() {
            let n = size as u128 + 1;
            maxima[ORDER] = (n.pow(e + 1), inb);
            let l = Layout::new(&maxima);
            if l.widths[ORDER] > 0 {
                layout = l;
                hint_exp = e;
                break;
            }
        }
        // The exchange and transposition order is not a criterion; the MDP set counts as one:
        // once the best set is known, every later choice must keep it (4.4 comes first).
        let order_shift = layout.shifts[EXCH_COUNT] + layout.widths[EXCH_COUNT];
        Weights {
            ctx,
            layout,
            levels,
            next_levels,
            base,
            next_base,
            bye,
            unplayed_at,
            size,
            mdps,
            max_sd,
            exch_bits,
            hint_exp,
            order_shift,
        }
    }

    /// The weight of the pair (`a`, `b`), ranks, `a` < `b`, or 0 when C1 or C3 forbids it.
    pub fn weight(&self, a: usize, b: usize, pa: Place, pb: Place) -> i128 {
        let ctx = self.ctx;
        if !ctx.compatible(a, b) {
            return 0;
        }
        let complete = match &self.bye {
            Some(cand) => 1 + u128::from(!cand[a]) + u128::from(!cand[b]),
            None => 3,
        };
        let mut w = self.layout.put(COMPLETE, complete);
        // The bye to a player with as few unplayed games as can be: of the players of the
        // bye's score, those with more are paired first.
        if let Some(at) = self.unplayed_at {
            let unplayed = |p: usize| -> u128 {
                let pl = &ctx.players[p];
                if pl.score == at {
                    u128::from(ctx.round - 1) - pl.colours.len() as u128
                } else {
                    0
                }
            };
            w += self.layout.put(BYE_UNPLAYED, unplayed(a) + unplayed(b));
        }
        match (pa, pb) {
            (Place::Bracket(i), Place::Bracket(j)) => {
                w += self.layout.put(PAIRS, 1);
                let (sa, sb) = (ctx.players[a].score, ctx.players[b].score);
                w += self.layout.put(
                    PSD,
                    level_weight(&self.levels, self.base, sa)
                        + level_weight(&self.levels, self.base, sb),
                );
                w += self.quality(a, b, i, j);
            }
            (Place::Bracket(_), Place::Next) | (Place::Next, Place::Next) => {
                w += self.layout.put(NEXT_PAIRS, 1);
                let (sa, sb) = (ctx.players[a].score, ctx.players[b].score);
                w += self.layout.put(
                    NEXT_PSD,
                    level_weight(&self.next_levels, self.next_base, sa)
                        + level_weight(&self.next_levels, self.next_base, sb),
                );
            }
            _ => {}
        }
        w
    }

    /// C8–C19 and the order hint of a pair inside the bracket.
    fn quality(&self, a: usize, b: usize, i: usize, j: usize) -> i128 {
        let ctx = self.ctx;
        let v = colour::violations(ctx, a, b);
        let top = ctx.topscorer[a] || ctx.topscorer[b];
        let mut w = 0;
        for (k, count) in v.iter().enumerate() {
            // C8 and C9 concern topscorers and their opponents only (C3 rules out the rest).
            let count = if k < 2 && !top { 0 } else { *count };
            w += self.layout.put(C8 + k, 2 - u128::from(count.min(2)));
        }
        let (pa, pb) = (&ctx.players[a], &ctx.players[b]);
        let down = pa.score > pb.score;
        for back in 1..=2usize {
            let off = 2 * (back - 1);
            // C12/C14: players who floated down then are not floated down again.
            let mut again = u128::from(pb.float_back(back) == Float::Down);
            again += u128::from(pa.float_back(back) == Float::Down && !down);
            w += self.layout.put(C12 + off, again);
            // C13/C15: no upfloat for the lower player after one then.
            let up_again = down && pb.float_back(back) == Float::Up;
            w += self.layout.put(C12 + off + 1, u128::from(!up_again));
            // C16–C19: the same, weighed by the score (difference).
            let level = |score: u32| -> u128 {
                self.levels.iter().position(|s| *s == score).unwrap_or(0) as u128
            };
            let mut sd = 0;
            if pb.float_back(back) == Float::Down {
                sd += level(pb.score) + 1;
            }
            // An MDP that floated down then and is paired here floats the least it can.
            if pa.float_back(back) == Float::Down {
                sd += level(pa.score) + 1;
            }
            w += self.layout.put(C16 + off, sd.min(2 * self.max_sd));
            let up_sd = if up_again {
                level(pa.score) - level(pb.score)
            } else {
                0
            };
            w += self
                .layout
                .put(C16 + off + 1, self.max_sd - up_sd.min(self.max_sd));
        }
        // The MDP set (4.4): the lower an MDP's number, the more his being paired counts, so
        // that the set paired is the first in the order of the sets.
        let bits = EXCH_BITS as usize;
        let mdp_bit = |pos: usize| -> u128 {
            if pos < self.mdps && pos < bits {
                1u128 << (bits.min(self.mdps) - pos)
            } else {
                0
            }
        };
        w += self.layout.put(MDP_SET, mdp_bit(i) + mdp_bit(j));
        // Order hint (not a criterion): the higher a player, the more his partner's being
        // early counts — like the transpositions' order, and largest for S1[i] with S2[i].
        let n = self.size as u128;
        let hint = (n - i as u128).pow(self.hint_exp) * (n - j as u128);
        w += self.layout.put(ORDER, hint);
        w
    }

    /// The exchange order's weight of a remainder pair whose higher player is at `pos` of
    /// the remainder, S1 being its first `k` players.
    pub fn exchange(&self, pos: usize, k: usize) -> i128 {
        let count = self.layout.put(EXCH_COUNT, u128::from(pos < k));
        let sum = self.layout.put(
            EXCH_SUM,
            (self.size as u128 + 1).saturating_sub(pos as u128),
        );
        // Then the highest different number moved from S1 (the S1 players kept are the
        // lowest possible), then the lowest different number moved from S2.
        let bits = self.exch_bits;
        let rule = if pos < k {
            let p = (pos as u32).min(bits - 1);
            self.layout.put(EXCH_HIGH, (1 << bits) - (1u128 << p))
        } else {
            let q = ((pos - k) as u32).min(bits);
            self.layout.put(EXCH_LOW, 1u128 << (bits - q))
        };
        count + sum + rule
    }

    /// The criteria of a matching's total weight, the order fields dropped.
    pub fn criteria(&self, total: i128) -> i128 {
        if self.layout.widths[EXCH_COUNT] == 0 {
            total
        } else {
            total >> self.order_shift
        }
    }
}
