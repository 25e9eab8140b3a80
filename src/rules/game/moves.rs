//! A move letter (Art. 7–22): the official figures a letter's items are checked against
//! (Art. 7, 8, 9 В), what an accepted letter lacked or got wrong (Art. 7 note 2, Art. 9 Б),
//! and the end a move's position brings (checkmate, stalemate, insufficient material).

use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position};

use crate::rules::clock;
use crate::rules::letter;
use crate::rules::model::{Day, GameResult, Mode};
use crate::rules::verdict::{Accepted, Official, WrongItem};

use super::effects::Remarks;
use super::record::{GameRecord, Termination};

impl GameRecord {
    /// The official figures of Art. 7/8 for a move `color` sends on `today` (email mode: the
    /// bot knows every date; `post`: the receipt comes from the player's own report).
    pub(super) fn official(&self, color: Color, today: Day) -> Official {
        let first = self.moves.is_empty();
        let last = self.moves.last();
        let mut o = Official::default();
        if self.params.mode == Mode::Email {
            o.letter = last.map(|m| m.sent);
            // Art. 8: the written receipt date is the arrival day + 1.
            o.received = last.and_then(|m| m.sent.succ_opt());
            o.sent = Some(today);
            let received = if first {
                self.start.pred_opt().unwrap_or(self.start)
            } else {
                self.clock_started()
            };
            o.time_used = Some(clock::thinking_days(received, today, |d| self.suspended(d)));
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
        let _ = color;
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
