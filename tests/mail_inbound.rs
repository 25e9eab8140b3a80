//! Reading inbound e-mail (issue 2 items 7–9): charsets and transfer encodings, MIME structure,
//! quote and signature stripping on real client shapes, loop detection, Authentication-Results,
//! and hostile input that must neither panic nor run unbounded.

use amici::mail::inbound::{
    AuthTrust, AuthVerdict, Inbound, LoopReason, MAX_RAW_BYTES, MAX_TEXT_BYTES, authenticated,
    authenticated_at, parse,
};
use std::time::{Duration, Instant};

const BOT: &str = "bot@amici.example";

/// A raw fixture from fixtures/mail/, embedded at build time (the path is relative to this file).
macro_rules! fixture {
    ($name:literal) => {
        include_bytes!(concat!("../fixtures/mail/", $name)).to_vec()
    };
}

/// A message from `headers` (LF line ends, turned to CRLF) and a raw body.
fn eml(headers: &str, body: &[u8]) -> Vec<u8> {
    let mut v = headers.trim_end().replace('\n', "\r\n").into_bytes();
    v.extend_from_slice(b"\r\n\r\n");
    v.extend_from_slice(body);
    v
}

fn b64(data: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (n, chunk) in data.chunks(3).enumerate() {
        if n > 0 && n % 19 == 0 {
            out.push_str("\r\n");
        }
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[((v >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn qp(data: &[u8]) -> String {
    let mut out = String::new();
    for &b in data {
        match b {
            b'\n' => out.push_str("\r\n"),
            b'\r' => {}
            b'=' => out.push_str("=3D"),
            33..=126 | b' ' => out.push(b as char),
            _ => out.push_str(&format!("={b:02X}")),
        }
    }
    out
}

fn encode(text: &str, charset: &str) -> Vec<u8> {
    let enc = encoding_rs::Encoding::for_label(charset.as_bytes()).expect("known charset");
    if enc == encoding_rs::UTF_8 {
        return text.as_bytes().to_vec();
    }
    let (bytes, _, bad) = enc.encode(text);
    assert!(!bad, "{text} not representable in {charset}");
    bytes.into_owned()
}

/// RFC 2047 encoded word, B form.
fn word_b(text: &str, charset: &str) -> String {
    format!("=?{charset}?B?{}?=", b64(&encode(text, charset)))
}

/// RFC 2047 encoded word, Q form.
fn word_q(text: &str, charset: &str) -> String {
    let mut q = String::new();
    for b in encode(text, charset) {
        match b {
            b' ' => q.push('_'),
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => q.push(b as char),
            _ => q.push_str(&format!("={b:02X}")),
        }
    }
    format!("=?{charset}?Q?{q}?=")
}

const RU: &str = "Мой ход: 13. Кc3, предлагаю ничью";
const BG: &str = "Моят ход: 13. Кc3, предлагам реми";
const NAME_RU: &str = "Сергей Иванов";

// ---------------------------------------------------------------------------------------------
// Charsets and transfer encodings

#[test]
fn charsets_with_qp_and_base64_and_encoded_headers() {
    for charset in ["utf-8", "windows-1251", "koi8-r", "iso-8859-5"] {
        for (cte, body) in [
            ("quoted-printable", qp(&encode(RU, charset)).into_bytes()),
            ("base64", b64(&encode(RU, charset)).into_bytes()),
            ("8bit", encode(RU, charset)),
        ] {
            for header_word in [word_b as fn(&str, &str) -> String, word_q] {
                let raw = eml(
                    &format!(
                        "From: {} <Sergey@Example.RU>\nSubject: {}\nMIME-Version: 1.0\nContent-Type: text/plain; charset={charset}\nContent-Transfer-Encoding: {cte}",
                        header_word(NAME_RU, charset),
                        header_word("Партия wc2026/3", charset),
                    ),
                    &body,
                );
                let m = parse(&raw, BOT);
                let what = format!("{charset} {cte}");
                assert_eq!(m.text.trim_end(), RU, "{what}");
                assert_eq!(m.subject, "Партия wc2026/3", "{what}");
                let from = m.from.as_ref().expect("from");
                assert_eq!(from.name.as_deref(), Some(NAME_RU), "{what}");
                assert_eq!(from.email, "sergey@example.ru", "{what}");
                assert!(!m.undecodable, "{what}");
            }
        }
    }
}

#[test]
fn eight_bit_without_charset_cp1251_body_subject_and_name() {
    let mut raw = b"From: ".to_vec();
    raw.extend(encode("Георги Димитров", "windows-1251"));
    raw.extend(b" <georgi@abv.example>\r\nSubject: ");
    raw.extend(encode("Партия wc2026/2: ход", "windows-1251"));
    raw.extend(b"\r\nContent-Transfer-Encoding: 8bit\r\n\r\n");
    raw.extend(encode(BG, "windows-1251"));
    let m = parse(&raw, BOT);
    assert_eq!(m.text, BG);
    assert_eq!(m.subject, "Партия wc2026/2: ход");
    assert_eq!(
        m.from.and_then(|f| f.name).as_deref(),
        Some("Георги Димитров")
    );
    assert!(!m.undecodable);
}

#[test]
fn raw_utf8_headers_without_encoded_words() {
    let raw = eml(
        "From: Иван Петров <ivan@example.org>\nSubject: Партия wc2026/1: ход",
        "13. Кc3".as_bytes(),
    );
    let m = parse(&raw, BOT);
    assert_eq!(m.subject, "Партия wc2026/1: ход");
    assert_eq!(m.from.and_then(|f| f.name).as_deref(), Some("Иван Петров"));
    assert_eq!(m.text, "13. Кc3");
    assert!(!m.undecodable);
}

#[test]
fn eight_bit_without_charset_koi8r_fixture() {
    let m = parse(&fixture!("koi8r_8bit_undeclared.eml"), BOT);
    assert_eq!(m.subject, "Ход в партии wc2026/3");
    assert_eq!(
        m.from.as_ref().and_then(|f| f.name.as_deref()),
        Some(NAME_RU)
    );
    assert!(m.text.starts_with("Мой ход: 15. Фd1-e2\nПредлагаю ничью."));
    // The signature after `-- ` is not part of what the rules read.
    assert_eq!(m.fresh_text, "Мой ход: 15. Фd1-e2\nПредлагаю ничью.");
    assert!(!m.undecodable);
    assert_eq!(
        m.received_at.map(|d| d.to_rfc3339()).as_deref(),
        Some("2026-12-02T09:30:00+03:00")
    );
}

#[test]
fn mislabelled_utf8_that_is_cp1251_is_recovered() {
    let raw = eml(
        "From: a@b.example\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit",
        &encode(BG, "windows-1251"),
    );
    let m = parse(&raw, BOT);
    assert_eq!(m.text, BG);
}

#[test]
fn binary_junk_as_text_is_undecodable() {
    let junk: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 128) as u8 | 0x80).collect();
    let raw = eml("From: a@b.example\nContent-Type: text/plain", &junk);
    assert!(parse(&raw, BOT).undecodable);
}

#[test]
fn broken_base64_is_undecodable_and_still_read_leniently() {
    let good = b64(RU.as_bytes());
    let broken = format!("{}!!!\r\n{}", &good[..8], &good[8..]);
    let raw = eml(
        "From: a@b.example\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64",
        broken.as_bytes(),
    );
    let m = parse(&raw, BOT);
    assert!(m.undecodable, "{m:?}");
    assert!(!m.text.contains("!!!"));
}

#[test]
fn broken_quoted_printable_never_panics() {
    let raw = eml(
        "From: a@b.example\nContent-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: quoted-printable",
        b"=CC=EE=FF=F2 =ZZ =\r\n=C4d2 =",
    );
    let m = parse(&raw, BOT);
    assert!(m.text.contains("Моят"), "{m:?}");
}

// ---------------------------------------------------------------------------------------------
// MIME structure

#[test]
fn multipart_alternative_prefers_plain_and_strips_gmail_quote() {
    let m = parse(&fixture!("gmail_reply_alternative.eml"), BOT);
    assert_eq!(m.subject, "Re: Партия wc2026/1");
    let from = m.from.as_ref().expect("from");
    assert_eq!(from.email, "ivan.petrov@gmail.example");
    assert_eq!(from.name.as_deref(), Some("Иван Петров"));
    assert_eq!(
        m.message_id.as_deref(),
        Some("CAF+abc123@mail.gmail.example")
    );
    assert_eq!(m.in_reply_to, vec!["game-wc2026-1-m23@amici.example"]);
    assert_eq!(m.references, vec!["game-wc2026-1-m23@amici.example"]);
    assert_eq!(m.return_path.as_deref(), Some("ivan.petrov@gmail.example"));
    // The plain part, not the HTML one (which has no `>` markers in its text).
    assert!(m.text.contains("> Game wc2026/1"));
    assert_eq!(m.fresh_text, "13. Кc3\n\nПоздрави,\nИван");
    // The top Received line is our MX's, not Gmail's (-0800) nor the Date header.
    assert_eq!(
        m.received_at.map(|d| d.to_rfc3339()).as_deref(),
        Some("2026-12-01T11:15:42+02:00")
    );
    assert_eq!(
        m.date_header.map(|d| d.to_rfc3339()).as_deref(),
        Some("2026-12-01T10:15:30+01:00")
    );
    assert_eq!(m.loop_reason, None);
}

#[test]
fn html_alone_becomes_text_with_blockquote_as_quote() {
    let m = parse(&fixture!("html_only_iso8859_5.eml"), BOT);
    assert_eq!(m.subject, "Партия wc2026/4");
    assert_eq!(
        m.from.as_ref().and_then(|f| f.name.as_deref()),
        Some("Алексей")
    );
    assert_eq!(
        m.text,
        "Ход: 9... Сf6 — и предлагаю ничью.\n\nАлексей\n\n> Ваш ход в партии wc2026/4: 9. Сc4"
    );
    assert_eq!(
        m.fresh_text,
        "Ход: 9... Сf6 — и предлагаю ничью.\n\nАлексей"
    );
}

#[test]
fn nested_multipart_mixed_ignores_attachments() {
    let m = parse(&fixture!("mixed_with_attachments.eml"), BOT);
    assert_eq!(m.text, "14. Nd5 (score sheet attached)");
    assert!(!m.text.contains("e4"));
    assert!(!m.undecodable);
}

#[test]
fn text_attachments_are_read_and_others_skipped() {
    // Hand-made: a PDF (skipped) and a text file (read), neither in the body.
    let m = parse(&fixture!("mixed_with_attachments.eml"), BOT);
    assert_eq!(m.attachments.len(), 1, "{:?}", m.attachments);
    assert_eq!(m.attachments[0].name, "old-moves.txt");
    assert_eq!(m.attachments[0].text.trim(), "1. e4 e5 2. Nf3 Nc6");
    // Real mail (notmuch's test corpus): a patch sent as a quoted-printable text/plain
    // attachment, decoded.
    let m = parse(&fixture!("ham/notmuch-default-bar-baz-24.eml"), BOT);
    assert_eq!(m.attachments.len(), 1, "{:?}", m.attachments);
    assert_eq!(m.attachments[0].name, "notmuch-help.patch");
    assert!(
        m.attachments[0]
            .text
            .starts_with("diff --git a/notmuch.c b/notmuch.c"),
        "{}",
        m.attachments[0].text
    );
    assert!(
        !m.text.contains("diff --git"),
        "the attachment is not the body"
    );
}

#[test]
fn outlook_cp1251_reply_keeps_only_the_new_text() {
    let m = parse(&fixture!("outlook_reply_cp1251_qp.eml"), BOT);
    assert_eq!(m.subject, "RE: Партия wc2026/2");
    assert_eq!(
        m.from.as_ref().and_then(|f| f.name.as_deref()),
        Some("Георги Димитров")
    );
    assert_eq!(m.fresh_text, "Моят ход: 21. Дd2\nПредлагам реми.\n\nГеорги");
    assert!(m.text.contains("20... Тe8"));
    // X-Auto-Response-Suppress on a person's Outlook letter does not silence the bot.
    assert_eq!(m.loop_reason, None);
}

#[test]
fn multipart_report_fixture_is_a_bounce() {
    let m = parse(&fixture!("bounce_multipart_report.eml"), BOT);
    assert!(m.loop_reason.is_some());
    assert_eq!(m.return_path.as_deref(), Some(""));
}

/// The shapes real clients give a reply; in each, the bot's quoted "12... Nf6" must not survive.
#[test]
fn quoted_move_never_reaches_the_rules_in_client_shapes() {
    let plain = |body: &str, ct: &str| {
        eml(
            &format!("From: p@x.example\nContent-Type: {ct}; charset=utf-8"),
            body.replace('\n', "\r\n").as_bytes(),
        )
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "thunderbird flowed",
            plain(
                "13. Nc3\n\nOn 01.12.2026 10:00, Amici wrote:\n> Your opponent played \n> 12... Nf6.\n",
                "text/plain; format=flowed",
            ),
        ),
        (
            "apple mail html",
            plain(
                "<html><body><div>13. Nc3</div><div><br><blockquote type=\"cite\"><div>On 1 Dec 2026, at 10:00, Amici &lt;bot@amici.example&gt; wrote:</div><div>Your opponent played 12... Nf6.</div></blockquote></div></body></html>",
                "text/html",
            ),
        ),
        (
            "yandex",
            plain(
                "13. Nc3\n\n01.12.2026, 10:00, \"Amici\" <bot@amici.example>:\n> Ваш соперник сделал ход 12... Nf6.\n",
                "text/plain",
            ),
        ),
        (
            "mail.ru",
            plain(
                "13. Nc3\n\n\n>Вторник, 1 декабря 2026, 10:00 +03:00 от Amici <bot@amici.example>:\n>\n>12... Nf6\n",
                "text/plain",
            ),
        ),
        (
            "abv.bg",
            plain(
                "13. Nc3\n\n-------- Оригинално писмо --------\nОт: Amici bot@amici.example\nОтносно: Партия 1\nДо: p@x.example\nИзпратено: 01.12.2026 10:00\n\n12... Nf6\n",
                "text/plain",
            ),
        ),
        (
            "outlook html",
            plain(
                "<div>13. Nc3</div><div id=\"divRplyFwdMsg\"><hr><b>From:</b> Amici &lt;bot@amici.example&gt;<br><b>Sent:</b> Tuesday, December 1, 2026 10:00<br><b>To:</b> Ivan<br><b>Subject:</b> Game 1</div><div>12... Nf6</div>",
                "text/html",
            ),
        ),
        (
            "iphone",
            plain(
                "13. Nc3\n\nSent from my iPhone\n\n> On 1 Dec 2026, at 10:00, Amici <bot@amici.example> wrote:\n> \n> 12... Nf6\n",
                "text/plain",
            ),
        ),
        (
            "bottom post",
            plain(
                "On Tue, 1 Dec 2026 at 10:00, Amici <bot@amici.example> wrote:\n> 12... Nf6\n> Your move.\n\n13. Nc3\n-- \nIvan",
                "text/plain",
            ),
        ),
    ];
    for (client, raw) in cases {
        let m = parse(&raw, BOT);
        assert!(
            m.text.contains("Nf6"),
            "{client}: the quote is in `text`: {m:?}"
        );
        assert_eq!(m.fresh_text, "13. Nc3", "{client}");
    }
}

// ---------------------------------------------------------------------------------------------
// Loop reasons: one test per case

fn loop_of(headers: &str) -> Option<LoopReason> {
    parse(&eml(headers, b"13. Nc3"), BOT).loop_reason
}

#[test]
fn loop_auto_submitted_other_than_no() {
    assert_eq!(
        loop_of("From: a@b.example\nAuto-Submitted: Auto-Replied; owner-email=\"a@b.example\""),
        Some(LoopReason::AutoSubmitted("auto-replied".into()))
    );
    assert_eq!(
        loop_of("From: a@b.example\nAuto-Submitted: auto-generated"),
        Some(LoopReason::AutoSubmitted("auto-generated".into()))
    );
    assert_eq!(loop_of("From: a@b.example\nAuto-Submitted: No"), None);
    assert_eq!(loop_of("From: a@b.example\nAuto-Submitted: no ; x=y"), None);
}

#[test]
fn loop_precedence_bulk_list_junk() {
    for p in ["bulk", "List", "JUNK"] {
        assert_eq!(
            loop_of(&format!("From: a@b.example\nPrecedence: {p}")),
            Some(LoopReason::Precedence(p.to_lowercase()))
        );
    }
    assert_eq!(loop_of("From: a@b.example\nPrecedence: first-class"), None);
}

#[test]
fn loop_mailing_list_headers() {
    for h in [
        "List-Id: <chess.lists.example>",
        "List-Unsubscribe: <mailto:u@l.example>",
        "List-Post: <mailto:l@l.example>",
    ] {
        let name = h.split(':').next().unwrap_or_default();
        assert_eq!(
            loop_of(&format!("From: a@b.example\n{h}")),
            Some(LoopReason::MailingList(name.into()))
        );
    }
}

#[test]
fn loop_null_sender_bounce() {
    assert_eq!(
        loop_of("Return-Path: <>\nFrom: a@b.example"),
        Some(LoopReason::NullSender)
    );
    assert_eq!(
        loop_of("Return-Path: <a@b.example>\nFrom: a@b.example"),
        None
    );
}

#[test]
fn loop_daemon_senders() {
    for f in [
        "MAILER-DAEMON@mx.example",
        "postmaster@example.org",
        "no-reply@example.org",
        "noreply@example.org",
    ] {
        assert_eq!(
            loop_of(&format!("From: System <{f}>")),
            Some(LoopReason::DaemonSender(f.to_lowercase()))
        );
    }
}

#[test]
fn loop_multipart_report() {
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/report; report-type=delivery-status; boundary=b",
        b"--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b--\r\n",
    );
    assert_eq!(
        parse(&raw, BOT).loop_reason,
        Some(LoopReason::DeliveryReport)
    );
    assert_eq!(
        loop_of("From: a@b.example\nX-Failed-Recipients: x@y.example"),
        Some(LoopReason::DeliveryReport)
    );
}

#[test]
fn loop_vendor_autoreply_headers() {
    assert_eq!(
        loop_of("From: a@b.example\nX-Autoreply: yes"),
        Some(LoopReason::AutoReply("X-Autoreply".into()))
    );
    assert_eq!(
        loop_of("From: a@b.example\nX-Autorespond: Out of office"),
        Some(LoopReason::AutoReply("X-Autorespond".into()))
    );
    assert_eq!(
        loop_of("From: a@b.example\nX-Autogenerated: Reply"),
        Some(LoopReason::AutoReply("X-Autogenerated".into()))
    );
}

#[test]
fn loop_auto_response_suppress_is_not_a_reason() {
    assert_eq!(
        loop_of("From: a@b.example\nX-Auto-Response-Suppress: All"),
        None
    );
}

#[test]
fn loop_own_address_and_own_messages() {
    assert_eq!(
        loop_of("From: Amici <BOT@amici.example>"),
        Some(LoopReason::OwnAddress)
    );
    assert_eq!(
        loop_of("From: Amici <bot+wc2026@amici.example>"),
        Some(LoopReason::OwnAddress)
    );
    assert_eq!(
        loop_of("From: a@b.example\nX-Loop: bot@amici.example"),
        Some(LoopReason::OwnAddress)
    );
    assert_eq!(
        loop_of("From: a@b.example\nX-Amici-Kind: ack"),
        Some(LoopReason::OwnMessage)
    );
    assert_eq!(loop_of("From: Ivan <ivan@example.org>"), None);
}

// ---------------------------------------------------------------------------------------------
// Authentication-Results

/// The Postfix + milter layout (the default trust position): our MX's milter prepends its
/// Authentication-Results above the MX's own `Received:` line.
fn with_auth(from: &str, auth: &[&str]) -> Inbound {
    let mut h = String::new();
    for a in auth {
        h.push_str(&format!("Authentication-Results: {a}\n"));
    }
    h.push_str("Received: from x by mx.amici.example; Tue, 1 Dec 2026 10:00:00 +0200\n");
    h.push_str(&format!("From: {from}\n"));
    parse(&eml(&h, b"13. Nc3"), BOT)
}

#[test]
fn auth_pass_by_dkim_spf_or_dmarc_of_our_server() {
    // This fixture has our MX's header below the MX's own Received line (one line above it).
    let m = parse(&fixture!("gmail_reply_alternative.eml"), BOT);
    let trust = AuthTrust {
        authserv_id: "mx.amici.example".into(),
        received_above: 1,
    };
    assert_eq!(
        authenticated_at(&m, &trust),
        AuthVerdict::Pass {
            method: "dkim".into(),
            domain: "gmail.example".into()
        }
    );
    let m = with_auth(
        "ivan@example.org",
        &[
            "mx.amici.example; dkim=fail header.d=example.org; spf=pass smtp.mailfrom=ivan@example.org",
        ],
    );
    assert_eq!(
        authenticated(&m, "MX.amici.example"),
        AuthVerdict::Pass {
            method: "spf".into(),
            domain: "example.org".into()
        }
    );
    let m = with_auth(
        "ivan@mail.example.org",
        &["mx.amici.example; dkim=pass header.i=@example.org"],
    );
    assert!(matches!(
        authenticated(&m, "mx.amici.example"),
        AuthVerdict::Pass { .. }
    ));
}

#[test]
fn auth_fails_when_domains_do_not_align() {
    let m = with_auth(
        "ivan@example.org",
        &[
            "mx.amici.example; dkim=pass header.d=spammer.example; spf=pass smtp.mailfrom=x@spammer.example",
        ],
    );
    let AuthVerdict::Fail { reason } = authenticated(&m, "mx.amici.example") else {
        panic!("must fail");
    };
    assert!(reason.contains("spammer.example"), "{reason}");
}

#[test]
fn auth_fails_for_other_servers_or_none() {
    let m = with_auth(
        "ivan@example.org",
        &["evil.example; dkim=pass header.d=example.org"],
    );
    assert!(matches!(
        authenticated(&m, "mx.amici.example"),
        AuthVerdict::Fail { .. }
    ));
    let m = with_auth("ivan@example.org", &[]);
    assert!(matches!(
        authenticated(&m, "mx.amici.example"),
        AuthVerdict::Fail { .. }
    ));
    let m = with_auth("ivan@example.org", &["mx.amici.example; none"]);
    assert!(matches!(
        authenticated(&m, "mx.amici.example"),
        AuthVerdict::Fail { .. }
    ));
}

#[test]
fn auth_ignores_a_forged_header_below_another_hop() {
    // Ours (top) says fail; a sender-written one with our name sits below a Received hop.
    let h = "Authentication-Results: mx.amici.example; dkim=fail header.d=example.org\n\
Received: from x by mx.amici.example; Tue, 1 Dec 2026 10:00:00 +0200\n\
Received: from y by smtp.example.org; Tue, 1 Dec 2026 09:59:00 +0200\n\
Authentication-Results: mx.amici.example; dkim=pass header.d=example.org\n\
From: ivan@example.org";
    let m = parse(&eml(h, b"x"), BOT);
    assert_eq!(m.auth_results.len(), 2);
    assert!(matches!(
        authenticated(&m, "mx.amici.example"),
        AuthVerdict::Fail { .. }
    ));
}

// ---------------------------------------------------------------------------------------------
// Header hygiene

#[test]
fn header_injection_in_encoded_words_does_not_survive() {
    let raw = eml(
        "From: =?utf-8?q?Evil=0D=0ABcc=3A_victim=40x=2Eexample?= <evil@x.example>\nSubject: =?utf-8?b?SGkNCkJjYzogdmljdGltQHguZXhhbXBsZQ==?=\nReply-To: =?utf-8?q?R=0A=0Dx?= <r@x.example>",
        b"x",
    );
    let m = parse(&raw, BOT);
    let name = m
        .from
        .as_ref()
        .and_then(|f| f.name.clone())
        .unwrap_or_default();
    for s in [
        &name,
        &m.subject,
        &m.reply_to
            .as_ref()
            .and_then(|r| r.name.clone())
            .unwrap_or_default(),
    ] {
        assert!(!s.contains('\r') && !s.contains('\n'), "{s:?}");
        assert!(!s.chars().any(char::is_control), "{s:?}");
    }
    assert_eq!(m.subject, "Hi Bcc: victim@x.example");
}

#[test]
fn folded_subject_is_one_line() {
    let m = parse(
        &eml(
            "From: a@b.example\nSubject: Re: game\n\t wc2026/1\n  move",
            b"x",
        ),
        BOT,
    );
    assert_eq!(m.subject, "Re: game wc2026/1 move");
}

#[test]
fn nul_bytes_never_reach_the_text() {
    let raw = eml("From: a@b.example\nSubject: a\0b", b"13.\0 Nc3\0\r\n\0");
    let m = parse(&raw, BOT);
    assert!(!m.text.contains('\0') && !m.subject.contains('\0'));
    assert_eq!(m.text.trim_end(), "13. Nc3");
}

// ---------------------------------------------------------------------------------------------
// Hostile input: bounded and never panicking

fn timed(raw: &[u8]) -> (Inbound, Duration) {
    let t = Instant::now();
    let m = parse(raw, BOT);
    (m, t.elapsed())
}

#[test]
fn hostile_20_mb_message_is_bounded() {
    let mut raw = eml(
        "From: a@b.example\nContent-Type: text/plain; charset=utf-8",
        b"",
    );
    let line = "13. Nc3 Nf6 14. Bd3 and a long line of text to fill the letter\r\n";
    while raw.len() < 20 << 20 {
        raw.extend_from_slice(line.as_bytes());
    }
    let (m, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert!(m.truncated);
    assert!(m.text.len() <= MAX_TEXT_BYTES);
    assert!(raw.len() > MAX_RAW_BYTES);
}

#[test]
fn hostile_20_mb_base64_attachment_is_bounded() {
    let mut body = String::from(
        "--b\r\nContent-Type: text/plain\r\n\r\n13. Nc3\r\n--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n",
    );
    while body.len() < 20 << 20 {
        body.push_str("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5\r\n");
    }
    body.push_str("--b--\r\n");
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/mixed; boundary=b",
        body.as_bytes(),
    );
    let (m, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(m.text.trim_end(), "13. Nc3");
}

#[test]
fn hostile_10000_mime_parts() {
    let mut body = String::new();
    for i in 0..10_000 {
        body.push_str(&format!(
            "--b\r\nContent-Type: text/plain\r\n\r\npart {i}\r\n"
        ));
    }
    body.push_str("--b--\r\n");
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/mixed; boundary=b",
        body.as_bytes(),
    );
    let (m, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert!(m.text.starts_with("part 0"));
    assert!(m.text.lines().count() <= amici::mail::inbound::MAX_TEXT_PARTS);
}

#[test]
fn hostile_10000_nested_multiparts() {
    let mut body = String::new();
    for i in 0..10_000 {
        body.push_str(&format!(
            "--b{i}\r\nContent-Type: multipart/mixed; boundary=b{}\r\n\r\n",
            i + 1
        ));
    }
    body.push_str("--b10000\r\nContent-Type: text/plain\r\n\r\ndeep\r\n");
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/mixed; boundary=b0",
        body.as_bytes(),
    );
    let (_, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn hostile_10000_nested_rfc822_messages() {
    let mut raw = String::new();
    for _ in 0..10_000 {
        raw.push_str("From: a@b.example\r\nContent-Type: message/rfc822\r\n\r\n");
    }
    raw.push_str("From: a@b.example\r\n\r\ninner");
    let (_, took) = timed(raw.as_bytes());
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn hostile_nested_messages_inside_a_base64_part() {
    // mail-parser 0.11 alone overflows a 2 MiB stack on 1,000 of these (see inbound.rs).
    let mut inner = String::new();
    for _ in 0..10_000 {
        inner.push_str("From: a@b.example\r\nContent-Type: message / rfc822\r\n\r\n");
    }
    inner.push_str("From: a@b.example\r\n\r\ninner");
    let body = format!(
        "--b\r\nContent-Type: text/plain\r\n\r\n13. Nc3\r\n--b\r\nContent-Type: Message/RFC822\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n--b--\r\n",
        b64(inner.as_bytes())
    );
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/mixed; boundary=b",
        body.as_bytes(),
    );
    let (m, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(m.text.trim_end(), "13. Nc3");
}

#[test]
fn hostile_10000_nested_blockquotes() {
    let html =
        "<blockquote>".repeat(10_000) + "x" + &"</blockquote>".repeat(10_000) + "<p>13. Nc3</p>";
    let raw = eml(
        "From: a@b.example\nContent-Type: text/html",
        html.as_bytes(),
    );
    let (m, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(m.fresh_text, "13. Nc3");
}

#[test]
fn hostile_unterminated_multipart_boundary() {
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/alternative; boundary=zz",
        b"--zz\r\nContent-Type: text/plain\r\n\r\n13. Nc3\r\n--zz\r\nContent-Type: text/html\r\n\r\n<p>13. Nc3",
    );
    let m = parse(&raw, BOT);
    assert!(m.text.contains("13. Nc3"), "{m:?}");
    let raw = eml(
        "From: a@b.example\nContent-Type: multipart/mixed; boundary=never",
        b"13. Nc3",
    );
    let _ = parse(&raw, BOT);
}

#[test]
fn hostile_one_mb_of_folded_header_lines() {
    let mut h = String::from("From: a@b.example\nSubject: start");
    while h.len() < 1 << 20 {
        h.push_str("\n folded line of a very long subject header");
    }
    h.push_str("\nX-Other: ");
    h.push_str(&"y".repeat(1 << 20));
    let raw = eml(&h, b"13. Nc3");
    let (m, took) = timed(&raw);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert!(m.subject.chars().count() <= amici::mail::inbound::MAX_SUBJECT_CHARS);
    assert!(m.subject.starts_with("start folded line"));
    assert_eq!(m.text, "13. Nc3");
}

#[test]
fn hostile_many_references_are_capped() {
    let refs: Vec<String> = (0..50_000).map(|i| format!("<m{i}@x.example>")).collect();
    let raw = eml(
        &format!("From: a@b.example\nReferences: {}", refs.join("\n ")),
        b"x",
    );
    let m = parse(&raw, BOT);
    assert_eq!(m.references.len(), amici::mail::inbound::MAX_IDS);
    assert_eq!(
        m.references.last().map(String::as_str),
        Some("m49999@x.example")
    );
}

#[test]
fn hostile_empty_and_headerless_input() {
    for raw in [
        &b""[..],
        b"\r\n\r\n",
        b"\0\0\0",
        b"no headers at all",
        b":\r\n\r\n",
        b"From:\r\n",
    ] {
        let _ = parse(raw, BOT);
    }
    assert!(parse(b"", BOT).undecodable);
}

/// A small deterministic generator (xorshift), so the loop is reproducible without a crate.
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
fn hostile_20000_mutated_messages_never_panic() {
    let seeds: Vec<Vec<u8>> = vec![
        fixture!("gmail_reply_alternative.eml"),
        fixture!("outlook_reply_cp1251_qp.eml"),
        fixture!("koi8r_8bit_undeclared.eml"),
        fixture!("bounce_multipart_report.eml"),
        fixture!("html_only_iso8859_5.eml"),
        fixture!("mixed_with_attachments.eml"),
    ];
    const TOKENS: &[&[u8]] = &[
        b"\r\n",
        b"\n",
        b"--",
        b"=?utf-8?q?",
        b"?=",
        b"=?koi8-r?b?",
        b"<",
        b">",
        b"<blockquote>",
        b"&#",
        b";",
        b"=",
        b"\r\n\r\n",
        b"Content-Type: multipart/mixed; boundary=",
        b"\0",
        b"\xff",
        b"\xd0",
        b"Content-Transfer-Encoding: base64\r\n",
        b"Content-Type: message/rfc822\r\n\r\n",
        b"Content-Type: text/plain; format=flowed\r\n",
        b"charset=",
        b"(",
        b")",
        b"\"",
        b" ",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let start = Instant::now();
    for _ in 0..20_000 {
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
        let i = parse(&m, BOT);
        assert!(!i.subject.contains(['\r', '\n']));
        assert!(i.text.len() <= MAX_TEXT_BYTES);
    }
    assert!(start.elapsed() < Duration::from_secs(120));
}
