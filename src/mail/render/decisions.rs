//! The letters about decisions: penalties, the arbiter's decisions, leave, adjudication,
//! postmark disagreements, announcements and the rules' decisions in words.

use std::fmt::Write as _;

use super::*;

/// The part of a letter that says what happened (see [`Ctx`]).
pub(super) fn body(b: &mut String, c: &Ctx<'_>, msg: &Msg) {
    let Ctx {
        lang,
        rec,
        names,
        viewer,
        ..
    } = *c;
    match msg {
        Msg::Penalty {
            color,
            days,
            article,
            reason,
        } => {
            use crate::rules::game::PenaltyReason;
            let reason = match reason {
                PenaltyReason::Words(w) => w.as_str(),
                PenaltyReason::DeclinedVariantPlayed => tr(lang, Key::DeclinedVariantPlayed),
            };
            let line = crate::mail::texts::fill(
                lang,
                Key::PenaltyLine,
                &[
                    ("who", &role_name(lang, *color, names)),
                    ("days", &format!("{days:+}")),
                    ("article", article),
                    ("reason", &reason),
                ],
            );
            let _ = writeln!(b, "{line}");
        }
        Msg::Decision(ruling) => {
            use crate::rules::game::{PlayerAct, Ruling};
            let key = match ruling {
                Ruling::ClaimConfirmed { .. } => Key::ArbiterConfirmedOverstepClaimArt,
                Ruling::ClaimRejected { .. } => Key::ArbiterRejectedOverstepClaimArt,
                Ruling::OverstepDeclared { .. } => Key::ArbiterDeclaredOverstepAsSanction,
                Ruling::ByPlayer { act, .. } => match act {
                    PlayerAct::ClaimFiled => Key::PlayerClaimsHisOpponentOverstep,
                    PlayerAct::Admitted => Key::PlayerAdmitsOverstepTakesEffect,
                    PlayerAct::Objection => Key::ObjectionOverstepDecisionRecordedArt,
                    PlayerAct::Withdrawn => Key::OverstepClaimWithdrawnArt34,
                },
                Ruling::ShortNotation { .. } => Key::PlayerKeepsSendingShortNotation,
            };
            let _ = writeln!(b, "{}", tr(lang, key));
        }
        Msg::Leave {
            who,
            from,
            to,
            special,
        } => {
            let key = if *special {
                Key::SpecialLeaveLine
            } else {
                Key::LeaveLine
            };
            let line = crate::mail::texts::fill(
                lang,
                key,
                &[
                    ("who", &role_name(lang, *who, names)),
                    ("from", &date(*from)),
                    ("to", &date(*to)),
                ],
            );
            let _ = writeln!(b, "{line}");
        }
        Msg::LeaveRefused(why) => {
            let _ = writeln!(
                b,
                "{} {}",
                tr(lang, Key::LeaveRefused),
                leave_refused(lang, why)
            );
        }
        Msg::Adjudication {
            stage,
            deadline,
            proposals,
            score,
            diagram,
        } => {
            use crate::rules::game::AdjudicationStage as S;
            let head = match stage {
                S::Ask => tr(lang, Key::TournamentEndDateHasCome),
                S::Recorded => tr(lang, Key::ProposalRecordedArt52Proposals),
                S::ToAdjudicator => tr(lang, Key::ProposalsDifferAreMissingMaterial),
                S::Overdue => tr(lang, Key::AdjudicatorOverdue),
            };
            let _ = writeln!(b, "{head} {}.", date(*deadline));
            for (c, p) in [Color::White, Color::Black].into_iter().zip(proposals) {
                let _ = match p {
                    Some((r, words)) => writeln!(b, "  {}: {} — {words}", side(lang, c), r.pgn()),
                    None => writeln!(b, "  {}: —", side(lang, c)),
                };
            }
            let _ = writeln!(b);
            let _ = writeln!(b, "{score}");
            let pos = position_of(diagram).unwrap_or_else(|| rec.position());
            let _ = writeln!(b, "{}", board(lang, &pos, viewer));
        }
        Msg::DateDisagreement {
            number,
            mover,
            declared,
            reported,
        } => {
            let line = crate::mail::texts::fill(
                lang,
                Key::DateDisagreementLine,
                &[
                    ("number", number),
                    ("who", &role_name(lang, *mover, names)),
                    ("declared", &date(*declared)),
                    ("reported", &date(*reported)),
                ],
            );
            let _ = writeln!(b, "{line}");
        }
        Msg::Told(told) => {
            let _ = writeln!(b, "{}", told_text(lang, told));
        }
        Msg::VariantDeclined => {
            let _ = writeln!(b, "{}", tr(lang, Key::RefusalVariantRecordedArt10));
        }
        _ => unreachable!("decisions renders only its own messages"),
    }
}

/// Why a leave is refused (Art. 41–45), in the recipient's language.
pub(super) fn leave_refused(lang: Lang, why: &crate::rules::leave::LeaveError) -> String {
    use crate::mail::texts::fill;
    use crate::rules::leave::LeaveError as E;
    match why {
        E::Backwards { from, to } => fill(
            lang,
            Key::LeaveBackwards,
            &[("from", &date(*from)), ("to", &date(*to))],
        ),
        E::NotBeforeStart { from, on } => fill(
            lang,
            Key::LeaveNotBeforeStart,
            &[("from", &date(*from)), ("on", &date(*on))],
        ),
        E::Quota { year, left, asked } => fill(
            lang,
            Key::LeaveQuota,
            &[("year", year), ("left", left), ("asked", asked)],
        ),
        E::SpecialQuota { year, left, asked } => fill(
            lang,
            Key::LeaveSpecialQuota,
            &[("year", year), ("left", left), ("asked", asked)],
        ),
        E::DuringExtension { from, to } => fill(
            lang,
            Key::LeaveDuringExtension,
            &[("from", &date(*from)), ("to", &date(*to))],
        ),
        E::Overlap { id, from, to } => fill(
            lang,
            Key::LeaveOverlap,
            &[("id", id), ("from", &date(*from)), ("to", &date(*to))],
        ),
        E::NoSuchLeave(id) => fill(lang, Key::LeaveNoSuchLeave, &[("id", id)]),
        E::Started(id) => fill(lang, Key::LeaveStarted, &[("id", id)]),
    }
}
