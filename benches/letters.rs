//! Letters read per second on one core for a typical letter (target ≥ 50,000/s in release):
//! `cargo bench --bench letters`. A plain `harness = false` main: no bench framework needed.

use std::hint::black_box;
use std::time::{Duration, Instant};

use amici::rules::letter::read_letter;
use amici::rules::model::{Day, Notation};
use amici::rules::verdict::{GameView, Official, judge, replay_uci};
use shakmaty::Color;

/// A typical letter: greeting, Б and В in full notation, the dates, time, totals, signature.
const TYPICAL: &str = "Здравей, Петре!\r\n\r\n\
Благодаря за хода. Ето моя отговор:\r\n\
14... Кg8-f6 15. Оf1-c4\r\n\
11.3. – 12.3. – 15.3. = 3 дни\r\n\
Общо време: белите 15 дни – черните 21 дни\r\n\r\n\
Поздрави,\r\nИван\r\n";

const GAME: &[&str] = &[
    "e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "e5d4", "f3d4", "f8c5", "c1e3", "d8f6", "c2c3", "g8e7",
    "b1d2", "e8g8", "d4c6", "e7c6", "d1h5", "c5e3", "f2e3", "f6e5", "h5e5", "c6e5", "e1c1", "d7d6",
    "d2f3", "e5f3", "g2f3", "c8e6",
];

fn rate(label: &str, mut f: impl FnMut()) -> f64 {
    // Warm up, then run for about two seconds.
    for _ in 0..2_000 {
        f();
    }
    let mut n: u64 = 0;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        for _ in 0..1_000 {
            f();
        }
        n += 1_000;
    }
    let per_sec = n as f64 / start.elapsed().as_secs_f64();
    println!(
        "{label}: {per_sec:.0} letters/s ({:.1} µs each)",
        1e6 / per_sec
    );
    per_sec
}

fn main() {
    let arrival = Day::from_ymd_opt(2026, 3, 15).expect("date");
    let letter = read_letter(TYPICAL, Notation::Bg, false, arrival);
    assert_eq!(
        letter.items.len(),
        2,
        "the typical letter must read: {letter:?}"
    );
    let game = GameView {
        moves: replay_uci(GAME).expect("record"),
        sender: Color::White,
        notation: Notation::Bg,
        over: false,
        penalty_days: 5,
        official: Official::default(),
    };
    let read = rate("read_letter", || {
        black_box(read_letter(
            black_box(TYPICAL),
            Notation::Bg,
            false,
            arrival,
        ));
    });
    rate("read_letter + judge", || {
        let l = read_letter(black_box(TYPICAL), Notation::Bg, false, arrival);
        black_box(judge(&l, black_box(&game)));
    });
    println!(
        "target 50000 letters/s for read_letter: {}",
        if read >= 50_000.0 { "met" } else { "NOT met" }
    );
}
