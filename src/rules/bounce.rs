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
pub fn is_last_forward(record: &GameRecord, recipient: &str, latest_to_recipient: bool) -> bool {
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

/// The forward of the move at `ply` (1 = White's first move) bounced; the failure became known
/// on `day`. Returns the suspended record.
pub fn forward_bounced(record: &GameRecord, ply: u32, day: Day) -> Result<GameRecord, BounceError> {
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
