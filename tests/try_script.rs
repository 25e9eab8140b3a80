//! `scripts/try.sh`, the README's first command, run as a newcomer runs it (issue 13 items 1
//! and 11): a real mail system, `amici run`, four letters sent over SMTP. The script is given
//! the binary cargo built for this test (`AMICI=…`) instead of building its own, and ports of
//! its own so it can run beside the other end-to-end tests.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// A port block outside the one tests/support/mailstack.rs draws from (20000–31999).
fn port_base(attempt: u64) -> u16 {
    let seed = std::process::id() as u64 + attempt * 7919;
    33_000 + 10 * (seed % 1_000) as u16
}

/// Runs try.sh to the end; its stdout and stderr together.
fn run_try() -> (std::process::ExitStatus, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut last = String::new();
    for attempt in 0..3 {
        let base = port_base(attempt);
        let log = tempfile::NamedTempFile::new().expect("a log file");
        // A file, not a pipe: Dovecot and the daemon must never hold the test's pipes open.
        let out = File::create(log.path()).expect("open the log");
        let status = Command::new("bash")
            .arg(root.join("scripts/try.sh"))
            .env("AMICI", env!("CARGO_BIN_EXE_amici"))
            .env("MAILSTACK_NO_INSTALL", "1")
            .env("MAILSTACK_IMAP_PORT", base.to_string())
            .env("MAILSTACK_IMAPS_PORT", (base + 1).to_string())
            .env("MAILSTACK_LMTP_PORT", (base + 2).to_string())
            .env("MAILSTACK_SMTP_PORT", (base + 3).to_string())
            .env("MAILSTACK_SMTPS_PORT", (base + 4).to_string())
            .env_remove("KEEP")
            .stdin(Stdio::null())
            .stdout(out.try_clone().expect("clone the log"))
            .stderr(out)
            .status()
            .expect("run scripts/try.sh");
        last = std::fs::read_to_string(log.path()).unwrap_or_default();
        if status.success() || !last.contains("already in use") {
            return (status, last);
        }
    }
    panic!("no free ports for try.sh after 3 attempts:\n{last}");
}

#[test]
fn try_sh_sends_its_letters_shows_the_answers_and_removes_its_folder() {
    let (status, out) = run_try();
    assert!(status.success(), "try.sh failed ({status}):\n{out}");
    // Issue 13 item 1: `send` echoed `$2`/`$4` of its three arguments.
    assert!(!out.contains("unbound variable"), "{out}");
    for (sender, subject) in [
        ("ivan@example.test", "TRY-1/1 ход"),
        ("petar@example.test", "Re: TRY-1/1"),
        ("maria@example.test", "TRY-1/2"),
    ] {
        let line = format!("sent by {sender} ({subject}): ");
        assert!(out.contains(&line), "no `{line}` in:\n{out}");
    }
    assert!(
        out.contains("sent by petar@example.test (Re: TRY-1/1): Hello Ivan,"),
        "the body follows the sender and subject:\n{out}"
    );
    // The players' and the arbiter's mailboxes hold amici's answers: the acknowledgements
    // (`incomplete`: the letters leave out Art. 7/8 dates), the forwarded moves, the refusal.
    assert!(
        out.contains("To arbiter@example.test  [X-Amici-Kind: error]"),
        "{out}"
    );
    for kind in ["incomplete", "move", "error"] {
        assert!(
            out.contains(&format!("[X-Amici-Kind: {kind}]")),
            "no {kind} letter in:\n{out}"
        );
    }
    // Item 11: the folder is named while it is used and is gone afterwards.
    let dir = out
        .lines()
        .find_map(|l| l.strip_prefix("== everything lives in "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("try.sh does not say where its folder is:\n{out}"));
    assert!(dir.starts_with("/tmp/amici-try."), "{dir}");
    assert!(
        !Path::new(dir).exists(),
        "{dir} is left behind after a run without KEEP=1"
    );
    assert!(out.contains(&format!("{dir} removed")), "{out}");
}
