//! The mail pipeline against determined senders and several processes (issue 8), end to end on
//! a real Dovecot, a real SMTP server and a real SQLite file:
//! - two `amici ingest` processes and an `amici run` on one database, the same 500 letters
//!   delivered to all of them at once: every letter applied exactly once (counted in the
//!   players' clocks and mailboxes, not in amici's own outbox);
//! - a second `amici run` refuses to start; two first starts on a fresh file: one runs, the
//!   other refuses cleanly; two first `ingest`s both succeed;
//! - an SMTP outage with 10 letters queued: within 5 s of the server's return every recipient
//!   has his messages, in the order they were queued;
//! - a UIDVALIDITY change while `amici run` runs: new letters processed, old ones never again.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::{AmiciProcess, MailStack, header};

const GAMES: usize = 5;

fn users() -> Vec<String> {
    let mut u = vec!["bot".to_string(), "arbiter".to_string()];
    for g in 0..GAMES {
        u.push(format!("w{g}"));
        u.push(format!("b{g}"));
    }
    u
}

fn tournament() -> String {
    let players = (0..GAMES)
        .flat_map(|g| {
            [
                format!("{{ name = \"White {g}\", email = \"w{g}@example.test\" }}"),
                format!("{{ name = \"Black {g}\", email = \"b{g}@example.test\" }}"),
            ]
        })
        .collect::<Vec<_>>()
        .join(",\n  ");
    let games = (0..GAMES)
        .map(|g| format!("{{ white = \"w{g}@example.test\", black = \"b{g}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(",\n  ");
    format!(
        "[[tournament]]\nid = \"P\"\nstart = {}\nend = 2028-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nplayers = [\n  {players}\n]\ngames = [\n  {games}\n]\n",
        support::today()
    )
}

/// The test config: the per-sender daily limit lifted (hundreds of letters from one player).
fn config(stack: &MailStack) -> String {
    AmiciProcess::config_toml(stack, &tournament()).replace(
        "[bot]\n",
        "[bot]\nmax_letters_per_sender_per_day = 100000\n",
    )
}

fn letter(from: &str, subject: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

fn db(amici: &AmiciProcess) -> rusqlite::Connection {
    rusqlite::Connection::open(amici.dir().join("amici.sqlite3")).unwrap()
}

/// (inbound rows not done, outbox rows not sent).
fn backlog(amici: &AmiciProcess) -> (i64, i64) {
    let c = db(amici);
    let open: i64 = c
        .query_row(
            "SELECT count(*) FROM inbound WHERE status IN ('pending', 'processing')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let unsent: i64 = c
        .query_row(
            "SELECT count(*) FROM outbox WHERE status != 'sent'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    (open, unsent)
}

fn settle(amici: &AmiciProcess, letters: i64, deadline: Duration) {
    let until = Instant::now() + deadline;
    loop {
        let c = db(amici);
        let done: i64 = c
            .query_row(
                "SELECT count(*) FROM inbound WHERE status = 'done'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let (open, unsent) = backlog(amici);
        if done >= letters && open == 0 && unsent == 0 {
            return;
        }
        assert!(
            Instant::now() < until,
            "not settled: {done} done, {open} open, {unsent} unsent\n{}",
            amici.all_logs()
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

fn status(amici: &AmiciProcess) -> serde_json::Value {
    let out = amici.command(&["status", "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn ingest(
    stack: &MailStack,
    amici: &AmiciProcess,
    files: &[std::path::PathBuf],
) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(amici.config_path())
        .arg("ingest")
        .args(files)
        .current_dir(amici.dir())
        .env("AMICI_IMAP_PASSWORD", stack.password("bot"))
        .env("AMICI_SMTP_PASSWORD", stack.password("bot"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn amici ingest")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_ingests_and_a_run_on_one_database_apply_every_letter_exactly_once() {
    let names = users();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let stack = MailStack::start(&refs);
    let mut amici = AmiciProcess::start_with_config(&stack, &config(&stack), &[]);
    amici.wait_for_log("IMAP connected", Duration::from_secs(30));

    // A second `amici run` on the same database refuses to start, with a clear message.
    let second = amici.command(&["run"]);
    assert_eq!(second.status.code(), Some(1), "a second run must refuse");
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(err.contains("already running"), "{err}");

    // 500 letters whose double application shows: per game 96 impossible moves by White
    // (+5 days each, Art. 17) and 4 arbiter penalties of +1 day.
    let files_dir = tempfile::tempdir().unwrap();
    let mut letters: Vec<(String, Vec<u8>)> = Vec::new();
    for g in 0..GAMES {
        for i in 0..100 {
            let (from, body) = if i % 25 == 24 {
                (
                    "arbiter".to_string(),
                    format!("penalty P/{} white +1 test {i}", g + 1),
                )
            } else {
                (format!("w{g}"), "1. e2-e5".to_string())
            };
            let id = format!("g{g}-{i}");
            letters.push((
                from.clone(),
                letter(&from, &format!("P/{}", g + 1), &id, &body),
            ));
        }
    }
    let mut files = Vec::new();
    for (i, (_, raw)) in letters.iter().enumerate() {
        let p = files_dir.path().join(format!("{i:03}.eml"));
        std::fs::write(&p, raw).unwrap();
        files.push(p);
    }
    let mut reversed = files.clone();
    reversed.reverse();

    // All three paths at once: IMAP (through SMTP into the bot's mailbox) and two ingests,
    // one in order, one in reverse.
    let a = ingest(&stack, &amici, &files);
    let b = ingest(&stack, &amici, &reversed);
    for (from, raw) in &letters {
        stack.send(from, "bot", raw).await;
    }
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "ingest failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    settle(&amici, 500, Duration::from_secs(240));

    // Independent counts 1: the clocks. 96 × 5 + 4 × 1 = 484 penalty days for each White.
    let st = status(&amici);
    for g in st["games"].as_array().unwrap() {
        assert_eq!(g["moves"], serde_json::json!([]), "{}", g["id"]);
        assert_eq!(
            g["clock"]["white"]["penalty_days"], 484,
            "game {}: every letter applied exactly once",
            g["id"]
        );
    }
    // Independent counts 2: the mailboxes. Each impossible move is answered once to its sender.
    for g in 0..GAMES {
        let user = format!("w{g}");
        stack.wait_for(&user, 96, Duration::from_secs(60)).await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mail = stack.fetch_all(&user).await;
        let errors = mail
            .iter()
            .filter(|m| header(m, "X-Amici-Kind").as_deref() == Some("error"))
            .count();
        assert_eq!(
            errors, 96,
            "{user}: exactly one answer per impossible move, none twice"
        );
        let mut answered: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for m in mail
            .iter()
            .filter(|m| header(m, "X-Amici-Kind").as_deref() == Some("error"))
        {
            let to = header(m, "In-Reply-To").unwrap_or_default();
            let id = header(m, "Message-ID").unwrap_or_default();
            answered.entry(to).or_default().insert(id);
        }
        assert_eq!(answered.len(), 96, "{user}: one answer per letter");
        assert!(
            answered.values().all(|ids| ids.len() == 1),
            "{user}: a letter answered twice: {answered:?}"
        );
    }
    // Every letter in the bot's mailbox is marked processed.
    assert!(stack.unseen("bot").await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_first_starts_on_a_fresh_database_one_runs_the_other_refuses_cleanly() {
    let stack = MailStack::start(&["bot", "w0", "b0"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("amici.toml");
    std::fs::write(&cfg, config(&stack)).unwrap();
    let spawn = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(&cfg)
            .args(args)
            .current_dir(dir.path())
            .env("AMICI_IMAP_PASSWORD", stack.password("bot"))
            .env("AMICI_SMTP_PASSWORD", stack.password("bot"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut runs = [spawn(&["run"]), spawn(&["run"])];
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut exited = Vec::new();
    while exited.is_empty() && Instant::now() < deadline {
        for (i, r) in runs.iter_mut().enumerate() {
            if let Some(s) = r.try_wait().unwrap() {
                exited.push((i, s));
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(exited.len(), 1, "exactly one of the two runs refuses");
    let (i, s) = exited[0];
    assert_eq!(s.code(), Some(1));
    let other = &mut runs[1 - i];
    assert!(other.try_wait().unwrap().is_none(), "the other one runs");
    other.kill().unwrap();
    other.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut runs[i].stderr.take().unwrap(), &mut err).unwrap();
    assert!(err.contains("already running"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let status = spawn(&["status"]).wait_with_output().unwrap();
    assert!(
        status.status.success(),
        "the database is sound after the race"
    );

    // Two first `ingest`s on another fresh file both succeed, each letter applied once.
    let dir2 = tempfile::tempdir().unwrap();
    let cfg2 = dir2.path().join("amici.toml");
    std::fs::write(
        &cfg2,
        config(&stack)
            .replace("[imap]", "[imap_unused]")
            .replace("[smtp]", "[outbox]\ndir = \"out\"\n[smtp_unused]"),
    )
    .unwrap();
    let text = std::fs::read_to_string(&cfg2).unwrap();
    // keep only [bot], [outbox] and the tournament
    let cleaned: String = text
        .split("\n[")
        .filter(|sec| !sec.starts_with("imap_unused") && !sec.starts_with("smtp_unused"))
        .collect::<Vec<_>>()
        .join("\n[");
    std::fs::write(&cfg2, cleaned).unwrap();
    let one = dir2.path().join("one.eml");
    std::fs::write(&one, letter("w0", "P/1", "fresh-1", "1. e2-e4")).unwrap();
    let mk = || {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(&cfg2)
            .arg("ingest")
            .arg(&one)
            .current_dir(dir2.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (x, y) = (mk(), mk());
    for c in [x, y] {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(&cfg2)
        .args(["status", "--format", "json"])
        .current_dir(dir2.path())
        .output()
        .unwrap();
    let st: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(st["games"][0]["moves"], serde_json::json!(["e4"]));
}

/// `user`'s messages (Message-ID without `<>`, raw) in the order the SMTP server delivered
/// them, from its own log (waiting up to 2 s for the log line of a delivery the mailbox
/// already shows); asserts the mailbox holds exactly what the server delivered.
async fn in_delivery_order<'a>(
    stack: &MailStack,
    user: &str,
    mail: &'a [Vec<u8>],
) -> Vec<(String, &'a [u8])> {
    let by_id: std::collections::HashMap<String, &[u8]> = mail
        .iter()
        .map(|m| {
            let mid = header(m, "Message-ID").unwrap();
            (
                mid.trim_matches(|c| c == '<' || c == '>').to_string(),
                &m[..],
            )
        })
        .collect();
    let mut delivered = stack.delivered_to(user);
    let logged = Instant::now();
    while delivered.len() < mail.len() && logged.elapsed() < Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(20)).await;
        delivered = stack.delivered_to(user);
    }
    let mut had: Vec<&String> = by_id.keys().collect();
    let mut sent: Vec<&String> = delivered.iter().collect();
    had.sort();
    sent.sort();
    assert_eq!(
        (had, by_id.len()),
        (sent, mail.len()),
        "{user}: the mailbox holds what the server delivered, each once"
    );
    delivered
        .into_iter()
        .map(|mid| {
            let m = by_id
                .get(&mid)
                .unwrap_or_else(|| panic!("{user}: {mid} delivered but not in his mailbox"));
            (mid, *m)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_an_smtp_outage_every_recipient_has_his_mail_within_5_s_in_queue_order() {
    let names = users();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let stack = MailStack::start(&refs);
    // Every game is W0 against B0 here, so B0 receives ten forwarded moves: their order shows.
    let games = (0..10)
        .map(|_| "{ white = \"w0@example.test\", black = \"b0@example.test\" }")
        .collect::<Vec<_>>()
        .join(", ");
    let t = format!(
        "[[tournament]]\nid = \"Q\"\nstart = {}\nend = 2028-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nplayers = [ {{ name = \"W\", email = \"w0@example.test\" }}, {{ name = \"B\", email = \"b0@example.test\" }} ]\ngames = [ {games} ]\n",
        support::today()
    );
    let mut amici =
        AmiciProcess::start_with_config(&stack, &AmiciProcess::config_toml(&stack, &t), &[]);
    amici.wait_for_log("IMAP connected", Duration::from_secs(30));
    stack.stop_smtp();
    // Ten letters queued while the server is away (through `ingest`: the player's own SMTP is
    // down too); each is answered with an ack to W0 and a forwarded move to B0.
    let dir = tempfile::tempdir().unwrap();
    let moves = [
        "e2-e4", "d2-d4", "c2-c4", "g1-f3", "b1-c3", "e2-e3", "d2-d3", "g2-g3", "b2-b3", "f2-f4",
    ];
    for (i, m) in moves.iter().enumerate() {
        let p = dir.path().join(format!("{i}.eml"));
        std::fs::write(
            &p,
            letter(
                "w0",
                &format!("Q/{}", i + 1),
                &format!("q{i}"),
                &format!("1. {m}"),
            ),
        )
        .unwrap();
        let out = ingest(&stack, &amici, &[p]).wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Let the circuit back off to its longest wait.
    tokio::time::sleep(Duration::from_secs(8)).await;
    assert_eq!(
        backlog(&amici).1,
        20,
        "all twenty messages wait in the queue"
    );
    stack.start_smtp();
    let back = Instant::now();
    let deadline = Duration::from_secs(5);
    let b0 = stack.wait_for("b0", 10, deadline).await;
    let w0 = stack
        .wait_for(
            "w0",
            10,
            deadline.saturating_sub(back.elapsed()) + Duration::from_millis(1),
        )
        .await;
    let took = back.elapsed();
    assert!(took <= deadline, "took {took:?}");
    eprintln!("after the outage every recipient had his mail {took:?} after the server returned");
    // The order of the queue: the outbox ids of each recipient's messages ascend in the order
    // the server delivered them (its own log; the mailbox's UID order is Dovecot's to keep or
    // not).
    let c = db(&amici);
    let mut b0_in_order = Vec::new();
    for (user, mail) in [("b0", &b0), ("w0", &w0)] {
        let in_order = in_delivery_order(&stack, user, mail).await;
        assert_eq!(in_order.len(), 10, "{user}");
        let ids: Vec<i64> = in_order
            .iter()
            .map(|(mid, _)| {
                c.query_row("SELECT id FROM outbox WHERE message_id = ?1", [mid], |r| {
                    r.get(0)
                })
                .unwrap()
            })
            .collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(ids, sorted, "{user} got his messages out of queue order");
        if user == "b0" {
            b0_in_order = in_order;
        }
    }
    // And the forwarded moves themselves arrive in the order they were played.
    let games: Vec<String> = b0_in_order
        .iter()
        .map(|(_, m)| header(m, "X-Amici-Game").unwrap())
        .collect();
    let expected: Vec<String> = (1..=10).map(|i| format!("Q/{i}")).collect();
    assert_eq!(games, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mailbox_recreated_while_running_reads_new_letters_and_never_reapplies_old_ones() {
    let names = users();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let stack = MailStack::start(&refs);
    let mut amici = AmiciProcess::start_with_config(&stack, &config(&stack), &[]);
    amici.wait_for_log("IMAP connected", Duration::from_secs(30));
    // Six impossible moves (+5 days each): the cursor stands at UID 6, and a re-application
    // would show in the clock.
    let old: Vec<Vec<u8>> = (0..6)
        .map(|i| letter("w0", "P/1", &format!("old{i}"), "1. e2-e5"))
        .collect();
    for raw in &old {
        stack.send("w0", "bot", raw).await;
    }
    settle(&amici, 6, Duration::from_secs(30));
    // The mailbox is recreated: a new UIDVALIDITY, numbering from 1 again. Two old letters
    // are restored into it, then two new ones arrive — all with UIDs at or below the old
    // cursor, so only a reader that honours UIDVALIDITY sees the new letters.
    stack.recreate_inbox("bot");
    stack.send("w0", "bot", &old[0]).await;
    stack.send("w0", "bot", &old[1]).await;
    stack
        .send("w0", "bot", &letter("w0", "P/1", "new0", "1. e2-e4"))
        .await;
    stack
        .send("b0", "bot", &letter("b0", "P/1", "new1", "1. e4 e7-e5"))
        .await;
    // Dovecot ends the open session over the change; a server that keeps it is caught by the
    // STATUS after each wait. Either way the next session sees the new UIDVALIDITY.
    amici.wait_for_log("UIDVALIDITY changed", Duration::from_secs(90));
    settle(&amici, 8, Duration::from_secs(60));
    let st = status(&amici);
    let g = &st["games"][0];
    assert_eq!(
        g["moves"],
        serde_json::json!(["e4", "e5"]),
        "the new letters are read"
    );
    assert_eq!(
        g["clock"]["white"]["penalty_days"], 30,
        "old letters never applied again"
    );
    assert!(stack.unseen("bot").await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_letter_never_stops_the_daemon_and_is_set_aside_after_its_tries() {
    let names = users();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let stack = MailStack::start(&refs);
    let mark = "POISON-3b1f";
    let mut amici = AmiciProcess::start_with_config(
        &stack,
        &config(&stack).replace("[bot]\n", "[bot]\nadmin = \"arbiter@example.test\"\n"),
        &[("AMICI_TEST_PANIC_MARK", mark)],
    );
    amici.wait_for_log("IMAP connected", Duration::from_secs(30));
    stack
        .send(
            "w0",
            "bot",
            &letter("w0", "P/1", "poison", &format!("1. e2-e4 {mark}")),
        )
        .await;
    stack
        .send("w1", "bot", &letter("w1", "P/2", "fine", "1. d2-d4"))
        .await;
    settle(&amici, 1, Duration::from_secs(30));
    let c = db(&amici);
    let (state, attempts): (String, i64) = c
        .query_row(
            "SELECT status, attempts FROM inbound WHERE message_id = 'poison@example.test'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (state.as_str(), attempts),
        ("failed", 3),
        "set aside after 3 tries"
    );
    assert!(amici.exited().is_none(), "the daemon goes on");
    // The other letter was applied; the poisoned one's sender is told it could not be read.
    let st = status(&amici);
    assert_eq!(st["games"][1]["moves"], serde_json::json!(["d4"]));
    assert_eq!(st["games"][0]["moves"], serde_json::json!([]));
    let w0 = stack.wait_for("w0", 1, Duration::from_secs(30)).await;
    assert_eq!(header(&w0[0], "X-Amici-Kind").as_deref(), Some("error"));
    // And the daemon still reads and answers the next letter.
    stack
        .send("w0", "bot", &letter("w0", "P/1", "again", "1. e2-e4"))
        .await;
    let b0 = stack.wait_for("b0", 1, Duration::from_secs(30)).await;
    assert_eq!(header(&b0[0], "X-Amici-Kind").as_deref(), Some("move"));
    assert!(
        stack.unseen("bot").await.is_empty(),
        "the poisoned letter is marked too"
    );
}
