//! A forwarded move that a remote relay bounces later (RULES.md §3, issue 8 item 7), end to end
//! on real servers: the DSN comes back to the VERP return path `bot+<outbox id>@…`; amici marks
//! that message failed, suspends the game for both clocks and tells the arbiter and the player
//! who moved, once; the arbiter's `resend` sends the move again and its delivery ends the
//! suspension.

mod support;

use std::time::{Duration, Instant};

use support::{AmiciProcess, MailStack, header};

fn tournament() -> String {
    format!(
        "[[tournament]]\nid = \"D\"\nstart = {}\nend = 2028-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\nplayers = [ {{ name = \"Ivan\", email = \"w0@example.test\" }}, {{ name = \"Petar\", email = \"b0@example.test\" }} ]\ngames = [ {{ white = \"w0@example.test\", black = \"b0@example.test\" }} ]\n",
        support::today()
    )
}

/// Sends as a mail server sends a bounce: with the null envelope sender `<>`.
async fn send_null_sender(stack: &MailStack, to: &str, raw: &[u8]) {
    use lettre::address::Envelope;
    use lettre::transport::smtp::client::AsyncSmtpConnection;
    use lettre::transport::smtp::extension::ClientId;
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", stack.smtp_port))
        .await
        .unwrap();
    tcp.set_nodelay(true).unwrap();
    let mut c = AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &ClientId::default())
        .await
        .unwrap();
    let envelope = Envelope::new(None, vec![to.parse().unwrap()]).unwrap();
    c.send(&envelope, raw).await.unwrap();
    let _ = c.quit().await;
}

fn text(raw: &[u8]) -> String {
    mail_parser::MessageParser::default()
        .parse(raw)
        .and_then(|m| m.body_text(0).map(|t| t.into_owned()))
        .unwrap_or_default()
}

fn db(amici: &AmiciProcess) -> rusqlite::Connection {
    rusqlite::Connection::open(amici.dir().join("amici.sqlite3")).unwrap()
}

fn wait<T>(what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < until, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A delivery status notification as a remote MTA writes it (RFC 3464), returning the
/// headers of `original`.
fn dsn(id: &str, to: &str, original: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(original);
    let headers = text.split("\r\n\r\n").next().unwrap_or_default();
    format!(
        "From: Mail Delivery System <MAILER-DAEMON@relay.example.test>\r\nTo: {to}\r\n\
Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <{id}@relay.example.test>\r\n\
Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n\
Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n\
--B\r\nContent-Type: text/plain\r\n\r\nThis is the mail system at host relay.example.test.\r\n\
Your message could not be delivered to one or more recipients.\r\n\r\n\
--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; relay.example.test\r\n\r\n\
Final-Recipient: rfc822; b0@example.test\r\nOriginal-Recipient: rfc822; b0@example.test\r\n\
Action: failed\r\nStatus: 5.2.2\r\nDiagnostic-Code: smtp; 552 5.2.2 Mailbox full\r\n\r\n\
--B\r\nContent-Type: text/rfc822-headers\r\n\r\n{headers}\r\n\r\n--B--\r\n"
    )
    .into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_s3_a_bounced_forward_is_failed_suspends_the_game_and_is_told_once() {
    let stack = MailStack::start(&["bot", "arbiter", "w0", "b0"]);
    let mut amici = AmiciProcess::start(&stack, &tournament());
    amici.wait_for_log("IMAP connected", Duration::from_secs(30));
    stack
        .send(
            "w0",
            "bot",
            b"From: w0@example.test\r\nTo: bot@example.test\r\nSubject: D/1\r\nMessage-ID: <m1@example.test>\r\n\r\n1. e2-e4\r\n",
        )
        .await;
    let forwarded = stack.wait_for("b0", 1, Duration::from_secs(30)).await;
    assert_eq!(
        header(&forwarded[0], "X-Amici-Kind").as_deref(),
        Some("move")
    );
    let (row, mid): (i64, String) = db(&amici)
        .query_row(
            "SELECT id, message_id FROM outbox WHERE recipient = 'b0@example.test' AND kind = 'move'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        header(&forwarded[0], "Message-ID")
            .unwrap()
            .trim_matches(|c| c == '<' || c == '>'),
        mid
    );
    let verp = format!("bot+{row}@example.test");
    let status_of = |amici: &AmiciProcess| -> String {
        db(amici)
            .query_row("SELECT status FROM outbox WHERE id = ?1", [row], |r| {
                r.get(0)
            })
            .unwrap()
    };
    // Forgeries first: the receiving player (whose clock would stop) writes a bounce himself —
    // from his own address, and then with a null sender but to a To: he wrote, not the
    // address the server delivered to. Neither has any effect.
    stack
        .send("b0", &verp, &dsn("forged-1", &verp, &forwarded[0]))
        .await;
    send_null_sender(
        &stack,
        "bot@example.test",
        &dsn("forged-2", &verp, &forwarded[0]),
    )
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let done: i64 = db(&amici)
        .query_row(
            "SELECT count(*) FROM inbound WHERE status = 'done'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(done >= 3, "both forgeries were read");
    assert_eq!(status_of(&amici), "sent", "a forged bounce changes nothing");
    // Days later the remote relay bounces it, with the null sender, to the VERP address the
    // move was sent from.
    send_null_sender(&stack, &verp, &dsn("dsn-1", &verp, &forwarded[0])).await;
    let status = wait("the row marked failed", || {
        let s = status_of(&amici);
        (s == "failed").then_some(s)
    });
    assert_eq!(status, "failed");
    let record: String = db(&amici)
        .query_row("SELECT record FROM games WHERE id = 'D/1'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(
        record.contains("9999-12-31"),
        "the game is suspended until delivery: {record}"
    );
    // The arbiter and the player who moved are told, with the game and the move.
    let arbiter = stack.wait_for("arbiter", 1, Duration::from_secs(30)).await;
    let notice = text(arbiter.last().unwrap());
    assert!(notice.contains("D/1") && notice.contains("e4"), "{notice}");
    let w0 = stack.wait_for("w0", 2, Duration::from_secs(30)).await;
    assert!(
        w0.iter().any(|m| text(m).contains("Mailbox full")),
        "the player who moved is told why"
    );
    // The same bounce again (a relay retrying its report) tells nobody twice.
    let again = dsn("dsn-2", &verp, &forwarded[0]);
    send_null_sender(&stack, &verp, &again).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        stack.fetch_all("arbiter").await.len(),
        arbiter.len(),
        "told once"
    );
    // The arbiter has the mailbox fixed and sends the move again; its delivery ends the
    // suspension.
    stack
        .send(
            "arbiter",
            "bot",
            b"From: arbiter@example.test\r\nTo: bot@example.test\r\nSubject: D/1\r\nMessage-ID: <r1@example.test>\r\n\r\nresend D/1\r\n",
        )
        .await;
    let again = stack.wait_for("b0", 2, Duration::from_secs(30)).await;
    assert_eq!(header(&again[1], "X-Amici-Kind").as_deref(), Some("move"));
    wait("the suspension to end", || {
        let record: String = db(&amici)
            .query_row("SELECT record FROM games WHERE id = 'D/1'", [], |r| {
                r.get(0)
            })
            .unwrap();
        (!record.contains("9999-12-31")).then_some(())
    });
    // Black can answer and the game goes on.
    stack
        .send(
            "b0",
            "bot",
            b"From: b0@example.test\r\nTo: bot@example.test\r\nSubject: D/1\r\nMessage-ID: <m2@example.test>\r\n\r\n1. e2-e4 e7-e5\r\n",
        )
        .await;
    wait("Black's move", || {
        let out = amici.command(&["status", "--format", "json"]);
        let st: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
        (st["games"][0]["moves"] == serde_json::json!(["e4", "e5"])).then_some(())
    });
    // The history, with its bounce, the resend and the delivery that ended the dead time,
    // replayed through today's rules decides nothing differently (issue 11).
    let audit = amici.command(&["audit"]);
    let text = String::from_utf8_lossy(&audit.stdout);
    assert_eq!(
        audit.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&audit.stderr)
    );
    assert!(text.contains(" 0 difference(s)"), "{text}");
}
