//! No import cycle of any length between amici's modules (issue 10 item 4).
//!
//! A module here is a top-level module of the crate (`engine`, `arbiter`, `store`, …), or one
//! module inside the two namespaces `rules` and `mail` (`rules::letter`, `mail::inbound`, …),
//! whose members are separate rooms. Its files are everything under it: `src/engine/*.rs` are
//! `engine`, `src/rules/game/*.rs` are `rules::game`. An edge is any path in code (not in a
//! comment) that names another module: `crate::x::…`, or `super::x` reaching out of the file's
//! own module. Test code counts too — a test module is a module.

use std::collections::{BTreeMap, BTreeSet};
#[path = "support/files.rs"]
mod files;

use std::path::Path;

use files::rust_files;

const NAMESPACES: [&str; 2] = ["rules", "mail"];

/// The module path of a file: `src/rules/game/moves.rs` → `[rules, game, moves]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The unit a module path belongs to (`None` for the crate root: lib.rs, main.rs).
fn unit(path: &[String]) -> Option<String> {
    match path {
        [] => None,
        [one] if one == "lib" || one == "main" => None,
        [ns, m, ..] if NAMESPACES.contains(&ns.as_str()) => Some(format!("{ns}::{m}")),
        [first, ..] => Some(first.clone()),
    }
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first segments of every path after `crate::` in `code`: `crate::rules::game::X` gives
/// `[rules, game]`; `crate::rules::{game::X, model::Y}` gives `[rules, game]`, `[rules, model]`;
/// `crate::{engine, rules::game}` gives `[engine]`, `[rules, game]`.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        if code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `amicicrate::` or the like
        }
        let rest = &code[i + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                for item in group_items(group) {
                    out.extend(path_from(item));
                }
            }
            None => out.extend(path_from(rest)),
        }
    }
    out
}

/// Where each item of a `{…}` group begins (`group` is the text after its `{`); items of
/// groups nested deeper are the business of their own item.
fn group_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut item_start = true;
    for (j, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if item_start && (c.is_ascii_alphanumeric() || c == '_') => {
                items.push(&group[j..]);
                item_start = false;
            }
            _ => {}
        }
    }
    items
}

/// The first two segments of the path at the start of `rest` (`first::second…`), or of each
/// path of a group in second place (`first::{a, b::X}` → `[first, a]`, `[first, b]`).
fn path_from(rest: &str) -> Vec<Vec<String>> {
    let first = ident_at(rest);
    if first.is_empty() {
        return Vec::new();
    }
    let after = &rest[first.len()..];
    if let Some(group) = after.strip_prefix("::{") {
        group_items(group)
            .into_iter()
            .map(|item| vec![first.to_string(), ident_at(item).to_string()])
            .collect()
    } else if let Some(second) = after.strip_prefix("::") {
        vec![vec![first.to_string(), ident_at(second).to_string()]]
    } else {
        vec![vec![first.to_string()]]
    }
}

/// `super::x` (and `super::super::x`) from a file with module path `here`, resolved.
fn super_paths(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("super::") {
        if code[..i].ends_with("super::")
            || code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        {
            continue; // counted from the first `super::` of the chain
        }
        let mut rest = &code[i..];
        let mut base: Vec<String> = here.to_vec();
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        let name = ident_at(rest);
        if !name.is_empty() && name != "super" {
            base.push(name.to_string());
            out.push(base);
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let units: BTreeSet<String> = files
        .iter()
        .filter_map(|f| unit(&module_path(&src, f)))
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let here = module_path(&src, file);
        let Some(from) = unit(&here) else { continue };
        let text = std::fs::read_to_string(file).unwrap();
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        // (`super::x` inside an inline `mod tests` names an item of the file's own module, never
        // another module's name: it adds no edge.)
        for path in crate_paths(&code)
            .into_iter()
            .chain(super_paths(&code, &here))
        {
            if let Some(to) = unit(&path).filter(|u| units.contains(u) && *u != from) {
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    edges
}

/// Every cycle's members (Tarjan's strongly connected components of more than one module).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        let edges: &'a BTreeMap<String, BTreeSet<String>> = s.edges;
        for w in edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.found.push(comp);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}

#[test]
fn the_modules_under_src_have_no_import_cycle_of_any_length() {
    let edges = graph();
    // The graph is real: the engine reaches the arbiter, the arbiter the rules.
    assert!(edges["engine"].contains("arbiter"), "{edges:?}");
    assert!(edges["arbiter"].contains("rules::game"), "{edges:?}");
    let found = cycles(&edges);
    let detail: Vec<String> = found
        .iter()
        .map(|c| {
            let links: Vec<String> = c
                .iter()
                .map(|m| {
                    let to: Vec<&str> = edges[m]
                        .iter()
                        .filter(|t| c.contains(t))
                        .map(String::as_str)
                        .collect();
                    format!("{m} → {}", to.join(", "))
                })
                .collect();
            links.join("; ")
        })
        .collect();
    assert!(found.is_empty(), "import cycles: {detail:#?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle_of_three_and_none_in_a_chain() {
    let e = |pairs: &[(&str, &str)]| {
        let mut m: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            m.entry(a.to_string()).or_default().insert(b.to_string());
        }
        m
    };
    assert_eq!(
        cycles(&e(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])),
        vec![vec!["a".to_string(), "b".into(), "c".into()]]
    );
    assert!(cycles(&e(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
}

#[test]
fn paths_are_read_from_use_lines_groups_and_super() {
    assert_eq!(
        crate_paths(
            "use crate::rules::{game::{self, X}, model::Day};\nlet d = crate::config::local_day(c, t);"
        ),
        vec![
            vec!["rules".to_string(), "game".into()],
            vec!["rules".into(), "model".into()],
            vec!["config".into(), "local_day".into()],
        ]
    );
    // A group at the top: `use crate::{engine, tick};` (src/dry_run.rs).
    assert_eq!(
        crate_paths("use crate::{engine, rules::{game, model::Day}, tick};"),
        vec![
            vec!["engine".to_string()],
            vec!["rules".into(), "game".into()],
            vec!["rules".into(), "model".into()],
            vec!["tick".into()],
        ]
    );
    let here: Vec<String> = ["rules", "pgn"].map(String::from).to_vec();
    assert_eq!(
        super_paths("use super::pgn_results::read;", &here),
        vec![vec!["rules".to_string(), "pgn_results".into()]]
    );
}
