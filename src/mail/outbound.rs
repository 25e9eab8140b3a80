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
    // Names are data: strip control characters so nothing can smuggle a line break.
    let name = name.map(|n| n.chars().filter(|c| !c.is_control()).collect::<String>());
    Ok(Mailbox::new(name, addr))
}

fn header(name: &'static str, value: &str) -> HeaderValue {
    let clean: String = value.chars().filter(|c| !c.is_control()).collect();
    HeaderValue::new(HeaderName::new_from_ascii_str(name), clean)
}

/// The RFC 5322 bytes of a message.
pub fn build(o: &Outgoing) -> Result<Vec<u8>, BuildError> {
    let subject: String = o.subject.chars().filter(|c| !c.is_control()).collect();
    let mut b = Message::builder()
        .from(mailbox(Some("amici"), &o.from)?)
        .to(mailbox(o.to_name.as_deref(), &o.to)?)
        .subject(subject)
        .message_id(Some(format!("<{}>", o.message_id)))
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
    if let Some(irt) = &o.in_reply_to {
        b = b.in_reply_to(format!("<{irt}>"));
        let mut refs: Vec<String> = o.references.iter().map(|r| format!("<{r}>")).collect();
        if !o.references.iter().any(|r| r == irt) {
            refs.push(format!("<{irt}>"));
        }
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
}
