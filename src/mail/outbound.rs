//! Building outgoing messages: plain-text UTF-8, `From:` the bot, threaded, with
//! `Auto-Submitted`, `X-Amici-Game` and `X-Amici-Kind` (INTERFACE.md "Letters out"). lettre's
//! builder does the encoding, so no display name or subject can inject a header.

use chrono::{DateTime, FixedOffset};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, Message, MultiPart, SinglePart};
use sha2::{Digest, Sha256};

use crate::rules::model::Kind;

/// Everything one outgoing message needs.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub from: String,
    pub to: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub body: String,
    /// Without angle brackets.
    pub message_id: String,
    /// The letter answered (without angle brackets), and its references.
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub kind: Kind,
    pub game: Option<String>,
    pub date: DateTime<FixedOffset>,
    /// `auto-replied` (an answer to the recipient's own letter) or `auto-generated` (a notice,
    /// or a move forwarded to the opponent), RFC 3834.
    pub auto_replied: bool,
    /// Files attached after the text: (file name, MIME type, content), e.g. the game's PGN.
    pub attachments: Vec<(String, String, Vec<u8>)>,
}

#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("bad address {0:?}: {1}")]
    Address(String, lettre::address::AddressError),
    #[error("cannot build the message: {0}")]
    Email(#[from] lettre::error::Error),
}

/// A stable Message-ID: the same inputs give the same id, so a message rebuilt after a crash
/// (the transaction redone) or resent is recognisably the same message.
pub fn stable_message_id(seed: &str, bot_address: &str) -> String {
    let domain = bot_address.rsplit('@').next().unwrap_or("amici.invalid");
    let d = Sha256::digest(seed.as_bytes());
    let hex: String = d.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("amici.{hex}@{domain}")
}

fn mailbox(name: Option<&str>, email: &str) -> Result<Mailbox, BuildError> {
    let addr = email
        .parse()
        .map_err(|e| BuildError::Address(email.to_string(), e))?;
    // Names are data: no line break, and no encoded word that a reader would decode (lettre
    // writes an ASCII name as it is). A name is only shown, so `= ?` for `=?` costs nothing.
    let name = name
        .map(|n| one_line(n).replace("=?", "= ?"))
        .filter(|n| !n.is_empty());
    Ok(Mailbox::new(name, addr))
}

fn header(name: &'static str, value: &str) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), one_line(value))
}

/// One line of text: control characters (CR, LF, NEL …) and the Unicode line and paragraph
/// separators become spaces, and the ends are trimmed.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// A subject as header text. lettre writes an ASCII word as it is, so a subject holding an
/// encoded word (`=?utf-8?q?…=0D=0A…?=`, say quoted back from a player's letter) would be
/// decoded by the reader into a line break or anything else: such a subject is encoded here
/// as a whole, in base64 words of at most 45 bytes (72 characters, under RFC 2047's 75), so the
/// reader decodes it once, back to the very text.
fn subject_text(subject: &str) -> String {
    let s = one_line(subject);
    if !s.contains("=?") {
        return s;
    }
    let mut words = Vec::new();
    let mut chunk = String::new();
    for c in s.chars() {
        if chunk.len() + c.len_utf8() > 45 {
            words.push(encoded_word(&chunk));
            chunk.clear();
        }
        chunk.push(c);
    }
    if !chunk.is_empty() {
        words.push(encoded_word(&chunk));
    }
    words.join(" ")
}

fn encoded_word(s: &str) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::from("=?utf-8?b?");
    for chunk in s.as_bytes().chunks(3) {
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
    out.push_str("?=");
    out
}

/// A Message-ID (without `<>`) reduced to what RFC 5322 §3.6.4 allows between the brackets:
/// atext, dots, `@` and the brackets of a domain literal (`x@[192.0.2.1]`); None unless
/// something is left on both sides of an `@`. Ids of other
/// people's letters come from anywhere: a CR, a space or a `>` in one must not reach the wire.
fn clean_id(id: &str) -> Option<String> {
    let id: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.@[]".contains(*c))
        .collect();
    let (left, right) = id.split_once('@')?;
    (!left.is_empty() && !right.is_empty()).then_some(id)
}

/// The RFC 5322 bytes of a message.
pub fn build(o: &Outgoing) -> Result<Vec<u8>, BuildError> {
    let message_id =
        clean_id(&o.message_id).unwrap_or_else(|| stable_message_id(&o.message_id, &o.from));
    let mut b = Message::builder()
        .from(mailbox(Some("amici"), &o.from)?)
        .to(mailbox(o.to_name.as_deref(), &o.to)?)
        .subject(subject_text(&o.subject))
        .message_id(Some(format!("<{message_id}>")))
        .date(std::time::SystemTime::from(o.date))
        .raw_header(header(
            "Auto-Submitted",
            if o.auto_replied {
                "auto-replied"
            } else {
                "auto-generated"
            },
        ))
        .raw_header(header("X-Amici-Kind", o.kind.as_str()));
    if let Some(g) = &o.game {
        b = b.raw_header(header("X-Amici-Game", g));
    }
    if let Some(irt) = o.in_reply_to.as_deref().and_then(clean_id) {
        b = b.in_reply_to(format!("<{irt}>"));
        let mut refs: Vec<String> = Vec::new();
        for r in o.references.iter().filter_map(|r| clean_id(r)) {
            if !refs.contains(&r) {
                refs.push(r);
            }
        }
        // The parent last (RFC 5322 §3.6.4).
        refs.retain(|r| *r != irt);
        refs.push(irt);
        let refs: Vec<String> = refs.iter().map(|r| format!("<{r}>")).collect();
        b = b.references(refs.join(" "));
    }
    if o.attachments.is_empty() {
        return Ok(b
            .header(ContentType::TEXT_PLAIN)
            .body(o.body.clone())?
            .formatted());
    }
    let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(o.body.clone()));
    for (name, mime, content) in &o.attachments {
        let ct = ContentType::parse(mime).unwrap_or(ContentType::TEXT_PLAIN);
        parts = parts.singlepart(Attachment::new(name.clone()).body(content.clone(), ct));
    }
    Ok(b.multipart(parts)?.formatted())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Outgoing {
        Outgoing {
            from: "bot@example.test".into(),
            to: "ivan@example.test".into(),
            to_name: Some("Иван\r\nBcc: evil@example.test".into()),
            subject: "Партия T/1\r\nBcc: x@y".into(),
            body: "Ход 1. e2-e4 е приет.".into(),
            message_id: stable_message_id("seed", "bot@example.test"),
            in_reply_to: Some("abc@player".into()),
            references: vec!["root@player".into()],
            kind: Kind::Ack,
            game: Some("T/1".into()),
            date: "2026-03-15T10:00:00+02:00".parse().unwrap(),
            auto_replied: true,
            attachments: Vec::new(),
        }
    }

    #[test]
    fn headers_of_a_reply() {
        let raw = String::from_utf8(build(&sample()).unwrap()).unwrap();
        assert!(raw.contains("Auto-Submitted: auto-replied\r\n"), "{raw}");
        assert!(raw.contains("X-Amici-Kind: ack\r\n"));
        assert!(raw.contains("X-Amici-Game: T/1\r\n"));
        assert!(raw.contains("In-Reply-To: <abc@player>\r\n"));
        assert!(raw.contains("References: <root@player> <abc@player>\r\n"));
        assert!(raw.contains("Content-Type: text/plain; charset=utf-8"));
    }

    #[test]
    fn no_header_injection_through_names_or_subject() {
        let raw = String::from_utf8(build(&sample()).unwrap()).unwrap();
        assert!(!raw.lines().any(|l| l.starts_with("Bcc:")), "{raw}");
    }

    #[test]
    fn a_pgn_can_be_attached() {
        let mut o = sample();
        o.attachments.push((
            "game.pgn".into(),
            "application/x-chess-pgn".into(),
            b"[Event \"T\"]\n\n1. e4 *\n".to_vec(),
        ));
        let raw = build(&o).unwrap();
        use mail_parser::MimeHeaders;
        let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
        assert_eq!(m.attachment_count(), 1);
        assert_eq!(
            m.attachment(0).and_then(|a| a.attachment_name()),
            Some("game.pgn")
        );
        assert!(m.body_text(0).unwrap().contains("e2-e4"));
    }

    #[test]
    fn message_ids_are_stable() {
        assert_eq!(
            stable_message_id("a", "bot@x.test"),
            stable_message_id("a", "bot@x.test")
        );
        assert_ne!(
            stable_message_id("a", "bot@x.test"),
            stable_message_id("b", "bot@x.test")
        );
        assert!(stable_message_id("a", "bot@x.test").ends_with("@x.test"));
    }

    #[test]
    fn notices_are_auto_generated() {
        let mut o = sample();
        o.kind = Kind::Silence;
        o.auto_replied = false;
        let raw = String::from_utf8(build(&o).unwrap()).unwrap();
        assert!(raw.contains("Auto-Submitted: auto-generated\r\n"));
    }

    #[test]
    fn ids_keep_what_rfc_5322_allows_and_lose_the_rest() {
        assert_eq!(
            clean_id("CAF+abc=12_3@mail.gmail.com").as_deref(),
            Some("CAF+abc=12_3@mail.gmail.com")
        );
        assert_eq!(clean_id("a@[192.0.2.1]").as_deref(), Some("a@[192.0.2.1]"));
        assert_eq!(clean_id("a@b\r\nBcc: c@d").as_deref(), Some("a@bBccc@d"));
        assert_eq!(clean_id("no-at-sign"), None);
        assert_eq!(clean_id("@x"), None);
        assert_eq!(clean_id("x@"), None);
    }
}
