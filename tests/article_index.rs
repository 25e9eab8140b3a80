//! The article index of `src/rules/mod.rs` (issue 10 item 2) stays true: every article listed
//! once, every file named exists, every test named is a `fn` under `src/` or `tests/`, and the
//! `# Article index` table of the module doc is `ARTICLES` rendered.

use std::path::Path;

use amici::rules::ARTICLES;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
            out.push('\n');
        }
    }
}

#[test]
fn every_article_is_listed_once() {
    let mut seen = std::collections::HashSet::new();
    for a in ARTICLES {
        assert!(seen.insert(a.article), "{} is listed twice", a.article);
    }
    // Art. 5–57 each have a row of their own.
    for n in 5..=57 {
        let name = format!("Art. {n}");
        assert!(
            seen.contains(name.as_str()),
            "{name} is missing from the index"
        );
    }
    for s in ["§707", "§708.3", "§708.4", "§709.1", "§709.2"] {
        assert!(seen.contains(s), "{s} is missing from the index");
    }
    for n in 1..=8 {
        let name = format!("annex {n}");
        assert!(
            seen.contains(name.as_str()),
            "{name} is missing from the index"
        );
    }
}

#[test]
fn every_file_named_exists() {
    for a in ARTICLES {
        if let Some(f) = a.file {
            assert!(
                root().join(f).is_file(),
                "{}: {f} does not exist",
                a.article
            );
        }
    }
}

#[test]
fn every_test_named_exists() {
    let mut text = String::new();
    sources(&root().join("src"), &mut text);
    sources(&root().join("tests"), &mut text);
    for a in ARTICLES {
        if let Some(t) = a.test {
            let found = text.match_indices(&format!("fn {t}(")).any(|(i, _)| {
                // A test: `#[test]` (or `#[tokio::test]`) on one of the lines just above.
                text[..i]
                    .lines()
                    .rev()
                    .take(4)
                    .any(|l| l.trim().ends_with("test]"))
            });
            assert!(
                found,
                "{}: no test `fn {t}(` under src/ or tests/",
                a.article
            );
        }
    }
}

#[test]
fn the_module_doc_is_the_table_rendered() {
    let doc = std::fs::read_to_string(root().join("src/rules/mod.rs")).unwrap();
    let written: Vec<&str> = doc
        .lines()
        .filter(|l| l.starts_with("//! | ") && !l.starts_with("//! | article |"))
        .collect();
    let rendered: Vec<String> = ARTICLES
        .iter()
        .map(|a| {
            format!(
                "//! | {} | {} | {} | {} |",
                a.article,
                a.rule,
                a.file
                    .map_or("enforced nowhere".to_string(), |f| format!("`{f}`")),
                a.test.map_or("no test".to_string(), |t| format!("`{t}`")),
            )
        })
        .collect();
    assert_eq!(
        written,
        rendered,
        "the `# Article index` of src/rules/mod.rs differs from ARTICLES; render it again:\n{}",
        rendered.join("\n")
    );
}
