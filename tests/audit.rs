//! `amici audit` (issue 11): the history replayed onto itself with today's rules gives no
//! difference (exit 0) and leaves the live database byte for byte as it was; a decision the
//! stored history holds that today's rules do not make is listed with before, after and the
//! article (exit 3), in text and as JSON lines.

use std::path::Path;
use std::process::Command;

use amici::store::Store;
#[path = "support/history.rs"]
mod history;
use history::{at, config_text, letter};

/// A short history: moves (one impossible: +5 days, Art. 17), a tick, an arbiter penalty.
fn history(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("amici.toml");
    let text = config_text(dir, "arbiter@example.test", "");
    std::fs::write(&path, &text).unwrap();
    let config = amici::config::parse(&path, &text).unwrap();
    let mut store = Store::open(&config.bot.database).unwrap();
    amici::engine::sync_config(&mut store, &config).unwrap();
    let letters = [
        (
            "m1",
            "a@example.test",
            "1. e2-e4",
            "2026-01-11T10:00:00+02:00",
        ),
        (
            "m2",
            "b@example.test",
            "1. e4 e7-e5",
            "2026-01-13T10:00:00+02:00",
        ),
        (
            "m3",
            "a@example.test",
            "1. ... e5 2. e4-e6",
            "2026-01-15T10:00:00+02:00",
        ),
        (
            "m4",
            "a@example.test",
            "1. ... e5 2. g1-f3",
            "2026-01-16T10:00:00+02:00",
        ),
    ];
    for (id, from, body, when) in letters {
        amici::engine::store_raw(
            &mut store,
            &config,
            &letter(id, from, body),
            at(when),
            "ingest",
            None,
        )
        .unwrap();
        amici::engine::process_pending(&mut store, &config, at(when)).unwrap();
        amici::tick::run(&mut store, &config, at(when)).unwrap();
    }
    amici::engine::run_command(
        &mut store,
        &config,
        "penalty T/1 black 2 Art. 16",
        at("2026-01-17T09:00:00+02:00"),
    )
    .unwrap()
    .unwrap();
    amici::tick::run(&mut store, &config, at("2026-03-01T06:00:00+02:00")).unwrap();
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(
        g.penalties.len(),
        2,
        "the impossible move and the arbiter's penalty"
    );
    path
}

fn audit(config: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(config)
        .arg("audit")
        .args(args)
        .env_remove("AMICI_NOW")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The database file and its companions: names and SHA-256 of their bytes.
fn files(dir: &Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("db.sqlite3"))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                amici::store::hash(&std::fs::read(e.path()).unwrap()),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn the_history_replayed_onto_itself_differs_nowhere_and_the_live_database_is_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let config = history(dir.path());
    let before = files(dir.path());
    let (code, stdout, stderr) = audit(&config, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("0 difference(s)"), "{stdout}");
    assert!(stdout.contains("input(s) replayed"), "{stdout}");
    let (code, stdout, _) = audit(&config, &["--format", "json"]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    // The database file is byte for byte as it was. A reader of a WAL database (this one
    // reads with a read-only connection) may leave SQLite's companions behind: the shared
    // memory index and an empty log, never a page.
    let after = files(dir.path());
    assert_eq!(
        after[0], before[0],
        "the live database is byte for byte unchanged"
    );
    let wal = dir.path().join("db.sqlite3-wal");
    assert!(
        !wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0,
        "nothing written to the log"
    );
}

#[test]
fn a_decision_todays_rules_do_not_make_is_listed_with_its_article() {
    let dir = tempfile::tempdir().unwrap();
    let config = history(dir.path());
    // As if an older amici had also punished Black's answer: a penalty and its notice that
    // today's rules would not give.
    let db = rusqlite::Connection::open(dir.path().join("db.sqlite3")).unwrap();
    let record: String = db
        .query_row("SELECT record FROM games WHERE id = 'T/1'", [], |r| {
            r.get(0)
        })
        .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&record).unwrap();
    v["penalties"].as_array_mut().unwrap().push(serde_json::json!({
        "color": "black", "days": 5, "article": "18", "reason": "wrong notation", "date": "2026-01-13"
    }));
    db.execute(
        "UPDATE games SET record = ?1 WHERE id = 'T/1'",
        [v.to_string()],
    )
    .unwrap();
    db.execute(
        "INSERT INTO outbox (message_id, inbound_id, recipient, kind, game, raw, created, status)
         SELECT 'old-penalty@example.test', id, 'b@example.test', 'penalty', 'T/1', x'00', '2026-01-13T10:00:00+02:00', 'sent'
         FROM inbound WHERE message_id = 'm2@example.test'",
        [],
    )
    .unwrap();
    drop(db);
    let (code, stdout, stderr) = audit(&config, &[]);
    assert_eq!(code, 3, "{stdout}{stderr}");
    assert!(
        stdout.contains("T/1 <m2@example.test> 2026-01-13 penalties (Art. 18)"),
        "the penalty with its letter, day and article: {stdout}"
    );
    assert!(
        stdout.contains("T/1 <m2@example.test> 2026-01-13 messages"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 difference(s)"),
        "exactly these two: {stdout}"
    );
    let (code, json, _) = audit(&config, &["--format", "json"]);
    assert_eq!(code, 3);
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let messages = lines.iter().find(|l| l["kind"] == "messages").unwrap();
    assert_eq!(messages["game"], "T/1");
    assert_eq!(messages["message_id"], "m2@example.test");
    assert!(
        messages["before"]
            .as_str()
            .unwrap()
            .contains("penalty to b@example.test")
    );
    assert!(!messages["after"].as_str().unwrap().contains("penalty"));
    let penalties = lines.iter().find(|l| l["kind"] == "penalties").unwrap();
    assert_eq!(penalties["article"], "18");
    for key in ["game", "message_id", "kind", "before", "after", "article"] {
        assert!(penalties.get(key).is_some(), "{key} in {penalties}");
    }
    // Only this tournament's games, and only from a day on.
    let (code, stdout, _) = audit(&config, &["--since", "2026-01-14"]);
    assert_eq!(code, 0, "both differences are from 2026-01-13: {stdout}");
    let (code, stdout, _) = audit(&config, &["--tournament", "T"]);
    assert_eq!(code, 3, "{stdout}");
    assert!(stdout.contains("2 difference(s)"), "{stdout}");
    let (code, stdout, _) = audit(&config, &["--tournament", "T", "--since", "2026-01-13"]);
    assert_eq!(code, 3, "both from 2026-01-13 on: {stdout}");
    assert!(stdout.contains("2 difference(s)"), "{stdout}");
    let (code, _, stderr) = audit(&config, &["--tournament", "X"]);
    assert_eq!(code, 2, "an unknown tournament is bad usage: {stderr}");
}

/// A database made by an older amici — commit a7dcd81, before the real-letters fixes of
/// issue 9, by scripts/make-audit-fixture.sh — has no input log: it is audited from what it
/// has, says so, and lists exactly the two letters the old rules answered wrongly (White
/// quoting the last full pair, +5 days under Art. 17 for an "impossible" Кg1-f3; castling after castling, "no move
/// found"), with before and after.
#[test]
fn an_older_amicis_database_lists_exactly_the_letters_it_answered_wrongly() {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/audit");
    std::fs::copy(fixtures.join("amici.toml"), dir.path().join("amici.toml")).unwrap();
    std::fs::copy(
        fixtures.join("old-rules.sqlite3"),
        dir.path().join("amici.sqlite3"),
    )
    .unwrap();
    let config = dir.path().join("amici.toml");
    let db = amici::store::hash(&std::fs::read(dir.path().join("amici.sqlite3")).unwrap());
    let (code, stdout, stderr) = audit(&config, &[]);
    println!("{stdout}");
    assert_eq!(
        amici::store::hash(&std::fs::read(dir.path().join("amici.sqlite3")).unwrap()),
        db,
        "the old database is read, never migrated in place"
    );
    assert_eq!(code, 3, "{stdout}{stderr}");
    assert!(
        stdout.contains("processed before the input log existed"),
        "it says what it lacks: {stdout}"
    );
    let (code, json, stderr) = audit(&config, &["--format", "json"]);
    assert_eq!(code, 3);
    assert!(stderr.contains("before the input log existed"), "{stderr}");
    let mut found: Vec<(String, String, String)> = json
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let s = |k: &str| v[k].as_str().unwrap_or("-").to_string();
            (s("game"), s("message_id"), s("kind"))
        })
        .collect();
    found.sort();
    let expected: Vec<(String, String, String)> = [
        ("T/1", "-", "moves"),
        ("T/1", "old-05@example.test", "messages"),
        ("T/1", "old-05@example.test", "penalties"),
        ("T/2", "-", "moves"),
        ("T/2", "old-18@example.test", "messages"),
    ]
    .iter()
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    .collect();
    assert_eq!(
        found, expected,
        "exactly the two letters, the moves they now add and the penalty: {json}"
    );
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let of = |game: &str, kind: &str| {
        lines
            .iter()
            .find(|v| v["game"] == game && v["kind"] == kind)
            .unwrap()
            .clone()
    };
    // Then: the quoted pair refused (to White and the arbiter); now: acknowledged, forwarded.
    let m = of("T/1", "messages");
    assert_eq!(
        m["before"],
        "error to arbiter@example.test, error to ivan@example.test"
    );
    assert_eq!(
        m["after"],
        "incomplete to ivan@example.test, move to petar@example.test"
    );
    assert_eq!(of("T/1", "moves")["after"], "half-move 5: Bb5");
    // Then: "no move found" to Petar (White of T/2, writing 7. 0-0); now: castling played.
    let m = of("T/2", "messages");
    assert_eq!(m["before"], "no-move to petar@example.test");
    assert_eq!(
        m["after"],
        "incomplete to petar@example.test, move to ivan@example.test"
    );
    assert_eq!(of("T/2", "moves")["after"], "half-move 13: O-O");
    let penalty: serde_json::Value = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["kind"] == "penalties")
        .unwrap();
    assert_eq!(penalty["article"], "17", "{penalty}");
    assert_eq!(penalty["after"], "none");
}

/// Two processes on one database with different config files — the daemon with its own, and
/// someone's `amici status --config other.toml` — each apply inputs under their own: the
/// replay takes each letter's config from the log, not from whichever file was synced last.
#[test]
fn each_input_is_replayed_under_the_config_it_was_applied_with() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, arbiter: &str| {
        let path = dir.path().join(name);
        let text = config_text(dir.path(), arbiter, "");
        std::fs::write(&path, &text).unwrap();
        (path.clone(), amici::config::parse(&path, &text).unwrap())
    };
    let (path_a, a) = write("a.toml", "arbiter-a@example.test");
    let (_, b) = write("b.toml", "arbiter-b@example.test");
    let mut daemon = Store::open(&a.bot.database).unwrap();
    amici::engine::sync_config(&mut daemon, &a).unwrap();
    // Impossible moves: refused to the player, with a copy to the arbiter of the config used.
    let send = |store: &mut Store, id: &str, when: &str| {
        amici::engine::store_raw(
            store,
            &a,
            &letter(id, "a@example.test", "1. e2-e5"),
            at(when),
            "ingest",
            None,
        )
        .unwrap();
        amici::engine::process_pending(store, &a, at(when)).unwrap();
    };
    send(&mut daemon, "x1", "2026-01-11T10:00:00+02:00");
    let mut other = Store::open(&b.bot.database).unwrap();
    amici::engine::sync_config(&mut other, &b).unwrap();
    drop(other);
    send(&mut daemon, "x2", "2026-01-12T10:00:00+02:00");
    let arbiters: Vec<String> = daemon
        .decisions()
        .unwrap()
        .into_iter()
        .filter(|d| d.recipient.starts_with("arbiter"))
        .map(|d| d.recipient)
        .collect();
    assert_eq!(
        arbiters, ["arbiter-a@example.test"; 2],
        "both refusals went to A's arbiter"
    );
    drop(daemon);
    let (code, stdout, stderr) = audit(&path_a, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}
