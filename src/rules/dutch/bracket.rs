//! C.04.3 2–4 (and C4): the brackets from the top scoregroup down; in each, which MDPs are
//! paired (2.2), S1 and S2, exchanges (4.3) and transpositions (4.2), chosen as the first
//! candidate in the rules' order among those of the best quality, the quality measured by a
//! maximum-weight matching over the bracket and every player below it (so that the rest of
//! the round can still be completed, C4). The player left over at the bottom gets the
//! pairing-allocated bye (C.04.1 c; C2).

use integer_blossom::max_weight_matching;

use super::PairError;
use super::criteria::{Place, Weights};
use super::player::Context;

/// Above this many players below the bracket the matching holds only the next ones (the
/// rest pair among themselves; it keeps a 500-player round under a second).
const WINDOW: usize = 60;

/// One bracket's matching problem: the vertices (ranks), their weights, the current
/// optimum.
struct Problem<'a> {
    weights: Weights<'a>,
    verts: Vec<usize>,
    mat: Vec<i128>,
    mate: Vec<Option<usize>>,
    opt: i128,
}

impl Problem<'_> {
    fn n(&self) -> usize {
        self.verts.len()
    }

    fn solve(&self, mat: &[i128]) -> (Vec<Option<usize>>, i128) {
        let n = self.n();
        let mate = max_weight_matching(mat, n);
        let mut total: i128 = 0;
        for (i, m) in mate.iter().enumerate() {
            if let Some(j) = m
                && i < *j
            {
                total += mat[i * n + j];
            }
        }
        (mate, self.weights.criteria(total))
    }

    /// The matrix with `p` and `q` paired (every other edge of theirs dropped).
    fn forced(&self, p: usize, q: usize) -> Vec<i128> {
        let n = self.n();
        let keep = self.mat[p.min(q) * n + p.max(q)];
        let mut m = self.mat.clone();
        for k in 0..n {
            for x in [p, q] {
                m[x * n + k] = 0;
                m[k * n + x] = 0;
            }
        }
        m[p.min(q) * n + p.max(q)] = keep;
        m
    }

    /// `forced` on the problem itself, when the current optimum already pairs them.
    fn force_in_place(&mut self, p: usize, q: usize) {
        let n = self.n();
        let keep = self.mat[p.min(q) * n + p.max(q)];
        for k in 0..n {
            for x in [p, q] {
                self.mat[x * n + k] = 0;
                self.mat[k * n + x] = 0;
            }
        }
        self.mat[p.min(q) * n + p.max(q)] = keep;
    }

    /// Drops every edge of `p` but those to the vertices `keep` accepts.
    fn keep_only(&mut self, p: usize, keep: impl Fn(usize) -> bool) {
        let n = self.n();
        for k in 0..n {
            if k != p && !keep(k) {
                self.mat[p.min(k) * n + p.max(k)] = 0;
            }
        }
    }

    fn edge(&self, p: usize, q: usize) -> i128 {
        self.mat[p.min(q) * self.n() + p.max(q)]
    }

    /// Accepts `mat` as the problem from now on when its optimum is still the best.
    fn try_accept(&mut self, mat: Vec<i128>) -> bool {
        let (mate, crit) = self.solve(&mat);
        if crit == self.opt {
            self.mat = mat;
            self.mate = mate;
            true
        } else {
            false
        }
    }

    /// Pairs `p` with the first of `candidates` (window indices, in the rules' order) that
    /// some best pairing pairs it with; false when none.
    fn first_partner(&mut self, p: usize, candidates: &[usize]) -> bool {
        for &q in candidates {
            if q == p || self.edge(p, q) == 0 {
                continue;
            }
            if self.mate[p] == Some(q) {
                self.force_in_place(p, q);
                return true;
            }
            let m = self.forced(p, q);
            if self.try_accept(m) {
                return true;
            }
        }
        false
    }
}

/// The pairs (ranks) of a round and the player with the bye.
pub type RoundPairs = (Vec<(usize, usize)>, Option<usize>);

/// Pairs the whole round: the pairs (ranks) and the bye.
pub fn pair_all(ctx: &Context) -> Result<RoundPairs, PairError> {
    let n = ctx.len();
    let mut alive = vec![true; n];
    let mut pairs = Vec::new();
    let mut floaters: Vec<usize> = Vec::new();
    let (bye_ok, bye_score) = bye_candidates(ctx);
    for (g, &score) in ctx.groups.iter().enumerate() {
        let mut bracket: Vec<usize> = floaters.clone();
        bracket.extend((0..n).filter(|&i| alive[i] && ctx.players[i].score == score));
        bracket.sort_unstable();
        let next_score = ctx.groups.get(g + 1).copied();
        // C.04.3 2025 (the bye's unplayed games) is weighed from the bye's scoregroup down,
        // in a bracket whose one player left over is the bye (see `pair_bracket`).
        let unplayed_at = bye_score.filter(|b| score <= *b);
        let found = Bracket {
            players: &bracket,
            next_score,
            bye_ok: &bye_ok,
            unplayed_at,
        };
        floaters = pair_bracket(ctx, &mut alive, &found, &mut pairs);
    }
    match floaters.as_slice() {
        [] => Ok((pairs, None)),
        // C2: the one left over must be allowed the bye (C.04.1 d), or there is no pairing.
        [one] if ctx.players[*one].bye_eligible => Ok((pairs, Some(*one))),
        _ => Err(PairError::NoPairing),
    }
}

/// Who may get the pairing-allocated bye (C.04.1 d, C2): a player without a bye or a win
/// without playing, of the lowest score at which the rest of the round can still be paired
/// (C4; the bye goes as low as it can), and that score.
fn bye_candidates(ctx: &Context) -> (Vec<bool>, Option<u32>) {
    let n = ctx.len();
    let eligible: Vec<bool> = ctx.players.iter().map(|p| p.bye_eligible).collect();
    if n.is_multiple_of(2) {
        return (eligible, None);
    }
    for &score in ctx.groups.iter().rev() {
        let cand: Vec<bool> = (0..n)
            .map(|i| eligible[i] && ctx.players[i].score == score)
            .collect();
        if !cand.iter().any(|c| *c) {
            continue;
        }
        // Every pair allowed by C1/C3; one vertex more, joined to the candidates only,
        // stands for the bye: a perfect matching exists iff the bye can go at this score.
        // In a large field only the lowest players (an odd number, the candidates among
        // them) are in it: the even rest above pairs among itself.
        let from = (0..n).find(|&i| cand[i]).unwrap_or(0);
        let mut lo = if n > 2 * WINDOW {
            from.min(n.saturating_sub(2 * WINDOW))
        } else {
            0
        };
        if (n - lo).is_multiple_of(2) {
            lo = lo.saturating_sub(1);
        }
        let k = n - lo;
        let m = k + 1;
        let mut mat = vec![0i128; m * m];
        for i in 0..k {
            for j in (i + 1)..k {
                if ctx.compatible(lo + i, lo + j) {
                    mat[i * m + j] = 1;
                }
            }
            if cand[lo + i] {
                mat[i * m + k] = 1;
            }
        }
        let mate = max_weight_matching(&mat, m);
        if mate.iter().all(|x| x.is_some()) {
            let cand = (0..n)
                .map(|i| eligible[i] && ctx.players[i].score <= score)
                .collect();
            return (cand, Some(score));
        }
    }
    (eligible, None)
}

/// One bracket to pair: its players (ranks, sorted), the next scoregroup's score, who may
/// have the bye and, when the player it leaves over is the bye, the bye's score.
struct Bracket<'a> {
    players: &'a [usize],
    next_score: Option<u32>,
    bye_ok: &'a [bool],
    unplayed_at: Option<u32>,
}

/// Pairs one bracket; returns its downfloaters.
fn pair_bracket(
    ctx: &Context,
    alive: &mut [bool],
    found: &Bracket,
    pairs: &mut Vec<(usize, usize)>,
) -> Vec<usize> {
    let Bracket {
        players: bracket,
        next_score,
        bye_ok,
        unplayed_at,
    } = *found;
    if bracket.len() < 2 && next_score.is_some() {
        return bracket.to_vec();
    }
    let below: Vec<usize> = (0..ctx.len())
        .filter(|&i| alive[i] && !bracket.contains(&i))
        .collect();
    let next: Vec<usize> = below
        .iter()
        .copied()
        .filter(|&i| Some(ctx.players[i].score) == next_score)
        .collect();
    let truncated = below.len() > WINDOW.max(next.len());
    let keep = if truncated {
        WINDOW.max(next.len())
    } else {
        below.len()
    };
    let mut verts: Vec<usize> = bracket.to_vec();
    verts.extend(below.iter().take(keep));
    // C2 is absolute: when nobody left can have the bye, there is no pairing (the arbiter
    // decides, as with bbpPairings).
    let bye = if !truncated && verts.len() % 2 == 1 {
        Some(bye_ok.to_vec())
    } else {
        None
    };
    let bscores: Vec<u32> = bracket.iter().map(|&i| ctx.players[i].score).collect();
    let nscores: Vec<u32> = next.iter().map(|&i| ctx.players[i].score).collect();
    let vn = verts.len();
    let bl = bracket.len();
    let place = |k: usize| -> Place {
        if k < bl {
            Place::Bracket(k)
        } else if Some(ctx.players[verts[k]].score) == next_score {
            Place::Next
        } else {
            Place::Below
        }
    };
    let problem = |unplayed_at: Option<u32>| {
        let weights = Weights::new(ctx, &bscores, &nscores, vn, bye.clone(), unplayed_at);
        let mut mat = vec![0i128; vn * vn];
        for i in 0..vn {
            for j in (i + 1)..vn {
                let (a, b) = (verts[i], verts[j]);
                let (x, y, px, py) = if a < b {
                    (a, b, place(i), place(j))
                } else {
                    (b, a, place(j), place(i))
                };
                mat[i * vn + j] = weights.weight(x, y, px, py);
            }
        }
        Problem {
            weights,
            verts: verts.clone(),
            mat,
            mate: Vec::new(),
            opt: 0,
        }
    };
    let mut pb = problem(None);
    let (mut mate, mut opt) = pb.solve(&pb.mat);
    // The bye's unplayed games count where the bye is this bracket's one player left over:
    // when a best pairing pairs none of the bracket lower down (bbpPairings' reading).
    let resident_score = bscores.iter().copied().min().unwrap_or(0);
    if let Some(at) = unplayed_at {
        let lower = (0..bl).any(|k| {
            mate[k].is_some_and(|q| q >= bl && ctx.players[verts[q]].score < resident_score)
        });
        if !lower {
            pb = problem(Some(at));
            (mate, opt) = pb.solve(&pb.mat);
        }
    }
    pb.mate = mate;
    pb.opt = opt;
    let mut fixed = vec![false; bl];
    // MDPs (C.04.3 2.2): first which of them are paired (S1 the highest MDPs, the rest
    // in Limbo), then each, in order, with the first resident a best pairing allows.
    let mdps: Vec<usize> = (0..bl)
        .filter(|&k| ctx.players[bracket[k]].score > resident_score)
        .collect();
    let resident = |k: usize| ctx.players[bracket[k]].score == resident_score;
    let mut s1 = Vec::new();
    for &m in &mdps {
        if pb.mate[m].is_some_and(|q| q < bl && resident(q)) {
            // The best pairing pairs it already: keep it to the residents.
            pb.keep_only(m, |k| k < bl && resident(k));
            s1.push(m);
            continue;
        }
        let mut trial = pb.mat.clone();
        for k in 0..vn {
            if !(k < bl && resident(k)) {
                trial[m.min(k) * vn + m.max(k)] = 0;
            }
        }
        if pb.try_accept(trial) {
            s1.push(m);
        } else {
            // Limbo: it floats on; no pair in this bracket for it.
            for k in 0..bl {
                pb.mat[m.min(k) * vn + m.max(k)] = 0;
            }
        }
    }
    for &m in &s1 {
        let residents: Vec<usize> = (0..bl).filter(|&k| !fixed[k] && resident(k)).collect();
        if pb.first_partner(m, &residents) {
            let q = pb.mate[m].unwrap_or(m);
            fixed[m] = true;
            fixed[q] = true;
        }
    }
    pair_remainder(&mut pb, bl, &mut fixed);
    let mut downfloaters = Vec::new();
    for k in 0..bl {
        match pb.mate[k] {
            Some(q) if q < bl => {
                if k < q {
                    pairs.push((pb.verts[k], pb.verts[q]));
                }
                alive[pb.verts[k]] = false;
            }
            _ => downfloaters.push(pb.verts[k]),
        }
    }
    for &d in &downfloaters {
        alive[d] = false;
    }
    downfloaters
}

/// The homogeneous remainder (C.04.3 4.2–4.3): S1 the upper half of the players it pairs,
/// the first exchange (if any) that keeps the best quality, then each S1 player with the
/// first S2 player (transpositions in their order) that a best pairing allows.
fn pair_remainder(pb: &mut Problem, bl: usize, fixed: &mut [bool]) {
    let rest: Vec<usize> = (0..bl).filter(|&k| !fixed[k]).collect();
    let k = rest
        .iter()
        .filter(|&&x| pb.mate[x].is_some_and(|q| q < bl && !fixed[q] && x < q))
        .count();
    if k == 0 {
        return;
    }
    let s1: Vec<usize> = rest[..k].to_vec();
    let s2: Vec<usize> = rest[k..].to_vec();
    let chosen = choose_exchange(pb, &rest, &s1, &s2);
    let (s1, s2) = chosen;
    for &x in &s1 {
        let cand: Vec<usize> = s2.iter().copied().filter(|&y| !fixed[y]).collect();
        if pb.first_partner(x, &cand)
            && let Some(y) = pb.mate[x]
        {
            fixed[x] = true;
            fixed[y] = true;
        }
    }
}

/// S1 and S2 after the first exchange in the order of C.04.3 4.3 whose pairing keeps the
/// best quality: the higher player of each pair of a best matching, with the exchange order
/// (fewest players exchanged, then the smallest difference of their numbers) as weights below
/// every criterion, is S1.
fn choose_exchange(
    pb: &mut Problem,
    rest: &[usize],
    s1: &[usize],
    s2: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let n = pb.n();
    let k = s1.len();
    for (i, &x) in rest.iter().enumerate() {
        for &y in &rest[i + 1..] {
            let e = x.min(y) * n + x.max(y);
            if pb.mat[e] != 0 {
                pb.mat[e] += pb.weights.exchange(i, k);
            }
        }
    }
    let (mate, crit) = pb.solve(&pb.mat);
    let mut in_rest = vec![false; n];
    for &x in rest {
        in_rest[x] = true;
    }
    let mut in_t = vec![false; n];
    for &x in rest {
        if let Some(q) = mate[x]
            && in_rest[q]
            && x < q
        {
            in_t[x] = true;
        }
    }
    let t: Vec<usize> = rest.iter().copied().filter(|&x| in_t[x]).collect();
    if t.len() != k || crit != pb.opt {
        return (s1.to_vec(), s2.to_vec());
    }
    // That matching pairs S1 against S2 already: it stays the optimum once the pairs inside
    // either are dropped.
    for (i, &x) in rest.iter().enumerate() {
        for &y in &rest[i + 1..] {
            if in_t[x] == in_t[y] {
                pb.mat[x.min(y) * n + x.max(y)] = 0;
            }
        }
    }
    pb.mate = mate;
    let s2n: Vec<usize> = rest.iter().copied().filter(|&x| !in_t[x]).collect();
    (t, s2n)
}
