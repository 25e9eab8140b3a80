//! `post` mode (Art. 5: moves travel by letter; Art. 23 А; RULES.md §2, §3): the dates of a
//! move come from the players' own reports of the postmarks; and the switch of an e-mail game
//! to post (Art. 6 В).

use shakmaty::Color;

use crate::rules::clock;
use crate::rules::letter::Letter;
use crate::rules::model::{Day, Kind, Mode};

use super::decision::GameRefusal;
use super::effects::{Draft, Effect, Handled, Msg, Told, tell_all};
use super::record::{GameRecord, Role, Status};

/// `post` mode (RULES.md §2, §3): the dates of a move come from the players' own reports —
/// Д (the arrival postmark of the opponent's card) and Е (the sending postmark of his own).
/// The receiver's Г (the postmark on the opponent's card) is checked against the sender's
/// declared Е; where they differ, the postmark stands and everyone is told.
pub(super) fn post_dates(
    next: &mut GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    effects: &mut Vec<Effect>,
) -> (Day, Day) {
    if let (Some(reported), Some(last)) = (letter.dates.letter, next.moves.last_mut())
        && reported != last.sent
        && reported >= last.received
        && reported <= today
    {
        let declared = last.sent;
        last.sent = reported;
        let ply = next.moves.len() - 1;
        let msg = Msg::DateDisagreement {
            number: clock::ply_number(ply),
            mover: Role::of(from.other()),
            declared,
            reported,
        };
        for to in [Role::of(from), Role::of(from.other()), Role::Arbiter] {
            effects.push(Effect {
                to,
                kind: Kind::Notice,
                msg: msg.clone(),
            });
        }
    }
    // The receipt is checked against the corrected sending day (Г prevails over Е).
    let started = next.clock_started();
    let first = next.moves.is_empty();
    let sent = letter
        .dates
        .sent
        .filter(|d| *d <= today + chrono::Duration::days(1))
        .unwrap_or(today);
    // Д missing: derived from Е and Ж when both are written (post: Ж = Е − Д − 1), so
    // transit time is not charged (Art. 23 А); else the opponent's sending date.
    let received = if first {
        started
    } else {
        letter
            .dates
            .received
            .or_else(|| {
                letter
                    .time_used
                    .map(|t| sent - chrono::Duration::days(i64::from(t) + 1))
            })
            .filter(|d| *d >= started)
            .unwrap_or(started)
    };
    let sent = sent.max(received);
    (received, sent)
}

/// A letter without a move from the player to move: in `post` his receipt report.
pub(super) fn receipt_report(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    draft: &mut Draft,
) {
    let sender = Role::of(from);
    // `post`: a receipt report (Д) by the player to move, before his answer: his
    // running clock is known from then on (RULES.md §2, INTERFACE.md status).
    if rec.params.mode == Mode::Post
        && rec.to_move() == Some(from)
        && let Some(d) = letter.dates.received.or(letter.dates.sent)
        && !rec.moves.is_empty()
        && d >= rec.clock_started()
        && d <= today
    {
        draft
            .next
            .clock
            .set_receipt(u32::try_from(rec.moves.len()).unwrap_or(u32::MAX), d);
        draft.changed = true;
        draft.effects.push(Effect {
            to: sender,
            kind: Kind::Ack,
            msg: Msg::Told(Told::ReceiptRecorded { day: d }),
        });
    }
}

/// Art. 6 В: the game goes on by post — once, on the arbiter's decision. The clocks continue:
/// the time already used and the limits stay; from now on the `post` rules of receipt (the
/// receiver reports the day, Art. 23 А), oversteps (Art. 28, 30) and silence (Art. 26 А) apply.
/// The move on its way was received the day it was forwarded, as in `email`.
pub fn switch_to_post(rec: &GameRecord, today: Day) -> Result<Handled, GameRefusal> {
    if rec.params.mode == Mode::Post {
        return Err(GameRefusal::AlreadyPost);
    }
    if rec.status == Status::Finished {
        return Err(GameRefusal::Finished);
    }
    let mut next = rec.clone();
    let ply = u32::try_from(rec.moves.len()).unwrap_or(u32::MAX);
    if let Some(received) = clock::receipt(&rec.clock_game()).known() {
        next.clock.set_receipt(ply, received);
    }
    let post = crate::rules::model::Params::for_mode(Mode::Post);
    next.params.mode = Mode::Post;
    next.params.oversteps_to_lose = post.oversteps_to_lose;
    let msg = Msg::Told(Told::SwitchedToPost { on: today });
    Ok(Handled::changed(next, tell_all(Kind::Decision, &msg)))
}
