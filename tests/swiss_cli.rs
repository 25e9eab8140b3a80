//! A tournament in stages end to end (issue 12, RULES.md §12a, §708): the built binary runs a
//! Swiss of 11 players over 5 rounds and a knockout top of 4, driven by `amici tick`,
//! `amici ingest` and `amici arbiter` with `AMICI_NOW`, into a real SQLite file and an outbox
//! folder — a game played by letters, a withdrawal in round 3 (Art. 47), a game adjudicated
//! at its round's end date (Art. 52–55), a drawn semi-final under each `knockout_tie`, and the
//! final places of §708.1–708.2. Then several tables: 3 tables of 5 and a top of 4.
//!
//! Every expected figure is computed here from the results the test itself gives (points per
//! player, who met whom), not read back from amici's own tables.

#[path = "support/published.rs"]
mod published;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

/// Players p1 (strongest) … p11, listed out of rating order: pairing numbers follow `rating`.
fn players(n: usize) -> String {
    let mut order: Vec<usize> = (1..=n).collect();
    order.reverse();
    order.swap(0, n / 2);
    order
        .iter()
        .map(|k| {
            format!(
                "  {{ name = \"Player {k}\", email = \"p{k}@example.test\", rating = {} }},\n",
                2600 - 10 * k
            )
        })
        .collect()
}

fn config(stage: &str, n: usize) -> String {
    format!(
        r#"
[bot]
address  = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "en"

[outbox]
dir = "outbox"

[[tournament]]
id       = "SW"
name     = "Swiss and top 2027"
mode     = "email"
notation = "en"
start    = 2027-01-10
end      = 2029-12-31
arbiter  = "arbiter@example.test"
{stage}
players  = [
{players}]
"#,
        players = players(n)
    )
}

struct Event {
    dir: tempfile::TempDir,
    letters: usize,
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn now(day: &str) -> String {
    format!("{day}T12:00:00+02:00")
}

impl Event {
    fn new(config: &str) -> Event {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("amici.toml"), config).expect("write config");
        Event { dir, letters: 0 }
    }

    fn run(&self, day: &str, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(self.dir.path().join("amici.toml"))
            .args(args)
            .current_dir(self.dir.path())
            .env("AMICI_NOW", now(day))
            .env("AMICI_LOG", "warn")
            .output()
            .expect("run amici")
    }

    fn cli(&self, day: &str, args: &[&str]) -> String {
        let out = self.run(day, args);
        assert!(
            out.status.success(),
            "amici {args:?}: {}",
            text(&out.stderr)
        );
        text(&out.stdout)
    }

    fn letter(&mut self, day: &str, from: &str, game: &str, body: &str) {
        self.letters += 1;
        let path = self.dir.path().join(format!("in{}.eml", self.letters));
        let raw = format!(
            "From: {from}\r\nTo: bot@example.test\r\nSubject: {game}\r\n\
             Message-ID: <letter{n}@example.test>\r\nDate: Sun, 10 Jan 2027 10:00:00 +0200\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
            n = self.letters
        );
        std::fs::write(&path, raw).expect("write letter");
        self.cli(day, &["ingest", path.to_str().unwrap()]);
    }

    /// The decoded bodies of the letters to `to`.
    fn bodies_to(&self, to: &str) -> String {
        self.raw_letters_to(to, "")
            .iter()
            .filter_map(|raw| {
                let m = mail_parser::MessageParser::default().parse(raw.as_bytes())?;
                Some(m.body_text(0)?.into_owned())
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A letter with a text file attached (multipart/mixed), through `ingest`.
    fn letter_with_file(&mut self, day: &str, from: &str, body: &str, file: Option<(&str, &str)>) {
        self.letters += 1;
        let path = self.dir.path().join(format!("in{}.eml", self.letters));
        let part = file.map_or(String::new(), |(name, content)| {
            format!(
                "--b1\r\nContent-Type: application/octet-stream; name=\"{name}\"\r\n\
                 Content-Disposition: attachment; filename=\"{name}\"\r\n\
                 Content-Transfer-Encoding: 8bit\r\n\r\n{content}\r\n"
            )
        });
        let raw = format!(
            "From: {from}\r\nTo: bot@example.test\r\nSubject: pairings\r\n\
             Message-ID: <letter{n}@example.test>\r\nDate: Sun, 10 Jan 2027 10:00:00 +0200\r\n\
             MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n\
             --b1\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n{part}--b1--\r\n",
            n = self.letters
        );
        std::fs::write(&path, raw).expect("write letter");
        self.cli(day, &["ingest", path.to_str().unwrap()]);
    }

    fn status(&self, day: &str) -> Vec<Value> {
        let v: Value = serde_json::from_str(&self.cli(day, &["status", "--format", "json"]))
            .expect("status JSON");
        v["games"].as_array().unwrap().clone()
    }

    /// The games of round `r`, as (id, white, black), with their stage.
    fn round(&self, day: &str, r: u64) -> Vec<(String, String, String, String)> {
        self.status(day)
            .iter()
            .filter(|g| g["round"].as_u64() == Some(r))
            .map(|g| {
                (
                    g["id"].as_str().unwrap().to_string(),
                    g["white"].as_str().unwrap().to_string(),
                    g["black"].as_str().unwrap().to_string(),
                    g["stage"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    }

    /// Takes round `round` back and starts it from `pairs` (another program's output).
    fn replace_round(&self, day: &str, round: u32, pairs: &str) {
        self.cli(day, &["arbiter", "unpair", "SW", &round.to_string()]);
        let file = self.dir.path().join("pairs.txt");
        std::fs::write(&file, pairs).unwrap();
        self.cli(
            day,
            &[
                "pair",
                "--tournament",
                "SW",
                "--import",
                file.to_str().unwrap(),
            ],
        );
    }

    fn result(&self, day: &str, game: &str, result: &str) {
        self.cli(day, &["arbiter", "result", game, result]);
    }

    /// The letters in the outbox to `to` whose subject contains `needle`, as written.
    fn raw_letters_to(&self, to: &str, needle: &str) -> Vec<String> {
        let dir: PathBuf = self.dir.path().join("outbox");
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let raw = std::fs::read_to_string(e.path()).unwrap_or_default();
            let head = raw.split("\r\n\r\n").next().unwrap_or("");
            let to_line = head.lines().any(|l| l.starts_with("To:") && l.contains(to));
            let subject = head
                .lines()
                .any(|l| l.starts_with("Subject:") && l.contains(needle));
            if to_line && subject {
                out.push(raw);
            }
        }
        out
    }

    /// The same letters as their head, then their text as a reader sees it (lines ending in
    /// LF), so that no assertion depends on the transfer encoding amici chose.
    fn letters_to(&self, to: &str, needle: &str) -> Vec<String> {
        self.raw_letters_to(to, needle)
            .into_iter()
            .map(|raw| {
                let head = raw.split("\r\n\r\n").next().unwrap_or("").to_string();
                let text = mail_parser::MessageParser::default()
                    .parse(raw.as_bytes())
                    .and_then(|m| m.body_text(0).map(|t| t.replace("\r\n", "\n")))
                    .unwrap_or_default();
                format!("{head}\r\n\r\n{text}")
            })
            .collect()
    }

    fn standings(&self, day: &str) -> Value {
        serde_json::from_str(&self.cli(day, &["standings", "--format", "json"]))
            .expect("standings JSON")
    }
}

fn num(email: &str) -> u32 {
    email[1..email.find('@').unwrap()].parse().unwrap()
}

/// The stronger player (lower number) wins.
fn stronger(w: &str, b: &str) -> &'static str {
    if num(w) < num(b) { "1-0" } else { "0-1" }
}

/// Points given in the Swiss (half points), by player, kept by the test.
#[derive(Default)]
struct Ledger {
    halves: HashMap<String, u32>,
    byes: HashSet<String>,
    /// Opponents met over the board (a forfeit is not a game played).
    played: HashMap<String, Vec<String>>,
    met: HashSet<(String, String)>,
}

impl Ledger {
    /// The one player of 11 without a game in round `r` has the pairing-allocated bye: told,
    /// worth 1 point, and never a second one (C.04.1 d).
    fn bye(&mut self, e: &Event, r: u32, games: &[(String, String, String, String)]) {
        let playing: HashSet<u32> = games.iter().flat_map(|g| [num(&g.1), num(&g.2)]).collect();
        let free: Vec<u32> = (1..=11).filter(|k| !playing.contains(k)).collect();
        assert_eq!(free.len(), 1, "round {r}: one player out");
        let p = format!("p{}@example.test", free[0]);
        assert_eq!(
            e.letters_to(&p, &format!("round {r}: bye")).len(),
            1,
            "round {r}: {p} told"
        );
        assert!(self.byes.insert(p.clone()), "{p} has a second bye");
        *self.halves.entry(p).or_default() += 2;
    }

    fn game(&mut self, w: &str, b: &str, result: &str) {
        let (hw, hb) = match result {
            "1-0" => (2, 0),
            "0-1" => (0, 2),
            _ => (1, 1),
        };
        *self.halves.entry(w.into()).or_default() += hw;
        *self.halves.entry(b.into()).or_default() += hb;
        let key = if w < b {
            (w.into(), b.into())
        } else {
            (b.into(), w.into())
        };
        assert!(self.met.insert(key), "{w} and {b} meet a second time");
        self.played.entry(w.into()).or_default().push(b.into());
        self.played.entry(b.into()).or_default().push(w.into());
    }

    /// A game lost by withdrawal: points, no game played.
    fn forfeit(&mut self, w: &str, b: &str, result: &str) {
        self.game(w, b, result);
        for (me, opp) in [(w, b), (b, w)] {
            if let Some(list) = self.played.get_mut(me) {
                list.retain(|o| o != opp);
            }
        }
    }

    /// Half points of a player.
    fn pts(&self, p: &str) -> u32 {
        self.halves.get(p).copied().unwrap_or(0)
    }

    /// Buchholz as `tiebreak_unplayed = "plain"` defines it (RULES.md §12a), in half points:
    /// the points of the opponents met over the board.
    fn buchholz(&self, p: &str) -> u32 {
        self.played
            .get(p)
            .map_or(0, |o| o.iter().map(|o| self.pts(o)).sum())
    }

    /// The sum of the Buchholz of the opponents met over the board.
    fn sum_buchholz(&self, p: &str) -> u32 {
        self.played
            .get(p)
            .map_or(0, |o| o.iter().map(|o| self.buchholz(o)).sum())
    }

    /// The overall ranking of the first stage as the test counts it: points, Buchholz, sum of
    /// Buchholz, then the pairing number (the player's number here).
    fn ranking(&self, withdrawn: &[&str]) -> Vec<String> {
        let mut all: Vec<String> = (1..=11)
            .map(|k| format!("p{k}@example.test"))
            .filter(|p| !withdrawn.contains(&p.as_str()))
            .collect();
        all.sort_by_key(|p| {
            (
                std::cmp::Reverse((self.pts(p), self.buchholz(p), self.sum_buchholz(p))),
                num(p),
            )
        });
        all
    }
}

/// Round 2's open game at the round's end date: adjudication (Art. 52–55), White's proposal,
/// the decision, the 7 days of appeal during which round 3 waits (RULES.md §12a).
fn adjudicated_at_the_round_end(e: &mut Event, l: &mut Ledger, open: &str, ow: &str, ob: &str) {
    // The round's end date: the game goes to adjudication (Art. 52), proposals asked.
    e.cli("2027-04-02", &["tick"]);
    let g = e
        .status("2027-04-02")
        .into_iter()
        .find(|g| g["id"] == open)
        .unwrap();
    assert_eq!(g["state"], "adjudication", "{g}");
    assert!(!e.letters_to(ow, open).is_empty());
    // White proposes a win within the 15 days (Art. 52): he keeps the right to appeal.
    e.letter(
        "2027-04-05",
        ow,
        open,
        "I propose 1-0: the extra pawn wins.",
    );
    e.cli("2027-04-17", &["tick"]);
    let g = e
        .status("2027-04-17")
        .into_iter()
        .find(|g| g["id"] == open)
        .unwrap();
    assert_eq!(g["adjudication"]["to_adjudicator_on"], "2027-04-17", "{g}");
    e.cli(
        "2027-04-20",
        &["arbiter", "result", open, "1/2-1/2", "adjudication"],
    );
    l.game(ow, ob, "1/2-1/2");
    let g = e
        .status("2027-04-20")
        .into_iter()
        .find(|g| g["id"] == open)
        .unwrap();
    assert_eq!(
        g["adjudication"]["appeal_until"], "2027-04-27",
        "Art. 55: 7 days"
    );
    let shown = e.cli("2027-04-20", &["status"]);
    assert!(
        shown.contains("1/2-1/2 (appeal until 2027-04-27)"),
        "the text status shows the appeal window: {shown}"
    );
    // RULES.md §12a: the next round waits for the decision to be final; the arbiter's `pair`
    // is told why.
    let early = e.run("2027-04-27", &["arbiter", "pair", "SW"]);
    assert!(!early.status.success());
    assert!(
        text(&early.stderr).contains("may be appealed until 2027-04-27 (Art. 55)"),
        "{}",
        text(&early.stderr)
    );
    // Another program's pairings wait for it too (§709.1): nothing is started.
    let file = e.dir.path().join("early.txt");
    std::fs::write(&file, "5\n1 2\n3 4\n5 6\n7 8\n10 11\n").unwrap();
    let imported = e.run(
        "2027-04-27",
        &[
            "pair",
            "--tournament",
            "SW",
            "--import",
            file.to_str().unwrap(),
        ],
    );
    assert!(!imported.status.success());
    assert!(
        text(&imported.stderr).contains("until 2027-04-27 (Art. 55)"),
        "{}",
        text(&imported.stderr)
    );
    e.cli("2027-04-27", &["tick"]);
    assert!(
        e.round("2027-04-27", 3).is_empty(),
        "round 3 waits while White may appeal"
    );
}

/// Plays the Swiss stage of 11 and returns the ledger. Round 1 has a game by letters
/// (p9–p4: 1. e4 e5, then p9 resigns); round 2 a game left unfinished and adjudicated at the
/// round's end; in round 3 p9 withdraws (Art. 47 А: he moved, so his game is lost).
fn swiss_stage(e: &mut Event) -> Ledger {
    let mut l = Ledger::default();
    assert!(
        e.status("2027-01-09").is_empty(),
        "no games before the start date"
    );
    e.cli("2027-01-10", &["tick"]);
    let r1 = e.round("2027-01-10", 1);
    let pairs: HashSet<(u32, u32)> = r1.iter().map(|(_, w, b, _)| (num(w), num(b))).collect();
    // C.04.3 round 1: 1–6, 7–2, 3–8, 9–4, 5–10; 11 has the bye.
    assert_eq!(
        pairs,
        HashSet::from([(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)])
    );
    assert!(r1.iter().all(|g| g.3 == "swiss"));
    let sheet = e.letters_to("arbiter@example.test", "round 1 paired");
    assert_eq!(sheet.len(), 1, "the arbiter gets the round's sheet");
    assert!(
        sheet[0].contains("SW/1: Player 1 – Player 6") && sheet[0].contains("bye: Player 11 (1)"),
        "{}",
        sheet[0]
    );
    let bye = e.letters_to("p11@example.test", "bye");
    assert_eq!(bye.len(), 1, "the bye is told");
    assert!(bye[0].contains("a bye worth 1"), "{}", bye[0]);
    l.bye(e, 1, &r1);
    let told = e.letters_to("p6@example.test", "round 1");
    assert_eq!(told.len(), 1);
    assert!(
        told[0].contains("You play Black against Player 1"),
        "{}",
        told[0]
    );
    assert!(told[0].contains("ends on 2027-03-11"), "{}", told[0]);
    // p9–p4 by letters.
    let g94 = r1.iter().find(|g| num(&g.1) == 9).unwrap().0.clone();
    e.letter("2027-01-12", "p9@example.test", &g94, "1. e4");
    e.letter("2027-01-14", "p4@example.test", &g94, "1. e4 e5");
    e.letter("2027-01-16", "p9@example.test", &g94, "I resign");
    l.game("p9@example.test", "p4@example.test", "0-1");
    for (id, w, b, _) in &r1 {
        if *id != g94 {
            e.result("2027-02-01", id, stronger(w, b));
            l.game(w, b, stronger(w, b));
        }
    }
    // Round 2 started by the last result, ends 60 days later.
    let r2 = e.round("2027-02-01", 2);
    assert_eq!(r2.len(), 5);
    l.bye(e, 2, &r2);
    let (open, ow, ob, _) = r2.last().unwrap().clone();
    for (id, w, b, _) in &r2[..4] {
        e.result("2027-02-10", id, stronger(w, b));
        l.game(w, b, stronger(w, b));
    }
    assert!(
        e.round("2027-03-01", 3).is_empty(),
        "round 3 waits for the unfinished game"
    );
    adjudicated_at_the_round_end(e, &mut l, &open, &ow, &ob);
    e.cli("2027-04-28", &["tick"]);
    let r3 = e.round("2027-04-28", 3);
    assert_eq!(r3.len(), 5, "round 3 starts once the 7 days are over");
    assert!(
        !e.cli("2027-04-28", &["status"]).contains("appeal until"),
        "the window closed"
    );
    l.bye(e, 3, &r3);
    // p9 withdraws in round 3.
    e.cli("2027-05-01", &["arbiter", "withdraw", "p9@example.test"]);
    for (id, w, b, _) in &r3 {
        let r = if num(w) == 9 {
            "0-1"
        } else if num(b) == 9 {
            "1-0"
        } else {
            stronger(w, b)
        };
        if num(w) != 9 && num(b) != 9 {
            e.result("2027-05-02", id, r);
            l.game(w, b, r);
        } else {
            l.forfeit(w, b, r);
        }
    }
    for r in 4..=5 {
        let games = e.round("2027-06-01", r);
        assert_eq!(games.len(), 5, "round {r}: ten players, five games, no bye");
        for (id, w, b, _) in &games {
            assert!(
                num(w) != 9 && num(b) != 9,
                "round {r}: the withdrawn player is not paired"
            );
            e.result("2027-06-01", id, stronger(w, b));
            l.game(w, b, stronger(w, b));
        }
    }
    l
}

/// Seeds 1–4 from the test's own points (ties broken the way the test can check: none of
/// the top four are tied in this scenario with distinct points, else by the order amici
/// gives, which must then at least have equal points).
fn seeds_from(e: &Event, l: &Ledger) -> Vec<String> {
    let semis = e.round("2027-06-01", 6);
    assert_eq!(semis.len(), 4, "two matches of two games");
    let sheet = e.letters_to("arbiter@example.test", "round 6 paired");
    assert!(
        sheet.len() == 1 && sheet[0].contains("Seeds (§708.2):\n  1. Player 1"),
        "{sheet:?}"
    );
    assert!(semis.iter().all(|g| g.3 == "knockout"));
    let mut seeds: Vec<String> = Vec::new();
    // Match 1: seeds 1 and 4, the higher seed White in the first game.
    for g in [&semis[0], &semis[2]] {
        seeds.push(g.1.clone());
        seeds.push(g.2.clone());
    }
    // semis[0] = (s1, s4), semis[2] = (s2, s3): reorder to 1, 2, 3, 4.
    let s = vec![
        seeds[0].clone(),
        seeds[2].clone(),
        seeds[3].clone(),
        seeds[1].clone(),
    ];
    // The seeds are the test's own ranking's first four (p9 withdrew: never seeded).
    assert_eq!(
        s,
        l.ranking(&["p9@example.test"])[..4].to_vec(),
        "seeds 1-4"
    );
    s
}

fn check_rest(st: &Value, l: &Ledger) {
    let rows = st["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 11);
    // s708_2: the players eliminated before the top come after it, by points (the test's own
    // count), then Buchholz, then sum of Buchholz.
    let name_pts = |row: &Value| {
        let name = row["player"].as_str().unwrap();
        let k: u32 = name.trim_start_matches("Player ").parse().unwrap();
        l.halves
            .get(&format!("p{k}@example.test"))
            .copied()
            .unwrap_or(0)
    };
    for row in &rows[4..] {
        assert_eq!(row["stage"], "swiss", "{row}");
        assert_eq!(
            row["points"].as_f64().unwrap(),
            f64::from(name_pts(row)) / 2.0,
            "points as the test counted them: {row}"
        );
    }
    // The values and the order the test counts itself (plain: only games played count).
    let email = |row: &Value| {
        let k: u32 = row["player"]
            .as_str()
            .unwrap()
            .trim_start_matches("Player ")
            .parse()
            .unwrap();
        format!("p{k}@example.test")
    };
    for row in &rows[4..] {
        let p = email(row);
        assert_eq!(
            row["tiebreaks"]["buchholz"].as_f64().unwrap(),
            f64::from(l.buchholz(&p)) / 2.0,
            "{row}"
        );
        assert_eq!(
            row["tiebreaks"]["sum-buchholz"].as_f64().unwrap(),
            f64::from(l.sum_buchholz(&p)) / 2.0,
            "{row}"
        );
    }
    let top: Vec<String> = rows[..4].iter().map(email).collect();
    let expected: Vec<String> = l
        .ranking(&[])
        .into_iter()
        .filter(|p| !top.contains(p))
        .collect();
    let got: Vec<String> = rows[4..].iter().map(email).collect();
    assert_eq!(
        got, expected,
        "the rest by points, Buchholz, sum of Buchholz"
    );
    for w in rows[4..].windows(2) {
        assert!(w[0]["rank"].as_u64() <= w[1]["rank"].as_u64());
    }
}

#[test]
fn s708_1_a_swiss_of_11_with_a_top_of_4_knockout_tie_seed_to_the_final_places() {
    let mut e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 5\nround_days = 60\ntop = 4\nknockout_games = 2\nknockout_tie = \"seed\"\ntiebreak_unplayed = \"plain\"",
        11,
    ));
    let l = swiss_stage(&mut e);
    let s = seeds_from(&e, &l);
    let semis = e.round("2027-06-01", 6);
    // Semi-final 1–4 drawn 1–1 (each wins with White); 2–3: seed 3 wins both.
    for (id, w, _, _) in &semis {
        let r = if [&s[0], &s[3], &s[2]].contains(&w) {
            "1-0"
        } else {
            "0-1"
        };
        e.result("2027-07-01", id, r);
    }
    let fin = e.round("2027-07-01", 7);
    assert_eq!(
        fin.len(),
        2,
        "the final: the higher seed through on a drawn match (seed)"
    );
    assert_eq!(
        (fin[0].1.as_str(), fin[0].2.as_str()),
        (s[0].as_str(), s[2].as_str())
    );
    let st = e.standings("2027-07-01");
    assert_eq!(st["final"], false);
    // The final: seed 3 wins 1½–½.
    e.result("2027-08-01", &fin[0].0, "1/2-1/2");
    e.result("2027-08-01", &fin[1].0, "1-0");
    let st = e.standings("2027-08-01");
    assert_eq!(st["final"], true, "{st}");
    let rows = st["standings"].as_array().unwrap();
    let who = |k: usize| {
        let n: u32 = rows[k]["player"]
            .as_str()
            .unwrap()
            .trim_start_matches("Player ")
            .parse()
            .unwrap();
        format!("p{n}@example.test")
    };
    assert_eq!((who(0), rows[0]["rank"].as_u64()), (s[2].clone(), Some(1)));
    assert_eq!((who(1), rows[1]["rank"].as_u64()), (s[0].clone(), Some(2)));
    assert_eq!(rows[0]["stage"], "final");
    // Semi-final losers: seeds 2 and 4, by their Swiss standing (seed 2 before seed 4).
    assert_eq!((who(2), rows[2]["rank"].as_u64()), (s[1].clone(), Some(3)));
    assert_eq!((who(3), rows[3]["rank"].as_u64()), (s[3].clone(), Some(4)));
    assert_eq!(rows[2]["stage"], "semi-final");
    check_rest(&st, &l);
    assert!(
        st["pairing"].as_str().unwrap().contains("FIDE Dutch"),
        "§709.2"
    );
    let text = e.cli("2027-08-01", &["standings"]);
    assert!(text.contains("final places (§708.1–708.2)"), "{text}");
    // §709.2: the tie-breaks named, with how unplayed games count (here "plain").
    assert_eq!(st["tiebreak_unplayed"], "plain");
    let plain = "only games played count (an unplayed round adds nothing)";
    assert!(text.contains(plain), "{text}");
    let html = e.cli("2027-08-01", &["standings", "--format", "html"]);
    assert!(
        html.contains(plain) && html.contains("FIDE Dutch"),
        "{html}"
    );
    // Everyone is told the final places once, the champion first.
    e.cli("2027-08-02", &["tick"]);
    for who in [
        "arbiter@example.test",
        "p1@example.test",
        "p11@example.test",
    ] {
        let told = e.letters_to(who, "final places");
        assert_eq!(told.len(), 1, "{who}");
        let champion = format!("1  Player {} (final)", num(&s[2]));
        assert!(told[0].contains(&champion), "{}", told[0]);
    }
    site_shows_the_final_places(&e, &s);
}

/// Issue 14 item 2: the site of a Swiss with a top shows the final places (§708) and each
/// round's bye, no address anywhere, and the page is valid HTML for `tidy` when it is there.
fn site_shows_the_final_places(e: &Event, s: &[String]) {
    let out = e.dir.path().join("site");
    e.cli("2027-08-01", &["site", "--out", out.to_str().unwrap()]);
    let page = std::fs::read_to_string(out.join("SW/index.html")).expect("tournament page");
    let places = &page[page
        .find("Final places (§708)")
        .expect("final places shown")..];
    let champion = format!("Player {}", num(&s[2]));
    let finalist = format!("Player {}", num(&s[0]));
    let (c, f) = (
        places.find(&champion).unwrap(),
        places.find(&finalist).unwrap(),
    );
    assert!(c < f, "the champion first");
    assert!(places.contains("semi-final") && places.contains("Swiss stage"));
    assert!(page.contains("bye 1"), "the round's bye is listed");
    // No address in any file of the site, the index and the feed included, in any spelling.
    let all = published::files(&out);
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        let found = published::at_signs(path, &text);
        assert!(found.is_empty(), "{}: {found:?}", path.display());
        assert!(!text.contains("example.test"), "{}", path.display());
    }
    assert!(
        out.join("feed.xml").exists() && out.join("index.html").exists(),
        "the site's index and feed"
    );
    assert!(all.len() > 10, "{} files", all.len());
    let tidy = std::path::Path::new("/usr/bin/tidy");
    // The same site in Bulgarian and Russian (the tournament's `language`): its final places
    // in their words, and every page of each valid for tidy.
    let toml = e.dir.path().join("amici.toml");
    let english = std::fs::read_to_string(&toml).unwrap();
    let mut sites = vec![out.clone()];
    for (lang, heading) in [
        ("bg", "Крайно класиране (§708)"),
        ("ru", "Итоговые места (§708)"),
    ] {
        let edited = english.replace("language = \"en\"", &format!("language = \"{lang}\""));
        std::fs::write(&toml, edited).unwrap();
        let dir = e.dir.path().join(format!("site-{lang}"));
        e.cli("2027-08-01", &["site", "--out", dir.to_str().unwrap()]);
        let page = std::fs::read_to_string(dir.join("SW/index.html")).unwrap();
        assert!(page.contains(&format!("<html lang=\"{lang}\"")), "{lang}");
        assert!(page.contains(heading), "{lang}: {heading} in {page}");
        sites.push(dir);
    }
    std::fs::write(&toml, english).unwrap();
    if !tidy.exists() {
        assert!(std::env::var("CI").is_err(), "tidy is missing in CI");
        return;
    }
    for site in &sites {
        for entry in std::fs::read_dir(site.join("SW")).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|x| x != "html") {
                continue;
            }
            let r = Command::new(tidy)
                .args(["-q", "-e", "--show-warnings", "yes"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                r.status.success() && r.stderr.is_empty(),
                "{}: {}",
                path.display(),
                text(&r.stderr)
            );
        }
    }
}

#[test]
fn s708_2_a_drawn_semi_final_under_knockout_tie_replay_is_played_again() {
    let mut e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 5\nround_days = 60\ntop = 4\nknockout_tie = \"replay\"\ntiebreak_unplayed = \"plain\"",
        11,
    ));
    let l = swiss_stage(&mut e);
    let s = seeds_from(&e, &l);
    for (id, w, _, _) in &e.round("2027-06-01", 6) {
        let r = if [&s[0], &s[3]].contains(&w) || *w == s[2] {
            "1-0"
        } else {
            "0-1"
        };
        e.result("2027-07-01", id, r);
    }
    let replay = e.round("2027-07-01", 7);
    assert_eq!(replay.len(), 2, "only the drawn match is replayed");
    assert_eq!(
        (replay[0].1.as_str(), replay[0].2.as_str()),
        (s[0].as_str(), s[3].as_str())
    );
    // Seed 4 wins the replay 2–0.
    e.result("2027-08-01", &replay[0].0, "0-1");
    e.result("2027-08-01", &replay[1].0, "1-0");
    let fin = e.round("2027-08-01", 8);
    assert_eq!(fin.len(), 2);
    // Seed 3 is the higher seed of the final: White in the first game.
    assert_eq!(
        (fin[0].1.as_str(), fin[0].2.as_str()),
        (s[2].as_str(), s[3].as_str())
    );
    e.result("2027-09-01", &fin[0].0, "0-1");
    e.result("2027-09-01", &fin[1].0, "1/2-1/2");
    let st = e.standings("2027-09-01");
    assert_eq!(st["final"], true);
    let rows = st["standings"].as_array().unwrap();
    assert_eq!(rows[0]["player"], format!("Player {}", num(&s[3])));
    assert_eq!(rows[1]["player"], format!("Player {}", num(&s[2])));
    // Seeds 1 and 2 lost their semi-finals: 3rd and 4th in Swiss order.
    assert_eq!(rows[2]["player"], format!("Player {}", num(&s[0])));
    assert_eq!(rows[3]["player"], format!("Player {}", num(&s[1])));
    check_rest(&st, &l);
}

#[test]
fn s12a_three_tables_of_5_then_a_top_of_4_non_qualifiers_placed_across_tables() {
    let e = Event::new(&config(
        "pairing = \"tables\"\ntables = 3\nround_days = 90\ntop = 4\nknockout_games = 2",
        15,
    ));
    e.cli("2027-01-10", &["tick"]);
    let games = e.round("2027-01-10", 1);
    assert_eq!(games.len(), 30, "three round robins of 5: 10 games each");
    // No TRF for a pairing program: the tables are round robins (§709.1 is for a Swiss).
    let trf = e.run("2027-01-10", &["trf", "--tournament", "SW"]);
    assert!(!trf.status.success());
    assert!(
        text(&trf.stderr).contains("round-robin tables, not Swiss rounds"),
        "{}",
        text(&trf.stderr)
    );
    assert!(games.iter().all(|g| g.3 == "tables"));
    // Snake seeding: table 1 = 1, 6, 7, 12, 13; table 2 = 2, 5, 8, 11, 14; table 3 = 3, 4, 9,
    // 10, 15. Nobody meets a player of another table.
    let table = |p: u32| match p {
        1 | 6 | 7 | 12 | 13 => 1,
        2 | 5 | 8 | 11 | 14 => 2,
        _ => 3,
    };
    let mut l = Ledger::default();
    for (id, w, b, _) in &games {
        assert_eq!(table(num(w)), table(num(b)), "{w} and {b} are in one table");
        // Table 1 is drawn but for p1's games: 1 has 4 points, the other four 1½ each.
        let r = if table(num(w)) == 1 && num(w) != 1 && num(b) != 1 {
            "1/2-1/2"
        } else {
            stronger(w, b)
        };
        e.result("2027-03-01", id, r);
        l.game(w, b, r);
    }
    assert_eq!(l.met.len(), 30);
    // Tables 2 and 3: 4, 3, 2, 1, 0 points; table 1: 4, 1½, 1½, 1½, 1½. The top: the three
    // table winners (4) and the best of the 3-point players.
    let semis = e.round("2027-03-01", 2);
    assert_eq!(semis.len(), 4);
    let top: HashSet<u32> = semis.iter().flat_map(|g| [num(&g.1), num(&g.2)]).collect();
    assert!(top.contains(&1) && top.contains(&2) && top.contains(&3));
    // The 3-point players p4 and p5 are equal on points, Buchholz (4+2+1+0) and sum of
    // Buchholz: the pairing number decides (DESIGN.md), so p4.
    assert!(top.contains(&4), "{top:?}");
    for (id, w, b, _) in &semis {
        e.result("2027-05-01", id, stronger(w, b));
    }
    for (id, w, b, _) in &e.round("2027-05-01", 3) {
        e.result("2027-07-01", id, stronger(w, b));
    }
    let st = e.standings("2027-07-01");
    assert_eq!(st["final"], true, "{st}");
    let rows = st["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 15);
    assert_eq!(rows[0]["player"], "Player 1");
    assert_eq!(rows[1]["player"], "Player 2");
    // The non-qualifiers across the tables, the table place ignored (§708.2): p5 (3), the
    // two 2-point players (third in tables 2 and 3), then table 1's four 1½-point players
    // (second to fifth there: ranked by table place they would come before the 2-point
    // players), the 1-point and the 0-point players last.
    let pts: Vec<f64> = rows[4..]
        .iter()
        .map(|r| r["points"].as_f64().unwrap())
        .collect();
    assert_eq!(
        pts,
        vec![3.0, 2.0, 2.0, 1.5, 1.5, 1.5, 1.5, 1.0, 1.0, 0.0, 0.0]
    );
    let names: Vec<&str> = rows[4..7]
        .iter()
        .map(|r| r["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["Player 5", "Player 8", "Player 9"]);
    for r in &rows[4..] {
        assert_eq!(r["stage"], "tables");
        assert!(r["rank"].as_u64().unwrap() >= 5);
    }
    // §709.2, the default: unplayed games as the FIDE Tie-Break Regulations count them.
    assert_eq!(st["tiebreak_unplayed"], "fide");
    assert!(
        st["tiebreak_note"]
            .as_str()
            .unwrap()
            .contains("FIDE Tie-Break Regulations (2024)"),
        "{st}"
    );
    let shown = e.cli("2027-07-01", &["standings"]);
    assert!(
        shown.contains("round-robin tables by snake seeding"),
        "{shown}"
    );
    assert!(
        shown.contains("FIDE Tie-Break Regulations (2024)"),
        "{shown}"
    );
    // The order is §708's: another tie-break list is refused, not silently ignored.
    let other = e.run(
        "2027-07-01",
        &["standings", "--tiebreaks", "sonneborn-berger"],
    );
    assert!(!other.status.success());
    assert!(
        text(&other.stderr).contains("--tiebreaks is for round robins"),
        "{}",
        text(&other.stderr)
    );
}

/// Bad pairings for round 3 are refused with the reason, and nothing starts.
fn bad_pairings_are_refused(e: &Event) {
    let r1: Vec<(u32, u32)> = e
        .round("2027-03-03", 1)
        .iter()
        .map(|g| (num(&g.1), num(&g.2)))
        .collect();
    let bad = |name: &str, body: &str, why: &str| {
        let path = e.dir.path().join(name);
        std::fs::write(&path, body).unwrap();
        let out = e.run(
            "2027-03-03",
            &[
                "pair",
                "--tournament",
                "SW",
                "--import",
                path.to_str().unwrap(),
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(
            text(&out.stderr).contains(why),
            "{name}: {}",
            text(&out.stderr)
        );
        assert!(
            e.round("2027-03-03", 3).is_empty(),
            "{name}: nothing started"
        );
    };
    let (a, b) = r1[0];
    bad(
        "rematch.txt",
        &format!("5\n{a} {b}\n2 3\n4 6\n7 8\n9 10\n"),
        "have met before",
    );
    bad(
        "count.txt",
        "7\n",
        "the first line says 7 pairs, the file has 0",
    );
    bad(
        "missing2.txt",
        "2\n1 10\n2 3\n",
        "missing from the pairings",
    );
    bad("withdrawn.txt", "1\n1 11\n", "player 11 has withdrawn");
    bad("absent.txt", "1\n5 0\n", "asked for a bye");
}

/// The independent engine of tests/dutch_agreement.rs (caissify-pairings in
/// target/pairings-venv, installed by scripts/test.sh).
fn reference_python() -> Option<PathBuf> {
    let py =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pairings-venv/bin/python");
    let ok = py.exists()
        && Command::new(&py)
            .args(["-c", "import caissify_pairings"])
            .status()
            .is_ok_and(|s| s.success());
    ok.then_some(py)
}

/// The pairings of the reference engine for the TRF at `trf`.
fn reference_pairing(python: &std::path::Path, trf: &std::path::Path) -> String {
    use std::io::Write as _;
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/dutch_reference.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start the reference engine");
    writeln!(child.stdin.take().unwrap(), "{}", trf.display()).unwrap();
    let out = child.wait_with_output().expect("reference engine");
    let text = text(&out.stdout);
    text.split("END").next().unwrap().to_string()
}

/// Round 3's block of the exported TRF: start numbers are the pairing numbers (rating order),
/// p5's requested bye is H, withdrawn p11 is Z, round 2's forfeit is `+` / `-`.
fn exported_trf_holds_the_bye_the_withdrawal_and_the_forfeit(trf: &str, forfeited: (u32, u32)) {
    let p5 = trf.lines().find(|l| l.contains("Player 5 ")).unwrap();
    assert_eq!(&p5[4..8], "   5");
    assert!(p5.trim_end().ends_with("0000 - H"), "{p5}");
    let p11 = trf.lines().find(|l| l.contains("Player 11 ")).unwrap();
    assert!(p11.trim_end().ends_with("0000 - Z"), "withdrawn: {p11}");
    let (fw, fb) = forfeited;
    let winner = trf
        .lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == fw.to_string())
        .unwrap();
    assert!(
        winner.contains(&format!("{fb:>4} w +")),
        "round 2's forfeit win: {winner}"
    );
    let loser = trf
        .lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == fb.to_string())
        .unwrap();
    assert!(
        loser.contains(&format!("{fw:>4} b -")),
        "round 2's forfeit loss: {loser}"
    );
}

/// The reference engine's pairs (white, black; black 0 for the bye), its count line checked.
fn reference_pairs(pairing: &str) -> Vec<(u32, u32)> {
    let mut lines = pairing.lines().filter(|l| !l.trim().is_empty());
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let pairs: Vec<(u32, u32)> = lines
        .map(|l| {
            let v: Vec<u32> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect();
    assert_eq!(count, pairs.len());
    pairs
}

/// The pairs of a JaVaFo-format pairing (white, black; black 0 for the bye).
fn javafo_pairs(text: &str) -> HashSet<(u32, u32)> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Vec<u32> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect()
}

#[test]
fn s12a_a_half_point_bye_is_exported_as_bbu_and_the_trf_pairs_as_the_daemon_did() {
    let e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 4\nround_days = 60\nbye_points = 0.5",
        7,
    ));
    e.cli("2027-01-10", &["tick"]);
    for (id, w, b, _) in e.round("2027-02-01", 1) {
        e.result("2027-02-01", &id, stronger(&w, &b));
    }
    // Round 2, paired by the daemon once round 1 is complete.
    let daemon: HashSet<(u32, u32)> = e
        .round("2027-02-01", 2)
        .iter()
        .map(|(_, w, b, _)| (num(w), num(b)))
        .collect();
    assert_eq!(daemon.len(), 3, "seven players: three games and a bye");
    let with_round_2 = e.cli("2027-02-01", &["trf", "--tournament", "SW"]);
    let bye = with_round_2
        .lines()
        .filter(|l| l.starts_with("001"))
        .find(|l| l.trim_end().ends_with("0000 - U"))
        .map(|l| l[4..8].trim().parse::<u32>().unwrap())
        .expect("round 2's pairing-allocated bye in the TRF");
    // Taken back before any move: the TRF is the state the daemon paired round 2 from.
    e.cli("2027-02-02", &["arbiter", "unpair", "SW", "2"]);
    let trf = e.cli("2027-02-02", &["trf", "--tournament", "SW"]);
    assert!(trf.contains("\nBBU  0.5\n"), "bye_points = 0.5: {trf}");
    // Round 1's bye (player 7, the lowest) holds half a point in the points column.
    let p7 = trf.lines().find(|l| l.contains("Player 7 ")).unwrap();
    assert!(p7.trim_end().ends_with("0000 - U"), "{p7}");
    assert_eq!(p7[80..84].trim(), "0.5", "{p7}");
    let path = e.dir.path().join("half.trf");
    std::fs::write(&path, &trf).unwrap();
    let out = e.cli("2027-02-02", &["pair", "--trf", path.to_str().unwrap()]);
    let mut expected = daemon.clone();
    expected.insert((bye, 0));
    assert_eq!(
        javafo_pairs(&out),
        expected,
        "pair --trf on the exported file gives the daemon's own round 2"
    );
}

/// Rounds 1 and 2 of the round-trip Swiss, the stronger winning, but round 2's first game lost
/// by Black by forfeit before any move (Art. 56): an unplayed game in the TRF (`+` / `-`).
/// Returns the forfeit's (winner, loser) and p5's points (half points) as the test gave them:
/// a win, or the bye of a round he is not paired in.
fn two_rounds_with_a_forfeit(e: &Event) -> ((u32, u32), u32) {
    let mut forfeited = (0, 0);
    let mut p5 = 0;
    for (r, day) in [(1, "2027-02-01"), (2, "2027-03-01")] {
        let games = e.round(day, r);
        for (k, (id, w, b, _)) in games.iter().enumerate() {
            let white_wins = if r == 2 && k == 0 {
                e.cli(day, &["arbiter", "forfeit", id, "black"]);
                forfeited = (num(w), num(b));
                true
            } else {
                e.result(day, id, stronger(w, b));
                stronger(w, b) == "1-0"
            };
            if num(if white_wins { w } else { b }) == 5 {
                p5 += 2;
            }
        }
        if !games.iter().any(|(_, w, b, _)| num(w) == 5 || num(b) == 5) {
            p5 += 2;
        }
    }
    (forfeited, p5)
}

#[test]
fn s709_1_trf_export_paired_by_an_independent_engine_and_imported_back() {
    let e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 5\nround_days = 60\nrequested_byes = true",
        11,
    ));
    e.cli("2027-01-10", &["tick"]);
    let (forfeited, p5) = two_rounds_with_a_forfeit(&e);
    let own: HashSet<(u32, u32)> = e
        .round("2027-03-01", 3)
        .iter()
        .map(|(_, w, b, _)| (num(w), num(b)))
        .collect();
    assert_eq!(own.len(), 5, "round 3 paired by itself");
    // The arbiter takes the pairing back before any move, and p5 asks for a bye in round 3.
    let out = e.cli("2027-03-02", &["arbiter", "unpair", "SW", "3"]);
    assert!(out.contains("round 3 of SW unpaired"), "{out}");
    assert!(e.round("2027-03-02", 3).is_empty());
    // The TRF of that state (a forfeit in round 2) pairs as the daemon did (the bye aside).
    let before = e.dir.path().join("before.trf");
    std::fs::write(&before, e.cli("2027-03-02", &["trf", "--tournament", "SW"])).unwrap();
    let again = e.cli("2027-03-02", &["pair", "--trf", before.to_str().unwrap()]);
    let games: HashSet<(u32, u32)> = javafo_pairs(&again)
        .into_iter()
        .filter(|(_, b)| *b != 0)
        .collect();
    assert_eq!(
        games, own,
        "pair --trf on the export equals the daemon's round 3"
    );
    e.cli("2027-03-02", &["arbiter", "bye", "p5@example.test", "3"]);
    // p11 withdraws before round 3 (Art. 47): not paired again.
    e.cli("2027-03-02", &["arbiter", "withdraw", "p11@example.test"]);
    let refused = e.run("2027-03-02", &["arbiter", "bye", "p6@example.test", "2"]);
    assert!(
        !refused.status.success(),
        "a bye for a round already paired is refused"
    );
    // A tick does not pair the held round by itself.
    e.cli("2027-03-03", &["tick"]);
    assert!(
        e.round("2027-03-03", 3).is_empty(),
        "the round waits for the arbiter"
    );

    let trf = e.cli("2027-03-03", &["trf", "--tournament", "SW"]);
    assert!(
        trf.contains("\nXXR 5\n") && trf.contains("\nXXC white1\n"),
        "{trf}"
    );
    exported_trf_holds_the_bye_the_withdrawal_and_the_forfeit(&trf, forfeited);
    let trf_path = e.dir.path().join("sw.trf");
    std::fs::write(&trf_path, &trf).unwrap();

    bad_pairings_are_refused(&e);

    let Some(python) = reference_python() else {
        let msg = "THE TRF ROUND TRIP DID NOT RUN: the reference engine (caissify-pairings in \
                   target/pairings-venv) is not installed; scripts/test.sh installs it";
        assert!(std::env::var("CI").is_err(), "{msg}");
        eprintln!("{msg}");
        return;
    };
    let pairing = reference_pairing(&python, &trf_path);
    let pairs = reference_pairs(&pairing);
    assert_eq!(
        pairs.iter().filter(|(_, b)| *b != 0).count(),
        4,
        "nine players present (p5 has his bye, p11 withdrew): four games and the bye"
    );
    assert_eq!(pairs.iter().filter(|(_, b)| *b == 0).count(), 1);
    assert!(
        !pairs
            .iter()
            .any(|(w, b)| [*w, *b].contains(&11) || [*w, *b].contains(&5)),
        "{pairs:?}"
    );
    // The forfeit winner of round 2 may not have the bye (C.04.1 d).
    assert!(!pairs.contains(&(forfeited.0, 0)), "{pairs:?}");

    let file = e.dir.path().join("reference.txt");
    std::fs::write(&file, &pairing).unwrap();
    let out = e.cli(
        "2027-03-04",
        &[
            "pair",
            "--tournament",
            "SW",
            "--import",
            file.to_str().unwrap(),
            "--program",
            "caissify-pairings 0.5.0",
        ],
    );
    assert!(
        out.contains("round 3 of SW started from the imported pairings"),
        "{out}"
    );
    let r3: HashSet<(u32, u32)> = e
        .round("2027-03-04", 3)
        .iter()
        .map(|g| (num(&g.1), num(&g.2)))
        .collect();
    assert_eq!(
        r3,
        pairs
            .iter()
            .copied()
            .filter(|(_, b)| *b != 0)
            .collect::<HashSet<_>>(),
        "exactly the reference's games"
    );
    let bye = pairs.iter().find(|(_, b)| *b == 0).unwrap().0;
    assert!(
        e.cli("2027-03-04", &["trf", "--tournament", "SW"])
            .lines()
            .any(|l| l.starts_with("001")
                && l[4..8].trim() == bye.to_string()
                && l.trim_end().ends_with("0000 - U")),
        "the reference's bye given: {bye}"
    );
    let st = e.standings("2027-03-04");
    // p5's requested half-point bye in round 3 counts (H: ½).
    let row = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == "Player 5")
        .unwrap();
    assert_eq!(
        row["points"].as_f64().unwrap(),
        f64::from(p5) / 2.0 + 0.5,
        "{row}"
    );
    assert!(
        st["pairing"]
            .as_str()
            .unwrap()
            .contains("Round 3: paired by caissify-pairings 0.5.0"),
        "§709.2: {}",
        st["pairing"]
    );
}

#[test]
fn s709_1_the_arbiter_s_letter_with_the_pairings_attached_starts_the_round() {
    let mut e = three_rounds_after_round_1();
    let day = "2027-02-02";
    // amici's own round 2, taken back before any move: the round waits for the arbiter.
    let own: Vec<(u32, u32)> = e
        .round(day, 2)
        .iter()
        .map(|g| (num(&g.1), num(&g.2)))
        .collect();
    assert_eq!(own.len(), 5);
    let r1: HashSet<(u32, u32)> = e
        .round(day, 1)
        .iter()
        .flat_map(|g| [(num(&g.1), num(&g.2)), (num(&g.2), num(&g.1))])
        .collect();
    e.cli(day, &["arbiter", "unpair", "SW", "2"]);
    assert!(e.round(day, 2).is_empty());
    let bye = (1..=11)
        .find(|p| !own.iter().any(|(w, b)| w == p || b == p))
        .unwrap();
    // Another program's pairing: two of amici's games with their opponents swapped, the
    // first such swap that is no rematch of round 1.
    let mut theirs = own.clone();
    'swap: for i in 0..theirs.len() {
        for j in i + 1..theirs.len() {
            let ((a, b), (c, d)) = (theirs[i], theirs[j]);
            if !r1.contains(&(a, d)) && !r1.contains(&(c, b)) {
                theirs[i] = (a, d);
                theirs[j] = (c, b);
                break 'swap;
            }
        }
    }
    assert_ne!(theirs, own, "a pairing amici's engine would not make");
    let file = |pairs: &[(u32, u32)]| {
        let mut f = format!("{}\n", pairs.len() + 1);
        for (w, b) in pairs {
            f.push_str(&format!("{w} {b}\n"));
        }
        f.push_str(&format!("{bye} 0\n"));
        f
    };
    let arbiter = "arbiter@example.test";
    // No file attached: refused, nothing started.
    e.letter_with_file(day, arbiter, "pair SW attached Swiss-Manager", None);
    // A rematch of round 1: a and b (who met then) together, their partners together.
    let (a, b) = e
        .round(day, 1)
        .iter()
        .map(|g| (num(&g.1), num(&g.2)))
        .find(|(a, b)| *a != bye && *b != bye)
        .unwrap();
    let game_of = |p: u32| theirs.iter().position(|(w, x)| *w == p || *x == p).unwrap();
    let (ka, kb) = (game_of(a), game_of(b));
    let partner = |k: usize, p: u32| {
        if theirs[k].0 == p {
            theirs[k].1
        } else {
            theirs[k].0
        }
    };
    let mut rematch = theirs.clone();
    rematch[ka] = (a, b);
    rematch[kb] = (partner(ka, a), partner(kb, b));
    e.letter_with_file(
        day,
        arbiter,
        "pair SW attached",
        Some(("bad.txt", &file(&rematch))),
    );
    assert!(e.round(day, 2).is_empty(), "nothing started on a bad file");
    let answers = e.bodies_to(arbiter);
    assert!(answers.contains("no pairings attached"), "{answers}");
    assert!(
        answers.contains("are not accepted and nothing was started")
            && answers.contains(&format!("players {a} and {b} have met before")),
        "{answers}"
    );
    // The good file: exactly its games start, and the program is named (§709.2).
    e.letter_with_file(
        day,
        arbiter,
        "Dear amici,\npair SW attached Swiss-Manager 14\nRegards",
        Some(("round2.txt", &file(&theirs))),
    );
    let r2: HashSet<(u32, u32)> = e
        .round(day, 2)
        .iter()
        .map(|g| (num(&g.1), num(&g.2)))
        .collect();
    assert_eq!(r2, theirs.iter().copied().collect::<HashSet<_>>());
    let answers = e.bodies_to(arbiter);
    assert!(answers.contains("round 2 of SW paired"), "{answers}");
    let st = e.standings(day);
    assert!(
        st["pairing"]
            .as_str()
            .unwrap()
            .contains("Round 2: paired by Swiss-Manager 14"),
        "§709.2: {}",
        st["pairing"]
    );
    // The letters replayed (issue 11) start the same round from the same attachment.
    let audit = e.run(day, &["audit"]);
    let report = format!("{}{}", text(&audit.stdout), text(&audit.stderr));
    assert_eq!(audit.status.code(), Some(0), "{report}");
    assert!(report.contains(" 0 difference(s)"), "{report}");
}

/// A Swiss of 11 over 3 rounds, round 1 played (the stronger wins), round 2 paired.
fn three_rounds_after_round_1() -> Event {
    let e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 3\nround_days = 60",
        11,
    ));
    e.cli("2027-01-10", &["tick"]);
    for (id, w, b, _) in &e.round("2027-02-01", 1) {
        e.result("2027-02-01", id, stronger(w, b));
    }
    e
}

#[test]
fn s12a_the_arbiter_takes_a_round_back_and_pairs_it_again_with_new_game_numbers() {
    let e = three_rounds_after_round_1();
    let before = e.round("2027-02-01", 2);
    assert_eq!(before.len(), 5);
    // Refused while a game of the round has a move.
    let (gid, white, _, _) = before[0].clone();
    let mut e = e;
    e.letter("2027-02-02", &white, &gid, "1. e4");
    let refused = e.run("2027-02-03", &["arbiter", "unpair", "SW", "2"]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("has begun"),
        "{}",
        text(&refused.stderr)
    );
    // Round 1 (not the last) cannot be taken back.
    let refused = e.run("2027-02-03", &["arbiter", "unpair", "SW", "1"]);
    assert!(
        text(&refused.stderr).contains("only the last round"),
        "{}",
        text(&refused.stderr)
    );
    // A fresh event: round 2 taken back before any move, then paired again.
    let e = three_rounds_after_round_1();
    let before = e.round("2027-02-01", 2);
    e.cli("2027-02-03", &["arbiter", "unpair", "SW", "2"]);
    for (id, w, b, _) in &before {
        for who in [w, b] {
            let told = e.letters_to(who, "round 2");
            assert!(
                told.iter()
                    .any(|l| l.contains("taken back") && l.contains(id.as_str())),
                "{who} is told that {id} does not take place"
            );
        }
    }
    let out = e.cli("2027-02-04", &["arbiter", "pair", "SW"]);
    assert!(
        out.contains("round 2 of SW paired: 5 games, 1 bye(s)"),
        "{out}"
    );
    let after = e.round("2027-02-04", 2);
    let old: HashSet<&String> = before.iter().map(|g| &g.0).collect();
    assert!(
        after.iter().all(|g| !old.contains(&g.0)),
        "new game numbers: {after:?}"
    );
    // Each player: the first pairing, the taken-back notice, the new pairing (its own letter,
    // not dropped as a repeat of the first).
    for (_, w, _, _) in &after {
        assert_eq!(e.letters_to(w, "round 2: game").len(), 3, "{w}");
    }
    let again = e.run("2027-02-05", &["arbiter", "pair", "SW"]);
    assert!(
        text(&again.stderr).contains("no round of SW is due"),
        "{}",
        text(&again.stderr)
    );
}

#[test]
fn c0401_d_no_legal_pairing_the_arbiter_is_told_in_his_language_and_his_pairing_with_a_second_bye_starts()
 {
    let e = Event::new(
        &config("pairing = \"swiss\"\nrounds = 4\nround_days = 60", 5)
            .replace("language = \"en\"", "language = \"bg\""),
    );
    e.cli("2027-01-10", &["tick"]);
    // Rounds 1–3 as the arbiter imports them: the byes go to p3, p1, p2, and after round 3 p4
    // and p5 have met everyone but each other.
    let file = e.dir.path().join("pairs.txt");
    let rounds = [
        (1, "2027-01-11", "3\n1 4\n5 2\n3 0\n"),
        (2, "2027-02-11", "3\n2 4\n3 5\n1 0\n"),
        (3, "2027-03-11", "3\n1 5\n3 4\n2 0\n"),
    ];
    for (r, day, pairs) in rounds {
        e.replace_round(day, r, pairs);
        for (id, _, _, _) in e.round(day, r as u64) {
            e.result(day, &id, "1/2-1/2");
        }
    }
    // Round 4: p4–p5 must play, and one of p1, p2, p3 sit out — each has had a bye (C.04.1 d).
    assert!(e.round("2027-03-12", 4).is_empty(), "amici pairs nothing");
    let told = e.bodies_to("arbiter@example.test");
    assert!(
        told.contains("кръг 4: никое теглене не спазва абсолютните критерии"),
        "the arbiter told why, in Bulgarian: {told}"
    );
    assert!(!told.contains("no pairing satisfies"), "{told}");
    // The arbiter decides: p3 a second bye.
    std::fs::write(&file, "3\n4 5\n1 2\n3 0\n").unwrap();
    let out = e.cli(
        "2027-03-12",
        &[
            "pair",
            "--tournament",
            "SW",
            "--import",
            file.to_str().unwrap(),
        ],
    );
    assert!(out.contains("round 4 of SW started"), "{out}");
    let r4: HashSet<(u32, u32)> = e
        .round("2027-03-12", 4)
        .iter()
        .map(|(_, w, b, _)| (num(w), num(b)))
        .collect();
    assert_eq!(r4, HashSet::from([(4, 5), (1, 2)]));
}

#[test]
fn art_53_a_swiss_round_s_adjudicator_is_reminded_when_his_15_days_run_out() {
    let e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 2\nround_days = 30",
        4,
    ));
    e.cli("2027-01-10", &["tick"]);
    let r1 = e.round("2027-01-10", 1);
    assert_eq!(r1.len(), 2);
    let (first, w, b, _) = r1[0].clone();
    e.result("2027-01-20", &first, stronger(&w, &b));
    let open = r1[1].0.clone();
    // The round's end date (start + 30 days): the open game goes to adjudication (Art. 52);
    // no proposal comes in 15 days, the material goes to the adjudicator (Art. 53).
    e.cli("2027-02-09", &["tick"]);
    e.cli("2027-02-24", &["tick"]);
    let game = |day: &str| {
        e.status(day)
            .into_iter()
            .find(|g| g["id"] == open.as_str())
            .unwrap()
    };
    assert_eq!(
        game("2027-02-24")["adjudication"]["to_adjudicator_on"],
        "2027-02-24"
    );
    let reminded = || {
        e.bodies_to("arbiter@example.test")
            .matches("Reminder to the adjudicator")
            .count()
    };
    // Due within 15 days of 2027-02-24: by 2027-03-11.
    e.cli("2027-03-11", &["tick"]);
    assert_eq!(reminded(), 0, "the 15th day is still his");
    e.cli("2027-03-12", &["tick"]);
    assert_eq!(reminded(), 1, "reminded once the 15 days have run out");
    e.cli("2027-03-13", &["tick"]);
    assert_eq!(reminded(), 1, "once");
    assert!(
        e.round("2027-03-13", 2).is_empty(),
        "round 2 waits for the decision"
    );
}

#[test]
fn s12a_tiebreak_unplayed_fide_by_default_a_forfeit_and_byes_in_the_swiss_standings() {
    // Five players, two rounds, paired as the arbiter imports them. Round 1: p1 beats p2, p3
    // wins against p4 by forfeit, p5 the bye. Round 2: p1–p3 drawn, p5 beats p2, p4 the bye.
    // Points: p1 1.5, p2 0, p3 1.5, p4 1, p5 2. Buchholz by FIDE C.07 (2024), counted here:
    // an opponent's score as he made it (byes and forfeits included), one's own unplayed
    // round worth one's own points —
    //   p1: p2 0 + p3 1.5 = 1.5      p2: p1 1.5 + p5 2 = 3.5      p3: own 1.5 + p1 1.5 = 3
    //   p4: own 1 + own 1 = 2        p5: own 2 + p2 0 = 2
    // ("plain" would give p3 1.5, p4 0, p5 0; the pre-2023 rule p1 1 and p2 3.)
    let e = Event::new(&config(
        "pairing = \"swiss\"\nrounds = 2\nround_days = 60",
        5,
    ));
    e.cli("2027-01-10", &["tick"]);
    e.replace_round("2027-01-11", 1, "3\n1 2\n3 4\n5 0\n");
    for (id, w, _, _) in e.round("2027-01-20", 1) {
        if num(&w) == 3 {
            e.cli("2027-01-20", &["arbiter", "forfeit", &id, "black"]);
        } else {
            e.result("2027-01-20", &id, "1-0");
        }
    }
    e.replace_round("2027-01-21", 2, "3\n1 3\n5 2\n4 0\n");
    for (id, w, _, _) in e.round("2027-02-01", 2) {
        let result = if num(&w) == 1 { "1/2-1/2" } else { "1-0" };
        e.result("2027-02-01", &id, result);
    }
    let st = e.standings("2027-02-02");
    assert_eq!(st["tiebreak_unplayed"], "fide", "the default");
    let rows = st["standings"].as_array().unwrap();
    for (k, points, buchholz) in [
        (1, 1.5, 1.5),
        (2, 0.0, 3.5),
        (3, 1.5, 3.0),
        (4, 1.0, 2.0),
        (5, 2.0, 2.0),
    ] {
        let row = rows
            .iter()
            .find(|r| r["player"] == format!("Player {k}").as_str())
            .unwrap();
        assert_eq!(row["points"].as_f64(), Some(points), "{row}");
        assert_eq!(
            row["tiebreaks"]["buchholz"].as_f64(),
            Some(buchholz),
            "{row}"
        );
    }
}
