//! Reading the file: `load`, the error collector with positions (`Checker`), and the words
//! every error is written in (no Rust jargon).

use std::path::Path;

use chrono::NaiveDate;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use super::*;

// ---------------------------------------------------------------------------------------------

/// Reads and validates the config file.
pub fn load(path: &Path) -> Result<Config, ConfigErrors> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        ConfigErrors(vec![ConfigError {
            file: path.to_path_buf(),
            line: 0,
            column: 0,
            message: format!("cannot read the config file: {e}"),
        }])
    })?;
    parse(path, &text)
}

/// Collects errors with their positions.
pub(super) struct Checker<'a> {
    pub(super) file: &'a Path,
    pub(super) text: &'a str,
    pub(super) errors: Vec<ConfigError>,
}

impl Checker<'_> {
    pub(super) fn at(&mut self, span: Option<std::ops::Range<usize>>, message: impl Into<String>) {
        let (line, column) = match span {
            Some(s) => line_col(self.text, s.start),
            None => (0, 0),
        };
        self.errors.push(ConfigError {
            file: self.file.to_path_buf(),
            line,
            column,
            message: message.into(),
        });
    }

    /// Deserialises one section. serde stops at the first error, so after each error the
    /// offending key is set aside and the section read again: every wrong key of the section
    /// is reported, not only the first (a key set aside is not reported again as missing).
    pub(super) fn section<T: DeserializeOwned>(
        &mut self,
        name: &str,
        value: &Spanned<DeValue<'_>>,
    ) -> Option<T> {
        self.section_owned(name, value.clone(), &|| Some(value.clone()))
            .map(|(v, _)| v)
    }

    /// [`Checker::section`] from an owned value: the common case (no error) deserialises it
    /// without a copy — a tournament of 10,000 games is a DOM of some 10 MB — and `again`
    /// produces a fresh one (parsing the text anew) only to find every error.
    ///
    /// After errors it still returns what the rest of the section holds, with the keys set
    /// aside, so the caller checks the other keys' values too (issue 13 item 7: a bad `mode`
    /// hid a bad `start`); the errors already make the config refused.
    pub(super) fn section_owned<'a, T: DeserializeOwned>(
        &mut self,
        name: &str,
        value: Spanned<DeValue<'a>>,
        again: &dyn Fn() -> Option<Spanned<DeValue<'a>>>,
    ) -> Option<(T, Vec<String>)> {
        if let Ok(v) = T::deserialize(ValueDeserializer::from(value)) {
            return Some((v, Vec::new()));
        }
        let mut current = again()?;
        let mut removed: Vec<String> = Vec::new();
        for _ in 0..64 {
            match T::deserialize(ValueDeserializer::from(current.clone())) {
                Ok(v) => return Some((v, removed)),
                Err(e) => {
                    let span = e.span().or_else(|| Some(current.span()));
                    let message = e.message().trim().to_string();
                    // Find the key whose value holds the error, to read again without it.
                    let DeValue::Table(table) = current.get_mut() else {
                        self.at(span, format!("in {name}: {}", plain(&message)));
                        return None;
                    };
                    let key = span.as_ref().and_then(|span| {
                        table
                            .iter()
                            .find(|(k, v)| {
                                let vs = v.span();
                                let ks = k.span();
                                (vs.start <= span.start && span.start < vs.end.max(vs.start + 1))
                                    || (ks.start <= span.start && span.start < ks.end)
                            })
                            .map(|(k, _)| k.clone())
                    });
                    let repeat = removed
                        .iter()
                        .any(|k| message.contains(&format!("missing field `{k}`")));
                    if !repeat {
                        let text = match &key {
                            // An unknown key names itself; a wrong value is named by its key.
                            Some(k) if !message.starts_with("unknown field") => {
                                format!("{name} {}: {}", k.get_ref(), plain(&message))
                            }
                            _ => format!("in {name}: {}", plain(&message)),
                        };
                        self.at(span, text);
                    }
                    match key {
                        Some(k) => {
                            removed.push(k.get_ref().to_string());
                            table.remove(&k);
                        }
                        None => return None,
                    }
                }
            }
        }
        None
    }
}

/// serde's messages in the words of someone editing a config file, not of a Rust programmer
/// (issue 13 item 7): "invalid value: integer `99999`, expected u16" becomes "expected a whole
/// number from 1 to 65535, found 99999".
pub(super) fn plain(message: &str) -> String {
    let ticked = |s: &str| -> Vec<String> {
        s.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        && let Some((found, expected)) = rest.rsplit_once(", expected ")
    {
        return format!(
            "expected {}, found {}",
            expected_words(expected),
            found_words(found)
        );
    }
    if let Some(rest) = message.strip_prefix("unknown variant ")
        && let Some((value, choices)) = rest.split_once(", expected ")
    {
        return format!("{value} is not one of: {}", ticked(choices).join(", "));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        return match rest.split_once(", expected ") {
            Some((key, keys)) => format!(
                "unknown key {key}, expected one of: {}",
                ticked(keys).join(", ")
            ),
            None => format!("unknown key {}", rest.split(',').next().unwrap_or(rest)),
        };
    }
    if let Some(key) = message.strip_prefix("missing field ") {
        return format!("the key {key} is missing");
    }
    if message == "wanted string or table" {
        // toml's words for a choice (`mode`, `notation` …) that is not text at all.
        return "expected one of the words config/amici.example.toml lists for it, in quotes"
            .into();
    }
    if message == DATE_EXPECTED {
        return format!("expected {DATE_EXPECTED} (year-month-day)");
    }
    message.to_string()
}

/// The types the raw structs use, in words. The config's only u16 values are ports, and a
/// port of 0 is refused as well (`check_port`).
pub(super) fn expected_words(expected: &str) -> String {
    match expected {
        "u16" => "a whole number from 1 to 65535".into(),
        "u32" | "u64" | "usize" => "a whole number (0 or more)".into(),
        "a boolean" => "true or false".into(),
        "a string" => "text in quotes".into(),
        "a sequence" => "a list in brackets, [ … ]".into(),
        e if e.starts_with("struct ") || e == "a map" => "a table, { key = value, … }".into(),
        e => e.to_string(),
    }
}

/// serde's description of the value found: `integer `5``, `string "six"` …
pub(super) fn found_words(found: &str) -> String {
    for prefix in ["integer ", "floating point ", "boolean "] {
        if let Some(v) = found.strip_prefix(prefix) {
            return v.trim_matches('`').to_string();
        }
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        f => f.strip_prefix("string ").unwrap_or(f).to_string(),
    }
}

/// The `i`-th `[[tournament]]` of `text`, parsed anew (to find every error of one).
pub(super) fn tournament_item(text: &str, i: usize) -> Option<Spanned<DeValue<'_>>> {
    let (root, _) = DeTable::parse_recoverable(text);
    let v = root
        .into_inner()
        .into_iter()
        .find(|(k, _)| k.get_ref().as_ref() == "tournament")?
        .1;
    match v.into_inner() {
        DeValue::Array(items) => items.into_iter().nth(i),
        _ => None,
    }
}

/// Line and column of `key` in the table `[section]` of `text`.
pub(super) fn key_position(text: &str, section: &str, key: &str) -> Option<(usize, usize)> {
    let (root, _) = DeTable::parse_recoverable(text);
    let root = root.into_inner();
    let (_, table) = root.iter().find(|(k, _)| k.get_ref().as_ref() == section)?;
    let DeValue::Table(table) = table.get_ref() else {
        return None;
    };
    let (k, _) = table.iter().find(|(k, _)| k.get_ref().as_ref() == key)?;
    Some(line_col(text, k.span().start))
}

/// 1-based line and column (in characters) of a byte offset.
pub(super) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// An address amici can actually write to: the same check lettre makes when sending, so a
/// player admitted by the config can always be answered.
pub(super) fn valid_email(s: &str) -> bool {
    s.contains('.')
        && s.parse::<lettre::Address>().is_ok()
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

pub(super) fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// What [`DateValue`] expects (serde's whole message when neither form fits).
pub(super) const DATE_EXPECTED: &str = "a date like 2026-01-10";

/// A date written as a TOML date (`2026-01-10`) or as a string (`"2026-01-10"`, as
/// INTERFACE.md's example does): both are accepted.
#[derive(Deserialize)]
#[serde(untagged, expecting = "a date like 2026-01-10")]
pub(super) enum DateValue {
    Toml(toml::value::Datetime),
    Text(String),
}

/// What is wrong with a date that does not read (`to_date` gave None), in words.
pub(super) fn date_problem(key: &str, d: &Spanned<DateValue>) -> String {
    match d.get_ref() {
        DateValue::Text(s) => format!(
            "{key}: `{s}` is not a date: write year-month-day, like 2026-01-10 (quotes optional)"
        ),
        DateValue::Toml(t) => {
            format!("{key}: `{t}` is not a date: expected a date like 2026-01-10")
        }
    }
}

/// A port as given (None: the security's default); 0 is refused, with its place.
pub(super) fn check_port(
    ck: &mut Checker<'_>,
    section: &str,
    port: Option<&Spanned<u16>>,
) -> Option<u16> {
    let p = port?;
    if *p.get_ref() == 0 {
        ck.at(
            Some(p.span()),
            format!("{section} port: expected a whole number from 1 to 65535, found 0"),
        );
    }
    Some(*p.get_ref())
}

pub(super) fn to_date(d: &DateValue) -> Option<NaiveDate> {
    match d {
        DateValue::Text(s) => s.trim().parse().ok(),
        DateValue::Toml(d) => {
            let date = d.date?;
            if d.time.is_some() {
                return None;
            }
            NaiveDate::from_ymd_opt(
                i32::from(date.year),
                u32::from(date.month),
                u32::from(date.day),
            )
        }
    }
}
