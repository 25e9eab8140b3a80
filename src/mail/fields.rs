//! The header fields every reader of an inbound letter shares: the mailbox (`Address`) and
//! the top-level headers in order (`RootHeaders`), for `inbound`, `loops` and `auth`.

use mail_parser::Message;

/// At most this many bytes of one header value are looked at (folded 1 MB headers exist).
pub const MAX_HEADER_BYTES: usize = 64 << 10;

/// A mailbox: display name (decoded, single line) and address (lower-cased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub name: Option<String>,
    pub email: String,
}

/// The top-level headers with their raw values, in order (topmost first).
pub(crate) struct RootHeaders<'a> {
    raw: &'a [u8],
    pub(crate) list: Vec<(&'a str, usize, usize)>,
}

impl<'a> RootHeaders<'a> {
    pub(crate) fn new(msg: &'a Message<'a>) -> Self {
        let list = msg
            .parts
            .first()
            .map(|p| {
                p.headers
                    .iter()
                    .map(|h| (h.name(), h.offset_start() as usize, h.offset_end() as usize))
                    .collect()
            })
            .unwrap_or_default();
        RootHeaders {
            raw: msg.raw_message(),
            list,
        }
    }

    /// Index of the first (topmost) header named `name`.
    pub(crate) fn first(&self, name: &str) -> Option<usize> {
        self.list
            .iter()
            .position(|(n, _, _)| n.eq_ignore_ascii_case(name))
    }

    pub(crate) fn all<'s>(&'s self, name: &'s str) -> impl Iterator<Item = usize> + 's {
        self.list
            .iter()
            .enumerate()
            .filter(move |(_, (n, _, _))| n.eq_ignore_ascii_case(name))
            .map(|(i, _)| i)
    }

    pub(crate) fn has(&self, name: &str) -> bool {
        self.all(name).any(|i| !self.value(i).is_empty())
    }

    pub(crate) fn raw_value(&self, i: usize) -> &'a [u8] {
        let Some(&(_, start, end)) = self.list.get(i) else {
            return &[];
        };
        let end = end.min(start.saturating_add(MAX_HEADER_BYTES));
        self.raw.get(start..end).unwrap_or_default()
    }

    /// The raw value, unfolded and trimmed (bytes that are not UTF-8 become U+FFFD).
    pub(crate) fn value(&self, i: usize) -> String {
        unfold(&String::from_utf8_lossy(self.raw_value(i)))
    }
}

fn unfold(s: &str) -> String {
    s.replace(['\r', '\n'], "").trim().to_string()
}
