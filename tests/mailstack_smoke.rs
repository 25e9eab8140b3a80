//! The test mail system itself: real SMTP in, real IMAP out, TLS with the private CA, and
//! servers that can be stopped and restarted — what every end-to-end test stands on.

mod support;

use std::time::Duration;

use async_imap::Client;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::Tls;
use lettre::{AsyncSmtpTransport, Tokio1Executor};
use support::{MailStack, header};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_rustls::rustls::pki_types::ServerName;

const WAIT: Duration = Duration::from_secs(10);

fn letter(from: &str, to: &str, subject: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n\
         Date: Tue, 01 Dec 2026 10:00:00 +0200\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

#[tokio::test]
async fn smtp_letter_from_ivan_reaches_petar_over_imap_with_headers_intact() {
    let stack = MailStack::start(&["bot", "ivan", "petar"]);
    let raw = "From: =?UTF-8?B?0JjQstCw0L0=?= <ivan@example.test>\r\n\
         To: petar@example.test\r\n\
         Subject: BG-2026-01/1: 12. Kf3\r\n\
         Message-ID: <smoke-1@example.test>\r\n\
         In-Reply-To: <bot-7@example.test>\r\n\
         References: <bot-6@example.test>\r\n <bot-7@example.test>\r\n\
         X-Amici-Test: folded\r\n\tvalue\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n\
         12. Цf3 (Kf3)\r\nПоздрави\r\n"
        .as_bytes();
    stack.send("ivan", "petar", raw).await;

    // the front end delivers before answering DATA: no waiting needed
    let inbox = stack.fetch_all("petar").await;
    assert_eq!(inbox.len(), 1, "petar's INBOX");
    let got = &inbox[0];
    assert_eq!(
        header(got, "subject").as_deref(),
        Some("BG-2026-01/1: 12. Kf3")
    );
    assert_eq!(
        header(got, "Message-ID").as_deref(),
        Some("<smoke-1@example.test>")
    );
    assert_eq!(
        header(got, "In-Reply-To").as_deref(),
        Some("<bot-7@example.test>")
    );
    assert_eq!(
        header(got, "References").as_deref(),
        Some("<bot-6@example.test> <bot-7@example.test>")
    );
    assert_eq!(header(got, "X-Amici-Test").as_deref(), Some("folded value"));
    assert_eq!(
        header(got, "From").as_deref(),
        Some("=?UTF-8?B?0JjQstCw0L0=?= <ivan@example.test>")
    );
    // the whole letter arrives byte for byte, after the trace headers added on delivery
    // (and before the final CRLF lettre always adds in front of the closing dot)
    let intact = got.windows(raw.len()).any(|w| w == raw);
    assert!(
        intact,
        "delivered message does not contain the sent one byte for byte"
    );
    assert!(
        header(got, "Return-Path").is_some(),
        "LMTP adds Return-Path"
    );

    assert!(
        stack.fetch_all("ivan").await.is_empty(),
        "ivan's INBOX stays empty"
    );
    assert_eq!(stack.wait_for("petar", 1, WAIT).await.len(), 1);

    // no relaying and no unknown users: refused at RCPT
    let refused = stack.try_send("ivan", "nobody", raw).await;
    assert!(
        refused.is_err_and(|e| e.contains("550")),
        "unknown user refused"
    );
    let relay = stack.try_send("ivan", "someone@elsewhere.test", raw).await;
    assert!(relay.is_err_and(|e| e.contains("550")), "relaying refused");
}

#[tokio::test]
async fn starttls_smtps_and_imaps_are_reachable_with_the_private_ca() {
    let stack = MailStack::start(&["bot", "ivan", "petar"]);
    let creds = Credentials::new("ivan@example.test".into(), "password".into());

    // SMTP with STARTTLS (Tls::Required) and AUTH
    let starttls = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("localhost")
        .port(stack.smtp_port)
        .tls(Tls::Required(stack.smtp_tls()))
        .credentials(creds.clone())
        .build();
    let raw = letter(
        "ivan@example.test",
        "petar@example.test",
        "starttls",
        "tls-1@x",
        "a",
    );
    stack
        .try_send_with(&starttls, "ivan", "petar", &raw)
        .await
        .expect("STARTTLS send");

    // SMTPS (implicit TLS, Tls::Wrapper)
    let smtps = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("localhost")
        .port(stack.smtps_port)
        .tls(Tls::Wrapper(stack.smtp_tls()))
        .credentials(creds)
        .build();
    let raw = letter(
        "ivan@example.test",
        "petar@example.test",
        "smtps",
        "tls-2@x",
        "b",
    );
    stack
        .try_send_with(&smtps, "ivan", "petar", &raw)
        .await
        .expect("SMTPS send");

    // a wrong password is refused
    let wrong = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("localhost")
        .port(stack.smtps_port)
        .tls(Tls::Wrapper(stack.smtp_tls()))
        .credentials(Credentials::new("ivan".into(), "wrong".into()))
        .build();
    assert!(
        stack
            .try_send_with(&wrong, "ivan", "petar", &raw)
            .await
            .is_err()
    );

    // IMAPS: TLS from the first byte, certificate checked against the private CA
    let name = ServerName::try_from("localhost").expect("server name");
    let tcp = TcpStream::connect(("127.0.0.1", stack.imaps_port))
        .await
        .expect("connect");
    let tls = stack
        .tls_connector()
        .connect(name.clone(), tcp)
        .await
        .expect("IMAPS handshake");
    let mut client = Client::new(tls);
    client
        .read_response()
        .await
        .expect("greeting")
        .expect("greeting");
    let mut session = client
        .login("petar", "password")
        .await
        .map_err(|(e, _)| e)
        .expect("login");
    let inbox = session.examine("INBOX").await.expect("EXAMINE");
    assert_eq!(inbox.exists, 2, "both TLS submissions delivered");
    session.logout().await.expect("logout");

    // IMAP STARTTLS on the plain port: greeting, STARTTLS, then TLS (no second greeting)
    let tcp = TcpStream::connect(("127.0.0.1", stack.imap_port))
        .await
        .expect("connect");
    let mut plain = BufReader::new(tcp);
    let mut line = String::new();
    plain.read_line(&mut line).await.expect("greeting");
    assert!(line.contains("STARTTLS"), "STARTTLS offered: {line}");
    plain
        .get_mut()
        .write_all(b"a1 STARTTLS\r\n")
        .await
        .expect("STARTTLS");
    line.clear();
    plain.read_line(&mut line).await.expect("STARTTLS answer");
    assert!(line.starts_with("a1 OK"), "{line}");
    let tls = stack
        .tls_connector()
        .connect(name, plain.into_inner())
        .await
        .expect("handshake");
    let client = Client::new(tls);
    let mut session = client
        .login("petar", "password")
        .await
        .map_err(|(e, _)| e)
        .expect("login");
    assert_eq!(session.examine("INBOX").await.expect("EXAMINE").exists, 2);
    session.logout().await.expect("logout");

    // the public roots do not know the private CA: the certificate is really checked
    let tcp = TcpStream::connect(("127.0.0.1", stack.imaps_port))
        .await
        .expect("connect");
    let public = public_roots_connector();
    let refused = public
        .connect(ServerName::try_from("localhost").expect("name"), tcp)
        .await;
    assert!(
        refused.is_err(),
        "a CA outside the trust store must be refused"
    );
}

fn public_roots_connector() -> tokio_rustls::TlsConnector {
    use std::sync::Arc;
    use tokio_rustls::rustls;
    let roots = rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    tokio_rustls::TlsConnector::from(Arc::new(config))
}

#[tokio::test]
async fn dovecot_and_smtp_stop_restart_and_deliver_again() {
    let stack = MailStack::start(&["bot", "ivan", "petar"]);
    let first = letter(
        "ivan@example.test",
        "petar@example.test",
        "before",
        "r-1@x",
        "1",
    );
    stack.send("ivan", "petar", &first).await;

    // Dovecot down: IMAP refused, and the SMTP front end cannot deliver (temporary 4xx)
    stack.stop_imap();
    assert!(
        stack.try_fetch_all("petar").await.is_err(),
        "IMAP while Dovecot is down"
    );
    let lost = letter(
        "ivan@example.test",
        "petar@example.test",
        "while down",
        "r-2@x",
        "2",
    );
    let refused = stack.try_send("ivan", "petar", &lost).await;
    assert!(
        refused.is_err_and(|e| e.contains("451")),
        "a temporary failure while Dovecot is down"
    );

    // SMTP down too: connection refused
    stack.stop_smtp();
    assert!(
        stack.try_send("ivan", "petar", &lost).await.is_err(),
        "SMTP while stopped"
    );

    stack.start_imap();
    stack.start_smtp();
    let after = letter(
        "ivan@example.test",
        "petar@example.test",
        "after",
        "r-3@x",
        "3",
    );
    stack.send("ivan", "petar", &after).await;
    let inbox = stack.wait_for("petar", 2, WAIT).await;
    let subjects: Vec<_> = inbox
        .iter()
        .map(|m| header(m, "Subject").unwrap_or_default())
        .collect();
    assert_eq!(
        subjects,
        ["before", "after"],
        "mail kept across the restart, nothing invented"
    );

    // and once more, both at once
    stack.stop_all();
    stack.start_all();
    stack.send("petar", "ivan", &after).await;
    assert_eq!(stack.wait_for("ivan", 1, WAIT).await.len(), 1);
}

#[tokio::test]
async fn parallel_stacks_get_separate_ports_and_mailboxes() {
    let (a, b) = tokio::join!(
        tokio::task::spawn_blocking(|| MailStack::start(&["bot", "ivan"])),
        tokio::task::spawn_blocking(|| MailStack::start(&["bot", "ivan"])),
    );
    let (a, b) = (a.expect("stack a"), b.expect("stack b"));
    assert_ne!(a.imap_port, b.imap_port);
    assert_ne!(a.smtp_port, b.smtp_port);
    a.send(
        "bot",
        "ivan",
        &letter("bot@example.test", "ivan@example.test", "a", "p@x", "a"),
    )
    .await;
    assert_eq!(a.fetch_all("ivan").await.len(), 1);
    assert!(
        b.fetch_all("ivan").await.is_empty(),
        "stack b is a separate mail system"
    );
}

#[test]
fn header_unfolds_ignores_case_and_stops_at_the_body() {
    let raw = b"Subject: one\r\n two\r\nX-Kind: ack\r\n\r\nX-Kind: body\r\n";
    assert_eq!(header(raw, "SUBJECT").as_deref(), Some("one two"));
    assert_eq!(header(raw, "x-kind").as_deref(), Some("ack"));
    assert_eq!(header(raw, "X-Missing"), None);
    assert_eq!(header(b"A: 1\n\nB: 2\n", "B"), None, "bare LF letters too");
}
