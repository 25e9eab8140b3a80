//! A move letter (Art. 7–22): the official figures a letter's items are checked against
//! (Art. 7, 8, 9 В), a move accepted and what its letter lacked or got wrong (Art. 7 note 2,
//! Art. 9 Б), a move refused (Art. 14–17), a letter read two ways (RULES.md §4), and the end a
//! move's position brings (checkmate, stalemate, insufficient material).

use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position};

use crate::rules::clock;
use crate::rules::letter::{self, Command, Letter};
use crate::rules::model::{Day, GameResult, Kind, Mode, Penalty};
use crate::rules::verdict::{self, Accepted, MoveFact, Official, Verdict, WrongItem};

use super::claims::claim;
use super::commands::notice_ply;
use super::effects::{
    Draft, Effect, Handled, Msg, PenaltyReason, Refusal, Remarks, Ruling, ended_effects,
};
use super::post::post_dates;
use super::record::{GameRecord, MoveLine, Role, Status, Termination};
use super::roster::end_replacement_dead_time;
use super::variant::{follow_variant, number_by_letter, offer_lines};

impl GameRecord {
    /// The official figures of Art. 7/8 for the move the side to move sends on `today` (email: the
    /// bot knows every date; `post`: the receipt comes from the player's own report).
    pub(super) fn official(&self, today: Day) -> Official {
        let first = self.moves.is_empty();
        let last = self.moves.last();
        let mut o = Official::default();
        if self.params.mode == Mode::Email {
            o.letter = last.map(|m| m.sent);
            // Д: from the day the move was received — forwarded, later than its arrival when
            // amici was down (RULES.md §3) — in the mode's convention.
            let got = self.clock_started();
            o.received = last.map(|_| clock::written_receipt(Mode::Email, got, today));
            // Art. 8 read literally (the arrival day + 1) is not wrong either, also when the
            // answer went out on the day of arrival.
            o.received_also = last
                .and_then(|_| got.succ_opt())
                .filter(|d| Some(*d) != o.received);
            o.sent = Some(today);
            let received = if first {
                self.start.pred_opt().unwrap_or(self.start)
            } else {
                self.clock_started()
            };
            // The one §3 count: leave, dead time and Art. 37's waiting days left out.
            o.time_used = Some(clock::thinking_time(&self.clock_game(), received, today));
            let mut next = self.clone();
            let mut pos = next.position();
            // Totals after this move: simulate any legal move sent today.
            if let Some(mv) = pos.legal_moves().first().copied() {
                next.play(&mut pos, mv, received, today, false);
                let r = next.clocks(today);
                o.totals = Some(letter::Totals {
                    white: u32::try_from(r.white.total_days.max(0)).unwrap_or(0),
                    black: u32::try_from(r.black.total_days.max(0)).unwrap_or(0),
                });
            }
        }
        o
    }
}

pub(super) fn ended_by_position(pos: &Chess) -> Option<(GameResult, Termination)> {
    match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => Some((
            if winner == Color::White {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            },
            Termination::Checkmate,
        )),
        Outcome::Known(KnownOutcome::Draw) => Some((
            GameResult::Draw,
            if pos.is_stalemate() {
                Termination::Stalemate
            } else {
                Termination::InsufficientMaterial
            },
        )),
        Outcome::Unknown => None,
    }
}

pub(super) fn remarks_of(a: &Accepted) -> Remarks {
    let date = |d: Day| d.format("%-d.%-m.%Y").to_string();
    Remarks {
        short: a.short,
        missing: a.missing.iter().map(|i| i.letter()).collect(),
        wrong: a
            .wrong
            .iter()
            .map(|w| {
                let (written, official) = match w {
                    WrongItem::LetterDate { written, official }
                    | WrongItem::ReceivedDate { written, official }
                    | WrongItem::SentDate { written, official } => {
                        (date(*written), date(*official))
                    }
                    WrongItem::TimeUsed { written, official } => {
                        (written.to_string(), official.to_string())
                    }
                    WrongItem::Totals { written, official } => (
                        format!("{} – {}", written.white, written.black),
                        format!("{} – {}", official.white, official.black),
                    ),
                };
                (w.item().letter(), written, official)
            })
            .collect(),
        wrong_numbers: a
            .wrong_numbers
            .iter()
            .map(|n| {
                let w = format!("{}{}", n.written, if n.written_black { "..." } else { "." });
                let e = format!(
                    "{}{}",
                    n.expected,
                    if n.expected_color == Color::Black {
                        "..."
                    } else {
                        "."
                    }
                );
                (w, e)
            })
            .collect(),
        line: a.line.iter().map(|m| m.full.clone()).collect(),
        line_error: a.line_error.as_ref().map(|e| e.written.clone()),
    }
}

/// The remarks of an accepted letter, with the older quoted moves that differ from the record
/// pointed out as item Б written wrongly (Art. 9 Б): never punished.
pub(super) fn remarks_with_quotes(a: &Accepted) -> Remarks {
    let mut r = remarks_of(a);
    for q in &a.quote_slips {
        let side = if q.record.color == Color::Black {
            "..."
        } else {
            "."
        };
        r.wrong.push((
            'Б',
            q.written.clone(),
            format!("{}{} {}", q.record.number, side, q.record.full),
        ));
    }
    r
}

/// RULES.md §4: a letter that reads two ways, each with another own move: the candidates are
/// told, nothing changes beyond the letter's commands, nothing is charged.
pub(super) fn two_readings(own: &[MoveFact], sender: Role, mut draft: Draft) -> Handled {
    // RULES.md §4: an ambiguity of amici's reading costs nothing; ask.
    let moves: Vec<String> = own
        .iter()
        .map(|m| match m.color {
            Color::White => format!("{}. {}", m.number, m.full),
            Color::Black => format!("{}... {}", m.number, m.full),
        })
        .collect();
    draft.effects.insert(
        0,
        Effect {
            to: sender,
            kind: Kind::Error,
            msg: Msg::TwoReadings { moves },
        },
    );
    draft.if_changed()
}

/// An accepted move of the side to move (Art. 7–9): played with its dates, the opponent's line
/// followed (Art. 10, 32), the sender's own line offered, acknowledged and forwarded.
pub(super) fn accepted(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    text: &str,
    a: &Accepted,
    mut draft: Draft,
) -> Handled {
    let sender = Role::of(from);
    let mut pos = draft.next.position();
    let before = draft.next.moves.len();
    let (received, sent) = if rec.params.mode == Mode::Post {
        post_dates(&mut draft.next, from, letter, today, &mut draft.effects)
    } else {
        (draft.next.clock_started(), today)
    };
    draft.next.play(&mut pos, a.own.mv, received, sent, false);
    end_replacement_dead_time(&mut draft.next, from, today);
    if a.short {
        draft.next.short_letters[if from == Color::White { 0 } else { 1 }] += 1;
    }
    // The opponent's draw offer lapses with a move that does not accept it.
    if draft.next.draw_offer == Some(from.other()) {
        draft.next.draw_offer = None;
    }
    let offered = letter.commands.contains(&Command::OfferDraw);
    if offered {
        draft.next.draw_offer = Some(from);
    }
    // Art. 10, 32: the opponent's variant, if this move follows it.
    let auto = follow_variant(&mut draft.next, &mut pos, from, a, today);
    // This sender's own conditional line.
    let own_line: Vec<String> = if auto.lapsed_rest_is_own_line {
        a.line
            .iter()
            .skip(auto.consumed)
            .map(|m| m.uci.clone())
            .collect()
    } else {
        Vec::new()
    };
    number_by_letter(&mut draft.next, before);
    // A delay notice sent with the move concerns his next move (Art. 25).
    if letter.commands.contains(&Command::Notice) {
        let stale = notice_ply(rec, from);
        draft
            .next
            .clock
            .delay_notices
            .retain(|n| !(n.color == from && n.ply == stale && n.received_on == today));
        let ply = notice_ply(&draft.next, from);
        draft.next.clock.record_delay_notice(from, ply, today);
    }
    if let Some(end) = ended_by_position(&pos) {
        draft.next.finish(end.0, end.1);
    } else {
        offer_lines(&mut draft.next, from, a, own_line);
    }
    if let Some(p) = auto.penalty {
        draft.next.penalties.push(p.clone());
        draft.effects.push(Effect {
            to: sender,
            kind: Kind::Notice,
            msg: Msg::Penalty {
                color: sender,
                days: p.days,
                article: p.article.clone(),
                // the only penalty a move carries is Art. 10's (`variant::follow_variant`)
                reason: PenaltyReason::DeclinedVariantPlayed,
            },
        });
    }
    tell_played(
        &draft.next,
        before,
        from,
        a,
        offered,
        today,
        &mut draft.effects,
    );
    if a.short {
        let n = draft.next.short_letters[if from == Color::White { 0 } else { 1 }];
        if n == rec.params.short_notation_warnings {
            draft.effects.push(Effect {
                to: Role::Arbiter,
                kind: Kind::Notice,
                msg: Msg::Decision(Ruling::ShortNotation { warnings: n }),
            });
        }
    }
    if let (Status::Finished, Some(result), Some(t)) =
        (draft.next.status, draft.next.result, draft.next.termination)
    {
        ended_effects(&mut draft.effects, result, t);
    } else if let Some(c) = letter
        .commands
        .iter()
        .find(|c| matches!(c, Command::ClaimDraw | Command::ClaimWin))
    {
        // A claim sent with the move is judged on the position the move made (a
        // threefold repetition or the 50th move produced by one's own move).
        let after = draft.next.clone();
        // The tablebase verdict was for the position before the move: not used here.
        claim(
            &after,
            &mut draft.next,
            from,
            *c == Command::ClaimWin,
            None,
            text,
            &mut draft.effects,
        );
    }
    draft.played()
}

/// A move refused (Art. 14 impossible, 15 incorrect, 16 unclear): nothing played, the
/// penalty of Art. 17 charged, the arbiter copied.
pub(super) fn refused(
    verdict: &Verdict,
    r: &verdict::Refusal,
    from: Color,
    today: Day,
    mut draft: Draft,
) -> Handled {
    let sender = Role::of(from);
    let refusal = match verdict {
        Verdict::Impossible(_) => Refusal::Impossible,
        Verdict::Incorrect(_) => Refusal::Incorrect,
        _ => Refusal::Unclear,
    };
    // Art. 17: +5 days (none where the transport is at fault); the arbiter is copied.
    if r.penalty_days > 0 {
        draft.next.penalties.push(Penalty {
            color: from,
            days: i32::try_from(r.penalty_days).unwrap_or(i32::MAX),
            article: "17".into(),
            reason: format!(
                "{} move «{}» (Art. {})",
                ["impossible", "incorrect", "unclear"][refusal.article() as usize - 14],
                r.written,
                r.article
            ),
            date: today,
        });
    }
    let msg = Msg::Refused {
        refusal,
        written: r.written.clone(),
        penalty_days: r.penalty_days,
        transport_fault: r.transport_fault,
        expected_repeat: r.expected_repeat.as_ref().map(|m| {
            format!(
                "{}{} {}",
                m.number,
                if m.color == Color::Black { "..." } else { "." },
                m.full
            )
        }),
        piece_moves: r.help.piece_moves.iter().map(|m| m.full.clone()).collect(),
        nearest: r.help.nearest.iter().map(|m| m.full.clone()).collect(),
        diagram: r.help.diagram.clone(),
    };
    draft.effects.insert(
        0,
        Effect {
            to: sender,
            kind: Kind::Error,
            msg: msg.clone(),
        },
    );
    draft.effects.push(Effect {
        to: Role::Arbiter,
        kind: Kind::Error,
        msg,
    });
    draft.played()
}

/// The acknowledgement to the sender and the forward to the opponent of the moves a letter
/// played (Art. 32: the moves played from the opponent's line are told to the sender as the
/// opponent's moves, with the position and that it is his turn again).
fn tell_played(
    next: &GameRecord,
    before: usize,
    from: Color,
    a: &Accepted,
    offered: bool,
    today: Day,
    effects: &mut Vec<Effect>,
) {
    let sender = Role::of(from);
    let opponent = Role::of(from.other());
    let played = next.lines(before, today);
    // Art. 32: the moves played from the opponent's line are told to the sender as
    // the opponent's moves, with the position and that it is his turn again.
    let (own_moves, line_moves): (Vec<MoveLine>, Vec<MoveLine>) =
        played.iter().cloned().partition(|m| m.color == from);
    let rem = remarks_with_quotes(a);
    let kind = if rem.is_empty() {
        Kind::Ack
    } else {
        Kind::Incomplete
    };
    effects.insert(
        0,
        Effect {
            to: sender,
            kind,
            msg: Msg::Ack {
                moves: if line_moves.is_empty() {
                    played.clone()
                } else {
                    own_moves
                },
                remarks: rem,
                draw_offered: offered,
            },
        },
    );
    effects.insert(
        1,
        Effect {
            to: opponent,
            kind: Kind::Move,
            msg: Msg::Forward {
                moves: played,
                draw_offered: offered,
                line_offered: next.variant.as_ref().is_some_and(|v| v.by == from),
            },
        },
    );
    if !line_moves.is_empty() && next.status != Status::Finished {
        effects.insert(
            2,
            Effect {
                to: sender,
                kind: Kind::Move,
                msg: Msg::Forward {
                    moves: line_moves,
                    draw_offered: false,
                    line_offered: false,
                },
            },
        );
    }
}
