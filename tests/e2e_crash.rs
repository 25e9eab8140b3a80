//! Crash safety, end to end on real servers: letters queued in the bot's mailbox, `amici run`
//! killed with SIGKILL at random moments and restarted, the IMAP and SMTP servers stopped for a
//! while; in the end every letter is applied exactly once, every reply delivered at least once,
//! and any duplicate delivery carries the same Message-ID.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use support::{AmiciProcess, MailStack, header};

const PLAYERS: [&str; 4] = ["ivan", "petar", "maria", "georgi"];

/// `n` games between the four players (explicit pairing), all starting together.
fn tournament(n: usize) -> String {
    let players = PLAYERS
        .iter()
        .map(|p| format!("{{ name = \"{p}\", email = \"{p}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(",\n  ");
    let games = (0..n)
        .map(|i| {
            let (w, b) = (PLAYERS[i % 4], PLAYERS[(i + 1 + i / 4) % 4]);
            let b = if b == w { PLAYERS[(i + 2) % 4] } else { b };
            format!("{{ white = \"{w}@example.test\", black = \"{b}@example.test\" }}")
        })
        .collect::<Vec<_>>()
        .join(",\n  ");
    let today = support::today();
    format!(
        "[[tournament]]\nid = \"C\"\nstart = {today}\nend = 2027-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nplayers = [\n  {players}\n]\ngames = [\n  {games}\n]\n"
    )
}

fn game_players(n: usize) -> Vec<(String, String)> {
    (0..n)
        .map(|i| {
            let (w, b) = (PLAYERS[i % 4], PLAYERS[(i + 1 + i / 4) % 4]);
            let b = if b == w { PLAYERS[(i + 2) % 4] } else { b };
            (w.to_string(), b.to_string())
        })
        .collect()
}

fn letter(from: &str, game: usize, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: C/{game}\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// A small deterministic PRNG (xorshift) so a failing run can be repeated with its seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo)
    }
}

fn seed() -> u64 {
    std::env::var("AMICI_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(7)
                | 1
        })
}

/// Outbox rows (message id, recipient, kind, status) and inbound counts from the database.
fn database(amici: &AmiciProcess) -> (Vec<(String, String, String, String)>, i64, i64) {
    let conn = rusqlite::Connection::open(amici.dir().join("amici.sqlite3")).unwrap();
    let mut st = conn
        .prepare("SELECT message_id, recipient, kind, status FROM outbox ORDER BY id")
        .unwrap();
    let rows = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let (pending, done) = conn
        .query_row(
            "SELECT count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'done') FROM inbound",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    (rows, pending, done)
}

/// Waits until every letter is processed and every reply sent (or the deadline passes).
fn settle(amici: &AmiciProcess, letters: i64, deadline: Duration) {
    let until = Instant::now() + deadline;
    loop {
        let (rows, pending, done) = database(amici);
        if pending == 0 && done == letters && rows.iter().all(|r| r.3 == "sent") {
            return;
        }
        assert!(
            Instant::now() < until,
            "not settled: {pending} pending, {done} done, {} unsent\n{}",
            rows.iter().filter(|r| r.3 != "sent").count(),
            amici.all_logs()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The invariants: each game has exactly the moves its letters made, no refusals, and every
/// outbox message is in its recipient's mailbox, duplicates only as the same Message-ID.
async fn check(stack: &MailStack, amici: &AmiciProcess, games: usize, moves: &[&str]) {
    let out = amici.command(&["status", "--format", "json"]);
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for g in status["games"].as_array().unwrap() {
        assert_eq!(
            g["moves"],
            serde_json::json!(moves),
            "game {} applied its letters exactly once",
            g["id"]
        );
    }
    assert_eq!(status["games"].as_array().unwrap().len(), games);
    let (rows, _, _) = database(amici);
    assert!(
        rows.iter()
            .all(|r| r.2 == "ack" || r.2 == "incomplete" || r.2 == "move"),
        "no refusals or other replies: {rows:?}"
    );
    let expected: BTreeMap<String, String> =
        rows.iter().map(|r| (r.0.clone(), r.1.clone())).collect();
    let mut delivered: BTreeMap<String, usize> = BTreeMap::new();
    for p in PLAYERS {
        for raw in stack.fetch_all(p).await {
            let id = header(&raw, "Message-ID")
                .unwrap()
                .trim_matches(|c| c == '<' || c == '>')
                .to_string();
            assert_eq!(
                expected.get(&id).map(String::as_str),
                Some(format!("{p}@example.test").as_str()),
                "a message {id} no outbox row explains"
            );
            *delivered.entry(id).or_default() += 1;
        }
    }
    let missing: BTreeSet<&String> = expected
        .keys()
        .filter(|id| !delivered.contains_key(*id))
        .collect();
    assert!(missing.is_empty(), "replies never delivered: {missing:?}");
    let dups: usize = delivered.values().map(|n| n - 1).sum();
    // Independent of amici's own outbox: the mailboxes alone. Every letter has exactly one
    // acknowledgement in its sender's mailbox and exactly one forwarded move in the opponent's
    // (duplicate deliveries carry the same Message-ID and count once).
    let pairs = game_players(games);
    let mut acks: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut forwarded: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for p in PLAYERS {
        for raw in stack.fetch_all(p).await {
            let id = header(&raw, "Message-ID").unwrap();
            match header(&raw, "X-Amici-Kind").as_deref() {
                Some("ack" | "incomplete") => {
                    let to = header(&raw, "In-Reply-To").unwrap_or_default();
                    acks.entry(to.trim_matches(|c| c == '<' || c == '>').to_string())
                        .or_default()
                        .insert(id);
                }
                Some("move") => {
                    let game = header(&raw, "X-Amici-Game").unwrap_or_default();
                    forwarded
                        .entry((p.to_string(), game))
                        .or_default()
                        .insert(id);
                }
                other => panic!("unexpected message kind {other:?} to {p}"),
            }
        }
    }
    for (i, (w, b)) in pairs.iter().enumerate() {
        for (letter, who) in [
            (format!("w{i}@example.test"), w),
            (format!("b{i}@example.test"), b),
        ] {
            assert_eq!(
                acks.get(&letter).map(BTreeSet::len),
                Some(1),
                "letter {letter} of {who}: exactly one acknowledgement"
            );
        }
        let game = format!("C/{}", i + 1);
        for opponent in [b, w] {
            assert_eq!(
                forwarded
                    .get(&(opponent.clone(), game.clone()))
                    .map(BTreeSet::len),
                Some(1),
                "game {game}: exactly one forwarded move to {opponent}"
            );
        }
    }
    assert!(
        stack.unseen("bot").await.is_empty(),
        "every letter is marked processed in the bot's mailbox"
    );
    eprintln!(
        "{} replies, {} duplicate deliveries (same Message-ID)",
        expected.len(),
        dups
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_at_random_moments_loses_nothing_and_applies_nothing_twice() {
    let seed = seed();
    eprintln!("AMICI_CRASH_SEED={seed}");
    let mut rng = Rng(seed);
    let mut users = vec!["bot", "arbiter"];
    users.extend(PLAYERS);
    let stack = MailStack::start(&users);
    let games = 100;
    // 200 letters queued before amici starts: every White first, then every Black.
    for (i, (w, _)) in game_players(games).iter().enumerate() {
        stack
            .send(w, "bot", &letter(w, i + 1, &format!("w{i}"), "1. e2-e4"))
            .await;
    }
    for (i, (_, b)) in game_players(games).iter().enumerate() {
        stack
            .send(b, "bot", &letter(b, i + 1, &format!("b{i}"), "1... e7-e5"))
            .await;
    }
    let config = AmiciProcess::config_toml(&stack, &tournament(games))
        .replace("[smtp]", "[smtp]\nretry_base_seconds = 1")
        .replacen("[bot]", "[bot]\nmax_letters_per_sender_per_day = 100000", 1);
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[]);
    let mut kills = 0;
    // Kills that landed mid-work: the run had begun (its log shows the mailbox connected or
    // mail sent) and work was still open in the database when it died.
    let mut mid_work = 0;
    while kills < 25 {
        // The kill falls 0–250 ms into the run's work: after it has connected to the mailbox
        // (a loaded machine can take longer than that to start, and a kill during start-up
        // proves nothing), or, failing that, after 3 s.
        let started = std::time::Instant::now();
        while !amici.current_logs().contains("IMAP connected")
            && started.elapsed() < Duration::from_secs(3)
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(rng.between(0, 250)));
        let log = amici.current_logs();
        amici.kill();
        let (rows, pending, _) = database(&amici);
        let unsent = rows.iter().filter(|r| r.3 != "sent").count();
        if (log.contains("IMAP connected") || log.contains("outbox")) && (pending > 0 || unsent > 0)
        {
            mid_work += 1;
        }
        amici.restart(); // start again on the same database
        kills += 1;
    }
    settle(&amici, 200, Duration::from_secs(240));
    check(&stack, &amici, games, &["e4", "e5"]).await;
    eprintln!("{kills} kills, {mid_work} of them mid-work");
    assert!(
        mid_work >= 5,
        "too few kills landed mid-work ({mid_work}) to prove anything"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imap_and_smtp_servers_down_for_a_while_lose_nothing() {
    let seed = seed();
    eprintln!("AMICI_CRASH_SEED={seed}");
    let mut rng = Rng(seed);
    let mut users = vec!["bot", "arbiter"];
    users.extend(PLAYERS);
    let stack = MailStack::start(&users);
    // The same 200 letters as above, with servers stopped and amici killed along the way.
    let games = 100;
    let config = AmiciProcess::config_toml(&stack, &tournament(games))
        .replace("[smtp]", "[smtp]\nretry_base_seconds = 1")
        .replacen("[bot]", "[bot]\nmax_letters_per_sender_per_day = 100000", 1);
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[]);
    amici.wait_for_log("IMAP connected", Duration::from_secs(30));
    for (i, (w, _)) in game_players(games).iter().enumerate() {
        stack
            .send(w, "bot", &letter(w, i + 1, &format!("w{i}"), "1. e2-e4"))
            .await;
    }
    // SMTP down while amici answers: replies wait in the outbox and go out when it returns.
    stack.stop_smtp();
    std::thread::sleep(Duration::from_millis(rng.between(2000, 4000)));
    amici.restart();
    stack.start_smtp();
    for (i, (_, b)) in game_players(games).iter().enumerate() {
        stack
            .send(b, "bot", &letter(b, i + 1, &format!("b{i}"), "1... e7-e5"))
            .await;
        if i % 20 == 10 {
            amici.restart(); // SIGKILL while letters keep arriving
        }
        if i == games / 2 {
            // IMAP down in the middle: amici reconnects with backoff and catches up by UID.
            stack.stop_imap();
            std::thread::sleep(Duration::from_millis(rng.between(2000, 4000)));
            stack.start_imap();
        }
    }
    settle(&amici, 2 * games as i64, Duration::from_secs(180));
    assert!(
        amici.exited().is_none(),
        "a dead server never stops the daemon"
    );
    check(&stack, &amici, games, &["e4", "e5"]).await;
}
