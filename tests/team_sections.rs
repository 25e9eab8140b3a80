//! Team sections (issue 5 item 7, RULES.md §12 annex): a config with 4 teams of 2 boards is
//! paired as a team round robin (Berger tables for the teams, board k against board k, White
//! on board I for the first-named team, colours alternating by board); the built binary
//! creates the 12 games, results come in by letter (a fool's mate, a resignation in
//! Bulgarian) and by `amici arbiter result`, and the team standings are checked: match
//! points, game points, an unfinished match not yet counted, and two ties broken by the
//! direct match.
//!
//! The standings are read through `amici::report::team_standings`; once `standings --teams`
//! is on the command line the same checks also run through the binary (see `team_cli`).

use std::path::PathBuf;
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
id       = "TS"
name     = "Отборно първенство 2026"
mode     = "email"
notation = "bg"
start    = 2026-03-01
end      = 2027-12-31
arbiter  = "arbiter@example.test"
pairing  = "round-robin"
players  = [
  { name = "Sofia I",    email = "s1@example.test" },
  { name = "Sofia II",   email = "s2@example.test" },
  { name = "Plovdiv I",  email = "p1@example.test" },
  { name = "Plovdiv II", email = "p2@example.test" },
  { name = "Varna I",    email = "v1@example.test" },
  { name = "Varna II",   email = "v2@example.test" },
  { name = "Burgas I",   email = "b1@example.test" },
  { name = "Burgas II",  email = "b2@example.test" },
]
teams = [
  { name = "Sofia",   captain = "cap.sofia@example.test", players = ["s1@example.test", "s2@example.test"] },
  { name = "Plovdiv", players = ["p1@example.test", "p2@example.test"] },
  { name = "Varna",   players = ["v1@example.test", "v2@example.test"] },
  { name = "Burgas",  players = ["b1@example.test", "b2@example.test"] },
]
"#;

const NOW: &str = "2026-04-01T12:00:00+03:00";

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 4, 1).unwrap()
}

struct Event {
    dir: tempfile::TempDir,
    letters: usize,
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
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

    fn ok(&self, now: &str, args: &[&str]) -> String {
        let out = self.run(now, args);
        assert!(
            out.status.success(),
            "amici {args:?} failed: {}",
            text(&out.stderr)
        );
        text(&out.stdout)
    }

    /// `amici ingest` of one plain-text letter, the game id in the subject.
    fn letter(&mut self, now: &str, from: &str, game: &str, body: &str) {
        self.letters += 1;
        let path = self.dir.path().join(format!("in{}.eml", self.letters));
        let raw = format!(
            "From: {from}\r\nTo: bot@example.test\r\nSubject: {game}\r\n\
             Message-ID: <team{n}@example.test>\r\nDate: Sun, 1 Mar 2026 10:00:00 +0200\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
            n = self.letters
        );
        std::fs::write(&path, raw).expect("write letter");
        self.ok(now, &["ingest", path.to_str().unwrap()]);
    }

    fn arbiter_result(&self, game: &str, result: &str) {
        self.ok(NOW, &["arbiter", "result", game, result]);
    }

    fn status(&self) -> Value {
        serde_json::from_str(&self.ok(NOW, &["status", "--format", "json"])).expect("status")
    }

    /// The team standings through the library (the command line may not have `--teams` yet).
    fn teams(&self, format: Format) -> String {
        let config = amici::config::load(&self.config_path()).expect("config");
        let store = Store::open(&config.bot.database).expect("database");
        report::team_standings(&store, &config, None, format, today()).expect("team standings")
    }

    fn teams_json(&self) -> Value {
        serde_json::from_str(&self.teams(Format::Json)).expect("team standings JSON")
    }
}

/// (white, black) of games TS/1 … TS/12: Berger for 4 (Rd 1: 1-4, 2-3; Rd 2: 4-3, 1-2;
/// Rd 3: 2-4, 3-1) with Sofia = 1, Plovdiv = 2, Varna = 3, Burgas = 4; the first-named team
/// White on board I, Black on board II.
const PAIRINGS: [(&str, &str); 12] = [
    ("s1", "b1"), // 1  Sofia – Burgas, board I
    ("b2", "s2"), // 2                  board II
    ("p1", "v1"), // 3  Plovdiv – Varna
    ("v2", "p2"), // 4
    ("b1", "v1"), // 5  Burgas – Varna
    ("v2", "b2"), // 6
    ("s1", "p1"), // 7  Sofia – Plovdiv
    ("p2", "s2"), // 8
    ("p1", "b1"), // 9  Plovdiv – Burgas
    ("b2", "p2"), // 10
    ("v1", "s1"), // 11 Varna – Sofia
    ("s2", "v2"), // 12
];

fn mail(short: &str) -> String {
    format!("{short}@example.test")
}

#[test]
fn annex_team_round_robin_config_gives_the_board_pairings() {
    let config = amici::config::load(&Event::new().config_path()).expect("config");
    let t = &config.tournaments[0];
    assert_eq!(t.boards(), 2);
    assert_eq!(t.team_matches.len(), 6);
    assert_eq!(t.games.len(), 12);
    for (i, (w, b)) in PAIRINGS.iter().enumerate() {
        assert_eq!(
            (t.games[i].white.as_str(), t.games[i].black.as_str()),
            (mail(w).as_str(), mail(b).as_str()),
            "game TS/{}",
            i + 1
        );
        assert_eq!(t.team_board(i), Some((i / 2, i % 2)));
    }
    let names = |m: &amici::config::TeamPairing| {
        (
            t.teams[m.home].name.as_str(),
            t.teams[m.away].name.as_str(),
            m.round,
        )
    };
    assert_eq!(names(&t.team_matches[0]), ("Sofia", "Burgas", 1));
    assert_eq!(names(&t.team_matches[3]), ("Sofia", "Plovdiv", 2));
    assert_eq!(names(&t.team_matches[5]), ("Varna", "Sofia", 3));
}

// Longer than 150 lines for a reason: a scenario that must run in order, a team section from
// its 12 games to the team standings, each result entered on the database the one before left.
#[test]
fn team_section_results_to_team_standings() {
    let mut e = Event::new();

    // The binary creates the 12 games in match-by-match, board-by-board order.
    let status = e.status();
    let games = status["games"].as_array().expect("games");
    assert_eq!(games.len(), 12, "{status:#}");
    for (i, (w, b)) in PAIRINGS.iter().enumerate() {
        let g = games
            .iter()
            .find(|g| g["id"] == format!("TS/{}", i + 1))
            .unwrap_or_else(|| panic!("no game TS/{}: {status:#}", i + 1));
        assert_eq!(g["white"], mail(w), "TS/{}", i + 1);
        assert_eq!(g["black"], mail(b), "TS/{}", i + 1);
    }

    // Nothing played: every team 0, all four share the first place.
    let doc = e.teams_json();
    assert_eq!(
        doc["criteria"],
        serde_json::json!([
            "match-points",
            "game-points",
            "direct-match",
            "direct-match-boards",
            "board-totals",
            "board-one-black"
        ])
    );
    let rows = doc["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert!(
        rows.iter()
            .all(|r| r["rank"] == 1 && r["match_points"] == 0),
        "{doc:#}"
    );

    // TS/2 by letters: Burgas II 1. f2-f3, Sofia II 1... e7-e5, 2. g2-g4, 2... Дd8-h4 mate.
    e.letter(
        "2026-03-02T09:00:00+02:00",
        "b2@example.test",
        "TS/2",
        "1. f2-f3",
    );
    e.letter(
        "2026-03-03T09:00:00+02:00",
        "s2@example.test",
        "TS/2",
        "1... e7-e5",
    );
    e.letter(
        "2026-03-04T09:00:00+02:00",
        "b2@example.test",
        "TS/2",
        "2. g2-g4",
    );
    e.letter(
        "2026-03-05T09:00:00+02:00",
        "s2@example.test",
        "TS/2",
        "2... Дd8-h4",
    );
    // TS/1 by letters: Sofia I 1. e2-e4, Burgas I resigns in Bulgarian.
    e.letter(
        "2026-03-02T10:00:00+02:00",
        "s1@example.test",
        "TS/1",
        "1. e2-e4",
    );
    e.letter(
        "2026-03-06T09:00:00+02:00",
        "b1@example.test",
        "TS/1",
        "предавам се",
    );
    let status = e.status();
    let result = |id: &str| {
        status["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()["result"]
            .clone()
    };
    assert_eq!(result("TS/1"), "1-0", "{status:#}");
    assert_eq!(result("TS/2"), "0-1", "{status:#}");

    // The rest by the arbiter (results from White's side; the match from the home side):
    // Plovdiv – Varna 2:0, Burgas – Varna 1½:½, Sofia – Plovdiv 1½:½, Plovdiv – Burgas 1½:½,
    // Varna – Sofia ½ on board I, board II still in play.
    for (game, result) in [
        ("TS/3", "1-0"),
        ("TS/4", "0-1"),
        ("TS/5", "1-0"),
        ("TS/6", "1/2-1/2"),
        ("TS/7", "1-0"),
        ("TS/8", "1/2-1/2"),
        ("TS/9", "1-0"),
        ("TS/10", "1/2-1/2"),
        ("TS/11", "1/2-1/2"),
    ] {
        e.arbiter_result(game, result);
    }

    // Varna – Sofia is not decided (½:½, one board open): it gives no match points yet, the
    // finished board counts its game points. Sofia and Plovdiv: 4 match points and 4 game
    // points each (Sofia 2 + 1½ + ½ of the open match); Sofia won their match.
    let doc = e.teams_json();
    let rows = doc["standings"].as_array().unwrap().clone();
    let row = |rows: &[Value], team: &str| rows.iter().find(|r| r["team"] == team).unwrap().clone();
    assert_eq!(row(&rows, "Sofia")["rank"], 1, "{doc:#}");
    assert_eq!(row(&rows, "Sofia")["match_points"], 4);
    assert_eq!(row(&rows, "Sofia")["game_points"], 4.0);
    assert_eq!(row(&rows, "Sofia")["matches"], 2);
    assert_eq!(row(&rows, "Plovdiv")["rank"], 2, "{doc:#}");
    assert_eq!(row(&rows, "Plovdiv")["match_points"], 4);
    assert_eq!(row(&rows, "Plovdiv")["game_points"], 4.0);
    assert_eq!(row(&rows, "Plovdiv")["matches"], 3);
    assert_eq!(row(&rows, "Burgas")["rank"], 3);
    assert_eq!(row(&rows, "Varna")["rank"], 4);
    assert_eq!(row(&rows, "Varna")["match_points"], 0);
    assert_eq!(row(&rows, "Varna")["game_points"], 1.0);
    assert_eq!(row(&rows, "Varna")["matches"], 2);

    // The last board: Varna II wins with Black, Varna – Sofia 1½:½.
    e.arbiter_result("TS/12", "0-1");
    let doc = e.teams_json();
    let rows = doc["standings"].as_array().unwrap().clone();
    let order: Vec<&str> = rows.iter().map(|r| r["team"].as_str().unwrap()).collect();
    // Sofia and Plovdiv: 4 match points, 4 game points each; Sofia won their match.
    // Burgas and Varna: 2 and 2 each; Burgas won their match.
    assert_eq!(order, ["Sofia", "Plovdiv", "Burgas", "Varna"], "{doc:#}");
    let ranks: Vec<i64> = rows.iter().map(|r| r["rank"].as_i64().unwrap()).collect();
    assert_eq!(ranks, [1, 2, 3, 4]);
    let expect = [
        ("Sofia", 4, 4.0, [2.5, 1.5]),
        ("Plovdiv", 4, 4.0, [2.0, 2.0]),
        ("Burgas", 2, 2.0, [1.0, 1.0]),
        ("Varna", 2, 2.0, [0.5, 1.5]),
    ];
    for (team, mp, gp, boards) in expect {
        let r = row(&rows, team);
        assert_eq!(r["match_points"], mp, "{team}: {doc:#}");
        assert_eq!(r["game_points"], gp, "{team}: {doc:#}");
        assert_eq!(r["matches"], 3, "{team}");
        assert_eq!(r["boards"], serde_json::json!(boards), "{team}");
    }

    // Text: the table in the bot's language (bg), the criteria used, the match scores.
    let txt = e.teams(Format::Text);
    assert!(txt.contains("Отборно първенство 2026"), "{txt}");
    assert!(txt.contains("отборни точки (2 за спечелен мач"), "{txt}");
    assert!(
        txt.contains("резултатът от срещата между отборите"),
        "{txt}"
    );
    assert!(
        txt.contains("Sofia – Plovdiv  1.5:0.5") || txt.contains("Sofia – Plovdiv  1½:½"),
        "{txt}"
    );
    let first_row = txt.lines().find(|l| l.contains("Sofia")).unwrap();
    assert!(first_row.trim_start().starts_with('1'), "{txt}");

    // The command line gives the same.
    team_cli(&e);
}

/// `amici standings --teams --format json|text` gives the same as the library.
fn team_cli(e: &Event) {
    let out = e.run(NOW, &["standings", "--teams", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let cli: Value = serde_json::from_slice(&out.stdout).expect("CLI JSON");
    assert_eq!(cli, e.teams_json());
    let out = e.ok(NOW, &["standings", "--teams", "--tournament", "TS"]);
    assert_eq!(out, e.teams(Format::Text));
}

#[test]
fn rules_s14_the_captain_gets_a_copy_of_his_players_letters_not_of_the_arbiters() {
    use amici::rules::team::captain_copy;
    let captain = Some("cap@example.test");
    assert_eq!(
        captain_copy(true, "p1@example.test", captain),
        Some("cap@example.test")
    );
    assert_eq!(
        captain_copy(false, "p1@example.test", captain),
        None,
        "the arbiter's letter"
    );
    assert_eq!(
        captain_copy(true, "CAP@example.test", captain),
        None,
        "a captain who plays gets no copy of his own letter"
    );
    assert_eq!(
        captain_copy(true, "p1@example.test", None),
        None,
        "no captain"
    );
}
