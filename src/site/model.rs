//! What the site publishes of a game (pure): the record as far as it may be shown (the delay
//! rule), and the view a game page is drawn from.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, EnPassantMode};

use crate::config::PublishDelay;
use crate::rules::clock::ClockState;
use crate::rules::game::{GameRecord, Status};
use crate::rules::model::{Color, Day};

/// How much of a game is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Finished: everything.
    Finished,
    /// In play, published live (`publish_delay_moves = 0`).
    Live,
    /// In play, the last `delay` moves of each side held back: `plies` half-moves shown.
    Delayed { delay: u32, plies: usize },
}

/// A game as the site may show it.
#[derive(Clone, Debug)]
pub struct Published {
    /// The record, cut after the last move shown for a delayed game (no result, no clock
    /// state, no penalty or suspension after the last shown move's day).
    pub rec: GameRecord,
    pub shown: Shown,
    /// The day the clocks are read at: today, or the day the last shown move was sent.
    pub as_of: Day,
}

/// The delay rule (issue 14): a finished game is published whole; a game in play `n` moves
/// behind — each side's last `n` moves held back, so its last `2n` half-moves — or not at all
/// with `"none"`. `None`: not published.
pub fn published(rec: &GameRecord, delay: PublishDelay, today: Day) -> Option<Published> {
    if rec.status == Status::Finished || rec.result.is_some() {
        return Some(Published {
            rec: rec.clone(),
            shown: Shown::Finished,
            as_of: today,
        });
    }
    let n = match delay {
        PublishDelay::FinishedOnly => return None,
        PublishDelay::Moves(0) => {
            return Some(Published {
                rec: rec.clone(),
                shown: Shown::Live,
                as_of: today,
            });
        }
        PublishDelay::Moves(n) => n,
    };
    let plies = rec.moves.len().saturating_sub(2 * n as usize);
    let as_of = plies
        .checked_sub(1)
        .map_or(rec.start, |last| rec.moves[last].sent);
    let mut cut = rec.clone();
    cut.moves.truncate(plies);
    cut.penalties.retain(|p| p.date <= as_of);
    cut.suspensions.retain(|s| s.from <= as_of);
    cut.clock = ClockState::default();
    cut.draw_offer = None;
    cut.variant = None;
    cut.adjudication = None;
    cut.status = Status::Playing;
    cut.result = None;
    cut.termination = None;
    Some(Published {
        rec: cut,
        shown: Shown::Delayed { delay: n, plies },
        as_of,
    })
}

/// One half-move of the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// 1-based: the position after this move is `fens[ply]`.
    pub ply: usize,
    pub number: u32,
    pub color: Color,
    /// In the tournament's full notation (`Кg1-f3`).
    pub text: String,
    /// SAN with English letters and `+`/`#` (`Nf3`).
    pub san: String,
    pub sent: Day,
    pub days: u32,
}

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideRow {
    pub days: i64,
    pub penalty_days: i64,
    pub oversteps: u32,
}

/// The moves, every position's FEN (the start first) and both clocks of a published game.
pub fn score(p: &Published) -> (Vec<MoveRow>, Vec<String>, [SideRow; 2]) {
    let lines = p.rec.lines(0, p.as_of);
    let mut pos = Chess::default();
    let fen = |pos: &Chess| Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let mut fens = vec![fen(&pos)];
    let mut rows = Vec::with_capacity(lines.len());
    for (i, (line, mv)) in lines.iter().zip(p.rec.played()).enumerate() {
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string();
        fens.push(fen(&pos));
        rows.push(MoveRow {
            ply: i + 1,
            number: line.number,
            color: line.color,
            text: line.text.clone(),
            san,
            sent: line.sent,
            days: line.days,
        });
    }
    let report = p.rec.clocks(p.as_of);
    let side = |c: Color| {
        let s = report.side(c);
        SideRow {
            days: s.total_days,
            penalty_days: s.penalty_days,
            oversteps: s.oversteps,
        }
    };
    (rows, fens, [side(Color::White), side(Color::Black)])
}

/// The day a finished game is dated in the feed: its last known event (last move, the
/// adjudicator's decision, a penalty); its start when nothing is dated.
pub fn finished_on(rec: &GameRecord) -> Day {
    let mut day = rec.start;
    if let Some(m) = rec.moves.last() {
        day = day.max(m.sent);
    }
    if let Some(d) = rec.adjudication.as_ref().and_then(|a| a.decided_on) {
        day = day.max(d);
    }
    for p in &rec.penalties {
        day = day.max(p.date);
    }
    day
}
