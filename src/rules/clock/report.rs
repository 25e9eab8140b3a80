//! The clock report (Art. 7 З, 23 В, 30): each player's totals and limits as of a day, and the
//! first overstep not yet claimed (Art. 27, 31).

use serde::{Deserialize, Serialize};

use crate::rules::model::{Color, Day};

use super::*;

// The report
// ---------------------------------------------------------------------------------------------

/// One player's clock as of a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideClock {
    /// All his thinking time in the game, penalties and the running clock included.
    pub game_days: i64,
    /// His time in the current count: from move 1, or from the restart move after a first
    /// overstep in `post` (Art. 7 З note, Art. 30). This is what letters and `status` show
    /// and what oversteps are judged on.
    pub total_days: i64,
    /// The running clock, when it is his move and his receipt date is known.
    pub running_days: Option<i64>,
    pub penalty_days: i64,
    /// Oversteps in force or taking effect at once.
    pub oversteps: u32,
    pub on_leave: bool,
    /// The move he is playing or thinking about (his next move).
    pub move_number: u32,
    /// First move of the current count (1, or the restart move, Art. 30).
    pub count_from: u32,
    /// The last move of the current 10-move period: the allowance is for his total up to it
    /// (Art. 23 В: the limit is cumulative).
    #[serde(default)]
    pub period_end: u32,
    /// Allowed total up to the end of the current 10-move period (Art. 23 В, 27).
    pub allowance: i64,
    /// `allowance − total_days`; negative when over.
    pub days_left: i64,
}

/// The clocks of a game as of a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReport {
    pub moves: Vec<MoveTime>,
    pub white: SideClock,
    pub black: SideClock,
    /// `None` when the game is finished.
    #[serde(with = "crate::rules::model::opt_color_serde")]
    pub to_move: Option<Color>,
    /// Paused awaiting the arbiter's decision on this claim (Art. 37).
    pub awaiting_decision: Option<usize>,
}

impl ClockReport {
    pub fn side(&self, c: Color) -> &SideClock {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// The clocks of a game as of `now`.
pub fn report(g: &ClockGame<'_>, now: Day) -> ClockReport {
    let p = Prepared::new(*g, now);
    ClockReport {
        white: p.side_clock(Color::White),
        black: p.side_clock(Color::Black),
        to_move: g.result.is_none().then(|| ply_color(g.moves.len())),
        awaiting_decision: g.state.awaiting_decision().map(|(i, _)| i),
        moves: p.times,
    }
}

/// The first overstep not yet claimed, of either player, detectable by `now` (Art. 27, 31).
pub fn detect_overstep(g: &ClockGame<'_>, now: Day) -> Option<Detection> {
    if g.result.is_some() || g.state.awaiting_decision().is_some() {
        return None;
    }
    Prepared::new(*g, now).next_claim()
}

// ---------------------------------------------------------------------------------------------
