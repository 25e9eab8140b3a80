//! The letters about the clock: a delay notice (Art. 25), an overstep claim (Art. 27–36) and
//! the tick's notices (silence repeats, reminders).

use std::fmt::Write as _;

use super::*;

/// The part of a letter that says what happened (see [`Ctx`]).
pub(super) fn body(b: &mut String, c: &Ctx<'_>, msg: &Msg) {
    let Ctx {
        lang,
        rec,
        names,
        today,
        viewer,
        ..
    } = *c;
    match msg {
        Msg::Claim {
            claimant,
            kind,
            explanation,
            fen,
            diagram,
        } => {
            let key = match kind {
                ClaimKind::Win => Key::ClaimWinLine,
                ClaimKind::Draw => Key::ClaimDrawLine,
            };
            let line =
                crate::mail::texts::fill(lang, key, &[("who", &role_name(lang, *claimant, names))]);
            let _ = writeln!(b, "{line}");
            let agree = match kind {
                ClaimKind::Win => tr(lang, Key::AgreeAnswerResign),
                ClaimKind::Draw => tr(lang, Key::AgreeAnswerAcceptDraw),
            };
            let _ = writeln!(b, "{agree}");
            if !explanation.is_empty() {
                let _ = writeln!(b, "\n{}\n{explanation}", tr(lang, Key::Explanation7072));
            }
            let _ = writeln!(b, "\n{}", score_text(lang, rec, today));
            let pos = fen
                .parse::<shakmaty::fen::Fen>()
                .ok()
                .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok())
                .or_else(|| position_of(diagram))
                .unwrap_or_else(|| rec.position());
            let _ = writeln!(b, "{}", board(lang, &pos, viewer));
        }
        Msg::Clock(n) => notice_text(b, lang, n, names, rec, today, viewer),
        Msg::DelayNotice { from_sender } => {
            let text = if *from_sender {
                tr(lang, Key::DelayNoticeRecordedPassedArt)
            } else {
                tr(lang, Key::OpponentGivesNoticeThatHe)
            };
            let _ = writeln!(b, "{text}");
        }
        _ => unreachable!("clock renders only its own messages"),
    }
}

/// One overstep claim in the arbiter's letter of overdue decisions (Art. 37).
pub struct OverdueLine {
    pub game: String,
    pub white: String,
    pub black: String,
    /// Who overstepped.
    pub about: Color,
    pub move_number: u32,
    /// The claim's number in the game, as `confirm GAME CLAIM` takes it (from 1).
    pub claim: usize,
}

/// One claim's line in the arbiter's letter of overdue decisions ([`overdue_digest`]).
pub fn overdue_line(lang: Lang, l: &OverdueLine) -> String {
    fill(
        lang,
        Key::OverdueDigestLine,
        &[
            ("game", &l.game),
            ("white", &l.white),
            ("black", &l.black),
            ("side", &side(lang, l.about)),
            ("move", &l.move_number),
            ("claim", &l.claim),
        ],
    )
}

/// The arbiter's one letter about every claim of a tournament whose 7 days for the decision
/// (Art. 37) passed on the same tick: subject and body, one line a claim ([`overdue_line`],
/// rendered by the sweep's workers), in `lines`' order.
pub fn overdue_digest(lang: Lang, tournament: &str, lines: &[String]) -> (String, String) {
    let n = lines.len();
    let subject = fill(
        lang,
        Key::OverdueDigestSubject,
        &[("tournament", &tournament), ("n", &n)],
    );
    let mut body = fill(
        lang,
        Key::OverdueDigestHead,
        &[("tournament", &tournament), ("n", &n)],
    );
    body.reserve(lines.iter().map(|l| l.len() + 3).sum::<usize>() + 16);
    body.push_str("\n\n");
    for line in lines {
        body.push_str("  ");
        body.push_str(line);
        body.push('\n');
    }
    body.push_str("\n— amici\n");
    (subject, body)
}
