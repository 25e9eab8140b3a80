//! `amici standings` and `amici pgn` on a real database (issue 5 items 6 and 8): the built
//! binary ingests letters of a three-player event (a win by resignation in English, one in
//! Bulgarian, an unfinished game), then the standings (JSON, text, HTML), the standings of
//! the exported PGN and the PGN itself are checked.
//!
//! Each check runs the command line (`amici standings …`, `amici pgn …`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use amici::report::{self, Format};
use amici::store::Store;
use chrono::NaiveDate;
use serde_json::Value;

const CONFIG: &str = r#"
[bot]
address  = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[outbox]
dir = "outbox"

[[tournament]]
id       = "BG-2026-07"
name     = "Купа „Приятели“ 2026"
mode     = "email"
notation = "bg"
start    = 2026-03-01
end      = 2027-12-31
arbiter  = "arbiter@example.test"
pairing  = "explicit"
players  = [
  { name = "Иван Петров", email = "ivan@example.test" },
  { name = "Petar Georgiev", email = "petar@example.test" },
  { name = "Мария Николова", email = "maria@example.test" },
]
games = [
  { white = "ivan@example.test",  black = "petar@example.test" },
  { white = "petar@example.test", black = "maria@example.test" },
  { white = "maria@example.test", black = "ivan@example.test" },
]
"#;

struct Event {
    dir: tempfile::TempDir,
    letters: usize,
}

impl Event {
    fn new() -> Event {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("amici.toml"), CONFIG).expect("write config");
        Event { dir, letters: 0 }
    }

    fn config_path(&self) -> PathBuf {
        self.dir.path().join("amici.toml")
    }

    fn run(&self, now: &str, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(self.config_path())
            .args(args)
            .current_dir(self.dir.path())
            .env("AMICI_NOW", now)
            .env("AMICI_LOG", "warn")
            .output()
            .expect("run amici")
    }

    /// `amici ingest` of one plain-text letter arriving at `now`.
    fn letter(&mut self, now: &str, from: &str, game: &str, body: &str) {
        self.letters += 1;
        let path = self.dir.path().join(format!("in{}.eml", self.letters));
        let raw = format!(
            "From: {from}\r\nTo: bot@example.test\r\nSubject: {game}\r\n\
             Message-ID: <letter{n}@example.test>\r\nDate: Sun, 1 Mar 2026 10:00:00 +0200\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
            n = self.letters
        );
        std::fs::write(&path, raw).expect("write letter");
        let out = self.run(now, &["ingest", path.to_str().unwrap()]);
        assert!(out.status.success(), "ingest failed: {}", text(&out.stderr));
    }

    fn status(&self, now: &str) -> Value {
        let out = self.run(now, &["status", "--format", "json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("status JSON")
    }

    fn library<T>(&self, f: impl FnOnce(&Store, &amici::config::Config) -> T) -> T {
        let config = amici::config::load(&self.config_path()).expect("config");
        let store = Store::open(&config.bot.database).expect("database");
        f(&store, &config)
    }

    /// The command's stdout; `Option` for the callers' sake, always `Some`: the command must
    /// exist and succeed.
    fn cli(&self, now: &str, args: &[&str]) -> Option<String> {
        let out = self.run(now, args);
        assert!(
            out.status.success(),
            "amici {args:?} failed: {}",
            text(&out.stderr)
        );
        Some(text(&out.stdout))
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const NOW: &str = "2026-03-20T12:00:00+02:00";

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 20).unwrap()
}

/// Game 1: Ivan 1. e4, Petar resigns. Game 2: Petar 1. d4, Maria 1... d5, Petar 2. c4,
/// Maria resigns in Bulgarian. Game 3: Maria 1. c4, Ivan has not answered.
fn played() -> Event {
    let mut e = Event::new();
    e.letter(
        "2026-03-03T09:00:00+02:00",
        "ivan@example.test",
        "BG-2026-07/1",
        "1. e2-e4",
    );
    e.letter(
        "2026-03-04T09:00:00+02:00",
        "petar@example.test",
        "BG-2026-07/2",
        "1. d2-d4",
    );
    e.letter(
        "2026-03-05T09:00:00+02:00",
        "maria@example.test",
        "BG-2026-07/3",
        "1. c2-c4",
    );
    e.letter(
        "2026-03-07T09:00:00+02:00",
        "maria@example.test",
        "BG-2026-07/2",
        "1. ... d7-d5",
    );
    e.letter(
        "2026-03-08T09:00:00+02:00",
        "petar@example.test",
        "BG-2026-07/1",
        "resign",
    );
    e.letter(
        "2026-03-10T09:00:00+02:00",
        "petar@example.test",
        "BG-2026-07/2",
        "2. c2-c4",
    );
    e.letter(
        "2026-03-12T09:00:00+02:00",
        "maria@example.test",
        "BG-2026-07/2",
        "предавам се",
    );
    e
}

// Longer than 150 lines for a reason: one scenario on one played event, read in order by
// `status`, `standings` and `pgn`; each check builds on the event the earlier ones read.
#[test]
fn standings_and_pgn_of_a_played_event() {
    let e = played();
    let status = e.status(NOW);
    let games = status["games"].as_array().unwrap();
    let by_id = |id: &str| games.iter().find(|g| g["id"] == id).unwrap().clone();
    assert_eq!(by_id("BG-2026-07/1")["result"], "1-0", "{status:#}");
    assert_eq!(by_id("BG-2026-07/2")["result"], "1-0", "{status:#}");
    assert_eq!(by_id("BG-2026-07/3")["result"], "*", "{status:#}");
    assert_eq!(
        by_id("BG-2026-07/2")["moves"],
        serde_json::json!(["d4", "d5", "c4"])
    );

    // --- standings --format json
    let json = e
        .cli(NOW, &["standings", "--format", "json"])
        .unwrap_or_else(|| {
            e.library(|s, c| report::standings(s, c, None, None, Format::Json, today()))
                .expect("standings")
        });
    let doc: Value = serde_json::from_str(&json).expect("standings JSON");
    assert_eq!(
        doc["tiebreaks"],
        serde_json::json!([
            "buchholz",
            "sum-buchholz",
            "sonneborn-berger",
            "direct-encounter",
            "wins"
        ])
    );
    let rows = doc["standings"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["player"] == name).unwrap().clone();
    assert_eq!(rows.len(), 3);
    // Ivan 1 (1 game, 1 unfinished), Petar 1 (2 games), Maria 0 (1 game, 1 unfinished).
    assert_eq!(row("Иван Петров")["points"], 1.0);
    assert_eq!(row("Иван Петров")["games"], 1);
    assert_eq!(row("Иван Петров")["unfinished"], 1);
    assert_eq!(row("Petar Georgiev")["points"], 1.0);
    assert_eq!(row("Petar Georgiev")["games"], 2);
    assert_eq!(row("Мария Николова")["points"], 0.0);
    assert_eq!(row("Мария Николова")["rank"], 3);
    // Equal Buchholz (Ivan: Petar's 1; Petar: Ivan's 1 + Maria's 0), but sum of Buchholz
    // splits them: Petar met Ivan (BH 1) and Maria (BH 1) = 2, Ivan only Petar (BH 1) = 1.
    assert_eq!(row("Petar Georgiev")["rank"], 1, "{doc:#}");
    assert_eq!(row("Иван Петров")["rank"], 2);
    assert_eq!(row("Petar Georgiev")["tiebreaks"]["buchholz"], 1.0);
    assert_eq!(row("Иван Петров")["tiebreaks"]["buchholz"], 1.0);
    assert_eq!(row("Petar Georgiev")["tiebreaks"]["sum-buchholz"], 2.0);
    assert_eq!(row("Иван Петров")["tiebreaks"]["sum-buchholz"], 1.0);
    for r in rows {
        assert!(r["tiebreaks"]["buchholz"].is_number(), "{r}");
    }

    // --- --tiebreaks overrides the config; an unknown name is an error
    let json = e
        .cli(
            NOW,
            &[
                "standings",
                "--tiebreaks",
                "wins,black-wins",
                "--format",
                "json",
            ],
        )
        .unwrap_or_else(|| {
            e.library(|s, c| {
                report::standings(
                    s,
                    c,
                    Some("BG-2026-07"),
                    Some("wins,black-wins"),
                    Format::Json,
                    today(),
                )
            })
            .unwrap()
        });
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["tiebreaks"], serde_json::json!(["wins", "black-wins"]));
    let bad =
        e.library(|s, c| report::standings(s, c, None, Some("wins,luck"), Format::Json, today()));
    assert!(format!("{:#}", bad.unwrap_err()).contains("luck"));
    let bad = e.library(|s, c| report::standings(s, c, Some("NOPE"), None, Format::Json, today()));
    assert!(format!("{:#}", bad.unwrap_err()).contains("BG-2026-07"));

    // --- text: the table and the definitions under it (§709.2)
    let txt = e.cli(NOW, &["standings"]).unwrap_or_else(|| {
        e.library(|s, c| report::standings(s, c, None, None, Format::Text, today()))
            .unwrap()
    });
    assert!(txt.contains("Купа „Приятели“ 2026"), "{txt}");
    assert!(txt.contains("Коефициент на Бухолц"), "{txt}");
    assert!(txt.contains("(+1*)"), "unfinished games shown: {txt}");

    // --- html
    let html = e
        .cli(NOW, &["standings", "--format", "html"])
        .unwrap_or_else(|| {
            e.library(|s, c| report::standings(s, c, None, None, Format::Html, today()))
                .unwrap()
        });
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("Купа „Приятели“ 2026") && html.contains("Мария Николова"));
    assert!(html.contains(">*<"), "the unfinished game is marked");

    // --- pgn of the whole tournament
    let pgn = e
        .cli(NOW, &["pgn", "--tournament", "BG-2026-07"])
        .unwrap_or_else(|| {
            e.library(|s, c| report::pgn(s, c, None, Some("BG-2026-07"), today()))
                .unwrap()
        });
    assert_eq!(
        pgn.matches("[Event \"Купа „Приятели“ 2026\"]").count(),
        3,
        "{pgn}"
    );
    assert!(
        pgn.contains("[White \"Petar Georgiev\"]\n[Black \"Мария Николова\"]\n[Result \"1-0\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Mode \"EM\"]") && pgn.contains("[TimeControl \"10/50d\"]"));
    assert!(pgn.contains("[GameId \"BG-2026-07/2\"]"));
    assert!(pgn.contains("[Date \"2026.03.01\"]"));
    assert!(
        !pgn.contains("example.test"),
        "no addresses in a PGN: {pgn}"
    );
    // Game 2: d4 sent 4 March (start 1 March: 2 free… RULES.md §3 → 3 days), d5 7 March.
    assert!(pgn.contains("1. d4 {[%ccsnt 2026.03.04] 3d}"), "{pgn}");
    assert!(pgn.contains("1... d5 {[%ccsnt 2026.03.07] 2d}"), "{pgn}");
    assert!(pgn.contains("{Black resigns} 1-0"), "{pgn}");
    assert!(pgn.contains("[Termination \"unterminated\"]") && pgn.contains("[Result \"*\"]"));

    // --- one game
    let one = e
        .cli(NOW, &["pgn", "--game", "BG-2026-07/1"])
        .unwrap_or_else(|| {
            e.library(|s, c| report::pgn(s, c, Some("BG-2026-07/1"), None, today()))
                .unwrap()
        });
    assert_eq!(one.matches("[Event ").count(), 1);
    assert!(
        one.contains("1. e4 {[%ccsnt 2026.03.03] 2d} {Black resigns} 1-0"),
        "{one}"
    );
    assert!(
        e.library(|s, c| report::pgn(s, c, Some("BG-2026-07/9"), None, today()))
            .is_err()
    );

    // --- the same calculator on the exported PGN gives the same table
    let file = e.dir.path().join("event.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let from_pgn = e
        .cli(
            NOW,
            &[
                "standings",
                "--pgn",
                file.to_str().unwrap(),
                "--format",
                "json",
            ],
        )
        .unwrap_or_else(|| report::standings_pgn(&file, None, Format::Json, today()).unwrap());
    let from_pgn: Value = serde_json::from_str(&from_pgn).unwrap();
    let stored: Value = serde_json::from_str(
        &e.library(|s, c| report::standings(s, c, None, None, Format::Json, today()))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(from_pgn, stored);
}

#[test]
fn standings_of_a_foreign_pgn_file() {
    let dir = tempfile::tempdir().unwrap();
    let file: &Path = &dir.path().join("club.pgn");
    // Windows-1252 bytes (é) and a forfeit: tolerated and counted.
    let mut bytes = b"[Event \"Club\"]\n[White \"Ren\xe9\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n".to_vec();
    bytes.extend_from_slice(b"[Event \"Club\"]\n[White \"Bob\"]\n[Black \"Cy\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2\n\n");
    bytes.extend_from_slice(b"[Event \"Club\"]\n[White \"Cy\"]\n[Black \"Ren\xe9\"]\n[Result \"0-1\"]\n[Termination \"forfeit\"]\n\n0-1\n");
    std::fs::write(file, bytes).unwrap();
    let json = report::standings_pgn(file, Some("buchholz"), Format::Json, today()).unwrap();
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["standings"][0]["player"], "René");
    assert_eq!(doc["standings"][0]["points"], 2.0);
    assert_eq!(doc["tiebreaks"], serde_json::json!(["buchholz"]));
    let html = report::standings_pgn(file, None, Format::Html, today()).unwrap();
    assert!(html.contains("<h1>Club</h1>"), "{html}");
    assert!(
        html.contains(">+<") && html.contains(">−<"),
        "forfeit marks"
    );
    let txt = report::standings_pgn(file, None, Format::Text, today()).unwrap();
    assert!(txt.contains("Buchholz"), "{txt}");
}

/// Issue 12 item 9 through the command line: a results-only broadcast export of a real Swiss
/// (fixtures/README: FIDE Women's World Rapid 2024, 605 games) is 110 players of 11 games, not
/// one game; a file that is not PGN is a clear error naming the file.
#[test]
fn standings_of_a_real_results_only_pgn_and_of_a_file_that_is_not_pgn() {
    let pgn = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/standings/fwwrc_2024.pgn");
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .args(["standings", "--format", "json", "--pgn"])
        .arg(&pgn)
        .env("AMICI_NOW", "2026-12-02T12:00:00Z")
        .output()
        .expect("run amici");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = doc["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 110);
    assert!(rows.iter().all(|r| r["games"] == 11));
    assert_eq!(rows[0]["player"], "Koneru, Humpy");
    assert_eq!(rows[0]["points"], 8.5);

    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("event.trf");
    std::fs::write(
        &trf,
        "012 Club Open\n001    1 m    Doe, John            1800 USA    12345 1990/01/01  1.0    1     2 w 1\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .args(["standings", "--pgn"])
        .arg(&trf)
        .env("AMICI_NOW", "2026-12-02T12:00:00Z")
        .output()
        .expect("run amici");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("event.trf") && err.contains("not PGN"),
        "{err}"
    );
}
