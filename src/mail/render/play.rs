//! The letters about play: a move acknowledged, forwarded or refused, the end of a game,
//! draws.

use std::fmt::Write as _;

use super::*;

/// The part of a letter that says what happened (see [`Ctx`]).
pub(super) fn body(b: &mut String, c: &Ctx<'_>, msg: &Msg) {
    let Ctx {
        lang, rec, viewer, ..
    } = *c;
    match msg {
        Msg::Ack {
            moves,
            remarks,
            draw_offered,
        } => {
            let _ = writeln!(b, "{}", tr(lang, Key::MoveRecordedSentOpponent));
            for m in moves {
                let _ = writeln!(b, "  {}", move_line(lang, rec.notation, m));
            }
            if *draw_offered {
                let _ = writeln!(b, "{}", tr(lang, Key::DrawOfferHasBeenPassed));
            }
            if !remarks.is_empty() || !remarks.line.is_empty() {
                let _ = writeln!(b);
                remarks_text(b, lang, remarks);
            }
            if !remarks.is_empty()
                && let Some(example) = moves.first().and_then(|m| complete_letter(lang, rec, m))
            {
                let _ = writeln!(b);
                let _ = writeln!(b, "{}", tr(lang, Key::CompleteLetterThisMoveArt));
                let _ = writeln!(b, "  {example}");
            }
        }
        Msg::Forward {
            moves,
            draw_offered,
            line_offered,
        } => {
            let _ = writeln!(b, "{}", tr(lang, Key::OpponentMoveReplyDue));
            for m in moves {
                let _ = writeln!(b, "  {}", move_line(lang, rec.notation, m));
            }
            if *draw_offered {
                let _ = writeln!(b, "{}", tr(lang, Key::OpponentOffersDrawAnswerAccept));
            }
            if *line_offered {
                let _ = writeln!(b, "{}", tr(lang, Key::OpponentOffersConditionalLineArt));
            }
            let _ = writeln!(b);
            let _ = writeln!(b, "{}", board(lang, &rec.position(), viewer));
        }
        Msg::Refused { .. } => refused(b, c, msg),
        Msg::NoMove => {
            let _ = writeln!(b, "{}", tr(lang, Key::IFoundNoMoveNo));
        }
        Msg::NotYourTurn => {
            let _ = writeln!(b, "{}", tr(lang, Key::NotTurnThisGameNothing));
        }
        Msg::AwaitingArbiter => {
            let _ = writeln!(b, "{}", tr(lang, Key::GameWaitingArbiterDecisionArt));
        }
        Msg::TwoReadings { moves } => {
            let _ = writeln!(b, "{}", tr(lang, Key::LetterCanReadTwoWays));
            for m in moves {
                let _ = writeln!(b, "  {m}");
            }
            let _ = writeln!(b, "{}", tr(lang, Key::NothingWasChangedThereNo));
        }
        Msg::GameOver => {
            let _ = writeln!(b, "{}", tr(lang, Key::ThisGameOverNothingWas));
        }
        Msg::Ended {
            result,
            termination,
        } => {
            let _ = writeln!(
                b,
                "{}: {}.",
                tr(lang, Key::GameHasEnded),
                result_text(lang, *result, *termination)
            );
            let _ = writeln!(b);
            let _ = writeln!(b, "{}", rec.sans().join(" "));
            // The final position, for a reader of the text alone as for the picture's.
            let _ = writeln!(b);
            let _ = write!(b, "{}", board(lang, &rec.position(), viewer));
        }
        Msg::DrawOffer => {
            let _ = writeln!(b, "{}", tr(lang, Key::DrawOfferWithoutMove));
        }
        Msg::DrawDeclined => {
            let _ = writeln!(b, "{}", tr(lang, Key::OpponentDeclinedDrawOffer));
        }
        Msg::NoDrawOffer => {
            let _ = writeln!(b, "{}", tr(lang, Key::ThereNoDrawOfferAccept));
        }
        _ => unreachable!("play renders only its own messages"),
    }
}

/// A refused move (Art. 14–17): what was wrong, the penalty, what may have been meant, the
/// position to answer from.
fn refused(b: &mut String, c: &Ctx<'_>, msg: &Msg) {
    let Ctx {
        lang,
        rec,
        today,
        viewer,
        arbiter_copy,
        ..
    } = *c;
    let Msg::Refused {
        refusal,
        written,
        penalty_days,
        transport_fault,
        expected_repeat,
        piece_moves,
        nearest,
        diagram,
    } = msg
    else {
        return;
    };
    let what = match refusal {
        Refusal::Impossible => tr(lang, Key::MoveImpossible),
        Refusal::Incorrect => tr(lang, Key::MoveIncorrectOpponentLastMove),
        Refusal::Unclear => tr(lang, Key::MoveUnclear),
    };
    let _ = writeln!(
        b,
        "{what}: «{written}» ({} {}).",
        tr(lang, Key::Art),
        refusal.article()
    );
    if let Some(e) = expected_repeat {
        let _ = writeln!(b, "{} {e}.", tr(lang, Key::OpponentLastMove));
    }
    if *penalty_days > 0 {
        let line = fill(lang, Key::PenaltyDaysLine, &[("days", penalty_days)]);
        let _ = writeln!(b, "{line}");
    } else if *transport_fault {
        let _ = writeln!(b, "{}", tr(lang, Key::LetterWasDamagedTransitNo));
    }
    if !arbiter_copy {
        let _ = writeln!(b, "{}", tr(lang, Key::PleaseSendNewMoveNeed));
    }
    if !nearest.is_empty() {
        let _ = writeln!(b, "{} {}", tr(lang, Key::DidMean), nearest.join(", "));
    }
    if !piece_moves.is_empty() {
        let _ = writeln!(
            b,
            "{} {}",
            tr(lang, Key::LegalMovesThatPiece),
            piece_moves.join(", ")
        );
    }
    let _ = writeln!(b);
    if let Some(last) = rec.lines(rec.moves.len().saturating_sub(1), today).pop() {
        let _ = writeln!(b, "{}", tr(lang, Key::LastMoveGame));
        let _ = writeln!(b, "  {}", move_line(lang, rec.notation, &last));
    }
    let pos = position_of(diagram).unwrap_or_else(|| rec.position());
    let _ = writeln!(b, "{}", board(lang, &pos, viewer));
}
