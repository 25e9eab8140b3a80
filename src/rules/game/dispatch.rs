//! A letter's way through the core: adjudication, appeals and overstep words first, then the
//! letter read and judged, its commands, then its move or claims; a team captain's letter
//! (RULES.md §14, Art. 17). Routing, and the facts the shell passes in applied around it: a
//! move during leave ends the leave in this game and the letter is read again on that record
//! (Art. 46, the rule itself in `leave::LeaveBook::record_move`), the forwarding day as the
//! opponent's receipt (RULES.md §3). Every other decision is in the room it names.

use std::ops::ControlFlow;

use shakmaty::Color;

use crate::rules::leave::LeaveBook;
use crate::rules::letter::{self, Command, Letter};
use crate::rules::model::{Day, Kind, Mode};
use crate::rules::verdict::{self, GameView, Verdict};

use super::claims::{self, Proof};
use super::commands;
use super::effects::{Draft, Effect, Handled, Msg, Request};
use super::end::{adjudication_letter, appeal_letter};
use super::moves;
use super::overstep::{self, claim_letter};
use super::post;
use super::record::{GameRecord, Role, Status, Termination, replay};
use super::sanction::sanction_appeal;

/// A letter from one of the players of this game, arriving on `today`.
pub fn handle_letter(rec: &GameRecord, from: Color, text: &str, today: Day) -> Handled {
    handle_letter_with(rec, from, text, today, None)
}

/// A letter, with the tablebase's verdict on the position when one is configured.
pub fn handle_letter_with(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
    proof: Option<Proof>,
) -> Handled {
    if rec.status != Status::Finished
        && let Some(a) = &rec.adjudication
    {
        return adjudication_letter(rec, a, from, text);
    }
    // An appeal against an adjudication (Art. 55), after the game ended.
    if rec.termination == Some(Termination::Adjudication)
        && let Some(h) = appeal_letter(rec, from, text, today)
    {
        return h;
    }
    // An appeal against a sanction (Art. 57): within 7 days, to the Board.
    if let Some(h) = sanction_appeal(rec, from, text, today) {
        return h;
    }
    // Claims, admissions, withdrawals; an objection (Art. 39) also after the game ended.
    if let Some(h) = claim_letter(rec, from, text, today) {
        return h;
    }
    let letter = letter::read_letter(text, rec.notation, rec.params.allow_numeric, today);
    handle_read_letter_with(rec, from, &letter, today, proof, text)
}

/// What the shell knows of a letter that the core cannot: the tablebase's verdict on the
/// position, when tables are configured and cover it (§707.3), and the sender's leave book
/// (Art. 46), which spans all his games.
#[derive(Clone, Copy, Debug, Default)]
pub struct LetterFacts<'a> {
    pub proof: Option<Proof>,
    pub leave: Option<&'a LeaveBook>,
    /// The day the bot forwards the letter's move to the opponent (the day it processes the
    /// letter): later than the letter's arrival only when amici was down.
    pub forwarded: Option<Day>,
}

/// A player's letter with the facts the shell passed in. Art. 46: a move sent during leave
/// ends the leave in this game from that day; the letter is then read on that record, so its
/// figures and replies agree with it, and the shell is asked to store the changed book.
pub fn handle_player_letter(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
    facts: LetterFacts<'_>,
) -> Handled {
    let mut handled = with_leave(rec, from, text, today, &facts);
    // RULES.md §3 (`email`): the opponent's time runs from the day the bot forwarded the
    // move — later than its arrival only when amici was down; that downtime is never his.
    if let (Some(next), Some(forwarded)) = (handled.record.as_mut(), facts.forwarded)
        && next.moves.len() > rec.moves.len()
        && next.params.mode == Mode::Email
        && forwarded > today
        && next.result.is_none()
    {
        let ply = u32::try_from(next.moves.len()).unwrap_or(u32::MAX);
        next.clock.set_receipt(ply, forwarded);
    }
    handled
}

/// Art. 46 applied to a player's letter (see [`handle_player_letter`]).
fn with_leave(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
    facts: &LetterFacts<'_>,
) -> Handled {
    let handled = handle_letter_with(rec, from, text, today, facts.proof);
    let moved = handled
        .record
        .as_ref()
        .is_some_and(|n| n.moves.len() > rec.moves.len());
    let Some(book) = facts.leave.filter(|b| moved && !b.leaves.is_empty()) else {
        return handled;
    };
    let mut book = book.clone();
    if book.record_move(&rec.id, today).is_empty() {
        return handled;
    }
    let ended = rec.with_leave(&book, from);
    let mut handled = handle_letter_with(&ended, from, text, today, facts.proof);
    if handled.record.is_none() {
        // The leave's end changed the record even if the letter itself did not.
        handled.record = Some(ended);
    }
    handled
        .requests
        .push(Request::LeaveEnded { color: from, book });
    handled
}

/// What a team captain's letter for one of his players does (RULES.md §14: a captain sends
/// claims, leave notices and replacements, never moves).
#[derive(Clone, Debug, PartialEq)]
pub enum CaptainLetter {
    /// The letter holds move tokens: no move is judged — legal, impossible or unreadable —
    /// and nobody is charged (a captain's move is not the player's letter, Art. 17); the
    /// captain is told that moves come from the player.
    MovesRefused,
    /// Claims and leave notices: handled as the player's own letter would be.
    Handled(Handled),
    /// The letter's claims and leave notices handled; its moves, resignation or draw
    /// commands refused (a captain sends no such thing, RULES.md §14): the captain is told.
    PartlyRefused(Handled),
}

/// The commands a captain may send for his player (RULES.md §14): leave notices and claims.
pub(super) fn captains_command(c: &Command) -> bool {
    matches!(
        c,
        Command::Leave { .. } | Command::ClaimWin | Command::ClaimDraw
    )
}

/// A captain's letter written for the player of `color` in this game.
pub fn handle_captain_letter(
    rec: &GameRecord,
    color: Color,
    text: &str,
    today: Day,
) -> CaptainLetter {
    let mut letter = letter::read_letter(text, rec.notation, rec.params.allow_numeric, today);
    // Overstep claims, admissions and objections (a letter without moves).
    if letter.items.is_empty()
        && let Some(h) = claim_letter(rec, color, text, today)
    {
        return CaptainLetter::Handled(h);
    }
    // Moves, resignation, draw offers are the player's alone: never judged, never charged
    // (Art. 17); leave notices and claims in the same letter still count.
    let refused = !letter.items.is_empty() || !letter.commands.iter().all(captains_command);
    letter.items.clear();
    letter.commands.retain(captains_command);
    if letter.commands.is_empty() && refused {
        return CaptainLetter::MovesRefused;
    }
    let h = handle_read_letter_with(rec, color, &letter, today, None, text);
    if refused {
        CaptainLetter::PartlyRefused(h)
    } else {
        CaptainLetter::Handled(h)
    }
}

/// A letter already read.
pub fn handle_read_letter(rec: &GameRecord, from: Color, letter: &Letter, today: Day) -> Handled {
    handle_read_letter_with(rec, from, letter, today, None, "")
}

fn handle_read_letter_with(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    proof: Option<Proof>,
    text: &str,
) -> Handled {
    let sender = Role::of(from);
    let reply = |kind, msg| {
        Handled::unchanged(vec![Effect {
            to: sender,
            kind,
            msg,
        }])
    };
    if rec.status == Status::Finished {
        return reply(Kind::GameOver, Msg::GameOver);
    }

    let (_, played) = replay(&rec.moves);
    let view = GameView {
        moves: played,
        sender: from,
        notation: rec.notation,
        over: false,
        penalty_days: rec.params.penalty_days,
        official: rec.official(today),
    };
    let verdict = verdict::judge(letter, &view);

    // Commands first: resignation ends the game whatever else the letter says.
    let mut draft = match commands::apply(rec, from, letter, today, Draft::new(rec)) {
        ControlFlow::Continue(draft) => draft,
        ControlFlow::Break(ended) => return ended,
    };

    if overstep::waits_for_arbiter(rec, &verdict) {
        draft.effects.insert(
            0,
            Effect {
                to: sender,
                kind: Kind::Error,
                msg: Msg::AwaitingArbiter,
            },
        );
        return draft.if_changed();
    }

    match &verdict {
        Verdict::TwoReadings(own) => moves::two_readings(own, sender, draft),
        Verdict::Accepted(a) => {
            if rec.to_move() != Some(from) {
                return reply(Kind::Error, Msg::NotYourTurn);
            }
            moves::accepted(rec, from, letter, today, text, a, draft)
        }
        Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => {
            if rec.to_move() != Some(from) {
                return reply(Kind::Error, Msg::NotYourTurn);
            }
            moves::refused(&verdict, r, from, today, draft)
        }
        Verdict::NotYourTurn => {
            draft.effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::NotYourTurn,
                },
            );
            draft.if_changed()
        }
        Verdict::GameOver => reply(Kind::GameOver, Msg::GameOver),
        Verdict::NoMove | Verdict::CommandsOnly | Verdict::BadRecord { .. } => {
            post::receipt_report(rec, from, letter, today, &mut draft);
            claims::without_move(rec, from, letter, proof, text, &mut draft);
            if draft.effects.is_empty() && draft.requests.is_empty() {
                return reply(Kind::NoMove, Msg::NoMove);
            }
            Handled {
                record: (draft.changed || draft.next != *rec).then_some(draft.next),
                effects: draft.effects,
                requests: draft.requests,
            }
        }
    }
}
