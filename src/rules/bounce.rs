//! RULES.md §3, a forwarded move that bounces: the move was not received. From the day the
//! failure is known the game is suspended for both clocks (as dead time) until the move is
//! delivered again; "received" is then the day of that delivery.
//!
//! The open suspension is a dead-time [`Suspension`] whose last day is [`OPEN_END`]; the
//! delivery closes it the day before and sets the receipt day.

use chrono::NaiveDate;

use crate::rules::game::GameRecord;
use crate::rules::model::{Day, Suspension};

/// The last day of a suspension that lasts until a move is delivered again.
pub const OPEN_END: Day = match NaiveDate::from_ymd_opt(9999, 12, 31) {
    Some(d) => d,
    None => NaiveDate::MIN,
};

/// Why a bounce changes nothing in the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BounceError {
    #[error("the game is over")]
    Finished,
    #[error("the bounced message is not the last move: the opponent has answered since")]
    Answered,
    #[error("the game already waits for a move to be delivered again")]
    AlreadyWaiting,
}

/// Does a bounced forward to `recipient` carry the game's last move? Only then was a move not
/// received that the game waits for: the recipient is the side to move and the bounced message
/// is the last one amici sent him about this game (`latest_to_recipient`). A bounce of an older
/// forward changes nothing: the game went on since.
fn is_last_forward(record: &GameRecord, recipient: &str, latest_to_recipient: bool) -> bool {
    latest_to_recipient
        && record
            .to_move()
            .is_some_and(|c| record.address(c).eq_ignore_ascii_case(recipient))
}

/// Is the game suspended until a bounced move is delivered again?
pub fn waiting_for_delivery(record: &GameRecord) -> bool {
    record
        .suspensions
        .iter()
        .any(|s| s.color.is_none() && s.to == OPEN_END)
}

/// What the core cannot know of a bounced forward of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BouncedForward<'a> {
    /// The address the forward went to.
    pub recipient: &'a str,
    /// The bounced message is the last one amici sent the recipient about this game.
    pub latest_to_recipient: bool,
    /// Who answers for the game: the tournament's arbiter (or the admin); told too.
    pub arbiter: Option<&'a str>,
}

/// A bounced forward decided: the suspended record, and who is told what.
#[derive(Clone, Debug, PartialEq)]
pub struct Handled {
    /// The game now waits for the move to be delivered again (dead time from the day the
    /// failure is known); `None`: nothing changes in the game.
    pub record: Option<GameRecord>,
    /// The move at this ply (1 = White's first move) is the one that bounced.
    pub ply: u32,
    /// The move the notice names: the game's last one, or `None` for an earlier move (the game
    /// went on: the opponent had it from elsewhere).
    pub mv: Option<String>,
    /// Told, by address, each the same notice: the arbiter and the player who moved — never
    /// the address that bounced.
    pub told: Vec<String>,
}

impl Handled {
    /// Is the game suspended until the move is delivered again?
    pub fn suspended(&self) -> bool {
        self.record.is_some()
    }
}

/// RULES.md §3: a forward of the game's move to `f.recipient` bounced, the failure known on
/// `day`. Only the forward of the game's last move to the side to move suspends the game (once:
/// a game already waiting stays as it is); the arbiter and the player who moved are told.
pub fn forward_bounced(record: &GameRecord, f: &BouncedForward<'_>, day: Day) -> Handled {
    let ply = u32::try_from(record.moves.len()).unwrap_or(u32::MAX);
    let last = is_last_forward(record, f.recipient, f.latest_to_recipient);
    let suspended = if last {
        suspend(record, ply, day).ok()
    } else {
        None
    };
    let mover = record.to_move().map(|c| record.address(!c).to_string());
    let told = f
        .arbiter
        .map(str::to_string)
        .into_iter()
        .chain(mover)
        .filter(|a| !a.eq_ignore_ascii_case(f.recipient))
        .collect();
    Handled {
        record: suspended,
        ply,
        mv: last
            .then(|| record.moves.last().map(|m| m.san.clone()))
            .flatten(),
        told,
    }
}

/// The forward of the move at `ply` (1 = White's first move) bounced; the failure became known
/// on `day`. Returns the suspended record.
pub fn suspend(record: &GameRecord, ply: u32, day: Day) -> Result<GameRecord, BounceError> {
    if record.result.is_some() {
        return Err(BounceError::Finished);
    }
    if record.moves.len() != ply as usize {
        return Err(BounceError::Answered);
    }
    if waiting_for_delivery(record) {
        return Err(BounceError::AlreadyWaiting);
    }
    let mut next = record.clone();
    next.suspensions.push(Suspension {
        color: None,
        from: day,
        to: OPEN_END,
    });
    Ok(next)
}

/// The bounced move reached the opponent on `day`: the suspension ends the day before and his
/// time runs from this day (RULES.md §3). `None` when nothing was waiting.
pub fn delivered_again(record: &GameRecord, day: Day) -> Option<GameRecord> {
    let i = record
        .suspensions
        .iter()
        .position(|s| s.color.is_none() && s.to == OPEN_END)?;
    let mut next = record.clone();
    let from = next.suspensions[i].from;
    match day.pred_opt() {
        Some(last) if last >= from => next.suspensions[i].to = last,
        _ => {
            next.suspensions.remove(i);
        }
    }
    let ply = u32::try_from(next.moves.len()).unwrap_or(u32::MAX);
    next.clock.set_receipt(ply, day);
    Some(next)
}

/// Who receives a bounced move when the arbiter has it re-sent (RULES.md §3): the player to
/// move, the one the forward was for; in a game over since, whom it went to first.
pub fn resend_to(record: &GameRecord, bounced_to: &str) -> String {
    record
        .to_move()
        .map_or_else(|| bounced_to.to_string(), |c| record.address(c).to_string())
}
