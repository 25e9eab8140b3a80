//! A six-player round robin played entirely through the real binary — `ingest`, `tick` and
//! `arbiter` with `AMICI_NOW` — to the final crosstable: mates, resignations, agreed draws, a
//! verified threefold-repetition claim, an overstep loss, a withdrawal (Art. 47 А) and an
//! unfinished game adjudicated after the end date (Art. 52, 53). The standings and the PGN
//! are checked against results worked out here, independently of amici.

#[path = "site_common/mod.rs"]
mod site_common;

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

const PLAYERS: [(&str, &str); 6] = [
    ("Anna", "a"),
    ("Boris", "b"),
    ("Vera", "c"),
    ("Georgi", "d"),
    ("Elena", "e"),
    ("Filip", "f"),
];

fn config() -> String {
    let players = PLAYERS
        .iter()
        .map(|(n, e)| format!("{{ name = \"{n}\", email = \"{e}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(",\n  ");
    format!(
        r#"
[bot]
address = "bot@example.test"
database = "amici.sqlite3"
language = "en"

[outbox]
dir = "outbox"

[[tournament]]
id = "RR"
name = "Six-player test"
mode = "email"
start = "2026-01-10"
end = "2026-01-18"
arbiter = "arbiter@example.test"
pairing = "round-robin"
period_days = 5
players = [
  {players}
]
"#
    )
}

struct Event {
    _tmp: tempfile::TempDir,
    dir: std::path::PathBuf,
    n: usize,
}

impl Event {
    fn run(&self, day: &str, args: &[&str]) -> std::process::Output {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(self.dir.join("amici.toml"))
            .args(args)
            .env("AMICI_NOW", format!("{day}T12:00:00+02:00"))
            .output()
            .unwrap()
    }

    fn ok(&self, day: &str, args: &[&str]) -> String {
        let out = self.run(day, args);
        assert!(
            out.status.success(),
            "amici {args:?} on {day}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    fn letter(&mut self, day: &str, from: &str, game: &str, body: &str) {
        self.n += 1;
        let path = self.dir.join(format!("l{}.eml", self.n));
        let raw = format!(
            "From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: {game}\r\nMessage-ID: <l{}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n",
            self.n
        );
        std::fs::write(&path, raw).unwrap();
        self.ok(day, &["ingest", path.to_str().unwrap()]);
    }

    /// Alternating letters of White and Black.
    fn moves(&mut self, day: &str, game: &Game, letters: &[&str]) {
        for (i, body) in letters.iter().enumerate() {
            let from = if i % 2 == 0 { &game.white } else { &game.black };
            self.letter(day, from, &game.id, body);
        }
    }

    fn tick(&self, day: &str) {
        self.ok(day, &["tick"]);
    }
}

#[derive(Clone, Debug)]
struct Game {
    id: String,
    white: String,
    black: String,
}

fn user(email: &str) -> String {
    email.trim_end_matches("@example.test").to_string()
}

fn name(u: &str) -> &'static str {
    PLAYERS
        .iter()
        .find(|(_, e)| *e == u)
        .map(|(n, _)| *n)
        .unwrap()
}

const FOOLS_MATE: &[&str] = &["1. f2-f3", "1... e7-e5", "2. g2-g4", "2... Дd8-h4"];
const SCHOLARS_MATE: &[&str] = &[
    "1. e2-e4",
    "1... e7-e5",
    "2. Оf1-c4",
    "2... Кb8-c6",
    "3. Дd1-h5",
    "3... Кg8-f6",
    "4. Дh5:f7",
];
const REPETITION: &[&str] = &[
    "1. Кg1-f3",
    "1... Кg8-f6",
    "2. Кf3-g1",
    "2... Кf6-g8",
    "3. Кg1-f3",
    "3... Кg8-f6",
    "4. Кf3-g1",
    "4... Кf6-g8",
    "claim draw",
];

// Longer than 150 lines for a reason: a scenario that must run in order, a whole round robin
// from the first letter to the final crosstable through the real binary, on one database.
#[test]
fn s708_annex_art_47_53_a_round_robin_to_the_final_crosstable() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("amici.toml"), config()).unwrap();
    let mut ev = Event {
        _tmp: tmp,
        dir,
        n: 0,
    };
    ev.tick("2026-01-10");
    let status: Value =
        serde_json::from_str(&ev.ok("2026-01-10", &["status", "--format", "json"])).unwrap();
    let games: Vec<Game> = status["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| Game {
            id: g["id"].as_str().unwrap().into(),
            white: user(g["white"].as_str().unwrap()),
            black: user(g["black"].as_str().unwrap()),
        })
        .collect();
    assert_eq!(games.len(), 15, "6 players: 15 games (Berger tables)");
    let (f_games, others): (Vec<Game>, Vec<Game>) = games
        .iter()
        .cloned()
        .partition(|g| g.white == "f" || g.black == "f");
    assert_eq!((f_games.len(), others.len()), (5, 10));

    // The expected result of every game, worked out from the scenario: 1 White wins, 0 Black
    // wins, 2 draw.
    let mut expected: BTreeMap<String, u8> = BTreeMap::new();
    let d1 = "2026-01-11";
    ev.moves(d1, &others[0], FOOLS_MATE);
    expected.insert(others[0].id.clone(), 0);
    ev.moves(d1, &others[1], SCHOLARS_MATE);
    expected.insert(others[1].id.clone(), 1);
    ev.moves(d1, &others[2], &["1. e2-e4", "Предавам се."]);
    expected.insert(others[2].id.clone(), 1);
    ev.moves(
        d1,
        &others[3],
        &["1. d2-d4\nПредлагам реми.", "Приемам реми."],
    );
    expected.insert(others[3].id.clone(), 2);
    ev.moves(d1, &others[4], REPETITION);
    expected.insert(others[4].id.clone(), 2);
    // others[5]: White never moves — an overstep (period_days = 5).
    expected.insert(others[5].id.clone(), 0);
    // others[6]: unfinished at the end date, adjudicated.
    expected.insert(others[6].id.clone(), 1);
    ev.moves(d1, &others[7], &["1. e2-e4", "1... e7-e5", "resign"]);
    expected.insert(others[7].id.clone(), 0);
    ev.moves(d1, &others[8], &["1. c2-c4\noffer draw", "accept draw"]);
    expected.insert(others[8].id.clone(), 2);
    ev.moves(d1, &others[9], FOOLS_MATE);
    expected.insert(others[9].id.clone(), 0);
    // Filip finishes one game (he resigns after a move each), then withdraws.
    let fg = &f_games[0];
    if fg.white == "f" {
        ev.moves(d1, fg, &["1. e2-e4", "1... e7-e5", "resign"]);
        expected.insert(fg.id.clone(), 0);
    } else {
        ev.moves(d1, fg, &["1. e2-e4", "1... e7-e5", "2. Кg1-f3", "resign"]);
        expected.insert(fg.id.clone(), 1);
    }
    ev.tick("2026-01-12");
    assert!(
        ev.ok("2026-01-12", &["arbiter", "withdraw", "f@example.test"])
            .contains("withdrawn")
    );
    for g in &f_games[1..] {
        // Art. 47 А: his unfinished games are lost.
        expected.insert(g.id.clone(), if g.white == "f" { 0 } else { 1 });
    }
    for day in ["2026-01-13", "2026-01-14"] {
        ev.tick(day);
    }
    ev.moves("2026-01-14", &others[6], &["1. e2-e4", "1... e7-e5"]);
    // White idle in others[5] since the start: 6 days > 5 on 16 January → the bot claims.
    for day in ["2026-01-15", "2026-01-16"] {
        ev.tick(day);
    }
    let s: Value = serde_json::from_str(&ev.ok(
        "2026-01-16",
        &["status", "--format", "json", "--game", &others[5].id],
    ))
    .unwrap();
    assert_eq!(
        s["games"][0]["state"], "awaiting-decision",
        "the claim pauses the game (Art. 37)"
    );
    ev.letter(
        "2026-01-17",
        "arbiter",
        "decision",
        &format!("confirm {}", others[5].id),
    );
    // The end date: the unfinished game stops; the players propose; they differ.
    ev.tick("2026-01-18");
    let s: Value = serde_json::from_str(&ev.ok(
        "2026-01-18",
        &["status", "--format", "json", "--game", &others[6].id],
    ))
    .unwrap();
    assert_eq!(s["games"][0]["state"], "adjudication");
    ev.letter(
        "2026-01-19",
        &others[6].white.clone(),
        &others[6].id.clone(),
        "I propose 1-0: White is better.",
    );
    ev.letter(
        "2026-01-19",
        &others[6].black.clone(),
        &others[6].id.clone(),
        "1/2-1/2, the position is equal.",
    );
    for day in ["2026-01-25", "2026-02-02"] {
        ev.tick(day);
    }
    assert!(
        ev.ok(
            "2026-02-03",
            &["arbiter", "result", &others[6].id, "1-0", "adjudication"]
        )
        .contains("result 1-0")
    );

    // Every game finished with the expected result.
    let status: Value =
        serde_json::from_str(&ev.ok("2026-02-03", &["status", "--format", "json"])).unwrap();
    let results: BTreeMap<String, String> = status["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_str().unwrap().to_string(),
                g["result"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let pgn_of = |r: u8| ["0-1", "1-0", "1/2-1/2"][r as usize];
    for (id, r) in &expected {
        assert_eq!(results[id], pgn_of(*r), "game {id}");
    }

    // The crosstable: points computed here from the expected results.
    let mut points: BTreeMap<String, f64> = BTreeMap::new();
    for g in &games {
        let r = expected[&g.id];
        let (w, b) = match r {
            1 => (1.0, 0.0),
            0 => (0.0, 1.0),
            _ => (0.5, 0.5),
        };
        *points.entry(g.white.clone()).or_default() += w;
        *points.entry(g.black.clone()).or_default() += b;
    }
    let table: Value = serde_json::from_str(&ev.ok(
        "2026-02-03",
        &[
            "standings",
            "--format",
            "json",
            "--tiebreaks",
            "buchholz,sonneborn-berger",
        ],
    ))
    .unwrap();
    let rows = table["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let mut last = f64::INFINITY;
    for row in rows {
        let player = row["player"].as_str().unwrap();
        let u = PLAYERS
            .iter()
            .find(|(n, _)| *n == player)
            .map(|(_, e)| e.to_string())
            .unwrap();
        let p = row["points"].as_f64().unwrap();
        assert_eq!(p, points[&u], "{player}'s points");
        assert!(p <= last, "ranked by points");
        last = p;
        // Everyone met Filip, and those games are forfeits: the tie-break values follow the
        // documented forfeit rule (checked in tests/standings_tiebreaks.rs); here they must
        // be present for every player.
        assert!(
            row["tiebreaks"]["buchholz"].is_number()
                && row["tiebreaks"]["sonneborn-berger"].is_number()
        );
    }
    assert_eq!(rows[0]["rank"], 1);

    // The PGN: 15 games, results and termination reasons.
    let pgn = ev.ok("2026-02-03", &["pgn", "--tournament", "RR"]);
    assert_eq!(pgn.matches("[Event ").count(), 15);
    assert!(
        pgn.contains("[Termination \"time forfeit\"]"),
        "the overstep loss"
    );
    assert!(
        pgn.contains("[Termination \"adjudication\"]"),
        "the adjudicated game"
    );
    assert!(
        pgn.contains("[Termination \"rules infraction\"]"),
        "the withdrawal forfeits"
    );
    assert!(
        pgn.contains("[%ccsnt 2026.01.11]"),
        "sending dates in the move comments"
    );
    assert!(pgn.contains(&format!("[White \"{}\"]", name(&others[1].white))));
    // TRF-16 for pairing programs (§709.1): the header and one 001 line a player, with
    // five rounds of the Berger tables.
    let trf = ev.ok("2026-02-03", &["trf", "--tournament", "RR"]);
    assert!(trf.starts_with("012 Six-player test"), "{trf}");
    assert_eq!(trf.lines().filter(|l| l.starts_with("001 ")).count(), 6);
    // The same crosstable from the exported PGN.
    let file = ev.dir.join("rr.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let from_pgn: Value = serde_json::from_str(&ev.ok(
        "2026-02-03",
        &[
            "standings",
            "--pgn",
            file.to_str().unwrap(),
            "--format",
            "json",
        ],
    ))
    .unwrap();
    let points_pgn: BTreeMap<String, f64> = from_pgn["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["player"].as_str().unwrap().to_string(),
                r["points"].as_f64().unwrap(),
            )
        })
        .collect();
    for (u, p) in &points {
        assert_eq!(points_pgn[name(u)], *p, "{u} from the PGN");
    }
    // The whole history replayed through today's rules decides nothing differently (issue 11).
    let audit = ev.run("2026-02-03", &["audit"]);
    assert_eq!(
        audit.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&audit.stdout),
        String::from_utf8_lossy(&audit.stderr)
    );
    assert!(String::from_utf8_lossy(&audit.stdout).contains(" 0 difference(s)"));

    // The site (issue 14): its crosstable shows the figures of `standings --format json`,
    // forfeits and the adjudicated game included; every game has its page.
    let site = ev.dir.join("site");
    ev.ok("2026-02-03", &["site", "--out", site.to_str().unwrap()]);
    let json: Value =
        serde_json::from_str(&ev.ok("2026-02-03", &["standings", "--format", "json"])).unwrap();
    let page = std::fs::read_to_string(site.join("RR/index.html")).unwrap();
    site_common::assert_crosstable_equals(&page, &json);
    assert_eq!(site_common::crosstable(&page).len(), 6);
    for g in &games {
        assert!(
            site_common::game_page(&site, &g.id, "html").exists(),
            "{}",
            g.id
        );
    }
}
