//! Evidence for an overstep claim (Art. 35, 36): score, per-move table, position; and the
//! penalties the clock side knows about (Art. 17, 22, 40, 56).

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::rules::model::{Color, Day, Params, Penalty, PlayedMove};

use super::*;

// Evidence for a claim (Art. 35, 36)
// ---------------------------------------------------------------------------------------------

/// What an overstep claim carries (Art. 35, 36): the full score, the per-move table with
/// receipt and sending dates, the totals and the position at the overstep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OverstepEvidence {
    #[serde(with = "crate::rules::model::color_serde")]
    pub offender: Color,
    pub move_number: u32,
    /// Full score in SAN (the lead renders the tournament's notation).
    pub score: Vec<String>,
    pub moves: Vec<MoveTime>,
    /// Both players' time in their current counts on the claim day.
    pub white_days: i64,
    pub black_days: i64,
    pub limit: i64,
    /// Position after the offender's move at the overstep, or the current one when he has
    /// not played it; `None` when the record cannot be replayed from the initial position.
    pub fen: Option<String>,
}

/// Evidence for a detected overstep, as of the day it became due.
pub fn evidence(g: &ClockGame<'_>, d: &Detection) -> OverstepEvidence {
    let p = Prepared::new(*g, d.day);
    let ply_after = (d.move_number as usize)
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(side(d.color))
        .saturating_add(1)
        .min(g.moves.len());
    OverstepEvidence {
        offender: d.color,
        move_number: d.move_number,
        score: g.moves.iter().map(|m| m.san.clone()).collect(),
        moves: p.times.clone(),
        white_days: p.total_on(Color::White, dn(d.day)),
        black_days: p.total_on(Color::Black, dn(d.day)),
        limit: d.limit,
        fen: fen_after(g.moves, ply_after),
    }
}

/// FEN after the first `plies` moves, replayed from the initial position.
pub fn fen_after(moves: &[PlayedMove], plies: usize) -> Option<String> {
    let mut pos = Chess::default();
    for m in moves.iter().take(plies) {
        let uci: UciMove = m.uci.parse().ok()?;
        let mv = uci.to_move(&pos).ok()?;
        pos = pos.play(mv).ok()?;
    }
    Some(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
}

// ---------------------------------------------------------------------------------------------
// Penalties the clock side knows about
// ---------------------------------------------------------------------------------------------

/// A penalty of `params.penalty_days` (Art. 10 declined variant played move by move, Art. 17
/// impossible/incorrect/unclear move, Art. 22 unfounded complaint, Art. 40 unfounded claim).
pub fn penalty(params: &Params, color: Color, article: &str, reason: &str, date: Day) -> Penalty {
    Penalty {
        color,
        days: i32::try_from(params.penalty_days).unwrap_or(i32::MAX),
        article: article.to_string(),
        reason: reason.to_string(),
        date,
    }
}
