//! The store's next-due search (`game::next_due`) asks "would the tick send anything on day
//! D?" a dozen times per changed game, through `tick::sends_anything`, which skips building the
//! claims' evidence. These tests check it against the full tick: the same answer on every day
//! for games of every length and pace in both modes, and `next_due` equal to the first busy day
//! found by trying every day with `handle_tick` itself.

use amici::rules::game::{
    GameRecord, PausedTick, handle_tick, next_due, next_due_paused, sweeps_alone_from,
    tick_in_place, tick_paused,
};
use amici::rules::model::{Mode, Notation, Params, PlayedMove};
use amici::rules::tick::sends_anything;
use chrono::{Duration, NaiveDate};

/// The Immortal Game (UCI): records of different lengths.
const MOVES: &[&str] = &[
    "e2e4", "e7e5", "f2f4", "e5f4", "f1c4", "d8h4", "e1f1", "b7b5", "c4b5", "g8f6", "g1f3", "h4h6",
    "d2d3", "f6h5", "f3h4", "h6g5", "h4f5", "c7c6", "g2g4", "h5f6", "h1g1", "c6b5", "h2h4", "g5g6",
    "h4h5", "g6g5", "d1f3", "f6g8", "c1f4", "g5f6", "b1c3", "f8c5", "c3d5", "f6b2", "f4d6", "c5g1",
    "e4e5", "b2a1", "f1e2", "b8a6",
];

fn game(i: usize) -> GameRecord {
    let start = NaiveDate::from_ymd_opt(2026, 1, 10).unwrap();
    let mode = if i % 3 == 0 { Mode::Post } else { Mode::Email };
    let mut g = GameRecord::new(
        format!("T/{i}"),
        "T".into(),
        "a@example.test".into(),
        "b@example.test".into(),
        Params::for_mode(mode),
        Notation::Bg,
        start,
    );
    let plies = (i * 7) % MOVES.len();
    let mut day = start - Duration::days(1);
    let mut pos = shakmaty::Chess::default();
    for (k, uci) in MOVES[..plies].iter().enumerate() {
        let mv = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        let received = day;
        // Some games slow: long thinking makes oversteps (and claims with evidence) fall due.
        day += Duration::days(((i * 31 + k * 17) % (2 + i % 9)) as i64 + 1);
        g.moves.push(PlayedMove {
            uci: uci.to_string(),
            san: shakmaty::san::San::from_move(&pos, mv).to_string(),
            received,
            sent: day,
            from_variant: false,
            letter: 0,
        });
        shakmaty::Position::play_unchecked(&mut pos, mv);
    }
    g
}

#[test]
fn sends_anything_agrees_with_the_full_tick_on_every_day() {
    let mut busy_days = 0;
    let mut claims = 0;
    for i in 0..60 {
        let g = game(i);
        let first = g.moves.last().map_or(g.start, |m| m.sent);
        for d in 0..400 {
            let day = first + Duration::days(d);
            let full = handle_tick(&g, day);
            let expected = !full.effects.is_empty();
            assert_eq!(
                sends_anything(&g.clock_game(), day),
                expected,
                "game {i}, day {day}"
            );
            busy_days += usize::from(expected);
            claims += usize::from(
                full.effects
                    .iter()
                    .any(|e| e.kind == amici::rules::model::Kind::OverstepClaim),
            );
        }
    }
    // The sample covers quiet days, notices and overstep claims.
    assert!(
        busy_days > 1000 && claims > 100,
        "busy {busy_days}, claims {claims}"
    );
}

#[test]
fn next_due_is_the_first_day_the_full_tick_sends_anything() {
    for i in 0..60 {
        let g = game(i);
        let base = g.moves.last().map_or(g.start, |m| m.sent);
        let brute = (0..1200)
            .map(|d| base + Duration::days(d))
            .find(|d| !handle_tick(&g, *d).effects.is_empty());
        assert_eq!(next_due(&g, 1200), brute, "game {i}");
    }
}

/// The store writes only a game's clock row (clock, status, next due day) for what the daily
/// tick changed: `handle_tick` must change nothing else of a record, on any day, including
/// days that file claims and pause the game for the arbiter's decision (Art. 37).
#[test]
fn the_tick_changes_only_the_clock_and_the_status() {
    let mut changed = 0;
    let mut decisions = 0;
    for i in 0..60 {
        let mut g = game(i);
        let first = g.moves.last().map_or(g.start, |m| m.sent);
        for d in 0..400 {
            let day = first + Duration::days(d);
            let handled = handle_tick(&g, day);
            // The shell's sweep ticks the record it owns in place: the same record and effects.
            let mut own = g.clone();
            match tick_in_place(&mut own, day) {
                Some(effects) => {
                    assert_eq!(Some(&own), handled.record.as_ref(), "game {i}, day {day}");
                    assert_eq!(effects, handled.effects, "game {i}, day {day}");
                }
                None => assert!(handled.record.is_none() && own == g, "game {i}, day {day}"),
            }
            let Some(next) = handled.record else {
                continue;
            };
            changed += 1;
            decisions += usize::from(next.status != g.status);
            let mut only_clock = next.clone();
            only_clock.clock = g.clock.clone();
            only_clock.status = g.status;
            assert_eq!(
                only_clock, g,
                "game {i}, day {day}: more than the clock changed"
            );
            // Go on from the new state, as the daemon does day after day.
            g = next;
        }
    }
    assert!(
        changed > 100 && decisions > 10,
        "changed {changed}, decisions {decisions}"
    );
}

/// The tick reads, sweeps (on every core) and writes games a chunk at a time: over several
/// chunks, every game's stored clock is what `handle_tick` alone makes of it, and the notices
/// are queued in the games' pairing order.
#[test]
fn the_chunked_tick_on_all_cores_stores_what_the_rules_decide_in_pairing_order() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "[bot]\naddress = \"bot@example.test\"\ndatabase = \"{}\"\n[outbox]\ndir = \"out\"\n",
        dir.path().join("db.sqlite3").display()
    );
    let config = amici::config::parse(&dir.path().join("amici.toml"), &text).unwrap();
    let mut store = amici::store::Store::open(&config.bot.database).unwrap();
    // Five thousand games: more than two chunks.
    let games: Vec<GameRecord> = (0..5000)
        .map(|n| {
            let mut g = game(n % 60);
            g.id = format!("T/{}", n + 1);
            g.white = format!("w{n}@example.test");
            g
        })
        .collect();
    store
        .transaction(|tx| {
            for (n, g) in games.iter().enumerate() {
                tx.put_game(n as u32 + 1, g)?;
            }
            Ok::<_, amici::store::StoreError>(())
        })
        .unwrap();
    let now = "2026-09-01T06:00:00+03:00".parse().unwrap();
    let today = NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
    let queued = amici::tick::run(&mut store, &config, now).unwrap();
    assert!(queued > 5000, "notices queued: {queued}");
    let stored = store.games().unwrap();
    assert_eq!(stored.len(), games.len());
    let mut expected_now = Vec::new();
    for (before, after) in games.iter().zip(&stored) {
        let expected = handle_tick(before, today)
            .record
            .unwrap_or_else(|| before.clone());
        assert_eq!(after, &expected, "game {}", before.id);
        expected_now.push(expected);
    }
    let db = rusqlite::Connection::open(&config.bot.database).unwrap();
    let order: Vec<u32> = db
        .prepare("SELECT game FROM outbox ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .map(|g| g.unwrap()[2..].parse().unwrap())
        .collect();
    assert!(order.len() > 5000);
    assert!(
        order.windows(2).all(|w| w[0] <= w[1]),
        "notices in pairing order"
    );
    // Three weeks on, the games paused by those claims are due for the Art. 37 reminder, and
    // the sweep reads them by their clock rows alone (none of their records): still every
    // game as `handle_tick` makes it of its whole record.
    let ids: Vec<String> = games.iter().map(|g| g.id.clone()).collect();
    let paused = store
        .transaction(|tx| {
            let alone = |ended: &[String]| -> Result<usize, amici::store::StoreError> {
                let read = tx.tick_games(&ids, ended)?;
                assert_eq!(read.len(), ids.len());
                Ok(read
                    .iter()
                    .filter(|r| matches!(r, amici::store::TickRead::Paused(_)))
                    .count())
            };
            // Once its tournament's end is in sight, a paused game is read whole.
            assert_eq!(alone(&["T".to_string()])?, 0);
            alone(&[])
        })
        .unwrap();
    let awaiting = expected_now
        .iter()
        .filter(|g| g.clock.awaiting_decision().is_some())
        .count();
    assert!(
        paused > 500 && paused == awaiting,
        "{paused} read alone, {awaiting} paused"
    );
    let later = NaiveDate::from_ymd_opt(2026, 9, 22).unwrap();
    amici::tick::run(
        &mut store,
        &config,
        "2026-09-22T06:00:00+03:00".parse().unwrap(),
    )
    .unwrap();
    let mut reminded = 0;
    for (before, after) in expected_now.iter().zip(store.games().unwrap()) {
        let handled = handle_tick(before, later);
        reminded +=
            usize::from(before.clock.awaiting_decision().is_some() && handled.record.is_some());
        let expected = handled.record.unwrap_or_else(|| before.clone());
        assert_eq!(after, expected, "game {} on {later}", before.id);
    }
    assert!(reminded > 500, "{reminded} paused games reminded about");
}

/// Art. 37: while a claim awaits the arbiter's decision, the sweep of a game's clock alone
/// (`tick_paused`, `next_due_paused`: what the daily tick asks of a paused game it reads by
/// its clock row) gives what the sweep of its whole record gives, on every day, and its clock
/// row is the one the store writes for the whole record.
#[test]
fn art_37_a_paused_game_is_swept_on_its_clock_alone_as_on_its_whole_record() {
    let (mut paused_days, mut reminders, mut not_paused) = (0, 0, 0);
    for i in 0..60 {
        let mut g = game(i);
        let first = g.moves.last().map_or(g.start, |m| m.sent);
        for d in 0..400 {
            let day = first + Duration::days(d);
            let alone = tick_paused(&g.clock, day);
            let mut own = g.clone();
            let whole = tick_in_place(&mut own, day);
            match (g.clock.awaiting_decision(), sweeps_alone_from(&g)) {
                (Some(_), Some(from)) => {
                    paused_days += 1;
                    match (&alone, &whole) {
                        (PausedTick::Changed(state, effects), Some(expected)) => {
                            assert_eq!((state, effects), (&own.clock, expected), "game {i}, {day}");
                            reminders += effects.len();
                            let row = amici::store::ClockRow::of(&own).unwrap();
                            let read = amici::store::PausedGame {
                                id: g.id.clone(),
                                tournament: g.tournament.clone(),
                                white: g.white.clone(),
                                black: g.black.clone(),
                                clock: g.clock.clone(),
                                from,
                            };
                            let alone_row = amici::store::ClockRow::paused(&read, state);
                            assert_eq!(
                                (&alone_row.clock, &alone_row.status, alone_row.finished),
                                (&row.clock, &row.status, row.finished),
                                "game {i}, {day}"
                            );
                            assert_eq!(
                                (&alone_row.next_due, &alone_row.alone_from),
                                (&row.next_due, &row.alone_from),
                                "game {i}, {day}"
                            );
                        }
                        (PausedTick::Unchanged, None) => {}
                        other => panic!("game {i}, {day}: {other:?}"),
                    }
                    assert_eq!(
                        next_due_paused(&g.clock, from, 1200),
                        next_due(&g, 1200),
                        "game {i}, {day}"
                    );
                }
                (None, _) => {
                    assert_eq!(alone, PausedTick::NotPaused, "game {i}, {day}");
                    not_paused += 1;
                }
                (Some(_), None) => {}
            }
            if whole.is_some() {
                g = own;
            }
        }
    }
    // Paused days, reminders sent on them, and days of play, all in the sample.
    assert!(
        paused_days > 1000 && reminders > 10 && not_paused > 1000,
        "paused {paused_days}, reminders {reminders}, playing {not_paused}"
    );
}
