//! Reads one inbound e-mail (raw RFC 5322 bytes) into what amici needs: who sent it, threading
//! ids, the delivery date, the player's own text with quotes and signature removed, whether it
//! must never be answered (auto-replies, bounces, lists, our own mail), and the receiving
//! server's Authentication-Results (judged in `mail::auth`).
//!
//! A pure function over bytes: no network, no files, no clock, so it can be unit-tested and
//! fuzzed. It never panics and its time and memory are bounded by the limits below, because its
//! input comes from anyone on the Internet.

use crate::mail::html::html_to_text;
use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone};
use mail_parser::{HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType};
use std::borrow::Cow;

pub use crate::mail::auth::{AuthCheck, AuthResult, AuthTrust, AuthVerdict, MAX_AUTH_RESULTS};
use crate::mail::fields::RootHeaders;
pub use crate::mail::fields::{Address, MAX_HEADER_BYTES};
pub use crate::mail::loops::LoopReason;
pub use crate::mail::quote::strip_quotes_and_signature;

/// Input beyond this many bytes is not parsed (`truncated` is set). Letters are a few KB; the
/// cap only stops a hostile or attachment-laden message from costing seconds and memory.
pub const MAX_RAW_BYTES: usize = 16 << 20;
/// The body text (`text`) is cut at this many bytes.
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// At most this many text/HTML body parts are read and joined.
pub const MAX_TEXT_PARTS: usize = 32;
/// At most this many bytes of one HTML part are turned to text.
pub const MAX_HTML_BYTES: usize = 4 << 20;
/// `references` keeps the last this many ids (the parent is last); `in_reply_to` the first ones.
pub const MAX_IDS: usize = 100;
/// `subject` is cut at this many characters.
pub const MAX_SUBJECT_CHARS: usize = 1000;
/// Display names and addresses are cut at this many characters.
pub const MAX_NAME_CHARS: usize = 256;

/// What amici reads from one inbound e-mail.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Inbound {
    /// Message-ID without `<>`.
    pub message_id: Option<String>,
    pub from: Option<Address>,
    pub reply_to: Option<Address>,
    /// Decoded, control characters and line breaks removed, one line.
    pub subject: String,
    pub in_reply_to: Vec<String>,
    pub references: Vec<String>,
    /// The envelope sender as delivered (topmost `Return-Path:`); `""` for the null sender `<>`.
    pub return_path: Option<String>,
    /// The date of the topmost `Received:` line: when our mailbox got the letter (RULES.md §3).
    pub received_at: Option<DateTime<FixedOffset>>,
    /// The sender-controlled `Date:` header: informational only, never used for clocks.
    pub date_header: Option<DateTime<FixedOffset>>,
    /// The body as text: text/plain preferred, HTML turned to text when alone.
    pub text: String,
    /// `text` without quoted parts and signature: what the rules read.
    pub fresh_text: String,
    /// Why this must never be answered.
    pub loop_reason: Option<LoopReason>,
    /// The transport mangled the text (broken encoding, unknown charset, no parsable message):
    /// Art. 16 gives no penalty for an unclear move then.
    pub undecodable: bool,
    /// The input was longer than `MAX_RAW_BYTES` and only its start was read.
    pub truncated: bool,
    pub auth_results: Vec<AuthResult>,
    /// The letter's text attachments (a pairing program's output, §709.1), in order: at most
    /// `MAX_TEXT_ATTACHMENTS`, each cut at `MAX_ATTACHMENT_BYTES`.
    pub attachments: Vec<TextAttachment>,
}

/// An attached text file: its name (empty when it has none) and its decoded text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextAttachment {
    pub name: String,
    pub text: String,
}

/// At most this many text attachments are read.
pub const MAX_TEXT_ATTACHMENTS: usize = 4;
/// An attachment is read up to this many bytes (a 500-player pairing is ~5 KB).
pub const MAX_ATTACHMENT_BYTES: usize = 64 * 1024;

/// Reads `raw`. `bot_address` is the bot's own address, for the own-mail loop check. Never
/// panics; for input that is not a message at all, returns an `Inbound` with `undecodable` set.
pub fn parse(raw: &[u8], bot_address: &str) -> Inbound {
    // mail-parser is robust and fuzzed upstream, but a panic in a dependency must not take the
    // daemon down with a letter: contain it and treat the letter as undecodable.
    std::panic::catch_unwind(|| parse_inner(raw, bot_address)).unwrap_or_else(|_| Inbound {
        undecodable: true,
        ..Inbound::default()
    })
}

fn parse_inner(raw: &[u8], bot_address: &str) -> Inbound {
    let truncated = raw.len() > MAX_RAW_BYTES;
    let raw = &raw[..raw.len().min(MAX_RAW_BYTES)];
    let raw = neutralize_nested_messages(raw);
    let Some(msg) = MessageParser::default().parse(&raw[..]) else {
        return Inbound {
            undecodable: true,
            truncated,
            ..Inbound::default()
        };
    };
    let headers = RootHeaders::new(&msg);

    let from = headers
        .first("From")
        .and_then(|h| address_header(&msg, h, "From"));
    let reply_to = headers
        .first("Reply-To")
        .and_then(|h| address_header(&msg, h, "Reply-To"));
    let subject = headers.first("Subject").map_or_else(String::new, |h| {
        clean_line(&unstructured_header(&msg, h, "Subject"), MAX_SUBJECT_CHARS)
    });
    let message_id = msg
        .message_id()
        .map(|id| clean_line(id, MAX_NAME_CHARS))
        .filter(|id| !id.is_empty());
    let in_reply_to = id_list(msg.in_reply_to(), false);
    let references = id_list(msg.references(), true);
    let return_path = headers.first("Return-Path").map(|h| {
        let v = headers.value(h);
        let inner = match (v.find('<'), v.rfind('>')) {
            (Some(a), Some(b)) if a < b => &v[a + 1..b],
            _ => v.as_str(),
        };
        clean_line(inner, MAX_NAME_CHARS)
    });
    let received_at = headers
        .first("Received")
        .and_then(|h| received_date(&msg, h));
    let date_header = msg.date().and_then(to_chrono);

    let (text, undecodable) = body_text(&msg);
    let attachments = text_attachments(&msg);
    let fresh_text = strip_quotes_and_signature(&text);
    let loop_reason = crate::mail::loops::loop_reason(
        &msg,
        &headers,
        from.as_ref(),
        return_path.as_deref(),
        &subject,
        bot_address,
    );
    let auth_results = crate::mail::auth::auth_results(
        (0..headers.list.len()).map(|i| (headers.list[i].0, headers.value(i))),
    );

    Inbound {
        message_id,
        from,
        reply_to,
        subject,
        in_reply_to,
        references,
        return_path,
        received_at,
        date_header,
        text,
        fresh_text,
        loop_reason,
        undecodable,
        truncated,
        auth_results,
        attachments,
    }
}

/// The text attachments: parts sent as attachments whose type is text or whose name ends in
/// `.txt`, `.trf` or `.csv` (mail clients send those as `application/octet-stream` too).
fn text_attachments(msg: &Message<'_>) -> Vec<TextAttachment> {
    let mut out = Vec::new();
    for &id in &msg.attachments {
        if out.len() == MAX_TEXT_ATTACHMENTS {
            break;
        }
        let Some(part) = msg.parts.get(id as usize) else {
            continue;
        };
        let name = part
            .attachment_name()
            .map(|n| clean_line(n, MAX_NAME_CHARS))
            .unwrap_or_default();
        let lower = name.to_lowercase();
        let textual_name = [".txt", ".trf", ".csv"].iter().any(|e| lower.ends_with(e));
        let text = match &part.body {
            PartType::Text(t) => part_text(msg, part, t).0,
            PartType::Binary(b) | PartType::InlineBinary(b) if textual_name => {
                guess_decode(&b[..b.len().min(MAX_ATTACHMENT_BYTES)]).0
            }
            _ => continue,
        };
        out.push(TextAttachment {
            name,
            text: cut(&text, MAX_ATTACHMENT_BYTES).replace("\r\n", "\n"),
        });
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Nested messages

/// Makes every attached message (`message/rfc822`, `message/global`, and the parts of a
/// `multipart/digest`) an opaque attachment before mail-parser sees it, by changing one letter of
/// its subtype (`rfc82x`, `globax`, `digesx`).
///
/// Why: mail-parser 0.11 builds attached messages as nested values and drops and copies them
/// recursively; measured here, 10,000 plain nestings overflow a 2 MiB thread stack when dropped,
/// and 1,000 nestings inside one base64 `message/rfc822` part overflow it while parsing. A stack
/// overflow aborts the whole daemon and cannot be caught. Amici never reads attached messages
/// (their text is not the player's), so nothing is lost. The subtype is matched as mail-parser
/// reads it: case-insensitive, with whitespace and comments allowed around the `/`.
pub(crate) fn neutralize_nested_messages(raw: &[u8]) -> Cow<'_, [u8]> {
    let mut out: Option<Vec<u8>> = None;
    // A plain byte loop: this runs over every input byte, and stays fast in debug builds too.
    let mut i = 0;
    while i < raw.len() {
        if raw[i] | 0x20 != b'm' {
            i += 1;
            continue;
        }
        let rest = &raw[i..];
        let (len, subtypes): (usize, &[&[u8]]) = if starts_with_ci(rest, b"message") {
            (7, &[b"rfc822", b"global"])
        } else if starts_with_ci(rest, b"multipart") {
            (9, &[b"digest"])
        } else {
            i += 1;
            continue;
        };
        i += len;
        let Some(sub) = subtype_at(raw, i) else {
            continue;
        };
        if let Some(st) = subtypes.iter().find(|st| starts_with_ci(&raw[sub..], st)) {
            let buf = out.get_or_insert_with(|| raw.to_vec());
            // Keep the length so that nothing else moves; `x` makes an unknown subtype.
            buf[sub + st.len() - 1] = b'x';
        }
    }
    match out {
        Some(v) => Cow::Owned(v),
        None => Cow::Borrowed(raw),
    }
}

/// After a media type token ending at `i`: skips whitespace and comments, a `/`, whitespace and
/// comments again, and returns where the subtype starts.
fn subtype_at(raw: &[u8], mut i: usize) -> Option<usize> {
    i = skip_cfws(raw, i);
    if raw.get(i) != Some(&b'/') {
        return None;
    }
    Some(skip_cfws(raw, i + 1))
}

/// Skips folding whitespace and (nested) comments, at most 4 KiB of them.
fn skip_cfws(raw: &[u8], mut i: usize) -> usize {
    let limit = i.saturating_add(4096).min(raw.len());
    let mut depth = 0usize;
    while i < limit {
        match raw[i] {
            b'(' => depth += 1,
            b')' if depth > 0 => depth -= 1,
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ if depth > 0 => {}
            _ => break,
        }
        i += 1;
    }
    i
}

fn starts_with_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() >= needle.len() && hay[..needle.len()].eq_ignore_ascii_case(needle)
}

// ---------------------------------------------------------------------------------------------
// Headers

/// One line of display text: control characters (CR/LF included) and invisible direction or
/// zero-width marks become spaces or vanish, runs of spaces collapse, at most `max` characters.
/// Header injection through encoded words (`=?utf-8?q?x=0D=0ABcc:…?=`) ends here.
pub(crate) fn clean_line(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max * 4));
    let mut space = false;
    let mut n = 0;
    for ch in s.chars() {
        if n >= max {
            break;
        }
        let invisible = matches!(ch,
            '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
            | '\u{2028}' | '\u{2029}' | '\u{85}');
        if invisible {
            space |= matches!(ch, '\u{2028}' | '\u{2029}' | '\u{85}');
            continue;
        }
        if ch.is_control() || ch.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
            n += 1;
        }
        space = false;
        out.push(ch);
        n += 1;
    }
    out
}

/// An unstructured header (Subject) decoded by mail-parser; when it holds undeclared 8-bit
/// bytes (mail-parser yields U+FFFD, crates.md pitfall 10), re-decoded from the raw bytes.
fn unstructured_header(msg: &Message<'_>, i: usize, name: &str) -> String {
    let headers = RootHeaders::new(msg);
    let parsed = msg
        .parts
        .first()
        .and_then(|p| p.headers.get(i))
        .and_then(|h| h.value().as_text())
        .map(str::to_string)
        .unwrap_or_default();
    if !parsed.contains('\u{fffd}') {
        return parsed;
    }
    let redecoded = redecode_header(headers.raw_value(i), name);
    redecoded
        .and_then(|m| m.subject().map(str::to_string))
        .unwrap_or(parsed)
}

/// Re-reads one header whose raw bytes are 8-bit without a charset: the bytes are guessed
/// (UTF-8, windows-1251, KOI8-R) and the header is parsed again as UTF-8, so that encoded words
/// inside it are still decoded.
fn redecode_header(raw: &[u8], name: &str) -> Option<Message<'static>> {
    if std::str::from_utf8(raw).is_ok() {
        return None;
    }
    let (text, _) = guess_decode(raw);
    let fake = format!("{name}:{}\r\n\r\n", text.replace(['\r', '\n'], " "));
    MessageParser::default()
        .parse_headers(fake.as_bytes())
        .map(|m| m.into_owned())
}

fn address_header(msg: &Message<'_>, i: usize, name: &str) -> Option<Address> {
    let parsed = msg
        .parts
        .first()
        .and_then(|p| p.headers.get(i))
        .and_then(|h| h.value().as_address())
        .and_then(|a| a.first())
        .map(|a| {
            (
                a.name.as_deref().map(str::to_string),
                a.address.as_deref().map(str::to_string),
            )
        });
    let (mut display, email) = parsed?;
    if display.as_deref().is_some_and(|n| n.contains('\u{fffd}')) {
        let headers = RootHeaders::new(msg);
        if let Some(m) = redecode_header(headers.raw_value(i), name) {
            let again = if name.eq_ignore_ascii_case("From") {
                m.from()
            } else {
                m.reply_to()
            };
            if let Some(n) = again
                .and_then(|a| a.first())
                .and_then(|a| a.name.as_deref())
            {
                display = Some(n.to_string());
            }
        }
    }
    let email = clean_line(&email?, MAX_NAME_CHARS)
        .replace(' ', "")
        .to_lowercase();
    if email.is_empty() {
        return None;
    }
    let name = display
        .map(|n| clean_line(&n, MAX_NAME_CHARS))
        .map(|n| n.trim_matches('"').trim().to_string())
        .filter(|n| !n.is_empty());
    Some(Address { name, email })
}

fn id_list(v: &HeaderValue<'_>, keep_last: bool) -> Vec<String> {
    let ids: Vec<String> = match v {
        HeaderValue::Text(t) => vec![t.to_string()],
        HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
        _ => Vec::new(),
    };
    let mut ids: Vec<String> = ids
        .into_iter()
        .map(|id| clean_line(&id, MAX_NAME_CHARS))
        .filter(|id| !id.is_empty())
        .collect();
    if ids.len() > MAX_IDS {
        if keep_last {
            ids.drain(..ids.len() - MAX_IDS);
        } else {
            ids.truncate(MAX_IDS);
        }
    }
    ids
}

fn to_chrono(d: &mail_parser::DateTime) -> Option<DateTime<FixedOffset>> {
    let secs = i32::from(d.tz_hour) * 3600 + i32::from(d.tz_minute) * 60;
    let offset = FixedOffset::east_opt(if d.tz_before_gmt { -secs } else { secs })?;
    let naive = NaiveDate::from_ymd_opt(i32::from(d.year), u32::from(d.month), u32::from(d.day))?
        .and_hms_opt(u32::from(d.hour), u32::from(d.minute), u32::from(d.second))?;
    offset.from_local_datetime(&naive).single()
}

/// The date after the last `;` of a Received line (RFC 5321 §4.4).
fn received_date(msg: &Message<'_>, i: usize) -> Option<DateTime<FixedOffset>> {
    let parsed = msg
        .parts
        .first()
        .and_then(|p| p.headers.get(i))
        .and_then(|h| h.value().as_received())
        .and_then(|r| r.date());
    if let Some(d) = parsed.as_ref().and_then(to_chrono) {
        return Some(d);
    }
    // mail-parser did not understand the trace fields: read the date part alone.
    let headers = RootHeaders::new(msg);
    let v = headers.value(i);
    let date = v.rsplit(';').next()?.trim();
    let fake = format!("Date: {date}\r\n\r\n");
    let m = MessageParser::default().parse_headers(fake.as_bytes())?;
    m.date().and_then(to_chrono)
}

// ---------------------------------------------------------------------------------------------
// Body

/// The readable text of the message and whether the transport mangled it.
fn body_text(msg: &Message<'_>) -> (String, bool) {
    let mut ids: Vec<u32> = msg.text_body.clone();
    if ids.is_empty() {
        ids = msg.html_body.clone();
    }
    let mut undecodable = false;
    let mut out = String::new();
    for &id in ids.iter().take(MAX_TEXT_PARTS) {
        let Some(part) = msg.parts.get(id as usize) else {
            continue;
        };
        let piece = match &part.body {
            PartType::Text(t) => {
                let (t, bad) = part_text(msg, part, t);
                undecodable |= bad;
                match content_type_attr(part, "format") {
                    Some(f) if f.eq_ignore_ascii_case("flowed") => {
                        let delsp = content_type_attr(part, "delsp")
                            .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
                        unflow(&t, delsp)
                    }
                    _ => t,
                }
            }
            PartType::Html(h) => {
                let (h, bad) = part_text(msg, part, h);
                undecodable |= bad;
                let h = cut(&h, MAX_HTML_BYTES);
                html_to_text(h, MAX_TEXT_BYTES)
            }
            _ => continue,
        };
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&piece);
        if out.len() >= MAX_TEXT_BYTES {
            break;
        }
    }
    let mut text = cut(&out, MAX_TEXT_BYTES).replace("\r\n", "\n");
    // NUL and other C0 controls but tab and newline carry no meaning in a letter.
    text.retain(|c| !c.is_control() || c == '\n' || c == '\t');
    if ids.is_empty() && msg.parts.first().is_some_and(|p| p.is_encoding_problem) {
        undecodable = true;
    }
    (text, undecodable)
}

/// A parameter of the part's Content-Type.
fn content_type_attr<'p>(part: &'p MessagePart<'_>, name: &str) -> Option<&'p str> {
    part.headers
        .iter()
        .find(|h| h.name().eq_ignore_ascii_case("Content-Type"))
        .and_then(|h| h.value().as_content_type())
        .and_then(|ct| ct.attribute(name))
}

/// Joins the soft line breaks of `format=flowed` text (RFC 3676 §4): a line ending in a space
/// continues on the next line of the same quote depth. Thunderbird and others send this, and a
/// move written on one line must stay on one line.
fn unflow(text: &str, delsp: bool) -> String {
    fn emit(out: &mut String, depth: usize, line: &str) {
        for _ in 0..depth {
            out.push('>');
        }
        if depth > 0 && !line.is_empty() {
            out.push(' ');
        }
        out.push_str(line);
        out.push('\n');
    }
    let mut out = String::with_capacity(text.len());
    let mut pending: Option<(usize, String)> = None;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let content = &line[depth..];
        // Space-stuffing: one leading space was added by the sender.
        let content = content.strip_prefix(' ').unwrap_or(content);
        let soft = content.ends_with(' ') && content != "-- ";
        let piece = if soft && delsp {
            &content[..content.len() - 1]
        } else {
            content
        };
        let mut acc = match pending.take() {
            Some((d, acc)) if d == depth => acc,
            Some((d, acc)) => {
                emit(&mut out, d, &acc);
                String::new()
            }
            None => String::new(),
        };
        acc.push_str(piece);
        if soft {
            pending = Some((depth, acc));
        } else {
            emit(&mut out, depth, &acc);
        }
    }
    if let Some((d, acc)) = pending {
        emit(&mut out, d, &acc);
    }
    out.pop();
    out
}

/// At most `max` bytes of `s`, cut on a character boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The text of one part, re-decoded from its raw bytes when mail-parser could not decode it
/// (U+FFFD from undeclared 8-bit text, or a broken transfer encoding).
fn part_text(msg: &Message<'_>, part: &MessagePart<'_>, decoded: &str) -> (String, bool) {
    if !part.is_encoding_problem && !decoded.contains('\u{fffd}') {
        return (decoded.to_string(), false);
    }
    let raw = msg
        .raw_message()
        .get(part.offset_body as usize..part.offset_end as usize)
        .unwrap_or_default();
    // Only what can reach `text` is re-decoded: 4 MiB of raw base64/QP exceed MAX_TEXT_BYTES.
    let raw = &raw[..raw.len().min(4 * MAX_TEXT_BYTES)];
    let cte = part_header(part, "Content-Transfer-Encoding")
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let bytes: Cow<'_, [u8]> = match cte.as_str() {
        "base64" => Cow::Owned(lenient_base64(raw)),
        "quoted-printable" => Cow::Owned(lenient_qp(raw)),
        _ => Cow::Borrowed(raw),
    };
    let bytes = &bytes[..bytes.len().min(MAX_TEXT_BYTES)];
    let charset = part
        .headers
        .iter()
        .find(|h| h.name().eq_ignore_ascii_case("Content-Type"))
        .and_then(|h| h.value().as_content_type())
        .and_then(|ct| ct.attribute("charset"))
        .map(|c| c.to_ascii_lowercase());
    let declared = charset
        .as_deref()
        .filter(|c| !matches!(*c, "utf-8" | "utf8" | "us-ascii" | "ascii"))
        .and_then(|c| encoding_rs::Encoding::for_label(c.as_bytes()));
    let (text, confident) = match declared {
        Some(enc) => {
            let (t, _, had_errors) = enc.decode(bytes);
            (t.into_owned(), !had_errors)
        }
        None => guess_decode(bytes),
    };
    let bad = part.is_encoding_problem || !confident || text.contains('\u{fffd}');
    (text, bad)
}

/// The raw value of a part's header, unfolded.
fn part_header(part: &MessagePart<'_>, name: &str) -> Option<String> {
    part.headers
        .iter()
        .find(|h| h.name().eq_ignore_ascii_case(name))
        .and_then(|h| match h.value() {
            HeaderValue::Text(t) => Some(t.to_string()),
            _ => None,
        })
}

/// Decodes bytes of unknown charset: UTF-8 if valid, else the likelier of windows-1251 and
/// KOI8-R. Returns the text and whether the guess looks like real text.
pub fn guess_decode(bytes: &[u8]) -> (String, bool) {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), true);
    }
    let (cp1251, _, _) = encoding_rs::WINDOWS_1251.decode(bytes);
    let (koi8, _, _) = encoding_rs::KOI8_R.decode(bytes);
    // Running text is mostly lower case; the wrong one of these two code pages swaps the cases
    // (cp1251 lower case a–я is KOI8-R upper case and back).
    // Scoring a sample is enough to tell the code pages apart.
    let (koi8_score, cp1251_score) = (
        cyrillic_score(cut(&koi8, 64 << 10)),
        cyrillic_score(cut(&cp1251, 64 << 10)),
    );
    let (best, score) = if koi8_score > cp1251_score {
        (koi8, koi8_score)
    } else {
        (cp1251, cp1251_score)
    };
    // Real text: its non-ASCII characters are letters and typography, mostly lower case.
    let confident = score >= 0 && plausibility(cut(&best, 64 << 10)) >= 0.8;
    (best.into_owned(), confident)
}

fn cyrillic_score(s: &str) -> i64 {
    let mut score = 0i64;
    let mut prev_lower = false;
    for ch in s.chars() {
        let lower = matches!(ch, 'а'..='я' | 'ё');
        let upper = matches!(ch, 'А'..='Я' | 'Ё');
        if lower {
            score += 1;
        } else if upper && prev_lower {
            // An upper-case letter inside a word is the mark of the wrong code page.
            score -= 3;
        }
        prev_lower = lower || ch.is_lowercase();
    }
    score
}

/// Share of the non-ASCII characters that are Cyrillic letters or typographic punctuation.
fn plausibility(s: &str) -> f64 {
    let mut total = 0u32;
    let mut good = 0u32;
    for ch in s.chars().filter(|c| !c.is_ascii()) {
        total += 1;
        if matches!(
            ch,
            'А'..='я'
                | 'Ё'
                | 'ё'
                | 'І'
                | 'і'
                | 'Ї'
                | 'ї'
                | 'Є'
                | 'є'
                | 'Ґ'
                | 'ґ'
                | '«'
                | '»'
                | '—'
                | '–'
                | '№'
                | '…'
                | '“'
                | '”'
                | '„'
                | '‘'
                | '’'
                | '\u{a0}'
                | '°'
                | '·'
                | '•'
                | '€'
        ) {
            good += 1;
        }
    }
    if total == 0 {
        1.0
    } else {
        f64::from(good) / f64::from(total)
    }
}

/// Base64 that skips what is not base64 (a transport that broke lines or inserted junk).
fn lenient_base64(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() / 4 * 3);
    let mut acc = 0u32;
    let mut n = 0;
    for &b in raw {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => continue,
        };
        acc = (acc << 6) | u32::from(v);
        n += 1;
        if n == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            acc = 0;
            n = 0;
        }
    }
    match n {
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]),
        _ => {}
    }
    out
}

/// Quoted-printable that keeps a malformed `=` escape as it is.
fn lenient_qp(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        if b == b'=' {
            let hex = |c: u8| (c as char).to_digit(16);
            match (raw.get(i + 1), raw.get(i + 2)) {
                (Some(b'\r'), Some(b'\n')) => {
                    i += 3;
                    continue;
                }
                (Some(b'\n'), _) => {
                    i += 2;
                    continue;
                }
                (Some(&h), Some(&l)) => {
                    if let (Some(h), Some(l)) = (hex(h), hex(l)) {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                }
                _ => {}
            }
        }
        out.push(b);
        i += 1;
    }
    out
}

/// Whether our own receiving host vouches that the letter comes from its `From:` domain, with
/// the trust at its default position. See [`authenticated_at`].
pub fn authenticated(inbound: &Inbound, authserv_id: &str) -> AuthVerdict {
    authenticated_at(inbound, &AuthTrust::new(authserv_id))
}

/// Whether our own receiving host vouches for the letter's `From:` domain
/// ([`crate::mail::auth::verdict`] on its sender and its `Authentication-Results`).
pub fn authenticated_at(inbound: &Inbound, trust: &AuthTrust) -> AuthVerdict {
    crate::mail::auth::verdict(inbound.from.as_ref(), &inbound.auth_results, trust)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guess_decode_tells_cp1251_from_koi8r() {
        let text = "Мой ход: 13. Кc3, предлагаю ничью";
        let (cp, _, _) = encoding_rs::WINDOWS_1251.encode(text);
        let (koi, _, _) = encoding_rs::KOI8_R.encode(text);
        assert_eq!(guess_decode(&cp), (text.to_string(), true));
        assert_eq!(guess_decode(&koi), (text.to_string(), true));
        assert_eq!(guess_decode(text.as_bytes()), (text.to_string(), true));
    }

    #[test]
    fn guess_decode_flags_binary_junk() {
        let junk: Vec<u8> = (0u8..=255).cycle().take(2000).map(|b| b | 0x80).collect();
        assert!(!guess_decode(&junk).1);
    }

    #[test]
    fn flowed_text_is_joined_and_unstuffed() {
        let t = "13. Nc3 and I offer \r\na draw.\r\n> quoted \r\n> line\r\n From me\r\n-- \r\nsig";
        assert_eq!(
            unflow(t, false),
            "13. Nc3 and I offer a draw.\n> quoted line\nFrom me\n-- \nsig"
        );
        assert_eq!(unflow("a \r\nb", true), "ab");
    }

    #[test]
    fn attached_messages_are_made_opaque() {
        for ct in [
            "message/rfc822",
            "MESSAGE/RFC822",
            "message / rfc822",
            "message/(c)rfc822",
            "message(c)/rfc822",
            "\"message/rfc822\"",
            "message/global",
            "multipart/digest",
        ] {
            let raw = format!("Content-Type: {ct}\r\n\r\nFrom: a@b\r\n\r\nx");
            let out = neutralize_nested_messages(raw.as_bytes());
            assert_eq!(out.len(), raw.len());
            let m = MessageParser::default().parse(&out[..]).expect("parses");
            assert!(
                !m.parts
                    .iter()
                    .any(|p| matches!(p.body, PartType::Message(_))),
                "{ct}"
            );
        }
        let text = b"my message/letter and message/delivery-status";
        assert!(matches!(neutralize_nested_messages(text), Cow::Borrowed(_)));
    }

    #[test]
    fn lenient_decoders() {
        assert_eq!(lenient_base64(b"aGVs\r\nbG8!!"), b"hello");
        assert_eq!(lenient_qp(b"a=3Db=\r\nc=ZZ"), b"a=bc=ZZ");
    }

    #[test]
    fn clean_line_removes_controls_and_bidi() {
        assert_eq!(clean_line("a\r\nBcc: x\u{202e}y\0 z", 100), "a Bcc: xy z");
        assert_eq!(clean_line("абвгд", 3), "абв");
    }
}
