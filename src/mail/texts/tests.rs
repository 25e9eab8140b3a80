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
