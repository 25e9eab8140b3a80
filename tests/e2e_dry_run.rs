//! Issue 13: `amici run --dry-run DIR` on a real Dovecot + SMTP stack — the letters in the
//! bot's INBOX are processed in a copy of the database and every message amici would send is
//! written into DIR/outbox; the mailbox keeps its flags, nobody receives anything, the live
//! database is not created; and a real `amici run` afterwards still finds and answers them.

mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use support::{AmiciProcess, MailStack, header};

fn tournament() -> String {
    format!(
        r#"[[tournament]]
id = "D"
name = "Dry run"
mode = "email"
notation = "en"
start = {today}
end = 2028-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  {{ name = "Ivan Petrov", email = "ivan@example.test", language = "en" }},
  {{ name = "Petar Georgiev", email = "petar@example.test", language = "en" }},
]
games = [ {{ white = "ivan@example.test", black = "petar@example.test" }} ]
"#,
        today = support::today()
    )
}

fn letter(from: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: D/1\r\nMessage-ID: <{id}@dry.example.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dry_run_writes_what_amici_would_send_and_changes_nothing() {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar"]);
    stack
        .send("ivan", "bot", &letter("ivan", "m1", "1. e2-e4"))
        .await;
    stack
        .send(
            "petar",
            "bot",
            &letter("petar", "m2", "Hello, how are you?"),
        )
        .await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while stack.unseen("bot").await.len() < 2 {
        assert!(Instant::now() < deadline, "the two letters never arrived");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let before = stack.unseen("bot").await;

    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("amici.toml");
    std::fs::write(&config, AmiciProcess::config_toml(&stack, &tournament())).unwrap();
    let out_dir = dir.path().join("dry");
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(&config)
        .args(["run", "--dry-run"])
        .arg(&out_dir)
        .env("AMICI_IMAP_PASSWORD", stack.password("bot"))
        .env("AMICI_SMTP_PASSWORD", stack.password("bot"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "dry run failed: {stdout}\n{stderr}");
    assert!(stdout.contains("2 letter(s) read"), "{stdout}");
    assert!(stdout.contains("3 message(s)"), "{stdout}");

    // What amici would send: the acknowledgement to Ivan (his letter lacks the dates of Art.
    // 8, so it is "incomplete"), his move to Petar, and the
    // "no move found" answer to Petar's letter.
    let mut written: Vec<(String, String)> = std::fs::read_dir(out_dir.join("outbox"))
        .unwrap()
        .map(|e| {
            let raw = std::fs::read(e.unwrap().path()).unwrap();
            (
                header(&raw, "To").unwrap_or_default(),
                header(&raw, "X-Amici-Kind").unwrap_or_default(),
            )
        })
        .collect();
    written.sort();
    let to = |u: &str| written.iter().any(|(t, _)| t.contains(u));
    assert!(
        to("ivan@example.test") && to("petar@example.test"),
        "{written:?}"
    );
    let kinds: Vec<&str> = written.iter().map(|(_, k)| k.as_str()).collect();
    assert_eq!(kinds.len(), 3, "{written:?}");
    for k in ["incomplete", "move", "no-move"] {
        assert!(kinds.contains(&k), "{k} missing in {written:?}");
    }

    // Nothing changed: the bot's letters are still unread, nobody received anything, the live
    // database was not created (the letters went into the copy in DIR).
    assert_eq!(stack.unseen("bot").await, before, "the dry run set flags");
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(
        stack.fetch_all("ivan").await.is_empty(),
        "Ivan received mail"
    );
    assert!(
        stack.fetch_all("petar").await.is_empty(),
        "Petar received mail"
    );
    assert!(
        !dir.path().join("amici.sqlite3").exists(),
        "the live database was written"
    );
    assert!(out_dir.join("amici.sqlite3").exists());

    // The real daemon afterwards finds the same letters and answers them.
    let _amici = AmiciProcess::start(&stack, &tournament());
    let got = stack.wait_for("petar", 2, Duration::from_secs(30)).await;
    let mut kinds: Vec<String> = got
        .iter()
        .map(|m| header(m, "X-Amici-Kind").unwrap_or_default())
        .collect();
    kinds.sort();
    assert_eq!(kinds, ["move", "no-move"]);
}
