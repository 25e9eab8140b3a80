//! Baseline for amici's mail figures: the same real loopback mail system the end-to-end tests
//! use, with a bare "IMAP IDLE → fetch → re-send over SMTP" relay in place of amici.
//!
//! A letter goes ivan → bot over SMTP; the relay, idling on bot's INBOX, fetches it and sends
//! it on to petar; a watcher sees it in petar's INBOX. What amici adds on top of this loop
//! (parsing, rules, SQLite, rendering) is its own cost; this is the floor.
//!
//! `cargo bench --bench mail_baseline` measures (release build, a few minutes), once with
//! lettre's transport as it comes and once on a `TCP_NODELAY` socket (see [`Mode`]):
//! - latency from submission to arrival, 120 letters one at a time: p50, p99;
//! - throughput draining a backlog of 1,000 queued letters (relay started after they arrived);
//! - throughput with 1,000 letters submitted back to back while the relay runs.
//!
//! Under `cargo test --all-targets` (no `--bench` argument) it runs a tiny version, so the
//! code keeps working without costing CI a minute.

#[path = "../tests/support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_imap::Session;
use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::transport::smtp::client::{AsyncSmtpConnection, Tls};
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use support::MailStack;
use tokio::net::TcpStream;
use tokio::task::JoinHandle;

/// The relay's IDLE is cut and renewed at least this often (a safety net for a missed
/// notification; Dovecot reports new mail at IDLE start, so it should never matter).
const IDLE_RENEW: Duration = Duration::from_secs(5);
const ARRIVAL_TIMEOUT: Duration = Duration::from_secs(300);
/// lettre's own timeout covers connecting only (crates.md pitfall 6).
const SEND_TIMEOUT: Duration = Duration::from_secs(30);

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (letters, queued) = if full { (120, 1_000) } else { (5, 20) };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(bench(letters, queued));
}

/// How letters are sent over SMTP, by the "player" and by the relay.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    /// lettre's `AsyncSmtpTransport` as it comes (pooled connection, Nagle's algorithm on).
    Lettre,
    /// lettre's `AsyncSmtpConnection` over a `TcpStream` with `TCP_NODELAY`: lettre writes the
    /// body and the final `.` in two writes, and with Nagle on the second waits for the
    /// server's delayed ACK (~40 ms on Linux).
    NoDelay,
}

impl Mode {
    fn describe(self) -> &'static str {
        match self {
            Mode::Lettre => "lettre AsyncSmtpTransport as is",
            Mode::NoDelay => "lettre AsyncSmtpConnection on a TCP_NODELAY socket",
        }
    }
}

async fn bench(letters: usize, queued: usize) {
    let stack = Arc::new(MailStack::start(&["bot", "ivan", "petar"]));
    let mut watcher = Watcher::new(&stack).await;
    let mut arrived = 0; // letters in petar's INBOX so far (= UIDs used in bot's INBOX)
    println!(
        "mail baseline: loopback Dovecot {} + SMTP front end, bare IDLE relay (no amici)",
        dovecot_version()
    );
    for mode in [Mode::Lettre, Mode::NoDelay] {
        println!("\n=== SMTP: {} ===", mode.describe());
        let to_bot = envelope(&stack, "ivan", "bot");

        // 1. latency: one letter at a time, each over a fresh SMTP connection
        let relay = spawn_relay(stack.clone(), arrived as u32, mode);
        let mut submit = Vec::with_capacity(letters);
        let mut latency = Vec::with_capacity(letters);
        for _ in 0..letters {
            let raw = letter(arrived, "latency");
            let start = Instant::now();
            Smtp::new(&stack, mode)
                .send(&to_bot, &raw)
                .await
                .expect("submit");
            submit.push(start.elapsed());
            arrived += 1;
            watcher.wait_count(arrived).await;
            latency.push(start.elapsed());
        }
        relay.abort();
        println!("{letters} letters one at a time (ivan → bot → relay → petar):");
        report("SMTP submission (send returns)", &mut submit);
        report("submission → in petar's INBOX", &mut latency);

        // 2. a backlog of `queued` letters, then the relay starts (amici back after a pause)
        let mut sender = Smtp::new(&stack, mode);
        let start = Instant::now();
        for i in 0..queued {
            let raw = letter(arrived + i, "backlog");
            sender.send(&to_bot, &raw).await.expect("submit");
        }
        let submitted = start.elapsed();
        let start = Instant::now();
        let relay = spawn_relay(stack.clone(), arrived as u32, mode);
        arrived += queued;
        watcher.wait_count(arrived).await;
        let drained = start.elapsed();
        relay.abort();
        println!(
            "backlog of {queued}: submitted over one connection in {:.2} s ({:.0}/s); \
             relayed in {:.2} s = {:.0} letters/s",
            submitted.as_secs_f64(),
            queued as f64 / submitted.as_secs_f64(),
            drained.as_secs_f64(),
            queued as f64 / drained.as_secs_f64()
        );

        // 3. streaming: the relay runs while `queued` letters are submitted back to back
        let relay = spawn_relay(stack.clone(), arrived as u32, mode);
        let start = Instant::now();
        for i in 0..queued {
            let raw = letter(arrived + i, "stream");
            sender.send(&to_bot, &raw).await.expect("submit");
        }
        let submitted = start.elapsed();
        arrived += queued;
        watcher.wait_count(arrived).await;
        let done = start.elapsed();
        relay.abort();
        println!(
            "stream of {queued}: submitted in {:.2} s; all in petar's INBOX after {:.2} s \
             = {:.0} letters/s sustained",
            submitted.as_secs_f64(),
            done.as_secs_f64(),
            queued as f64 / done.as_secs_f64()
        );
    }
}

fn envelope(stack: &MailStack, from: &str, to: &str) -> Envelope {
    let from = stack.address(from).parse().expect("from address");
    let to = stack.address(to).parse().expect("to address");
    Envelope::new(Some(from), vec![to]).expect("envelope")
}

/// One SMTP client, in either [`Mode`]; reuses its connection between sends.
struct Smtp {
    mode: Mode,
    port: u16,
    pooled: AsyncSmtpTransport<Tokio1Executor>,
    connection: Option<AsyncSmtpConnection>,
}

impl Smtp {
    fn new(stack: &MailStack, mode: Mode) -> Smtp {
        let pooled = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(stack.smtp_port)
            .tls(Tls::None)
            .build();
        Smtp {
            mode,
            port: stack.smtp_port,
            pooled,
            connection: None,
        }
    }

    async fn send(&mut self, envelope: &Envelope, raw: &[u8]) -> Result<(), String> {
        let sent = tokio::time::timeout(SEND_TIMEOUT, self.send_untimed(envelope, raw)).await;
        sent.unwrap_or_else(|_| Err(format!("SMTP: no answer within {SEND_TIMEOUT:?}")))
    }

    async fn send_untimed(&mut self, envelope: &Envelope, raw: &[u8]) -> Result<(), String> {
        if self.mode == Mode::Lettre {
            return self
                .pooled
                .send_raw(envelope, raw)
                .await
                .map(drop)
                .map_err(|e| e.to_string());
        }
        let mut connection = match self.connection.take() {
            Some(c) => c,
            None => {
                let tcp = TcpStream::connect(("127.0.0.1", self.port))
                    .await
                    .map_err(|e| format!("connect: {e}"))?;
                tcp.set_nodelay(true)
                    .map_err(|e| format!("TCP_NODELAY: {e}"))?;
                AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &ClientId::default())
                    .await
                    .map_err(|e| format!("EHLO: {e}"))?
            }
        };
        connection
            .send(envelope, raw)
            .await
            .map_err(|e| e.to_string())?;
        self.connection = Some(connection); // kept only after a clean exchange
        Ok(())
    }
}

/// A letter as a player's mail program would send it.
fn letter(n: usize, phase: &str) -> Vec<u8> {
    format!(
        "From: Ivan <ivan@example.test>\r\nTo: bot@example.test\r\n\
         Subject: BG-2026-01/1 move {n}\r\nMessage-ID: <{phase}-{n}@bench.example.test>\r\n\
         Date: Tue, 01 Dec 2026 10:00:00 +0200\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         {n}. e4 e5\r\n\r\nПоздрави,\r\nИван\r\n"
    )
    .into_bytes()
}

/// The bare relay: IDLE on bot's INBOX; on wake-up fetch every UID above the last one handled
/// and send each to petar; IDLE again. Starts after UID `last_uid`.
fn spawn_relay(stack: Arc<MailStack>, last_uid: u32, mode: Mode) -> JoinHandle<()> {
    tokio::spawn(async move {
        if let Err(e) = relay(&stack, last_uid, mode).await {
            panic!("relay: {e}");
        }
    })
}

async fn relay(stack: &MailStack, mut last_uid: u32, mode: Mode) -> Result<(), String> {
    let err = |e: async_imap::error::Error| e.to_string();
    let mut session = stack.imap_login("bot").await?;
    session.select("INBOX").await.map_err(err)?;
    let mut sender = Smtp::new(stack, mode);
    let to_petar = envelope(stack, "bot", "petar");
    loop {
        // "n:*" always names the highest UID, even when it is below n: filter
        let mut new: Vec<(u32, Vec<u8>)> = session
            .uid_fetch(format!("{}:*", last_uid + 1), "(UID BODY.PEEK[])")
            .await
            .map_err(err)?
            .try_filter_map(|f| async move {
                Ok(f.uid
                    .map(|uid| (uid, f.body().unwrap_or_default().to_vec())))
            })
            .try_collect()
            .await
            .map_err(err)?;
        new.retain(|(uid, _)| *uid > last_uid);
        new.sort_by_key(|(uid, _)| *uid);
        for (uid, raw) in new {
            sender.send(&to_petar, &raw).await?;
            last_uid = uid;
        }
        session = idle_once(session).await?;
    }
}

async fn idle_once(session: Session<TcpStream>) -> Result<Session<TcpStream>, String> {
    let mut idle = session.idle();
    idle.init().await.map_err(|e| e.to_string())?;
    {
        let (wait, _interrupt) = idle.wait_with_timeout(IDLE_RENEW);
        wait.await.map_err(|e| e.to_string())?;
    }
    idle.done().await.map_err(|e| e.to_string())
}

/// Sees letters arrive in petar's INBOX: STATUS (MESSAGES) on a logged-in session every
/// 2 ms — much finer than an IDLE notification, which Dovecot delays by ~0.5 s.
struct Watcher {
    session: Session<TcpStream>,
}

impl Watcher {
    async fn new(stack: &MailStack) -> Watcher {
        let session = stack.imap_login("petar").await.expect("petar logs in");
        Watcher { session }
    }

    async fn wait_count(&mut self, n: usize) {
        let deadline = Instant::now() + ARRIVAL_TIMEOUT;
        loop {
            let status = self.session.status("INBOX", "(MESSAGES)").await;
            let count = status.expect("STATUS INBOX").exists as usize;
            if count >= n {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "only {count} of {n} letters arrived"
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| {
        let rank = ((q * samples.len() as f64).ceil() as usize).clamp(1, samples.len());
        ms(samples[rank - 1])
    };
    let mean = samples.iter().map(|d| ms(*d)).sum::<f64>() / samples.len() as f64;
    println!(
        "  {what:32} p50 {:7.1} ms   p99 {:7.1} ms   min {:7.1}   mean {:7.1}   max {:7.1}",
        at(0.50),
        at(0.99),
        ms(samples[0]),
        mean,
        ms(samples[samples.len() - 1])
    );
}

fn dovecot_version() -> String {
    std::process::Command::new("dovecot")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}
