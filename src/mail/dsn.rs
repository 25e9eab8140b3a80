//! Reading a bounce of amici's own mail: which message came back (its Message-ID from the
//! returned headers, or the outbox id in a VERP return path `bot+<id>@domain`), for whom
//! (`Final-Recipient`), and whether delivery failed for good (`Action: failed`, `Status: 5.x.x`)
//! or is only delayed (`4.x.x`).
//!
//! RFC 3464 reports (`multipart/report; report-type=delivery-status` with a
//! `message/delivery-status` part and the returned `message/rfc822`, `message/rfc822-headers` or
//! `text/rfc822-headers` part) are read field by field; the common plain-text bounces (Exim,
//! qmail, Gmail's old format) by `X-Failed-Recipients`, `<address>:` lines and the first
//! `Message-ID:` of the copy they quote. A pure function over bytes like `inbound::parse`, with
//! the same limits: bounces come from anyone.
//!
//! What a bounce means for the game is RULES.md §3 (a forwarded move that bounces for good was
//! not received); the engine decides that, this module only reads.

use crate::mail::inbound::{MAX_RAW_BYTES, clean_line, neutralize_nested_messages};
use mail_parser::{Message, MessageParser, MimeHeaders};
use regex::Regex;
use std::sync::LazyLock;

/// At most this many recipients are read from one report.
pub const MAX_RECIPIENTS: usize = 100;
/// At most this many bytes of one text or report part are looked at.
const MAX_PART_BYTES: usize = 256 << 10;
/// Diagnostic texts are cut at this many characters.
const MAX_DIAGNOSTIC_CHARS: usize = 500;

/// RFC 3464 §2.3.3 `Action`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Failed,
    Delayed,
    Delivered,
    Relayed,
    Expanded,
    /// Anything else, lower-cased.
    Other(String),
}

impl Action {
    fn parse(s: &str) -> Action {
        match s.trim().to_ascii_lowercase().as_str() {
            "failed" => Action::Failed,
            "delayed" => Action::Delayed,
            "delivered" => Action::Delivered,
            "relayed" => Action::Relayed,
            "expanded" => Action::Expanded,
            other => Action::Other(other.to_string()),
        }
    }
}

/// One recipient the report is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    /// `Final-Recipient` (else `Original-Recipient`), the address only, lower-cased.
    pub address: String,
    pub action: Option<Action>,
    /// RFC 3463 status `class.subject.detail`, e.g. `5.1.1`.
    pub status: Option<String>,
    /// `Diagnostic-Code` (or the remote server's words in a plain bounce), one line.
    pub diagnostic: Option<String>,
}

impl Recipient {
    /// Delivery to this recipient failed for good: `Action: failed`, or without an action a
    /// permanent (`5.x.x`) status. A `failed` with a `4.x.x` status is a server that gave up
    /// retrying: also final.
    pub fn permanent(&self) -> bool {
        match &self.action {
            Some(Action::Failed) => true,
            Some(_) => false,
            None => self.status.as_deref().is_some_and(|s| s.starts_with('5')),
        }
    }
}

/// What a bounce says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounce {
    /// The Message-ID (without `<>`) of the message that came back, from its returned headers.
    pub original_message_id: Option<String>,
    pub final_recipients: Vec<Recipient>,
    /// Delivery failed for good for at least one recipient (see [`Recipient::permanent`]); false
    /// for a delay warning or a success report. A plain-text bounce counts as permanent unless
    /// its status is `4.x.x` or it speaks of a delay or a retry.
    pub permanent: bool,
    /// Where this bounce was delivered (`Delivered-To`, `X-Original-To`, `Envelope-To`,
    /// `X-Envelope-To`, `To`), addresses lower-cased, topmost first: a VERP token is found
    /// there ([`Bounce::verp_id`]).
    pub delivered_to: Vec<String>,
    /// `X-Amici-Kind` and `X-Amici-Game` of the returned message, when its headers came back.
    pub original_kind: Option<String>,
    pub original_game: Option<String>,
    /// Read from an RFC 3464 `message/delivery-status` part (true) or from a plain-text bounce.
    pub standard: bool,
}

impl Bounce {
    /// The outbox id of a VERP return path among the addresses the bounce was delivered to.
    pub fn verp_id(&self, bot_address: &str) -> Option<i64> {
        self.delivered_to
            .iter()
            .find_map(|a| verp_id(a, bot_address))
    }
}

/// The VERP return path of outbox row `outbox_id`: `bot+<id>@domain` for `bot@domain`. Bounces
/// go to the envelope sender, so a bounce delivered to this address names the row even when the
/// remote server returns none of the message.
pub fn verp_address(bot_address: &str, outbox_id: i64) -> String {
    let bot = bot_address.trim();
    match bot.rsplit_once('@') {
        Some((local, domain)) => format!("{local}+{outbox_id}@{domain}"),
        None => format!("{bot}+{outbox_id}"),
    }
}

/// The outbox id in `recipient_address` if it is [`verp_address`] of `bot_address`: the same
/// domain and local part (case-insensitive), then `+` and 1–18 digits. `<…>` and a display name
/// around the address are allowed.
pub fn verp_id(recipient_address: &str, bot_address: &str) -> Option<i64> {
    let addr = bare_address(recipient_address)?;
    let bot = bare_address(bot_address)?;
    let (local, domain) = addr.rsplit_once('@')?;
    let (bot_local, bot_domain) = bot.rsplit_once('@')?;
    if domain != bot_domain {
        return None;
    }
    let digits = local.strip_prefix(bot_local)?.strip_prefix('+')?;
    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&id: &i64| id > 0)
}

/// `Name <a@b>`, `<a@b>` or `a@b` → `a@b`, lower-cased; None without an `@`.
fn bare_address(s: &str) -> Option<String> {
    let s = s.trim();
    let inner = match (s.rfind('<'), s.rfind('>')) {
        (Some(a), Some(b)) if a < b => &s[a + 1..b],
        _ => s,
    };
    let inner = inner.trim().trim_matches(['<', '>', '"', '\'']).trim();
    (inner.contains('@') && !inner.contains(char::is_whitespace)).then(|| inner.to_lowercase())
}

/// Reads a bounce. None when `raw` is no bounce at all: neither a `message/delivery-status`
/// part nor the signs of a plain-text one (null return path, a mail-daemon sender or
/// `X-Failed-Recipients`, together with a failed recipient or a returned Message-ID). Never
/// panics.
pub fn parse_bounce(raw: &[u8]) -> Option<Bounce> {
    std::panic::catch_unwind(|| parse_inner(raw)).ok().flatten()
}

fn parse_inner(raw: &[u8]) -> Option<Bounce> {
    let raw = &raw[..raw.len().min(MAX_RAW_BYTES)];
    // Attached messages become opaque parts (see inbound.rs for why): their bytes are read here
    // as header blocks, never parsed as nested messages.
    let raw = neutralize_nested_messages(raw);
    let msg = MessageParser::default().parse(&raw[..])?;

    let mut recipients = Vec::new();
    let mut standard = false;
    let mut returned: Option<Vec<(String, String)>> = None;
    let mut texts = Vec::new();
    for (i, part) in msg.parts.iter().enumerate() {
        if i == 0 && part.is_multipart() {
            continue;
        }
        let ct = part
            .content_type()
            .map(|ct| {
                format!(
                    "{}/{}",
                    ct.ctype().to_ascii_lowercase(),
                    ct.subtype().unwrap_or("").to_ascii_lowercase()
                )
            })
            .unwrap_or_else(|| "text/plain".to_string());
        let body = part.contents();
        let body = &body[..body.len().min(MAX_PART_BYTES)];
        match ct.as_str() {
            "message/delivery-status" | "message/global-delivery-status" => {
                standard = true;
                read_delivery_status(body, &mut recipients);
            }
            // `rfc82x`/`globax`: rfc822/global made opaque by neutralize_nested_messages.
            "message/rfc82x"
            | "message/globax"
            | "message/rfc82x-headers"
            | "message/rfc822-headers"
            | "text/rfc822-headers"
                if returned.is_none() =>
            {
                returned = Some(header_block(body));
            }
            t if ((t.starts_with("text/") && i > 0) || (i == 0 && !part.is_multipart()))
                && texts.len() < 8 =>
            {
                texts.push(String::from_utf8_lossy(body).into_owned());
            }
            _ => {}
        }
    }

    let top = top_headers(&msg);
    let text = texts.join("\n");
    let mut daemon = false;
    if !standard {
        let Some(from_daemon) = looks_like_bounce(&msg, &top) else {
            return None;
        };
        daemon = from_daemon;
        read_plain_bounce(&top, &text, &mut recipients);
    }
    // A plain bounce quotes the message in its text; some reports do too, without a part.
    let returned = returned.or_else(|| quoted_headers(&text));
    let field = |name: &str| {
        returned.as_ref().and_then(|h| {
            h.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
        })
    };
    let original_message_id = field("Message-ID")
        .and_then(|v| bare_id(&v))
        .map(|id| clean_line(&id, 256));
    // A plain bounce names a failed recipient, or comes from a mail daemon with our message's
    // id: an auto-reply with the null sender that quotes the letter it answers is neither.
    if !standard && recipients.is_empty() && !(daemon && original_message_id.is_some()) {
        return None;
    }
    let permanent = if standard {
        recipients.iter().any(Recipient::permanent)
    } else {
        plain_is_permanent(&recipients, &text)
    };
    Some(Bounce {
        original_message_id,
        permanent,
        delivered_to: delivered_to(&msg, &top),
        original_kind: field("X-Amici-Kind").map(|v| clean_line(&v, 64)),
        original_game: field("X-Amici-Game").map(|v| clean_line(&v, 256)),
        final_recipients: recipients,
        standard,
    })
}

/// The top-level headers as (name, unfolded raw value).
fn top_headers(msg: &Message<'_>) -> Vec<(String, String)> {
    let raw = msg.raw_message();
    msg.parts
        .first()
        .map(|p| {
            p.headers
                .iter()
                .map(|h| {
                    let (s, e) = (h.offset_start() as usize, h.offset_end() as usize);
                    let e = e.min(s.saturating_add(64 << 10));
                    let v = raw.get(s..e).unwrap_or_default();
                    (h.name().to_string(), unfold(&String::from_utf8_lossy(v)))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn unfold(s: &str) -> String {
    s.replace(['\r', '\n'], " ").trim().to_string()
}

/// A block of `Name: value` lines (folded lines joined) up to the first empty line, at most 200
/// fields. Used for the returned headers and for each block of a delivery-status part.
fn header_block(body: &[u8]) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(body);
    fields(text.split("\n").map(|l| l.trim_end_matches('\r')))
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// Splits lines into blocks separated by empty lines, each a list of unfolded fields.
fn fields<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<Vec<(String, String)>> {
    let mut blocks: Vec<Vec<(String, String)>> = Vec::new();
    let mut cur: Vec<(String, String)> = Vec::new();
    for line in lines.take(5000) {
        if line.trim().is_empty() {
            if !cur.is_empty() {
                blocks.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if line.starts_with([' ', '\t']) {
            if let Some((_, v)) = cur.last_mut()
                && v.len() < 4096
            {
                v.push(' ');
                v.push_str(line.trim());
            }
            continue;
        }
        if let Some((name, value)) = line.split_once(':')
            && !name.is_empty()
            && name.bytes().all(|b| b.is_ascii_graphic() && b != b':')
            && cur.len() < 200
        {
            cur.push((name.to_string(), value.trim().to_string()));
        }
    }
    if !cur.is_empty() {
        blocks.push(cur);
    }
    blocks
}

/// RFC 3464 §2.1: the per-message block, then one block per recipient.
fn read_delivery_status(body: &[u8], out: &mut Vec<Recipient>) {
    let text = String::from_utf8_lossy(body);
    for block in fields(text.split('\n').map(|l| l.trim_end_matches('\r'))) {
        if out.len() >= MAX_RECIPIENTS {
            break;
        }
        let get = |name: &str| {
            block
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        let Some(address) = get("Final-Recipient")
            .or_else(|| get("Original-Recipient"))
            .and_then(typed_address)
        else {
            continue;
        };
        out.push(Recipient {
            address,
            action: get("Action").map(Action::parse),
            status: get("Status").and_then(status_code),
            diagnostic: get("Diagnostic-Code")
                .map(|d| d.split_once(';').map_or(d, |(_, t)| t))
                .map(|d| clean_line(d, MAX_DIAGNOSTIC_CHARS))
                .filter(|d| !d.is_empty()),
        });
    }
}

/// `rfc822; a@b` (address-type; address) → `a@b`.
fn typed_address(v: &str) -> Option<String> {
    let a = v.split_once(';').map_or(v, |(_, a)| a);
    bare_address(a)
}

static STATUS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b").expect("valid regex"));

fn status_code(v: &str) -> Option<String> {
    STATUS.find(v).map(|m| m.as_str().to_string())
}

fn bare_id(v: &str) -> Option<String> {
    let v = v.trim();
    let inner = match (v.find('<'), v.find('>')) {
        (Some(a), Some(b)) if a < b => &v[a + 1..b],
        _ => v.split_whitespace().next().unwrap_or(""),
    };
    let inner = inner.trim();
    (!inner.is_empty()).then(|| inner.to_string())
}

/// Local parts of the senders of plain-text bounces.
const DAEMONS: &[&str] = &["mailer-daemon", "mailerdaemon", "postmaster", "mail-daemon"];

/// A plain-text bounce: the null return path, a mail-daemon sender or `X-Failed-Recipients`. Not
/// a subject: a person may write "Undelivered mail" and quote headers. Some(whether the sender
/// is a mail daemon) when it may be one.
fn looks_like_bounce(msg: &Message<'_>, top: &[(String, String)]) -> Option<bool> {
    let has = |name: &str| top.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
    let null_sender = top
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("Return-Path"))
        .is_some_and(|(_, v)| v.replace(' ', "") == "<>");
    let daemon = msg
        .from()
        .and_then(|f| f.first())
        .and_then(|a| a.address.as_deref())
        .and_then(|a| a.rsplit_once('@'))
        .is_some_and(|(local, _)| DAEMONS.contains(&local.to_ascii_lowercase().as_str()));
    (null_sender || daemon || has("X-Failed-Recipients")).then_some(daemon)
}

static QMAIL_RECIPIENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^<([^<>\s]+@[^<>\s]+)>:\s*$").expect("valid regex"));

/// Lines that start the quoted copy of the returned message in plain-text bounces.
static COPY_MARKER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?im)^.*(copy of the message|original message|below this line|message headers follow|returned message|undelivered message).*$",
    )
    .expect("valid regex")
});

fn read_plain_bounce(top: &[(String, String)], text: &str, out: &mut Vec<Recipient>) {
    // The bounce's own words, before the quoted copy.
    let own = COPY_MARKER.find(text).map_or(text, |m| &text[..m.start()]);
    let status = status_code(own);
    let push = |address: String, out: &mut Vec<Recipient>| {
        if out.len() < MAX_RECIPIENTS && !out.iter().any(|r| r.address == address) {
            out.push(Recipient {
                address,
                action: None,
                status: status.clone(),
                diagnostic: None,
            });
        }
    };
    for (_, v) in top
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case("X-Failed-Recipients"))
    {
        for a in v.split(',').filter_map(bare_address) {
            push(a, out);
        }
    }
    for c in QMAIL_RECIPIENT.captures_iter(own).take(MAX_RECIPIENTS) {
        if let Some(a) = bare_address(&c[1]) {
            push(a, out);
        }
    }
    // The remote server's words: the first line holding the status or an SMTP reply code.
    let diag = own
        .lines()
        .map(str::trim)
        .find(|l| status.as_deref().is_some_and(|s| l.contains(s)))
        .map(|l| clean_line(l, MAX_DIAGNOSTIC_CHARS));
    for r in out.iter_mut() {
        r.diagnostic = r.diagnostic.take().or_else(|| diag.clone());
    }
}

static TRANSIENT_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(delayed|not yet been delivered|will (be )?retr(y|ied)|temporar(y|ily)|still trying|deferred)",
    )
    .expect("valid regex")
});

fn plain_is_permanent(recipients: &[Recipient], text: &str) -> bool {
    let own = COPY_MARKER.find(text).map_or(text, |m| &text[..m.start()]);
    match recipients.iter().find_map(|r| r.status.as_deref()) {
        Some(s) if s.starts_with('5') => true,
        Some(s) if s.starts_with('4') => false,
        _ => !TRANSIENT_WORDS.is_match(own) || own.to_ascii_lowercase().contains("permanent"),
    }
}

/// The header block of the message quoted in a plain bounce: from the first line after the copy
/// marker (or anywhere, failing that) that starts a header block holding a `Message-ID`.
fn quoted_headers(text: &str) -> Option<Vec<(String, String)>> {
    let start = COPY_MARKER.find(text).map_or(0, |m| m.end());
    let rest = &text[start..];
    // The first `Message-ID:` line; its block is the lines around it up to an empty line.
    let lines: Vec<&str> = rest.lines().take(5000).collect();
    let at = lines.iter().position(|l| {
        l.get(..11)
            .is_some_and(|p| p.eq_ignore_ascii_case("message-id:"))
    })?;
    let begin = lines[..at]
        .iter()
        .rposition(|l| l.trim().is_empty())
        .map_or(0, |p| p + 1);
    let block = fields(lines[begin..].iter().copied());
    block.into_iter().next()
}

/// Where the bounce was delivered: the envelope recipient as our delivering host recorded it —
/// the topmost of `Delivered-To`, `X-Original-To`, `Envelope-To`, `X-Envelope-To` only. Lower
/// ones, and `To:`, are the sender's to write: a VERP token read there could be forged.
fn delivered_to(_msg: &Message<'_>, top: &[(String, String)]) -> Vec<String> {
    const NAMES: [&str; 4] = [
        "Delivered-To",
        "X-Original-To",
        "Envelope-To",
        "X-Envelope-To",
    ];
    top.iter()
        .find(|(n, _)| NAMES.iter().any(|x| n.eq_ignore_ascii_case(x)))
        .map(|(_, v)| v.split(',').filter_map(bare_address).take(32).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verp_round_trip() {
        let a = verp_address("Bot@Amici.example", 42);
        assert_eq!(a, "Bot+42@Amici.example");
        assert_eq!(verp_id(&a, "bot@amici.example"), Some(42));
        assert_eq!(
            verp_id("<bot+7@amici.example>", "bot@amici.example"),
            Some(7)
        );
        assert_eq!(
            verp_id("Amici <BOT+7@AMICI.EXAMPLE>", "bot@amici.example"),
            Some(7)
        );
    }

    #[test]
    fn verp_refuses_look_alikes() {
        let bot = "bot@amici.example";
        for a in [
            "bot@amici.example",
            "bot+@amici.example",
            "bot+x1@amici.example",
            "bot+1x@amici.example",
            "bot+-1@amici.example",
            "bot+0@amici.example",
            "bot+1@other.example",
            "bot+1@amici.example.evil",
            "robot+1@amici.example",
            "bots+1@amici.example",
            "bot+1234567890123456789@amici.example",
            "bot+1",
            "",
        ] {
            assert_eq!(verp_id(a, bot), None, "{a}");
        }
    }

    #[test]
    fn delivery_status_blocks_are_read() {
        let mut r = Vec::new();
        read_delivery_status(
            b"Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; <A@B.example>\r\nAction: failed\r\nStatus: 5.1.1 (user unknown)\r\nDiagnostic-Code: smtp; 550 5.1.1\r\n  no such user\r\n\r\nOriginal-Recipient: rfc822;c@d.example\r\nAction: delayed\r\nStatus: 4.4.7\r\n",
            &mut r,
        );
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].address, "a@b.example");
        assert_eq!(r[0].action, Some(Action::Failed));
        assert_eq!(r[0].status.as_deref(), Some("5.1.1"));
        assert_eq!(r[0].diagnostic.as_deref(), Some("550 5.1.1 no such user"));
        assert!(r[0].permanent());
        assert_eq!(r[1].address, "c@d.example");
        assert!(!r[1].permanent());
    }
}
