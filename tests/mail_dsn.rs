//! Reading bounces of amici's own mail (issue 8 item 7, the parsing part): real RFC 3464
//! reports and plain-text bounces from sisimai/set-of-emails (fixtures/README), each with the
//! values read off the file by hand (its `Final-Recipient`, `Action`, `Status` and the
//! returned `Message-ID`), and the VERP return path.

use amici::mail::dsn::{Action, Bounce, parse_bounce, verp_address, verp_id};
use amici::mail::inbound::{LoopReason, parse};
use std::path::Path;

const BOT: &str = "bot@amici.example";

fn fixture(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/mail/bounce")
        .join(format!("sisimai-{name}.eml"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn bounce(name: &str) -> Bounce {
    parse_bounce(&fixture(name)).unwrap_or_else(|| panic!("{name}: not read as a bounce"))
}

/// (file, standard report, recipient, action, status, permanent, returned Message-ID)
type Case = (
    &'static str,
    bool,
    Option<&'static str>,
    Option<Action>,
    Option<&'static str>,
    bool,
    Option<&'static str>,
);

const CASES: &[Case] = &[
    (
        "lhost-postfix-01",
        true,
        Some("r@p351355.pool.example.ne.jp"),
        Some(Action::Failed),
        Some("5.1.1"),
        true,
        // Postfix returned an empty message/rfc822 part.
        None,
    ),
    (
        "lhost-sendmail-01",
        true,
        Some("userunknown@bouncehammer.jp"),
        Some(Action::Failed),
        Some("5.1.1"),
        true,
        Some("E1C50F1B-1C83-4820-BC36-AC6FBFBE8568@example.org"),
    ),
    (
        "rfc3464-01",
        true,
        Some("userunknown@bouncehammer.jp"),
        Some(Action::Failed),
        Some("5.1.1"),
        true,
        Some("E1C50F1B-1C83-4820-BC36-AC6FBFBE8568@example.org"),
    ),
    (
        "lhost-yandex-01",
        true,
        Some("kijitora@example.jp"),
        Some(Action::Failed),
        Some("5.1.1"),
        true,
        Some("446281417885946@web20h.yandex.ru"),
    ),
    (
        "lhost-exchange2007-01",
        true,
        Some("mikeneko@example.co.jp"),
        Some(Action::Failed),
        Some("5.1.1"),
        true,
        // The returned message carries no Message-ID.
        None,
    ),
    (
        "lhost-opensmtpd-06",
        true,
        Some("nekochan@libsisimai.org"),
        Some(Action::Delayed),
        Some("4.4.7"),
        false,
        Some("201612140903.uBE938DJ094645@nyaan.example.jp"),
    ),
    (
        "lhost-messagingserver-07",
        true,
        Some("kijitora@2jo.example.jp"),
        Some(Action::Delayed),
        Some("4.4.7"),
        false,
        // Returned as text/plain, not message/rfc822: found in the text.
        Some("170CB973-A398-4674-8523-87D8FECB9378@me.example.com"),
    ),
    (
        "lhost-exim-01",
        false,
        Some("kijitora@example.ed.jp"),
        None,
        Some("5.7.0"),
        true,
        Some("E1P1ce6-000Egt-GZ@e1.example.org"),
    ),
    (
        "lhost-gmail-01",
        false,
        Some("userunknown@example.jp"),
        None,
        Some("5.1.1"),
        true,
        Some("D992C2C3-F175-4C4D-97E2-53A90E4E5BF5@gmail.com"),
    ),
    (
        "lhost-mailru-01",
        false,
        Some("kijitora@example.jp"),
        None,
        Some("5.1.1"),
        true,
        Some("8F3CE2D8-D60E-48C3-B9AF-BED628EE2CA5@mail.example.ru"),
    ),
    (
        "lhost-qmail-01",
        false,
        Some("kijitora@example.ne.jp"),
        None,
        Some("5.5.0"),
        true,
        Some("000000000.9999999999999.JavaMail.postmaster@mailhub"),
    ),
    (
        "lhost-office365-01",
        false,
        // A report without its delivery-status part: only the text says who failed.
        None,
        None,
        None,
        true,
        Some("FFFFFFFF.EEEEEEEE@example.ed.jp"),
    ),
];

#[test]
fn real_bounces_are_read() {
    let mut wrong = Vec::new();
    for (name, standard, rcpt, action, status, permanent, id) in CASES {
        let b = bounce(name);
        let first = b.final_recipients.first();
        let got = (
            b.standard,
            first.map(|r| r.address.as_str()),
            first.and_then(|r| r.action.clone()),
            first.and_then(|r| r.status.as_deref()),
            b.permanent,
            b.original_message_id.as_deref(),
        );
        let want = (*standard, *rcpt, action.clone(), *status, *permanent, *id);
        if got != want {
            wrong.push(format!("{name}:\n  got  {got:?}\n  want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_bounces_own_message_id_is_never_taken_for_the_original() {
    for (name, ..) in CASES {
        let raw = fixture(name);
        let own = parse(&raw, BOT).message_id;
        let b = bounce(name);
        if own.is_some() {
            assert_ne!(b.original_message_id, own, "{name}");
        }
    }
}

#[test]
fn inbound_still_flags_every_bounce_so_none_is_answered() {
    for (name, ..) in CASES {
        let r = parse(&fixture(name), BOT).loop_reason;
        assert!(
            r.as_ref().is_some_and(LoopReason::may_be_bounce),
            "{name}: {r:?}"
        );
    }
}

#[test]
fn diagnostics_are_one_line() {
    let b = bounce("lhost-postfix-01");
    let d = b.final_recipients[0].diagnostic.as_deref().unwrap();
    assert!(d.starts_with("procmail: Couldn't create"), "{d}");
    assert!(!d.contains(['\r', '\n']));
    let b = bounce("lhost-exim-01");
    let d = b.final_recipients[0].diagnostic.as_deref().unwrap();
    assert!(d.contains("550 5.7.0"), "{d}");
}

#[test]
fn auto_replies_are_not_bounces() {
    // Real auto-replies, two with the null return path; and one that quotes the letter it
    // answers, headers and all, as some responders do.
    for n in ["01", "02", "03", "04", "06"] {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("fixtures/mail/autoreply/sisimai-rfc3834-{n}.eml"));
        let raw = std::fs::read(&p).unwrap();
        assert_eq!(parse_bounce(&raw), None, "{n}");
        let mut quoting = raw.clone();
        quoting.extend_from_slice(
            b"\n\n-----Original Message-----\nFrom: bot@amici.example\nMessage-ID: <amici.0123@amici.example>\nSubject: wc2026/1\n",
        );
        assert_eq!(parse_bounce(&quoting), None, "{n} quoting");
    }
}

#[test]
fn letters_that_are_not_bounces_are_none() {
    for raw in [
        &b"From: Ivan <ivan@example.org>\r\nSubject: wc2026/1\r\n\r\n13. Nc3\r\n"[..],
        // A person forwarding a report as text is not a report.
        &b"From: Ivan <ivan@example.org>\r\nSubject: look\r\n\r\nFinal-Recipient: rfc822; x@y\r\nStatus: 5.1.1\r\n"[..],
        // Nor is a person's letter about one.
        &b"From: Ivan <ivan@example.org>\r\nSubject: Undelivered Mail Returned to Sender\r\n\r\nIt came back:\r\n\r\nMessage-ID: <x@y.example>\r\n"[..],
        b"",
        b"\xff\xfe\x00garbage",
    ] {
        assert_eq!(parse_bounce(raw), None, "{:?}", String::from_utf8_lossy(raw));
    }
    let ham =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mail/ham/notmuch-default-01.eml");
    assert_eq!(parse_bounce(&std::fs::read(ham).unwrap()), None);
}

// ---------------------------------------------------------------------------------------------
// VERP

#[test]
fn a_bounce_to_a_verp_address_names_the_outbox_row() {
    let verp = verp_address(BOT, 4711);
    assert_eq!(verp, "bot+4711@amici.example");
    assert_eq!(verp_id(&verp, BOT), Some(4711));
    // The real Postfix bounce, as if our message had gone out with that return path: Postfix
    // delivers it to the VERP address (Delivered-To, X-Original-To, To).
    let raw = String::from_utf8(fixture("lhost-postfix-01")).unwrap();
    let raw = raw.replace("shironeko@mx.example.jp", &verp);
    let b = parse_bounce(raw.as_bytes()).expect("a bounce");
    assert!(
        b.delivered_to.contains(&verp.to_lowercase()),
        "{:?}",
        b.delivered_to
    );
    assert_eq!(b.verp_id(BOT), Some(4711));
    // Without VERP (delivered to the bot itself or someone else) there is no id.
    assert_eq!(bounce("lhost-postfix-01").verp_id(BOT), None);
    let plain = raw.replace(&verp, BOT);
    assert_eq!(parse_bounce(plain.as_bytes()).unwrap().verp_id(BOT), None);
}

#[test]
fn amici_headers_of_the_returned_message_are_read() {
    // A forwarded move that bounced: the returned headers name the kind and the game.
    let raw = String::from_utf8(fixture("rfc3464-01")).unwrap();
    let raw = raw.replacen(
        "Message-Id: <E1C50F1B-1C83-4820-BC36-AC6FBFBE8568@example.org>",
        "Message-Id: <amici.0123456789abcdef@amici.example>\nX-Amici-Kind: move\nX-Amici-Game: wc2026/1",
        1,
    );
    let b = parse_bounce(raw.as_bytes()).expect("a bounce");
    assert_eq!(
        b.original_message_id.as_deref(),
        Some("amici.0123456789abcdef@amici.example")
    );
    assert_eq!(b.original_kind.as_deref(), Some("move"));
    assert_eq!(b.original_game.as_deref(), Some("wc2026/1"));
}

#[test]
fn hostile_reports_are_bounded() {
    // 10,000 recipient blocks, and a report nested in a report nested … 2,000 deep.
    let mut ds = String::from("Reporting-MTA: dns; x\r\n");
    for i in 0..10_000 {
        ds.push_str(&format!(
            "\r\nFinal-Recipient: rfc822; u{i}@x.example\r\nAction: failed\r\nStatus: 5.1.1\r\n"
        ));
    }
    let raw = format!(
        "From: MAILER-DAEMON@x.example\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\n{ds}\r\n--b--\r\n"
    );
    let b = parse_bounce(raw.as_bytes()).expect("a bounce");
    assert!(b.final_recipients.len() <= amici::mail::dsn::MAX_RECIPIENTS);
    let mut nested = String::from("x\r\n");
    for _ in 0..2000 {
        nested = format!("Content-Type: message/rfc822\r\n\r\n{nested}");
    }
    let raw = format!(
        "From: MAILER-DAEMON@x.example\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; a@b.example\r\nAction: failed\r\n\r\n--b\r\n{nested}\r\n--b--\r\n"
    );
    let b = parse_bounce(raw.as_bytes()).expect("a bounce");
    assert_eq!(b.final_recipients.len(), 1);
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn hostile_5000_mutated_bounces_never_panic() {
    // parse_bounce contains panics (catch_unwind) so that one bad bounce cannot take the daemon
    // down; a hook counts them, so that a panic here is still a failure.
    static PANICS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        default(info);
    }));
    let seeds: Vec<Vec<u8>> = CASES.iter().map(|c| fixture(c.0)).collect();
    const TOKENS: &[&[u8]] = &[
        b"\r\n",
        b"\n",
        b"\n\n",
        b"--",
        b";",
        b":",
        b"<",
        b">",
        b"@",
        b"Final-Recipient: rfc822; ",
        b"Action: failed\n",
        b"Status: 5.",
        b"Content-Type: message/delivery-status\n\n",
        b"Content-Type: message/rfc822\n\n",
        b"Content-Type: text/rfc822-headers\n\n",
        b"Message-ID: <",
        b"X-Failed-Recipients: ",
        b"\0",
        b"\xff",
        b" ",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let start = std::time::Instant::now();
    for _ in 0..5_000 {
        let mut m = seeds[rng.below(seeds.len())].clone();
        for _ in 0..1 + rng.below(8) {
            let at = rng.below(m.len() + 1);
            match rng.below(5) {
                0 => {
                    if at < m.len() {
                        m[at] = rng.next() as u8;
                    }
                }
                1 => {
                    let t = TOKENS[rng.below(TOKENS.len())];
                    m.splice(at..at, t.iter().copied());
                }
                2 => {
                    let end = (at + rng.below(64)).min(m.len());
                    m.drain(at..end);
                }
                3 => {
                    let end = (at + rng.below(256)).min(m.len());
                    let copy = m[at..end].to_vec();
                    let to = rng.below(m.len() + 1);
                    m.splice(to..to, copy);
                }
                _ => m.truncate(at),
            }
        }
        if let Some(b) = parse_bounce(&m) {
            assert!(b.final_recipients.len() <= amici::mail::dsn::MAX_RECIPIENTS);
            if let Some(id) = &b.original_message_id {
                assert!(!id.contains(['\r', '\n']), "{id:?}");
            }
        }
    }
    let _ = std::panic::take_hook();
    assert_eq!(PANICS.load(std::sync::atomic::Ordering::SeqCst), 0);
    assert!(start.elapsed() < std::time::Duration::from_secs(120));
}
