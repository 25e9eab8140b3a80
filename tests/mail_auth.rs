//! Authentication-Results trusted only from our own host's place in the trace (issue 8 item 2).
//!
//! Each measured forgery — a forged `dkim=pass` with our authserv-id as the only such header at
//! the top of what the sender wrote, one below a `Received:` line, one directly under our
//! host's genuine `dkim=fail` — must have no effect, and the genuine pass must still be
//! accepted in the same layout (a check that refuses everything fails here).
//!
//! Two real layouts:
//! - Gmail (mx.google.com writes its header *below* its own `Received:` line, two lines down):
//!   the real trace of sisimai/set-of-emails `maildir/bsd/lhost-gmail-15.eml` (BSD-2-Clause,
//!   see fixtures/README), used verbatim for the genuine case and edited for the forgeries;
//! - Postfix + OpenDKIM milter (the header *above* the MX's own `Received:` line), delivered
//!   by LDA (trust position 0) or through Dovecot LMTP (position 1); the header lines follow
//!   the formats those programs write.

use amici::mail::inbound::{AuthTrust, AuthVerdict, authenticated, authenticated_at, parse};

const BOT: &str = "bot@amici.example";

fn trust(id: &str, received_above: usize) -> AuthTrust {
    AuthTrust {
        authserv_id: id.into(),
        received_above,
    }
}

fn verdict(raw: &[u8], t: &AuthTrust) -> AuthVerdict {
    authenticated_at(&parse(raw, BOT), t)
}

fn assert_fail(raw: &[u8], t: &AuthTrust, what: &str) -> String {
    match verdict(raw, t) {
        AuthVerdict::Fail { reason } => reason,
        v => panic!("{what}: a forgery passed: {v:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Gmail: a real trace, our host's header two Received lines down

const GMAIL: &[u8] = include_bytes!("../fixtures/mail/auth/sisimai-lhost-gmail-15.eml");
/// mx.google.com's own header in the fixture (four lines).
const GMAIL_AR: &str = "Authentication-Results: mx.google.com;\n       spf=pass (google.com: best guess record for domain of postmaster@mail-yw0-x247.google.com designates 2607:f8b0:4002:c05::247 as permitted sender) smtp.helo=mail-yw0-x247.google.com;\n       dkim=pass header.i=@googlemail.com;\n       dmarc=pass (p=QUARANTINE dis=NONE) header.from=googlemail.com\n";
const FORGED_PASS: &str = "Authentication-Results: mx.google.com;\n       dkim=pass header.i=@googlemail.com header.s=20120113\n";

fn gmail() -> String {
    let s = String::from_utf8(GMAIL.to_vec()).expect("ascii fixture");
    assert!(
        s.contains(GMAIL_AR),
        "the fixture holds mx.google.com's header"
    );
    s
}

/// The same letter with our host's header saying fail for everything.
fn gmail_genuine_fail() -> String {
    gmail().replace(
        GMAIL_AR,
        "Authentication-Results: mx.google.com;\n       spf=fail (google.com: domain of postmaster@mail-yw0-x247.google.com does not designate 192.0.2.66 as permitted sender) smtp.helo=mail-yw0-x247.google.com;\n       dkim=fail header.i=@googlemail.com;\n       dmarc=fail (p=QUARANTINE dis=QUARANTINE) header.from=googlemail.com\n",
    )
}

/// Where the sender's own headers start: below mx.google.com's `Received:` line (and its
/// Received-SPF), in place of the header mx.google.com writes.
fn gmail_sender_top(with_ours: Option<&str>, forged: &str) -> String {
    let mut s = gmail();
    let ours = with_ours.unwrap_or("");
    s = s.replace(GMAIL_AR, &format!("{ours}{forged}"));
    s
}

const G: fn() -> AuthTrust = || trust("mx.google.com", 2);

#[test]
fn gmail_genuine_pass_is_accepted() {
    assert_eq!(
        verdict(GMAIL, &G()),
        AuthVerdict::Pass {
            method: "dkim".into(),
            domain: "googlemail.com".into()
        }
    );
}

#[test]
fn gmail_forged_pass_directly_under_our_genuine_fail_has_no_effect() {
    let fail = gmail_genuine_fail();
    let ours = &fail[fail.find("Authentication-Results").unwrap()..];
    let ours = &ours[..ours.find("Received: by mail-yw0").unwrap()];
    let raw = gmail_sender_top(Some(ours), FORGED_PASS);
    let m = parse(raw.as_bytes(), BOT);
    assert_eq!(m.auth_results.len(), 2, "both headers are read");
    assert_eq!(m.auth_results[0].received_above, 2);
    assert_eq!(m.auth_results[1].received_above, 2, "at the same place");
    let reason = assert_fail(raw.as_bytes(), &G(), "pass under our fail");
    assert!(reason.contains("dkim=fail"), "{reason}");
    assert!(reason.contains("1 header(s)"), "{reason}");
}

#[test]
fn gmail_forged_pass_below_a_received_line_has_no_effect() {
    // Our host wrote fail; the forgery came with the letter, below the sender's own hop.
    let raw = gmail_genuine_fail().replace(
        "Received: by mail-yw0-x247.google.com with SMTP id h80so44698634ywc.1\n        for <sironeko@google.example.com>; Thu, 03 Mar 2016 14:15:32 -0800 (PST)\n",
        &format!(
            "Received: by mail-yw0-x247.google.com with SMTP id h80so44698634ywc.1\n        for <sironeko@google.example.com>; Thu, 03 Mar 2016 14:15:32 -0800 (PST)\n{FORGED_PASS}"
        ),
    );
    let m = parse(raw.as_bytes(), BOT);
    assert_eq!(m.auth_results.len(), 2);
    assert_eq!(m.auth_results[1].received_above, 3);
    assert_fail(raw.as_bytes(), &G(), "pass below a Received line");
    // And when our host wrote none at all, the one below the line still counts for nothing.
    let raw = gmail().replace(GMAIL_AR, "").replace(
        "Received: by mail-yw0-x247.google.com with SMTP id h80so44698634ywc.1\n        for <sironeko@google.example.com>; Thu, 03 Mar 2016 14:15:32 -0800 (PST)\n",
        &format!(
            "Received: by mail-yw0-x247.google.com with SMTP id h80so44698634ywc.1\n        for <sironeko@google.example.com>; Thu, 03 Mar 2016 14:15:32 -0800 (PST)\n{FORGED_PASS}"
        ),
    );
    let reason = assert_fail(raw.as_bytes(), &G(), "the only one, below a Received line");
    assert!(reason.contains("elsewhere ignored"), "{reason}");
}

#[test]
fn gmail_trust_at_the_wrong_place_refuses_the_genuine_header() {
    // The position is what the check rests on: trusted one line too high or too low, even the
    // genuine header is not taken (fail-safe), so a wrong config shows at once.
    for k in [0, 1, 3] {
        assert!(
            matches!(
                verdict(GMAIL, &trust("mx.google.com", k)),
                AuthVerdict::Fail { .. }
            ),
            "{k}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Postfix + OpenDKIM milter: our header on top, above the MX's own Received line

const OURS_PASS: &str = "Authentication-Results: mx.amici.example;\n\tdkim=pass (2048-bit key; unprotected) header.d=gmail.com header.i=@gmail.com header.a=rsa-sha256 header.s=20230601 header.b=Xq3aVb1T;\n\tdkim-atps=neutral\n";
const OURS_FAIL: &str = "Authentication-Results: mx.amici.example;\n\tdkim=fail reason=\"signature verification failed\" (2048-bit key; unprotected) header.d=gmail.com header.i=@gmail.com header.a=rsa-sha256 header.s=20230601 header.b=Xq3aVb1T;\n\tdkim-atps=neutral\n";
const SENDER_FORGED: &str = "Authentication-Results: mx.amici.example;\n\tdkim=pass (2048-bit key; unprotected) header.d=gmail.com header.i=@gmail.com header.a=rsa-sha256 header.s=20230601 header.b=Xq3aVb1T\n";
const MX_RECEIVED: &str = "Received: from mail-ej1-f47.google.com (mail-ej1-f47.google.com [209.85.218.47])\n\t(using TLSv1.3 with cipher TLS_AES_128_GCM_SHA256 (128/128 bits)\n\t key-exchange X25519 server-signature RSA-PSS (2048 bits) server-digest SHA256)\n\t(No client certificate requested)\n\tby mx.amici.example (Postfix) with ESMTPS id 4Qx1y22Z3Mz9sTT\n\tfor <bot@amici.example>; Tue,  1 Dec 2026 10:15:42 +0200 (EET)\n";
const LMTP_RECEIVED: &str = "Received: from mx.amici.example\n\tby imap.amici.example with LMTP\n\tid 8CnHNf4dLmdPLQAAzRQ3eQ\n\t(envelope-from <ivan.petrov@gmail.com>)\n\tfor <bot@amici.example>; Tue, 01 Dec 2026 10:15:43 +0200\n";
/// What the sender's side wrote: Gmail's own hop and the letter's headers.
const SENDER: &str = "Received: by mail-ej1-f47.google.com with SMTP id a640c23a62f3a-a9a0ef5179dso123456766b.1\n        for <bot@amici.example>; Tue, 01 Dec 2026 00:15:40 -0800 (PST)\nDKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;\n        d=gmail.com; s=20230601; t=1764576940; x=1765181740; h=to:subject:message-id:date:from:mime-version:from:to:cc:subject:date:message-id:reply-to;\n        bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\n        b=Xq3aVb1TkG0xX2mD2bS3f8cQ==\nMIME-Version: 1.0\nFrom: Ivan Petrov <ivan.petrov@gmail.com>\nDate: Tue, 1 Dec 2026 09:15:30 +0100\nMessage-ID: <CAF+abc123DEF@mail.gmail.com>\nSubject: Re: wc2026/1\nTo: bot@amici.example\nContent-Type: text/plain; charset=\"UTF-8\"\n";

fn letter(top: &[&str]) -> Vec<u8> {
    let mut h =
        String::from("Return-Path: <ivan.petrov@gmail.com>\nDelivered-To: bot@amici.example\n");
    for t in top {
        h.push_str(t);
    }
    h.push_str(SENDER);
    let mut v = h.replace('\n', "\r\n").into_bytes();
    v.extend_from_slice(b"\r\n13. Nc3\r\n");
    v
}

const P: fn() -> AuthTrust = || trust("mx.amici.example", 0);

#[test]
fn milter_genuine_pass_is_accepted() {
    let raw = letter(&[OURS_PASS, MX_RECEIVED]);
    assert_eq!(
        verdict(&raw, &P()),
        AuthVerdict::Pass {
            method: "dkim".into(),
            domain: "gmail.com".into()
        }
    );
    // The two-argument form trusts the default place, which is this one.
    assert!(matches!(
        authenticated(&parse(&raw, BOT), "mx.amici.example"),
        AuthVerdict::Pass { .. }
    ));
    // A forged header further down changes nothing when ours passes.
    let raw = letter(&[OURS_PASS, MX_RECEIVED, SENDER_FORGED]);
    assert!(matches!(verdict(&raw, &P()), AuthVerdict::Pass { .. }));
}

#[test]
fn milter_forged_pass_as_the_only_header_at_the_top_of_the_senders_part_has_no_effect() {
    // Our milter wrote nothing (it was down, or skipped the letter): the sender's forged header
    // is the only one with our name and sits at the very top of what he wrote — right below our
    // MX's Received line, which is what tells it from ours.
    let raw = letter(&[MX_RECEIVED, SENDER_FORGED]);
    let m = parse(&raw, BOT);
    assert_eq!(m.auth_results.len(), 1);
    assert_eq!(m.auth_results[0].received_above, 1);
    let reason = assert_fail(
        &raw,
        &P(),
        "the only header, at the top of the sender's part",
    );
    assert!(
        reason.contains("no Authentication-Results from mx.amici.example"),
        "{reason}"
    );
}

#[test]
fn milter_forged_pass_below_a_received_line_has_no_effect() {
    let sender_hop_then_forged = SENDER.replacen(
        "DKIM-Signature",
        &format!(
            "{}DKIM-Signature",
            SENDER_FORGED.trim_end_matches('\n').to_string() + "\n"
        ),
        1,
    );
    let mut h = String::from(OURS_FAIL);
    h.push_str(MX_RECEIVED);
    h.push_str(&sender_hop_then_forged);
    let mut raw = h.replace('\n', "\r\n").into_bytes();
    raw.extend_from_slice(b"\r\n13. Nc3\r\n");
    let m = parse(&raw, BOT);
    assert_eq!(m.auth_results.len(), 2);
    assert_eq!(m.auth_results[1].received_above, 2);
    assert_fail(&raw, &P(), "below the sender's Received line");
}

#[test]
fn milter_forged_pass_directly_under_our_genuine_fail_has_no_effect() {
    // Both at our place (only another milter of ours could put one there): the topmost decides.
    let raw = letter(&[OURS_FAIL, SENDER_FORGED, MX_RECEIVED]);
    let m = parse(&raw, BOT);
    assert_eq!(m.auth_results[0].received_above, 0);
    assert_eq!(m.auth_results[1].received_above, 0);
    let reason = assert_fail(&raw, &P(), "pass under our fail");
    assert!(reason.contains("dkim=fail"), "{reason}");
    // And the same forgery in its real place, under our fail and our MX's line.
    let raw = letter(&[OURS_FAIL, MX_RECEIVED, SENDER_FORGED]);
    assert_fail(&raw, &P(), "pass under our fail and our Received line");
}

#[test]
fn lmtp_adds_a_line_above_our_header() {
    // Dovecot LMTP prepends its own Received line: our header is one line down.
    let raw = letter(&[LMTP_RECEIVED, OURS_PASS, MX_RECEIVED]);
    let lmtp = trust("mx.amici.example", 1);
    assert!(matches!(verdict(&raw, &lmtp), AuthVerdict::Pass { .. }));
    // The sender's forgery, our milter silent: two lines down, refused.
    let raw = letter(&[LMTP_RECEIVED, MX_RECEIVED, SENDER_FORGED]);
    assert_fail(&raw, &lmtp, "LMTP layout, the only forged header");
    // The default (0) does not take a header one line down: the genuine one is refused too,
    // which is the fail-safe direction.
    let raw = letter(&[LMTP_RECEIVED, OURS_PASS, MX_RECEIVED]);
    assert_fail(&raw, &P(), "LMTP layout read with the default position");
}

#[test]
fn another_hosts_pass_or_an_unaligned_pass_is_no_pass() {
    let other = OURS_PASS.replace("mx.amici.example", "mx.evil.example");
    let raw = letter(&[&other, MX_RECEIVED]);
    assert_fail(&raw, &P(), "another host's header");
    let unaligned = OURS_PASS.replace(
        "header.d=gmail.com header.i=@gmail.com",
        "header.d=evil.example header.i=@evil.example",
    );
    let raw = letter(&[&unaligned, MX_RECEIVED]);
    let reason = assert_fail(&raw, &P(), "a pass for another domain");
    assert!(reason.contains("evil.example"), "{reason}");
}
