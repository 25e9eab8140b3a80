//! Building outgoing messages: plain-text UTF-8, `From:` the bot, threaded, with
//! `Auto-Submitted`, `X-Amici-Game` and `X-Amici-Kind` (INTERFACE.md "Letters out"). lettre's
//! builder does the encoding, so no display name or subject can inject a header. A letter that
//! shows a position may carry the board picture (`build_with_picture`).

use chrono::{DateTime, FixedOffset};
use lettre::message::header::ContentTransferEncoding;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Body, Mailbox, Message, MultiPart, SinglePart};
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

/// The board picture of a letter that shows a position (issue 14 item 1): shown inline by a
/// `text/html` alternative of the same text (`multipart/alternative` inside
/// `multipart/related`, the PNG by `Content-ID`), the `text/plain` part first and unchanged.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    pub png: Vec<u8>,
    /// The SVG the picture is drawn from, attached as `board.svg` for whoever wants to scale
    /// or print the board; empty: not attached.
    pub svg: String,
    /// `diagram = "both"`: the HTML shows the text diagram under the picture; `"png"`: the
    /// picture in the text diagram's place (the FEN line stays).
    pub with_text_diagram: bool,
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
    build_with_picture(o, None)
}

/// The RFC 5322 bytes of a message, with the board picture when there is one: the headers
/// are `build`'s, only the body's MIME structure differs —
/// `multipart/related` [ `multipart/alternative` [ text/plain, text/html ], image/png ], inside
/// `multipart/mixed` with the picture's SVG source (`board.svg`) and any files attached.
pub fn build_with_picture(
    o: &Outgoing,
    picture: Option<&BoardPicture>,
) -> Result<Vec<u8>, BuildError> {
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
    let related = picture.map(|p| {
        // The picture's Content-ID derives from the message's own id: unique, and the same
        // when the message is rebuilt.
        let cid = format!("board.{message_id}");
        MultiPart::related()
            .multipart(
                MultiPart::alternative()
                    .singlepart(SinglePart::plain(text_body(o.body.clone())))
                    .singlepart(SinglePart::html(text_body(html_alternative(
                        &o.subject,
                        &o.body,
                        &cid,
                        p.with_text_diagram,
                    )))),
            )
            .singlepart(
                Attachment::new_inline_with_name(cid, "board.png".into()).body(
                    p.png.clone(),
                    ContentType::parse("image/png").expect("a MIME type"),
                ),
            )
    });
    let svg = picture.filter(|p| !p.svg.is_empty()).map(|p| p.svg.clone());
    if o.attachments.is_empty() && svg.is_none() {
        return Ok(match related {
            Some(related) => b.multipart(related)?.formatted(),
            // `MIME-Version: 1.0`, which lettre writes only with a MIME part (RFC 2045 §4: a
            // reader may otherwise take the 8bit UTF-8 text for US-ASCII).
            None => b
                .header(lettre::message::header::MIME_VERSION_1_0)
                .header(ContentType::TEXT_PLAIN)
                .body(text_body(o.body.clone()))?
                .formatted(),
        });
    }
    let mut parts = match related {
        Some(related) => MultiPart::mixed().multipart(related),
        None => MultiPart::mixed().singlepart(SinglePart::plain(text_body(o.body.clone()))),
    };
    if let Some(svg) = svg {
        let ct = ContentType::parse("image/svg+xml").expect("a MIME type");
        parts = parts.singlepart(Attachment::new("board.svg".into()).body(svg_body(&svg), ct));
    }
    for (name, mime, content) in &o.attachments {
        let ct = ContentType::parse(mime).unwrap_or(ContentType::TEXT_PLAIN);
        parts = parts.singlepart(Attachment::new(name.clone()).body(content.clone(), ct));
    }
    Ok(b.multipart(parts)?.formatted())
}

/// A text part as it stands, UTF-8 in `8bit` (RFC 6152), when it can go so: every line under
/// RFC 5322's 998 octets, no NUL, no lone CR. Cyrillic in base64 or quoted-printable (what
/// lettre chooses for any line over 76 octets: 38 Cyrillic letters) is a third to double
/// larger, with more lines for every server on the way to parse, and unreadable in the raw
/// message. A text that cannot go as `8bit` goes as lettre would send it. The SMTP client
/// asks for `BODY=8BITMIME` whenever a message is not ASCII, and a server that does not offer
/// 8BITMIME gets the message through [`seven_bit`].
fn text_body(text: String) -> Body {
    let text = text.replace("\r\n", "\n");
    if !fits_as_is(&text) {
        return Body::new(text);
    }
    let crlf = text.replace('\n', "\r\n");
    if crlf.is_ascii() {
        return Body::new(crlf);
    }
    // Checked above for what 8bit allows; lettre's own check stops at 76 octets a line.
    Body::dangerous_pre_encoded(crlf.into_bytes(), ContentTransferEncoding::EightBit)
}

/// The SVG source as it stands (`7bit`): ASCII in lines of at most
/// [`picture::SVG_LINE`](crate::picture::SVG_LINE) octets, as `picture::svg` writes it.
/// Quoted-printable would make its 14 KB some 16 KB in 200 lines of 76 octets, for every
/// server on the way to read line by line; anything else goes as lettre would send it.
fn svg_body(svg: &str) -> Body {
    if svg.is_ascii() && fits_as_is(svg) {
        let crlf = svg.replace('\n', "\r\n");
        return Body::dangerous_pre_encoded(crlf.into_bytes(), ContentTransferEncoding::SevenBit);
    }
    Body::new(svg.to_string())
}

/// Whether `text` (its lines ended by `\n`) can go without a transfer encoding: every line
/// under RFC 5322's 998 octets, no NUL, no CR of its own.
fn fits_as_is(text: &str) -> bool {
    !text.contains(['\0', '\r']) && text.split('\n').all(|l| l.len() <= 998)
}

/// Text as HTML text: `&`, `<`, `>` and `"` escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The `text/html` alternative: the very text of the plain part, preformatted (wrapped where
/// a phone screen ends), with the picture at the text diagram — above it, or in its place
/// but for the FEN line — or above the signature when the body has no diagram (the end of a
/// game).
fn html_alternative(subject: &str, body: &str, cid: &str, with_text_diagram: bool) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let pre = |ls: &[&str]| {
        if ls.is_empty() {
            String::new()
        } else {
            format!(
                "<pre style=\"font-family:monospace;white-space:pre-wrap;margin:0\">{}\n</pre>\n",
                escape(&ls.join("\n"))
            )
        }
    };
    let fen = lines
        .iter()
        .find_map(|l| l.strip_prefix("FEN: "))
        .map(|f| format!("FEN {f}"))
        .unwrap_or_else(|| "board".into());
    let img = format!(
        "<p style=\"margin:0.5em 0\"><img src=\"cid:{}\" width=\"{}\" height=\"{}\" alt=\"{}\" \
         style=\"max-width:100%;height:auto\"></p>\n",
        escape(cid),
        crate::picture::WIDTH,
        crate::picture::HEIGHT,
        escape(&fen)
    );
    let mut out = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{}</title></head><body>\n",
        escape(subject)
    );
    match super::render::diagram_lines(&lines) {
        Some((top, fen_line)) => {
            out.push_str(&pre(&lines[..top]));
            out.push_str(&img);
            let from = if with_text_diagram { top } else { fen_line };
            out.push_str(&pre(&lines[from..]));
        }
        None => {
            // Above the signature (and the guide line over it), else after the text.
            let sign = lines
                .iter()
                .rposition(|l| l.starts_with("— amici"))
                .map(|i| {
                    if i > 0 && lines[i - 1].contains("://") {
                        i - 1
                    } else {
                        i
                    }
                })
                .unwrap_or(lines.len());
            out.push_str(&pre(&lines[..sign]));
            out.push_str(&img);
            out.push_str(&pre(&lines[sign..]));
        }
    }
    out.push_str("</body></html>\n");
    out
}

/// A message [`build`] made, for a server that does not offer 8BITMIME (RFC 6152): every
/// `8bit` part re-encoded in base64, the rest byte for byte as it was. Only amici's own
/// messages come here, so the parts are where lettre writes them: a part's headers end at the
/// first empty line after its `Content-Transfer-Encoding: 8bit`, and its body at the next line
/// that opens one of the message's boundaries (or at the end).
pub fn seven_bit(raw: &[u8]) -> Vec<u8> {
    const EIGHT: &[u8] = b"Content-Transfer-Encoding: 8bit\r\n";
    let find = |hay: &[u8], needle: &[u8], from: usize| {
        hay.get(from..)?
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|i| i + from)
    };
    // The boundaries the message's Content-Type headers declare, each as "\r\n--<boundary>".
    let text = String::from_utf8_lossy(raw);
    let boundaries: Vec<Vec<u8>> = text
        .match_indices("boundary=\"")
        .filter_map(|(i, m)| {
            let rest = &text[i + m.len()..];
            rest.find('"')
                .map(|end| format!("\r\n--{}", &rest[..end]).into_bytes())
        })
        .collect();
    let mut out = Vec::with_capacity(raw.len() * 4 / 3);
    let mut at = 0;
    while let Some(cte) = find(raw, EIGHT, at) {
        let Some(blank) = find(raw, b"\r\n\r\n", cte) else {
            break;
        };
        let body = blank + 4;
        let end = boundaries
            .iter()
            .filter_map(|b| find(raw, b, body))
            .min()
            .unwrap_or(raw.len());
        out.extend_from_slice(&raw[at..cte]);
        out.extend_from_slice(b"Content-Transfer-Encoding: base64\r\n");
        out.extend_from_slice(&raw[cte + EIGHT.len()..body]);
        let encoded = Body::new(raw[body..end].to_vec()).into_vec();
        // The CRLF before a boundary is the boundary's (RFC 2046 §5.1.1): it stays.
        out.extend_from_slice(&encoded);
        at = end;
    }
    out.extend_from_slice(&raw[at..]);
    out
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
        assert!(raw.contains("MIME-Version: 1.0\r\n"), "{raw}");
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

    fn picture() -> BoardPicture {
        BoardPicture {
            png: b"\x89PNG\r\n\x1a\nnot really".to_vec(),
            svg: String::new(),
            with_text_diagram: true,
        }
    }

    fn with_diagram() -> Outgoing {
        let mut o = sample();
        o.body = format!(
            "Ход 1. e2-e4 е приет.\n\n{}\n— amici\n",
            crate::rules::notation::diagram(
                &shakmaty::Chess::default(),
                crate::rules::model::Notation::Bg
            )
        );
        o
    }

    /// The header block without the MIME headers that describe the body.
    fn amici_headers(raw: &[u8]) -> String {
        let raw = String::from_utf8_lossy(raw);
        let head = raw.split("\r\n\r\n").next().unwrap_or_default();
        head.replace("\r\n ", " ")
            .replace("\r\n\t", " ")
            .split("\r\n")
            .filter(|l| {
                ![
                    "MIME-Version:",
                    "Content-Type:",
                    "Content-Transfer-Encoding:",
                ]
                .iter()
                .any(|h| l.starts_with(h))
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
            .join("\r\n")
    }

    /// A decoded text part with the line ends it was given (lettre sends CRLF).
    fn lf(text: Option<std::borrow::Cow<'_, str>>) -> Option<String> {
        text.map(|t| t.replace("\r\n", "\n"))
    }

    #[test]
    fn the_picture_changes_the_body_and_no_header_amici_writes() {
        let o = with_diagram();
        let plain = build(&o).unwrap();
        let pictured = build_with_picture(&o, Some(&picture())).unwrap();
        assert_eq!(amici_headers(&plain), amici_headers(&pictured));
        assert!(amici_headers(&plain).contains("In-Reply-To: <abc@player>"));
        let m = mail_parser::MessageParser::default()
            .parse(&pictured)
            .unwrap();
        assert_eq!(lf(m.body_text(0)).as_deref(), Some(o.body.as_str()));
        let html = m.body_html(0).unwrap();
        assert!(
            html.contains(&format!("cid:board.{}", o.message_id)),
            "{html}"
        );
    }

    #[test]
    fn text_goes_as_8bit_utf8_and_a_line_too_long_for_it_as_lettre_chooses() {
        let o = with_diagram();
        let raw = build_with_picture(&o, Some(&picture())).unwrap();
        let text = String::from_utf8_lossy(&raw);
        assert_eq!(text.matches("Content-Transfer-Encoding: 8bit").count(), 2);
        assert!(text.contains("Ход 1. e2-e4 е приет."), "{text}");
        let mut long = sample();
        long.body = "ж".repeat(600);
        let raw = build(&long).unwrap();
        assert!(raw.is_ascii(), "1,200 octets on one line cannot go as 8bit");
        let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
        assert_eq!(m.body_text(0).as_deref(), Some(long.body.as_str()));
    }

    #[test]
    fn seven_bit_reencodes_every_8bit_part_and_keeps_the_message() {
        let mut o = with_diagram();
        // Lines that look like a boundary's start must not end a part.
        o.body = format!("-- \n--\n{}\n-- \nподпис\n", o.body);
        o.attachments.push((
            "game.pgn".into(),
            "application/x-chess-pgn".into(),
            "[White \"Иван\"]\n\n1. e4 *\n".as_bytes().to_vec(),
        ));
        let parse = |raw: &[u8]| {
            let m = mail_parser::MessageParser::default().parse(raw).unwrap();
            let png = m.attachment(0).map(|a| a.contents().to_vec());
            let pgn = m.attachment(1).map(|a| a.contents().to_vec());
            (
                lf(m.body_text(0)),
                m.body_html(0).map(|h| h.into_owned()),
                png,
                pgn,
                m.subject().map(str::to_string),
                m.message_id().map(str::to_string),
            )
        };
        for raw in [
            build(&sample()).unwrap(),
            build(&o).unwrap(),
            build_with_picture(&o, Some(&picture())).unwrap(),
        ] {
            assert!(!raw.is_ascii());
            let seven = seven_bit(&raw);
            assert!(seven.is_ascii(), "{}", String::from_utf8_lossy(&seven));
            assert!(
                !String::from_utf8_lossy(&seven).contains("Transfer-Encoding: 8bit"),
                "every 8bit part re-encoded"
            );
            assert_eq!(parse(&seven), parse(&raw));
            assert_eq!(amici_headers(&seven), amici_headers(&raw));
        }
        let plain = build(&o).unwrap();
        assert_eq!(
            lf(mail_parser::MessageParser::default()
                .parse(&seven_bit(&plain))
                .unwrap()
                .body_text(0))
            .as_deref(),
            Some(o.body.as_str())
        );
    }

    #[test]
    fn a_pgn_and_the_picture_go_together() {
        use mail_parser::MimeHeaders;
        let mut o = with_diagram();
        o.attachments.push((
            "game.pgn".into(),
            "application/x-chess-pgn".into(),
            b"[Event \"T\"]\n\n1. e4 *\n".to_vec(),
        ));
        let raw = build_with_picture(&o, Some(&picture())).unwrap();
        let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
        assert_eq!(m.content_type().and_then(|c| c.subtype()), Some("mixed"));
        assert_eq!(lf(m.body_text(0)).as_deref(), Some(o.body.as_str()));
        assert!(m.body_html(0).is_some());
        let names: Vec<&str> = m
            .attachments()
            .filter_map(|a| a.attachment_name())
            .collect();
        assert!(names.contains(&"game.pgn"), "{names:?}");
        assert!(
            m.parts
                .iter()
                .any(|p| p.content_id().is_some_and(|id| id.starts_with("board.")))
        );
    }

    #[test]
    fn the_html_shows_the_picture_above_or_instead_of_the_text_diagram() {
        let o = with_diagram();
        let both = html_alternative("S", &o.body, "board.x@y", true);
        assert!(both.find("cid:board.x@y").unwrap() < both.find("+---").unwrap());
        assert!(both.contains("Ход 1. e2-e4 е приет."));
        let png = html_alternative("S", &o.body, "board.x@y", false);
        assert!(!png.contains("+---"), "{png}");
        assert!(png.contains("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert!(png.contains("— amici"));
        // Text is escaped; a body without a diagram gets the picture after the text.
        let odd = html_alternative("<S>", "a < b & \"c\"\n", "x@y", true);
        assert!(odd.contains("<title>&lt;S&gt;</title>"));
        assert!(odd.contains("a &lt; b &amp; &quot;c&quot;"));
        assert!(odd.find("a &lt; b").unwrap() < odd.find("cid:x@y").unwrap());
        let signed = html_alternative("S", "Over.\n\n— amici\n", "x@y", true);
        assert!(signed.find("Over.").unwrap() < signed.find("cid:x@y").unwrap());
        assert!(signed.find("cid:x@y").unwrap() < signed.find("— amici").unwrap());
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
