//! Issue 13: `amici import --tournament ID FILE.pgn` on real correspondence games nobody here
//! wrote — two ICCF games with their `[%ccsnt …]` sending stamps (fixtures/import, source in
//! fixtures/README) — the clocks rebuilt by RULES.md §3 and checked against the same rule
//! computed here from the stamps; the declared totals of a sidecar cross-checked (nothing
//! written while they disagree); a bad PGN or sidecar named by game and line; the import
//! replayed by `amici audit`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::NaiveDate;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/import")
        .join(name)
}

fn config(tournaments: &str) -> String {
    format!(
        r#"[bot]
address = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Helsinki"
language = "en"

[outbox]
dir = "outbox"

{tournaments}"#
    )
}

const PLAYERS: &str = r#"players = [
  { name = "Hoogkamer, Michael", email = "hoogkamer@example.test" },
  { name = "Mäkelä, Ari", email = "makela@example.test" },
  { name = "Rajala, Olavi", email = "rajala@example.test" },
]"#;

fn ws47() -> String {
    format!(
        "[[tournament]]\nid = \"WS47\"\nmode = \"email\"\nnotation = \"en\"\nstart = 2018-10-01\nend = 2020-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\n{PLAYERS}\ngames = [ {{ white = \"hoogkamer@example.test\", black = \"makela@example.test\" }} ]\n"
    )
}

fn ac4() -> String {
    format!(
        "[[tournament]]\nid = \"AC4\"\nmode = \"email\"\nnotation = \"en\"\nstart = 2019-04-01\nend = 2021-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\n{PLAYERS}\ngames = [ {{ white = \"makela@example.test\", black = \"rajala@example.test\" }} ]\n"
    )
}

struct Setup {
    dir: tempfile::TempDir,
    now: &'static str,
}

impl Setup {
    fn new(tournaments: &str, now: &'static str) -> Setup {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("amici.toml"), config(tournaments)).unwrap();
        Setup { dir, now }
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(self.dir.path().join("amici.toml"))
            .args(args)
            .current_dir(self.dir.path())
            .env("AMICI_NOW", self.now)
            .output()
            .unwrap()
    }

    fn import(&self, tournament: &str, pgn: &Path, extra: &[&str]) -> Output {
        let mut args = vec!["import", "--tournament", tournament, pgn.to_str().unwrap()];
        args.extend_from_slice(extra);
        self.run(&args)
    }

    fn status(&self, game: &str) -> serde_json::Value {
        let out = self.run(&["status", "--format", "json", "--game", game]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["games"][0].clone()
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The sending days of the moves, in order, read from the `[%ccsnt YYYY.MM.DD…]` stamps.
fn stamps(pgn: &Path) -> Vec<NaiveDate> {
    let re = regex::Regex::new(r"\[%ccsnt (\d{4})\.(\d{2})\.(\d{2})").unwrap();
    let text = std::fs::read_to_string(pgn).unwrap();
    re.captures_iter(&text)
        .map(|c| {
            NaiveDate::from_ymd_opt(
                c[1].parse().unwrap(),
                c[2].parse().unwrap(),
                c[3].parse().unwrap(),
            )
            .unwrap()
        })
        .collect()
}

/// RULES.md §3 written out here, independently of amici: in `email` a move is received the
/// day the opponent's was sent (White's first: the day before the start); N = the days after
/// the receipt up to and including the sending day; the move costs max(0, N − 1).
fn s3_totals(start: NaiveDate, sent: &[NaiveDate], today: NaiveDate) -> (i64, i64) {
    let mut t = [0i64, 0];
    let mut received = start - chrono::Duration::days(1);
    for (i, s) in sent.iter().enumerate() {
        t[i % 2] += ((*s - received).num_days() - 1).max(0);
        received = *s;
    }
    // the running clock of the player to move, as if he answered today
    if today > received {
        t[sent.len() % 2] += ((today - received).num_days() - 1).max(0);
    }
    (t[0], t[1])
}

#[test]
fn a_finished_iccf_game_is_imported_with_its_clocks_rebuilt_by_s3_and_audit_replays_it() {
    let s = Setup::new(&ws47(), "2019-03-01T12:00:00+02:00");
    let pgn = fixture("iccf-fin.pgn");
    let out = s.import("WS47", &pgn, &[]);
    assert!(
        out.status.success(),
        "{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("1 game(s) imported"),
        "{}",
        text(&out.stdout)
    );
    let g = s.status("WS47/1");
    let moves = g["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 132);
    assert_eq!(moves[0], "d4");
    assert_eq!(moves[16], "O-O");
    assert_eq!(moves[131], "Ke7");
    assert_eq!(g["result"], "0-1");
    assert_eq!(g["state"], "finished");
    let sent = stamps(&pgn);
    assert_eq!(sent.len(), 132);
    let start = NaiveDate::from_ymd_opt(2018, 10, 1).unwrap();
    // finished: no running clock (today = the last sending day)
    let (w, b) = s3_totals(start, &sent, *sent.last().unwrap());
    assert_eq!(g["clock"]["white"]["days"], w, "{g}");
    assert_eq!(g["clock"]["black"]["days"], b, "{g}");
    // the import is an input of the log: replayed, it decides the same
    let audit = s.run(&["audit"]);
    assert_eq!(
        audit.status.code(),
        Some(0),
        "{}\n{}",
        text(&audit.stdout),
        text(&audit.stderr)
    );
}

#[test]
fn a_running_game_whose_declared_total_disagrees_is_listed_and_nothing_written() {
    let s = Setup::new(&ac4(), "2019-06-18T12:00:00+03:00");
    let pgn = s.dir.path().join("ac4.pgn");
    std::fs::copy(fixture("iccf-fin-running.pgn"), &pgn).unwrap();
    let sent = stamps(&pgn);
    let start = NaiveDate::from_ymd_opt(2019, 4, 1).unwrap();
    let today = NaiveDate::from_ymd_opt(2019, 6, 18).unwrap();
    let (w, b) = s3_totals(start, &sent, today);

    // the sidecar beside the PGN (same name, .toml) declares a wrong total for White
    let sidecar = |white: i64, black: i64| {
        format!(
            "[[game]]\nwhite = \"Mäkelä, Ari\"\nblack = \"Rajala, Olavi\"\nwhite_days = {white}\nblack_days = {black}\npenalties = [ {{ color = \"black\", days = 5, article = \"17\", reason = \"impossible move\", date = 2019-05-01 }} ]\n"
        )
    };
    std::fs::write(pgn.with_extension("toml"), sidecar(w + 3, b + 5)).unwrap();
    let out = s.import("AC4", &pgn, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains(&format!(
            "disagreement: AC4/1: white: the record declares {} days of thinking time, rebuilt {w}",
            w + 3
        )),
        "{stdout}"
    );
    assert!(
        !stdout.contains("AC4/1: black:"),
        "Black's total agrees: {stdout}"
    );
    assert!(stdout.contains("nothing imported"), "{stdout}");
    assert_eq!(s.status("AC4/1")["moves"].as_array().unwrap().len(), 0);

    // declared right (the penalty counted): imported without --accept, White to play move 21
    std::fs::write(pgn.with_extension("toml"), sidecar(w, b + 5)).unwrap();
    let out = s.import("AC4", &pgn, &[]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let g = s.status("AC4/1");
    assert_eq!(g["moves"].as_array().unwrap().len(), 40);
    assert_eq!(g["to_move"], "white");
    assert_eq!(g["state"], "playing");
    assert_eq!(g["clock"]["white"]["days"], w);
    assert_eq!(g["clock"]["black"]["days"], b + 5);
    assert_eq!(g["clock"]["black"]["penalty_days"], 5);

    // a game amici already keeps is never imported again
    let again = s.import("AC4", &pgn, &["--accept"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stdout).contains("already has 40 move(s)"),
        "{}",
        text(&again.stdout)
    );
}

#[test]
fn accept_writes_a_game_whose_figures_disagree() {
    let s = Setup::new(&ac4(), "2019-06-18T12:00:00+03:00");
    let pgn = s.dir.path().join("ac4.pgn");
    std::fs::copy(fixture("iccf-fin-running.pgn"), &pgn).unwrap();
    std::fs::write(
        pgn.with_extension("toml"),
        "[[game]]\nwhite = \"Mäkelä, Ari\"\nblack = \"Rajala, Olavi\"\nwhite_days = 1\n",
    )
    .unwrap();
    assert_eq!(s.import("AC4", &pgn, &[]).status.code(), Some(3));
    let out = s.import("AC4", &pgn, &["--accept"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("disagreement: AC4/1: white"));
    assert_eq!(s.status("AC4/1")["moves"].as_array().unwrap().len(), 40);
}

#[test]
fn a_bad_pgn_or_sidecar_names_the_game_and_the_line_and_imports_nothing() {
    // AC4 with a second game, Hoogkamer – Mäkelä
    let two = ac4().replace(
        "games = [ {",
        "games = [ { white = \"hoogkamer@example.test\", black = \"makela@example.test\" }, {",
    );
    let s = Setup::new(&two, "2019-06-18T12:00:00+03:00");
    // two games; the second has an impossible third move
    let good = std::fs::read_to_string(fixture("iccf-fin-running.pgn")).unwrap();
    let bad = good
        .replace("3.Nc3 {", "3.Qxh7 {")
        .replace("Mäkelä, Ari", "Hoogkamer, Michael")
        .replace("Rajala, Olavi", "Mäkelä, Ari");
    let pgn = s.dir.path().join("two.pgn");
    std::fs::write(&pgn, format!("{good}\n{bad}")).unwrap();
    let second_line = good.lines().count() + 2;
    let out = s.import("AC4", &pgn, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "game 2 (Hoogkamer, Michael – Mäkelä, Ari, line {second_line})"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("3. Qxh7 is not legal"), "{stdout}");
    // both games are in the PGN: neither is "left out", whichever failed
    assert!(!stdout.contains("not in the PGN"), "{stdout}");
    assert_eq!(
        s.status("AC4/2")["moves"].as_array().unwrap().len(),
        0,
        "game 1 was imported"
    );

    // a sidecar with a key amici does not know: its line named
    let pgn = s.dir.path().join("one.pgn");
    std::fs::write(&pgn, &good).unwrap();
    std::fs::write(
        pgn.with_extension("toml"),
        "[[game]]\nwhite = \"Mäkelä, Ari\"\nblack = \"Rajala, Olavi\"\nwhite_dayz = 3\n",
    )
    .unwrap();
    let out = s.import("AC4", &pgn, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("one.toml") && stdout.contains("line 4"),
        "{stdout}"
    );
    assert!(stdout.contains("white_dayz"), "{stdout}");
    // a wrong type, in words
    std::fs::write(
        pgn.with_extension("toml"),
        "[[game]]\nwhite = \"Mäkelä, Ari\"\nblack = \"Rajala, Olavi\"\nwhite_days = \"51\"\n",
    )
    .unwrap();
    let stdout = text(&s.import("AC4", &pgn, &[]).stdout);
    assert!(
        stdout.contains("expected a whole number") && !stdout.contains("i64"),
        "{stdout}"
    );
    assert_eq!(s.status("AC4/2")["moves"].as_array().unwrap().len(), 0);
}

/// The sidecar example of docs/import.md, as written there.
fn documented_sidecar() -> String {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/import.md"))
        .unwrap();
    let start = doc
        .find("```toml\n")
        .expect("a toml block in docs/import.md")
        + 8;
    let end = start + doc[start..].find("```").unwrap();
    doc[start..end].to_string()
}

#[test]
fn the_documented_sidecar_imports_with_its_penalty_and_leave() {
    // docs/import.md's example, on the running ICCF game: Black's 5-day penalty counts, and
    // White's leave of 8–19 May takes the 12 days his 8th move waited (received 7 May, sent
    // 20 May) out of his clock: 12 − 12 counted days, the first free.
    let s = Setup::new(&ac4(), "2019-06-18T12:00:00+03:00");
    let pgn = s.dir.path().join("ac4.pgn");
    std::fs::copy(fixture("iccf-fin-running.pgn"), &pgn).unwrap();
    let sent = stamps(&pgn);
    let (w, b) = s3_totals(
        NaiveDate::from_ymd_opt(2019, 4, 1).unwrap(),
        &sent,
        NaiveDate::from_ymd_opt(2019, 6, 18).unwrap(),
    );
    let sidecar = documented_sidecar()
        .replace("white_days = 51", &format!("white_days = {}", w - 12))
        .replace("black_days = 6", &format!("black_days = {}", b + 5));
    std::fs::write(pgn.with_extension("toml"), sidecar).unwrap();
    let out = s.import("AC4", &pgn, &[]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let g = s.status("AC4/1");
    assert_eq!(g["clock"]["white"]["days"], w - 12, "{g}");
    assert_eq!(g["clock"]["black"]["days"], b + 5, "{g}");
}

#[test]
fn sidecar_facts_that_do_not_fit_the_game_are_refused() {
    let s = Setup::new(&ac4(), "2019-06-18T12:00:00+03:00");
    let pgn = s.dir.path().join("ac4.pgn");
    std::fs::copy(fixture("iccf-fin-running.pgn"), &pgn).unwrap();
    let head = "[[game]]\nwhite = \"Mäkelä, Ari\"\nblack = \"Rajala, Olavi\"\n";
    for (fact, says) in [
        (
            "penalties = [ { color = \"black\", days = -5, article = \"17\", date = 2019-05-01 } ]",
            "penalty days are a positive number",
        ),
        (
            "penalties = [ { color = \"black\", days = 5, article = \"17\", date = 2023-05-01 } ]",
            "is not between the start",
        ),
        (
            "leave = [ { color = \"white\", from = 2019-05-19, to = 2019-05-08 } ]",
            "ends before it starts",
        ),
        (
            "leave = [ { color = \"white\", from = 2019-04-02, to = 2019-05-20 } ]",
            "more than the 30 a year allows (Art. 42)",
        ),
        (
            "received = [ { move = 1, color = \"black\", date = 2019-04-03 } ]",
            "receipt dates are for `post` games",
        ),
        (
            // e-mail: the first overstep loses (Art. 29), but the PGN says the game goes on
            "oversteps = [ { color = \"white\", move = 8, claimed = 2019-05-21 } ]",
            "lose the game in this mode",
        ),
    ] {
        std::fs::write(pgn.with_extension("toml"), format!("{head}{fact}\n")).unwrap();
        let out = s.import("AC4", &pgn, &["--accept"]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{fact}: {stdout}");
        assert!(
            stdout.contains("the sidecar: ") && stdout.contains(says),
            "{fact}: {stdout}"
        );
        assert!(
            !stdout.contains("half-move(s)"),
            "nothing rebuilt: {stdout}"
        );
    }
    assert_eq!(s.status("AC4/1")["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn post_oversteps_and_receipts_from_the_sidecar() {
    // `post`: every receipt from the sidecar (here the day the previous move was sent); one
    // missing is named. A first overstep in `post` does not lose (Art. 28): it is in force,
    // and White's count restarts after it (Art. 30).
    let post = ac4().replace("mode = \"email\"", "mode = \"post\"");
    let s = Setup::new(&post, "2019-06-18T12:00:00+03:00");
    let pgn = s.dir.path().join("ac4.pgn");
    std::fs::copy(fixture("iccf-fin-running.pgn"), &pgn).unwrap();
    let sent = stamps(&pgn);
    let receipts: Vec<String> = (1..sent.len())
        .map(|ply| {
            format!(
                "{{ move = {}, color = \"{}\", date = {} }}",
                ply / 2 + 1,
                if ply % 2 == 0 { "white" } else { "black" },
                sent[ply - 1]
            )
        })
        .collect();
    let head = "[[game]]\nwhite = \"Mäkelä, Ari\"\nblack = \"Rajala, Olavi\"\n";
    // one receipt left out: that move is named
    std::fs::write(
        pgn.with_extension("toml"),
        format!("{head}received = [ {} ]\n", receipts[1..].join(", ")),
    )
    .unwrap();
    let out = s.import("AC4", &pgn, &["--accept"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stdout).contains("move 1... e6: `post` needs the day it was received"),
        "{}",
        text(&out.stdout)
    );
    let (w, b) = s3_totals(
        NaiveDate::from_ymd_opt(2019, 4, 1).unwrap(),
        &sent,
        NaiveDate::from_ymd_opt(2019, 6, 17).unwrap(),
    );
    std::fs::write(
        pgn.with_extension("toml"),
        format!(
            "{head}received = [ {} ]\noversteps = [ {{ color = \"white\", move = 8, claimed = 2019-05-21 }} ]\n",
            receipts.join(", ")
        ),
    )
    .unwrap();
    let out = s.import("AC4", &pgn, &["--accept"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let g = s.status("AC4/1");
    assert_eq!(g["moves"].as_array().unwrap().len(), 40);
    assert_eq!(
        g["state"], "playing",
        "a first overstep does not lose in post: {g}"
    );
    assert_eq!(g["clock"]["white"]["oversteps"], 1, "{g}");
    // Black's clock as in e-mail (the receipts are the sending days); White's counts again
    // after his 8th move, so it is below his whole game's time.
    assert_eq!(g["clock"]["black"]["days"], b, "{g}");
    let white = g["clock"]["white"]["days"].as_i64().unwrap();
    assert!(white < w, "White's count restarted: {white} < {w}");
}

#[test]
fn a_game_the_pgn_leaves_out_would_be_claimed_and_is_listed() {
    // AC4 with a second game that nobody has moved in since 1 April: 78 silent days on 18
    // June. Importing only the first game lists it — amici's first tick would claim it.
    let two = ac4().replace(
        "games = [ {",
        "games = [ { white = \"rajala@example.test\", black = \"hoogkamer@example.test\" }, {",
    );
    let s = Setup::new(&two, "2019-06-18T12:00:00+03:00");
    let pgn = s.dir.path().join("ac4.pgn");
    std::fs::copy(fixture("iccf-fin-running.pgn"), &pgn).unwrap();
    let out = s.import("AC4", &pgn, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(
        stdout.contains("disagreement: AC4/1: not in the PGN and no move in amici; white:"),
        "{stdout}"
    );
    assert!(stdout.contains("first tick would claim"), "{stdout}");
    assert_eq!(s.status("AC4/2")["moves"].as_array().unwrap().len(), 0);
}
