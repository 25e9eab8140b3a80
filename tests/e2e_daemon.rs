//! End to end, on a real Dovecot + SMTP server on loopback, with `amici run` as a child
//! process: players send letters over SMTP, amici picks them up by IDLE, and its
//! acknowledgements and forwarded moves are read back from the players' mailboxes over IMAP.

mod support;

use std::time::Duration;

use support::{AmiciProcess, MailStack, header};

const WAIT: Duration = Duration::from_secs(30);

/// Today in the tournament's time zone: the tournament starts today, so the letters below can
/// state the exact figures of Art. 8 (0 days) and be complete.
fn today() -> chrono::NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Sofia)
        .date_naive()
}

fn tournament() -> String {
    r#"[[tournament]]
id = "E2E"
name = "End-to-end"
mode = "email"
notation = "bg"
start = TODAY
end = 2027-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  { name = "Иван Петров", email = "ivan@example.test", language = "bg" },
  { name = "Petar Georgiev", email = "petar@example.test", language = "en" },
]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#
    .replace("TODAY", &today().to_string())
}

fn letter(from: &str, subject: &str, id: &str, in_reply_to: Option<&str>, body: &str) -> Vec<u8> {
    let mut s = format!(
        "From: {from}\r\nTo: bot@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\nDate: Tue, 01 Dec 2026 10:00:00 +0200\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n"
    );
    if let Some(r) = in_reply_to {
        s.push_str(&format!("In-Reply-To: {r}\r\nReferences: {r}\r\n"));
    }
    s.push_str("\r\n");
    s.push_str(body);
    s.into_bytes()
}

fn body(raw: &[u8]) -> String {
    let parsed = mail_parser::MessageParser::default()
        .parse(raw)
        .expect("parsable reply");
    parsed
        .body_text(0)
        .map(|t| t.to_string())
        .unwrap_or_default()
}

fn kinds(msgs: &[Vec<u8>]) -> Vec<String> {
    msgs.iter()
        .map(|m| header(m, "X-Amici-Kind").unwrap_or_default())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_letters_are_acknowledged_and_forwarded_over_idle() {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar"]);
    // Polling every 10 minutes: within the 30 s waits below only IDLE can bring the letters.
    let config = AmiciProcess::config_toml(&stack, &tournament()).replace(
        "mailbox = \"INBOX\"",
        "mailbox = \"INBOX\"\npoll_seconds = 600",
    );
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[]);
    amici.wait_for_log("IMAP connected", WAIT);
    assert!(
        amici.current_logs().contains("idle=true"),
        "Dovecot offers IDLE: {}",
        amici.current_logs()
    );

    // White's first move, complete (Art. 8: date sent, time, totals), full Bulgarian notation
    // with a Cyrillic look-alike е.
    let d = today().format("%-d.%-m.%Y").to_string();
    let first = format!(
        "Здравей,\r\n\r\n1. е2-е4; {d} = 0 дни; общо време: белите 0 – черните 0\r\n\r\nИван\r\n"
    );
    let first = letter(
        "Иван Петров <ivan@example.test>",
        "E2E/1",
        "w1@example.test",
        None,
        &first,
    );
    stack.send("ivan", "bot", &first).await;
    let ivan = stack.wait_for("ivan", 1, WAIT).await;
    let petar = stack.wait_for("petar", 1, WAIT).await;
    let ack = &ivan[0];
    assert_eq!(header(ack, "X-Amici-Kind").as_deref(), Some("ack"));
    assert_eq!(header(ack, "X-Amici-Game").as_deref(), Some("E2E/1"));
    assert_eq!(
        header(ack, "Auto-Submitted").as_deref(),
        Some("auto-replied")
    );
    assert_eq!(
        header(ack, "In-Reply-To").as_deref(),
        Some("<w1@example.test>")
    );
    assert!(header(ack, "From").unwrap().contains("bot@example.test"));
    assert!(body(ack).contains("1. e2-e4"), "{}", body(ack));
    let fwd = &petar[0];
    assert_eq!(header(fwd, "X-Amici-Kind").as_deref(), Some("move"));
    assert_eq!(header(fwd, "X-Amici-Game").as_deref(), Some("E2E/1"));
    assert_eq!(
        header(fwd, "Auto-Submitted").as_deref(),
        Some("auto-generated")
    );
    let fwd_body = body(fwd);
    assert!(fwd_body.contains("1. e2-e4"), "{fwd_body}");
    assert!(
        fwd_body.contains("Total time: White"),
        "both totals are stated: {fwd_body}"
    );

    // Black answers by replying to the forwarded move: no game id anywhere, the thread says it.
    let fwd_id = header(fwd, "Message-ID").unwrap();
    stack
        .send(
            "petar",
            "bot",
            &letter(
                "Petar Georgiev <petar@example.test>",
                "Re: your move",
                "b1@example.test",
                Some(&fwd_id),
                "1... e7-e5\r\n\r\nOn Tue, amici wrote:\r\n> 1. e2-e4\r\n> 2. d2-d4\r\n",
            ),
        )
        .await;
    let petar = stack.wait_for("petar", 2, WAIT).await;
    let ivan = stack.wait_for("ivan", 2, WAIT).await;
    assert_eq!(
        kinds(&petar),
        ["move", "incomplete"],
        "a bare move stands; the missing items are listed"
    );
    assert_eq!(kinds(&ivan), ["ack", "move"]);
    assert!(body(&ivan[1]).contains("1... e7-e5"), "{}", body(&ivan[1]));

    // An impossible move: refused with Art. 14, the arbiter copied, nothing forwarded.
    stack
        .send(
            "ivan",
            "bot",
            &letter(
                "ivan@example.test",
                "E2E/1",
                "w2@example.test",
                None,
                "2. Кg1-e3\r\n",
            ),
        )
        .await;
    let ivan = stack.wait_for("ivan", 3, WAIT).await;
    assert_eq!(header(&ivan[2], "X-Amici-Kind").as_deref(), Some("error"));
    assert!(body(&ivan[2]).contains("чл. 14"), "{}", body(&ivan[2]));
    let arbiter = stack.wait_for("arbiter", 1, WAIT).await;
    assert_eq!(
        header(&arbiter[0], "X-Amici-Kind").as_deref(),
        Some("error")
    );

    // The record: two moves, White to move, White's 5 penalty days on his clock.
    let out = amici.command(&["status", "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let g = &status["games"][0];
    assert_eq!(g["moves"], serde_json::json!(["e4", "e5"]));
    assert_eq!(g["to_move"], "white");
    assert_eq!(g["clock"]["white"]["penalty_days"], 5);
    assert_eq!(
        stack.fetch_all("petar").await.len(),
        2,
        "the refused move was not forwarded"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auto_replies_bounces_and_strangers_get_no_answer() {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar", "stranger"]);
    let mut amici = AmiciProcess::start(&stack, &tournament());
    amici.wait_for_log("IMAP connected", WAIT);
    let mut auto = letter(
        "ivan@example.test",
        "Out of office",
        "ooo@example.test",
        None,
        "1. e2-e4\r\n",
    );
    auto.splice(0..0, b"Auto-Submitted: auto-replied\r\n".iter().copied());
    stack.send("ivan", "bot", &auto).await;
    stack
        .send(
            "stranger",
            "bot",
            &letter(
                "stranger@example.test",
                "hello",
                "s1@example.test",
                None,
                "1. e2-e4\r\n",
            ),
        )
        .await;
    // A real letter afterwards proves the two were processed (in order) and left no trace.
    stack
        .send(
            "ivan",
            "bot",
            &letter(
                "ivan@example.test",
                "E2E/1",
                "w1@example.test",
                None,
                "1. d2-d4\r\n",
            ),
        )
        .await;
    let ivan = stack.wait_for("ivan", 1, WAIT).await;
    assert_eq!(kinds(&ivan), ["incomplete"]);
    assert!(body(&ivan[0]).contains("d2-d4"));
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        stack.fetch_all("ivan").await.len(),
        1,
        "the auto-reply got no answer"
    );
    assert!(
        stack.fetch_all("stranger").await.is_empty(),
        "strangers get no answer by default"
    );
}

/// Messages in a folder of `user`'s mailbox.
async fn folder_count(stack: &MailStack, user: &str, folder: &str) -> u32 {
    let mut s = stack.imap_login(user).await.expect("login");
    let n = s.examine(folder).await.map(|m| m.exists).unwrap_or(0);
    let _ = s.logout().await;
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polling_without_idle_and_processed_letters_moved_to_a_folder() {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar"]);
    let config = AmiciProcess::config_toml(&stack, &tournament()).replace(
        "mailbox = \"INBOX\"",
        "mailbox = \"INBOX\"\nidle = false\npoll_seconds = 1\nprocessed_folder = \"amici-done\"",
    );
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[]);
    amici.wait_for_log("IMAP connected", WAIT);
    assert!(
        amici.current_logs().contains("idle=false"),
        "{}",
        amici.current_logs()
    );
    stack
        .send(
            "ivan",
            "bot",
            &letter(
                "ivan@example.test",
                "E2E/1",
                "p1@example.test",
                None,
                "1. e2-e4\r\n",
            ),
        )
        .await;
    let ivan = stack.wait_for("ivan", 1, WAIT).await;
    assert_eq!(header(&ivan[0], "X-Amici-Game").as_deref(), Some("E2E/1"));
    // The processed letter left the INBOX for the configured folder.
    let deadline = std::time::Instant::now() + WAIT;
    while folder_count(&stack, "bot", "amici-done").await < 1 {
        assert!(
            std::time::Instant::now() < deadline,
            "the letter was not moved"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(folder_count(&stack, "bot", "INBOX").await, 0);
    // A restart finds nothing new: the letter is not applied twice.
    amici.restart();
    amici.wait_for_log("IMAP connected", WAIT);
    stack
        .send(
            "petar",
            "bot",
            &letter(
                "petar@example.test",
                "E2E/1",
                "p2@example.test",
                None,
                "1... e7-e5\r\n",
            ),
        )
        .await;
    stack.wait_for("ivan", 2, WAIT).await;
    let out = amici.command(&["status", "--format", "json"]);
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(status["games"][0]["moves"], serde_json::json!(["e4", "e5"]));
}

/// The day a site page was generated (its footer's `<time datetime>`).
fn generated(page: &str) -> Option<String> {
    regex::Regex::new(r#"<footer>[^<]*<time datetime="(\d{4}-\d\d-\d\d)">"#)
        .unwrap()
        .captures(page)
        .map(|c| c[1].to_string())
}

/// Waits until `path` exists and `ok` holds for its text; the last text read.
async fn site_page(path: &std::path::Path, ok: impl Fn(&str) -> bool) -> String {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if ok(&text) {
            return text;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{} not as expected within {WAIT:?}:\n{text}",
            path.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The thinking days of each side on a game page's clocks table (White, Black).
fn clock_days(page: &str) -> Vec<String> {
    regex::Regex::new(r#"<tr><th scope="row" class="l">[^<]*</th><td>(\d+)</td>"#)
        .unwrap()
        .captures_iter(page)
        .map(|c| c[1].to_string())
        .collect()
}

/// With `[site] dir`, the daemon writes the site after a batch of letters and again after
/// its tick (src/daemon.rs calls `site::after_batch` in both places). The clock is fixed by
/// `AMICI_NOW`: today, the start (a letter's arrival is the mail server's own time, so the
/// start must be today), then — amici stopped and started again — eighteen days later, when
/// only the start-up tick can rewrite the site (no letter is waiting). Black's clock is
/// worked out here: 1. e4 reached him today; the arrival day does not count and the next
/// is free (docs/guide.md), so eighteen days later he has thought 18 − 1 = 17 days.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daemon_writes_the_site_after_a_letter_and_again_after_its_tick() {
    let stack = MailStack::start(&["bot", "arbiter", "ivan", "petar"]);
    let start = today();
    let later = start + chrono::Days::new(18);
    let now = chrono::Utc::now().with_timezone(&chrono_tz::Europe::Sofia);
    let at = |day: chrono::NaiveDate| format!("{day}T{}", now.format("%H:%M:%S%:z"));
    let config = AmiciProcess::config_toml(&stack, &tournament())
        + "\n[site]\ndir = \"public\"\npublish_delay_moves = 0\n";
    let mut amici = AmiciProcess::start_with_config(&stack, &config, &[("AMICI_NOW", &at(start))]);
    amici.wait_for_log("IMAP connected", WAIT);
    let site = amici.dir().join("public");
    let game = site.join("E2E/1.html");
    // The start-up tick writes the site first: the game without a move.
    let page = site_page(&game, |p| generated(p).is_some()).await;
    assert!(!page.contains("<tr data-ply="), "no move yet: {page}");
    assert_eq!(generated(&page), Some(start.to_string()));

    stack
        .send(
            "ivan",
            "bot",
            &letter(
                "ivan@example.test",
                "E2E/1",
                "s1@example.test",
                None,
                "1. е2-е4\r\n",
            ),
        )
        .await;
    stack.wait_for("petar", 1, WAIT).await;
    // The batch that played the move rewrote the site: published live, the move is there.
    let page = site_page(&game, |p| p.contains("<tr data-ply=\"1\">")).await;
    assert!(
        page.contains("<td class=\"l\">e2-e4</td><td class=\"l\">e4</td>"),
        "1. e2-e4 on the game page: {page}"
    );
    assert_eq!(
        clock_days(&page),
        ["0", "0"],
        "both clocks on the first day"
    );
    let pgn = std::fs::read_to_string(site.join("E2E/1.pgn")).unwrap();
    assert!(pgn.contains("1. e4"), "{pgn}");

    // Eighteen days later: the tick at start-up rewrites the site.
    amici.set_env("AMICI_NOW", &at(later));
    amici.restart();
    let index = site_page(&site.join("index.html"), |p| {
        generated(p) == Some(later.to_string())
    })
    .await;
    assert!(index.contains("End-to-end"), "{index}");
    let page = std::fs::read_to_string(&game).unwrap();
    assert_eq!(generated(&page), Some(later.to_string()));
    assert_eq!(
        clock_days(&page),
        ["0", "17"],
        "White 0 days, Black 17 eighteen days on: {page}"
    );
    assert!(
        page.contains("<tr data-ply=\"1\">"),
        "the move is still shown"
    );
}
