//! Hostile mail through the running daemon on real servers: a 20 MB message, 10,000 MIME
//! parts, broken encodings, header injection in names. amici stays up, answers or drops as
//! the rules say, and still answers the next ordinary letter.

mod support;

use std::time::Duration;

use support::{AmiciProcess, MailStack, header};

const WAIT: Duration = Duration::from_secs(60);

const TOURNAMENT: &str = r#"[[tournament]]
id = "H"
start = TODAY
end = 2027-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [ { name = "Ivan", email = "ivan@example.test", language = "en" }, { name = "Petar", email = "petar@example.test", language = "en" } ]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#;

fn head(from: &str, id: &str, extra: &str) -> String {
    format!(
        "From: {from}\r\nTo: bot@example.test\r\nSubject: H/1\r\nMessage-ID: <{id}@example.test>\r\nMIME-Version: 1.0\r\n{extra}"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_mail_never_stops_the_daemon() {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar"]);
    let mut amici = AmiciProcess::start(&stack, &TOURNAMENT.replace("TODAY", &support::today()));
    amici.wait_for_log("IMAP connected", WAIT);

    // 1. A 20 MB letter from a player: stored, not read, answered with "too large".
    let mut big = head(
        "ivan@example.test",
        "big",
        "Content-Type: text/plain; charset=utf-8\r\n\r\n1. e2-e4\r\n",
    )
    .into_bytes();
    let line =
        b"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r\n";
    while big.len() < 20 * 1024 * 1024 {
        big.extend_from_slice(line);
    }
    stack.send("ivan", "bot", &big).await;
    let ivan = stack.wait_for("ivan", 1, WAIT).await;
    assert_eq!(header(&ivan[0], "X-Amici-Kind").as_deref(), Some("error"));
    let text = mail_parser::MessageParser::default()
        .parse(&ivan[0])
        .and_then(|m| m.body_text(0).map(|t| t.to_string()))
        .unwrap_or_default();
    assert!(text.contains("too large"), "{text}");

    // 2. 10,000 MIME parts, the move in the first: read in bounded time, the move stands.
    let mut parts = head(
        "ivan@example.test",
        "parts",
        "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n",
    )
    .into_bytes();
    parts.extend_from_slice(b"--b\r\nContent-Type: text/plain\r\n\r\n1. e2-e4\r\n");
    for i in 0..10_000 {
        parts.extend_from_slice(
            format!("--b\r\nContent-Type: application/octet-stream\r\n\r\npart {i}\r\n").as_bytes(),
        );
    }
    parts.extend_from_slice(b"--b--\r\n");
    stack.send("ivan", "bot", &parts).await;
    let ivan = stack.wait_for("ivan", 2, WAIT).await;
    assert_eq!(
        header(&ivan[1], "X-Amici-Kind").as_deref(),
        Some("incomplete"),
        "a bare move stands; the dates and totals are missing (Art. 9 В)"
    );

    // 3. Broken base64 and a bogus charset from Petar: an answer, no crash, no move applied.
    let broken = head(
        "petar@example.test",
        "broken",
        "Content-Type: text/plain; charset=x-no-such-charset\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!####$$$$%%%%\r\n",
    );
    stack.send("petar", "bot", broken.as_bytes()).await;
    let petar = stack.wait_for("petar", 2, WAIT).await; // the forwarded move, then the answer
    let kind = header(&petar[1], "X-Amici-Kind").unwrap_or_default();
    assert!(
        kind == "error" || kind == "no-move",
        "a broken letter applies no move: {kind}"
    );

    // 4. Header injection in the display name (encoded CR/LF): the reply has no injected header.
    let inject = head(
        "=?utf-8?q?Petar=0D=0ABcc=3A_evil=40example=2Etest?= <petar@example.test>",
        "inject",
        "Content-Type: text/plain; charset=utf-8\r\n\r\n1... e7-e5\r\n",
    );
    stack.send("petar", "bot", inject.as_bytes()).await;
    let petar = stack.wait_for("petar", 3, WAIT).await;
    assert_eq!(
        header(&petar[2], "X-Amici-Kind").as_deref(),
        Some("incomplete"),
        "a bare move stands; the dates and totals are missing (Art. 9 В)"
    );
    assert!(header(&petar[2], "Bcc").is_none());
    let head_text = String::from_utf8_lossy(&petar[2]);
    let headers = head_text.split("\r\n\r\n").next().unwrap_or("");
    assert!(
        !headers
            .lines()
            .any(|l| l.to_ascii_lowercase().starts_with("bcc:")),
        "{headers}"
    );

    // Still alive and answering.
    assert!(
        amici.exited().is_none(),
        "amici died:\n{}",
        amici.all_logs()
    );
    let out = amici.command(&["status", "--format", "json"]);
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(status["games"][0]["moves"], serde_json::json!(["e4", "e5"]));
}
