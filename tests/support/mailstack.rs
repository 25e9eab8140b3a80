//! `MailStack`: a private Dovecot + SMTP front end (`scripts/mailstack.sh`) on free loopback
//! ports for one test, with plain SMTP/IMAP helpers to send letters and read mailboxes.
//!
//! Every stack lives in its own `/tmp/ms.XXXXXX` and picks its own ports, so tests and test
//! binaries may run side by side. Dropping the stack stops it (in the background) and removes
//! its directory; when the test panicked, the stack is stopped at once and the directory (with
//! the Dovecot and SMTP logs) kept and its path printed. Stacks of a test process that died
//! without dropping them (Ctrl-C, SIGKILL) are stopped by the next `MailStack::start`.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use async_imap::Session;
use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::transport::smtp::client::{
    AsyncSmtpConnection, Certificate, CertificateStore, TlsParameters,
};
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use tokio::net::TcpStream;
use tokio_rustls::rustls;

/// The mail domain of every stack.
pub const DOMAIN: &str = "example.test";
/// The password of every user given without one.
pub const PASSWORD: &str = "password";

/// Ports come in blocks of ten from 20000..32000: below Linux's ephemeral range
/// (32768..60999), so the client side of some other connection never holds a port we want.
const PORT_BASE: u16 = 20_000;
const PORT_BLOCKS: u64 = 1_200;
/// A start that finds a port taken (exit code 3 of the script) is retried on other ports.
const START_ATTEMPTS: u32 = 8;
/// In each stack's directory: the identity of the test process that owns it.
const OWNER_FILE: &str = "owner";
/// No single SMTP or IMAP exchange with the stack may take longer than this.
const IO_TIMEOUT: Duration = Duration::from_secs(30);

/// A running mail system: Dovecot (IMAP, IMAPS, LMTP) and the SMTP front end (SMTP, SMTPS),
/// all on 127.0.0.1. Users are `name@example.test`.
pub struct MailStack {
    /// The stack's directory: config, Maildirs, `log/dovecot.log`, `log/smtp.log`.
    pub dir: PathBuf,
    pub domain: String,
    /// Plain IMAP (STARTTLS offered).
    pub imap_port: u16,
    /// IMAP over TLS.
    pub imaps_port: u16,
    /// Dovecot's LMTP (what the SMTP front end delivers to).
    pub lmtp_port: u16,
    /// Plain SMTP (STARTTLS offered, AUTH optional).
    pub smtp_port: u16,
    /// SMTP over TLS.
    pub smtps_port: u16,
    /// The private CA that signed the servers' certificate (names `localhost`, `127.0.0.1`).
    pub ca: PathBuf,
    passwords: HashMap<String, String>,
    script: PathBuf,
    tmp: Option<tempfile::TempDir>,
}

impl MailStack {
    /// Starts a stack with these users (`"ivan"` or `"ivan:secret"`; password `password` when
    /// none is given). Panics, with the script's output, if it cannot start.
    pub fn start(users: &[&str]) -> MailStack {
        let script = script_path();
        reap_orphans(&script);
        let mut busy = Vec::new();
        for _ in 0..START_ATTEMPTS {
            let tmp = tempfile::Builder::new()
                .prefix("ms.")
                .tempdir_in("/tmp")
                .expect("create a temp dir under /tmp");
            let base = PORT_BASE + 10 * (random() % PORT_BLOCKS) as u16;
            let out = tmp.path().join("start.log");
            // who owns this stack: a later test run stops it if this process dies undropped
            if let Some(owner) = process_identity(std::process::id()) {
                fs::write(tmp.path().join(OWNER_FILE), owner).expect("write the owner file");
            }
            let status = Command::new("bash")
                .arg(&script)
                .arg("start")
                .arg(tmp.path())
                .env("MAILSTACK_USERS", users.join(" "))
                .env("MAILSTACK_DOMAIN", DOMAIN)
                .env("MAILSTACK_PASSWORD", PASSWORD)
                .env("MAILSTACK_IMAP_PORT", base.to_string())
                .env("MAILSTACK_IMAPS_PORT", (base + 1).to_string())
                .env("MAILSTACK_LMTP_PORT", (base + 2).to_string())
                .env("MAILSTACK_SMTP_PORT", (base + 3).to_string())
                .env("MAILSTACK_SMTPS_PORT", (base + 4).to_string())
                .env_remove("MAILSTACK_PORT_OFFSET")
                // Dovecot's master keeps the stderr it was started with: never a pipe here
                // (Command::output() would wait for an EOF that comes when Dovecot stops)
                .stdin(Stdio::null())
                .stdout(log_file(&out))
                .stderr(log_file(&out))
                .status()
                .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
            let log = fs::read_to_string(&out).unwrap_or_default();
            match status.code() {
                Some(0) => return MailStack::from_env(tmp, script, users),
                Some(3) => busy.push(format!("ports {base}..{}: {}", base + 4, log.trim())),
                _ => panic!("mailstack.sh start failed ({status}):\n{log}"),
            }
        }
        panic!(
            "no free ports for a mail stack after {START_ATTEMPTS} attempts:\n{}",
            busy.join("\n")
        );
    }

    fn from_env(tmp: tempfile::TempDir, script: PathBuf, users: &[&str]) -> MailStack {
        let dir = tmp.path().to_path_buf();
        let text = fs::read_to_string(dir.join("mailstack.env")).expect("read mailstack.env");
        let env: HashMap<&str, &str> = text.lines().filter_map(|l| l.split_once('=')).collect();
        let port = |key: &str| -> u16 {
            env.get(key)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{key} missing from mailstack.env:\n{text}"))
        };
        let passwords = users
            .iter()
            .map(|u| match u.split_once(':') {
                Some((name, pw)) => (name.to_string(), pw.to_string()),
                None => (u.to_string(), PASSWORD.to_string()),
            })
            .collect();
        MailStack {
            domain: env.get("MAILSTACK_DOMAIN").unwrap_or(&DOMAIN).to_string(),
            imap_port: port("MAILSTACK_IMAP_PORT"),
            imaps_port: port("MAILSTACK_IMAPS_PORT"),
            lmtp_port: port("MAILSTACK_LMTP_PORT"),
            smtp_port: port("MAILSTACK_SMTP_PORT"),
            smtps_port: port("MAILSTACK_SMTPS_PORT"),
            ca: PathBuf::from(env.get("MAILSTACK_CA").copied().unwrap_or_default()),
            dir,
            passwords,
            script,
            tmp: Some(tmp),
        }
    }

    /// `"ivan"` → `"ivan@example.test"`; a full address is returned as it is.
    pub fn address(&self, user: &str) -> String {
        if user.contains('@') {
            user.to_string()
        } else {
            format!("{user}@{}", self.domain)
        }
    }

    /// The password of `user` (`"ivan"` or `"ivan@example.test"`).
    pub fn password(&self, user: &str) -> &str {
        let name = user.split('@').next().unwrap_or(user);
        self.passwords.get(name).map_or(PASSWORD, String::as_str)
    }

    // ------------------------------------------------------------ crash tests

    /// Stops Dovecot (IMAP, IMAPS, LMTP): open IMAP connections are cut, and the SMTP front
    /// end answers DATA with a temporary failure (451) until [`start_imap`](Self::start_imap).
    pub fn stop_imap(&self) {
        self.run("stop-dovecot");
    }
    /// Starts Dovecot again, with the same mail.
    pub fn start_imap(&self) {
        self.run("start-dovecot");
    }
    /// Stops the SMTP front end (SMTP, SMTPS): connections are refused.
    pub fn stop_smtp(&self) {
        self.run("stop-smtp");
    }
    /// Starts the SMTP front end again.
    pub fn start_smtp(&self) {
        self.run("start-smtp");
    }
    /// Stops both servers.
    pub fn stop_all(&self) {
        self.stop_smtp();
        self.stop_imap();
    }
    /// Starts both servers again.
    pub fn start_all(&self) {
        self.start_imap();
        self.start_smtp();
    }

    /// Recreates `user`'s INBOX as an admin restoring a mailbox would: every message gone, the
    /// mailbox's index and UID list removed, so the server numbers it anew from UID 1 under a
    /// new UIDVALIDITY.
    pub fn recreate_inbox(&self, user: &str) {
        let conf = self.dir.join("dovecot.conf");
        let address = self.address(user);
        let run = |args: &[&str]| {
            let out = Command::new("doveadm")
                .arg("-c")
                .arg(&conf)
                .args(args)
                .output()
                .expect("run doveadm");
            assert!(
                out.status.success(),
                "doveadm {args:?} failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        };
        let validity = || -> u64 {
            let out = Command::new("doveadm")
                .arg("-c")
                .arg(&conf)
                .args([
                    "-f",
                    "flow",
                    "mailbox",
                    "status",
                    "-u",
                    &address,
                    "uidvalidity",
                    "INBOX",
                ])
                .output()
                .expect("run doveadm");
            let text = String::from_utf8_lossy(&out.stdout);
            text.split("uidvalidity=")
                .nth(1)
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("doveadm mailbox status said {text:?}"))
        };
        let old = validity();
        // Dovecot numbers a new mailbox by the clock's second: wait until it is past the old one,
        // or a mailbox recreated within the second it was made would keep its UIDVALIDITY.
        while std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            <= old
        {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        run(&["expunge", "-u", &address, "mailbox", "INBOX", "all"]);
        let (local, domain) = address.split_once('@').expect("an address");
        let maildir = self
            .dir
            .join("mail")
            .join(domain)
            .join(local)
            .join("Maildir");
        for entry in fs::read_dir(&maildir).expect("the Maildir").flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with("dovecot") {
                let _ = fs::remove_file(entry.path());
            }
        }
        run(&["force-resync", "-u", &address, "INBOX"]);
        assert_ne!(validity(), old, "the recreated INBOX has a new UIDVALIDITY");
    }

    /// UIDs of `user`'s INBOX messages without `\Seen`.
    pub async fn unseen(&self, user: &str) -> Vec<u32> {
        let mut session = self.imap_login(user).await.expect("IMAP login");
        session.examine("INBOX").await.expect("EXAMINE");
        let mut v: Vec<u32> = session
            .uid_search("UNSEEN")
            .await
            .expect("UID SEARCH")
            .into_iter()
            .collect();
        v.sort_unstable();
        let _ = session.logout().await;
        v
    }

    /// The Message-IDs (without `<>`) of the messages the SMTP front end delivered to `user`,
    /// in the order it delivered them, from its own log: the transport's order, which a
    /// mailbox's UID order need not keep (Dovecot's Maildir numbers a file saved while an IMAP
    /// session holds its uidlist only at the next sync, after later ones).
    pub fn delivered_to(&self, user: &str) -> Vec<String> {
        let to = format!("'{}'", self.address(user));
        fs::read_to_string(self.dir.join("log/smtp.log"))
            .unwrap_or_default()
            .lines()
            .filter(|l| l.contains(" delivered from=") && l.contains(&to))
            .filter_map(|l| l.rsplit_once(" msgid=").map(|(_, m)| m))
            .map(|m| m.trim().trim_matches(|c| c == '<' || c == '>').to_string())
            .collect()
    }

    /// The servers' logs so far, for a failing test's message.
    pub fn logs(&self) -> String {
        ["log/dovecot.log", "log/smtp.log", "log/harness.log"]
            .iter()
            .map(|f| {
                let text = fs::read_to_string(self.dir.join(f)).unwrap_or_default();
                format!("==> {f} <==\n{text}")
            })
            .collect()
    }

    fn script_status(&self, command: &str) -> std::io::Result<std::process::ExitStatus> {
        let log = self.dir.join("log/harness.log");
        Command::new("bash")
            .arg(&self.script)
            .arg(command)
            .arg(&self.dir)
            .stdin(Stdio::null())
            .stdout(log_file(&log))
            .stderr(log_file(&log))
            .status()
    }

    fn run(&self, command: &str) {
        match self.script_status(command) {
            Ok(s) if s.success() => {}
            other => panic!("mailstack.sh {command} failed: {other:?}\n{}", self.logs()),
        }
    }

    // ------------------------------------------------------------ TLS

    /// A rustls client config that trusts exactly the stack's private CA.
    pub fn tls_config(&self) -> Arc<rustls::ClientConfig> {
        let pem = fs::read(&self.ca).expect("read the stack's CA");
        let mut roots = rustls::RootCertStore::empty();
        use rustls::pki_types::CertificateDer;
        use rustls::pki_types::pem::PemObject;
        for cert in CertificateDer::pem_slice_iter(&pem) {
            roots.add(cert.expect("CA PEM")).expect("add the CA");
        }
        // ring explicitly: no process-wide default provider needs to be installed
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        Arc::new(config)
    }

    /// A TLS connector for IMAPS (or IMAP after STARTTLS); the server name is `localhost`.
    pub fn tls_connector(&self) -> tokio_rustls::TlsConnector {
        tokio_rustls::TlsConnector::from(self.tls_config())
    }

    /// lettre TLS parameters trusting only the stack's CA (server name `localhost`), for
    /// `Tls::Required` (STARTTLS on `smtp_port`) or `Tls::Wrapper` (`smtps_port`).
    pub fn smtp_tls(&self) -> TlsParameters {
        let pem = fs::read(&self.ca).expect("read the stack's CA");
        TlsParameters::builder("localhost".to_string())
            .certificate_store(CertificateStore::None)
            .add_root_certificate(Certificate::from_pem(&pem).expect("CA PEM"))
            .build_rustls()
            .expect("TLS parameters")
    }

    // ------------------------------------------------------------ SMTP

    /// Submits `raw` (a whole RFC 5322 message) over plain SMTP with envelope `from` → `to`
    /// (user names or addresses). The front end delivers before it answers, so the message
    /// is in the INBOX when this returns. Panics on any failure.
    pub async fn send(&self, from: &str, to: &str, raw: &[u8]) {
        if let Err(e) = self.try_send(from, to, raw).await {
            panic!("SMTP {from} -> {to} failed: {e}\n{}", self.logs());
        }
    }

    /// Like [`send`](Self::send), returning the failure (for tests where servers are down).
    pub async fn try_send(&self, from: &str, to: &str, raw: &[u8]) -> Result<(), String> {
        let envelope = self.envelope(from, to)?;
        let send = async {
            // a fresh connection with TCP_NODELAY: lettre writes the body and the final "."
            // separately, and with Nagle on every message waits ~40 ms for a delayed ACK
            let tcp = TcpStream::connect(("127.0.0.1", self.smtp_port))
                .await
                .map_err(|e| format!("connect to SMTP: {e}"))?;
            tcp.set_nodelay(true)
                .map_err(|e| format!("TCP_NODELAY: {e}"))?;
            let mut smtp =
                AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &ClientId::default())
                    .await
                    .map_err(|e| e.to_string())?;
            smtp.send(&envelope, raw).await.map_err(|e| e.to_string())?;
            let _ = smtp.quit().await;
            Ok(())
        };
        tokio::time::timeout(IO_TIMEOUT, send)
            .await
            .unwrap_or_else(|_| Err(format!("SMTP: no answer within {IO_TIMEOUT:?}")))
    }

    fn envelope(&self, from: &str, to: &str) -> Result<Envelope, String> {
        let from = self
            .address(from)
            .parse()
            .map_err(|e| format!("from: {e}"))?;
        let to = self.address(to).parse().map_err(|e| format!("to: {e}"))?;
        Envelope::new(Some(from), vec![to]).map_err(|e| e.to_string())
    }

    /// Submits through a caller-built lettre transport (TLS, AUTH, a reused connection …).
    pub async fn try_send_with(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        from: &str,
        to: &str,
        raw: &[u8],
    ) -> Result<(), String> {
        let from = self
            .address(from)
            .parse()
            .map_err(|e| format!("from: {e}"))?;
        let to = self.address(to).parse().map_err(|e| format!("to: {e}"))?;
        let envelope = Envelope::new(Some(from), vec![to]).map_err(|e| e.to_string())?;
        // lettre's own timeout covers connecting only (crates.md pitfall 6)
        match tokio::time::timeout(IO_TIMEOUT, transport.send_raw(&envelope, raw)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err(format!("no answer within {IO_TIMEOUT:?}")),
        }
    }

    // ------------------------------------------------------------ IMAP

    /// Logs `user` in over plain IMAP (greeting read, as async-imap requires).
    pub async fn imap_login(&self, user: &str) -> Result<Session<TcpStream>, String> {
        let login = async {
            let tcp = TcpStream::connect(("127.0.0.1", self.imap_port))
                .await
                .map_err(|e| format!("connect to IMAP: {e}"))?;
            let mut client = async_imap::Client::new(tcp);
            // without reading the greeting first, login hangs (crates.md pitfall 2)
            client
                .read_response()
                .await
                .map_err(|e| format!("IMAP greeting: {e}"))?
                .ok_or("IMAP closed before its greeting")?;
            client
                .login(self.address(user), self.password(user))
                .await
                .map_err(|(e, _)| format!("IMAP login {user}: {e}"))
        };
        tokio::time::timeout(IO_TIMEOUT, login)
            .await
            .map_err(|_| format!("IMAP login {user}: no answer within {IO_TIMEOUT:?}"))?
    }

    /// Every message in `user`'s INBOX, oldest first, as raw bytes. Read-only (EXAMINE and
    /// BODY.PEEK): flags stay as the program under test left them. Panics on failure.
    pub async fn fetch_all(&self, user: &str) -> Vec<Vec<u8>> {
        self.try_fetch_all(user)
            .await
            .unwrap_or_else(|e| panic!("IMAP fetch for {user} failed: {e}\n{}", self.logs()))
    }

    /// Like [`fetch_all`](Self::fetch_all), returning the failure.
    pub async fn try_fetch_all(&self, user: &str) -> Result<Vec<Vec<u8>>, String> {
        let mut session = self.imap_login(user).await?;
        let fetch = async {
            let mailbox = session.examine("INBOX").await.map_err(|e| e.to_string())?;
            let mut messages: Vec<(u32, Vec<u8>)> = Vec::new();
            if mailbox.exists > 0 {
                let fetches: Vec<_> = session
                    .fetch("1:*", "BODY.PEEK[]")
                    .await
                    .map_err(|e| e.to_string())?
                    .try_collect()
                    .await
                    .map_err(|e| e.to_string())?;
                for f in &fetches {
                    messages.push((f.message, f.body().unwrap_or_default().to_vec()));
                }
            }
            messages.sort_by_key(|(seq, _)| *seq);
            Ok::<_, String>(messages.into_iter().map(|(_, raw)| raw).collect())
        };
        let result = tokio::time::timeout(IO_TIMEOUT, fetch)
            .await
            .map_err(|_| format!("IMAP fetch: no answer within {IO_TIMEOUT:?}"))?;
        let _ = tokio::time::timeout(Duration::from_secs(5), session.logout()).await;
        result
    }

    /// Polls `user`'s INBOX until it holds at least `n` messages and returns them all,
    /// oldest first. Panics after `timeout`, listing the subjects that did arrive.
    pub async fn wait_for(&self, user: &str, n: usize, timeout: Duration) -> Vec<Vec<u8>> {
        let deadline = Instant::now() + timeout;
        loop {
            let last = self.try_fetch_all(user).await;
            if let Ok(messages) = &last
                && messages.len() >= n
            {
                return last.unwrap_or_default();
            }
            if Instant::now() >= deadline {
                let seen = match &last {
                    Ok(messages) => messages
                        .iter()
                        .map(|m| header(m, "Subject").unwrap_or_default())
                        .collect::<Vec<_>>()
                        .join(" | "),
                    Err(e) => format!("(fetch failed: {e})"),
                };
                panic!(
                    "{user}: fewer than {n} messages after {timeout:?}; subjects: {seen}\n{}",
                    self.logs()
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for MailStack {
    fn drop(&mut self) {
        let Some(tmp) = self.tmp.take() else {
            return;
        };
        if std::thread::panicking() {
            // stop now, and keep the directory for reading; no longer anyone's to reap
            if let Err(e) = self.script_status("stop") {
                eprintln!("mailstack: stop {} failed: {e}", self.dir.display());
            }
            let _ = fs::remove_file(tmp.path().join(OWNER_FILE));
            eprintln!(
                "mailstack: test failed; logs kept in {}/log",
                tmp.keep().display()
            );
            return;
        }
        // Dovecot takes 1-3 s to stop: do it in the background so the next test need not
        // wait (it has ports of its own). If this process dies first, the next run reaps it.
        let dir = tmp.keep();
        let stop = Command::new("bash")
            .arg("-c")
            .arg(r#"bash "$0" stop "$1"; rm -rf "$1""#)
            .arg(&self.script)
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Err(e) = stop {
            eprintln!("mailstack: cannot stop {}: {e}", dir.display());
        }
    }
}

/// The first `name:` header of `raw`, unfolded (continuation lines joined with one space),
/// trimmed, not MIME-decoded. The name is matched case-insensitively.
pub fn header(raw: &[u8], name: &str) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let mut found: Option<String> = None;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            break; // the blank line ends the header
        }
        if line.starts_with([' ', '\t']) {
            if let Some(value) = found.as_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
            continue;
        }
        if found.is_some() {
            break;
        }
        if let Some((field, value)) = line.split_once(':')
            && field.trim().eq_ignore_ascii_case(name)
        {
            found = Some(value.trim().to_string());
        }
    }
    found
}

/// Stops and removes the stacks of test processes that died without dropping them (Ctrl-C on
/// `cargo test`, a SIGKILL): else their Dovecot and SMTP servers would run on forever.
/// Once per process; only directories with an owner file, so a stack being set up (its
/// owner file comes first) or kept after a failure (owner file removed) is left alone.
fn reap_orphans(script: &Path) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Ok(entries) = fs::read_dir("/tmp") else {
            return;
        };
        for entry in entries.flatten() {
            if !entry.file_name().to_string_lossy().starts_with("ms.") {
                continue;
            }
            let dir = entry.path();
            let Ok(owner) = fs::read_to_string(dir.join(OWNER_FILE)) else {
                continue;
            };
            let pid = owner.split_whitespace().next().and_then(|p| p.parse().ok());
            if pid.and_then(process_identity).as_deref() == Some(owner.as_str()) {
                continue; // its owner still runs
            }
            let _ = Command::new("bash")
                .arg(script)
                .arg("stop")
                .arg(&dir)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let _ = fs::remove_dir_all(&dir);
        }
    });
}

/// "PID START-TIME" of a running process: the start time (field 22 of /proc/PID/stat) tells
/// a reused pid from the original owner.
fn process_identity(pid: u32) -> Option<String> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // the command name (field 2) may contain spaces and parentheses: count after the last ')'
    let start_time = stat.rsplit_once(')')?.1.split_whitespace().nth(19)?;
    Some(format!("{pid} {start_time}"))
}

/// `scripts/mailstack.sh` of this repository (`MAILSTACK_SCRIPT` overrides it).
fn script_path() -> PathBuf {
    match std::env::var_os("MAILSTACK_SCRIPT") {
        Some(path) => PathBuf::from(path),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/mailstack.sh"),
    }
}

fn log_file(path: &Path) -> File {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .unwrap_or_else(|e| panic!("open {}: {e}", path.display()))
}

/// A random number without a rand dependency: std's hasher keys are random per process.
fn random() -> u64 {
    let mut h = RandomState::new().build_hasher();
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(nanos);
    h.write_u32(std::process::id());
    h.finish()
}
