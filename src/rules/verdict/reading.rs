//! Which items of a letter repeat the record, which is the own move and which a line
//! (Art. 9 Б, 15, 21; RULES.md §4): the strict readings scored, the move numbers' votes, and
//! the lenient reading of a copied score with gaps.

use shakmaty::{Chess, Color, Move, Position};

use crate::rules::letter::MoveItem;
use crate::rules::notation;

/// How a letter's move items are read: the first `k` repeat the last `k` half-moves of the
/// record (Б is the k-th, older ones are a quoted score), item `k` is the own move (В), the
/// rest a conditional line.
#[derive(Clone, Debug)]
pub(super) struct Reading {
    pub(super) k: usize,
    /// Б (the last quoted item) fits the record; true when nothing is quoted.
    pub(super) last_ok: bool,
    /// The item that repeats Б (None: Б is not written, the quote stops earlier).
    pub(super) repeat: Option<usize>,
    /// Older quoted items that do not fit the record: (item, the record's half-move).
    pub(super) slips: Vec<(usize, usize)>,
    /// The own move, when it names one legal move (resolved once).
    pub(super) own: Option<notation::Resolved>,
}

pub(super) enum Choice {
    One(Reading),
    /// Two readings (their `k`) that give different own moves, both as good.
    Two(usize, usize),
}

/// Does the item fit the record's move `m` in `pos`? Lenient: an old move quoted in a form
/// that would be ambiguous today still fits; marks never matter (Art. 21).
fn fits(item: &MoveItem, pos: &Chess, m: Move) -> bool {
    item.parsed.as_ref().is_ok_and(|mt| mt.matches(pos, m))
}

/// The half-move a move number says an item is: `7.` White's 7th, `7...` Black's.
fn numbered_ply(item: &MoveItem) -> Option<usize> {
    let n = item.number? as usize;
    let base = 2 * n.checked_sub(1)?;
    Some(if item.black { base + 1 } else { base })
}

/// Only moves already played, none of the sender's own: the last item is numbered (with its
/// side) as a half-move of the record and is that move, and no item names the half-move to
/// play. Only the sender's new move can be impossible (RULES.md §4): a letter that quotes the
/// opponent's move and forgets its own costs nothing.
pub(super) fn only_repeats(items: &[MoveItem], moves: &[Move], positions: &[Chess]) -> bool {
    let ply = moves.len();
    items.last().is_some_and(|last| {
        numbered_ply(last).is_some_and(|q| {
            q < ply
                && !items.iter().any(|it| numbered_now(it, ply))
                && fits(last, &positions[q], moves[q])
        })
    })
}

/// The item's number and side mark name exactly the half-move `ply` (the one to be played).
fn numbered_now(item: &MoveItem, ply: usize) -> bool {
    item.number == Some((ply / 2 + 1) as u32) && item.black == (ply % 2 == 1)
}

/// A reading by the gaps, with how many quoted items it skipped.
struct GapReading {
    reading: Reading,
    /// Quoted items that fit no half-move in order (a duplicated or garbled old move).
    skipped: usize,
}

/// The quoted items matched in order: the last matched half-move and its item, whether the
/// last quoted item was matched or repeats an older one, where each item went.
type InOrder = (Option<(usize, usize)>, bool, Vec<Placed>);

/// How the gap reading placed one quoted item.
#[derive(Clone, Copy)]
enum Placed {
    /// At this half-move of the record.
    At(usize),
    /// Skipped: a repeat of a move already matched (nothing to point out).
    Duplicate,
    /// Skipped: fits no half-move in order (its number's half-move, if any).
    Slip(Option<usize>),
}

/// The skipped items worth pointing out (Art. 9 Б): a garbled old move that stands where
/// record moves went unmatched, one for one, or at the half-move its number names.
fn gap_slips(placed: &[Placed], ply: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut prev: Option<usize> = None;
    while i < placed.len() {
        if let Placed::At(q) = placed[i] {
            prev = Some(q);
            i += 1;
            continue;
        }
        // A run of skipped items between the matched half-moves `prev` and `next`.
        let run_end = (i..placed.len())
            .find(|&j| matches!(placed[j], Placed::At(_)))
            .unwrap_or(placed.len());
        let next = match placed.get(run_end) {
            Some(Placed::At(q)) => *q,
            _ => ply,
        };
        let start = prev.map_or(0, |q| q + 1);
        let real: Vec<(usize, Option<usize>)> = (i..run_end)
            .filter_map(|j| match placed[j] {
                Placed::Slip(n) => Some((j, n)),
                _ => None,
            })
            .collect();
        let gap = next.saturating_sub(start);
        for (t, &(j, n)) in real.iter().enumerate() {
            let at = match n {
                Some(q) if q >= start && q < next => Some(q),
                Some(_) => None,
                None if real.len() == gap => Some(start + t),
                None => None,
            };
            if let Some(q) = at.filter(|&q| q < ply) {
                out.push((j, q));
            }
        }
        i = run_end;
    }
    out
}

/// The lenient reading when the strict ones would refuse: the quoted items fit the record in
/// order but with gaps (a token of the copied score left out, duplicated or garbled), the own
/// move after them is legal. Then nothing is refused: a slip in copying the score is the
/// sender's to correct, never a fault (Art. 9 Б). The own move may stand anywhere in the
/// letter (a duplicated move puts it past `ply`); an item with a number fits only at its
/// numbered half-move, and one numbered as Б that does not fit it is Б written wrongly
/// (Art. 15: no gap reading).
fn read_with_gaps(
    items: &[MoveItem],
    moves: &[Move],
    positions: &[Chess],
    pos: &Chess,
) -> Option<GapReading> {
    let ply = moves.len();
    if ply == 0 || items.len() < 2 {
        return None;
    }
    // Match items[..k] to increasing half-moves below `ply`: (the last matched half-move and
    // its item, whether the last quoted item was matched or repeats an older one, where each
    // item went).
    let fits_in_order = |k: usize| -> Option<InOrder> {
        let mut p = 0;
        let mut last = None;
        let mut placed = Vec::with_capacity(k);
        let mut last_item_ok = false;
        for (i, it) in items[..k].iter().enumerate() {
            let at = |q: usize| q < ply && fits(it, &positions[q], moves[q]);
            if let Some(q) = numbered_ply(it) {
                // `2. e7-e5` for Black's second move: the side mark is often left out.
                let qs = if it.black { vec![q] } else { vec![q, q + 1] };
                if let Some(&q) = qs.iter().find(|&&q| q >= p && at(q)) {
                    p = q + 1;
                    last = Some((q, i));
                    last_item_ok = true;
                    placed.push(Placed::At(q));
                    continue;
                }
                if q + 1 == ply && !qs.iter().any(|&q| at(q)) {
                    // Numbered as the opponent's last move and not it: Art. 15, not a gap.
                    return None;
                }
                last_item_ok = qs.iter().any(|&q| q < p && at(q));
                placed.push(if last_item_ok {
                    Placed::Duplicate
                } else {
                    Placed::Slip(Some(q))
                });
                continue;
            }
            match (p..ply).find(|&q| at(q)) {
                Some(q) => {
                    p = q + 1;
                    last = Some((q, i));
                    last_item_ok = true;
                    placed.push(Placed::At(q));
                }
                None => {
                    // A repeat of a move already matched is a harmless duplicate.
                    last_item_ok = (0..p).any(at);
                    placed.push(if last_item_ok {
                        Placed::Duplicate
                    } else {
                        Placed::Slip(None)
                    });
                }
            }
        }
        Some((last, last_item_ok, placed))
    };
    let own_numbered = |k: usize| numbered_now(&items[k], ply);
    (1..items.len()).rev().find_map(|k| {
        if items[k].conditional {
            return None;
        }
        let own = resolve(&items[k], pos)?;
        let (last, last_item_ok, placed) = fits_in_order(k)?;
        let repeat = last.filter(|&(q, _)| q + 1 == ply).map(|(_, i)| i);
        // The quote must end on a move of the record, unless the own move's number says
        // which it is and Б was found.
        if !(last_item_ok || own_numbered(k) && repeat.is_some()) {
            return None;
        }
        last?;
        let slips = gap_slips(&placed, ply);
        let skipped = placed
            .iter()
            .filter(|p| !matches!(p, Placed::At(_)))
            .count();
        Some(GapReading {
            reading: Reading {
                k,
                last_ok: true,
                repeat,
                slips,
                own: Some(own),
            },
            skipped,
        })
    })
}

/// Decide which items repeat the record, which is the own move and which are a line.
///
/// Each split is scored (lower is better): everything fits 0; an older quoted move differs 2
/// (pointed out); the own move's number names another half-move, or another item is
/// numbered as the half-move to play, +3; the line after the own move is not legal
/// throughout +3; Б differs 6 (Art. 15); the own move is not legal 8. So a
/// whole score copied with a slip (2) is never read as its first move being the sender's
/// (`1. e2-e4` may be legal for a rook on e2, but its number and its "line" say otherwise).
pub(super) fn read_items(
    items: &[MoveItem],
    moves: &[Move],
    positions: &[Chess],
    pos: &Chess,
    sender: Color,
) -> Choice {
    let _ = sender;
    let ply = moves.len();
    let kmax = ply.min(items.len() - 1);
    // Votes of the move numbers: item i numbered as half-move q says k = ply + i − q.
    let mut votes = vec![0u32; kmax + 1];
    for (i, it) in items.iter().enumerate() {
        if let Some(q) = numbered_ply(it)
            && let Some(k) = (ply + i).checked_sub(q)
            && k <= kmax
        {
            votes[k] += 1;
        }
    }
    // The own move of each reading (resolved once: resolving is the costly part).
    let owns: Vec<Option<notation::Resolved>> =
        (0..=kmax).map(|k| resolve(&items[k], pos)).collect();
    let own = |k: usize| owns[k].map(|r| r.mv);
    // The line after the own move of reading k is legal throughout.
    let line_ok = |k: usize, m: Move| {
        if k + 1 == items.len() {
            return true;
        }
        let mut lpos = pos.clone();
        lpos.play_unchecked(m);
        items[k + 1..].iter().all(|it| match resolve(it, &lpos) {
            Some(r) => {
                lpos.play_unchecked(r.mv);
                true
            }
            None => false,
        })
    };
    // The own move's number names another move (a wrong side mark alone is no contradiction:
    // `3. e7-e6` for Black's third move is sloppy, not another move).
    let number_bad = |k: usize| items[k].number.is_some_and(|n| n as usize != ply / 2 + 1);
    // Another item is numbered as the half-move to be played: its number says it is the own
    // move, not this reading's.
    let other_numbered_now = |k: usize| {
        items
            .iter()
            .enumerate()
            .any(|(j, it)| j != k && numbered_now(it, ply))
    };
    let mut scored: Vec<(u32, Reading)> = Vec::with_capacity(kmax + 1);
    for k in 0..=kmax {
        // The own move is never inside an "if …" clause.
        if k > 0 && items[k].conditional {
            continue;
        }
        let own_mv = own(k);
        let last_ok = k == 0 || fits(&items[k - 1], &positions[ply - 1], moves[ply - 1]);
        let mut slips = Vec::new();
        if k >= 2 {
            for i in 0..k - 1 {
                let p = ply - k + i;
                if !fits(&items[i], &positions[p], moves[p]) {
                    slips.push((i, p));
                }
            }
        }
        let score = match (own_mv, last_ok) {
            (None, _) => 8,
            (Some(_), false) => 6,
            (Some(m), true) => {
                u32::from(!slips.is_empty()) * 2
                    + u32::from(number_bad(k) || other_numbered_now(k)) * 3
                    + u32::from(!line_ok(k, m)) * 3
            }
        };
        scored.push((
            score,
            Reading {
                k,
                last_ok,
                repeat: k.checked_sub(1),
                slips,
                own: owns[k],
            },
        ));
    }
    let top = scored.iter().map(|s| s.0).min().unwrap_or(8);
    let strict = choose_strict(&scored, top, &votes, &owns);
    // The gap reading (a quote with a move left out, duplicated or garbled) when the strict
    // readings have a fault, or explain the letter only by two or more slips.
    let best_slips = scored
        .iter()
        .filter(|s| s.0 == top)
        .map(|s| s.1.slips.len())
        .min()
        .unwrap_or(0);
    if (top >= 3 || (top == 2 && best_slips >= 2))
        && let Some(g) = read_with_gaps(items, moves, positions, pos).filter(|g| {
            !number_bad(g.reading.k) && g.reading.own.is_some_and(|r| line_ok(g.reading.k, r.mv))
        })
        && (top >= 3 || (best_slips >= 2 && g.skipped < best_slips))
    {
        let gk = g.reading.k;
        let gap_own = g.reading.own.map(|r| r.mv);
        let sk = match &strict {
            Choice::One(r) => r.k,
            Choice::Two(a, _) => *a,
        };
        // Never change the own move on the strength of the gaps alone: the gap reading
        // stands when it gives the strict reading's own move, when no strict reading has a
        // legal own move with Б right, or when its own move's number says it is the one.
        if top >= 6
            || (matches!(strict, Choice::One(_)) && gap_own == own(sk))
            || (numbered_now(&items[gk], ply) && !numbered_now(&items[sk], ply))
        {
            return Choice::One(g.reading);
        }
        if gap_own != own(sk) {
            // Two readings, two own moves: ask (RULES.md §4, no penalty).
            return Choice::Two(sk, gk);
        }
    }
    strict
}

/// The best of the strict readings (`top` is the best score).
fn choose_strict(
    scored: &[(u32, Reading)],
    top: u32,
    votes: &[u32],
    owns: &[Option<notation::Resolved>],
) -> Choice {
    let own = |k: usize| owns[k].map(|r| r.mv);
    let mut tied: Vec<&(u32, Reading)> = scored.iter().filter(|s| s.0 == top).collect();
    if top >= 6 {
        // No legal own move in any reading (or Б wrong in the best): the reading the numbers
        // and the quoted moves support most; the refusal concerns its own move.
        let key = |r: &Reading| {
            let fitting = r.k - r.slips.len() - usize::from(!r.last_ok && r.k > 0);
            (fitting, votes[r.k], r.k)
        };
        tied.sort_by(|a, b| key(&b.1).cmp(&key(&a.1)));
        return Choice::One(tied[0].1.clone());
    }
    // Legal own moves: the readings as good as the best; the numbers decide between them.
    let first_own = own(tied[0].1.k);
    if tied.iter().all(|t| own(t.1.k) == first_own) {
        // One own move whatever the reading: the one the numbers support, else the longest
        // quote.
        tied.sort_by(|a, b| (votes[b.1.k], b.1.k).cmp(&(votes[a.1.k], a.1.k)));
        return Choice::One(tied[0].1.clone());
    }
    let max_votes = tied.iter().map(|t| votes[t.1.k]).max().unwrap_or(0);
    let voted: Vec<&&(u32, Reading)> = tied.iter().filter(|t| votes[t.1.k] == max_votes).collect();
    if max_votes > 0 && voted.iter().all(|t| own(t.1.k) == own(voted[0].1.k)) {
        return Choice::One(voted[0].1.clone());
    }
    let a = voted[0].1.k;
    let b = voted
        .iter()
        .map(|t| t.1.k)
        .find(|&k| own(k) != own(a))
        .unwrap_or(a);
    Choice::Two(a, b)
}

pub(super) fn resolve(item: &MoveItem, pos: &Chess) -> Option<notation::Resolved> {
    item.parsed
        .as_ref()
        .ok()
        .and_then(|mt| mt.resolve(pos).ok())
}
