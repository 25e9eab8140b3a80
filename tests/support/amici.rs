//! `AmiciProcess`: the real `amici run` daemon against a [`MailStack`], for end-to-end tests.
//!
//! It writes a config (INTERFACE.md keys) into its own temp dir, runs the binary built by
//! cargo for this test, keeps its stdout/stderr in files there, and can SIGKILL and restart
//! it to test crash recovery.

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::mailstack::MailStack;

/// The environment variables the config names for the bot's passwords.
const IMAP_PASSWORD_ENV: &str = "AMICI_IMAP_PASSWORD";
const SMTP_PASSWORD_ENV: &str = "AMICI_SMTP_PASSWORD";

/// A running (or killed) `amici --config DIR/amici.toml run`.
pub struct AmiciProcess {
    dir: tempfile::TempDir,
    config: PathBuf,
    env: Vec<(String, String)>,
    child: Option<Child>,
    /// Length of the log files when the current run started: log searches look past it.
    log_start: (u64, u64),
}

impl AmiciProcess {
    /// The config for `stack` (bot `bot@example.test`, plain IMAP and SMTP on loopback,
    /// passwords from the environment) followed by `tournaments` — the caller's
    /// `[[tournament]]` tables, verbatim.
    pub fn config_toml(stack: &MailStack, tournaments: &str) -> String {
        format!(
            r#"[bot]
address  = "{bot}"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[imap]
host = "127.0.0.1"
port = {imap}
security = "none"
user = "{bot}"
password_env = "{IMAP_PASSWORD_ENV}"
mailbox = "INBOX"

[smtp]
host = "127.0.0.1"
port = {smtp}
security = "none"
user = "{bot}"
password_env = "{SMTP_PASSWORD_ENV}"

{tournaments}
"#,
            bot = stack.address("bot"),
            imap = stack.imap_port,
            smtp = stack.smtp_port,
        )
    }

    /// Writes [`config_toml`](Self::config_toml) and starts `amici run`.
    pub fn start(stack: &MailStack, tournaments: &str) -> AmiciProcess {
        Self::start_with_config(stack, &Self::config_toml(stack, tournaments), &[])
    }

    /// Starts `amici run` with a config of the caller's own and extra environment
    /// (`AMICI_NOW`, `RUST_LOG` …). The bot's passwords are set from `stack` either way.
    pub fn start_with_config(
        stack: &MailStack,
        config_toml: &str,
        env: &[(&str, &str)],
    ) -> AmiciProcess {
        let dir = tempfile::Builder::new()
            .prefix("amici.")
            .tempdir()
            .expect("create a temp dir for amici");
        let config = dir.path().join("amici.toml");
        fs::write(&config, config_toml).expect("write amici.toml");
        let password = stack.password("bot").to_string();
        let mut all_env = vec![
            (IMAP_PASSWORD_ENV.to_string(), password.clone()),
            (SMTP_PASSWORD_ENV.to_string(), password),
            ("RUST_LOG".to_string(), "info".to_string()),
            ("NO_COLOR".to_string(), "1".to_string()),
        ];
        all_env.extend(env.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let mut amici = AmiciProcess {
            dir,
            config,
            env: all_env,
            child: None,
            log_start: (0, 0),
        };
        amici.spawn();
        amici
    }

    /// The directory holding `amici.toml`, the database, `stdout.log` and `stderr.log`.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The config file the process runs with.
    pub fn config_path(&self) -> &Path {
        &self.config
    }

    fn log_path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn spawn(&mut self) {
        let (out, err) = (self.log_path("stdout.log"), self.log_path("stderr.log"));
        self.log_start = (file_len(&out), file_len(&err));
        let child = Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(&self.config)
            .arg("run")
            .current_dir(self.dir.path())
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(Stdio::null())
            .stdout(append(&out))
            .stderr(append(&err))
            .spawn()
            .expect("spawn the amici binary");
        self.child = Some(child);
    }

    /// SIGKILL, as a crash or a power cut would: no chance to clean up. Waits for the exit.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill(); // SIGKILL on Unix
            let _ = child.wait();
        }
    }

    /// Kills the process if it runs, then starts it again with the same config, database
    /// and environment. Log searches from now on look at the new run's output only.
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    /// Sets `key` in the environment of the next [`restart`](Self::restart) and of later
    /// [`command`](Self::command)s (`AMICI_NOW` to start again on a later day).
    pub fn set_env(&mut self, key: &str, value: &str) {
        self.env.retain(|(k, _)| k != key);
        self.env.push((key.to_string(), value.to_string()));
    }

    /// The process id of the current run.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// `Some(status)` once the process has exited on its own.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child
            .as_mut()
            .and_then(|c| c.try_wait().ok().flatten())
    }

    /// stdout and stderr of the current run so far.
    pub fn current_logs(&self) -> String {
        let out = tail_from(&self.log_path("stdout.log"), self.log_start.0);
        let err = tail_from(&self.log_path("stderr.log"), self.log_start.1);
        format!("{out}{err}")
    }

    /// Everything the process (all runs) wrote to stdout and stderr.
    pub fn all_logs(&self) -> String {
        let out = fs::read_to_string(self.log_path("stdout.log")).unwrap_or_default();
        let err = fs::read_to_string(self.log_path("stderr.log")).unwrap_or_default();
        format!("==> stdout <==\n{out}==> stderr <==\n{err}")
    }

    /// Waits until the current run's output contains `needle`. Panics with the logs after
    /// `timeout`, or at once if the process exits first.
    pub fn wait_for_log(&mut self, needle: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        loop {
            if self.current_logs().contains(needle) {
                return;
            }
            if let Some(status) = self.exited() {
                panic!(
                    "amici exited ({status}) before logging {needle:?}\n{}",
                    self.all_logs()
                );
            }
            if Instant::now() >= deadline {
                panic!(
                    "amici did not log {needle:?} within {timeout:?}\n{}",
                    self.all_logs()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs another amici command (`status --format json`, `tick` …) on the same config and
    /// database, with the same environment, and returns its output. amici does not
    /// daemonize, so capturing its output with pipes is safe.
    pub fn command(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_amici"))
            .arg("--config")
            .arg(&self.config)
            .args(args)
            .current_dir(self.dir.path())
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(Stdio::null())
            .output()
            .expect("run the amici binary")
    }
}

impl Drop for AmiciProcess {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!(
                "amici: test failed; output of all runs:\n{}",
                self.all_logs()
            );
            self.dir.disable_cleanup(true);
            eprintln!(
                "amici: config and database kept in {}",
                self.dir.path().display()
            );
        }
    }
}

fn append(path: &Path) -> File {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .unwrap_or_else(|e| panic!("open {}: {e}", path.display()))
}

fn file_len(path: &Path) -> u64 {
    fs::metadata(path).map_or(0, |m| m.len())
}

fn tail_from(path: &Path, start: u64) -> String {
    let bytes = fs::read(path).unwrap_or_default();
    let start = usize::try_from(start)
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    String::from_utf8_lossy(&bytes[start..]).into_owned()
}
