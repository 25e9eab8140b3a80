//! Art. 37: the arbiter decides an overstep claim within 7 days; when the days pass, the tick
//! reminds him. Where several claims of one tournament fall overdue on the same day, he gets
//! one letter listing them all, in words he can answer with (`confirm GAME CLAIM`, here in Bulgarian); a claim
//! overdue alone keeps its own letter, threaded under the claim. On a real SQLite file, through
//! the engine and the tick as the daemon runs them.

#[path = "support/history.rs"]
#[allow(dead_code)]
mod history;

use amici::config::Config;
use amici::engine::{process_pending, store_raw, sync_config};
use amici::rules::game::Status;
use amici::store::{OutboxRow, Store};
use chrono::NaiveDate;
use mail_parser::MessageParser;

/// Tournament T with two games and tournament U with one, all in `email`, one arbiter.
fn config(dir: &std::path::Path) -> Config {
    let text = format!(
        r#"[bot]
address = "bot@example.test"
database = "{}"
[outbox]
dir = "out"
[[tournament]]
id = "T"
name = "Championship"
mode = "email"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  {{ name = "Anna", email = "a@example.test" }}, {{ name = "Boris", email = "b@example.test" }},
  {{ name = "Clara", email = "c@example.test" }}, {{ name = "Dimo", email = "d@example.test" }},
]
games = [
  {{ white = "a@example.test", black = "b@example.test" }},
  {{ white = "c@example.test", black = "d@example.test" }},
]
[[tournament]]
id = "U"
name = "Cup"
mode = "email"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [ {{ name = "Emil", email = "e@example.test" }}, {{ name = "Fani", email = "f@example.test" }} ]
games = [ {{ white = "e@example.test", black = "f@example.test" }} ]
"#,
        dir.join("db.sqlite3").display()
    );
    amici::config::parse(&dir.join("amici.toml"), &text).unwrap()
}

fn letter(id: &str, from: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: bot@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}@example.test>\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

fn header(row: &OutboxRow, name: &str) -> Option<String> {
    let m = MessageParser::default().parse(&row.raw).unwrap();
    m.header_raw(name).map(|v| v.trim().to_string())
}

fn text(row: &OutboxRow) -> String {
    let m = MessageParser::default().parse(&row.raw).unwrap();
    m.body_text(0).unwrap().to_string()
}

/// Every White plays 1. e4 on 12 January and every Black stays silent: the tick files the
/// overstep claims (Art. 29, 50 days for moves 1–10 in `email`) and, 7 days on, reminds the
/// arbiter (Art. 37). The ticks run daily to `until`; the outbox after it.
fn played(store: &mut Store, config: &Config, until: &str) -> Vec<OutboxRow> {
    sync_config(store, config).unwrap();
    let now = history::at("2026-01-12T10:00:00+02:00");
    for (i, (from, game)) in [("a", "T/1"), ("c", "T/2"), ("e", "U/1")]
        .iter()
        .enumerate()
    {
        let raw = letter(
            &format!("l{i}"),
            &format!("{from}@example.test"),
            game,
            "1. e2-e4",
        );
        store_raw(store, config, &raw, now, "ingest", None).unwrap();
    }
    process_pending(store, config, now).unwrap();
    let mut day = NaiveDate::from_ymd_opt(2026, 1, 13).unwrap();
    let until: NaiveDate = until.parse().unwrap();
    while day <= until {
        let now = history::at(&format!("{day}T06:00:00+02:00"));
        amici::tick::run(store, config, now).unwrap();
        day = day.succ_opt().unwrap();
    }
    store.due_outbox("9999", 1000).unwrap()
}

#[test]
fn art_37_overdue_decisions_of_one_tournament_go_to_the_arbiter_as_one_letter() {
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path());
    let mut store = Store::open(&config.bot.database).unwrap();
    let rows = played(&mut store, &config, "2026-04-30");
    let claims: Vec<&OutboxRow> = rows
        .iter()
        .filter(|r| r.kind == "overstep-claim" && r.recipient == "arbiter@example.test")
        .collect();
    assert_eq!(claims.len(), 3, "a claim to the arbiter in each game");
    let reminders: Vec<&OutboxRow> = rows
        .iter()
        .filter(|r| r.kind == "reminder" && r.recipient == "arbiter@example.test")
        .collect();
    assert_eq!(
        reminders.len(),
        2,
        "one letter for T's two claims, one for U's: {:#?}",
        reminders.iter().map(|r| &r.game).collect::<Vec<_>>()
    );

    // T: one letter about no single game, both claims in it with the words to decide them.
    let t = reminders
        .iter()
        .find(|r| r.game.is_none())
        .expect("T's letter");
    assert_eq!(header(t, "X-Amici-Game"), None);
    assert_eq!(header(t, "X-Amici-Kind").as_deref(), Some("reminder"));
    let subject = MessageParser::default()
        .parse(&t.raw)
        .unwrap()
        .subject()
        .unwrap()
        .to_string();
    assert!(
        subject == "Championship: 2 рекламации за просрочване очакват решението Ви (чл. 37)",
        "{subject}"
    );
    let body = text(t);
    // In the arbiter's language (the tournament's, Bulgarian), the command words too.
    assert!(
        body.contains("потвърждавам ПАРТИЯ РЕКЛАМАЦИЯ или отхвърлям ПАРТИЯ РЕКЛАМАЦИЯ"),
        "{body}"
    );
    assert!(
        body.lines()
            .any(|l| l == "  T/1: Anna – Boris, черните на 1-ия ход, рекламация 1"),
        "{body}"
    );
    assert!(
        body.lines()
            .any(|l| l == "  T/2: Clara – Dimo, черните на 1-ия ход, рекламация 1"),
        "{body}"
    );
    assert!(
        !body.contains("U/1"),
        "U's claim has its own letter: {body}"
    );

    // U: its claim alone, in the game's own letter, threaded under the claim.
    let u = reminders
        .iter()
        .find(|r| r.game.as_deref() == Some("U/1"))
        .expect("U/1's own reminder");
    assert_eq!(header(u, "X-Amici-Game").as_deref(), Some("U/1"));
    let claim = claims
        .iter()
        .find(|r| r.game.as_deref() == Some("U/1"))
        .unwrap();
    assert_eq!(
        header(u, "In-Reply-To"),
        Some(format!("<{}>", claim.message_id.trim_matches(['<', '>']))),
        "threaded under U/1's claim"
    );
    assert!(
        text(u).contains("Изтекоха 7-те дни за решение по рекламацията (чл. 37)."),
        "{}",
        text(u)
    );

    // The same day's tick again sends nothing twice.
    amici::tick::run(
        &mut store,
        &config,
        history::at("2026-04-30T18:00:00+02:00"),
    )
    .unwrap();
    assert_eq!(store.due_outbox("9999", 1000).unwrap().len(), rows.len());

    // The arbiter answers the list as it invites him to: each claim decided.
    let lines: Vec<String> = body
        .lines()
        .filter_map(|l| l.trim().split(':').next().filter(|g| g.starts_with("T/")))
        .map(|g| format!("потвърждавам {g} 1"))
        .collect();
    assert_eq!(lines, ["потвърждавам T/1 1", "потвърждавам T/2 1"]);
    let now = history::at("2026-05-01T10:00:00+02:00");
    let raw = letter(
        "decide",
        "arbiter@example.test",
        "Re: overdue",
        &lines.join("\r\n"),
    );
    store_raw(&mut store, &config, &raw, now, "ingest", None).unwrap();
    process_pending(&mut store, &config, now).unwrap();
    for g in store.games().unwrap() {
        let want = if g.tournament == "T" {
            Status::Finished
        } else {
            Status::AwaitingDecision
        };
        assert_eq!(g.status, want, "{}: {:?}", g.id, g.result);
    }
}
