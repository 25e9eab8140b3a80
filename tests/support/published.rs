//! The published files of a site and the at-signs in them, found independently of the site's
//! own pattern (shared by the site's tests and the Swiss stage's).

use std::path::{Path, PathBuf};

use regex::Regex;

/// Every at-sign of `text` in any spelling a reader or a harvester turns into `@` — the
/// character itself, its fullwidth and small forms, the decimal, hexadecimal and named
/// character references and the percent-encoding — also after `&amp;` is read as `&` (an
/// escaped `&#64;` in a name shows the reader `&#64;`). Written here, independently of the
/// site's own pattern. A style sheet's `@media` rules are not addresses.
pub fn at_signs(path: &Path, text: &str) -> Vec<String> {
    let at = Regex::new(r"(?i)@|＠|﹫|&#0*64;|&#x0*40;|%40|&commat;").unwrap();
    let mut text = text.replace("&amp;", "&");
    if path.extension().is_some_and(|x| x == "css") {
        text = text.replace("@media", "");
    }
    at.find_iter(&text)
        .map(|m| {
            let before: String = text[..m.start()].chars().rev().take(30).collect();
            let after: String = text[m.end()..].chars().take(30).collect();
            format!(
                "{}{}{after}",
                before.chars().rev().collect::<String>(),
                m.as_str()
            )
        })
        .collect()
}

/// Every file under `dir`, with its path.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir") {
            let p = entry.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
