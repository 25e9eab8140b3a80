//! The commands a letter carries besides its moves: resignation, draw offers accepted or
//! declined, the delay notice (Art. 25), a leave request (Art. 44), a variant declined
//! (Art. 10).

use std::ops::ControlFlow;

use shakmaty::Color;

use crate::rules::clock;
use crate::rules::letter::{Command, Letter};
use crate::rules::model::{Day, GameResult, Kind};

use super::effects::{Draft, Effect, Handled, Msg, Request, ended_effects, win_for};
use super::record::{GameRecord, Role, Termination};

/// The half-move a delay notice from `from` concerns (Art. 25): the next one he owes.
pub(super) fn notice_ply(rec: &GameRecord, from: Color) -> u32 {
    let n = rec.moves.len();
    let ply = if clock::ply_color(n) == from {
        n
    } else {
        n + 1
    };
    u32::try_from(ply).unwrap_or(u32::MAX)
}

/// The commands of a letter, applied before its move (resignation ends the game whatever else
/// the letter says, and so does accepting the opponent's draw offer): `Break` with the game's
/// end, else the draft with what the commands changed.
pub(super) fn apply(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    mut draft: Draft,
) -> ControlFlow<Handled, Draft> {
    let sender = Role::of(from);
    let opponent = Role::of(from.other());
    for c in &letter.commands {
        match c {
            Command::Resign => {
                draft
                    .next
                    .finish(win_for(from.other()), Termination::Resignation);
                ended_effects(
                    &mut draft.effects,
                    win_for(from.other()),
                    Termination::Resignation,
                );
                return ControlFlow::Break(draft.played());
            }
            Command::AcceptDraw => {
                if rec.draw_offer == Some(from.other()) {
                    draft.next.finish(GameResult::Draw, Termination::Agreement);
                    ended_effects(&mut draft.effects, GameResult::Draw, Termination::Agreement);
                    return ControlFlow::Break(draft.played());
                }
                draft.effects.push(Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::NoDrawOffer,
                });
            }
            Command::DeclineDraw => {
                if rec.draw_offer == Some(from.other()) {
                    draft.next.draw_offer = None;
                    draft.changed = true;
                    draft.effects.push(Effect {
                        to: opponent,
                        kind: Kind::Notice,
                        msg: Msg::DrawDeclined,
                    });
                }
            }
            Command::Leave {
                from: first,
                to: last,
            } => {
                draft.requests.push(Request::Leave {
                    color: from,
                    from: *first,
                    to: *last,
                });
            }
            Command::Notice => {
                // Art. 25: the delay notice is forwarded to the opponent and suspends Art. 31.
                // It concerns the next move the sender owes: the one awaited now, or — sent
                // while the opponent is to move — his next one (fixed up below when the letter
                // also carries his move).
                draft
                    .next
                    .clock
                    .record_delay_notice(from, notice_ply(rec, from), today);
                draft.changed = true;
                draft.effects.push(Effect {
                    to: opponent,
                    kind: Kind::Notice,
                    msg: Msg::DelayNotice { from_sender: false },
                });
                draft.effects.push(Effect {
                    to: sender,
                    kind: Kind::Notice,
                    msg: Msg::DelayNotice { from_sender: true },
                });
            }
            Command::DeclineVariant => {
                if let Some(v) = &mut draft.next.variant
                    && v.by == from.other()
                {
                    v.declined = true;
                    draft.changed = true;
                    draft.effects.push(Effect {
                        to: sender,
                        kind: Kind::Ack,
                        msg: Msg::VariantDeclined,
                    });
                }
            }
            Command::ClaimDraw | Command::ClaimWin => {}
            Command::OfferDraw => {}
        }
    }
    ControlFlow::Continue(draft)
}

impl GameRecord {
    /// This game with `color`'s leave as his book now stands (Art. 41, 45, 46): his
    /// suspensions replaced by the book's for this game.
    pub fn with_leave(&self, book: &crate::rules::leave::LeaveBook, color: Color) -> GameRecord {
        let mut next = self.clone();
        next.suspensions.retain(|s| s.color != Some(color));
        next.suspensions.extend(book.suspensions(&self.id, color));
        next
    }
}

/// A leave entered in `email`'s book (Art. 41–45; special leave Art. 43), applied to every
/// unfinished game of his: each game with its suspensions anew, and — when `announce` gives
/// the leave — who is told: the player and the arbiter once (with the first game), every
/// opponent for his own game.
pub fn leave_applied(
    games: &[GameRecord],
    email: &str,
    book: &crate::rules::leave::LeaveBook,
    announce: Option<(Day, Day, bool)>,
) -> Vec<(GameRecord, Vec<Effect>)> {
    let mut first = true;
    let mut out = Vec::new();
    for rec in games
        .iter()
        .filter(|g| g.status != super::record::Status::Finished)
    {
        let Some(color) = rec.color_of(email) else {
            continue;
        };
        let next = rec.with_leave(book, color);
        let mut effects = Vec::new();
        if let Some((from, to, special)) = announce {
            let msg = Msg::Leave {
                who: Role::of(color),
                from,
                to,
                special,
            };
            let to: Vec<Role> = if first {
                vec![Role::of(color), Role::of(color.other()), Role::Arbiter]
            } else {
                vec![Role::of(color.other())]
            };
            first = false;
            effects = to
                .into_iter()
                .map(|to| Effect {
                    to,
                    kind: Kind::Leave,
                    msg: msg.clone(),
                })
                .collect();
        }
        out.push((next, effects));
    }
    out
}
