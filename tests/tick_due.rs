//! The store's next-due search (`game::next_due`) asks "would the tick send anything on day
//! D?" a dozen times per changed game, through `tick::sends_anything`, which skips building the
//! claims' evidence. These tests check it against the full tick: the same answer on every day
//! for games of every length and pace in both modes, and `next_due` equal to the first busy day
//! found by trying every day with `handle_tick` itself.

use amici::rules::game::{GameRecord, handle_tick, next_due};
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
