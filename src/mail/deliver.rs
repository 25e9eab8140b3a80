//! The outbox worker: sends pending outbox rows over SMTP (lettre, rustls) or writes them as
//! `.eml` files (`[outbox] dir`); retries transient failures with exponential backoff, records
//! permanent ones and tells the admin/arbiter once.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, FixedOffset};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::config::{Config, Delivery, Security, Smtp};
use crate::store::{OutboxRow, Store};

/// Why a send failed, as lettre's `is_transient` / `is_permanent` decide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// Try again later (4xx, connection refused, timeout).
    Transient(String),
    /// Never try again (5xx: unknown recipient, refused).
    Permanent(String),
}

/// Where messages go.
#[derive(Clone)]
pub enum Transport {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        timeout: Duration,
        retry_base: u64,
    },
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
    #[error("environment variable {0} (SMTP password) is not set")]
    Password(String),
}

impl Transport {
    /// Seconds before the first retry of a transient failure.
    pub fn retry_base(&self) -> u64 {
        match self {
            Transport::Smtp { retry_base, .. } => *retry_base,
            _ => 30,
        }
    }

    /// The transport the config names.
    pub fn from_config(config: &Config) -> Result<Transport, TransportError> {
        match &config.delivery {
            Delivery::Dir(d) => Ok(Transport::Dir(d.clone())),
            Delivery::Smtp(s) => smtp(s),
        }
    }

    /// Sends one message.
    pub async fn send(
        &self,
        from: &str,
        to: &str,
        raw: &[u8],
        name: &str,
    ) -> Result<(), SendError> {
        match self {
            Transport::Smtp {
                transport, timeout, ..
            } => {
                let envelope =
                    Envelope::new(
                        Some(
                            from.parse()
                                .map_err(|e| SendError::Permanent(format!("bad sender: {e}")))?,
                        ),
                        vec![to.parse().map_err(|e| {
                            SendError::Permanent(format!("bad recipient {to}: {e}"))
                        })?],
                    )
                    .map_err(|e| SendError::Permanent(e.to_string()))?;
                // lettre's own timeout covers connecting only (crates.md pitfall 6).
                match tokio::time::timeout(*timeout, transport.send_raw(&envelope, raw)).await {
                    Err(_) => Err(SendError::Transient("timed out".into())),
                    Ok(Ok(_)) => Ok(()),
                    Ok(Err(e)) if e.is_permanent() => Err(SendError::Permanent(e.to_string())),
                    Ok(Err(e)) => Err(SendError::Transient(e.to_string())),
                }
            }
            Transport::Dir(dir) => {
                write_file(dir, name, raw).map_err(|e| SendError::Transient(e.to_string()))
            }
            Transport::Stub(sent, fail) => {
                let fail = fail
                    .lock()
                    .map_err(|_| SendError::Transient("poisoned".into()))?;
                if let Some((_, e)) = fail.iter().find(|(r, _)| r == to) {
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

/// Writes atomically (temp file + rename), named by the message id: writing the same message
/// twice leaves one file.
fn write_file(dir: &PathBuf, name: &str, raw: &[u8]) -> std::io::Result<()> {
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
    std::fs::write(&tmp, raw)?;
    std::fs::rename(&tmp, dir.join(format!("{safe}.eml")))
}

fn smtp(s: &Smtp) -> Result<Transport, TransportError> {
    let mut tls = TlsParameters::builder(s.host.clone());
    if let Some(ca) = &s.ca_file {
        let pem = std::fs::read(ca).map_err(|e| TransportError::Ca(ca.clone(), e))?;
        tls = tls.add_root_certificate(Certificate::from_pem(&pem)?);
    }
    let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(s.host.clone())
        .port(s.port)
        .timeout(Some(Duration::from_secs(s.timeout_seconds)));
    b = match s.security {
        Security::None => b.tls(Tls::None),
        Security::Starttls => b.tls(Tls::Required(tls.build()?)),
        Security::Tls => b.tls(Tls::Wrapper(tls.build()?)),
    };
    if let (Some(user), Some(var)) = (&s.user, &s.password_env) {
        let pw = std::env::var(var).map_err(|_| TransportError::Password(var.clone()))?;
        b = b.credentials(Credentials::new(user.clone(), pw));
    }
    Ok(Transport::Smtp {
        transport: b.build(),
        timeout: Duration::from_secs(s.timeout_seconds.max(5) * 2),
        retry_base: s.retry_base_seconds,
    })
}

/// Backoff after `attempts` failures: 30 s doubling, at most 1 hour.
pub fn backoff(attempts: i64, base_seconds: u64) -> Duration {
    let secs = base_seconds.saturating_mul(1u64 << attempts.clamp(0, 12));
    Duration::from_secs(secs.min(3600))
}

/// What one flush did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Flushed {
    pub sent: usize,
    pub retry: usize,
    pub failed: usize,
}

/// Sends every due outbox row once. The store lock is never held across a send.
pub async fn flush(
    store: &Mutex<Store>,
    config: &Config,
    transport: &Transport,
    now: DateTime<FixedOffset>,
) -> anyhow::Result<Flushed> {
    let mut out = Flushed::default();
    loop {
        let rows: Vec<OutboxRow> = {
            let s = store
                .lock()
                .map_err(|_| anyhow::anyhow!("store lock poisoned"))?;
            s.due_outbox(&now.to_rfc3339(), 50)?
        };
        if rows.is_empty() {
            return Ok(out);
        }
        let mut progressed = false;
        for row in rows {
            let result = transport
                .send(
                    &config.bot.address,
                    &row.recipient,
                    &row.raw,
                    &row.message_id,
                )
                .await;
            let s = store
                .lock()
                .map_err(|_| anyhow::anyhow!("store lock poisoned"))?;
            match result {
                Ok(()) => {
                    s.mark_sent(row.id, &now.to_rfc3339())?;
                    out.sent += 1;
                    progressed = true;
                }
                Err(SendError::Transient(e)) => {
                    let next = now
                        + chrono::Duration::from_std(backoff(row.attempts, transport.retry_base()))
                            .unwrap_or_default();
                    tracing::warn!(to = %row.recipient, error = %e, "send failed, will retry");
                    s.mark_retry(row.id, &next.to_rfc3339(), &e)?;
                    out.retry += 1;
                }
                Err(SendError::Permanent(e)) => {
                    tracing::error!(to = %row.recipient, error = %e, "send failed permanently");
                    drop(s);
                    let mut s = store
                        .lock()
                        .map_err(|_| anyhow::anyhow!("store lock poisoned"))?;
                    undeliverable(&mut s, config, &row, &e, now)?;
                    out.failed += 1;
                    progressed = true;
                }
            }
        }
        if !progressed {
            return Ok(out);
        }
    }
}

/// Records a permanent failure and tells the people responsible once: the arbiter of the
/// game (or the admin), never about a message that was itself such a notice.
fn undeliverable(
    store: &mut Store,
    config: &Config,
    row: &OutboxRow,
    error: &str,
    now: DateTime<FixedOffset>,
) -> anyhow::Result<()> {
    let arbiter = row
        .game
        .as_deref()
        .and_then(|g| g.rsplit_once('/'))
        .and_then(|(t, _)| config.tournament(t))
        .map(|t| t.arbiter.clone());
    let tell = arbiter
        .or_else(|| config.bot.admin.clone())
        .filter(|t| !t.eq_ignore_ascii_case(&row.recipient));
    let notice = match tell {
        Some(to) if row.kind != "notice" => {
            let body = format!(
                "A message could not be delivered and will not be retried.\n\nTo: {}\nKind: {}\nGame: {}\nMessage-ID: <{}>\nError: {}\n\n— amici\n",
                row.recipient,
                row.kind,
                row.game.as_deref().unwrap_or("-"),
                row.message_id,
                error
            );
            let message_id = crate::mail::outbound::stable_message_id(
                &format!("undeliverable:{}", row.message_id),
                &config.bot.address,
            );
            let o = crate::mail::outbound::Outgoing {
                from: config.bot.address.clone(),
                to: to.clone(),
                to_name: None,
                subject: format!("amici: undeliverable mail to {}", row.recipient),
                body,
                message_id: message_id.clone(),
                in_reply_to: None,
                references: Vec::new(),
                kind: crate::rules::model::Kind::Notice,
                game: row.game.clone(),
                date: now,
                auto_replied: false,
                attachments: Vec::new(),
            };
            Some(crate::store::NewOutgoing {
                message_id,
                recipient: to,
                kind: "notice".into(),
                game: row.game.clone(),
                raw: crate::mail::outbound::build(&o)?,
            })
        }
        _ => None,
    };
    store.transaction(|tx| {
        tx.mark_failed(row.id, error)?;
        if let Some(n) = &notice {
            tx.queue(None, n, &now.to_rfc3339())?;
        }
        Ok::<_, crate::store::StoreError>(())
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
        let cfg = config();
        let mut store = Store::memory().unwrap();
        queue(&mut store, "gone@example.test", "m1@x");
        let sent = Arc::new(Mutex::new(Vec::new()));
        let fail = Arc::new(Mutex::new(vec![(
            "gone@example.test".to_string(),
            SendError::Permanent("550 no such user".into()),
        )]));
        let t = Transport::Stub(sent.clone(), fail);
        let store = Mutex::new(store);
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
        let cfg = config();
        let mut store = Store::memory().unwrap();
        queue(&mut store, "slow@example.test", "m2@x");
        let sent = Arc::new(Mutex::new(Vec::new()));
        let fail = Arc::new(Mutex::new(vec![(
            "slow@example.test".to_string(),
            SendError::Transient("451 try later".into()),
        )]));
        let t = Transport::Stub(sent.clone(), fail.clone());
        let store = Mutex::new(store);
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
