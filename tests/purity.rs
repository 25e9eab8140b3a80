//! The rules core stays pure (STYLE.md): nothing under src/rules/ names an IO, async or
//! storage crate, or reads the system clock.

use std::path::Path;

const FORBIDDEN: &[&str] = &[
    "tokio",
    "rusqlite",
    "lettre",
    "async_imap",
    "std::fs",
    "std::net",
    "std::process",
    "std::env",
    "SystemTime::now",
    "Utc::now",
    "Local::now",
    "Instant::now",
    "async fn",
    ".await",
];

fn scan(dir: &Path, hits: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scan(&path, hits);
        } else if path.extension().is_some_and(|e| e == "rs") {
            scan_file(&path, FORBIDDEN, hits);
        }
    }
}

fn scan_file(path: &Path, forbidden: &[&str], hits: &mut Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for word in forbidden {
            // A whole name: `.await` but not `.awaiting_decision()`.
            let whole = code.match_indices(word).any(|(i, _)| {
                !code[i + word.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            });
            if whole {
                hits.push(format!(
                    "{}:{}: {word}: {}",
                    path.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
}

#[test]
fn the_rules_core_has_no_io_no_clock_no_async() {
    let mut hits = Vec::new();
    scan(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules"),
        &mut hits,
    );
    assert!(
        hits.is_empty(),
        "src/rules must stay pure:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_scan_would_catch_an_offender() {
    // The check itself is tested: a forbidden name in a scanned file is reported.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("x.rs"),
        "fn f() { let _ = std::fs::read(\"a\"); }\n",
    )
    .unwrap();
    let mut hits = Vec::new();
    scan(dir.path(), &mut hits);
    assert_eq!(hits.len(), 1, "{hits:?}");
}

#[test]
fn the_router_is_pure_too() {
    // Issue 10 item 4: `engine::route` is one pure function of the parsed letter and the
    // config — no store, no clock, besides what the core may not use either.
    let mut forbidden = FORBIDDEN.to_vec();
    forbidden.extend(["Store", "Tx<", "crate::clock", "clock::now"]);
    let mut hits = Vec::new();
    scan_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/route.rs"),
        &forbidden,
        &mut hits,
    );
    assert!(
        hits.is_empty(),
        "src/engine/route.rs must stay pure:\n{}",
        hits.join("\n")
    );
}

/// Lines of `dir` (recursively) where a `match` on the language yields words: an arm
/// `Lang::En =>` (or `, Lang::Ru) =>`) with a string literal on it or on the line after.
fn worded_by_language(dir: &Path, hits: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            worded_by_language(&path, hits);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let arm = ["Lang::En", "Lang::Ru", "Lang::Bg"].iter().find_map(|l| {
                code.find(l)
                    .and_then(|i| code[i..].find("=>").map(|j| i + j))
            });
            let Some(at) = arm else { continue };
            let next = lines.get(n + 1).copied().unwrap_or("");
            if code[at..].contains('"') || next.trim_start().starts_with('"') {
                hits.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
}

#[test]
fn the_core_holds_no_words_of_a_language() {
    // Issue 10 item 6: the core names what its tables print (`rules::standings::Word`); the
    // words live in `src/mail/texts/{bg,ru,en}.rs`, where a test checks each key in all three.
    let mut hits = Vec::new();
    worded_by_language(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules"),
        &mut hits,
    );
    assert!(
        hits.is_empty(),
        "words in a language inside src/rules (move them to src/mail/texts):\n{}",
        hits.join("\n")
    );
    // The check itself: a worded arm in a scanned file is reported.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("x.rs"),
        "fn f(l: Lang) -> &str { match l {\n    Lang::En => \"Rank\",\n    Lang::Bg => {\n        \"Място\"\n    }\n    Lang::Ru => other(),\n} }\n",
    )
    .unwrap();
    let mut caught = Vec::new();
    worded_by_language(dir.path(), &mut caught);
    assert_eq!(caught.len(), 2, "{caught:?}");
}
