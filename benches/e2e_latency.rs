//! amici's mail figures on the real loopback mail system (compare `mail_baseline`, the same
//! servers with a bare fetch-and-resend loop):
//! - latency from SMTP submission of a player's letter to amici's acknowledgement arriving in
//!   his mailbox, over real IMAP IDLE: p50 and p99 over 120 letters sent one at a time;
//! - sustained throughput: 1,000 letters queued in the bot's mailbox while amici is stopped,
//!   then amici started; letters answered per second (ack delivered) until all are answered.
//!
//! `cargo bench --bench e2e_latency` (release). Under `cargo test --all-targets` it runs a tiny
//! version so the code keeps working.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use support::{AmiciProcess, MailStack};

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (letters, queued) = if full { (120, 1_000) } else { (4, 10) };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(bench(letters, queued));
}

fn tournament(games: usize) -> String {
    let list = (0..games)
        .map(|_| "{ white = \"ivan@example.test\", black = \"petar@example.test\" }")
        .collect::<Vec<_>>()
        .join(",\n  ");
    let today = support::today();
    format!(
        "[[tournament]]\nid = \"B\"\nstart = {today}\nend = 2027-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nplayers = [ {{ name = \"Ivan\", email = \"ivan@example.test\" }}, {{ name = \"Petar\", email = \"petar@example.test\" }} ]\ngames = [\n  {list}\n]\n"
    )
}

fn letter(game: usize, id: &str) -> Vec<u8> {
    format!("From: ivan@example.test\r\nTo: bot@example.test\r\nSubject: B/{game}\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{game}. e2-e4\r\n").into_bytes()
}

/// Number of messages in `user`'s INBOX, over one open session (cheap to ask often).
async fn count(session: &mut async_imap::Session<tokio::net::TcpStream>) -> u32 {
    session
        .examine("INBOX")
        .await
        .map(|m| m.exists)
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn bench(letters: usize, queued: usize) {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar"]);
    let games = letters + queued;
    // One player sends every letter: lift the per-sender daily limit (default 50).
    let config = AmiciProcess::config_toml(&stack, &tournament(games)).replacen(
        "[bot]",
        "[bot]\nmax_letters_per_sender_per_day = 1000000",
        1,
    );
    let mut amici = AmiciProcess::start_with_config(
        &stack,
        &config,
        &[("RUST_LOG", "warn"), ("AMICI_LOG", "warn")],
    );
    let mut watch = stack.imap_login("ivan").await.expect("login");
    // Wait until amici is connected: its first IDLE is in place.
    tokio::time::sleep(Duration::from_secs(2)).await;

    // Latency: one letter at a time.
    let mut lat = Vec::with_capacity(letters);
    for i in 0..letters {
        let before = count(&mut watch).await;
        let t = Instant::now();
        stack
            .send("ivan", "bot", &letter(i + 1, &format!("l{i}")))
            .await;
        while count(&mut watch).await <= before {
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "no ack for letter {i}"
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        lat.push(t.elapsed());
    }
    lat.sort();
    println!(
        "amici latency, SMTP submission → ack in the player's INBOX over IDLE ({letters} letters): p50 {:.1} ms, p99 {:.1} ms",
        percentile(&lat, 0.50).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3
    );

    // Throughput: a queue of letters waiting when amici starts.
    amici.kill();
    let base = count(&mut watch).await;
    for i in 0..queued {
        let g = letters + i + 1;
        stack
            .send("ivan", "bot", &letter(g, &format!("q{i}")))
            .await;
    }
    let t = Instant::now();
    amici.restart();
    while count(&mut watch).await < base + queued as u32 {
        assert!(t.elapsed() < Duration::from_secs(900), "queue not drained");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "amici throughput, {queued} letters queued: all answered in {secs:.1} s = {:.1} letters/s (each: ack + forwarded move)",
        queued as f64 / secs
    );
}
