//! The catalogue is complete and consistent in bg, ru and en (issue 10 item 6).

use std::collections::BTreeSet;

use super::*;

fn placeholders(s: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j)
                if after[..j]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                out.insert(after[..j].to_string());
                rest = &after[j + 1..];
            }
            _ => rest = after,
        }
    }
    out
}

fn latin_words(s: &str) -> usize {
    s.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .count()
}

fn cyrillic(s: &str) -> bool {
    s.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c))
}

/// The variants of `enum Key` as its source text declares them, in order.
fn declared_keys() -> Vec<String> {
    let source = include_str!("keys.rs");
    let body = source
        .split_once("pub enum Key {")
        .and_then(|(_, rest)| rest.split_once("\n}"))
        .expect("keys.rs declares `pub enum Key { … }`")
        .0;
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#["))
        .map(|l| l.trim_end_matches(',').to_string())
        .collect()
}

#[test]
fn key_all_lists_every_variant_of_the_enum_once() {
    let declared = declared_keys();
    assert!(declared.len() > 100, "the parser found too few keys");
    assert!(
        declared
            .iter()
            .all(|k| k.chars().all(|c| c.is_ascii_alphanumeric())),
        "a variant with data or an attribute the parser does not read: {declared:?}"
    );
    let listed: Vec<String> = Key::ALL.iter().map(|k| format!("{k:?}")).collect();
    let missing: Vec<&String> = declared.iter().filter(|k| !listed.contains(k)).collect();
    assert!(missing.is_empty(), "Key::ALL lacks {missing:?}");
    assert_eq!(listed.len(), declared.len(), "Key::ALL lists a key twice");
}

#[test]
fn every_text_key_exists_in_bg_ru_and_en_with_the_same_placeholders() {
    let all: BTreeSet<Key> = Key::ALL.iter().copied().collect();
    assert_eq!(all.len(), Key::ALL.len(), "a key listed twice in Key::ALL");
    for &key in Key::ALL {
        let (bg, ru, en) = (
            text(Lang::Bg, key),
            text(Lang::Ru, key),
            text(Lang::En, key),
        );
        for (lang, t) in [("bg", bg), ("ru", ru), ("en", en)] {
            assert!(!t.trim().is_empty(), "{key:?} empty in {lang}");
        }
        assert_eq!(
            placeholders(bg),
            placeholders(en),
            "{key:?}: bg and en fill in different things"
        );
        assert_eq!(
            placeholders(ru),
            placeholders(en),
            "{key:?}: ru and en fill in different things"
        );
        // An English sentence left untranslated: the Bulgarian and Russian texts are written in
        // Cyrillic whenever the English one has words.
        if latin_words(&en.replace("amici", "").replace("Message-ID", "")) >= 2 {
            assert!(cyrillic(bg), "{key:?}: bg is not Bulgarian: {bg}");
            assert!(cyrillic(ru), "{key:?}: ru is not Russian: {ru}");
        }
    }
}

#[test]
fn fill_replaces_every_placeholder_and_nothing_else() {
    let s = fill(
        Lang::En,
        Key::RateLimited,
        &[("from", &"ivan@x.test"), ("limit", &20)],
    );
    assert!(
        s.contains("More than 20 letters arrived from ivan@x.test today"),
        "{s}"
    );
    assert!(!s.contains('{'), "{s}");
}

#[test]
fn every_kind_of_letter_is_worded_in_bg_ru_and_en_an_unknown_kind_stands_as_it_is() {
    use crate::rules::model::Kind;
    for kind in Kind::ALL {
        assert_eq!(Kind::from_header(kind.as_str()), Some(kind));
        let (bg, ru, en) = (
            kind_name(Lang::Bg, kind.as_str()),
            kind_name(Lang::Ru, kind.as_str()),
            kind_name(Lang::En, kind.as_str()),
        );
        assert!(cyrillic(&bg) && cyrillic(&ru), "{kind:?}: {bg} / {ru}");
        assert!(!cyrillic(&en) && !en.is_empty(), "{kind:?}: {en}");
    }
    assert_eq!(kind_name(Lang::Bg, "move"), "препратен ход");
    assert_eq!(kind_name(Lang::Ru, "carrier-pigeon"), "carrier-pigeon");
    // A bounce without a diagnostic is worded in the reader's language (engine::bounce).
    assert!(cyrillic(text(Lang::Bg, Key::ReturnedUndeliverable)));
}

#[test]
fn fill_puts_each_value_in_once_and_never_reads_placeholders_in_a_value() {
    // A player named like a placeholder keeps his name; the other value still goes in.
    let s = fill(
        Lang::En,
        Key::OverdueDigestLine,
        &[
            ("game", &"T/1"),
            ("white", &"{black}"),
            ("black", &"Petar"),
            ("side", &"White"),
            ("move", &12),
            ("claim", &1),
        ],
    );
    assert!(
        s.contains("{black}") && s.contains("Petar") && s.contains("T/1"),
        "{s}"
    );
    assert!(!s.contains("{game}") && !s.contains("{move}"), "{s}");
}
