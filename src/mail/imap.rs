//! IMAP in (async-imap on tokio, rustls): log in, select, fetch by UID above the last UID
//! stored (keeping UIDVALIDITY), IDLE when offered (re-issued well before 29 minutes), polling
//! otherwise. The caller decides what to do with each message and when to mark it.

use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use async_imap::Session;
use async_imap::extensions::idle::IdleResponse;
use chrono::{DateTime, FixedOffset};
use futures::TryStreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};

use crate::config::{Imap, Security};

/// A byte stream to the server: plain TCP or TLS.
pub trait Io: AsyncRead + AsyncWrite + Unpin + Send + Debug {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + Debug> Io for T {}

pub type ImapSession = Session<Box<dyn Io>>;

/// No single IMAP exchange may take longer: a half-open connection must not hang the task.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

pub async fn timed<T>(what: &str, f: impl std::future::Future<Output = Result<T>>) -> Result<T> {
    tokio::time::timeout(COMMAND_TIMEOUT, f)
        .await
        .map_err(|_| anyhow!("IMAP {what} timed out"))?
}

/// UIDs whose sizes are asked at once.
pub const FETCH_CHUNK: usize = 50;
/// Bytes fetched (and stored in one transaction) at once, each letter counted at most
/// `max_message_bytes`.
pub const FETCH_BYTES: usize = 8 * 1024 * 1024;

/// One fetched message.
#[derive(Debug)]
pub struct Fetched {
    pub uid: u32,
    /// The whole message, or its first `max_bytes` when the server reported it larger.
    pub raw: Vec<u8>,
    pub internal_date: Option<DateTime<FixedOffset>>,
    /// `RFC822.SIZE` as the server reported it.
    pub size: Option<u32>,
}

/// UIDs named in one command: a long list would exceed the servers' command line limits
/// (RFC 7162 §4 recommends at most 8,192 octets).
const UID_SET_CHUNK: usize = 500;

/// An IMAP sequence set for ascending UIDs, with runs written as ranges (`3:7,9`).
pub fn uid_set(uids: &[u32]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < uids.len() {
        let start = uids[i];
        let mut end = start;
        while i + 1 < uids.len() && uids[i + 1] == end.wrapping_add(1) {
            i += 1;
            end = uids[i];
        }
        if !out.is_empty() {
            out.push(',');
        }
        if start == end {
            out.push_str(&start.to_string());
        } else {
            out.push_str(&format!("{start}:{end}"));
        }
        i += 1;
    }
    out
}

/// The rustls client configuration: web PKI roots plus an optional private CA.
pub fn tls_config(ca_file: Option<&std::path::Path>) -> Result<Arc<ClientConfig>> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(ca) = ca_file {
        let pem = std::fs::read(ca).with_context(|| format!("reading CA file {}", ca.display()))?;
        for cert in CertificateDer::pem_slice_iter(&pem) {
            roots
                .add(cert.context("parsing CA file")?)
                .context("adding CA certificate")?;
        }
    }
    // One crypto provider, named explicitly (crates.md pitfall 1).
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let cfg = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(cfg))
}

async fn tls_wrap(cfg: &Imap, tcp: TcpStream) -> Result<Box<dyn Io>> {
    let connector = TlsConnector::from(tls_config(cfg.ca_file.as_deref())?);
    let name = ServerName::try_from(cfg.host.clone())
        .map_err(|e| anyhow!("bad IMAP host name {}: {e}", cfg.host))?;
    Ok(Box::new(connector.connect(name, tcp).await?))
}

/// Connects, logs in and selects the mailbox. Returns the session and UIDVALIDITY.
pub async fn connect(cfg: &Imap) -> Result<(ImapSession, u32, bool)> {
    open(cfg, false).await
}

/// As [`connect`], the mailbox opened read-only (`EXAMINE`): no flag can change, nothing can
/// be moved (`amici run --dry-run`).
pub async fn connect_read_only(cfg: &Imap) -> Result<(ImapSession, u32, bool)> {
    open(cfg, true).await
}

async fn open(cfg: &Imap, read_only: bool) -> Result<(ImapSession, u32, bool)> {
    let password = std::env::var(&cfg.password_env).map_err(|_| {
        anyhow!(
            "environment variable {} (IMAP password) is not set",
            cfg.password_env
        )
    })?;
    let tcp = tokio::time::timeout(
        Duration::from_secs(30),
        TcpStream::connect((cfg.host.as_str(), cfg.port)),
    )
    .await
    .map_err(|_| anyhow!("connecting to {}:{} timed out", cfg.host, cfg.port))?
    .map_err(|e| {
        anyhow!(
            "connecting to the IMAP server {}:{}: {e}",
            cfg.host,
            cfg.port
        )
    })?;
    let stream: Box<dyn Io> = match cfg.security {
        Security::Tls => tls_wrap(cfg, tcp).await?,
        Security::None => Box::new(tcp),
        Security::Starttls => {
            let mut client = async_imap::Client::new(tcp);
            client
                .read_response()
                .await?
                .ok_or_else(|| anyhow!("no IMAP greeting"))?;
            client.run_command_and_check_ok("STARTTLS", None).await?;
            tls_wrap(cfg, client.into_inner()).await?
        }
    };
    let mut client = async_imap::Client::new(stream);
    if cfg.security != Security::Starttls {
        // The greeting must be read before LOGIN (crates.md pitfall 2).
        client
            .read_response()
            .await?
            .ok_or_else(|| anyhow!("no IMAP greeting"))?;
    }
    let mut session = client
        .login(&cfg.user, &password)
        .await
        .map_err(|(e, _)| anyhow!("IMAP login as {}: {e}", cfg.user))?;
    let caps = session.capabilities().await?;
    let idle = cfg.idle && caps.has_str("IDLE");
    let mailbox = if read_only {
        session.examine(&cfg.mailbox).await?
    } else {
        session.select(&cfg.mailbox).await?
    };
    Ok((session, mailbox.uid_validity.unwrap_or(0), idle))
}

/// The mailbox's UIDVALIDITY now, asked with STATUS rather than taken from the SELECT:
/// a server may keep an open session on its old view of a mailbox that was recreated under
/// it (the new numbering is then only visible to a fresh look).
pub async fn current_validity(session: &mut ImapSession, mailbox: &str) -> Result<Option<u32>> {
    let status = session.status(mailbox, "(UIDVALIDITY)").await?;
    Ok(status.uid_validity)
}

/// UIDs above `last`, ascending. A search, not the unsolicited responses, is trusted
/// (crates.md pitfall 4).
pub async fn new_uids(session: &mut ImapSession, last: u32) -> Result<Vec<u32>> {
    let found = session
        .uid_search(format!("UID {}:*", last.saturating_add(1)))
        .await?;
    let mut uids: Vec<u32> = found.into_iter().filter(|u| *u > last).collect();
    uids.sort_unstable();
    Ok(uids)
}

/// `RFC822.SIZE` of each UID, as the server reports it.
pub async fn sizes(session: &mut ImapSession, uids: &[u32]) -> Result<Vec<(u32, u32)>> {
    let mut out = Vec::with_capacity(uids.len());
    for chunk in uids.chunks(UID_SET_CHUNK) {
        let items: Vec<_> = session
            .uid_fetch(uid_set(chunk), "(UID RFC822.SIZE)")
            .await?
            .try_collect()
            .await?;
        out.extend(items.iter().filter_map(|f| Some((f.uid?, f.size?))));
    }
    out.sort_unstable();
    Ok(out)
}

/// Groups ascending UIDs into fetches of at most `budget` bytes (one letter may exceed it
/// alone), each letter counted at most `max_bytes`: one FETCH never holds more than that in
/// memory (issue 8 item 13).
pub fn by_bytes(
    uids: &[u32],
    sizes: &[(u32, u32)],
    max_bytes: usize,
    budget: usize,
) -> Vec<Vec<u32>> {
    let size = |u: u32| {
        sizes
            .binary_search_by_key(&u, |(x, _)| *x)
            .map_or(0, |i| sizes[i].1 as usize)
            .min(max_bytes)
    };
    let mut groups: Vec<Vec<u32>> = Vec::new();
    let mut used = 0usize;
    for &u in uids {
        let s = size(u);
        if groups.is_empty() || (used + s > budget && !groups.last().is_some_and(Vec::is_empty)) {
            groups.push(Vec::new());
            used = 0;
        }
        used += s;
        if let Some(g) = groups.last_mut() {
            g.push(u);
        }
    }
    groups
}

impl Fetched {
    /// What the store records of the message besides its bytes: its arrival (the server's
    /// INTERNALDATE, else the top `Received:` line, else `now`), its source
    /// (`imap:MAILBOX:UIDVALIDITY:UID`) and its Message-ID.
    pub fn stored_as(
        &self,
        mailbox: &str,
        validity: u32,
        now: DateTime<FixedOffset>,
    ) -> (String, String, Option<String>) {
        let env = crate::mail::headers::envelope(&self.raw);
        let arrived = self.internal_date.or(env.received_at).unwrap_or(now);
        (
            arrived.to_rfc3339(),
            format!("imap:{mailbox}:{validity}:{}", self.uid),
            env.message_id,
        )
    }
}

/// Fetches messages without setting `\Seen`: each whole — or, for one the server reported
/// larger than `max_bytes`, only its first `max_bytes` (it is stored cut and answered "too
/// large"), so one huge letter never has to fit in memory (issue 8 items 4, 13).
pub async fn fetch(
    session: &mut ImapSession,
    uids: &[u32],
    sizes: &[(u32, u32)],
    max_bytes: usize,
) -> Result<Vec<Fetched>> {
    if uids.is_empty() {
        return Ok(Vec::new());
    }
    let size_of = |u: u32| {
        sizes
            .binary_search_by_key(&u, |(x, _)| *x)
            .ok()
            .map(|i| sizes[i].1)
    };
    let (big, small): (Vec<u32>, Vec<u32>) = uids
        .iter()
        .partition(|u| size_of(**u).is_some_and(|s| s as usize > max_bytes));
    let mut out = Vec::with_capacity(uids.len());
    for (set, query) in [
        (small, "(UID INTERNALDATE BODY.PEEK[])".to_string()),
        (
            big,
            format!("(UID INTERNALDATE BODY.PEEK[]<0.{max_bytes}>)"),
        ),
    ] {
        for chunk in set.chunks(UID_SET_CHUNK) {
            let mut stream = session.uid_fetch(uid_set(chunk), &query).await?;
            // One response at a time: its body is copied out and the response dropped.
            while let Some(f) = stream.try_next().await? {
                if let (Some(uid), Some(body)) = (f.uid, f.body()) {
                    out.push(Fetched {
                        uid,
                        raw: body.to_vec(),
                        internal_date: f.internal_date(),
                        size: size_of(uid),
                    });
                }
            }
        }
    }
    out.sort_by_key(|f| f.uid);
    Ok(out)
}

/// Marks processed messages: `\Seen`, or moved to `folder`.
pub async fn mark_done(
    session: &mut ImapSession,
    uids: &[u32],
    folder: Option<&str>,
) -> Result<()> {
    for chunk in uids.chunks(UID_SET_CHUNK) {
        let set = uid_set(chunk);
        match folder {
            None => {
                let stream = session.uid_store(&set, "+FLAGS.SILENT (\\Seen)").await?;
                let _: Vec<_> = stream.try_collect().await?;
            }
            Some(folder) => {
                if session.uid_mv(&set, folder).await.is_err() {
                    session.create(folder).await.ok();
                    session.uid_mv(&set, folder).await?;
                }
            }
        }
    }
    Ok(())
}

/// UIDs not yet marked `\Seen` (to finish marking after a crash).
pub async fn unseen(session: &mut ImapSession) -> Result<Vec<u32>> {
    let mut v: Vec<u32> = session.uid_search("UNSEEN").await?.into_iter().collect();
    v.sort_unstable();
    Ok(v)
}

/// Waits for news: IDLE up to `max` (well under the 29 minutes of RFC 2177) or until
/// `wake` fires. Returns the session for the next round.
pub async fn wait(
    session: ImapSession,
    idle: bool,
    max: Duration,
    poll: Duration,
) -> Result<ImapSession> {
    if !idle {
        tokio::time::sleep(poll).await;
        return Ok(session);
    }
    let mut handle = session.idle();
    tokio::time::timeout(COMMAND_TIMEOUT, handle.init())
        .await
        .map_err(|_| anyhow!("IDLE start timed out"))??;
    {
        // The library's own timeout restarts on every keep-alive (`* OK Still here`), so an
        // absolute deadline ends this IDLE: the stop source interrupts it cleanly and the
        // session is re-used for the next round (crates.md pitfall 3).
        let (fut, stop) = handle.wait_with_timeout(max);
        tokio::pin!(fut);
        let res = tokio::select! {
            r = &mut fut => r,
            _ = tokio::time::sleep(max) => {
                drop(stop);
                tokio::time::timeout(COMMAND_TIMEOUT, &mut fut).await.map_err(|_| anyhow!("IDLE did not stop"))?
            }
        };
        match res {
            Ok(
                IdleResponse::NewData(_) | IdleResponse::Timeout | IdleResponse::ManualInterrupt,
            ) => {}
            Err(e) => bail!("IDLE failed: {e}"),
        }
    }
    let session = tokio::time::timeout(COMMAND_TIMEOUT, handle.done())
        .await
        .map_err(|_| anyhow!("IDLE DONE timed out"))??;
    Ok(session)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uid_sets_are_written_as_ranges() {
        assert_eq!(uid_set(&[1, 2, 3, 5, 7, 8]), "1:3,5,7:8");
        assert_eq!(uid_set(&[4]), "4");
        assert_eq!(uid_set(&[]), "");
    }

    #[test]
    fn fetches_are_cut_by_bytes_and_a_big_letter_counts_at_most_the_limit() {
        let sizes = [
            (1, 3_000_000),
            (2, 3_000_000),
            (3, 20_000_000),
            (4, 100),
            (5, 100),
        ];
        // 2 MB limit per letter, 4 MB a fetch: [1, 2] would be 4 MB → 1 | 2 3 (2 + 2) | 4 5
        let g = by_bytes(&[1, 2, 3, 4, 5], &sizes, 2_000_000, 4_000_000);
        assert_eq!(g, vec![vec![1, 2], vec![3, 4, 5]]);
        let g = by_bytes(&[1, 2, 3], &sizes, 2_000_000, 3_000_000);
        assert_eq!(g, vec![vec![1], vec![2], vec![3]]);
    }
}
