//! The admin edits the config while `amici run` runs: a valid edit (new player and game, new
//! arbiter address, new tournament) is applied without losing anything in flight; an invalid
//! edit is refused, the admin told, and the previous config keeps running. Both on file change
//! and on SIGHUP.

mod support;

use std::time::Duration;

use support::{AmiciProcess, MailStack, header};

const WAIT: Duration = Duration::from_secs(30);

fn tournament(arbiter: &str, with_maria: bool) -> String {
    let maria_player = if with_maria {
        ",\n  { name = \"Maria\", email = \"maria@example.test\", language = \"en\" }"
    } else {
        ""
    };
    let maria_game = if with_maria {
        ",\n  { white = \"maria@example.test\", black = \"ivan@example.test\" }"
    } else {
        ""
    };
    let today = support::today();
    format!(
        r#"[[tournament]]
id = "R"
start = {today}
end = 2027-12-31
arbiter = "{arbiter}@example.test"
pairing = "explicit"
players = [
  {{ name = "Ivan", email = "ivan@example.test", language = "en" }},
  {{ name = "Petar", email = "petar@example.test", language = "en" }}{maria_player}
]
games = [
  {{ white = "ivan@example.test", black = "petar@example.test" }}{maria_game}
]
"#
    )
}

fn letter(from: &str, subject: &str, id: &str, body: &str) -> Vec<u8> {
    format!("From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").into_bytes()
}

fn games(amici: &AmiciProcess) -> Vec<String> {
    let out = amici.command(&["status", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

fn with_admin(config: String) -> String {
    config.replace(
        "language = \"bg\"",
        "language = \"bg\"\nadmin = \"admin@example.test\"",
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn config_edits_are_applied_or_refused_while_running() {
    let stack = MailStack::start(&[
        "bot", "arbiter", "arbiter2", "admin", "ivan", "petar", "maria",
    ]);
    let config = with_admin(AmiciProcess::config_toml(
        &stack,
        &tournament("arbiter", false),
    ));
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[]);
    amici.wait_for_log("IMAP connected", WAIT);
    assert_eq!(games(&amici), ["R/1"]);

    // A letter in flight while the config changes.
    stack
        .send("ivan", "bot", &letter("ivan", "R/1", "i1", "1. e2-e4"))
        .await;
    // Valid edit on disk: Maria joins with a new game, the arbiter address changes.
    let edited = with_admin(AmiciProcess::config_toml(
        &stack,
        &tournament("arbiter2", true),
    ));
    std::fs::write(amici.config_path(), &edited).unwrap();
    amici.wait_for_log("config reloaded", WAIT);
    stack.wait_for("ivan", 1, WAIT).await;
    assert_eq!(games(&amici), ["R/1", "R/2"]);

    // The new game works, and a refusal now goes to the new arbiter.
    stack
        .send("maria", "bot", &letter("maria", "R/2", "m1", "1. d2-d4"))
        .await;
    let maria = stack.wait_for("maria", 1, WAIT).await;
    assert_eq!(
        header(&maria[0], "X-Amici-Kind").as_deref(),
        Some("incomplete"),
        "a bare move stands; the dates and totals are missing (Art. 9 В)"
    );
    stack
        .send("petar", "bot", &letter("petar", "R/1", "p1", "1... Кg8-e6"))
        .await;
    stack.wait_for("arbiter2", 1, WAIT).await;
    assert!(stack.fetch_all("arbiter").await.is_empty());

    // Invalid edit, announced by SIGHUP: refused, admin told, the previous config keeps running.
    // The file's mtime is put back, so only the signal can make amici look at it.
    let broken = edited.replace(
        &format!("start = {}", support::today()),
        "start = \"someday\"",
    );
    let stamp = amici.dir().join("stamp");
    std::fs::copy(amici.config_path(), &stamp).unwrap();
    let keep_mtime = |path: &std::path::Path| {
        let ok = std::process::Command::new("touch")
            .arg("-r")
            .arg(&stamp)
            .arg(path)
            .status()
            .unwrap();
        assert!(ok.success());
    };
    let copied = std::process::Command::new("touch")
        .arg("-r")
        .arg(amici.config_path())
        .arg(&stamp)
        .status()
        .unwrap();
    assert!(copied.success());
    std::thread::sleep(Duration::from_secs(3));
    let tmp = amici.dir().join("amici.toml.new");
    std::fs::write(&tmp, &broken).unwrap();
    keep_mtime(&tmp);
    std::fs::rename(&tmp, amici.config_path()).unwrap();
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        !amici.current_logs().contains("config edit refused"),
        "the file watch must not see an unchanged mtime"
    );
    let logs = amici.current_logs();
    let pid = logs
        .split("pid=")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("amici logs its pid");
    let sent = std::process::Command::new("kill")
        .args(["-HUP", pid])
        .status()
        .unwrap();
    assert!(sent.success());
    amici.wait_for_log("config edit refused", WAIT);
    let admin = stack.wait_for("admin", 1, WAIT).await;
    assert!(String::from_utf8_lossy(&admin[0]).contains("refused"));
    stack
        .send("petar", "bot", &letter("petar", "R/1", "p2", "1... e7-e5"))
        .await;
    let ivan = stack.wait_for("ivan", 2, WAIT).await;
    assert_eq!(header(&ivan[1], "X-Amici-Kind").as_deref(), Some("move"));
    assert!(amici.exited().is_none());

    // Issue 13 item 8: a valid edit that adds a tournament which started long ago with nothing
    // played would flood its players with claims at the next tick: refused while running
    // (without --accept-past-start), the admin told, nothing sent to its players.
    let old_start = edited.clone()
        + r#"
[[tournament]]
id = "OLD"
start = 2025-01-10
end = 2027-12-31
arbiter = "arbiter2@example.test"
pairing = "explicit"
players = [
  { name = "Ivan", email = "ivan@example.test", language = "en" },
  { name = "Maria", email = "maria@example.test", language = "en" },
]
games = [ { white = "maria@example.test", black = "ivan@example.test" } ]
"#;
    let refused_before = amici.current_logs().matches("config edit refused").count();
    std::fs::write(amici.config_path(), &old_start).unwrap();
    let deadline = std::time::Instant::now() + WAIT;
    while amici.current_logs().matches("config edit refused").count() == refused_before {
        assert!(
            std::time::Instant::now() < deadline,
            "the past-start edit was not refused"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(
        amici.current_logs().contains("OLD"),
        "the refusal names the tournament"
    );
    let admin = stack.wait_for("admin", 2, WAIT).await;
    assert!(String::from_utf8_lossy(&admin[1]).contains("OLD"));
    // nobody of the old tournament is sent a claim by the running daemon
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(stack.fetch_all("maria").await.len(), 1, "Maria got a claim");
    assert!(amici.exited().is_none());
}
