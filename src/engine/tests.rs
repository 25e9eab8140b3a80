use super::*;
use shakmaty::Color;

use crate::rules::model::Lang;

const CONFIG: &str = r#"
[bot]
address = "bot@example.test"
courtesy_replies = true
max_letters_per_sender_per_day = 5
[outbox]
dir = "unused"
[[tournament]]
id = "T"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [ { name = "Ivan", email = "ivan@example.test" }, { name = "Petar", email = "petar@example.test" } ]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#;

fn setup(extra: &str) -> (Store, Config) {
    synced(&CONFIG.replace("[outbox]", &format!("{extra}\n[outbox]")))
}

fn at() -> DateTime<FixedOffset> {
    "2026-01-12T10:00:00+02:00".parse().unwrap()
}

fn letter(from: &str, id: &str, headers: &str, body: &str) -> Vec<u8> {
    format!("From: {from}\r\nTo: bot@example.test\r\nSubject: T/1\r\nMessage-ID: <{id}>\r\n{headers}Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").into_bytes()
}

fn ingest(store: &mut Store, config: &Config, raw: &[u8]) -> Stored {
    let s = store_raw(store, config, raw, at(), "ingest", None).unwrap();
    process_pending(store, config, at()).unwrap();
    s
}

fn outbox(store: &Store) -> Vec<(String, String)> {
    store
        .due_outbox("9999", 1000)
        .unwrap()
        .into_iter()
        .map(|r| (r.recipient, r.kind))
        .collect()
}

#[test]
fn a_letter_ingested_twice_is_applied_once() {
    let (mut store, config) = setup("");
    let raw = letter("ivan@example.test", "a@x", "", "1. e2-e4");
    assert!(matches!(ingest(&mut store, &config, &raw), Stored::New(_)));
    assert!(matches!(
        ingest(&mut store, &config, &raw),
        Stored::Duplicate(_)
    ));
    // Same Message-ID, other bytes (a re-delivery with another Received: line).
    let mut again = b"Received: from relay; Mon, 12 Jan 2026 10:00:00 +0200\r\n".to_vec();
    again.extend_from_slice(&raw);
    assert!(matches!(
        ingest(&mut store, &config, &again),
        Stored::Duplicate(_)
    ));
    assert_eq!(store.game("T/1").unwrap().unwrap().moves.len(), 1);
    assert_eq!(
        outbox(&store),
        [
            ("ivan@example.test".into(), "incomplete".into()),
            ("petar@example.test".into(), "move".into())
        ]
    );
}

#[test]
fn a_processed_letter_is_not_processed_again_after_restart() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "a@x", "", "1. e2-e4"),
    );
    assert_eq!(process_pending(&mut store, &config, at()).unwrap(), 0);
    assert_eq!(store.inbound_counts().unwrap(), (0, 1));
}

#[test]
fn auto_submitted_letters_change_nothing_and_get_no_answer() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter(
            "ivan@example.test",
            "a@x",
            "Auto-Submitted: auto-replied\r\n",
            "1. e2-e4",
        ),
    );
    // stored and processed (not lost, not pending), yet no effect and no answer
    assert_eq!(store.inbound_counts().unwrap(), (0, 1));
    assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
    assert!(outbox(&store).is_empty());
}

#[test]
fn a_stranger_changes_nothing_and_gets_one_courtesy_reply_a_day() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter("eve@example.test", "e1@x", "", "1. e2-e4"),
    );
    ingest(
        &mut store,
        &config,
        &letter("eve@example.test", "e2@x", "", "1. d2-d4"),
    );
    assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
    assert_eq!(
        outbox(&store),
        [("eve@example.test".into(), "error".into())]
    );
}

#[test]
fn strangers_get_no_reply_when_courtesy_is_off() {
    let text = CONFIG.replace("courtesy_replies = true", "courtesy_replies = false");
    let config = crate::config::parse(std::path::Path::new("x.toml"), &text).unwrap();
    let mut store = Store::memory().unwrap();
    ingest(
        &mut store,
        &config,
        &letter("eve@example.test", "e1@x", "", "1. e2-e4"),
    );
    // the stranger's letter was read (stored, processed), and only the answer is left out
    assert_eq!(store.inbound_counts().unwrap(), (0, 1));
    assert!(outbox(&store).is_empty());
}

#[test]
fn the_per_sender_rate_limit_drops_letters_beyond_the_daily_cap() {
    let (mut store, config) = setup("");
    for i in 0..8 {
        ingest(
            &mut store,
            &config,
            &letter("petar@example.test", &format!("p{i}@x"), "", "hello"),
        );
    }
    let out = outbox(&store);
    assert_eq!(
        out.iter()
            .filter(|(to, _)| to == "petar@example.test")
            .count(),
        5,
        "five answered, the rest stored and ignored"
    );
    assert_eq!(
        out.iter()
            .filter(|(to, k)| to == "arbiter@example.test" && k == "notice")
            .count(),
        1,
        "the arbiter is told once that the limit was reached"
    );
    assert_eq!(store.inbound_counts().unwrap(), (0, 8));
}

#[test]
fn an_unauthenticated_letter_has_no_effect_and_the_arbiter_is_told() {
    let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
    let forged = "Authentication-Results: mx.example.test; dkim=fail header.d=example.test; spf=fail smtp.mailfrom=evil.test\r\n";
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "f@x", forged, "1. e2-e4"),
    );
    assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
    assert_eq!(
        outbox(&store),
        [("arbiter@example.test".into(), "notice".into())]
    );
    let genuine = "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n";
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "g@x", genuine, "1. e2-e4"),
    );
    assert_eq!(store.game("T/1").unwrap().unwrap().moves.len(), 1);
}

#[test]
fn forged_letters_exhausting_a_players_daily_limit_do_not_silence_his_real_letter() {
    // The limit is 5 a day; twenty forgeries in Ivan's name come first.
    let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
    for i in 0..20 {
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", &format!("forged{i}@x"), "", "1. e2-e4"),
        );
    }
    assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
    assert_eq!(
        outbox(&store),
        [("arbiter@example.test".into(), "notice".into())],
        "the arbiter is told once a day, not twenty times"
    );
    let genuine = "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n";
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "real@x", genuine, "1. e2-e4"),
    );
    assert_eq!(
        store.game("T/1").unwrap().unwrap().moves.len(),
        1,
        "his real move is applied"
    );
}

#[test]
fn an_auto_reply_known_by_its_subject_alone_is_never_applied_and_the_arbiter_told_once() {
    let (mut store, config) = setup("");
    let vacation = |id: &str, body: &str| {
        format!("From: ivan@example.test\r\nTo: bot@example.test\r\nSubject: Automatic reply: T/1\r\nMessage-ID: <{id}>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").into_bytes()
    };
    // Outlook's subject without any header: a quoted move in the body must not move.
    ingest(
        &mut store,
        &config,
        &vacation("v1@x", "I am away until Monday.\r\n1. e2-e4"),
    );
    ingest(&mut store, &config, &vacation("v2@x", "1. e2-e4"));
    ingest(
        &mut store,
        &config,
        &vacation("v3@x", "I am away until Monday."),
    );
    assert!(
        store.game("T/1").unwrap().unwrap().moves.is_empty(),
        "never applied"
    );
    assert_eq!(
        outbox(&store),
        [("arbiter@example.test".into(), "notice".into())],
        "never answered; the arbiter told once"
    );
    assert_eq!(
        store.inbound_counts().unwrap(),
        (0, 3),
        "all stored and done"
    );
}

#[test]
fn forged_authentication_results_in_each_measured_form_have_no_effect_and_the_arbiter_is_told() {
    let ours =
        "Received: from mail.sender.test by mx.example.test; Mon, 12 Jan 2026 10:00:00 +0200\r\n";
    let pass = "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n";
    let fail = "Authentication-Results: mx.example.test; dkim=fail header.d=example.test\r\n";
    let forms = [
        // the only such header, at the top of what the sender wrote (below our Received)
        format!("{ours}{pass}"),
        // below a Received: line of another hop
        format!(
            "{ours}Received: from relay.sender.test; Mon, 12 Jan 2026 09:59:00 +0200\r\n{pass}"
        ),
        // a forged pass directly under our genuine fail
        format!("{fail}{ours}{pass}"),
    ];
    for (i, headers) in forms.iter().enumerate() {
        let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
        ingest(
            &mut store,
            &config,
            &letter("ivan@example.test", &format!("f{i}@x"), headers, "1. e2-e4"),
        );
        assert!(
            store.game("T/1").unwrap().unwrap().moves.is_empty(),
            "form {i} moved a piece"
        );
        assert_eq!(
            outbox(&store),
            [("arbiter@example.test".into(), "notice".into())],
            "form {i}: only the arbiter is told"
        );
    }
    // Our host's genuine pass, at the top above our Received line, is accepted.
    let (mut store, config) = setup("trust_authentication_results = \"mx.example.test\"");
    ingest(
        &mut store,
        &config,
        &letter(
            "ivan@example.test",
            "g@x",
            &format!("{pass}{ours}"),
            "1. e2-e4",
        ),
    );
    assert_eq!(store.game("T/1").unwrap().unwrap().moves.len(), 1);
}

#[test]
fn quoted_moves_are_never_read() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter(
            "ivan@example.test",
            "q@x",
            "",
            "Hello\r\n\r\nOn Mon, Petar wrote:\r\n> 1. d2-d4\r\n",
        ),
    );
    assert!(store.game("T/1").unwrap().unwrap().moves.is_empty());
    assert_eq!(
        outbox(&store),
        [("ivan@example.test".into(), "no-move".into())]
    );
}

fn kinds(store: &Store) -> Vec<(String, String)> {
    outbox(store)
}

#[test]
fn arbiter_commands_by_letter_are_carried_out_and_told_to_those_concerned() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter(
            "arbiter@example.test",
            "a1@x",
            "",
            "Dear all,\r\npenalty T/1 white +5 unsporting behaviour\r\nRegards",
        ),
    );
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(g.penalty_days(Color::White), 5);
    assert_eq!(g.penalties[0].article, "56");
    let k = kinds(&store);
    assert!(
        k.contains(&("ivan@example.test".into(), "decision".into())),
        "{k:?}"
    );
    assert!(
        k.contains(&("petar@example.test".into(), "decision".into())),
        "{k:?}"
    );
    assert!(
        k.iter()
            .filter(|(to, _)| to == "arbiter@example.test")
            .count()
            >= 1
    );
}

#[test]
fn arbiter_words_from_a_player_are_an_ordinary_letter() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter(
            "petar@example.test",
            "p1@x",
            "",
            "penalty T/1 white +5 because",
        ),
    );
    assert_eq!(
        store
            .game("T/1")
            .unwrap()
            .unwrap()
            .penalty_days(Color::White),
        0
    );
}

#[test]
fn art_44_leave_by_letter_pauses_the_game_and_tells_the_opponent_and_arbiter() {
    let (mut store, config) = setup("");
    // at() is 12 Jan 2026: leave 1–10 February is announced before it starts.
    ingest(
        &mut store,
        &config,
        &letter(
            "petar@example.test",
            "l1@x",
            "",
            "отпуск 01.02.2026–10.02.2026",
        ),
    );
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(g.suspensions.len(), 1, "{:?}", g.suspensions);
    assert_eq!(g.suspensions[0].color, Some(Color::Black));
    let k = kinds(&store);
    for who in [
        "ivan@example.test",
        "petar@example.test",
        "arbiter@example.test",
    ] {
        assert!(k.contains(&(who.into(), "leave".into())), "{who}: {k:?}");
    }
}

#[test]
fn art_42_leave_beyond_the_yearly_quota_is_refused() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter(
            "petar@example.test",
            "l1@x",
            "",
            "leave 2026-02-01 2026-03-15",
        ),
    );
    assert!(store.game("T/1").unwrap().unwrap().suspensions.is_empty());
    assert_eq!(
        kinds(&store),
        [("petar@example.test".into(), "leave".into())]
    );
}

#[test]
fn art_43_special_leave_by_the_arbiter_also_retroactive() {
    let (mut store, config) = setup("");
    let out = crate::engine::run_command(
        &mut store,
        &config,
        "leave petar@example.test 2026-01-01 2026-01-05",
        at(),
    )
    .unwrap();
    assert!(out.is_ok(), "{out:?}");
    assert_eq!(store.game("T/1").unwrap().unwrap().suspensions.len(), 1);
}

#[test]
fn a_player_added_before_the_start_re_pairs_the_round_robin() {
    let rr = CONFIG
        .replace("pairing = \"explicit\"", "pairing = \"round-robin\"")
        .replace(
            "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
            "",
        );
    let (mut store, _) = synced(&rr);
    assert_eq!(store.games().unwrap().len(), 1);
    let more = rr.replace(
            "{ name = \"Petar\", email = \"petar@example.test\" } ]",
            "{ name = \"Petar\", email = \"petar@example.test\" }, { name = \"Maria\", email = \"maria@example.test\" } ]",
        );
    let config = crate::config::parse(std::path::Path::new("x.toml"), &more).unwrap();
    sync_config(&mut store, &config).unwrap();
    let games = store.games().unwrap();
    assert_eq!(games.len(), 3, "three players: three games");
    let expected: Vec<(String, String)> = config.tournaments[0]
        .games
        .iter()
        .map(|g| (g.white.clone(), g.black.clone()))
        .collect();
    let got: Vec<(String, String)> = games
        .iter()
        .map(|g| (g.white.clone(), g.black.clone()))
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn games_already_played_are_never_re_paired() {
    let (mut store, config) = setup("");
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "a@x", "", "1. e2-e4"),
    );
    let swapped = CONFIG.replace(
        "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]",
        "games = [ { white = \"petar@example.test\", black = \"ivan@example.test\" } ]",
    );
    let config = crate::config::parse(std::path::Path::new("x.toml"), &swapped).unwrap();
    sync_config(&mut store, &config).unwrap();
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!((g.white.as_str(), g.moves.len()), ("ivan@example.test", 1));
}

#[test]
fn a_letter_whose_reply_cannot_be_built_does_not_block_the_others() {
    let (mut store, config) = setup("");
    // A stranger with an address lettre cannot write to, and courtesy replies on.
    let bad = b"From: \"john smith\"@example.com\r\nTo: bot@example.test\r\nMessage-ID: <s@x>\r\n\r\nhello\r\n";
    store_raw(&mut store, &config, bad, at(), "ingest", None).unwrap();
    let good = letter("ivan@example.test", "i@x", "", "1. e2-e4");
    store_raw(&mut store, &config, &good, at(), "ingest", None).unwrap();
    let p = process_pending_counted(&mut store, &config, at()).unwrap();
    assert_eq!(
        store.game("T/1").unwrap().unwrap().moves.len(),
        1,
        "the next letter was applied"
    );
    // Tried again once the others were done, until set aside after max_attempts (3).
    assert_eq!((p.done, p.failed, p.set_aside), (1, 3, 1));
    assert_eq!(
        store.inbound_counts().unwrap(),
        (0, 1),
        "nothing left pending"
    );
    assert_eq!(process_pending(&mut store, &config, at()).unwrap(), 0);
}

#[test]
fn a_panicking_letter_is_rolled_back_alone_and_set_aside_after_max_attempts() {
    let (mut store, mut config) = setup("");
    config.bot.admin = Some("admin@example.test".into());
    // SAFETY: tests of this binary that read this variable run only here.
    unsafe { std::env::set_var("AMICI_TEST_PANIC_MARK", "PANIC-ME-7f3a") };
    let bad = letter("ivan@example.test", "bad@x", "", "1. e2-e4 PANIC-ME-7f3a");
    store_raw(&mut store, &config, &bad, at(), "ingest", None).unwrap();
    ingest(
        &mut store,
        &config,
        &letter("petar@example.test", "ok@x", "", "hello"),
    );
    for _ in 0..3 {
        process_pending(&mut store, &config, at()).unwrap();
    }
    unsafe { std::env::remove_var("AMICI_TEST_PANIC_MARK") };
    assert!(
        store.game("T/1").unwrap().unwrap().moves.is_empty(),
        "nothing of it applied"
    );
    assert_eq!(store.inbound_counts().unwrap(), (0, 1));
    let out = outbox(&store);
    assert!(
        out.contains(&("petar@example.test".into(), "no-move".into())),
        "{out:?}"
    );
    assert_eq!(
        out.iter()
            .filter(|(to, k)| to == "ivan@example.test" && k == "error")
            .count(),
        1,
        "its sender is told once: {out:?}"
    );
    assert_eq!(
        out.iter()
            .filter(|(to, _)| to == "admin@example.test")
            .count(),
        1,
        "the admin once: {out:?}"
    );
}

#[test]
fn art_50_the_end_date_is_extended_by_at_most_6_months_announced_30_days_before() {
    let (mut store, config) = setup("");
    let late: DateTime<FixedOffset> = "2026-12-15T10:00:00+02:00".parse().unwrap();
    let too_late =
        crate::engine::run_command(&mut store, &config, "extend T 2027-03-01", late).unwrap();
    use crate::rules::game::{Done, ExtensionRefusal, Refused};
    assert!(
        matches!(
            too_late,
            Err(Refused::Extension(ExtensionRefusal::TooLate { .. }))
        ),
        "30 days' notice: {too_late:?}"
    );
    let too_long =
        crate::engine::run_command(&mut store, &config, "extend T 2027-09-01", at()).unwrap();
    assert!(
        matches!(
            too_long,
            Err(Refused::Extension(ExtensionRefusal::OutOfRange { .. }))
        ),
        "6 months at most: {too_long:?}"
    );
    let ok = crate::engine::run_command(&mut store, &config, "extend T 2027-05-01", at()).unwrap();
    assert!(
        matches!(
            ok,
            Ok(Done::Extended {
                finished: 0,
                games: 1,
                ..
            })
        ),
        "{ok:?}"
    );
    let end = store
        .transaction(|tx| crate::arbiter::end_date(tx, &config, "T"))
        .unwrap();
    assert_eq!(end, Some("2027-05-01".parse().unwrap()));
}

/// `CONFIG` as a round robin, with more players (name, address) after Petar.
fn round_robin(more: &[(&str, &str)]) -> String {
    let more: String = more
        .iter()
        .map(|(n, e)| format!(", {{ name = \"{n}\", email = \"{e}\" }}"))
        .collect();
    CONFIG
        .replace("pairing = \"explicit\"", "pairing = \"round-robin\"")
        .replace(
            "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
            "",
        )
        .replace(
            "{ name = \"Petar\", email = \"petar@example.test\" } ]",
            &format!("{{ name = \"Petar\", email = \"petar@example.test\" }}{more} ]"),
        )
}

/// A config text parsed and its games created in a fresh database.
fn synced(text: &str) -> (Store, Config) {
    let config = crate::config::parse(std::path::Path::new("x.toml"), text).unwrap();
    let mut store = Store::memory().unwrap();
    sync_config(&mut store, &config).unwrap();
    (store, config)
}

fn on(day: &str) -> DateTime<FixedOffset> {
    format!("{day}T12:00:00+02:00").parse().unwrap()
}

#[test]
fn rules_s3_amici_downtime_is_never_charged_the_opponents_time_runs_from_the_forward() {
    let (mut store, config) = setup("");
    // Ivan's letter arrived on 12 January; amici was down and forwarded it on 15 January.
    let raw = letter("ivan@example.test", "w@x", "", "1. e2-e4");
    store_raw(&mut store, &config, &raw, on("2026-01-12"), "ingest", None).unwrap();
    process_pending(&mut store, &config, on("2026-01-15")).unwrap();
    let raw = letter("petar@example.test", "b@x", "", "1... e7-e5");
    store_raw(&mut store, &config, &raw, on("2026-01-17"), "ingest", None).unwrap();
    process_pending(&mut store, &config, on("2026-01-17")).unwrap();
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(
        g.moves[0].sent,
        "2026-01-12".parse::<Day>().unwrap(),
        "White's move counts to its arrival"
    );
    assert_eq!(
        g.moves[1].received,
        "2026-01-15".parse::<Day>().unwrap(),
        "Black's time runs from the forward"
    );
    assert_eq!(g.lines(1, "2026-01-17".parse().unwrap())[0].days, 1);
}

#[test]
fn art_46_a_move_during_leave_ends_it_in_that_game_and_the_reply_agrees() {
    let (mut store, config) = setup("");
    let raw = letter(
        "petar@example.test",
        "l@x",
        "",
        "leave 2026-02-01 2026-02-10",
    );
    store_raw(&mut store, &config, &raw, on("2026-01-12"), "ingest", None).unwrap();
    process_pending(&mut store, &config, on("2026-01-12")).unwrap();
    let raw = letter("ivan@example.test", "w@x", "", "1. e2-e4");
    store_raw(&mut store, &config, &raw, on("2026-01-30"), "ingest", None).unwrap();
    process_pending(&mut store, &config, on("2026-01-30")).unwrap();
    // Petar answers on 5 February, during his leave.
    let raw = letter("petar@example.test", "b@x", "", "1... e7-e5");
    store_raw(&mut store, &config, &raw, on("2026-02-05"), "ingest", None).unwrap();
    process_pending(&mut store, &config, on("2026-02-05")).unwrap();
    let g = store.game("T/1").unwrap().unwrap();
    let black: Vec<_> = g
        .suspensions
        .iter()
        .filter(|s| s.color == Some(Color::Black))
        .collect();
    assert_eq!(black.len(), 1);
    assert_eq!(
        black[0].to,
        "2026-02-04".parse::<Day>().unwrap(),
        "the leave ends the day before the move"
    );
    // 31 January counts, 1–4 February are leave, 5 February counts: N = 2 → 1 day.
    let today: Day = "2026-02-05".parse().unwrap();
    assert_eq!(g.lines(1, today)[0].days, 1);
    assert_eq!(
        g.total_days(Color::Black, today),
        1,
        "the reply's move time and total agree"
    );
}

#[test]
fn art_47_a_a_player_who_withdraws_without_moving_is_removed() {
    let rr = round_robin(&[("Maria", "maria@example.test")]);
    let (mut store, config) = synced(&rr);
    let out = crate::engine::run_command(&mut store, &config, "withdraw maria@example.test", at())
        .unwrap();
    assert!(
        matches!(&out, Ok(crate::rules::game::Done::Withdrawn { games, .. })
            if games.iter().all(|g| g.action == crate::rules::game::Action::Removed)),
        "{out:?}"
    );
    let table = crate::report::standings(
        &store,
        &config,
        None,
        None,
        crate::report::Format::Json,
        "2026-01-12".parse().unwrap(),
    )
    .unwrap();
    assert!(!table.contains("Maria"), "{table}");
    assert!(table.contains("Ivan") && table.contains("Petar"));
}

#[test]
fn rules_s14_team_captains_receive_copies_of_their_players_mail() {
    let teams = CONFIG
        .replace("pairing = \"explicit\"", "pairing = \"round-robin\"")
        .replace(
            "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
            "",
        )
        + "teams = [ { name = \"Sofia\", captain = \"capa@example.test\", players = [\"ivan@example.test\"] }, { name = \"Varna\", captain = \"capb@example.test\", players = [\"petar@example.test\"] } ]\n";
    let (mut store, config) = synced(&teams);
    let g = store.games().unwrap();
    let white = g[0].white.clone();
    ingest(&mut store, &config, &letter(&white, "w@x", "", "1. e2-e4"));
    let to: Vec<String> = outbox(&store).into_iter().map(|(to, _)| to).collect();
    assert!(
        to.contains(&"capa@example.test".to_string())
            && to.contains(&"capb@example.test".to_string()),
        "{to:?}"
    );
    assert_eq!(to.len(), 4, "ack + copy, forward + copy: {to:?}");
    // The captain may write for his player — a leave notice — but never a move.
    let before = store.game("T/1").unwrap().unwrap();
    ingest(
        &mut store,
        &config,
        &letter("capb@example.test", "c1@x", "", "1... e7-e5"),
    );
    assert_eq!(store.game("T/1").unwrap().unwrap().moves, before.moves);
    ingest(
        &mut store,
        &config,
        &letter(
            "capb@example.test",
            "c2@x",
            "",
            "T/1: leave 2026-02-01 2026-02-05",
        ),
    );
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(
        g.suspensions.len(),
        1,
        "the leave is the player's: {:?}",
        g.suspensions
    );
}

#[test]
fn art_47_b_a_captain_replaces_a_player_with_dead_time_until_his_first_move() {
    let teams = round_robin(&[("Maria", "maria@example.test")])
        + "teams = [ { name = \"Sofia\", captain = \"capa@example.test\", players = [\"ivan@example.test\"] }, { name = \"Varna\", captain = \"capb@example.test\", players = [\"petar@example.test\"] } ]\n";
    let (mut store, config) = synced(&teams);
    let id = store.games().unwrap()[0].id.clone();
    // Varna's captain replaces Petar by the reserve Maria on 12 January.
    ingest(
        &mut store,
        &config,
        &letter(
            "capb@example.test",
            "r@x",
            "",
            "replace petar@example.test maria@example.test",
        ),
    );
    let g = store.game(&id).unwrap().unwrap();
    let maria = g
        .color_of("maria@example.test")
        .expect("Maria plays Petar's game");
    assert!(g.color_of("petar@example.test").is_none());
    assert_eq!(g.suspensions.len(), 1, "dead time for both clocks");
    assert_eq!(g.suspensions[0].color, None);
    // Her games are hers now; the dead time ends with her first move.
    if maria == Color::Black {
        let raw = letter("ivan@example.test", "w@x", "", "1. e2-e4");
        store_raw(&mut store, &config, &raw, on("2026-01-13"), "ingest", None).unwrap();
        process_pending(&mut store, &config, on("2026-01-13")).unwrap();
    }
    let first = if maria == Color::White {
        "1. e2-e4"
    } else {
        "1... e7-e5"
    };
    let raw = letter("maria@example.test", "m@x", "", first);
    store_raw(&mut store, &config, &raw, on("2026-01-20"), "ingest", None).unwrap();
    process_pending(&mut store, &config, on("2026-01-20")).unwrap();
    let g = store.game(&id).unwrap().unwrap();
    assert!(
        g.moves
            .iter()
            .any(|m| m.sent == "2026-01-20".parse::<Day>().unwrap()),
        "her move: {:?}",
        g.moves
    );
    let dead: Vec<_> = g.suspensions.iter().filter(|s| s.color.is_none()).collect();
    assert_eq!(
        dead[0].to,
        "2026-01-19".parse::<Day>().unwrap(),
        "the dead time ends with her first move"
    );
}

#[test]
fn an_arbiters_letter_acts_on_his_own_tournaments_only() {
    let two = format!(
        "{CONFIG}\n[[tournament]]\nid = \"U\"\nstart = 2026-01-10\nend = 2027-01-01\narbiter = \"other@example.test\"\npairing = \"explicit\"\nplayers = [ {{ name = \"Maria\", email = \"maria@example.test\" }}, {{ name = \"Georgi\", email = \"georgi@example.test\" }} ]\ngames = [ {{ white = \"maria@example.test\", black = \"georgi@example.test\" }} ]\n"
    );
    let (mut store, config) = synced(&two);
    ingest(
        &mut store,
        &config,
        &letter(
            "arbiter@example.test",
            "a@x",
            "",
            "forfeit U/1 white\nforfeit T/1 black",
        ),
    );
    assert_eq!(
        store.game("U/1").unwrap().unwrap().result,
        None,
        "not his tournament"
    );
    assert_eq!(
        store.game("T/1").unwrap().unwrap().result,
        Some(crate::rules::model::GameResult::WhiteWins)
    );
}

#[test]
fn a_pairing_changed_after_play_began_adds_no_games_from_another_table() {
    let rr = round_robin(&[("Maria", "maria@example.test")]);
    let (mut store, config) = synced(&rr);
    let first = store.games().unwrap()[0].clone();
    let white = first.white.clone();
    ingest(
        &mut store,
        &config,
        &letter(&white, "w@x", "", &format!("{} 1. e2-e4", first.id)),
    );
    // A fourth player appears in the config mid-event.
    let more = rr.replace(
            "{ name = \"Maria\", email = \"maria@example.test\" } ]",
            "{ name = \"Maria\", email = \"maria@example.test\" }, { name = \"Georgi\", email = \"georgi@example.test\" } ]",
        );
    let config = crate::config::parse(std::path::Path::new("x.toml"), &more).unwrap();
    sync_config(&mut store, &config).unwrap();
    assert_eq!(
        store.games().unwrap().len(),
        3,
        "the section in play stands"
    );
}

#[test]
fn art_56_forfeit_exclude_and_declared_overstep_are_logged_with_their_article() {
    let (mut store, config) = setup("");
    let out = crate::engine::run_command(&mut store, &config, "overstep T/1 white", at()).unwrap();
    assert!(out.is_ok(), "{out:?}");
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(
        (g.result, g.termination),
        (
            Some(crate::rules::model::GameResult::BlackWins),
            Some(crate::rules::game::Termination::Overstep)
        ),
        "email: a declared overstep loses"
    );
    let events = store.events().unwrap();
    assert!(
        events
            .iter()
            .any(|(game, kind, detail)| game.as_deref() == Some("T/1")
                && kind == "arbiter"
                && detail.starts_with("Art. 56")),
        "{events:?}"
    );
    // Forfeit and reject on a finished game: refused with a reason, nothing logged.
    let again = crate::engine::run_command(&mut store, &config, "reject T/1", at()).unwrap();
    assert!(again.is_err());
}

#[test]
fn art_48_illness_sends_the_games_to_adjudication_art_56_exclusion_forfeits_them() {
    let (mut store, config) = setup("");
    let out = crate::engine::run_command(
        &mut store,
        &config,
        "withdraw petar@example.test illness",
        at(),
    )
    .unwrap();
    assert!(out.is_ok(), "{out:?}");
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(g.status, crate::rules::game::Status::Adjudication);
    assert!(g.adjudication.is_some(), "proposals asked at once");
    let (mut store, config) = setup("");
    let out =
        crate::engine::run_command(&mut store, &config, "exclude ivan@example.test", at()).unwrap();
    assert!(out.is_ok(), "{out:?}");
    let g = store.game("T/1").unwrap().unwrap();
    assert_eq!(
        (g.result, g.termination),
        (
            Some(crate::rules::model::GameResult::BlackWins),
            Some(crate::rules::game::Termination::Forfeit)
        )
    );
    let events = store.events().unwrap();
    assert!(
        events
            .iter()
            .any(|(_, _, d)| d.starts_with("Art. 56: forfeit by exclusion")),
        "{events:?}"
    );
}

#[test]
fn game_ids_match_as_words() {
    assert!(contains_id("Re: T1/3 move", "T1/3"));
    assert!(!contains_id("Re: T1/33 move", "T1/3"));
}

/// Notices to the admin are worded from the texts, in English unless the admin plays with a
/// language of his own (the bot's language here is Bulgarian).
#[test]
fn a_reused_message_id_is_told_to_the_admin_in_the_admins_language() {
    let (mut store, config) = setup("admin = \"admin@example.test\"");
    assert_eq!(config.bot.language, Lang::Bg);
    assert_eq!(
        crate::reply::admin_language(&config, "admin@example.test"),
        Lang::En
    );
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "a@x", "", "1. e2-e4"),
    );
    // The same Message-ID on another letter.
    ingest(
        &mut store,
        &config,
        &letter("ivan@example.test", "a@x", "", "Hello, a question."),
    );
    let notice = store
        .due_outbox("9999", 1000)
        .unwrap()
        .into_iter()
        .find(|r| r.recipient == "admin@example.test")
        .expect("the admin is told");
    let raw = String::from_utf8_lossy(&notice.raw);
    assert!(
        raw.contains("Subject: amici: a letter reused a Message-ID"),
        "{raw}"
    );
    assert!(
        texts::config_refused(Lang::En, "line 3: bad").contains("refused"),
        "tests/e2e_reload.rs looks for the word"
    );
}
