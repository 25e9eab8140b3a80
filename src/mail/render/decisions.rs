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
            let _ = writeln!(
                b,
                "{} {}: {days:+} {} ({} {article}: {reason}).",
                tr(lang, Key::Penalty2),
                role_name(*color, names),
                days_word(lang),
                tr(lang, Key::Art)
            );
        }
        Msg::Decision { text } => {
            let line = match text.split(':').next().unwrap_or("") {
                "confirmed" => tr(lang, Key::ArbiterConfirmedOverstepClaimArt),
                "rejected" => tr(lang, Key::ArbiterRejectedOverstepClaimArt),
                "player-claim-filed" => tr(lang, Key::PlayerClaimsHisOpponentOverstep),
                "declared" => tr(lang, Key::ArbiterDeclaredOverstepAsSanction),
                "player-admitted" => tr(lang, Key::PlayerAdmitsOverstepTakesEffect),
                "player-objection" => tr(lang, Key::ObjectionOverstepDecisionRecordedArt),
                "player-withdrawn" => tr(lang, Key::OverstepClaimWithdrawnArt34),
                "short-notation" => tr(lang, Key::PlayerKeepsSendingShortNotation),
                _ => text.as_str(),
            };
            let _ = writeln!(b, "{line}");
        }
        Msg::Leave {
            who,
            from,
            to,
            special,
        } => {
            let _ = writeln!(
                b,
                "{} {} {} – {}{} (чл./Art. {}). {}",
                tr(lang, Key::Leave),
                role_name(*who, names),
                date(*from),
                date(*to),
                if *special {
                    tr(lang, Key::SpecialLeave)
                } else {
                    ""
                },
                if *special { "43" } else { "41–45" },
                tr(lang, Key::AllHisGamesPauseNeither)
            );
        }
        Msg::LeaveRefused { reason } => {
            let _ = writeln!(b, "{} {reason}", tr(lang, Key::LeaveRefused));
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
            };
            let _ = writeln!(b, "{head} {}.", date(*deadline));
            for p in proposals {
                let _ = writeln!(b, "  {p}");
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
            let _ = writeln!(
                b,
                "{} {number} ({}): {} {}, {} {}. {}",
                tr(lang, Key::DatesDisagreeMove),
                role_name(*mover, names),
                tr(lang, Key::DeclaredSent),
                date(*declared),
                tr(lang, Key::PostmarkReportedReceiver),
                date(*reported),
                tr(lang, Key::PostmarkStandsArt7)
            );
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
