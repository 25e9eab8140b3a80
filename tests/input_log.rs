//! Issue 11, item 1: every input that changes state is logged in the store, in the order it
//! was applied — letters (processed or set aside), ticks, arbiter commands from the command
//! line, each config version in force (text kept once), a forwarded move refused for good at
//! submission and a re-sent one delivered (RULES.md §3) — so `amici audit` can replay them.

use amici::store::{InputKind, SendOutcome, Store};
#[path = "support/history.rs"]
mod history;
use history::{at, config_text, letter};

fn kinds(store: &Store) -> Vec<String> {
    store
        .inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.kind)
        .collect()
}

#[test]
fn every_input_is_logged_in_the_order_it_was_applied() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amici.toml");
    let text = config_text(dir.path(), "arbiter@example.test", "");
    std::fs::write(&path, &text).unwrap();
    let config = amici::config::parse(&path, &text).unwrap();
    let mut store = Store::open(&config.bot.database).unwrap();

    // The config in force, once however often it is synced.
    amici::engine::sync_config(&mut store, &config).unwrap();
    amici::engine::sync_config(&mut store, &config).unwrap();
    assert_eq!(kinds(&store), ["config"]);
    assert_eq!(
        store
            .config_version(&config.source_sha256)
            .unwrap()
            .as_deref(),
        Some(text.as_str()),
        "the text of the version is kept"
    );

    // A letter: logged when processed, with its inbound row, at the processing time.
    let t1 = at("2026-01-11T10:00:00+02:00");
    amici::engine::store_raw(
        &mut store,
        &config,
        &letter("m1", "a@example.test", "1. e2-e4"),
        t1,
        "ingest",
        None,
    )
    .unwrap();
    assert_eq!(kinds(&store), ["config"], "stored is not yet applied");
    let t2 = at("2026-01-11T10:05:00+02:00");
    amici::engine::process_pending(&mut store, &config, t2).unwrap();
    let log = store.inputs().unwrap();
    assert_eq!(log[1].kind, "letter");
    assert!(log[1].inbound.is_some());
    assert_eq!(log[1].at, t2.to_rfc3339());

    // The forwarded move to Black refused for good at submission: logged (it suspends the
    // game, RULES.md §3); then re-sent and delivered: logged too.
    let rows = store
        .lease_outbox(&t2.to_rfc3339(), "2099-01-01T00:00:00Z", 100)
        .unwrap();
    let forward = rows
        .iter()
        .find(|r| r.kind == "move" && r.recipient == "b@example.test")
        .expect("the forwarded move")
        .clone();
    amici::mail::deliver::undeliverable(
        &mut store,
        &config,
        &forward,
        "550 mailbox unavailable",
        at("2026-01-11T10:06:00+02:00"),
    )
    .unwrap();
    let log = store.inputs().unwrap();
    assert_eq!(log[2].kind, InputKind::Undeliverable.as_str());
    assert!(
        log[2]
            .detail
            .as_deref()
            .unwrap()
            .starts_with(&forward.message_id)
    );
    // A tick and an arbiter command from the command line (its line kept).
    let t3 = at("2026-01-12T06:00:00+02:00");
    amici::tick::run(&mut store, &config, t3).unwrap();
    let t4 = at("2026-01-12T09:00:00+02:00");
    let done =
        amici::engine::run_command(&mut store, &config, "penalty T/1 black 2 Art. 16", t4).unwrap();
    assert!(done.is_ok(), "{done:?}");
    let log = store.inputs().unwrap();
    assert_eq!(log[3].kind, "tick");
    assert_eq!(log[3].at, t3.to_rfc3339());
    assert_eq!(log[4].kind, "command");
    assert_eq!(
        log[4].detail.as_deref(),
        Some("penalty T/1 black 2 Art. 16")
    );

    // A new config version: logged once, from the next sync on.
    let text2 = config_text(
        dir.path(),
        "arbiter@example.test",
        "\nname = \"Championship\"",
    );
    std::fs::write(&path, &text2).unwrap();
    let config2 = amici::config::parse(&path, &text2).unwrap();
    assert_ne!(config2.source_sha256, config.source_sha256);
    amici::engine::sync_config(&mut store, &config2).unwrap();
    amici::engine::sync_config(&mut store, &config2).unwrap();
    let log = store.inputs().unwrap();
    assert_eq!(log.len(), 6);
    assert_eq!(log[5].kind, "config");
    assert_eq!(
        log[5].detail.as_deref(),
        Some(config2.source_sha256.as_str())
    );

    let resend = amici::engine::run_command(
        &mut store,
        &config2,
        "resend T/1",
        at("2026-01-13T09:00:00+02:00"),
    )
    .unwrap();
    assert!(resend.is_ok(), "{resend:?}");
    let again = store
        .lease_outbox("2026-01-13T09:00:01+02:00", "2099-01-01T00:00:00Z", 100)
        .unwrap();
    let again = again
        .iter()
        .find(|r| r.kind == "move")
        .expect("the move sent again");
    amici::engine::record_sends(
        &mut store,
        &config2,
        &[(again.id, SendOutcome::Sent)],
        at("2026-01-13T09:01:00+02:00"),
    )
    .unwrap();
    assert_eq!(
        kinds(&store),
        [
            "config",
            "letter",
            "undeliverable",
            "tick",
            "command",
            "config",
            "command",
            "delivered"
        ]
    );
    let log = store.inputs().unwrap();
    assert_eq!(log[7].detail.as_deref(), Some(again.message_id.as_str()));
}

#[test]
fn a_database_from_before_the_log_says_which_letters_came_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amici.toml");
    let text = config_text(dir.path(), "arbiter@example.test", "");
    let config = amici::config::parse(&path, &text).unwrap();
    let store = Store::open(&config.bot.database).unwrap();
    // A fresh database: nothing came before its log.
    assert_eq!(
        store.meta("input_log_after_inbound").unwrap().as_deref(),
        Some("0")
    );
}
