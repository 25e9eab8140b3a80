use super::*;

/// A game as a version-2 database held it: the clock inside the record, `next_due`
/// beside it.
fn version_2_database(path: &Path, record: &GameRecord) {
    let conn = Connection::open(path).unwrap();
    for sql in &MIGRATIONS[..2] {
        conn.execute_batch(sql).unwrap();
    }
    conn.pragma_update(None, "user_version", 2).unwrap();
    conn.execute(
        "INSERT INTO games (id, tournament, n, white, black, finished, record, next_due)
         VALUES (?1, 'T', 1, 'w@x', 'b@x', 0, ?2, '2026-03-01')",
        params![record.id, serde_json::to_string(record).unwrap()],
    )
    .unwrap();
}

#[test]
fn migration_4_marks_the_letters_processed_before_the_input_log_existed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v3.sqlite3");
    let conn = Connection::open(&path).unwrap();
    for sql in &MIGRATIONS[..3] {
        conn.execute_batch(sql).unwrap();
    }
    conn.pragma_update(None, "user_version", 3).unwrap();
    for i in 0..2 {
        conn.execute(
            "INSERT INTO inbound (hash, raw, arrived, source, status) VALUES (?1, x'00', '2026-01-01T00:00:00Z', 'ingest', 'done')",
            [format!("h{i}")],
        )
        .unwrap();
    }
    drop(conn);
    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.meta("input_log_after_inbound").unwrap().as_deref(),
        Some("2")
    );
    assert!(store.inputs().unwrap().is_empty(), "nothing invented");
}

#[test]
fn migration_3_moves_each_clock_into_its_own_row_and_loses_nothing() {
    use crate::rules::clock::{IssuedNotice, NoticeKind};
    use crate::rules::model::{Mode, Notation, Params};
    let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2026, 2, d).unwrap();
    let mut g = GameRecord::new(
        "T/1".into(),
        "T".into(),
        "w@x".into(),
        "b@x".into(),
        Params::for_mode(Mode::Email),
        Notation::Bg,
        day(1),
    );
    g.clock.issued.push(IssuedNotice {
        kind: NoticeKind::Repeat,
        key: 7,
        due: day(20),
        on: Some(day(21)),
    });
    g.status = crate::rules::game::Status::AwaitingDecision;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v2.sqlite3");
    version_2_database(&path, &g);
    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.game("T/1").unwrap().as_ref(),
        Some(&g),
        "the same record"
    );
    let c = &store.conn;
    let (record, due): (String, Option<String>) = c
        .query_row(
            "SELECT g.record, c.next_due FROM games g JOIN game_clocks c USING (id)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(
        !record.contains("issued"),
        "the clock left the record: {record}"
    );
    assert_eq!(due.as_deref(), Some("2026-03-01"), "next_due kept");
    // And the tick's query finds it by its row.
    let tx = store.tx_of(c);
    assert_eq!(
        tx.games_due("2026-03-01", &[]).unwrap(),
        vec!["T/1".to_string()]
    );
    assert!(tx.games_due("2026-02-28", &[]).unwrap().is_empty());
}

#[test]
fn same_message_id_and_body_is_stored_once_another_body_is_kept_as_a_reused_id() {
    let mut s = Store::memory().unwrap();
    let a = s
        .store_inbound(
            b"Subject: a\r\n\r\none",
            Some("x@y"),
            "2026-01-01T00:00:00Z",
            "ingest",
            None,
        )
        .unwrap();
    let Stored::New(first) = a else {
        panic!("{a:?}")
    };
    // A re-delivery: another Received: line on top, the same body (with the final CRLF
    // SMTP adds, and stored with LF line ends).
    let again = s
        .store_inbound(
            b"Received: from relay\nSubject: a\n\none\n\n",
            Some("x@y"),
            "2026-01-01T00:00:00Z",
            "ingest",
            None,
        )
        .unwrap();
    assert_eq!(again, Stored::Duplicate(first));
    // Another letter reusing the id: stored as its own, the reused id kept beside it.
    let other = s
        .store_inbound(
            b"Subject: b\r\n\r\ntwo",
            Some("x@y"),
            "2026-01-01T00:00:00Z",
            "ingest",
            None,
        )
        .unwrap();
    let Stored::ReusedId(id) = other else {
        panic!("{other:?}")
    };
    let row = s.transaction(|tx| tx.claim_inbound(id)).unwrap().unwrap();
    assert_eq!(row.reused_message_id.as_deref(), Some("x@y"));
}

#[test]
fn a_claimed_letter_cannot_be_claimed_again() {
    let mut s = Store::memory().unwrap();
    let Stored::New(id) = s.store_inbound(b"raw", None, "t", "ingest", None).unwrap() else {
        panic!()
    };
    s.transaction(|tx| {
        assert!(tx.claim_inbound(id)?.is_some());
        assert!(
            tx.claim_inbound(id)?.is_none(),
            "taken inside this transaction"
        );
        tx.mark_inbound_done(id, "ok", "t")
    })
    .unwrap();
    assert!(
        s.transaction(|tx| tx.claim_inbound(id)).unwrap().is_none(),
        "done"
    );
    assert!(s.pending_ids(10).unwrap().is_empty());
}

#[test]
fn a_failing_letter_is_set_aside_after_max_attempts() {
    let mut s = Store::memory().unwrap();
    let Stored::New(id) = s.store_inbound(b"raw", None, "t", "ingest", None).unwrap() else {
        panic!()
    };
    for expected in [Failure::Retry, Failure::Retry, Failure::SetAside] {
        let f = s
            .transaction(|tx| {
                tx.claim_inbound(id)?.expect("pending");
                tx.inbound_failed(id, "boom", 3, "t")
            })
            .unwrap();
        assert_eq!(f, expected);
    }
    assert!(s.pending_ids(10).unwrap().is_empty());
    assert!(s.transaction(|tx| tx.claim_inbound(id)).unwrap().is_none());
}

#[test]
fn outbox_rows_are_leased_once_and_one_recipients_rows_in_queue_order() {
    let mut s = Store::memory().unwrap();
    for (i, to) in ["a@x", "b@x", "a@x", "a@x"].iter().enumerate() {
        let o = NewOutgoing {
            message_id: format!("m{i}"),
            recipient: to.to_string(),
            kind: "move".into(),
            game: None,
            raw: b"r".to_vec(),
        };
        s.transaction(|tx| tx.queue(None, &o, "t")).unwrap();
    }
    let now = "2026-01-01T00:00:00+00:00";
    let until = "2026-01-01T00:10:00+00:00";
    let first = s.lease_outbox(now, until, 2).unwrap();
    let ids: Vec<String> = first.iter().map(|r| r.message_id.clone()).collect();
    assert_eq!(ids, ["m0", "m1"]);
    // a@x's first row is leased: his later rows wait for it, b@x has nothing more.
    assert!(s.lease_outbox(now, until, 10).unwrap().is_empty());
    // m0 refused for now: a@x's later rows wait until it is due, in order.
    s.finish_sends(
        &[
            (
                first[0].id,
                SendOutcome::Retry {
                    next_attempt: "2026-01-01T00:05:00+00:00".into(),
                    error: "451".into(),
                },
            ),
            (first[1].id, SendOutcome::Sent),
        ],
        now,
    )
    .unwrap();
    assert!(s.lease_outbox(now, until, 10).unwrap().is_empty());
    let later = s
        .lease_outbox("2026-01-01T00:06:00+00:00", "2026-01-01T00:16:00+00:00", 10)
        .unwrap();
    let ids: Vec<String> = later.iter().map(|r| r.message_id.clone()).collect();
    assert_eq!(ids, ["m0", "m2", "m3"]);
    // A lease that ran out (its sender died) is taken again.
    let again = s
        .lease_outbox("2026-01-01T00:20:00+00:00", "2026-01-01T00:30:00+00:00", 10)
        .unwrap();
    assert_eq!(again.len(), 3);
}

#[test]
fn two_first_starts_on_a_fresh_file_both_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("fresh.sqlite3");
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let p = p.clone();
            std::thread::spawn(move || Store::open(&p).map(|s| s.instance().to_string()))
        })
        .collect();
    let ids: Vec<String> = handles
        .into_iter()
        .map(|h| h.join().unwrap().unwrap())
        .collect();
    assert!(ids.iter().all(|i| i == &ids[0] && i.len() == 32), "{ids:?}");
}

#[test]
fn each_database_has_its_own_instance_id() {
    assert_ne!(
        Store::memory().unwrap().instance(),
        Store::memory().unwrap().instance()
    );
}

#[test]
fn same_bytes_without_message_id_are_stored_once() {
    let mut s = Store::memory().unwrap();
    s.store_inbound(b"raw", None, "t", "ingest", None).unwrap();
    assert!(matches!(
        s.store_inbound(b"raw", None, "t", "ingest", None).unwrap(),
        Stored::Duplicate(_)
    ));
    assert!(matches!(
        s.store_inbound(b"raw2", None, "t", "ingest", None).unwrap(),
        Stored::New(_)
    ));
}

#[test]
fn a_failed_transaction_leaves_nothing_behind() {
    let mut s = Store::memory().unwrap();
    let r: std::result::Result<(), StoreError> = s.transaction(|tx| {
        tx.set_meta("k", "v")?;
        Err(StoreError::TooNew(9, 1))
    });
    assert!(r.is_err());
    assert_eq!(s.meta("k").unwrap(), None);
}

#[test]
fn migrations_are_idempotent_on_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("a.sqlite3");
    Store::open(&p).unwrap().set_meta("k", "v").unwrap();
    let s = Store::open(&p).unwrap();
    assert_eq!(s.meta("k").unwrap().as_deref(), Some("v"));
}

#[test]
fn the_games_due_come_in_pairing_order_whether_looked_up_one_by_one_or_from_the_indexes() {
    use crate::rules::model::{Mode, Notation, Params};
    let start = chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap();
    let mut s = Store::memory().unwrap();
    // Stored out of order, in two tournaments, ids whose text order is not the pairing order.
    let games = [("B", 2), ("A", 10), ("B", 1), ("A", 9), ("A", 100)];
    s.transaction(|tx| {
        for (t, n) in games {
            let g = GameRecord::new(
                format!("{t}/{n}"),
                t.into(),
                "w@x".into(),
                "b@x".into(),
                Params::for_mode(Mode::Email),
                Notation::Bg,
                start,
            );
            tx.put_game(n, &g)?;
        }
        Ok::<_, StoreError>(())
    })
    .unwrap();
    let c = &s.conn;
    let tx = s.tx_of(c);
    let want: Vec<String> = ["A/9", "A/10", "A/100", "B/1", "B/2"]
        .map(String::from)
        .to_vec();
    let late = "2030-01-01";
    assert_eq!(tx.games_due_with(late, &[], usize::MAX).unwrap(), want);
    assert_eq!(tx.games_due_with(late, &[], 0).unwrap(), want);
    // An ended tournament's games come too, once each.
    assert_eq!(
        tx.games_due_with("2026-02-01", &["B".into()], 0).unwrap(),
        vec!["B/1".to_string(), "B/2".to_string()]
    );
}

/// A clock with every part filled in, for the binary form's round trip.
/// An e-mail game T/1 between w@x and b@x, started 2026-02-01.
fn february_game() -> GameRecord {
    GameRecord::new(
        "T/1".into(),
        "T".into(),
        "w@x".into(),
        "b@x".into(),
        crate::rules::model::Params::for_mode(crate::rules::model::Mode::Email),
        crate::rules::model::Notation::Bg,
        chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap(),
    )
}

fn full_clock() -> crate::rules::clock::ClockState {
    use crate::rules::clock::*;
    use shakmaty::Color;
    let day = |m: u32, d: u32| chrono::NaiveDate::from_ymd_opt(2026, m, d).unwrap();
    ClockState {
        receipt: Some(Receipt {
            ply: 12,
            day: day(3, 4),
        }),
        pending_line: Some(PendingLine {
            ply: 12,
            reach_move: 9,
        }),
        oversteps: vec![Overstep {
            color: Color::Black,
            move_number: 16,
            ground: OverstepGround::Silence,
            claimant: Claimant::Player(Color::White),
            claimed_on: day(4, 21),
            count_from: 1,
            days: 55,
            limit: 100,
            pauses: true,
            status: OverstepStatus::Confirmed,
            decided_on: Some(day(4, 25)),
            objected_on: None,
        }],
        delay_notices: vec![DelayNotice {
            color: Color::White,
            ply: 11,
            received_on: day(2, 28),
        }],
        issued: vec![
            IssuedNotice {
                kind: NoticeKind::OverstepClaim,
                key: 0,
                due: day(4, 21),
                on: Some(day(6, 1)),
            },
            IssuedNotice {
                kind: NoticeKind::Repeat,
                key: 31,
                due: day(3, 25),
                on: None,
            },
        ],
    }
}

#[test]
fn the_clocks_binary_form_reads_back_the_same_clock_in_a_third_of_its_json_or_less() {
    let clock = full_clock();
    let bytes = clock_bytes::encode(&clock);
    assert_eq!(clock_bytes::decode(&bytes).unwrap(), clock);
    let json = serde_json::to_string(&clock).unwrap();
    // Measured when written: 122 bytes against 533 of JSON.
    assert!(
        bytes.len() * 3 < json.len(),
        "{} bytes binary, {} JSON",
        bytes.len(),
        json.len()
    );
    // An unknown format or a cut row is an error, not a wrong clock.
    let mut other = bytes.clone();
    other[0] = 2;
    assert!(clock_bytes::decode(&other).is_err());
    assert!(clock_bytes::decode(&bytes[..bytes.len() / 2]).is_err());
    assert!(clock_bytes::decode(&[]).is_err());
}

#[test]
fn migration_6_keeps_json_clocks_readable_and_writes_them_binary_when_they_next_change() {
    let mut g = february_game();
    g.clock = full_clock();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v5.sqlite3");
    // A version-5 database: the clock row as JSON text.
    let conn = Connection::open(&path).unwrap();
    for sql in &MIGRATIONS[..5] {
        conn.execute_batch(sql).unwrap();
    }
    conn.pragma_update(None, "user_version", 5).unwrap();
    let mut rest = g.clone();
    rest.clock = Default::default();
    conn.execute(
        "INSERT INTO games (id, tournament, n, white, black, finished, record) VALUES ('T/1', 'T', 1, 'w@x', 'b@x', 0, ?1)",
        [serde_json::to_string(&rest).unwrap()],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO game_clocks (id, clock, status, finished, next_due) VALUES ('T/1', ?1, '\"playing\"', 0, '2026-03-01')",
        [serde_json::to_string(&g.clock).unwrap()],
    )
    .unwrap();
    drop(conn);
    let mut store = Store::open(&path).unwrap();
    let kind = |s: &Store| -> String {
        s.conn
            .query_row("SELECT typeof(clock) FROM game_clocks", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(kind(&store), "text", "the old row is left as it was");
    assert_eq!(store.game("T/1").unwrap().as_ref(), Some(&g), "and reads");
    g.clock.issued.pop();
    store.transaction(|tx| tx.update_game(&g)).unwrap();
    assert_eq!(kind(&store), "blob", "written again in the binary form");
    assert_eq!(store.game("T/1").unwrap().as_ref(), Some(&g));
    let due: Option<String> = store
        .conn
        .query_row("SELECT next_due FROM game_clocks", [], |r| r.get(0))
        .unwrap();
    assert!(due.is_some(), "the due day is still kept beside it");
}

#[test]
fn migration_7_a_paused_game_is_read_by_its_clock_row_once_its_row_says_it_may_be() {
    use crate::rules::clock::OverstepStatus;
    let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2026, 2, d).unwrap();
    let mut g = february_game();
    // Paused: a claim that pauses the game awaits the arbiter's decision (Art. 37).
    g.clock = full_clock();
    g.clock.oversteps[0].status = OverstepStatus::Claimed;
    g.clock.oversteps[0].decided_on = None;
    assert!(g.clock.awaiting_decision().is_some());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v6.sqlite3");
    let mut store = Store::open(&path).unwrap();
    store.transaction(|tx| tx.put_game(1, &g)).unwrap();
    // As a version-6 row: no `alone_from` yet.
    store
        .conn
        .execute("UPDATE game_clocks SET alone_from = NULL", [])
        .unwrap();
    let ids = ["T/1".to_string()];
    let read = |s: &mut Store, ended: &[String]| {
        s.transaction(|tx| tx.tick_games(&ids, ended))
            .unwrap()
            .remove(0)
    };
    assert!(matches!(read(&mut store, &[]), TickRead::Whole(_)));
    // Written again: read by its clock row, with what the reminders' letters name.
    store.transaction(|tx| tx.update_game(&g)).unwrap();
    match read(&mut store, &[]) {
        TickRead::Paused(p) => {
            assert_eq!((p.id.as_str(), p.tournament.as_str()), ("T/1", "T"));
            assert_eq!((p.white.as_str(), p.black.as_str()), ("w@x", "b@x"));
            assert_eq!((p.clock, p.from), (g.clock.clone(), day(1)));
        }
        other => panic!("{other:?}"),
    }
    // Its tournament's end in sight: whole again.
    assert!(matches!(
        read(&mut store, &["T".into()]),
        TickRead::Whole(_)
    ));
    // Stopped for adjudication (Art. 52): the record decides, so always whole.
    g.adjudication = Some(crate::rules::game::Adjudication::asked(day(20)));
    store.transaction(|tx| tx.update_game(&g)).unwrap();
    assert!(matches!(read(&mut store, &[]), TickRead::Whole(_)));
    // Not paused: whole.
    g.adjudication = None;
    g.clock.oversteps[0].status = OverstepStatus::Confirmed;
    store.transaction(|tx| tx.update_game(&g)).unwrap();
    assert!(matches!(read(&mut store, &[]), TickRead::Whole(_)));
}

#[test]
fn migration_7_the_due_index_holds_only_games_with_a_due_day_and_the_tick_reads_it() {
    let store = Store::memory().unwrap();
    let plan: Vec<String> = store
        .conn
        .prepare(
            "EXPLAIN QUERY PLAN SELECT id FROM game_clocks WHERE finished = 0 AND next_due <= ?1",
        )
        .unwrap()
        .query_map(["2026-06-09"], |r| r.get::<_, String>(3))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    assert!(
        plan.iter().any(|d| d.contains("INDEX game_clocks_due")),
        "{plan:?}"
    );
    let sql: String = store
        .conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE name = 'game_clocks_due'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(sql.contains("next_due IS NOT NULL"), "{sql}");
}

#[test]
fn the_daemons_wal_is_checkpointed_beside_the_committing_thread_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ckpt.sqlite3");
    let file_len = || std::fs::metadata(&path).unwrap().len();
    let mut store = Store::open(&path).unwrap();
    store.checkpoint_beside().unwrap();
    let auto: i64 = store
        .conn
        .query_row("PRAGMA wal_autocheckpoint", [], |r| r.get(0))
        .unwrap();
    assert_eq!(auto, 0, "the committing connection never checkpoints");
    let before = file_len();
    // Some 2,000 pages, twice SQLite's own autocheckpoint threshold, in one commit.
    let big = "x".repeat(4000);
    store
        .transaction(|tx| {
            for i in 0..2000 {
                tx.set_meta(&format!("k{i}"), &big)?;
            }
            Ok::<_, StoreError>(())
        })
        .unwrap();
    store.settle();
    assert!(
        file_len() >= before + 2000 * 4000,
        "the pages were copied into the file: {} bytes",
        file_len()
    );
    drop(store);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.meta("k1999").unwrap().as_deref(), Some(big.as_str()));
}
