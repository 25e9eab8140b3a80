//! A letter's way through the core (RULES.md §4, §14): adjudication, appeals and overstep
//! words first, then the letter read and judged, its commands, then its move or claims.

use shakmaty::Color;

use crate::rules::clock;
use crate::rules::letter::{self, Command, Letter};
use crate::rules::model::{Day, GameResult, Kind, Mode, Penalty};
use crate::rules::verdict::{self, GameView, Verdict};

use super::claims::{Proof, claim};
use super::commands::notice_ply;
use super::effects::{Effect, Handled, Msg, Refusal, Request, ended_effects, win_for};
use super::end::{adjudication_letter, appeal_letter};
use super::moves::{ended_by_position, remarks_with_quotes};
use super::overstep::claim_letter;
use super::post::post_dates;
use super::record::{GameRecord, MoveLine, Role, Status, Termination, Variant, replay};
use super::roster::end_replacement_dead_time;
use super::sanction::sanction_appeal;
use super::variant::follow_variant;

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

pub(super) fn handle_read_letter_with(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    proof: Option<Proof>,
    text: &str,
) -> Handled {
    let sender = Role::of(from);
    let opponent = Role::of(from.other());
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
        official: rec.official(from, today),
    };
    let verdict = verdict::judge(letter, &view);
    let mut next = rec.clone();
    let mut effects = Vec::new();
    let mut requests = Vec::new();
    let mut changed = false;

    // Commands first: resignation ends the game whatever else the letter says.
    for c in &letter.commands {
        match c {
            Command::Resign => {
                next.finish(win_for(from.other()), Termination::Resignation);
                ended_effects(
                    &mut effects,
                    win_for(from.other()),
                    Termination::Resignation,
                );
                return Handled {
                    record: Some(next),
                    effects,
                    requests,
                };
            }
            Command::AcceptDraw => {
                if rec.draw_offer == Some(from.other()) {
                    next.finish(GameResult::Draw, Termination::Agreement);
                    ended_effects(&mut effects, GameResult::Draw, Termination::Agreement);
                    return Handled {
                        record: Some(next),
                        effects,
                        requests,
                    };
                }
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::NoDrawOffer,
                });
            }
            Command::DeclineDraw => {
                if rec.draw_offer == Some(from.other()) {
                    next.draw_offer = None;
                    changed = true;
                    effects.push(Effect {
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
                requests.push(Request::Leave {
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
                next.clock
                    .record_delay_notice(from, notice_ply(rec, from), today);
                changed = true;
                effects.push(Effect {
                    to: opponent,
                    kind: Kind::Notice,
                    msg: Msg::DelayNotice { from_sender: false },
                });
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Notice,
                    msg: Msg::DelayNotice { from_sender: true },
                });
            }
            Command::DeclineVariant => {
                if let Some(v) = &mut next.variant
                    && v.by == from.other()
                {
                    v.declined = true;
                    changed = true;
                    effects.push(Effect {
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

    // Art. 37: while the game waits for the arbiter nothing is judged — a legal move and an
    // impossible one get the same explanatory answer, and no penalty.
    let suspended =
        rec.status == Status::AwaitingDecision && rec.clock.awaiting_decision().is_some();
    let has_move = matches!(
        verdict,
        Verdict::Accepted(_)
            | Verdict::Impossible(_)
            | Verdict::Incorrect(_)
            | Verdict::Unclear(_)
            | Verdict::TwoReadings(_)
    );
    if suspended && has_move {
        effects.insert(
            0,
            Effect {
                to: sender,
                kind: Kind::Error,
                msg: Msg::AwaitingArbiter,
            },
        );
        return Handled {
            record: changed.then_some(next),
            effects,
            requests,
        };
    }

    match &verdict {
        Verdict::TwoReadings(own) => {
            // RULES.md §4: an ambiguity of amici's reading costs nothing; ask.
            let moves: Vec<String> = own
                .iter()
                .map(|m| match m.color {
                    Color::White => format!("{}. {}", m.number, m.full),
                    Color::Black => format!("{}... {}", m.number, m.full),
                })
                .collect();
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::TwoReadings { moves },
                },
            );
            Handled {
                record: changed.then_some(next),
                effects,
                requests,
            }
        }
        Verdict::Accepted(a) => {
            if rec.to_move() != Some(from) {
                return reply(Kind::Error, Msg::NotYourTurn);
            }
            let mut pos = next.position();
            let before = next.moves.len();
            let (received, sent) = if rec.params.mode == Mode::Post {
                post_dates(&mut next, from, letter, today, &mut effects)
            } else {
                (next.clock_started(), today)
            };
            next.play(&mut pos, a.own.mv, received, sent, false);
            end_replacement_dead_time(&mut next, from, today);
            if a.short {
                next.short_letters[if from == Color::White { 0 } else { 1 }] += 1;
            }
            // The opponent's draw offer lapses with a move that does not accept it.
            if next.draw_offer == Some(from.other()) {
                next.draw_offer = None;
            }
            let offered = letter.commands.contains(&Command::OfferDraw);
            if offered {
                next.draw_offer = Some(from);
            }
            // Art. 10, 32: the opponent's variant, if this move follows it.
            let auto = follow_variant(&mut next, &mut pos, from, a, today);
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
            // Art. 32: every move this letter brought, and those played from a line in answer
            // to it, carry the letter's number: time is attributed by letter.
            let number = next.moves[..before]
                .iter()
                .map(|m| m.letter)
                .max()
                .unwrap_or(0)
                .max(u32::try_from(before).unwrap_or(u32::MAX))
                + 1;
            for m in &mut next.moves[before..] {
                m.letter = number;
            }
            // A delay notice sent with the move concerns his next move (Art. 25).
            if letter.commands.contains(&Command::Notice) {
                let stale = notice_ply(rec, from);
                next.clock
                    .delay_notices
                    .retain(|n| !(n.color == from && n.ply == stale && n.received_on == today));
                let ply = notice_ply(&next, from);
                next.clock.record_delay_notice(from, ply, today);
            }
            if let Some(end) = ended_by_position(&pos) {
                next.finish(end.0, end.1);
            } else if !own_line.is_empty() && next.to_move() == Some(from.other()) {
                next.variant = Some(Variant {
                    by: from,
                    from_ply: next.moves.len(),
                    moves: own_line,
                    declined: false,
                });
                let reach = clock::ply_number(next.moves.len())
                    + u32::try_from(a.line.len() / 2).unwrap_or(0);
                next.clock.set_pending_line(Some(clock::PendingLine {
                    ply: u32::try_from(next.moves.len()).unwrap_or(u32::MAX),
                    reach_move: reach,
                }));
            } else if let Some(v) = next.variant.as_ref().filter(|v| v.by == from.other()) {
                // The opponent's line goes on: offered again to this sender (Art. 32).
                let reach = clock::ply_number(next.moves.len())
                    + u32::try_from(v.moves.len() / 2).unwrap_or(0);
                next.clock.set_pending_line(Some(clock::PendingLine {
                    ply: u32::try_from(next.moves.len()).unwrap_or(u32::MAX),
                    reach_move: reach,
                }));
            } else {
                next.clock.set_pending_line(None);
            }
            if let Some(p) = auto.penalty {
                next.penalties.push(p.clone());
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Notice,
                    msg: Msg::Penalty {
                        color: sender,
                        days: p.days,
                        article: p.article.clone(),
                        reason: p.reason.clone(),
                    },
                });
            }
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
            if a.short {
                let n = next.short_letters[if from == Color::White { 0 } else { 1 }];
                if n == rec.params.short_notation_warnings {
                    effects.push(Effect {
                        to: Role::Arbiter,
                        kind: Kind::Notice,
                        msg: Msg::Decision {
                            text: format!("short-notation:{n}"),
                        },
                    });
                }
            }
            if let (Status::Finished, Some(result), Some(t)) =
                (next.status, next.result, next.termination)
            {
                ended_effects(&mut effects, result, t);
            } else if let Some(c) = letter
                .commands
                .iter()
                .find(|c| matches!(c, Command::ClaimDraw | Command::ClaimWin))
            {
                // A claim sent with the move is judged on the position the move made (a
                // threefold repetition or the 50th move produced by one's own move).
                let after = next.clone();
                // The tablebase verdict was for the position before the move: not used here.
                claim(
                    &after,
                    &mut next,
                    from,
                    *c == Command::ClaimWin,
                    None,
                    text,
                    &mut effects,
                );
            }
            Handled {
                record: Some(next),
                effects,
                requests,
            }
        }
        Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => {
            if rec.to_move() != Some(from) {
                return reply(Kind::Error, Msg::NotYourTurn);
            }
            let refusal = match verdict {
                Verdict::Impossible(_) => Refusal::Impossible,
                Verdict::Incorrect(_) => Refusal::Incorrect,
                _ => Refusal::Unclear,
            };
            // Art. 17: +5 days (none where the transport is at fault); the arbiter is copied.
            if r.penalty_days > 0 {
                next.penalties.push(Penalty {
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
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: msg.clone(),
                },
            );
            effects.push(Effect {
                to: Role::Arbiter,
                kind: Kind::Error,
                msg,
            });
            Handled {
                record: Some(next),
                effects,
                requests,
            }
        }
        Verdict::NotYourTurn => {
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::NotYourTurn,
                },
            );
            Handled {
                record: changed.then_some(next),
                effects,
                requests,
            }
        }
        Verdict::GameOver => reply(Kind::GameOver, Msg::GameOver),
        Verdict::NoMove | Verdict::CommandsOnly | Verdict::BadRecord { .. } => {
            // `post`: a receipt report (Д) by the player to move, before his answer: his
            // running clock is known from then on (RULES.md §2, INTERFACE.md status).
            if rec.params.mode == Mode::Post
                && rec.to_move() == Some(from)
                && let Some(d) = letter.dates.received.or(letter.dates.sent)
                && !rec.moves.is_empty()
                && d >= rec.clock_started()
                && d <= today
            {
                next.clock
                    .set_receipt(u32::try_from(rec.moves.len()).unwrap_or(u32::MAX), d);
                changed = true;
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Ack,
                    msg: Msg::Announcement {
                        text: format!("receipt:{d}"),
                    },
                });
            }
            let mut handled_claim = false;
            for c in &letter.commands {
                if matches!(c, Command::ClaimDraw | Command::ClaimWin) {
                    handled_claim = true;
                    claim(
                        rec,
                        &mut next,
                        from,
                        *c == Command::ClaimWin,
                        proof,
                        text,
                        &mut effects,
                    );
                    changed = true;
                }
                if *c == Command::OfferDraw && rec.to_move().is_some() {
                    next.draw_offer = Some(from);
                    changed = true;
                    effects.push(Effect {
                        to: opponent,
                        kind: Kind::Notice,
                        msg: Msg::DrawOffer,
                    });
                    effects.push(Effect {
                        to: sender,
                        kind: Kind::Ack,
                        msg: Msg::DrawOffer,
                    });
                }
            }
            let _ = handled_claim;
            if effects.is_empty() && requests.is_empty() {
                return reply(Kind::NoMove, Msg::NoMove);
            }
            Handled {
                record: (changed || next != *rec).then_some(next),
                effects,
                requests,
            }
        }
    }
}
