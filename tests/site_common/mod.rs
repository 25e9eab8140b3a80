//! A small tournament played through the real binary (`ingest` with `AMICI_NOW`), for the
//! site's tests (`tests/site.rs`, `tests/site_browser.rs`): four players, a round robin in
//! Russian (its pages in Russian, the bot's in Bulgarian) — a mate, a resignation, an agreed
//! draw, a 24-move game in play and two games not started.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

#[path = "../support/published.rs"]
mod published;
#[allow(unused_imports)]
pub use published::{at_signs, files};

pub const PLAYERS: [(&str, &str); 4] = [
    ("Иван Петров", "ivan"),
    ("Petar Georgiev", "petar"),
    ("Мария Николова", "maria"),
    ("Elena Stoyanova", "elena"),
];

/// The day everything is looked at.
pub const NOW: &str = "2026-04-20T12:00:00+03:00";

pub const SCHOLARS_MATE: &[&str] = &[
    "1. e2-e4",
    "1... e7-e5",
    "2. Сf1-c4",
    "2... Кb8-c6",
    "3. Фd1-h5",
    "3... Кg8-f6",
    "4. Фh5:f7",
];

/// 24 half-moves of a Ruy Lopez, in Russian notation.
pub const LONG_GAME: &[&str] = &[
    "1. e2-e4",
    "1... e7-e5",
    "2. Кg1-f3",
    "2... Кb8-c6",
    "3. Сf1-b5",
    "3... a7-a6",
    "4. Сb5-a4",
    "4... Кg8-f6",
    "5. 0-0",
    "5... Сf8-e7",
    "6. Лf1-e1",
    "6... b7-b5",
    "7. Сa4-b3",
    "7... d7-d6",
    "8. c2-c3",
    "8... 0-0",
    "9. h2-h3",
    "9... Кc6-b8",
    "10. d2-d4",
    "10... Кb8-d7",
    "11. Кb1-d2",
    "11... Сc8-b7",
    "12. Сb3-c2",
    "12... Лf8-e8",
];

pub fn config(site: &str) -> String {
    let players = PLAYERS
        .iter()
        .map(|(n, e)| format!("{{ name = \"{n}\", email = \"{e}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(",\n  ");
    format!(
        r#"
[bot]
address  = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[outbox]
dir = "outbox"

{site}

[[tournament]]
id       = "RU-2026"
name     = "Кубок «Друзья» 2026"
notation = "ru"
language = "ru"
start    = 2026-03-01
end      = 2027-12-31
arbiter  = "arbiter@example.test"
pairing  = "round-robin"
players  = [
  {players}
]
"#
    )
}

pub struct Event {
    pub tmp: tempfile::TempDir,
    pub n: usize,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub id: String,
    pub white: String,
    pub black: String,
}

impl Event {
    pub fn new(site: &str) -> Event {
        let tmp = tempfile::tempdir().expect("temp dir");
        std::fs::write(tmp.path().join("amici.toml"), config(site)).expect("config");
        Event { tmp, n: 0 }
    }

    /// [`Event::new`] with the config's text changed by `edit` before anything runs on it.
    pub fn edited(site: &str, edit: impl FnOnce(String) -> String) -> Event {
        let e = Event::new(site);
        let path = e.dir().join("amici.toml");
        let text = std::fs::read_to_string(&path).expect("config");
        std::fs::write(&path, edit(text)).expect("config");
        e
    }

    pub fn dir(&self) -> &Path {
        self.tmp.path()
    }

    pub fn run(&self, now: &str, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(self.dir().join("amici.toml"))
            .args(args)
            .current_dir(self.dir())
            .env("AMICI_NOW", now)
            .env("AMICI_LOG", "warn")
            .output()
            .expect("run amici")
    }

    pub fn ok(&self, now: &str, args: &[&str]) -> String {
        let out = self.run(now, args);
        assert!(
            out.status.success(),
            "amici {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    }

    pub fn letter(&mut self, now: &str, from: &str, game: &str, body: &str) {
        self.n += 1;
        let path = self.dir().join(format!("l{}.eml", self.n));
        let raw = format!(
            "From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: {game}\r\n\
             Message-ID: <l{}@example.test>\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
            self.n
        );
        std::fs::write(&path, raw).expect("letter");
        self.ok(now, &["ingest", path.to_str().unwrap()]);
    }

    /// Alternating letters of White and Black, one a day from `day` of March 2026.
    pub fn moves(&mut self, day: u32, game: &Game, letters: &[&str]) {
        for (i, body) in letters.iter().enumerate() {
            let from = if i % 2 == 0 { &game.white } else { &game.black };
            let d = day + i as u32;
            let now = format!(
                "2026-{:02}-{:02}T10:00:00+02:00",
                3 + (d - 1) / 31,
                (d - 1) % 31 + 1
            );
            self.letter(&now, from, &game.id.clone(), body);
        }
    }

    pub fn status(&self) -> Value {
        serde_json::from_str(&self.ok(NOW, &["status", "--format", "json"])).expect("status")
    }

    pub fn games(&self) -> Vec<Game> {
        self.status()["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| Game {
                id: g["id"].as_str().unwrap().into(),
                white: g["white"]
                    .as_str()
                    .unwrap()
                    .trim_end_matches("@example.test")
                    .into(),
                black: g["black"]
                    .as_str()
                    .unwrap()
                    .trim_end_matches("@example.test")
                    .into(),
            })
            .collect()
    }

    /// `amici site --out DIR` as of `NOW`.
    pub fn site(&self, name: &str) -> PathBuf {
        self.site_at(NOW, name)
    }

    /// `amici site --out DIR` as of `now`.
    pub fn site_at(&self, now: &str, name: &str) -> PathBuf {
        let out = self.dir().join(name);
        self.ok(now, &["site", "--out", out.to_str().unwrap()]);
        out
    }
}

/// The scenario: game 1 a mate, game 2 the long game (in play), game 3 a resignation, game 4
/// an agreed draw; games 5 and 6 not started. Returns the event and the games in id order.
pub fn played(site: &str) -> (Event, Vec<Game>) {
    played_in(site, "ru")
}

/// [`played`] with the tournament's pages in `language` (`bg`, `ru`, `en`); the letters stay
/// in Russian notation.
pub fn played_in(site: &str, language: &str) -> (Event, Vec<Game>) {
    played_edited(site, |text| {
        text.replacen(
            "language = \"ru\"",
            &format!("language = \"{language}\""),
            1,
        )
    })
}

/// [`played`] in the tournament `edit` makes of the config's text (the players' names, the
/// notation, the language …) before anything is played; the letters stay in Russian notation.
pub fn played_edited(site: &str, edit: impl FnOnce(String) -> String) -> (Event, Vec<Game>) {
    let mut e = Event::edited(site, edit);
    let games = e.games();
    assert_eq!(games.len(), 6, "four players: six games");
    e.moves(2, &games[0], SCHOLARS_MATE);
    e.moves(2, &games[1], LONG_GAME);
    e.moves(3, &games[2], &["1. d2-d4", "1... d7-d5", "сдаюсь"]);
    e.moves(
        4,
        &games[3],
        &["1. c2-c4\nпредлагаю ничью", "принимаю ничью"],
    );
    (e, games)
}

/// The file of a game on the site: `RU-2026/3` → `DIR/RU-2026/3.html`.
pub fn game_page(site: &Path, id: &str, ext: &str) -> PathBuf {
    let (t, n) = id.split_once('/').unwrap();
    site.join(t).join(format!("{n}.{ext}"))
}

/// A crosstable figure as the HTML writes it (standings_html::fmt_score).
pub fn figure(v: f64) -> String {
    amici::rules::standings_html::fmt_score(v)
}

/// The rows of a site crosstable: (rank, name, points, tie-breaks) as printed.
pub fn crosstable(html: &str) -> Vec<(String, String, String, Vec<String>)> {
    use regex::Regex;
    let body = &html[html.find("<tbody>").unwrap()..html.find("</tbody>").unwrap()];
    let rank = Regex::new(r#"<td class="rank">([^<]*)</td>"#).unwrap();
    let name = Regex::new(r#"<span class="no">\d+\.</span> ([^<]*)</th>"#).unwrap();
    let pts = Regex::new(r#"<td class="pts">([^<]*)</td>"#).unwrap();
    let tb = Regex::new(r#"<td class="tb">([^<]*)</td>"#).unwrap();
    body.split("</tr>")
        .filter(|r| r.contains("<tr>"))
        .map(|row| {
            (
                rank.captures(row).unwrap()[1].to_string(),
                name.captures(row).unwrap()[1].to_string(),
                pts.captures(row).unwrap()[1].to_string(),
                tb.captures_iter(row).map(|c| c[1].to_string()).collect(),
            )
        })
        .collect()
}

/// The crosstable of a site page shows, row by row, the rank, player, points and tie-breaks of
/// `amici standings --format json`.
pub fn assert_crosstable_equals(html: &str, json: &serde_json::Value) {
    let tbs: Vec<&str> = json["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let rows = crosstable(html);
    let standings = json["standings"].as_array().unwrap();
    assert_eq!(rows.len(), standings.len(), "one row a player");
    for (row, j) in rows.iter().zip(standings) {
        let player = j["player"].as_str().unwrap();
        assert_eq!(
            row.1,
            amici::rules::standings_html::escape(player),
            "same order"
        );
        let rank = j["rank"].as_u64().unwrap().to_string();
        assert!(
            row.0 == rank || row.0.starts_with(&format!("{rank}–")),
            "{player}'s rank: {} vs {rank}",
            row.0
        );
        assert_eq!(
            row.2,
            figure(j["points"].as_f64().unwrap()),
            "{player}'s points"
        );
        let expected: Vec<String> = tbs
            .iter()
            .map(|t| figure(j["tiebreaks"][*t].as_f64().unwrap()))
            .collect();
        assert_eq!(row.3, expected, "{player}'s tie-breaks ({tbs:?})");
    }
}
