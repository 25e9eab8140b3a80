//! A two-player tournament and its letters, for the tests of the input log and the audit
//! (`#[path = "support/history.rs"] mod history;`: no mail stack needed).

use chrono::{DateTime, FixedOffset};

pub fn at(s: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(s).unwrap()
}

/// Tournament T (A against B, arbiter `arbiter`) on `dir/db.sqlite3`; `extra` lines go into
/// the tournament's table.
pub fn config_text(dir: &std::path::Path, arbiter: &str, extra: &str) -> String {
    format!(
        r#"[bot]
address = "bot@example.test"
database = "{}"
[outbox]
dir = "out"
[[tournament]]
id = "T"
start = 2026-01-10
end = 2027-01-01
arbiter = "{arbiter}"{extra}
players = [ {{ name = "A", email = "a@example.test" }}, {{ name = "B", email = "b@example.test" }} ]
"#,
        dir.join("db.sqlite3").display()
    )
}

/// A letter about game T/1.
pub fn letter(id: &str, from: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: bot@example.test\r\nSubject: T/1\r\nMessage-ID: <{id}@example.test>\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}
