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
    },
    Dir(PathBuf),
    /// Records messages in memory (unit tests of the shell).
    Stub(Arc<Mutex<Vec<(String, Vec<u8>)>>>),
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
            Transport::Smtp { transport, timeout } => {
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
            Transport::Stub(v) => {
                v.lock()
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
    })
}

/// Backoff after `attempts` failures: 30 s doubling, at most 1 hour.
pub fn backoff(attempts: i64) -> Duration {
    let secs = 30u64.saturating_mul(1u64 << attempts.clamp(0, 7));
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
                    let next =
                        now + chrono::Duration::from_std(backoff(row.attempts)).unwrap_or_default();
                    tracing::warn!(to = %row.recipient, error = %e, "send failed, will retry");
                    s.mark_retry(row.id, &next.to_rfc3339(), &e)?;
                    out.retry += 1;
                }
                Err(SendError::Permanent(e)) => {
                    tracing::error!(to = %row.recipient, error = %e, "send failed permanently");
                    s.mark_failed(row.id, &e)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!(backoff(0), Duration::from_secs(30));
        assert_eq!(backoff(1), Duration::from_secs(60));
        assert_eq!(backoff(20), Duration::from_secs(3600));
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
