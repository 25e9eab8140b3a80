//! Vacation and other automatic replies (issue 8 item 9): recognised by headers and subject
//! prefixes only, never by words in the body; every form left unanswered; and no false
//! positive on 263 real person-to-person letters.
//!
//! Real samples (fixtures/README has repository, path, commit and licence of each):
//! - fixtures/mail/autoreply/sisimai-rfc3834-*.eml: sisimai/set-of-emails, auto-replies from
//!   a vacation program (Auto-Submitted), Exchange (`Automatic reply:` with
//!   `X-Auto-Response-Suppress: All`, twice), Apple iCloud (`Auto reply:` with
//!   `X-Apple-Action: VACATION`) and a helpdesk;
//! - fixtures/mail/ham/notmuch-*.eml: notmuch's test corpora (`default`: the notmuch mailing
//!   list, `lkml`: the Linux kernel list), 263 letters people wrote, with their list headers
//!   removed here before reading (lists are ignored by design, that is not what is tested).
//!
//! Forms for which no public sample was found (`Auto:`, `Autoreply:`, `Out of Office:`,
//! `Автоответ:`, `Автоматичен отговор:`, `X-Autoreply`, `X-Autorespond`,
//! `Precedence: auto_reply`) are made from the real Apple reply by changing its subject or
//! vendor header only, so that everything else in them is real.

use amici::mail::inbound::{LoopReason, parse};
use std::path::Path;

const BOT: &str = "bot@amici.example";

fn fixture(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/mail")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The header block and the body (after the first empty line), line ends kept.
fn split(raw: &[u8]) -> (String, Vec<u8>) {
    let text = String::from_utf8_lossy(raw);
    let at = ["\r\n\r\n", "\n\n"]
        .iter()
        .filter_map(|sep| text.find(sep).map(|i| (i, sep.len())))
        .min()
        .expect("a header block");
    let head = text[..at.0 + at.1 / 2].to_string();
    (head, raw[at.0 + at.1..].to_vec())
}

/// `raw` without the header fields named in `names` (continuation lines included).
fn without(raw: &[u8], names: &[&str]) -> Vec<u8> {
    let (head, body) = split(raw);
    let mut out = String::new();
    let mut skipping = false;
    for line in head.split_inclusive('\n') {
        if line.starts_with([' ', '\t']) {
            if !skipping {
                out.push_str(line);
            }
            continue;
        }
        let name = line.split(':').next().unwrap_or("").trim();
        skipping = names.iter().any(|n| {
            n.eq_ignore_ascii_case(name)
                || (n.ends_with('*')
                    && name
                        .to_ascii_lowercase()
                        .starts_with(&n[..n.len() - 1].to_ascii_lowercase()))
        });
        if !skipping {
            out.push_str(line);
        }
    }
    let nl = if head.contains("\r\n") { "\r\n" } else { "\n" };
    let mut v = out.into_bytes();
    v.extend_from_slice(nl.as_bytes());
    v.extend_from_slice(&body);
    v
}

/// `raw` with its Subject replaced and extra header lines added on top.
fn with(raw: &[u8], subject: Option<&str>, extra: &[&str]) -> Vec<u8> {
    let mut v = if subject.is_some() {
        without(raw, &["Subject"])
    } else {
        raw.to_vec()
    };
    let mut top = String::new();
    for e in extra {
        top.push_str(e);
        top.push('\n');
    }
    if let Some(s) = subject {
        top.push_str(&format!("Subject: {s}\n"));
    }
    let mut out = top.into_bytes();
    out.append(&mut v);
    out
}

fn reason(raw: &[u8]) -> Option<LoopReason> {
    parse(raw, BOT).loop_reason
}

// ---------------------------------------------------------------------------------------------
// The real samples, as they came

#[test]
fn real_auto_replies_are_never_answered() {
    for (name, want) in [
        (
            "sisimai-rfc3834-01.eml",
            LoopReason::AutoSubmitted("auto-replied".into()),
        ),
        // Exchange's replies came with the null return path: a bounce-like notification.
        ("sisimai-rfc3834-02.eml", LoopReason::NullSender),
        (
            "sisimai-rfc3834-03.eml",
            LoopReason::AutoReply("X-Apple-Action".into()),
        ),
        ("sisimai-rfc3834-04.eml", LoopReason::NullSender),
        (
            "sisimai-rfc3834-06.eml",
            LoopReason::AutoSubmitted("auto-replied".into()),
        ),
    ] {
        let raw = fixture(&format!("autoreply/{name}"));
        let got = reason(&raw);
        assert_eq!(got, Some(want), "{name}");
        assert!(!got.unwrap().only_suspected(), "{name}: certain");
    }
}

#[test]
fn exchange_automatic_reply_without_its_null_return_path() {
    // Fetched through a relay that rewrote the envelope, or sent by an Exchange that does not
    // use <>: the subject and X-Auto-Response-Suppress still make it certain.
    for name in ["sisimai-rfc3834-02.eml", "sisimai-rfc3834-04.eml"] {
        let raw = without(&fixture(&format!("autoreply/{name}")), &["Return-Path"]);
        assert_eq!(
            reason(&raw),
            Some(LoopReason::AutoReply("X-Auto-Response-Suppress".into())),
            "{name}"
        );
        // Without that header only the subject is left: still unanswered, but only suspected,
        // so a move in it reaches the arbiter instead of the board.
        let raw = without(&raw, &["X-Auto-Response-Suppress"]);
        let r = reason(&raw).expect("unanswered");
        assert_eq!(
            r,
            LoopReason::SuspectedAutoReply("Subject: Automatic reply:".into()),
            "{name}"
        );
        assert!(r.only_suspected());
    }
}

#[test]
fn apple_auto_reply_by_its_header_and_by_its_subject_alone() {
    let raw = fixture("autoreply/sisimai-rfc3834-03.eml");
    let bare = without(&raw, &["X-Apple-*"]);
    assert_eq!(
        reason(&bare),
        Some(LoopReason::SuspectedAutoReply(
            "Subject: Auto reply:".into()
        ))
    );
}

// ---------------------------------------------------------------------------------------------
// Every form of item 9, on the real Apple reply

/// The real Apple reply with no sign of being one left (its X-Apple-* headers and subject
/// removed): a plain letter, which is answered.
fn plain_apple() -> Vec<u8> {
    without(&fixture("autoreply/sisimai-rfc3834-03.eml"), &["X-Apple-*"])
}

#[test]
fn the_stripped_sample_is_an_ordinary_letter() {
    let raw = with(&plain_apple(), Some("Nyaan"), &[]);
    assert_eq!(reason(&raw), None);
}

#[test]
fn every_subject_prefix_is_recognised_and_only_suspected() {
    for (subject, prefix) in [
        ("Auto: Nyaan", "Auto"),
        ("Automatic reply: Nyaan", "Automatic reply"),
        ("Auto reply: Nyaan", "Auto reply"),
        ("Autoreply: Nyaan", "Autoreply"),
        ("AutoReply : Nyaan", "AutoReply"),
        ("Out of Office: Nyaan", "Out of Office"),
        ("OUT OF OFFICE: Nyaan", "OUT OF OFFICE"),
        ("Автоответ: Nyaan", "Автоответ"),
        (
            "Автоматичен отговор: Партия wc2026/1",
            "Автоматичен отговор",
        ),
        (
            "Автоматический ответ: Партия wc2026/1",
            "Автоматический ответ",
        ),
        ("Automatische Antwort: Nyaan", "Automatische Antwort"),
        ("Réponse automatique : Nyaan", "Réponse automatique"),
        // Encoded words, as Outlook and mail.ru send them.
        (
            "=?UTF-8?B?0JDQstGC0L7QvtGC0LLQtdGCOiBOeWFhbg==?=",
            "Автоответ",
        ),
        (
            "=?windows-1251?Q?=C0=E2=F2=EE=EC=E0=F2=E8=F7=E5=ED_=EE=F2=E3=EE=E2=EE=F0=3A_x?=",
            "Автоматичен отговор",
        ),
    ] {
        let raw = with(&plain_apple(), Some(subject), &[]);
        let r = reason(&raw);
        assert_eq!(
            r,
            Some(LoopReason::SuspectedAutoReply(format!(
                "Subject: {prefix}:"
            ))),
            "{subject}"
        );
        assert!(r.unwrap().only_suspected(), "{subject}");
    }
}

#[test]
fn every_vendor_header_is_certain() {
    for (header, want) in [
        (
            "X-Autoreply: yes",
            LoopReason::AutoReply("X-Autoreply".into()),
        ),
        (
            "X-Autorespond: Out of office",
            LoopReason::AutoReply("X-Autorespond".into()),
        ),
        (
            "X-Apple-Action: VACATION",
            LoopReason::AutoReply("X-Apple-Action".into()),
        ),
        (
            "Precedence: auto_reply",
            LoopReason::Precedence("auto_reply".into()),
        ),
        (
            "Auto-Submitted: auto-replied",
            LoopReason::AutoSubmitted("auto-replied".into()),
        ),
    ] {
        // With an ordinary subject: the header alone decides.
        let raw = with(&plain_apple(), Some("Nyaan"), &[header]);
        let r = reason(&raw);
        assert_eq!(r, Some(want.clone()), "{header}");
        assert!(!r.unwrap().only_suspected(), "{header}");
    }
    // Outlook's out-of-office reply: subject and X-Auto-Response-Suppress together.
    let raw = with(
        &plain_apple(),
        Some("Out of Office: Nyaan"),
        &["X-Auto-Response-Suppress: All"],
    );
    assert_eq!(
        reason(&raw),
        Some(LoopReason::AutoReply("X-Auto-Response-Suppress".into()))
    );
}

#[test]
fn a_move_in_a_subject_only_auto_reply_is_kept_for_the_arbiter_not_lost() {
    // What the engine needs: the letter is flagged, only suspected, and its text still read.
    let mut raw = with(
        &plain_apple(),
        Some("Automatic reply: Партия wc2026/1"),
        &[],
    );
    raw.extend_from_slice("\n13. Кc3\n".as_bytes());
    let m = parse(&raw, BOT);
    assert!(
        m.loop_reason
            .as_ref()
            .is_some_and(LoopReason::only_suspected)
    );
    assert!(m.fresh_text.contains("13. Кc3"), "{}", m.fresh_text);
}

#[test]
fn no_prefix_in_the_middle_no_reply_to_one_no_body_words() {
    for subject in [
        "Re: Automatic reply: Nyaan",
        "Fwd: Out of Office: Nyaan",
        "Autumn tournament",
        "Autoreply test results",
        "Auto-ID 42: wc2026/1",
        "Out of office hours play",
        "Отпуск 01.06.–30.06.",
        "Partie wc2026/1",
    ] {
        let raw = with(&plain_apple(), Some(subject), &[]);
        assert_eq!(reason(&raw), None, "{subject}");
    }
    // Words in the body never count, in any language.
    let mut raw = with(&plain_apple(), Some("wc2026/1"), &[]);
    raw.extend_from_slice(
        "\nOut of Office: I am away. Автоответ: отпуск 01.06.–30.06. Automatic reply:\n".as_bytes(),
    );
    assert_eq!(reason(&raw), None);
    // X-Auto-Response-Suppress alone is put on letters people write.
    let raw = with(
        &plain_apple(),
        Some("wc2026/1"),
        &["X-Auto-Response-Suppress: All"],
    );
    assert_eq!(reason(&raw), None);
}

// ---------------------------------------------------------------------------------------------
// No false positives

/// Header fields that make a letter a list message; removed before reading (lists are ignored
/// by design, so leaving them would hide what this test looks for).
const LIST_HEADERS: &[&str] = &[
    "List-*",
    "Precedence",
    "X-Mailing-List",
    "Mailing-List",
    "X-BeenThere",
    "X-Mailman-*",
    "Archived-At",
    "X-List-Received-Date",
    "X-Loop",
];

#[test]
fn real_person_to_person_letters_are_never_suppressed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mail/ham");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/mail/ham")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    names.sort();
    assert!(names.len() >= 200, "only {} letters", names.len());
    let mut suppressed = Vec::new();
    for p in &names {
        let raw = std::fs::read(p).expect("read");
        let raw = without(&raw, LIST_HEADERS);
        let m = parse(&raw, BOT);
        assert!(m.from.is_some(), "{}: no sender read", p.display());
        if let Some(r) = m.loop_reason {
            suppressed.push(format!("{}: {r} ({:?})", p.display(), m.subject));
        }
    }
    assert!(
        suppressed.is_empty(),
        "{} of {} suppressed:\n{}",
        suppressed.len(),
        names.len(),
        suppressed.join("\n")
    );
}

#[test]
fn the_list_headers_are_what_would_have_suppressed_them() {
    // The ham test is not vacuous: as they came, most of these letters are list mail.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mail/ham");
    let listed = std::fs::read_dir(&dir)
        .expect("fixtures/mail/ham")
        .filter(|e| {
            let raw = std::fs::read(e.as_ref().expect("entry").path()).expect("read");
            parse(&raw, BOT).loop_reason.is_some()
        })
        .count();
    assert!(listed >= 200, "{listed}");
}
