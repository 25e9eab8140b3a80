//! Interim reader of inbound mail (mail-parser, no charset fallback, simple quote stripping),
//! with the same shape as `inbound`, which replaces it.

use mail_parser::{HeaderValue, MessageParser};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub name: Option<String>,
    pub email: String,
}

#[derive(Clone, Debug, Default)]
pub struct Inbound {
    pub message_id: Option<String>,
    pub from: Option<Address>,
    pub subject: String,
    pub in_reply_to: Vec<String>,
    pub references: Vec<String>,
    pub fresh_text: String,
    pub loop_reason: Option<String>,
}

fn ids(v: &HeaderValue<'_>) -> Vec<String> {
    match v {
        HeaderValue::Text(t) => vec![t.to_string()],
        HeaderValue::TextList(l) => l.iter().map(|s| s.to_string()).collect(),
        _ => Vec::new(),
    }
}

pub fn parse(raw: &[u8], bot: &str) -> Inbound {
    let Some(m) = MessageParser::default().parse(raw) else {
        return Inbound::default();
    };
    let from = m.from().and_then(|a| a.first()).and_then(|a| {
        a.address().map(|e| Address {
            name: a.name().map(str::to_string),
            email: e.trim().to_lowercase(),
        })
    });
    let text = m.body_text(0).map(|t| t.to_string()).unwrap_or_default();
    let mut fresh = String::new();
    for line in text.lines() {
        if line.trim_end() == "--" || line.starts_with("-- ") {
            break;
        }
        if line.trim_start().starts_with('>') {
            continue;
        }
        fresh.push_str(line);
        fresh.push('\n');
    }
    let mut loop_reason = None;
    if let Some(a) = m.header_raw("Auto-Submitted")
        && !a.trim().eq_ignore_ascii_case("no")
    {
        loop_reason = Some(format!("Auto-Submitted: {}", a.trim()));
    }
    if from.as_ref().is_some_and(|f| f.email == bot) {
        loop_reason = Some("from the bot itself".into());
    }
    Inbound {
        message_id: m.message_id().map(str::to_string),
        from,
        subject: m.subject().unwrap_or_default().to_string(),
        in_reply_to: ids(m.in_reply_to()),
        references: ids(m.references()),
        fresh_text: fresh,
        loop_reason,
    }
}
