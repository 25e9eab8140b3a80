//! The outbox worker: sends leased outbox rows over SMTP or writes them as `.eml` files
//! (`[outbox] dir`).
//!
//! - Rows are **leased**, not read (`status = 'sending'` inside a transaction), so two senders
//!   never send one row; results are recorded in one transaction per batch.
//! - **Several connections** (`[smtp] senders`), each opened once and reused, each on a
//!   `TCP_NODELAY` socket: lettre writes a message's final dot in its own write, which Nagle's
//!   algorithm would hold back for the server's delayed ACK (~40 ms a message).
//! - **One recipient's messages in queue order**: a recipient always goes through the same
//!   connection, and nothing of his is sent past an earlier message still waiting.
//! - **A circuit, not per-row timers**, for a server that is down: the batch goes back to the
//!   queue untouched and the whole queue is retried every few seconds, so it drains in order
//!   as soon as the server is back. Per-row backoff is only for a refusal of one message (4xx).
//! - A permanent refusal (5xx) is recorded and the arbiter/admin told once.

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use chrono::{DateTime, FixedOffset};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{
    AsyncSmtpConnection, AsyncTokioStream, Certificate, TlsParameters,
};
use lettre::transport::smtp::extension::ClientId;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

use crate::config::{Config, Delivery, Security, Smtp};
use crate::store::{Db, OutboxRow, SendOutcome, Store};

/// Why a send failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// This message was refused for now (4xx): retry it later.
    Transient(String),
    /// Never try again (5xx: unknown recipient, refused).
    Permanent(String),
    /// The server could not be reached or the connection broke: nothing is wrong with the
    /// message; the circuit opens and the queue waits for the server.
    Down(String),
}

/// One SMTP server and how to talk to it.
pub struct SmtpServer {
    cfg: Smtp,
    credentials: Option<Credentials>,
    /// lettre's TLS parameters (STARTTLS).
    tls: Option<TlsParameters>,
    /// rustls for implicit TLS (SMTPS), on our own `TCP_NODELAY` socket.
    rustls: Option<Arc<tokio_rustls::rustls::ClientConfig>>,
    /// One reusable connection per sender slot.
    slots: Vec<tokio::sync::Mutex<Option<AsyncSmtpConnection>>>,
}

/// Where messages go.
#[derive(Clone)]
pub enum Transport {
    Smtp(Arc<SmtpServer>),
    Dir(PathBuf),
    /// Records messages in memory, failing for the recipients listed (unit tests of the shell).
    Stub(
        Arc<Mutex<Vec<(String, Vec<u8>)>>>,
        Arc<Mutex<Vec<(String, SendError)>>>,
    ),
}

#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    #[error("SMTP setup: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("cannot read CA file {0}: {1}")]
    Ca(PathBuf, std::io::Error),
    #[error("TLS setup: {0}")]
    Tls(String),
    #[error("environment variable {0} (SMTP password) is not set")]
    Password(String),
}

/// An implicit-TLS stream lettre can drive (its own connector opens the socket itself,
/// without `TCP_NODELAY`).
#[derive(Debug)]
struct TlsSocket(tokio_rustls::client::TlsStream<TcpStream>);

impl AsyncRead for TlsSocket {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_read(cx, buf)
    }
}

impl AsyncWrite for TlsSocket {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().0).poll_write(cx, buf)
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_flush(cx)
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_shutdown(cx)
    }
}

impl AsyncTokioStream for TlsSocket {
    fn peer_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}

impl SmtpServer {
    fn timeout(&self) -> Duration {
        Duration::from_secs(self.cfg.timeout_seconds)
    }

    async fn connect(&self) -> Result<AsyncSmtpConnection, SendError> {
        let down = |what: &str, e: &dyn std::fmt::Display| {
            SendError::Down(format!("{what} {}:{}: {e}", self.cfg.host, self.cfg.port))
        };
        let tcp = tokio::time::timeout(
            self.timeout(),
            TcpStream::connect((self.cfg.host.as_str(), self.cfg.port)),
        )
        .await
        .map_err(|_| down("connecting to", &"timed out"))?
        .map_err(|e| down("connecting to", &e))?;
        tcp.set_nodelay(true)
            .map_err(|e| down("TCP_NODELAY on", &e))?;
        let hello = ClientId::default();
        let open = async {
            let mut conn = match (&self.cfg.security, &self.rustls) {
                (Security::Tls, Some(rustls)) => {
                    let name = tokio_rustls::rustls::pki_types::ServerName::try_from(
                        self.cfg.host.clone(),
                    )
                    .map_err(|e| down("TLS name", &e))?;
                    let tls = tokio_rustls::TlsConnector::from(rustls.clone())
                        .connect(name, tcp)
                        .await
                        .map_err(|e| down("TLS with", &e))?;
                    AsyncSmtpConnection::connect_with_transport(Box::new(TlsSocket(tls)), &hello)
                        .await
                        .map_err(|e| down("greeting of", &e))?
                }
                _ => AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &hello)
                    .await
                    .map_err(|e| down("greeting of", &e))?,
            };
            if self.cfg.security == Security::Starttls
                && let Some(tls) = &self.tls
            {
                conn.starttls(tls.clone(), &hello)
                    .await
                    .map_err(|e| down("STARTTLS with", &e))?;
            }
            if let Some(c) = &self.credentials {
                conn.auth(&[Mechanism::Plain, Mechanism::Login], c)
                    .await
                    .map_err(|e| {
                        // Wrong credentials are the admin's to fix; the queue waits for it.
                        down("login to", &e)
                    })?;
            }
            Ok::<_, SendError>(conn)
        };
        tokio::time::timeout(self.timeout(), open)
            .await
            .map_err(|_| down("greeting of", &"timed out"))?
    }

    /// Sends one message on slot `slot`'s connection, opening it when needed.
    async fn send(&self, slot: usize, from: &str, to: &str, raw: &[u8]) -> Result<(), SendError> {
        let envelope = envelope(from, to)?;
        let mut guard = self.slots[slot % self.slots.len()].lock().await;
        if guard.is_none() {
            *guard = Some(self.connect().await?);
        }
        let Some(conn) = guard.as_mut() else {
            return Err(SendError::Down("no connection".into()));
        };
        // Text parts go as 8bit UTF-8; a server without 8BITMIME gets them in base64.
        let seven;
        let raw = if !raw.is_ascii()
            && !conn
                .server_info()
                .supports_feature(lettre::transport::smtp::extension::Extension::EightBitMime)
        {
            seven = crate::mail::outbound::seven_bit(raw);
            &seven[..]
        } else {
            raw
        };
        // lettre's own timeout covers connecting only (crates.md pitfall 6).
        let r = tokio::time::timeout(self.timeout(), conn.send(&envelope, raw)).await;
        match r {
            Ok(Ok(_)) => Ok(()),
            Err(_) => {
                *guard = None;
                Err(SendError::Down("the server did not answer in time".into()))
            }
            Ok(Err(e)) => {
                // After a refusal the session may be mid-transaction: start afresh.
                let broken = conn.has_broken();
                if let Some(mut c) = guard.take()
                    && !broken
                {
                    let _ = tokio::time::timeout(Duration::from_secs(2), c.quit()).await;
                }
                let code = e.status().map(|c| c.to_string());
                if e.is_permanent() {
                    Err(SendError::Permanent(e.to_string()))
                } else if e.is_transient() && code.as_deref() != Some("421") {
                    Err(SendError::Transient(e.to_string()))
                } else {
                    // 421 and every non-reply error: the server, not the message.
                    Err(SendError::Down(e.to_string()))
                }
            }
        }
    }
}

fn envelope(from: &str, to: &str) -> Result<Envelope, SendError> {
    Envelope::new(
        Some(
            from.parse()
                .map_err(|e| SendError::Permanent(format!("bad sender: {e}")))?,
        ),
        vec![
            to.parse()
                .map_err(|e| SendError::Permanent(format!("bad recipient {to}: {e}")))?,
        ],
    )
    .map_err(|e| SendError::Permanent(e.to_string()))
}

impl Transport {
    /// Seconds before the first retry of a transient failure.
    pub fn retry_base(&self) -> u64 {
        match self {
            Transport::Smtp(s) => s.cfg.retry_base_seconds,
            _ => 30,
        }
    }

    /// Whether the envelope sender carries the outbox row (`[smtp] verp`).
    pub fn verp(&self) -> bool {
        match self {
            Transport::Smtp(s) => s.cfg.verp,
            _ => false,
        }
    }

    /// How many messages may be in flight at once.
    pub fn senders(&self) -> usize {
        match self {
            Transport::Smtp(s) => s.slots.len(),
            _ => 1,
        }
    }

    /// The transport the config names.
    pub fn from_config(config: &Config) -> Result<Transport, TransportError> {
        match &config.delivery {
            Delivery::Dir(d) => Ok(Transport::Dir(d.clone())),
            Delivery::Smtp(s) => smtp(s),
        }
    }

    /// Sends one message through sender slot `slot`.
    pub async fn send(
        &self,
        slot: usize,
        from: &str,
        to: &str,
        raw: &[u8],
        name: &str,
    ) -> Result<(), SendError> {
        match self {
            Transport::Smtp(s) => s.send(slot, from, to, raw).await,
            Transport::Dir(dir) => {
                let (dir, name, raw) = (dir.clone(), name.to_string(), raw.to_vec());
                tokio::task::spawn_blocking(move || write_file(&dir, &name, &raw))
                    .await
                    .map_err(|e| SendError::Down(e.to_string()))?
                    .map_err(|e| SendError::Down(e.to_string()))
            }
            Transport::Stub(sent, fail) => {
                let fail = fail
                    .lock()
                    .map_err(|_| SendError::Transient("poisoned".into()))?;
                if let Some((_, e)) = fail.iter().find(|(r, _)| r == to || r == "*") {
                    return Err(e.clone());
                }
                sent.lock()
                    .map_err(|_| SendError::Transient("poisoned".into()))?
                    .push((to.to_string(), raw.to_vec()));
                Ok(())
            }
        }
    }
}

/// Writes atomically and durably (temp file, fsync, rename, fsync of the folder), named by
/// the message id: writing the same message twice leaves one file, and a row is marked sent
/// only once its file is on disk.
fn write_file(dir: &Path, name: &str, raw: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let tmp = dir.join(format!(".{safe}.tmp"));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(raw)?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, dir.join(format!("{safe}.eml")))?;
    std::fs::File::open(dir)?.sync_all()
}

fn smtp(s: &Smtp) -> Result<Transport, TransportError> {
    let tls = match s.security {
        Security::Starttls => {
            let mut b = TlsParameters::builder(s.host.clone());
            if let Some(ca) = &s.ca_file {
                let pem = std::fs::read(ca).map_err(|e| TransportError::Ca(ca.clone(), e))?;
                b = b.add_root_certificate(Certificate::from_pem(&pem)?);
            }
            Some(b.build()?)
        }
        _ => None,
    };
    let rustls = match s.security {
        Security::Tls => Some(
            crate::mail::imap::tls_config(s.ca_file.as_deref())
                .map_err(|e| TransportError::Tls(format!("{e:#}")))?,
        ),
        _ => None,
    };
    let credentials = match (&s.user, &s.password_env) {
        (Some(user), Some(var)) => {
            let pw = std::env::var(var).map_err(|_| TransportError::Password(var.clone()))?;
            Some(Credentials::new(user.clone(), pw))
        }
        _ => None,
    };
    Ok(Transport::Smtp(Arc::new(SmtpServer {
        cfg: s.clone(),
        credentials,
        tls,
        rustls,
        slots: (0..s.senders.max(1))
            .map(|_| tokio::sync::Mutex::new(None))
            .collect(),
    })))
}

/// Backoff after `attempts` failures of one message: 30 s doubling, at most 1 hour.
pub fn backoff(attempts: i64, base_seconds: u64) -> Duration {
    let secs = base_seconds.saturating_mul(1u64 << attempts.clamp(0, 12));
    Duration::from_secs(secs.min(3600))
}

/// What one flush did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Flushed {
    pub sent: usize,
    pub retry: usize,
    pub failed: usize,
    /// The server could not be reached: the queue waits, untouched (`Some(why)`).
    pub down: Option<String>,
}

/// Rows leased, per sender, at a time; a flush leases more when fewer than this many per
/// sender are still waiting in its lanes, so no connection waits for the database between
/// batches.
const LEASE_PER_SENDER: usize = 8;
/// The longest a send's outcome waits to be recorded with others: a crash within it resends
/// those messages (with their own Message-IDs, which receivers drop as duplicates).
const RECORD_WAIT: Duration = Duration::from_millis(100);
/// A lease outlives any batch's sends; a sender that died releases its rows when it runs out.
const LEASE_SECONDS: i64 = 600;

/// `now` advanced by the time elapsed since `started`.
fn clock_at(now: DateTime<FixedOffset>, started: std::time::Instant) -> DateTime<FixedOffset> {
    now + chrono::Duration::from_std(started.elapsed()).unwrap_or_default()
}

/// Which sender slot a recipient's messages go through: always the same one.
fn slot_of(recipient: &str, slots: usize) -> usize {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    recipient.to_lowercase().hash(&mut h);
    (h.finish() % slots.max(1) as u64) as usize
}

/// How one leased row fared in its lane.
enum Fate {
    Sent,
    /// Not tried: its recipient was refused earlier in this flush, or the server is down.
    Held,
    Refused(SendError),
}

/// One lane of a flush: sends the rows fed to it over connection `slot`, in order, and hands
/// back each row's fate; a recipient refused here holds his later rows, and once the server is
/// down every row is held. Returns why the server was down, if it was.
async fn lane(
    transport: &Transport,
    slot: usize,
    from: String,
    mut rows: tokio::sync::mpsc::UnboundedReceiver<OutboxRow>,
    results: tokio::sync::mpsc::UnboundedSender<(OutboxRow, Fate)>,
) -> Option<String> {
    // A recipient refused in this lane: his later rows wait, in order.
    let mut held: Vec<String> = Vec::new();
    let mut down = None;
    while let Some(row) = rows.recv().await {
        if down.is_some() || held.iter().any(|h| h.eq_ignore_ascii_case(&row.recipient)) {
            let _ = results.send((row, Fate::Held));
            continue;
        }
        // VERP: a bounce that comes back later names this row (bot+<id>@…).
        let sender = if transport.verp() {
            crate::mail::dsn::verp_address(&from, row.id)
        } else {
            from.clone()
        };
        let fate = match transport
            .send(slot, &sender, &row.recipient, &row.raw, &row.message_id)
            .await
        {
            Ok(()) => Fate::Sent,
            Err(e) => {
                match &e {
                    SendError::Down(why) => down = Some(why.clone()),
                    _ => held.push(row.recipient.clone()),
                }
                Fate::Refused(e)
            }
        };
        let _ = results.send((row, fate));
    }
    down
}

/// What a flush makes of one row's fate.
enum Judged {
    /// Record this outcome with the next trip to the database.
    Record(SendOutcome),
    /// The server is down: the row goes back unsent, and the circuit opens.
    CircuitOpen,
    /// Refused for good: carried out apart ([`undeliverable`]), with the server's words.
    Undeliverable(String),
}

/// Judges one row's fate, counting it in `out` and noting a refused recipient in `leased` (his
/// later rows wait); a transient refusal is retried after the back-off.
fn judge(
    row: &OutboxRow,
    fate: Fate,
    now: DateTime<FixedOffset>,
    transport: &Transport,
    out: &mut Flushed,
    leased: &mut crate::store::Leased,
) -> Judged {
    match fate {
        Fate::Sent => {
            out.sent += 1;
            Judged::Record(SendOutcome::Sent)
        }
        Fate::Held => Judged::Record(SendOutcome::Unsent),
        Fate::Refused(SendError::Down(why)) => {
            out.down.get_or_insert(why);
            Judged::CircuitOpen
        }
        Fate::Refused(SendError::Transient(e)) => {
            tracing::warn!(to = %row.recipient, error = %e, "message refused for now, will retry");
            out.retry += 1;
            leased.refused.insert(row.recipient.to_lowercase());
            let next = now
                + chrono::Duration::from_std(backoff(row.attempts, transport.retry_base()))
                    .unwrap_or_default();
            Judged::Record(SendOutcome::Retry {
                next_attempt: next.to_rfc3339(),
                error: e,
            })
        }
        Fate::Refused(SendError::Permanent(e)) => {
            tracing::error!(to = %row.recipient, error = %e, "message refused for good");
            out.failed += 1;
            leased.refused.insert(row.recipient.to_lowercase());
            Judged::Undeliverable(e)
        }
    }
}

/// The next result from the lanes (`None` once they are all gone), waiting no longer than
/// until the outcomes gathered since `waiting_since` are due to be recorded.
async fn next_result<T>(
    results: &mut tokio::sync::mpsc::UnboundedReceiver<T>,
    waiting_since: Option<std::time::Instant>,
) -> Result<Option<T>, tokio::time::error::Elapsed> {
    match waiting_since {
        Some(t) => {
            let left = RECORD_WAIT.saturating_sub(t.elapsed());
            tokio::time::timeout(left, results.recv()).await
        }
        None => Ok(results.recv().await),
    }
}

/// Sends everything due until the queue is empty, nothing more can go, or the server is down.
///
/// One lane per sender slot sends its rows in the order leased; this task leases more while
/// the lanes still have rows in hand (those hold nobody back: a recipient's rows stay in one
/// lane, in order) and records results in batches (group commit: with the next lease, or once
/// a batch's worth or `RECORD_WAIT` has gathered, or when the lanes run dry), so a crash
/// resends at most one batch's messages, under their own Message-IDs. The recording and the
/// next lease are one trip to the database thread, which the letters being processed share.
pub async fn flush(
    db: &Db,
    config: &Arc<Config>,
    transport: &Transport,
    now: DateTime<FixedOffset>,
) -> anyhow::Result<Flushed> {
    let slots = transport.senders();
    let started = std::time::Instant::now();
    let from = config.bot.address.clone();
    let (results_tx, mut results_rx) = tokio::sync::mpsc::unbounded_channel::<(OutboxRow, Fate)>();
    let mut feeds = Vec::with_capacity(slots);
    let mut lanes = Vec::with_capacity(slots);
    for slot in 0..slots {
        let (feed, rows) = tokio::sync::mpsc::unbounded_channel::<OutboxRow>();
        feeds.push(feed);
        lanes.push(lane(
            transport,
            slot,
            from.clone(),
            rows,
            results_tx.clone(),
        ));
    }
    drop(results_tx);
    let coordinator = async move {
        let mut out = Flushed::default();
        let mut feeds = Some(feeds);
        let mut leased = crate::store::Leased::default();
        // Rows handed to the lanes and not back yet.
        let mut in_lanes = 0usize;
        // The last lease found fewer rows than asked: ask again only once results came in.
        let mut exhausted = false;
        let mut outcomes: Vec<(i64, SendOutcome)> = Vec::new();
        let mut permanent: Vec<(OutboxRow, String)> = Vec::new();
        // When the oldest outcome not yet recorded came back.
        let mut waiting_since: Option<std::time::Instant> = None;
        loop {
            // One trip to the database a round: record what came back, and lease more when the
            // lanes run low (the lanes go on sending meanwhile).
            let want = match &feeds {
                Some(_) if !exhausted && in_lanes < LEASE_PER_SENDER * slots => {
                    2 * LEASE_PER_SENDER * slots - in_lanes
                }
                _ => 0,
            };
            // Outcomes wait for a trip that leases anyway, for a batch's worth, for the lanes
            // to run dry, or for RECORD_WAIT: one commit (and fsync) per batch of sends, not
            // one per message, on the thread the letters being processed share.
            let record = !outcomes.is_empty()
                && (in_lanes == 0
                    || outcomes.len() >= LEASE_PER_SENDER * slots
                    || waiting_since.is_some_and(|t| t.elapsed() >= RECORD_WAIT));
            if want > 0 || record {
                waiting_since = None;
                let recorded: Vec<i64> = outcomes.iter().map(|(id, _)| *id).collect();
                // Recorded rows no longer stand for this sender: a row given back is pending
                // again and holds its recipient's later rows, as any other.
                let mut hold = leased.clone();
                for id in &recorded {
                    hold.in_flight.remove(id);
                }
                let cfg = config.clone();
                let at = clock_at(now, started);
                let (now_s, until) = (
                    at.to_rfc3339(),
                    (at + chrono::Duration::seconds(LEASE_SECONDS)).to_rfc3339(),
                );
                let results = std::mem::take(&mut outcomes);
                let rows = db
                    .call(move |s| {
                        if !results.is_empty() {
                            crate::engine::record_sends(s, &cfg, &results, at)?;
                        }
                        if want == 0 {
                            return Ok(Vec::new());
                        }
                        Ok::<_, anyhow::Error>(s.lease_more(&now_s, &until, want, &hold)?)
                    })
                    .await??;
                for id in recorded {
                    leased.in_flight.remove(&id);
                }
                if want > 0 {
                    exhausted = rows.len() < want;
                }
                if let Some(lanes) = &feeds {
                    for r in rows {
                        leased.in_flight.insert(r.id);
                        in_lanes += 1;
                        let lane = slot_of(&r.recipient, slots);
                        if let Err(unsent) = lanes[lane].send(r) {
                            // A lane only ends when its feed is dropped: never while leasing.
                            leased.in_flight.remove(&unsent.0.id);
                            in_lanes -= 1;
                        }
                    }
                }
            }
            for (row, e) in std::mem::take(&mut permanent) {
                leased.in_flight.remove(&row.id);
                let cfg = config.clone();
                let at = clock_at(now, started);
                db.call(move |s| undeliverable(s, &cfg, &row, &e, at))
                    .await??;
                // A notice about it may have been queued.
                exhausted = false;
            }
            if want > 0 && !exhausted {
                continue;
            }
            if leased.in_flight.is_empty() {
                break;
            }
            let first = match next_result(&mut results_rx, waiting_since).await {
                Ok(Some(first)) => first,
                Ok(None) => break,
                // The outcomes in hand are due to be recorded.
                Err(_) => continue,
            };
            let mut gathered = vec![first];
            while let Ok(more) = results_rx.try_recv() {
                gathered.push(more);
            }
            in_lanes -= gathered.len();
            for (row, fate) in gathered {
                match judge(&row, fate, now, transport, &mut out, &mut leased) {
                    Judged::Record(outcome) => {
                        waiting_since.get_or_insert_with(std::time::Instant::now);
                        outcomes.push((row.id, outcome));
                    }
                    Judged::CircuitOpen => {
                        // Nothing more is leased; the lanes give back what they hold.
                        feeds = None;
                        waiting_since.get_or_insert_with(std::time::Instant::now);
                        outcomes.push((row.id, SendOutcome::Unsent));
                    }
                    Judged::Undeliverable(e) => permanent.push((row, e)),
                }
            }
            // Letters processed meanwhile may have queued more.
            exhausted = false;
        }
        // The lanes end once their feeds are gone and their rows are done.
        drop(feeds);
        Ok::<_, anyhow::Error>(out)
    };
    let (_downs, out) = futures::join!(futures::future::join_all(lanes), coordinator);
    out
}

/// Records a permanent failure and tells the people responsible once (see
/// [`engine::delivery_failed`](crate::engine::delivery_failed): a forwarded move suspends its
/// game until it is delivered again, RULES.md §3).
pub fn undeliverable(
    store: &mut Store,
    config: &Config,
    row: &OutboxRow,
    error: &str,
    now: DateTime<FixedOffset>,
) -> anyhow::Result<()> {
    store.transaction(|tx| {
        // A DSN arrives as a letter (logged as such); a refusal at submission is an input of
        // its own, for `amici audit` to replay.
        let detail = format!("{} {error}", row.message_id);
        tx.log_input(
            &now.to_rfc3339(),
            crate::store::InputKind::Undeliverable,
            None,
            Some(&detail),
        )?;
        crate::engine::delivery_failed(tx, config, row, Some(error), now)
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        let text = r#"
[bot]
address = "bot@example.test"
admin = "admin@example.test"
[outbox]
dir = "unused"
[[tournament]]
id = "T"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
players = [ { name = "A", email = "a@example.test" }, { name = "B", email = "b@example.test" } ]
"#;
        crate::config::parse(std::path::Path::new("x.toml"), text).unwrap()
    }

    fn queue(store: &mut Store, to: &str, id: &str) {
        let o = crate::store::NewOutgoing {
            message_id: id.into(),
            recipient: to.into(),
            kind: "move".into(),
            game: Some("T/1".into()),
            raw: b"raw".to_vec(),
        };
        store
            .transaction(|tx| tx.queue(None, &o, "2026-01-01T00:00:00+00:00"))
            .unwrap();
    }

    #[tokio::test]
    async fn permanent_failure_is_recorded_and_the_arbiter_told_once() {
        let cfg = Arc::new(config());
        let mut store = Store::memory().unwrap();
        queue(&mut store, "gone@example.test", "m1@x");
        let sent = Arc::new(Mutex::new(Vec::new()));
        let fail = Arc::new(Mutex::new(vec![(
            "gone@example.test".to_string(),
            SendError::Permanent("550 no such user".into()),
        )]));
        let t = Transport::Stub(sent.clone(), fail);
        let store = Db::spawn(store);
        let now = "2026-01-02T00:00:00+00:00".parse().unwrap();
        let f = flush(&store, &cfg, &t, now).await.unwrap();
        assert_eq!(
            (f.sent, f.failed),
            (1, 1),
            "the notice to the arbiter goes out in the same flush"
        );
        let f2 = flush(&store, &cfg, &t, now).await.unwrap();
        assert_eq!(f2, Flushed::default(), "nothing is retried or told twice");
        let sent = sent.lock().unwrap();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].0, "arbiter@example.test");
        assert!(String::from_utf8_lossy(&sent[0].1).contains("gone@example.test"));
    }

    #[tokio::test]
    async fn transient_failure_is_retried_later_not_now() {
        let cfg = Arc::new(config());
        let mut store = Store::memory().unwrap();
        queue(&mut store, "slow@example.test", "m2@x");
        let sent = Arc::new(Mutex::new(Vec::new()));
        let fail = Arc::new(Mutex::new(vec![(
            "slow@example.test".to_string(),
            SendError::Transient("451 try later".into()),
        )]));
        let t = Transport::Stub(sent.clone(), fail.clone());
        let store = Db::spawn(store);
        let now: DateTime<FixedOffset> = "2026-01-02T00:00:00+00:00".parse().unwrap();
        assert_eq!(flush(&store, &cfg, &t, now).await.unwrap().retry, 1);
        assert_eq!(
            flush(&store, &cfg, &t, now).await.unwrap(),
            Flushed::default(),
            "not due yet"
        );
        fail.lock().unwrap().clear();
        let later = now + chrono::Duration::seconds(31);
        assert_eq!(flush(&store, &cfg, &t, later).await.unwrap().sent, 1);
        assert_eq!(sent.lock().unwrap().len(), 1);
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!(backoff(0, 30), Duration::from_secs(30));
        assert_eq!(backoff(1, 30), Duration::from_secs(60));
        assert_eq!(backoff(20, 30), Duration::from_secs(3600));
        assert_eq!(backoff(3, 1), Duration::from_secs(8));
    }

    #[test]
    fn writing_the_same_message_twice_leaves_one_file() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().to_path_buf();
        write_file(&dir, "amici.1@x.test", b"a").unwrap();
        write_file(&dir, "amici.1@x.test", b"a").unwrap();
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }
}
