//! Header injection into outgoing mail (issue 8): a display name, subject, Message-ID,
//! In-Reply-To, References and game id crafted with CR, LF, CRLF and encoded words that decode
//! to CRLF; the built message's header block is then checked byte by byte. The test fails if
//! any input byte sequence reaches the wire as a new header line, a bare CR or LF, or a line
//! that a parser reads as a header that amici did not write.

use amici::mail::outbound::{Outgoing, build, stable_message_id};
use amici::rules::model::Kind;

/// Hostile inputs: raw line breaks of every kind, and encoded words whose decoded text is a
/// line break followed by a header.
const NAMES: &[&str] = &[
    "Иван\r\nBcc: evil@x.example",
    "Ivan\nBcc: evil@x.example",
    "Ivan\rBcc: evil@x.example",
    "=?utf-8?q?Ivan=0D=0ABcc:_evil@x.example?=",
    "=?utf-8?b?SXZhbg0KQmNjOiBldmlsQHguZXhhbXBsZQ==?=",
    "\"Ivan\r\n\tPetrov\" <x@y>\r\n\r\nbody",
];
const SUBJECTS: &[&str] = &[
    "Партия T/1\r\nBcc: x@y.example",
    "T/1\n\nbody starts here",
    "T/1\rX-Evil: 1",
    "=?utf-8?q?T/1=0D=0ABcc:_evil@x.example?=",
    "=?utf-8?b?VC8xDQpYLUV2aWw6IDE=?= and more",
    "T/1 \u{85}X-Evil: 2\u{2028}X-Evil: 3",
];
const IDS: &[&str] = &[
    "abc@player.example\r\nBcc: evil@x.example",
    "abc@player.example>\r\nX-Evil: 1\r\n<x",
    "=?utf-8?q?a=0D=0AX-Evil:_1?=@player.example",
    "a b@player.example",
    "a\u{0}b@player.example",
];

/// Headers amici writes; nothing else may appear.
const ALLOWED: &[&str] = &[
    "From",
    "To",
    "Subject",
    "Message-ID",
    "Date",
    "Auto-Submitted",
    "X-Amici-Kind",
    "X-Amici-Game",
    "In-Reply-To",
    "References",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
];

fn outgoing(name: &str, subject: &str, id: &str) -> Outgoing {
    Outgoing {
        from: "bot@amici.example".into(),
        to: "ivan@example.org".into(),
        to_name: Some(name.into()),
        subject: subject.into(),
        body: "Ход 13. Кc3 е приет.\r\nBcc: not a header, the body\r\n".into(),
        message_id: format!("{}{id}", stable_message_id("seed", "bot@amici.example")),
        in_reply_to: Some(id.into()),
        references: vec![id.into(), "root@player.example".into(), id.into()],
        kind: Kind::Ack,
        game: Some(format!(
            "T/1{}",
            subject.chars().skip(3).collect::<String>()
        )),
        date: "2026-03-15T10:00:00+02:00".parse().unwrap(),
        auto_replied: true,
        attachments: Vec::new(),
    }
}

/// Checks the header block byte by byte; returns the header names in order.
fn check_bytes(raw: &[u8], what: &str) -> Vec<String> {
    // Every CR is followed by LF and every LF preceded by CR, in the whole message.
    for (i, &b) in raw.iter().enumerate() {
        if b == b'\r' {
            assert_eq!(raw.get(i + 1), Some(&b'\n'), "{what}: bare CR at {i}");
        }
        if b == b'\n' {
            assert!(i > 0 && raw[i - 1] == b'\r', "{what}: bare LF at {i}");
        }
    }
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("{what}: no end of headers"));
    let head = &raw[..end + 2];
    let mut names = Vec::new();
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        // 7-bit, printable or tab only: anything else was not encoded.
        assert!(
            line.iter()
                .all(|&b| b == b'\t' || (0x20..0x7f).contains(&b)),
            "{what}: raw byte in header line {:?}",
            String::from_utf8_lossy(line)
        );
        if line[0] == b' ' || line[0] == b'\t' {
            assert!(!names.is_empty(), "{what}: continuation before any header");
            continue;
        }
        let colon = line.iter().position(|&b| b == b':').unwrap_or_else(|| {
            panic!(
                "{what}: not a header line {:?}",
                String::from_utf8_lossy(line)
            )
        });
        let name = std::str::from_utf8(&line[..colon]).unwrap().to_string();
        assert!(
            ALLOWED.iter().any(|a| a.eq_ignore_ascii_case(&name)),
            "{what}: injected header {name:?} in\n{}",
            String::from_utf8_lossy(head)
        );
        assert!(
            !names.iter().any(|n: &String| n.eq_ignore_ascii_case(&name)),
            "{what}: {name} twice in\n{}",
            String::from_utf8_lossy(head)
        );
        names.push(name);
    }
    names
}

/// The header block as a parser reads it: no header but ours, one line each, ids well formed.
fn check_parsed(raw: &[u8], what: &str) {
    let m = mail_parser::MessageParser::default()
        .parse(raw)
        .unwrap_or_else(|| panic!("{what}: unparsable"));
    for h in m.headers() {
        assert!(
            ALLOWED.iter().any(|a| a.eq_ignore_ascii_case(h.name())),
            "{what}: parser sees header {}",
            h.name()
        );
    }
    let subject = m.subject().unwrap_or_default();
    assert!(
        !subject.contains(['\r', '\n']),
        "{what}: subject {subject:?}"
    );
    let to = m.to().and_then(|a| a.first()).expect("To");
    assert_eq!(to.address.as_deref(), Some("ivan@example.org"), "{what}");
    assert!(
        !to.name.as_deref().unwrap_or("").contains(['\r', '\n']),
        "{what}: name {:?}",
        to.name
    );
    // Message-IDs: each `<id>` a single token without spaces or controls.
    let head_end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..head_end]).replace("\r\n ", " ");
    for line in head.split("\r\n") {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        if ["Message-ID", "In-Reply-To", "References"]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
        {
            for id in value.split_whitespace() {
                assert!(
                    id.starts_with('<') && id.ends_with('>') && id.len() > 2,
                    "{what}: {name} has {id:?}"
                );
                let inner = &id[1..id.len() - 1];
                assert!(
                    !inner.contains(['<', '>']) && inner.contains('@'),
                    "{what}: {name} has {id:?}"
                );
            }
        }
    }
    assert!(
        m.header("Bcc").is_none() && m.header("X-Evil").is_none(),
        "{what}"
    );
}

#[test]
fn crafted_names_subjects_and_ids_inject_nothing() {
    let mut n = 0;
    for name in NAMES {
        for subject in SUBJECTS {
            for id in IDS {
                let what = format!("name {name:?}, subject {subject:?}, id {id:?}");
                let o = outgoing(name, subject, id);
                let raw = match build(&o) {
                    Ok(raw) => raw,
                    // Refusing to build is safe too, but must not be the common case.
                    Err(e) => panic!("{what}: refused: {e}"),
                };
                let names = check_bytes(&raw, &what);
                for must in [
                    "From",
                    "To",
                    "Subject",
                    "Message-ID",
                    "Auto-Submitted",
                    "X-Amici-Kind",
                ] {
                    assert!(names.iter().any(|h| h == must), "{what}: no {must}");
                }
                check_parsed(&raw, &what);
                n += 1;
            }
        }
    }
    assert_eq!(n, NAMES.len() * SUBJECTS.len() * IDS.len());
}

#[test]
fn the_check_itself_catches_an_injection() {
    // A message with an injected header and a bare LF fails the byte check: the test above
    // could fail.
    let bad = b"From: bot@amici.example\r\nSubject: x\r\nBcc: evil@x.example\r\n\r\nbody";
    let r = std::panic::catch_unwind(|| check_bytes(bad, "bad"));
    assert!(r.is_err());
    let bad = b"From: bot@amici.example\r\nSubject: x\nX-Amici-Kind: ack\r\n\r\nbody";
    let r = std::panic::catch_unwind(|| check_bytes(bad, "bad"));
    assert!(r.is_err());
}

#[test]
fn the_text_survives_as_text() {
    // The crafted subject is kept as one line of data, its encoded word not decoded into a
    // line break: what the player sent is what he sees quoted, never a header.
    let o = outgoing(
        "Иван Петров",
        "=?utf-8?q?T/1=0D=0ABcc:_evil@x.example?=",
        "a@b.example",
    );
    let raw = build(&o).unwrap();
    let m = mail_parser::MessageParser::default()
        .parse(&raw[..])
        .unwrap();
    let subject = m.subject().unwrap();
    assert_eq!(subject, "=?utf-8?q?T/1=0D=0ABcc:_evil@x.example?=");
    assert_eq!(
        m.to()
            .and_then(|a| a.first())
            .and_then(|a| a.name.as_deref()),
        Some("Иван Петров")
    );
}
