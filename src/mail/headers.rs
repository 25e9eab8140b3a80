//! What the shell needs from a raw letter before it is stored: its Message-ID and the date of
//! the top `Received:` line, read from the header block alone. The body is never parsed here,
//! so a huge or poisonous letter is on disk before any MIME parse touches it (issue 8 item 4).

use chrono::{DateTime, FixedOffset};
use mail_parser::{HeaderValue, MessageParser};

/// Header blocks longer than this are cut for these look-ups (the letter itself is stored whole).
const MAX_HEADER_BYTES: usize = 256 * 1024;

/// The header block of a raw message: up to and including the first empty line.
pub fn header_block(raw: &[u8]) -> &[u8] {
    let limit = raw.len().min(MAX_HEADER_BYTES);
    let head = &raw[..limit];
    let mut i = 0;
    while i < head.len() {
        if head[i] == b'\n' {
            let rest = &head[i + 1..];
            if rest.starts_with(b"\n") {
                return &head[..i + 2];
            }
            if rest.starts_with(b"\r\n") {
                return &head[..i + 3];
            }
        }
        i += 1;
    }
    head
}

/// The facts read from the header block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Envelope {
    /// Message-ID without `<>`.
    pub message_id: Option<String>,
    /// The date of the topmost `Received:` line.
    pub received_at: Option<DateTime<FixedOffset>>,
}

/// Reads the Message-ID and the top `Received:` date from the header block only.
pub fn envelope(raw: &[u8]) -> Envelope {
    let block = header_block(raw);
    let parsed = std::panic::catch_unwind(|| {
        let msg = MessageParser::new().parse_headers(block)?;
        let message_id = msg
            .message_id()
            .map(str::to_string)
            .filter(|m| !m.is_empty());
        let received_at = msg
            .headers()
            .iter()
            .find(|h| h.name.as_str().eq_ignore_ascii_case("received"))
            .and_then(|h| match &h.value {
                HeaderValue::Received(r) => r.date(),
                HeaderValue::DateTime(d) => Some(*d),
                _ => None,
            })
            .and_then(|d| {
                let offset = (i32::from(d.tz_hour) * 3600 + i32::from(d.tz_minute) * 60)
                    * if d.tz_before_gmt { -1 } else { 1 };
                let tz = FixedOffset::east_opt(offset)?;
                DateTime::from_timestamp(d.to_timestamp(), 0).map(|u| u.with_timezone(&tz))
            });
        Some(Envelope {
            message_id,
            received_at,
        })
    });
    parsed.ok().flatten().unwrap_or_default()
}

/// A stored outgoing message sent again to `to` under a new Message-ID: the `To:` and
/// `Message-ID:` headers are replaced, everything else (the text, the threading) stays.
pub fn resent(raw: &[u8], to: &str, message_id: &str) -> Vec<u8> {
    let block = header_block(raw);
    let body = &raw[block.len()..];
    let text = String::from_utf8_lossy(block);
    let mut out = String::with_capacity(block.len() + 64);
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        let folded = line.starts_with(' ') || line.starts_with('\t');
        if folded && skipping {
            continue;
        }
        skipping = false;
        let name = line
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if !folded && (name == "to" || name == "message-id") {
            skipping = true;
            if name == "to" {
                out.push_str(&format!("To: {to}\r\n"));
            } else {
                out.push_str(&format!("Message-ID: <{message_id}>\r\n"));
            }
            continue;
        }
        out.push_str(line);
    }
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_id_and_received_date_come_from_the_header_block_only() {
        let raw = b"Received: from mx by bot; Mon, 12 Jan 2026 10:00:00 +0200\r\n\
Received: from elsewhere; Sun, 11 Jan 2026 09:00:00 +0000\r\n\
Message-ID: <abc@example.test>\r\nSubject: x\r\n\r\nMessage-ID: <body@x>\r\n";
        let e = envelope(raw);
        assert_eq!(e.message_id.as_deref(), Some("abc@example.test"));
        assert_eq!(
            e.received_at.map(|d| d.to_rfc3339()).as_deref(),
            Some("2026-01-12T10:00:00+02:00")
        );
    }

    #[test]
    fn a_message_id_in_the_body_is_not_the_letters() {
        let e = envelope(b"Subject: x\n\nMessage-ID: <body@x>\n");
        assert_eq!(e.message_id, None);
    }

    #[test]
    fn a_resent_message_has_the_new_address_and_id_and_the_same_text() {
        let raw = b"From: bot@x\r\nTo: \"Old\"\r\n <old@x>\r\nMessage-ID: <a@x>\r\nSubject: s\r\n\r\nbody\r\nTo: not-a-header\r\n";
        let out = String::from_utf8(resent(raw, "new@x", "b@x")).unwrap();
        assert_eq!(
            out,
            "From: bot@x\r\nTo: new@x\r\nMessage-ID: <b@x>\r\nSubject: s\r\n\r\nbody\r\nTo: not-a-header\r\n"
        );
    }

    #[test]
    fn garbage_gives_nothing_and_never_panics() {
        assert_eq!(envelope(b""), Envelope::default());
        assert_eq!(envelope(&[0xff; 1000]).message_id, None);
    }
}
