//! `amici site` (issue 14 items 2–3) without a browser: the pages are valid HTML (`tidy`), no
//! e-mail address is published anywhere (pages, feed, PGN), the delay rule, the languages,
//! the `[site]` config, the site written after each `ingest` when `[site] dir` is set, the
//! crosstable of a round robin equal to `amici standings --format json`, and the size of the
//! site of a 16-player round robin.
//!
//! `tidy` (Debian package `tidy`) is installed by scripts/test.sh; without it the validity
//! test says so loudly and passes (it fails under `CI=true`).

#[path = "site_common/mod.rs"]
mod site_common;

use std::path::Path;
use std::process::Command;

use regex::Regex;
use serde_json::Value;
use site_common::*;

const TIDY: &str = "/usr/bin/tidy";

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn every_page_is_valid_html5_for_tidy() {
    if !Path::new(TIDY).exists() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{TIDY} is missing in CI (scripts/test.sh installs the Debian package tidy)"
        );
        eprintln!(
            "SKIPPED every_page_is_valid_html5_for_tidy: {TIDY} is missing (apt-get install tidy; scripts/test.sh does)"
        );
        return;
    }
    let (e, _) = played("[site]\npublish_delay_moves = 2");
    let site = e.site("site");
    // The Atom feed is well-formed XML (tidy in XML mode reports any error).
    let out = Command::new(TIDY)
        .args(["-q", "-e", "-xml"])
        .arg(site.join("feed.xml"))
        .output()
        .expect("run tidy -xml");
    assert!(
        out.status.success(),
        "feed.xml: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let css = read(&site.join("style.css"));
    assert!(
        css.contains("@media (max-width:600px)")
            && css.contains(".game{grid-template-columns:minmax(0,1fr)}"),
        "one column under 600 px"
    );
    let mut pages: Vec<_> = files(&site)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .collect();
    assert_eq!(
        pages.len(),
        1 + 1 + 6,
        "index, the tournament, six games: {pages:?}"
    );
    // The same tournament's pages in Bulgarian and in English (their words, dates, the
    // stepper's labels) are checked as well.
    let mut others = Vec::new();
    for lang in ["bg", "en"] {
        let (other, _) = played_in("[site]\npublish_delay_moves = 2", lang);
        let dir = other.site("site");
        let tournament = read(&dir.join("RU-2026/index.html"));
        assert!(tournament.starts_with(&format!("<!DOCTYPE html>\n<html lang=\"{lang}\"")));
        pages.extend(
            files(&dir)
                .into_iter()
                .filter(|p| p.extension().is_some_and(|x| x == "html")),
        );
        others.push(other);
    }
    assert_eq!(pages.len(), 3 * 8);
    // And the other publication settings' pages: live (the "live" note) and finished games
    // only (pairings without links to the games in play).
    for delay in ["0", "\"none\""] {
        let (other, _) = played(&format!("[site]\npublish_delay_moves = {delay}"));
        let dir = other.site("site");
        let before = pages.len();
        pages.extend(
            files(&dir)
                .into_iter()
                .filter(|p| p.extension().is_some_and(|x| x == "html")),
        );
        assert!(pages.len() >= before + 2, "index and tournament ({delay})");
        others.push(other);
    }
    for page in &pages {
        // -e: errors and warnings only; exit 0 = clean, 1 = warnings, 2 = errors.
        let out = Command::new(TIDY)
            .args(["-q", "-e", "--show-warnings", "yes", "--gnu-emacs", "yes"])
            .arg(page)
            .output()
            .expect("run tidy");
        let report = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && report.trim().is_empty(),
            "tidy on {}: exit {:?}\n{report}",
            page.display(),
            out.status.code()
        );
        let html = read(page);
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang="),
            "{}",
            page.display()
        );
        assert!(
            html.contains(
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            ),
            "a phone viewport: {}",
            page.display()
        );
        assert!(
            html.contains("style.css\">"),
            "the shared style sheet: {}",
            page.display()
        );
    }
}

#[test]
fn no_email_address_anywhere_on_the_site() {
    let (e, games) = played("[site]\npublish_delay_moves = 0");
    let site = e.site("site");
    // Letters and digits of any script: an internationalised address (RFC 6531) is one too.
    let address = Regex::new(r"[\p{L}\p{N}._%+\-]+@[\p{L}\p{N}\-]+(\.[\p{L}\p{N}\-]+)*").unwrap();
    let all = files(&site);
    let kinds = |ext: &str| {
        all.iter()
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .count()
    };
    assert_eq!(kinds("html"), 8);
    assert_eq!(kinds("pgn"), 6 + 1, "a PGN a game and the tournament's");
    assert_eq!(kinds("xml"), 1, "the Atom feed");
    for f in &all {
        let text = read(f);
        assert!(
            !address.is_match(&text),
            "{} publishes an address: {:?}",
            f.display(),
            address.find(&text).map(|m| m.as_str())
        );
        // Nor any local part of the players' addresses next to an @.
        for (_, user) in PLAYERS {
            assert!(!text.contains(&format!("{user}@")), "{}", f.display());
        }
    }
    // The PGN tags carry the names.
    let pgn = read(&game_page(&site, &games[0].id, "pgn"));
    assert!(
        pgn.contains("[White \"") && !pgn.contains("example.test"),
        "{pgn}"
    );
    // A player whose name is typed as an address: withheld, the rest of the name kept.
    let e2 = Event::new("");
    let config = std::fs::read_to_string(e2.dir().join("amici.toml"))
        .unwrap()
        .replace("\"Иван Петров\"", "\"Ivan <ivan.p@mail.example.org>\"")
        .replace("\"Мария Николова\"", "\"Мария <мария@поща.бг>\"");
    std::fs::write(e2.dir().join("amici.toml"), config).unwrap();
    let site2 = e2.site("site");
    for f in files(&site2) {
        let text = read(&f);
        assert!(!address.is_match(&text), "{}", f.display());
    }
    let table = read(&site2.join("RU-2026/index.html"));
    assert!(table.contains("Ivan &lt;…&gt;"), "{table}");
    assert!(table.contains("Мария &lt;…&gt;"), "{table}");
}

/// Players' names that are, or carry, e-mail addresses in the shapes a simple
/// `local@domain` pattern misses: a plain address as the whole name, a quoted local part
/// (RFC 5322 §3.4.1), an IP literal (RFC 5321 §4.1.3), an internationalised address (RFC
/// 6531), the at-sign written as an HTML character reference, percent-encoded, or as the
/// fullwidth at-sign. TOML text, in the order of `PLAYERS`.
const ADDRESS_NAMES: [&str; 4] = [
    "ivan@example.org",
    r#"Petar \"petar georgiev\"@example.org, admin@[192.0.2.1], petar＠example.org"#,
    "Мария иван@пример.бг maria&#64;example.org",
    "Elena elena&#x40;example.org elena%40example.org elena&#X040;example.org",
];

/// The domains of those addresses: none of them may be published in any form.
const ADDRESS_DOMAINS: [&str; 3] = ["example.org", "192.0.2.1", "пример.бг"];

#[test]
fn names_typed_as_addresses_of_every_shape_leave_no_address_on_the_site() {
    let (e, games) = played_edited("[site]\npublish_delay_moves = 0", |mut text| {
        for ((name, _), typed) in PLAYERS.iter().zip(ADDRESS_NAMES) {
            text = text.replace(&format!("\"{name}\""), &format!("\"{typed}\""));
        }
        text
    });
    let site = e.site("site");
    let all = files(&site);
    assert_eq!(
        all.len(),
        1 + 8 + 7 + 1 + 1,
        "marker, pages, PGN, feed, style: {all:?}"
    );
    let mut leaks = Vec::new();
    for f in &all {
        let text = read(f);
        let name = f.strip_prefix(&site).unwrap().display().to_string();
        for found in at_signs(f, &text) {
            leaks.push(format!("{name}: an at-sign in {found:?}"));
        }
        for domain in ADDRESS_DOMAINS {
            if text.contains(domain) {
                leaks.push(format!("{name}: the domain {domain}"));
            }
        }
    }
    assert!(
        leaks.is_empty(),
        "{} leaks:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
    // The names are still there, their other words kept: the crosstable has a row a player,
    // the pairings a row a game, the PGN its tags, the feed its three results.
    let table = read(&site.join("RU-2026/index.html"));
    let rows = crosstable(&table);
    assert_eq!(rows.len(), 4, "{table}");
    for (_, name, _, _) in &rows {
        assert!(!name.trim().is_empty(), "a name is shown: {rows:?}");
    }
    for word in ["Petar", "Мария", "Elena"] {
        assert!(table.contains(word), "{word} kept: {table}");
    }
    let pairing =
        Regex::new(r#"<tr><td class="l">([^<]+)</td><td>.*?</td><td class="l">([^<]+)</td></tr>"#)
            .unwrap();
    assert_eq!(pairing.captures_iter(&table).count(), 6, "{table}");
    let pgn = read(&game_page(&site, &games[0].id, "pgn"));
    let tag = |t: &str| {
        Regex::new(&format!(r#"\[{t} "([^"]*)"\]"#))
            .unwrap()
            .captures(&pgn)
            .unwrap_or_else(|| panic!("no {t} tag in {pgn}"))[1]
            .to_string()
    };
    assert!(
        !tag("White").is_empty() && !tag("Black").is_empty(),
        "{pgn}"
    );
    let feed = read(&site.join("feed.xml"));
    assert_eq!(feed.matches("<entry>").count(), 3, "{feed}");
}

/// The cells of a page's table rows that start with `row`, tags dropped (`<time>` keeps its
/// text), each row's cells in order.
fn table_rows(html: &str, row: &str) -> Vec<Vec<String>> {
    let tr = Regex::new(&format!("{row}(.*?)</tr>")).unwrap();
    let cell = Regex::new(r"<t[dh][^>]*>(.*?)</t[dh]>").unwrap();
    let tag = Regex::new(r"<[^>]*>").unwrap();
    tr.captures_iter(html)
        .map(|r| {
            cell.captures_iter(&r[1])
                .map(|c| tag.replace_all(&c[1], "").into_owned())
                .collect()
        })
        .collect()
}

/// A game page shows, for each move, its number, the tournament's notation (Bulgarian here)
/// beside the English SAN, the day it was sent and the days thought; both clocks; the result
/// and how the game ended. The expected days are worked out here from the letters' days and
/// the rule of docs/guide.md: the day a move arrives does not count and the day after it is
/// free, so a move received on R and sent on S took max(0, S − R − 1) days; White's move 1
/// runs from the start date (2026-03-01), so it took S − 1 March.
#[test]
fn a_game_page_shows_each_moves_day_and_days_both_notations_the_clocks_and_the_end() {
    let mut e = Event::edited("[site]\npublish_delay_moves = 0", |text| {
        text.replace("notation = \"ru\"", "notation = \"bg\"")
            .replacen("language = \"ru\"", "language = \"bg\"", 1)
    });
    let games = e.games();
    let (mate, resigned) = (&games[0], &games[2]);
    // Scholar's mate in Bulgarian notation, one letter on each of these days of March.
    let letters = [
        (3, "1. e2-e4"),
        (7, "1... e7-e5"),
        (8, "2. Оf1-c4"),
        (14, "2... Кb8-c6"),
        (16, "3. Дd1-h5"),
        (17, "3... Кg8-f6"),
        (27, "4. Дh5:f7"),
    ];
    for (i, (day, body)) in letters.iter().enumerate() {
        let from = if i % 2 == 0 { &mate.white } else { &mate.black };
        let now = format!("2026-03-{day:02}T10:00:00+02:00");
        e.letter(&now, from, &mate.id, body);
    }
    for (i, (day, body)) in [(4, "1. d2-d4"), (5, "1... d7-d5"), (9, "Предавам се.")]
        .iter()
        .enumerate()
    {
        let from = if i % 2 == 0 {
            &resigned.white
        } else {
            &resigned.black
        };
        let now = format!("2026-03-{day:02}T10:00:00+02:00");
        e.letter(&now, from, &resigned.id, body);
    }
    let site = e.site("site");
    let html = read(&game_page(&site, &mate.id, "html"));
    assert!(
        html.contains(
            "<th scope=\"col\" class=\"l\">Ход</th><th scope=\"col\" class=\"l\">SAN (англ.)</th>"
        ),
        "the SAN column beside the notation"
    );
    let rows = table_rows(&html, r#"<tr data-ply="\d+">"#);
    let want: Vec<Vec<String>> = [
        ["1.", "e2-e4", "e4", "03.03.2026", "2"],
        ["1…", "e7-e5", "e5", "07.03.2026", "3"],
        ["2.", "Оf1-c4", "Bc4", "08.03.2026", "0"],
        ["2…", "Кb8-c6", "Nc6", "14.03.2026", "5"],
        ["3.", "Дd1-h5", "Qh5", "16.03.2026", "1"],
        ["3…", "Кg8-f6", "Nf6", "17.03.2026", "0"],
        ["4.", "Дh5:f7", "Qxf7#", "27.03.2026", "9"],
    ]
    .iter()
    .map(|r| r.iter().map(|c| c.to_string()).collect())
    .collect();
    assert_eq!(rows, want, "the score");
    for day in [3, 7, 8, 14, 16, 17, 27] {
        assert!(
            html.contains(&format!("<time datetime=\"2026-03-{day:02}\">")),
            "the machine-readable day 2026-03-{day:02}"
        );
    }
    // The clocks: White 2 + 0 + 1 + 9, Black 3 + 5 + 0 thinking days; no penalty, no overstep.
    let name = |user: &str| PLAYERS.iter().find(|(_, u)| *u == user).unwrap().0;
    let table = &html[html.find("<table class=\"clocks\">").unwrap()..];
    let clocks = table_rows(&table[..table.find("</table>").unwrap()], "<tr>");
    let row = |cells: [&str; 4]| cells.map(String::from).to_vec();
    assert_eq!(
        clocks,
        vec![
            row(["", "Дни", "Наказателни", "Превишавания"]),
            row([&format!("Белите: {}", name(&mate.white)), "12", "0", "0"]),
            row([&format!("Черните: {}", name(&mate.black)), "8", "0", "0"]),
        ],
        "the clocks"
    );
    // The result and how it ended.
    assert!(
        html.contains("Резултат: <strong>1–0</strong> · Мат</p>"),
        "the result and the mate"
    );
    let html = read(&game_page(&site, &resigned.id, "html"));
    assert!(
        html.contains("Резултат: <strong>0–1</strong> · Белите се предадоха</p>"),
        "the result and the resignation"
    );
}

/// The position of a game's page as published: the plies of its score and its PGN.
fn published_plies(site: &Path, id: &str) -> (usize, usize) {
    let html = read(&game_page(site, id, "html"));
    let rows = html.matches("<tr data-ply=").count();
    let pgn = read(&game_page(site, id, "pgn"));
    let plies = Regex::new(r#"\[PlyCount "(\d+)"\]"#)
        .unwrap()
        .captures(&pgn)
        .unwrap()[1]
        .parse()
        .unwrap();
    (rows, plies)
}

#[test]
fn a_running_game_is_published_its_last_moves_minus_the_delay() {
    let (e, games) = played("[site]\npublish_delay_moves = 3");
    let site = e.site("site");
    let status = e.status();
    let moves = |id: &str| {
        status["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()["moves"]
            .as_array()
            .unwrap()
            .len()
    };
    let long = &games[1].id;
    assert_eq!(
        moves(long),
        24,
        "the long game is in play with 24 half-moves"
    );
    // 3 moves behind: each side's last three moves held back, 24 − 6 = 18 half-moves shown.
    assert_eq!(published_plies(&site, long), (18, 18));
    let html = read(&game_page(&site, long, "html"));
    assert!(
        !html.contains("Лf8-e8") && !html.contains("Re8"),
        "12... Лf8-e8 is not shown"
    );
    assert!(
        html.contains("9… Кc6-b8") || html.contains(">9…<"),
        "9... Кc6-b8 is the last shown"
    );
    let pgn = read(&game_page(&site, long, "pgn"));
    assert!(pgn.contains("9... Nb8") && !pgn.contains("10. d4"), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"));
    // The stepper's last position is the 18th.
    let fens = Regex::new(r#""fens":\[([^\]]*)\]"#)
        .unwrap()
        .captures(&html)
        .unwrap()[1]
        .split(',')
        .count();
    assert_eq!(fens, 19, "the start and 18 positions");
    // A finished game is published whole, whatever the delay.
    assert_eq!(published_plies(&site, &games[0].id), (7, 7));

    // 0: live.
    let live = Event::new("[site]\npublish_delay_moves = 0");
    let mut live = live;
    live.moves(2, &games[1], LONG_GAME);
    let site = live.site("site");
    assert_eq!(published_plies(&site, long), (24, 24));

    // "none": only finished games have a page; the pairing is listed without a link.
    let (none, games) = played("[site]\npublish_delay_moves = \"none\"");
    let site = none.site("site");
    assert!(game_page(&site, &games[0].id, "html").exists());
    assert!(!game_page(&site, &games[1].id, "html").exists());
    assert!(!game_page(&site, &games[1].id, "pgn").exists());
    let games_pgn = read(&site.join("RU-2026/games.pgn"));
    assert_eq!(
        games_pgn.matches("[Event ").count(),
        3,
        "the three finished games"
    );
    assert!(!read(&site.join("RU-2026/index.html")).contains("2.html"));

    // Fewer moves than the delay: the start position, no move.
    let mut short = Event::new("");
    short.moves(2, &games[1], &LONG_GAME[..5]);
    let site = short.site("site");
    assert_eq!(
        published_plies(&site, long),
        (0, 0),
        "default delay 5: nothing of 5 half-moves"
    );
}

#[test]
fn the_site_config_is_checked_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amici.toml");
    let parse = |site: &str| amici::config::parse(&path, &config(site));
    let c = parse("").expect("no [site]");
    assert_eq!(c.site.dir, None);
    assert_eq!(c.site.publish_delay, amici::config::PublishDelay::Moves(5));
    assert_eq!(
        c.tournaments[0].language,
        Some(amici::rules::model::Lang::Ru)
    );
    let c = parse("[site]\ndir = \"public\"\npublish_delay_moves = \"none\"").expect("none");
    assert_eq!(c.site.dir, Some(dir.path().join("public")));
    assert_eq!(
        c.site.publish_delay,
        amici::config::PublishDelay::FinishedOnly
    );
    let c = parse("[site]\npublish_delay_moves = 0").expect("live");
    assert_eq!(c.site.publish_delay, amici::config::PublishDelay::Moves(0));
    for bad in [
        "publish_delay_moves = -1",
        "publish_delay_moves = \"soon\"",
        "colour = 1",
    ] {
        let errors = parse(&format!("[site]\n{bad}")).expect_err(bad);
        let e = &errors.0[0];
        assert!(
            e.line > 0 && e.message.contains("[site]"),
            "{bad}: {errors}"
        );
    }
    // The example config documents the section.
    let example = include_str!("../config/amici.example.toml");
    assert!(example.contains("[site]") && example.contains("publish_delay_moves"));
}

#[test]
fn the_pages_speak_the_tournaments_language_and_the_index_the_bots() {
    let (e, games) = played("");
    let site = e.site("site");
    let index = read(&site.join("index.html"));
    assert!(index.contains("<html lang=\"bg\">") && index.contains("Турнири"));
    let t = read(&site.join("RU-2026/index.html"));
    assert!(t.contains("<html lang=\"ru\">") && t.contains("Турнирная таблица"));
    let g = read(&game_page(&site, &games[0].id, "html"));
    assert!(
        g.contains("<html lang=\"ru\">") && g.contains("Мат"),
        "how it ended"
    );
    assert!(
        g.contains("Сf1-c4") && g.contains("Bc4"),
        "Russian notation and SAN"
    );
    assert!(g.contains("Qxf7#"));
    assert!(
        g.contains("<time datetime=\"2026-03-02\">02.03.2026</time>"),
        "sending dates"
    );
    // Without JavaScript: the final position is drawn and the buttons are hidden.
    assert!(g.contains("id=\"steps\" hidden"));
    assert!(g.contains("data-sq=\"f7\" data-p=\"Q\""));
    let g3 = read(&game_page(&site, &games[2].id, "html"));
    assert!(g3.contains("Белые сдались"), "the resignation in Russian");
    let feed = read(&site.join("feed.xml"));
    assert!(
        feed.starts_with("<?xml") && feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\"")
    );
    assert_eq!(feed.matches("<entry>").count(), 3, "three results");
    assert!(feed.contains("href=\"RU-2026/1.html\""));
    // RFC 4287 §4.1.1–4.1.2: the feed and each entry carry exactly one id, title and updated
    // (an RFC 3339 time), and an author the entries inherit from the feed if not their own.
    let entry = Regex::new(r"(?s)<entry>(.*?)</entry>").unwrap();
    let head = entry.replace_all(&feed, "");
    let updated =
        Regex::new(r"<updated>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)</updated>").unwrap();
    for element in ["<id>", "<title>", "<updated>"] {
        assert_eq!(
            head.matches(element).count(),
            1,
            "the feed's {element}: {head}"
        );
    }
    assert!(updated.is_match(&head), "{head}");
    let feed_author = head.contains("<author><name>");
    for e in entry.captures_iter(&feed) {
        let e = &e[1];
        for element in ["<id>", "<title>", "<updated>"] {
            assert_eq!(e.matches(element).count(), 1, "an entry's {element}: {e}");
        }
        assert!(updated.is_match(e), "{e}");
        assert!(
            feed_author || e.contains("<author><name>"),
            "an author: {e}"
        );
    }
}

#[test]
fn e2e_round_robin_site_crosstable_equals_standings_json_and_follows_each_ingest() {
    // [site] dir: every `ingest` rewrites the site.
    let (mut e, games) = played("[site]\ndir = \"public\"\npublish_delay_moves = 0");
    let public = e.dir().join("public");
    assert!(public.join("index.html").exists(), "written by ingest");
    // Play the rest: 5 and 6 decided, 2 drawn.
    e.moves(27, &games[4], &["1. e2-e4", "сдаюсь"]);
    e.moves(
        27,
        &games[5],
        &["1. f2-f3", "1... e7-e5", "2. g2-g4", "2... Фd8-h4"],
    );
    e.letter(
        "2026-04-10T10:00:00+03:00",
        &games[1].white.clone(),
        &games[1].id.clone(),
        "предлагаю ничью",
    );
    e.letter(
        "2026-04-11T10:00:00+03:00",
        &games[1].black.clone(),
        &games[1].id.clone(),
        "принимаю ничью",
    );
    let status = e.status();
    for g in status["games"].as_array().unwrap() {
        assert_ne!(g["result"], "*", "every game finished: {g:#}");
    }
    // The site as the last `ingest` left it is the site `amici site` writes that day.
    let out = e.site_at("2026-04-11T10:00:00+03:00", "out");
    assert_eq!(files(&out).len(), files(&public).len());
    for f in files(&out) {
        let rel = f.strip_prefix(&out).unwrap();
        assert!(
            read(&f) == read(&public.join(rel)),
            "{} differs",
            rel.display()
        );
    }
    assert!(
        !files(e.dir())
            .iter()
            .any(|p| p.to_string_lossy().contains(".new-")),
        "no temp dir left"
    );
    let table: Value =
        serde_json::from_str(&e.ok(NOW, &["standings", "--format", "json"])).unwrap();
    assert_crosstable_equals(&read(&public.join("RU-2026/index.html")), &table);
    let json = table["standings"].as_array().unwrap();
    assert_eq!(json.len(), 4);
    let total: f64 = json.iter().map(|j| j["points"].as_f64().unwrap()).sum();
    assert_eq!(total, 6.0, "six games, six points");
}

#[test]
fn a_sixteen_player_round_robin_site_and_its_size() {
    use amici::rules::game::{GameRecord, Status, Termination};
    use amici::rules::model::{GameResult, PlayedMove};
    use shakmaty::{Chess, Position, san::San};
    let players: String = (1..=16)
        .map(|i| format!("{{ name = \"Играч Номер {i}\", email = \"p{i}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(",\n");
    let text = config("")
        .replace("language = \"ru\"", "language = \"bg\"")
        .replace(
            &config("")
                [config("").find("players  = [").unwrap()..config("").rfind(']').unwrap() + 1],
            &format!("players = [\n{players}\n]"),
        );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amici.toml");
    std::fs::write(&path, &text).unwrap();
    let config = amici::config::load(&path).expect("config");
    let t = &config.tournaments[0];
    assert_eq!(t.games.len(), 120);
    // Every game played to 60 half-moves by a fixed pseudo-random walk, a move every 3 days;
    // three in four finished.
    let start = t.start;
    let mut seed: u64 = 0x5eed;
    let mut records = Vec::new();
    for (i, spec) in t.games.iter().enumerate() {
        let mut rec = GameRecord::new(
            format!("{}/{}", t.id, i + 1),
            t.id.clone(),
            spec.white.clone(),
            spec.black.clone(),
            t.params.clone(),
            t.notation,
            start,
        );
        let mut pos = Chess::default();
        let mut received = start.pred_opt().unwrap();
        for ply in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            let sent = start + chrono::Days::new(3 * ply as u64 + 1);
            rec.moves.push(PlayedMove {
                uci: mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
                san: San::from_move(&pos, mv).to_string(),
                received,
                sent,
                from_variant: false,
                letter: ply + 1,
            });
            received = sent;
            pos.play_unchecked(mv);
        }
        if i % 4 != 0 {
            rec.status = Status::Finished;
            rec.result = Some(
                [
                    GameResult::WhiteWins,
                    GameResult::Draw,
                    GameResult::BlackWins,
                ][i % 3],
            );
            rec.termination = Some(Termination::Resignation);
        }
        records.push(rec);
    }
    let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let started = std::time::Instant::now();
    let files = amici::site::build(&config, &records, today).expect("site");
    let took = started.elapsed();
    let size = |ext: &str| -> usize {
        files
            .iter()
            .filter(|(p, _)| p.extension().is_some_and(|x| x == ext))
            .map(|(_, b)| b.len())
            .sum()
    };
    let total: usize = files.iter().map(|(_, b)| b.len()).sum();
    eprintln!(
        "16-player round robin (120 games × 60 half-moves): {} files, {:.1} KB in all \
         (HTML {:.1} KB, PGN {:.1} KB, feed {:.1} KB); a game page ≈ {:.1} KB; built in {} ms",
        files.len(),
        total as f64 / 1024.0,
        size("html") as f64 / 1024.0,
        size("pgn") as f64 / 1024.0,
        size("xml") as f64 / 1024.0,
        files
            .iter()
            .find(|(p, _)| p.ends_with("RU-2026/2.html"))
            .map_or(0, |(_, b)| b.len()) as f64
            / 1024.0,
        took.as_millis()
    );
    assert_eq!(
        files.len(),
        3 + 2 + 120 * 2,
        "index, style sheet, feed, tournament page and PGN, 120 × (page, PGN)"
    );
    assert!(total < 8 * 1024 * 1024, "{total} bytes");
    let page = files
        .iter()
        .find(|(p, _)| p.ends_with("RU-2026/index.html"))
        .unwrap();
    let html = String::from_utf8(page.1.clone()).unwrap();
    assert_eq!(crosstable(&html).len(), 16);
    assert_eq!(
        html.matches("<h3 id=\"round-").count(),
        15,
        "15 rounds of 8 games"
    );
}

#[test]
fn the_daemons_hook_writes_the_site_after_a_batch_and_only_with_a_site_dir() {
    let (e, games) = played("[site]\ndir = \"hooked\"\npublish_delay_moves = 0");
    let config = amici::config::load(&e.dir().join("amici.toml")).expect("config");
    let hooked = e.dir().join("hooked");
    std::fs::remove_dir_all(&hooked).expect("ingest wrote it");
    let mut store = amici::store::Store::open(&config.bot.database).expect("database");
    amici::engine::sync_config(&mut store, &config).expect("sync");
    let db = amici::store::Db::spawn(store);
    let now = chrono::DateTime::parse_from_rfc3339(NOW).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(amici::site::after_batch(
        &db,
        std::sync::Arc::new(config.clone()),
        now,
    ));
    assert!(
        game_page(&hooked, &games[1].id, "html").exists(),
        "the site after the batch"
    );
    assert!(read(&game_page(&hooked, &games[1].id, "pgn")).contains("[PlyCount \"24\"]"));
    // Again: the old site is replaced, nothing is left beside it.
    runtime.block_on(amici::site::after_batch(
        &db,
        std::sync::Arc::new(config.clone()),
        now,
    ));
    let beside: Vec<_> = std::fs::read_dir(e.dir())
        .unwrap()
        .map(|d| d.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".hooked"))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
    // Without [site] dir the hook does nothing.
    let mut bare = config.clone();
    bare.site.dir = None;
    std::fs::remove_dir_all(&hooked).unwrap();
    runtime.block_on(amici::site::after_batch(
        &db,
        std::sync::Arc::new(bare),
        now,
    ));
    assert!(!hooked.exists());
}

/// Replays a PGN's moves with pgn-reader (as tests/pgn_corpus.rs does): the FEN after the
/// last move, or the first move that does not play.
struct Replay;

impl pgn_reader::Visitor for Replay {
    type Tags = ();
    type Movetext = (shakmaty::Chess, Result<usize, String>);
    type Output = Result<(usize, String), String>;

    fn begin_tags(&mut self) -> std::ops::ControlFlow<Self::Output, Self::Tags> {
        std::ops::ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        _: Self::Tags,
    ) -> std::ops::ControlFlow<Self::Output, Self::Movetext> {
        std::ops::ControlFlow::Continue((shakmaty::Chess::default(), Ok(0)))
    }

    fn san(
        &mut self,
        m: &mut Self::Movetext,
        san: pgn_reader::SanPlus,
    ) -> std::ops::ControlFlow<Self::Output> {
        use shakmaty::Position;
        if let Ok(n) = m.1 {
            m.1 = match san.san.to_move(&m.0) {
                Ok(mv) => {
                    m.0.play_unchecked(mv);
                    Ok(n + 1)
                }
                Err(e) => Err(format!("move {}: {san}: {e}", n + 1)),
            };
        }
        std::ops::ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: Self::Movetext) -> Self::Output {
        let fen = shakmaty::fen::Fen::from_position(&m.0, shakmaty::EnPassantMode::Legal);
        m.1.map(|n| (n, fen.to_string()))
    }
}

/// Each game page's "download the PGN" link names a file of the site; that file is a PGN
/// whose moves pgn-reader plays through to the position the page's board shows last.
#[test]
fn each_game_page_links_its_pgn_and_the_pgn_reads_back_to_the_pages_position() {
    let (e, games) = played("[site]\npublish_delay_moves = 3");
    let site = e.site("site");
    let link = Regex::new(r#"<a href="([^"]+)" download>"#).unwrap();
    for g in &games {
        let page = game_page(&site, &g.id, "html");
        let html = read(&page);
        let hrefs: Vec<_> = link
            .captures_iter(&html)
            .map(|c| c[1].to_string())
            .collect();
        assert_eq!(hrefs.len(), 1, "{}: one PGN download link", g.id);
        assert!(hrefs[0].ends_with(".pgn"), "{}: {}", g.id, hrefs[0]);
        let file = page.parent().unwrap().join(&hrefs[0]);
        let pgn = read(&file);
        let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(pgn.as_bytes()));
        let (plies, fen) = reader
            .read_game(&mut Replay)
            .expect("read")
            .expect("a game")
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(plies, html.matches("<tr data-ply=").count(), "{}", g.id);
        assert!(
            html.contains(&format!("<output id=\"fen\">{fen}</output>")),
            "{}: the board's last position {fen}",
            g.id
        );
    }
}

/// The site works offline: no page, style sheet or feed loads anything from the network.
/// Resources are what a browser fetches by itself — `src` of any element, `href` of any
/// element but `<a>` (style sheets, icons, fonts, feeds named by `<link>`), CSS `url(…)` and
/// `@import`; each must be a relative address. An `<a href>` to another site would be a link
/// a reader may follow, not a resource, and the feed's namespace URI is a name, not a fetch.
#[test]
fn no_page_loads_anything_from_the_network() {
    let (e, _) = played("[site]\npublish_delay_moves = 0");
    let site = e.site("site");
    let tag = Regex::new(r"<([A-Za-z][A-Za-z0-9]*)\b([^>]*)>").unwrap();
    let attr = Regex::new(r#"\b(src|href|srcset|poster|data|action)\s*=\s*"([^"]*)""#).unwrap();
    let remote = |v: &str| {
        let v = v.trim().to_ascii_lowercase();
        v.starts_with("http:") || v.starts_with("https:") || v.starts_with("//")
    };
    let css =
        Regex::new(r"(?i)url\(\s*['\x22]?([^'\x22)]*)|@import\s+['\x22]?([^'\x22;]*)").unwrap();
    let mut resources = 0;
    for f in files(&site) {
        let text = read(&f);
        for c in css.captures_iter(&text) {
            let v = c.get(1).or(c.get(2)).unwrap().as_str();
            assert!(!remote(v), "{}: CSS fetches {v}", f.display());
        }
        for t in tag.captures_iter(&text) {
            if t[1].eq_ignore_ascii_case("a") {
                continue;
            }
            for a in attr.captures_iter(&t[2]) {
                resources += 1;
                assert!(
                    !remote(&a[2]),
                    "{}: <{} {}=\"{}\"> comes from the network",
                    f.display(),
                    &t[1],
                    &a[1],
                    &a[2]
                );
            }
        }
    }
    assert!(
        resources > 8 * 2,
        "the style sheets and feed links were seen: {resources}"
    );
}
