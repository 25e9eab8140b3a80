//! Issue 13, item 2: every example in docs/guide.md is checked against amici's real answer.
//!
//! The guide documents each example as fenced blocks: an optional ```setup``` (the letters
//! that bring the game to the example's position, one a line: `DAY SENDER: BODY`, or `DAY
//! tick` for that day's sweep of the clocks), one
//! ```letter``` (pseudo-header `Arrives: DAY`, then mail headers, a blank line and the body)
//! — or, for the letters amici writes on its own, one ```tick``` (`Day: DAY`: the daily sweep
//! of that day) — and one or more ```answer``` blocks (`To:`, `X-Amici-Kind:`, then lines that appear in the
//! body of that message). Each example is played on a fresh database with the tournament the
//! guide describes, through `store_raw` + `process_pending`, as `amici ingest` does; a
//! documented answer that amici does not give, or gives differently, fails the test.
//! `GUIDE_PRINT=1` prints the real answers.

use amici::store::{SendOutcome, Store};
use chrono::{DateTime, FixedOffset};

const GUIDE: &str = include_str!("../docs/guide.md");

/// The tournament every example is played in (the guide's "The examples" section says so).
fn config_text(db: &std::path::Path) -> String {
    format!(
        r#"[bot]
address = "bot@example.test"
database = "{}"
language = "en"
[outbox]
dir = "out"
[[tournament]]
id = "T"
mode = "email"
notation = "en"
start = 2026-01-10
end = 2027-12-31
arbiter = "arbiter@example.test"
players = [
  {{ name = "Ivan Petrov", email = "ivan@example.test", language = "en" }},
  {{ name = "Petar Georgiev", email = "petar@example.test", language = "en" }},
]
"#,
        db.display()
    )
}

#[derive(Debug, Default)]
struct Answer {
    to: String,
    kind: String,
    lines: Vec<String>,
}

#[derive(Debug, Default)]
struct Example {
    title: String,
    setup: Vec<String>,
    letter: String,
    /// The day of the daily tick that is the example's event, instead of a letter.
    tick: Option<String>,
    answers: Vec<Answer>,
}

/// The examples of the guide, in order, each under the last `###` heading above it.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut title = String::new();
    let mut block: Option<(String, Vec<String>)> = None;
    let mut current: Option<Example> = None;
    for line in text.lines() {
        if let Some((tag, mut body)) = block.take() {
            if line.trim_end() == "```" {
                let ex = current.get_or_insert_with(|| Example {
                    title: title.clone(),
                    ..Default::default()
                });
                match tag.as_str() {
                    "setup" => ex.setup = body,
                    "letter" => ex.letter = body.join("\n"),
                    "tick" => {
                        ex.tick = body
                            .iter()
                            .find_map(|l| l.strip_prefix("Day: "))
                            .map(|d| d.trim().to_string());
                    }
                    "answer" => {
                        let mut a = Answer::default();
                        for l in body {
                            if let Some(v) = l.strip_prefix("To: ") {
                                a.to = v.trim().to_string();
                            } else if let Some(v) = l.strip_prefix("X-Amici-Kind: ") {
                                a.kind = v.trim().to_string();
                            } else if !l.trim().is_empty() && l.trim() != "…" {
                                a.lines.push(l.trim().to_string());
                            }
                        }
                        ex.answers.push(a);
                    }
                    _ => unreachable!(),
                }
            } else {
                body.push(line.to_string());
                block = Some((tag, body));
            }
            continue;
        }
        if let Some(t) = line.strip_prefix("### ") {
            out.extend(current.take());
            title = t.trim().to_string();
        } else if let Some(tag) = line.strip_prefix("```") {
            let tag = tag.trim();
            if matches!(tag, "setup" | "letter" | "tick" | "answer") {
                // A setup, a letter or a tick after a letter or a tick begins the next example.
                if tag != "answer"
                    && current
                        .as_ref()
                        .is_some_and(|c| !c.letter.is_empty() || c.tick.is_some())
                {
                    out.extend(current.take());
                }
                block = Some((tag.to_string(), Vec::new()));
            }
        }
    }
    assert!(block.is_none(), "an unclosed block in docs/guide.md");
    out.extend(current);
    out
}

fn at(day: &str, time: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(&format!("{day}T{time}+02:00"))
        .unwrap_or_else(|e| panic!("bad day {day}: {e}"))
}

fn address(who: &str) -> String {
    if who.contains('@') {
        who.to_string()
    } else {
        format!("{who}@example.test")
    }
}

/// Stores and processes one letter arriving on `day`; returns the messages it caused.
fn ingest(
    store: &mut Store,
    config: &amici::config::Config,
    n: &mut u32,
    day: &str,
    headers: &str,
    body: &str,
) -> Vec<(String, String, String)> {
    *n += 1;
    let mut raw = String::new();
    for h in headers.lines().filter(|l| !l.trim().is_empty()) {
        raw.push_str(h.trim_end());
        raw.push_str("\r\n");
    }
    if !headers.contains("\nTo:") && !headers.starts_with("To:") {
        raw.push_str("To: bot@example.test\r\n");
    }
    raw.push_str(&format!(
        "Message-ID: <guide{n}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        body.replace('\n', "\r\n")
    ));
    amici::engine::store_raw(
        store,
        config,
        raw.as_bytes(),
        at(day, "10:00:00"),
        "ingest",
        None,
    )
    .unwrap();
    amici::engine::process_pending(store, config, at(day, "10:01:00")).unwrap();
    sent(store, config, day)
}

/// The messages queued, leased and recorded as sent, as `amici ingest` does: one recipient's
/// next message is leased only once his earlier ones are out.
fn sent(
    store: &mut Store,
    config: &amici::config::Config,
    day: &str,
) -> Vec<(String, String, String)> {
    let rows = store
        .lease_outbox(
            &at(day, "10:02:00").to_rfc3339(),
            "2099-01-01T00:00:00Z",
            1000,
        )
        .unwrap();
    let sent: Vec<_> = rows.iter().map(|r| (r.id, SendOutcome::Sent)).collect();
    amici::engine::record_sends(store, config, &sent, at(day, "10:03:00")).unwrap();
    rows.into_iter()
        .map(|r| {
            let msg = mail_parser::MessageParser::default()
                .parse(&r.raw)
                .expect("amici's message parses");
            let text = msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
            (r.recipient, r.kind, text)
        })
        .collect()
}

fn play(ex: &Example) -> Vec<(String, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amici.toml");
    let text = config_text(&dir.path().join("db.sqlite3"));
    let config = amici::config::parse(&path, &text).unwrap();
    let mut store = Store::open(&config.bot.database).unwrap();
    amici::engine::sync_config(&mut store, &config).unwrap();
    let mut n = 0;
    for line in ex.setup.iter().filter(|l| !l.trim().is_empty()) {
        // `DAY tick`: that day's sweep of the clocks, its messages sent
        if let Some(day) = line.trim().strip_suffix(" tick") {
            amici::tick::run(&mut store, &config, at(day.trim(), "06:00:00")).unwrap();
            sent(&mut store, &config, day.trim());
            continue;
        }
        let (head, body) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("{}: setup line {line:?}", ex.title));
        let (day, who) = head
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: setup line {line:?}", ex.title));
        let headers = format!("From: {}\nSubject: T/1", address(who.trim()));
        ingest(&mut store, &config, &mut n, day, &headers, body.trim());
    }
    if let Some(day) = &ex.tick {
        amici::tick::run(&mut store, &config, at(day, "06:00:00")).unwrap();
        return sent(&mut store, &config, day);
    }
    let (headers, body) = ex.letter.split_once("\n\n").unwrap_or_else(|| {
        panic!(
            "{}: the letter needs headers, a blank line, a body",
            ex.title
        )
    });
    let mut day = None;
    let mut rest = String::new();
    for h in headers.lines() {
        match h.strip_prefix("Arrives: ") {
            Some(d) => day = Some(d.trim().to_string()),
            None => {
                rest.push_str(h);
                rest.push('\n');
            }
        }
    }
    let day = day.unwrap_or_else(|| panic!("{}: the letter needs `Arrives: DAY`", ex.title));
    ingest(&mut store, &config, &mut n, &day, &rest, body.trim_end())
}

#[test]
fn every_example_of_the_guide_is_what_amici_answers() {
    let examples = examples(GUIDE);
    assert!(
        examples.len() >= 10,
        "the guide has {} examples, fewer than 10",
        examples.len()
    );
    let print = std::env::var_os("GUIDE_PRINT").is_some();
    let mut failures = Vec::new();
    for ex in &examples {
        assert!(
            !ex.letter.is_empty() || ex.tick.is_some(),
            "{}: no letter or tick",
            ex.title
        );
        assert!(!ex.answers.is_empty(), "{}: no answer", ex.title);
        let real = play(ex);
        if print {
            println!("##### {}", ex.title);
            for (to, kind, text) in &real {
                println!("To: {to}\nX-Amici-Kind: {kind}\n{text}\n-----");
            }
        }
        for a in &ex.answers {
            let found = real.iter().any(|(to, kind, text)| {
                to.eq_ignore_ascii_case(&a.to)
                    && *kind == a.kind
                    && a.lines.iter().all(|l| text.contains(l.as_str()))
            });
            if !found {
                let got: Vec<_> = real.iter().map(|(to, k, _)| format!("{to} {k}")).collect();
                let near = real
                    .iter()
                    .find(|(to, kind, _)| to.eq_ignore_ascii_case(&a.to) && *kind == a.kind)
                    .map(|(_, _, t)| {
                        let missing: Vec<_> =
                            a.lines.iter().filter(|l| !t.contains(l.as_str())).collect();
                        format!("lines not in the real answer: {missing:?}\nthe real answer:\n{t}")
                    })
                    .unwrap_or_default();
                failures.push(format!(
                    "{}: no message to {} of kind {} with the documented lines (amici sent: {got:?})\n{near}",
                    ex.title, a.to, a.kind
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_parser_reads_a_documented_example() {
    let text = "### One\n\n```setup\n2026-01-12 ivan: 1. e2-e4\n```\n\n```letter\nArrives: 2026-01-13\nFrom: petar@example.test\n\n1. e2-e4 e7-e5\n```\n\n```answer\nTo: petar@example.test\nX-Amici-Kind: ack\nrecorded\n```\n\n```answer\nTo: ivan@example.test\nX-Amici-Kind: move\n…\n```\n\n### Two\n\n```letter\nArrives: 2026-01-13\nFrom: ivan@example.test\n\nresign\n```\n```answer\nTo: ivan@example.test\nX-Amici-Kind: game-over\n```\n";
    let ex = examples(text);
    assert_eq!(ex.len(), 2);
    assert_eq!(ex[0].title, "One");
    assert_eq!(ex[0].setup, ["2026-01-12 ivan: 1. e2-e4"]);
    assert_eq!(ex[0].answers.len(), 2);
    assert_eq!(ex[0].answers[0].lines, ["recorded"]);
    assert!(ex[0].answers[1].lines.is_empty());
    assert!(ex[1].setup.is_empty());
    assert_eq!(ex[1].answers[0].kind, "game-over");
}

/// `[bot] guide_url`: every reply a player gets carries one line pointing at the guide, in
/// his language, above the signature — in the real mail, not only in the text function.
#[test]
fn with_guide_url_set_every_reply_points_at_the_guide() {
    let dir = tempfile::tempdir().unwrap();
    let text = config_text(&dir.path().join("db.sqlite3")).replace(
        "[outbox]",
        "guide_url = \"https://chess.example.test/amici-guide\"\n[outbox]",
    );
    let config = amici::config::parse(&dir.path().join("amici.toml"), &text).unwrap();
    let mut store = Store::open(&config.bot.database).unwrap();
    amici::engine::sync_config(&mut store, &config).unwrap();
    let mut n = 0;
    let sent = ingest(
        &mut store,
        &config,
        &mut n,
        "2026-01-11",
        "From: ivan@example.test\nSubject: T/1",
        "1. e2-e4",
    );
    assert!(
        sent.len() >= 2,
        "an acknowledgement and the forwarded move: {sent:?}"
    );
    for (to, kind, body) in &sent {
        let line = body
            .lines()
            .find(|l| l.contains("https://chess.example.test/amici-guide"))
            .unwrap_or_else(|| panic!("{kind} to {to} has no guide line:\n{body}"));
        let after: Vec<&str> = body.lines().skip_while(|l| *l != line).skip(1).collect();
        assert!(
            after.iter().any(|l| l.starts_with("— amici")),
            "the line stands above the signature: {body}"
        );
    }
}

/// Art. 17 and RULES.md §4: only the sender's own new move can be impossible. A letter that
/// quotes the opponent's last move (numbered as his) and forgets the own move — or follows it
/// with something that is no move, or mentions it in a claim's explanation — costs nothing.
#[test]
fn art_17_a_letter_that_only_repeats_the_opponents_move_costs_nothing() {
    let played = ["2026-01-11 ivan: 1. e2-e4", "2026-01-12 petar: 1... e7-e5"];
    for (body, kinds) in [
        ("1... e7-e5", &["no-move"][..]),
        ("1... e7-e5 2. Nf", &["no-move"]),
        // The claim goes on to the opponent and the arbiter; its author gets the receipt.
        ("claim win: after 1...e5 my position is winning", &["ack"]),
    ] {
        let ex = Example {
            title: body.into(),
            setup: played.iter().map(|s| s.to_string()).collect(),
            letter: format!("Arrives: 2026-01-13\nFrom: ivan@example.test\nSubject: T/1\n\n{body}"),
            tick: None,
            answers: vec![],
        };
        let sent = play(&ex);
        for (to, kind, text) in &sent {
            assert!(
                !text.contains("Penalty") && !text.contains("impossible"),
                "{body:?}: {kind} to {to}:\n{text}"
            );
        }
        let to_ivan: Vec<&str> = sent
            .iter()
            .filter(|(to, _, _)| to == "ivan@example.test")
            .map(|(_, k, _)| k.as_str())
            .collect();
        for k in kinds {
            assert!(
                to_ivan.contains(k),
                "{body:?}: {k} expected, got {to_ivan:?}"
            );
        }
    }
}
