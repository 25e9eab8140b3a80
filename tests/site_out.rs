//! Where the site is written (issue 14 item 2): `amici site --out DIR` replaces only a folder
//! it wrote itself (its `.amici-site` marker) or an empty or new one — an `--out` naming the
//! arbiter's own folder by mistake is refused and loses nothing — and with `[site] dir` the
//! site follows every command that changes the record: `arbiter`, `tick` and `import`, as it
//! follows `ingest` (tests/site.rs) and the daemon's batches.

#[path = "site_common/mod.rs"]
mod site_common;

use std::path::Path;
use std::process::Command;

use site_common::*;

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn site_out_refuses_a_folder_with_files_amici_did_not_write_and_keeps_them() {
    let e = Event::new("");
    let out = e.dir().join("documents");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("thesis.odt"), "three years of work").unwrap();
    let run = e.run(NOW, &["site", "--out", out.to_str().unwrap()]);
    assert!(!run.status.success(), "a foreign folder is refused");
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("did not write"), "says why: {err}");
    assert_eq!(read(&out.join("thesis.odt")), "three years of work");
    assert!(!out.join("index.html").exists(), "nothing written into it");
    assert!(!out.join(amici::site::MARKER).exists());

    // A file is not a folder either.
    let file = e.dir().join("notes.txt");
    std::fs::write(&file, "keep me").unwrap();
    let run = e.run(NOW, &["site", "--out", file.to_str().unwrap()]);
    assert!(!run.status.success(), "a file path is refused");
    assert_eq!(read(&file), "keep me");
}

#[test]
fn site_out_writes_into_an_empty_folder_and_replaces_its_own_site_again() {
    let e = Event::new("");
    let out = e.dir().join("public");
    std::fs::create_dir(&out).unwrap();
    e.ok(NOW, &["site", "--out", out.to_str().unwrap()]);
    assert!(
        out.join("index.html").exists(),
        "written into the empty folder"
    );
    assert!(
        out.join(amici::site::MARKER).is_file(),
        "the marker is written"
    );
    // A stray file left in amici's own folder goes with the old site.
    std::fs::write(out.join("stale.html"), "old").unwrap();
    e.ok(NOW, &["site", "--out", out.to_str().unwrap()]);
    e.ok(NOW, &["site", "--out", out.to_str().unwrap()]);
    assert!(out.join("index.html").exists());
    assert!(
        !out.join("stale.html").exists(),
        "the folder was replaced whole"
    );
    let beside: Vec<_> = std::fs::read_dir(e.dir())
        .unwrap()
        .map(|d| d.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".public."))
        .collect();
    assert!(beside.is_empty(), "nothing left beside it: {beside:?}");
}

#[test]
fn site_out_replaces_a_site_written_before_the_marker_existed() {
    let e = Event::new("");
    let out = e.dir().join("public");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(
        out.join("index.html"),
        "<!DOCTYPE html>\n<html><head><meta name=\"generator\" content=\"amici\"></head></html>",
    )
    .unwrap();
    e.ok(NOW, &["site", "--out", out.to_str().unwrap()]);
    assert!(out.join(amici::site::MARKER).is_file());
}

#[test]
fn site_dir_follows_an_arbiter_ruling_and_a_tick() {
    let (e, games) = played("[site]\ndir = \"public\"\npublish_delay_moves = 0");
    let site = e.dir().join("public");
    let long = &games[1].id;
    let pgn = game_page(&site, long, "pgn");
    assert!(
        read(&pgn).contains("[Result \"*\"]"),
        "in play after the ingests"
    );

    e.ok(NOW, &["arbiter", "result", long, "1-0", "adjudication"]);
    assert!(
        read(&pgn).contains("[Result \"1-0\"]"),
        "the ruling is on the site at once"
    );

    // A tick on a later day: the pages carry the day they were made.
    assert!(read(&site.join("index.html")).contains("datetime=\"2026-04-20\""));
    e.ok("2026-04-23T09:00:00+03:00", &["tick"]);
    let index = read(&site.join("index.html"));
    assert!(
        index.contains("datetime=\"2026-04-23\""),
        "rewritten by the tick"
    );
}

#[test]
fn site_dir_follows_an_import() {
    let tmp = tempfile::tempdir().unwrap();
    let config = r#"[bot]
address = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Helsinki"
language = "en"

[outbox]
dir = "outbox"

[site]
dir = "public"
publish_delay_moves = 0

[[tournament]]
id = "WS47"
mode = "email"
notation = "en"
start = 2018-10-01
end = 2020-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  { name = "Hoogkamer, Michael", email = "hoogkamer@example.test" },
  { name = "Mäkelä, Ari", email = "makela@example.test" },
]
games = [ { white = "hoogkamer@example.test", black = "makela@example.test" } ]
"#;
    std::fs::write(tmp.path().join("amici.toml"), config).unwrap();
    let pgn = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/import/iccf-fin.pgn");
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(tmp.path().join("amici.toml"))
        .args(["import", "--tournament", "WS47", pgn.to_str().unwrap()])
        .current_dir(tmp.path())
        .env("AMICI_NOW", "2019-03-01T12:00:00+02:00")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = tmp.path().join("public/WS47/1.pgn");
    let text = read(&page);
    assert!(
        text.contains("[Result \"0-1\"]"),
        "the imported game is on the site: {text}"
    );
}

/// The `<id>` elements of a feed, in order.
fn feed_ids(feed: &str) -> Vec<String> {
    let re = regex::Regex::new(r"<id>([^<]*)</id>").unwrap();
    re.captures_iter(feed).map(|c| c[1].to_string()).collect()
}

#[test]
fn site_feed_links_itself_and_its_ids_are_the_installations_own() {
    let (a, games) = played("");
    let (b, _) = played("");
    let feed_a = read(&a.site("site").join("feed.xml"));
    let feed_b = read(&b.site("site").join("feed.xml"));
    // RFC 4287 §4.2.7.2: a feed names its own address.
    assert!(
        feed_a.contains("<link rel=\"self\" href=\"feed.xml\"/>"),
        "{feed_a}"
    );
    let (ids_a, ids_b) = (feed_ids(&feed_a), feed_ids(&feed_b));
    assert_eq!(
        ids_a.len(),
        4,
        "the feed and three finished games: {ids_a:?}"
    );
    assert_eq!(ids_a.len(), ids_b.len());
    let feed_id = &ids_a[0];
    assert!(
        feed_id.starts_with("urn:amici:") && feed_id.ends_with(":results"),
        "{feed_id}"
    );
    let prefix = feed_id.trim_end_matches("results");
    assert!(
        prefix.len() > "urn:amici:".len(),
        "an instance in it: {feed_id}"
    );
    let mate = format!("{prefix}game:{}", games[0].id);
    assert!(ids_a.contains(&mate), "{mate} in {ids_a:?}");
    // Two databases, the same games: no id in common.
    for id in &ids_a {
        assert!(!ids_b.contains(id), "{id} in both installations' feeds");
    }
    // The same database again: the same ids (a feed reader shows nothing twice).
    assert_eq!(feed_ids(&read(&a.site("again").join("feed.xml"))), ids_a);
}
