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

/// The most claims one letter of overdue decisions lists: about 60 KB of text. A tournament
/// with more due on one tick gets several letters, numbered in their subjects, so none comes
/// near a mail server's size limit (Postfix refuses 10 MB by default).
pub const OVERDUE_LINES_PER_LETTER: usize = 500;

/// The arbiter's letters about every claim of a tournament whose 7 days for the decision
/// (Art. 37) passed on the same tick: subject and body of each, one line a claim
/// ([`overdue_line`], rendered by the sweep's workers), in `lines`' order, at most
/// [`OVERDUE_LINES_PER_LETTER`] a letter.
pub fn overdue_digests(lang: Lang, tournament: &str, lines: &[String]) -> Vec<(String, String)> {
    let parts = lines.len().div_ceil(OVERDUE_LINES_PER_LETTER);
    lines
        .chunks(OVERDUE_LINES_PER_LETTER)
        .enumerate()
        .map(|(k, part)| {
            let (mut subject, body) = overdue_digest(lang, tournament, part);
            if parts > 1 {
                subject.push_str(&format!(" [{}/{parts}]", k + 1));
            }
            (subject, body)
        })
        .collect()
}

/// One letter of [`overdue_digests`].
fn overdue_digest(lang: Lang, tournament: &str, lines: &[String]) -> (String, String) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_37_more_overdue_claims_than_a_letter_holds_go_in_numbered_letters_each_claim_once() {
        let lines: Vec<String> = (1..=1201).map(|i| format!("T/{i}: claim 1")).collect();
        let letters = overdue_digests(Lang::En, "Open", &lines);
        assert_eq!(letters.len(), 3);
        let subjects: Vec<&str> = letters.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            subjects,
            [
                "Open: 500 overstep claims await your decision (Art. 37) [1/3]",
                "Open: 500 overstep claims await your decision (Art. 37) [2/3]",
                "Open: 201 overstep claims await your decision (Art. 37) [3/3]",
            ]
        );
        // Every claim listed once, in order, across the letters.
        let listed: Vec<&str> = letters
            .iter()
            .flat_map(|(_, body)| body.lines())
            .filter_map(|l| l.strip_prefix("  "))
            .collect();
        assert_eq!(listed.len(), 1201);
        assert_eq!(listed[0], "T/1: claim 1");
        assert_eq!(listed[500], "T/501: claim 1");
        assert_eq!(listed[1200], "T/1201: claim 1");
        assert!(letters.iter().all(|(_, b)| b.len() < 64 * 1024));
        // A few claims: one letter, its subject unnumbered.
        let one = overdue_digests(Lang::En, "Open", &lines[..2]);
        assert_eq!(one.len(), 1);
        assert_eq!(
            one[0].0,
            "Open: 2 overstep claims await your decision (Art. 37)"
        );
    }
}
