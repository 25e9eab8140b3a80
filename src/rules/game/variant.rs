//! Conditional lines (Art. 10, 32): the opponent's variant followed when the sender's move
//! matches it, declined lines played move by move (Art. 10: +5 days).

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use crate::rules::clock;
use crate::rules::model::{Day, Penalty};
use crate::rules::verdict::Accepted;

use super::record::{GameRecord, Variant};

/// What following the opponent's variant did.
pub(super) struct Followed {
    /// Moves of the sender's written line consumed by accepting the variant step by step.
    pub(super) consumed: usize,
    /// The rest of the sender's line stands as his own offer.
    pub(super) lapsed_rest_is_own_line: bool,
    /// Art. 10 penalty for playing an explicitly declined variant move by move.
    pub(super) penalty: Option<Penalty>,
}

/// Art. 10, 32: when the sender's move matches the opponent's pending variant, the proposer's
/// next move is played at once, and so on while the sender's own written line follows it.
pub(super) fn follow_variant(
    next: &mut GameRecord,
    pos: &mut Chess,
    from: Color,
    a: &Accepted,
    today: Day,
) -> Followed {
    let mut out = Followed {
        consumed: 0,
        lapsed_rest_is_own_line: true,
        penalty: None,
    };
    let Some(v) = next.variant.clone() else {
        return out;
    };
    if v.by == from {
        // A declined line the proposer keeps playing by hand is still watched (Art. 10: the
        // receiver who declined it and then plays it move by move is penalised); otherwise his
        // own earlier line is replaced by this letter.
        let ply = next.moves.len() - 1;
        let follows =
            |i: usize| i >= v.from_ply && v.moves.get(i - v.from_ply) == Some(&next.moves[i].uci);
        if !(v.declined && (v.from_ply..=ply).all(follows)) {
            next.variant = None;
        }
        return out;
    }
    let played_ply = next.moves.len() - 1;
    let offset = played_ply.checked_sub(v.from_ply);
    let Some(offset) = offset else {
        next.variant = None;
        return out;
    };
    if v.declined {
        // Art. 10: declined, then played move by move: +5 days when the whole line was played.
        let matches = v
            .moves
            .get(offset)
            .is_some_and(|u| *u == next.moves[played_ply].uci);
        let prefix_ok = (0..offset).all(|i| {
            v.moves
                .get(i)
                .is_some_and(|u| *u == next.moves[v.from_ply + i].uci)
        });
        if !(matches && prefix_ok) {
            next.variant = None;
        } else if offset + 1 >= v.moves.len() || offset + 2 >= v.moves.len() {
            out.penalty = Some(Penalty {
                color: from,
                days: i32::try_from(next.params.penalty_days).unwrap_or(i32::MAX),
                article: "10".into(),
                reason: "a declined variant played move by move".into(),
                date: today,
            });
            next.variant = None;
        }
        return out;
    }
    if offset != 0 || v.moves.first() != Some(&next.moves[played_ply].uci) {
        next.variant = None; // deviated: the rest lapses
        return out;
    }
    let mut k = 1; // index in v.moves of the proposer's next move
    let mut line = a.line.iter();
    let mut consumed = 0;
    // The rest of the proposer's line, still on offer after this letter (RULES.md §5: "and so
    // on until the line ends or the opponent deviates").
    let mut rest: Vec<String> = Vec::new();
    loop {
        let Some(u) = v.moves.get(k) else { break };
        let Some(mv) = u.parse::<UciMove>().ok().and_then(|u| u.to_move(pos).ok()) else {
            break;
        };
        let day = next.moves.last().map_or(today, |m| m.sent);
        next.play(pos, mv, day, day, true);
        if pos.is_game_over() {
            break;
        }
        // The sender's written line may accept further steps in this same letter.
        let (Some(opp), Some(own)) = (line.next(), line.next()) else {
            if line.len() == 0 && consumed == a.line.len() {
                rest = v.moves.get(k + 1..).unwrap_or_default().to_vec();
            }
            break;
        };
        if opp.uci != *u {
            break;
        }
        let Some(mine) = own
            .uci
            .parse::<UciMove>()
            .ok()
            .and_then(|x| x.to_move(pos).ok())
        else {
            break;
        };
        consumed += 2;
        next.play(pos, mine, day, today, false);
        if v.moves.get(k + 1) != Some(&own.uci) {
            // The proposer's line ends here or the sender leaves it: the move he wrote after
            // the accepted part is his own move, the rest of his letter his own new line.
            break;
        }
        k += 2;
    }
    out.consumed = consumed;
    next.variant = (!rest.is_empty()).then(|| Variant {
        by: v.by,
        from_ply: next.moves.len(),
        moves: rest,
        declined: false,
    });
    out
}

/// Art. 32: every move a letter brought, and those played from a line in answer to it, carry
/// the letter's number (`before`: the record's length before the letter): time is attributed
/// by letter.
pub(super) fn number_by_letter(next: &mut GameRecord, before: usize) {
    let number = next.moves[..before]
        .iter()
        .map(|m| m.letter)
        .max()
        .unwrap_or(0)
        .max(u32::try_from(before).unwrap_or(u32::MAX))
        + 1;
    for m in &mut next.moves[before..] {
        m.letter = number;
    }
}

/// After a move that did not end the game: the sender's own line offered (Art. 10), or the
/// opponent's line still on offer (Art. 32), with the clock told how far the line reaches.
pub(super) fn offer_lines(next: &mut GameRecord, from: Color, a: &Accepted, own_line: Vec<String>) {
    if !own_line.is_empty() && next.to_move() == Some(from.other()) {
        next.variant = Some(Variant {
            by: from,
            from_ply: next.moves.len(),
            moves: own_line,
            declined: false,
        });
        let reach =
            clock::ply_number(next.moves.len()) + u32::try_from(a.line.len() / 2).unwrap_or(0);
        next.clock.set_pending_line(Some(clock::PendingLine {
            ply: u32::try_from(next.moves.len()).unwrap_or(u32::MAX),
            reach_move: reach,
        }));
    } else if let Some(v) = next.variant.as_ref().filter(|v| v.by == from.other()) {
        // The opponent's line goes on: offered again to this sender (Art. 32).
        let reach =
            clock::ply_number(next.moves.len()) + u32::try_from(v.moves.len() / 2).unwrap_or(0);
        next.clock.set_pending_line(Some(clock::PendingLine {
            ply: u32::try_from(next.moves.len()).unwrap_or(u32::MAX),
            reach_move: reach,
        }));
    } else {
        next.clock.set_pending_line(None);
    }
}
