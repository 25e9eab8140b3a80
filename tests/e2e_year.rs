//! A game over a simulated season through the real binary: `amici ingest` and `amici tick`
//! with `AMICI_NOW`, a real SQLite file and `[outbox] dir`. The test states, worked out by
//! hand from RULES.md, the exact sequence of messages the players and the arbiter receive:
//! silence repeats (Art. 26), a delay notice (Art. 25), leave (Art. 44, 45), a running-clock
//! overstep claimed by the bot (Art. 27, 33), the arbiter's decision by letter (Art. 38).

use std::path::Path;
use std::process::Command;

use chrono::{Datelike, Duration, NaiveDate};

const CONFIG: &str = r#"
[bot]
address = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[outbox]
dir = "outbox"

[[tournament]]
id = "Y"
name = "A year"
mode = "email"
start = 2026-01-10
end = 2027-06-30
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  { name = "Ivan", email = "ivan@example.test", language = "bg" },
  { name = "Petar", email = "petar@example.test", language = "en" },
]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#;

fn amici(dir: &Path, now: &str, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(dir.join("amici.toml"))
        .args(args)
        .env("AMICI_NOW", now)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "amici {args:?} at {now}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn ingest(dir: &Path, day: NaiveDate, from: &str, n: usize, body: &str) {
    let path = dir.join(format!("in-{n}.eml"));
    std::fs::write(
        &path,
        format!("From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: Y/1\r\nMessage-ID: <m{n}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"),
    )
    .unwrap();
    amici(
        dir,
        &format!("{day}T12:00:00+02:00"),
        &["ingest", path.to_str().unwrap()],
    );
}

/// (day queued, recipient, X-Amici-Kind) of every outgoing message, in order.
fn sent(dir: &Path) -> Vec<(String, String, String)> {
    let conn = rusqlite::Connection::open(dir.join("amici.sqlite3")).unwrap();
    let mut st = conn
        .prepare("SELECT substr(created, 1, 10), recipient, kind FROM outbox ORDER BY id")
        .unwrap();
    st.query_map([], |r| {
        let to: String = r.get(1)?;
        Ok((
            r.get(0)?,
            to.trim_end_matches("@example.test").to_string(),
            r.get(2)?,
        ))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

#[test]
fn art_26_27_44_a_simulated_year_sends_exactly_the_notices_due() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("amici.toml"), CONFIG).unwrap();
    let d = |s: &str| s.parse::<NaiveDate>().unwrap();
    let letters: Vec<(NaiveDate, &str, &str)> = vec![
        (d("2026-01-12"), "ivan", "1. e2-e4"),
        (d("2026-02-01"), "petar", "уведомление: I will answer later"),
        (d("2026-02-15"), "petar", "1... e7-e5"),
        (d("2026-02-16"), "ivan", "отпуск 01.03.2026–20.03.2026"),
        (d("2026-03-23"), "ivan", "2. Кg1-f3"),
        (d("2026-04-14"), "arbiter", "confirm Y/1"),
    ];
    let mut day = d("2026-01-10");
    let mut n = 0;
    while day <= d("2027-01-09") {
        // The daily tick at 06:00, then the day's letters. After the decision, weekly ticks:
        // the tick catches up, so nothing may appear even then.
        if day <= d("2026-05-01") || day.weekday() == chrono::Weekday::Mon {
            amici(dir, &format!("{day}T06:00:00+02:00"), &["tick"]);
        }
        for (when, from, body) in &letters {
            if *when == day {
                n += 1;
                ingest(dir, day, from, n, body);
            }
        }
        day += Duration::days(1);
    }
    let expected: Vec<(&str, &str, &str)> = vec![
        // White's first move: acknowledged (incomplete: no dates or totals written), forwarded.
        ("2026-01-12", "ivan", "incomplete"),
        ("2026-01-12", "petar", "move"),
        // Art. 26 Б: 14 days of silence after the forward (13–26 January): repeat, copy arbiter.
        ("2026-01-26", "petar", "silence"),
        ("2026-01-26", "arbiter", "silence"),
        // Art. 25: the delay notice goes to the opponent; the sender gets its receipt.
        ("2026-02-01", "ivan", "notice"),
        ("2026-02-01", "petar", "notice"),
        // 34 days after the forward, but announced: no Art. 31 claim.
        ("2026-02-15", "petar", "incomplete"),
        ("2026-02-15", "ivan", "move"),
        // Art. 44: the leave is told to the player, his opponent and the arbiter.
        ("2026-02-16", "ivan", "leave"),
        ("2026-02-16", "petar", "leave"),
        ("2026-02-16", "arbiter", "leave"),
        // Ivan's silence: 13 days in February, the leave (1–20 March) does not count, the
        // 14th day is 21 March.
        ("2026-03-21", "ivan", "silence"),
        ("2026-03-21", "arbiter", "silence"),
        ("2026-03-23", "ivan", "incomplete"),
        ("2026-03-23", "petar", "move"),
        // Petar: 33 days for move 1 (12 Jan – 15 Feb). Move 2 received 23 March: day 14 of
        // silence is 6 April.
        ("2026-04-06", "petar", "silence"),
        ("2026-04-06", "arbiter", "silence"),
        // Art. 27, 33: 33 + 18 = 51 > 50 days on 11 April (19 days after 23 March, the first
        // free): the bot files the claim with the arbiter; both players are told.
        ("2026-04-11", "arbiter", "overstep-claim"),
        ("2026-04-11", "ivan", "overstep-claim"),
        ("2026-04-11", "petar", "overstep-claim"),
        // Art. 38: the arbiter confirms by letter; email mode: the first overstep loses (Art. 29).
        ("2026-04-14", "ivan", "decision"),
        ("2026-04-14", "petar", "decision"),
        ("2026-04-14", "arbiter", "decision"),
        ("2026-04-14", "ivan", "game-over"),
        ("2026-04-14", "petar", "game-over"),
        ("2026-04-14", "arbiter", "game-over"),
        // The arbiter's own receipt of his command.
        ("2026-04-14", "arbiter", "decision"),
    ];
    let got = sent(dir);
    let got: Vec<(&str, &str, &str)> = got
        .iter()
        .map(|(a, b, c)| (a.as_str(), b.as_str(), c.as_str()))
        .collect();
    assert_eq!(got, expected);
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .args([
            "--config",
            dir.join("amici.toml").to_str().unwrap(),
            "status",
            "--format",
            "json",
        ])
        .env("AMICI_NOW", "2027-01-09T12:00:00+02:00")
        .output()
        .unwrap();
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(status["games"][0]["result"], "1-0");
    assert_eq!(status["games"][0]["state"], "finished");
    // The year replayed through today's rules decides nothing differently (issue 11).
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(dir.join("amici.toml"))
        .arg("audit")
        .env("AMICI_NOW", "2027-01-09T12:00:00+02:00")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" 0 difference(s)"), "{text}");
}
