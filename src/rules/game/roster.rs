//! A player leaving the tournament (Art. 47, 48): removal of one who never moved (Art. 47 А),
//! a team replacement and its dead time (Art. 47 Б).

use shakmaty::Color;

use crate::rules::model::{Day, Kind, Suspension};

use super::effects::{Handled, Msg, tell_all};
use super::record::{GameRecord, Status, Termination};

/// Art. 47 А: a game of a player removed from the tournament (he withdrew without ever
/// moving): it ends without a result and does not count.
pub fn remove(rec: &GameRecord) -> Handled {
    let mut next = rec.clone();
    next.status = Status::Finished;
    next.result = None;
    next.termination = Some(Termination::Removed);
    next.draw_offer = None;
    next.variant = None;
    let msg = Msg::Announcement {
        text: "Art. 47 А".into(),
    };
    let effects = tell_all(Kind::GameOver, &msg);
    Handled::changed(next, effects)
}

/// Longest dead time of a team replacement (Art. 47 Б).
pub const REPLACEMENT_DAYS: i64 = 30;

/// Art. 47 Б: the withdrawn player `old` is replaced in this game by `new`; from the notice
/// until the new player's first move, at most 30 days, is dead time for both clocks.
pub fn replace_player(rec: &GameRecord, old: &str, new: &str, today: Day) -> Option<Handled> {
    let color = rec.color_of(old)?;
    let mut next = rec.clone();
    match color {
        Color::White => next.white = new.to_string(),
        Color::Black => next.black = new.to_string(),
    }
    next.suspensions.push(Suspension {
        color: None,
        from: today,
        to: today + chrono::Duration::days(REPLACEMENT_DAYS - 1),
    });
    next.replacement = Some((color_index(color), today));
    let msg = Msg::Announcement {
        text: format!("replaced:{old}:{new}"),
    };
    Some(Handled::changed(next, tell_all(Kind::Decision, &msg)))
}

pub(super) fn color_index(c: Color) -> u8 {
    if c == Color::White { 0 } else { 1 }
}

/// Art. 47 Б: the dead time of a replacement ends with the new player's first move.
pub(super) fn end_replacement_dead_time(next: &mut GameRecord, from: Color, today: Day) {
    let Some((who, since)) = next.replacement else {
        return;
    };
    if who != color_index(from) {
        return;
    }
    next.replacement = None;
    for s in next
        .suspensions
        .iter_mut()
        .filter(|s| s.color.is_none() && s.from == since)
    {
        s.to = today.pred_opt().unwrap_or(today).max(since);
        if s.to < s.from {
            s.to = s.from;
        }
    }
    next.suspensions
        .retain(|s| !(s.color.is_none() && s.from == since && today <= since));
}
