//! Throughput of amici against the bare fetch-and-resend loop, side by side on the same real
//! servers in one run (issue 8 "Done when"): the baseline relay uses lettre on a TCP_NODELAY
//! socket and sends as many messages per letter as amici does.
//!
//! Workloads, each queued in the bot's INBOX before the program under test starts:
//! - (a) 1,000 letters from one sender, each answered once (a letter with no move: "found no
//!   move"; the config lifts the per-sender daily limit);
//! - (b) 10 games × 100 legal moves (an acknowledgement and a forwarded move each).
//! Each is run 3 times on a fresh mail stack; the medians are printed with the ratio.
//! Memory: the peak resident size (VmHWM) of `amici run` in each run of (b).
//!
//! `cargo bench --bench pipeline`. Under `cargo test --all-targets` (no `--bench`) a tiny
//! version runs once, so the code keeps working without costing CI minutes.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::transport::smtp::client::AsyncSmtpConnection;
use lettre::transport::smtp::extension::ClientId;
use shakmaty::{Chess, Move, Position, Role};
use support::{AmiciProcess, MailStack, header};
use tokio::net::TcpStream;

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(bench(full));
}

/// One workload: the letters (sender, raw) in queue order and the replies they cause,
/// as (recipient, count).
struct Workload {
    name: &'static str,
    letters: Vec<(String, Vec<u8>)>,
    replies: Vec<(String, usize)>,
    /// For the relay: the recipients of the messages each letter causes.
    per_letter: Vec<Vec<String>>,
    tournament: String,
    users: Vec<String>,
}

fn mail(from: &str, subject: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}@bench.example.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

fn workload_a(n: usize) -> Workload {
    let letters = (0..n)
        .map(|i| {
            (
                "ivan".to_string(),
                mail("ivan", "A/1", &format!("a{i}"), "Здравейте, как сте?"),
            )
        })
        .collect();
    Workload {
        name: "(a) letters from one sender, one answer each",
        letters,
        replies: vec![("ivan".into(), n)],
        per_letter: vec![vec!["ivan".into()]; n],
        tournament: format!(
            "[[tournament]]\nid = \"A\"\nstart = {}\nend = 2028-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nnotation = \"en\"\nplayers = [ {{ name = \"Ivan\", email = \"ivan@example.test\" }}, {{ name = \"Petar\", email = \"petar@example.test\" }} ]\ngames = [ {{ white = \"ivan@example.test\", black = \"petar@example.test\" }} ]\n",
            support::today()
        ),
        users: vec![
            "bot".into(),
            "arbiter".into(),
            "ivan".into(),
            "petar".into(),
        ],
    }
}

/// A legal game of `plies` half-moves that does not end before it, from a seeded PRNG.
fn game(plies: usize, mut seed: u64) -> Vec<String> {
    'again: loop {
        let mut pos = Chess::default();
        let mut out = Vec::new();
        for ply in 0..plies {
            let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
            let mut order: Vec<usize> = (0..legal.len()).collect();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.rotate_left((seed % legal.len().max(1) as u64) as usize);
            let Some(m) = order.iter().map(|i| &legal[*i]).find(|m| {
                let mut next = pos.clone();
                next.play_unchecked((*m).clone());
                !next.is_game_over()
            }) else {
                seed = seed.wrapping_add(0x9e37_79b9);
                continue 'again;
            };
            let text = match m {
                Move::Castle { king, rook } => {
                    if rook.file() > king.file() {
                        "O-O".to_string()
                    } else {
                        "O-O-O".to_string()
                    }
                }
                _ => {
                    let from = m.from().expect("a from square");
                    let piece = match m.role() {
                        Role::Pawn => "",
                        Role::Knight => "N",
                        Role::Bishop => "B",
                        Role::Rook => "R",
                        Role::Queen => "Q",
                        Role::King => "K",
                    };
                    let sep = if m.is_capture() { "x" } else { "-" };
                    let promo = match m.promotion() {
                        Some(Role::Queen) => "Q",
                        Some(Role::Rook) => "R",
                        Some(Role::Bishop) => "B",
                        Some(Role::Knight) => "N",
                        _ => "",
                    };
                    format!("{piece}{from}{sep}{}{promo}", m.to())
                }
            };
            let number = ply / 2 + 1;
            out.push(if ply % 2 == 0 {
                format!("{number}. {text}")
            } else {
                format!("{number}... {text}")
            });
            pos.play_unchecked(m.clone());
        }
        return out;
    }
}

fn workload_b(games: usize, plies: usize) -> Workload {
    let scores: Vec<Vec<String>> = (0..games)
        .map(|g| game(plies, 0x1234_5678 + g as u64 * 7919))
        .collect();
    let mut letters = Vec::new();
    let mut per_letter = Vec::new();
    for ply in 0..plies {
        for (g, score) in scores.iter().enumerate() {
            let (me, other) = if ply % 2 == 0 {
                (format!("w{g}"), format!("b{g}"))
            } else {
                (format!("b{g}"), format!("w{g}"))
            };
            letters.push((
                me.clone(),
                mail(
                    &me,
                    &format!("B/{}", g + 1),
                    &format!("b{g}-{ply}"),
                    &score[ply],
                ),
            ));
            per_letter.push(vec![me, other]);
        }
    }
    let players = (0..games)
        .flat_map(|g| {
            [
                format!("{{ name = \"W{g}\", email = \"w{g}@example.test\" }}"),
                format!("{{ name = \"B{g}\", email = \"b{g}@example.test\" }}"),
            ]
        })
        .collect::<Vec<_>>()
        .join(", ");
    let pairs = (0..games)
        .map(|g| format!("{{ white = \"w{g}@example.test\", black = \"b{g}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut users = vec!["bot".to_string(), "arbiter".to_string()];
    let mut replies = Vec::new();
    for g in 0..games {
        users.push(format!("w{g}"));
        users.push(format!("b{g}"));
        replies.push((format!("w{g}"), plies));
        replies.push((format!("b{g}"), plies));
    }
    Workload {
        name: "(b) 10 games x 100 legal moves, ack + forwarded move each",
        letters,
        replies,
        per_letter,
        tournament: format!(
            "[[tournament]]\nid = \"B\"\nstart = {}\nend = 2028-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nnotation = \"en\"\nplayers = [ {players} ]\ngames = [ {pairs} ]\n",
            support::today()
        ),
        users,
    }
}

/// An SMTP client on one reused TCP_NODELAY connection.
struct Smtp {
    port: u16,
    conn: Option<AsyncSmtpConnection>,
}

impl Smtp {
    async fn send(&mut self, envelope: &Envelope, raw: &[u8]) {
        if self.conn.is_none() {
            let tcp = TcpStream::connect(("127.0.0.1", self.port))
                .await
                .expect("connect");
            tcp.set_nodelay(true).expect("nodelay");
            self.conn = Some(
                AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &ClientId::default())
                    .await
                    .expect("EHLO"),
            );
        }
        self.conn
            .as_mut()
            .unwrap()
            .send(envelope, raw)
            .await
            .expect("send");
    }
}

fn envelope(stack: &MailStack, from: &str, to: &str) -> Envelope {
    Envelope::new(
        Some(stack.address(from).parse().unwrap()),
        vec![stack.address(to).parse().unwrap()],
    )
    .unwrap()
}

async fn queue(stack: &MailStack, w: &Workload) {
    let mut smtp = Smtp {
        port: stack.smtp_port,
        conn: None,
    };
    for (from, raw) in &w.letters {
        smtp.send(&envelope(stack, from, "bot"), raw).await;
    }
    // every letter is in the bot's INBOX before the clock starts
    let mut s = stack.imap_login("bot").await.unwrap();
    loop {
        let n = s.status("INBOX", "(MESSAGES)").await.unwrap().exists as usize;
        if n >= w.letters.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until every recipient holds his replies.
async fn arrived(stack: &MailStack, w: &Workload) {
    let mut sessions = Vec::new();
    for (user, n) in &w.replies {
        sessions.push((stack.imap_login(user).await.unwrap(), *n));
    }
    let deadline = Instant::now() + Duration::from_secs(900);
    for (s, n) in &mut sessions {
        loop {
            let have = s.status("INBOX", "(MESSAGES)").await.unwrap().exists as usize;
            if have >= *n {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "only {have} of {n} replies arrived"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// The bare loop: fetch every queued letter in UID order and send its messages.
async fn relay(stack: &MailStack, w: &Workload) {
    let mut session = stack.imap_login("bot").await.unwrap();
    session.select("INBOX").await.unwrap();
    let mut smtp = Smtp {
        port: stack.smtp_port,
        conn: None,
    };
    let mut done = 0usize;
    while done < w.letters.len() {
        let fetched: Vec<(u32, Vec<u8>)> = session
            .uid_fetch(format!("{}:*", done + 1), "(UID BODY.PEEK[])")
            .await
            .unwrap()
            .try_filter_map(|f| async move {
                Ok(f.uid.map(|u| (u, f.body().unwrap_or_default().to_vec())))
            })
            .try_collect()
            .await
            .unwrap();
        let mut fetched: Vec<_> = fetched
            .into_iter()
            .filter(|(u, _)| *u as usize > done)
            .collect();
        fetched.sort_by_key(|(u, _)| *u);
        for (uid, raw) in fetched {
            let i = uid as usize - 1;
            for to in &w.per_letter[i] {
                smtp.send(&envelope(stack, "bot", to), &raw).await;
            }
            done = done.max(uid as usize);
        }
        let _ = header(b"", "x");
    }
}

/// With `AMICI_BENCH_PROFILE` set: when the first, middle and last message reached each
/// recipient's Maildir (Dovecot names each file by its delivery time), counted from `start`.
fn delivery_profile(stack: &MailStack, w: &Workload, start: std::time::SystemTime, who: &str) {
    if std::env::var_os("AMICI_BENCH_PROFILE").is_none() {
        return;
    }
    let t0 = start
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    for (user, _) in &w.replies {
        let dir = stack
            .dir
            .join(format!("mail/{}/{user}/Maildir", stack.domain));
        let mut times: Vec<f64> = ["new", "cur"]
            .iter()
            .filter_map(|d| std::fs::read_dir(dir.join(d)).ok())
            .flatten()
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                let (secs, rest) = name.split_once(".M")?;
                let micros = rest.split('P').next()?;
                Some(secs.parse::<f64>().ok()? + micros.parse::<f64>().ok()? / 1e6 - t0)
            })
            .collect();
        times.sort_by(f64::total_cmp);
        if let (Some(first), Some(last)) = (times.first(), times.last()) {
            let n = times.len();
            println!(
                "    {who} -> {user}: {n} messages, first at {first:.3} s, half at {:.3} s, last at {last:.3} s",
                times[n / 2]
            );
        }
    }
}

/// The CPU time (user + system) a process used so far, from `/proc/PID/stat`.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th.
    let rest = s.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The machine's CPU time so far, from `/proc/stat` (seconds over all cores): busy (user,
/// nice, system, irq, softirq) and stolen by the hypervisor.
fn machine_cpu() -> Option<(f64, f64)> {
    let s = std::fs::read_to_string("/proc/stat").ok()?;
    let f: Vec<f64> = s
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    let busy = f.get(0)? + f.get(1)? + f.get(2)? + f.get(5)? + f.get(6)?;
    Some((busy / 100.0, f.get(7)? / 100.0))
}

/// With `AMICI_BENCH_PROFILE` set: what the whole machine (amici or the bare loop, the mail
/// server, this benchmark) spent in a run since `before` (a [`machine_cpu`] reading), and the
/// mail server's SMTP front end alone.
fn machine_profile(
    stack: &MailStack,
    before: Option<(f64, f64)>,
    smtp_before: Option<f64>,
    who: &str,
) {
    if std::env::var_os("AMICI_BENCH_PROFILE").is_none() {
        return;
    }
    if let (Some((b0, s0)), Some((b1, s1))) = (before, machine_cpu()) {
        let front = smtp_cpu(stack).zip(smtp_before).map(|(a, b)| a - b);
        println!(
            "    {who}: the machine busy {:.2} s (stolen {:.2} s), the SMTP front end {:.2} s",
            b1 - b0,
            s1 - s0,
            front.unwrap_or(f64::NAN)
        );
    }
}

/// The CPU time of the stack's SMTP front end (a Python process) so far.
fn smtp_cpu(stack: &MailStack) -> Option<f64> {
    let pid = std::fs::read_to_string(stack.dir.join("smtp.pid")).ok()?;
    cpu_seconds(pid.trim().parse().ok()?)
}

/// With `AMICI_BENCH_PROFILE` set: when the processing call that took the first, middle and
/// last letter began (a letter's `processed` is its call's clock, not its commit), and when
/// amici recorded the first, middle and last message sent (its own clock, in its database),
/// counted from `start`.
fn processing_profile(amici: &AmiciProcess, start: std::time::SystemTime) {
    if std::env::var_os("AMICI_BENCH_PROFILE").is_none() {
        return;
    }
    let c = rusqlite::Connection::open(amici.dir().join("amici.sqlite3")).expect("database");
    let t0 = chrono::DateTime::<chrono::Utc>::from(start);
    let times = |sql: &str| -> Vec<f64> {
        let mut st = c.prepare(sql).expect("query");
        let mut v: Vec<f64> = st
            .query_map([], |r| r.get::<_, String>(0))
            .expect("rows")
            .filter_map(|t| chrono::DateTime::parse_from_rfc3339(&t.ok()?).ok())
            .map(|t| (t.with_timezone(&chrono::Utc) - t0).as_seconds_f64())
            .collect();
        v.sort_by(f64::total_cmp);
        v
    };
    for (what, v) in [
        (
            "letters' processing calls began",
            times("SELECT processed FROM inbound WHERE processed IS NOT NULL"),
        ),
        (
            "messages recorded sent",
            times("SELECT sent_at FROM outbox WHERE sent_at IS NOT NULL"),
        ),
    ] {
        if let (Some(first), Some(last)) = (v.first(), v.last()) {
            println!(
                "    amici {what}: {}, first at {first:.3} s, half at {:.3} s, last at {last:.3} s",
                v.len(),
                v[v.len() / 2]
            );
        }
    }
}

fn peak_rss_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

async fn run_relay(w: &Workload) -> Duration {
    let users: Vec<&str> = w.users.iter().map(String::as_str).collect();
    let stack = MailStack::start(&users);
    queue(&stack, w).await;
    let (cpu, front) = (machine_cpu(), smtp_cpu(&stack));
    let (start, wall) = (Instant::now(), std::time::SystemTime::now());
    let r = relay(&stack, w);
    let a = arrived(&stack, w);
    futures::join!(r, a);
    let took = start.elapsed();
    delivery_profile(&stack, w, wall, "bare");
    machine_profile(&stack, cpu, front, "bare");
    took
}

async fn run_amici(w: &Workload) -> (Duration, Option<u64>) {
    let users: Vec<&str> = w.users.iter().map(String::as_str).collect();
    let stack = MailStack::start(&users);
    queue(&stack, w).await;
    let config = AmiciProcess::config_toml(&stack, &w.tournament).replacen(
        "[bot]\n",
        "[bot]\nmax_letters_per_sender_per_day = 1000000\n",
        1,
    );
    let mut config = config;
    // AMICI_BENCH_SENDERS=n: `[smtp] senders`; AMICI_BENCH_DIAGRAM=text|png|both: the letters'
    // `diagram` (default: the config's own).
    if let Ok(n) = std::env::var("AMICI_BENCH_SENDERS") {
        config = config.replacen("[smtp]\n", &format!("[smtp]\nsenders = {n}\n"), 1);
    }
    if let Ok(d) = std::env::var("AMICI_BENCH_DIAGRAM") {
        config = config.replacen("[bot]\n", &format!("[bot]\ndiagram = \"{d}\"\n"), 1);
    }
    let (cpu, front) = (machine_cpu(), smtp_cpu(&stack));
    let (start, wall) = (Instant::now(), std::time::SystemTime::now());
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[("RUST_LOG", "warn")]);
    arrived(&stack, w).await;
    let took = start.elapsed();
    delivery_profile(&stack, w, wall, "amici");
    machine_profile(&stack, cpu, front, "amici");
    processing_profile(&amici, wall);
    let rss = amici.pid().and_then(peak_rss_kib);
    if let Some(cpu) = amici.pid().and_then(cpu_seconds) {
        println!("    amici used {cpu:.2} s of CPU (user + system) in {took:.2?}");
    }
    // The replies are the right ones: every move was applied (workload b), none refused.
    let out = amici.command(&["status", "--format", "json"]);
    let st: serde_json::Value = serde_json::from_slice(&out.stdout).expect("status");
    let plies = w.letters.len() / st["games"].as_array().map_or(1, |g| g.len().max(1));
    if w.name.starts_with("(b)") {
        for g in st["games"].as_array().into_iter().flatten() {
            assert_eq!(
                g["moves"].as_array().map(Vec::len),
                Some(plies),
                "game {}",
                g["id"]
            );
        }
    }
    amici.kill();
    (took, rss)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The bare relay for latency: IDLE on the bot's INBOX, each new letter sent back to its
/// sender at once (as amici answers a letter with no move).
async fn idle_relay(stack: &MailStack) {
    let mut session = stack.imap_login("bot").await.unwrap();
    session.select("INBOX").await.unwrap();
    let mut smtp = Smtp {
        port: stack.smtp_port,
        conn: None,
    };
    let mut last = 0u32;
    loop {
        let fetched: Vec<(u32, Vec<u8>)> = session
            .uid_fetch(format!("{}:*", last + 1), "(UID BODY.PEEK[])")
            .await
            .unwrap()
            .try_filter_map(|f| async move {
                Ok(f.uid.map(|u| (u, f.body().unwrap_or_default().to_vec())))
            })
            .try_collect()
            .await
            .unwrap();
        let mut fetched: Vec<_> = fetched.into_iter().filter(|(u, _)| *u > last).collect();
        fetched.sort_by_key(|(u, _)| *u);
        for (uid, raw) in fetched {
            smtp.send(&envelope(stack, "bot", "ivan"), &raw).await;
            last = uid;
        }
        let mut idle = session.idle();
        idle.init().await.unwrap();
        {
            let (wait, _stop) = idle.wait_with_timeout(Duration::from_secs(5));
            let _ = wait.await;
        }
        session = idle.done().await.unwrap();
    }
}

/// Submission → reply in ivan's INBOX, one letter at a time.
async fn latencies(stack: &MailStack, n: usize, tag: &str) -> Vec<Duration> {
    let mut watch = stack.imap_login("ivan").await.unwrap();
    let mut smtp = Smtp {
        port: stack.smtp_port,
        conn: None,
    };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let before = watch.status("INBOX", "(MESSAGES)").await.unwrap().exists;
        let raw = mail("ivan", "A/1", &format!("{tag}{i}"), "Здравейте!");
        let start = Instant::now();
        smtp.send(&envelope(stack, "ivan", "bot"), &raw).await;
        while watch.status("INBOX", "(MESSAGES)").await.unwrap().exists <= before {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        out.push(start.elapsed());
    }
    out
}

fn pct(v: &mut [Duration], q: f64) -> f64 {
    v.sort();
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1].as_secs_f64() * 1000.0
}

async fn bench_latency(n: usize) {
    let w = workload_a(0);
    let users: Vec<&str> = w.users.iter().map(String::as_str).collect();
    let stack = MailStack::start(&users);
    let relay = tokio::spawn({
        let stack = std::sync::Arc::new(MailStack::start(&users));
        let s2 = stack.clone();
        async move {
            let _keep = s2;
            idle_relay(&stack).await
        }
    });
    relay.abort();
    // The bare relay and amici on the same servers, one after the other.
    let stack = std::sync::Arc::new(stack);
    let relay = {
        let stack = stack.clone();
        tokio::spawn(async move { idle_relay(&stack).await })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut base = latencies(&stack, n, "lb").await;
    relay.abort();
    let config = AmiciProcess::config_toml(&stack, &w.tournament).replacen(
        "[bot]\n",
        "[bot]\nmax_letters_per_sender_per_day = 1000000\n",
        1,
    );
    // Letters already relayed are in the bot's INBOX unseen: amici would answer them too,
    // so it runs on a mailbox read to the end first.
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[("RUST_LOG", "warn")]);
    let mut watch = stack.imap_login("ivan").await.unwrap();
    let target = 2 * n as u32;
    while watch.status("INBOX", "(MESSAGES)").await.unwrap().exists < target {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut ours = latencies(&stack, n, "la").await;
    amici.kill();
    println!(
        "\nlatency, submission → reply in the player's INBOX over IDLE, {n} letters one at a time:"
    );
    println!(
        "  bare IDLE relay: p50 {:6.1} ms  p99 {:6.1} ms",
        pct(&mut base, 0.5),
        pct(&mut base, 0.99)
    );
    println!(
        "  amici          : p50 {:6.1} ms  p99 {:6.1} ms",
        pct(&mut ours, 0.5),
        pct(&mut ours, 0.99)
    );
    let (p99, gap) = (
        pct(&mut ours, 0.99),
        pct(&mut ours, 0.99) - pct(&mut base, 0.99),
    );
    println!("  amici p99 − relay p99: {gap:+.1} ms");
    println!(
        "  target p99 < 1 s and at most 50 ms above the relay: {}",
        if p99 < 1000.0 && gap <= 50.0 {
            "PASS"
        } else {
            "FAIL"
        }
    );
}

/// Peak resident size of `amici run` with 10,000 active games and 1,000 queued letters, then
/// while a 20 MB letter is processed.
async fn bench_memory(games: usize, queued: usize, big: usize) {
    let players = 200usize;
    let mut users = vec!["bot".to_string(), "arbiter".to_string()];
    users.extend((0..players).map(|p| format!("p{p}")));
    let refs: Vec<&str> = users.iter().map(String::as_str).collect();
    let stack = MailStack::start(&refs);
    let roster = (0..players)
        .map(|p| format!("{{ name = \"P{p}\", email = \"p{p}@example.test\" }}"))
        .collect::<Vec<_>>()
        .join(", ");
    let pairs = (0..games)
        .map(|g| {
            let w = g % players;
            let b = (g / players + 1 + w) % players;
            let b = if b == w { (b + 1) % players } else { b };
            format!("{{ white = \"p{w}@example.test\", black = \"p{b}@example.test\" }}")
        })
        .collect::<Vec<_>>()
        .join(",\n");
    let t = format!(
        "[[tournament]]\nid = \"M\"\nstart = {}\nend = 2028-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nnotation = \"en\"\nplayers = [ {roster} ]\ngames = [\n{pairs}\n]\n",
        support::today()
    );
    let mut smtp = Smtp {
        port: stack.smtp_port,
        conn: None,
    };
    for i in 0..queued {
        let g = i % games;
        let w = g % players;
        let raw = mail(
            &format!("p{w}"),
            &format!("M/{}", g + 1),
            &format!("m{i}"),
            "1. e2-e4",
        );
        smtp.send(&envelope(&stack, &format!("p{w}"), "bot"), &raw)
            .await;
    }
    let config = AmiciProcess::config_toml(&stack, &t).replacen(
        "[bot]\n",
        "[bot]\nmax_letters_per_sender_per_day = 1000000\n",
        1,
    );
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[("RUST_LOG", "warn")]);
    let db = amici.dir().join("amici.sqlite3");
    let done = |n: i64| {
        let c = rusqlite::Connection::open(&db).ok()?;
        let d: i64 = c
            .query_row(
                "SELECT count(*) FROM inbound WHERE status = 'done'",
                [],
                |r| r.get(0),
            )
            .ok()?;
        let u: i64 = c
            .query_row(
                "SELECT count(*) FROM outbox WHERE status != 'sent'",
                [],
                |r| r.get(0),
            )
            .ok()?;
        Some(d >= n && u == 0)
    };
    let deadline = Instant::now() + Duration::from_secs(900);
    while done(queued as i64) != Some(true) {
        assert!(Instant::now() < deadline, "the queue did not drain");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let queued_peak = amici.pid().and_then(peak_rss_kib);
    // A 20 MB letter from a player.
    let mut raw = mail("p0", "M/1", "huge", "1. e2-e4").to_vec();
    raw.truncate(raw.len() - 2);
    let line = "A".repeat(76) + "\r\n";
    while raw.len() < big {
        raw.extend_from_slice(line.as_bytes());
    }
    smtp.send(&envelope(&stack, "p0", "bot"), &raw).await;
    while done(queued as i64 + 1) != Some(true) {
        assert!(Instant::now() < deadline, "the big letter was not answered");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let big_peak = amici.pid().and_then(peak_rss_kib);
    amici.kill();
    println!("\nmemory: peak resident size (VmHWM) of amici run");
    let verdict = |kib: Option<u64>, mb: u64| match kib {
        Some(k) if k * 1024 < mb * 1_000_000 => "PASS",
        _ => "FAIL",
    };
    println!(
        "  {games} active games, {queued} queued letters processed: {:?} KiB (target < 50 MB: {})",
        queued_peak,
        verdict(queued_peak, 50)
    );
    println!(
        "  then a {} MB letter processed: {:?} KiB (target < 64 MB: {})",
        big / 1_000_000,
        big_peak,
        verdict(big_peak, 64)
    );
}

async fn bench(full: bool) {
    let phases =
        std::env::var("AMICI_BENCH_PHASES").unwrap_or_else(|_| "throughput,latency,memory".into());
    if phases.contains("latency") {
        bench_latency(if full { 120 } else { 3 }).await;
    }
    if phases.contains("memory") {
        if full {
            bench_memory(10_000, 1_000, 20_000_000).await;
        } else {
            bench_memory(50, 10, 300_000).await;
        }
    }
    if !phases.contains("throughput") {
        return;
    }
    let runs = if full { 3 } else { 1 };
    // AMICI_BENCH_WORKLOADS=a or =b runs one of the two (default both).
    let only = std::env::var("AMICI_BENCH_WORKLOADS").unwrap_or_else(|_| "a,b".into());
    let mut workloads = Vec::new();
    if only.contains('a') {
        workloads.push(workload_a(if full { 1000 } else { 10 }));
    }
    if only.contains('b') {
        let (games, plies) = if full { (10, 100) } else { (2, 4) };
        workloads.push(workload_b(games, plies));
    }
    println!(
        "pipeline throughput: amici vs the bare fetch-and-resend loop (TCP_NODELAY), {runs} run(s) each, medians"
    );
    for w in &workloads {
        let messages: usize = w.per_letter.iter().map(Vec::len).sum();
        let mut base = Vec::new();
        let mut ours = Vec::new();
        let mut rss = Vec::new();
        // Alternately first and second (bare, amici, amici, bare, bare, amici): each run
        // leaves the machine a little slower (the file system, the page cache), which would
        // otherwise count against whichever always runs second.
        for run in 0..runs {
            if run % 2 == 0 {
                base.push(run_relay(w).await);
            }
            let (t, m) = run_amici(w).await;
            ours.push(t);
            rss.extend(m);
            if run % 2 == 1 {
                base.push(run_relay(w).await);
            }
        }
        let (b, a) = (median(base.clone()), median(ours.clone()));
        let rate = |d: Duration| w.letters.len() as f64 / d.as_secs_f64();
        println!(
            "\n{}: {} letters, {} messages",
            w.name,
            w.letters.len(),
            messages
        );
        println!(
            "  bare loop : {:7.2} s  {:7.1} letters/s   (runs: {:?})",
            b.as_secs_f64(),
            rate(b),
            base
        );
        println!(
            "  amici     : {:7.2} s  {:7.1} letters/s   (runs: {:?})",
            a.as_secs_f64(),
            rate(a),
            ours
        );
        let ratio = rate(a) / rate(b);
        println!(
            "  amici / bare loop throughput: {ratio:.2}x (target >= 1.0x: {})",
            if ratio >= 1.0 { "PASS" } else { "FAIL" }
        );
        if !rss.is_empty() {
            println!("  amici peak resident (VmHWM): {:?} KiB", rss);
        }
    }
}
