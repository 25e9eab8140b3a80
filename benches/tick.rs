//! The pure daily tick over 100,000 in-memory games in mixed states (both modes, short and long
//! games, leave, penalties, silences, claims pending, finished games). Prints the time of one
//! full sweep; the daemon's budget is < 1 s including SQLite (the lead adds that part).
//!
//! Run: `cargo bench --bench tick`.

use std::hint::black_box;
use std::time::Instant;

use amici::rules::clock::{ClockGame, ClockState};
use amici::rules::model::{Color, Day, GameResult, Mode, Params, Penalty, PlayedMove, Suspension};
use amici::rules::tick::tick;
use chrono::NaiveDate;

const GAMES: usize = 100_000;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
}

struct Game {
    params: Params,
    start: Day,
    moves: Vec<PlayedMove>,
    penalties: Vec<Penalty>,
    suspensions: Vec<Suspension>,
    state: ClockState,
    result: Option<GameResult>,
}

fn plus(d: Day, n: i64) -> Day {
    d + chrono::Duration::days(n)
}

fn build(rng: &mut Rng, now: Day) -> Game {
    let mode = if rng.below(2) == 0 {
        Mode::Email
    } else {
        Mode::Post
    };
    let params = Params::for_mode(mode);
    let plies = rng.below(90) as usize;
    // Start far enough back for the game to reach today.
    let start = plus(now, -(plies as i64) * 4 - rng.below(120) as i64 - 10);
    let mut moves = Vec::with_capacity(plies);
    let mut received = plus(start, -1);
    for _ in 0..plies {
        let sent = plus(received, rng.below(8) as i64);
        if sent > now {
            break;
        }
        moves.push(PlayedMove {
            uci: "e2e4".into(),
            san: "e4".into(),
            received,
            sent,
            from_variant: rng.below(20) == 0,
            letter: 0,
        });
        received = plus(
            sent,
            if mode == Mode::Post {
                1 + rng.below(4) as i64
            } else {
                0
            },
        );
    }
    let mut suspensions = Vec::new();
    if rng.below(4) == 0 {
        let from = plus(start, rng.below(200) as i64);
        suspensions.push(Suspension {
            color: Some(Color::White),
            from,
            to: plus(from, 20),
        });
    }
    let mut penalties = Vec::new();
    if rng.below(5) == 0 {
        penalties.push(Penalty {
            color: Color::Black,
            days: 5,
            article: "17".into(),
            reason: "impossible move".into(),
            date: plus(start, rng.below(100) as i64),
        });
    }
    let mut state = ClockState::default();
    if mode == Mode::Post && rng.below(2) == 0 && received <= now {
        state.set_receipt(moves.len() as u32, received);
    }
    let result = (rng.below(10) == 0).then_some(GameResult::Draw);
    Game {
        params,
        start,
        moves,
        penalties,
        suspensions,
        state,
        result,
    }
}

fn main() {
    let now = NaiveDate::from_ymd_opt(2027, 3, 1).expect("date");
    let mut rng = Rng(20_261_201);
    let t = Instant::now();
    let mut games: Vec<Game> = (0..GAMES).map(|_| build(&mut rng, now)).collect();
    println!("built {GAMES} games in {:?}", t.elapsed());
    // Bring the games into mixed states: sweep once as of a month ago (claims filed, repeats
    // issued), so that today's sweep meets pending claims and already-issued notices too.
    let before = plus(now, -30);
    for g in &mut games {
        let game = ClockGame {
            params: &g.params,
            start: g.start,
            moves: &g.moves,
            penalties: &g.penalties,
            suspensions: &g.suspensions,
            state: &g.state,
            result: g.result,
        };
        g.state = tick(&game, before).state;
    }
    let t = Instant::now();
    let mut notices = 0usize;
    for g in &mut games {
        let game = ClockGame {
            params: &g.params,
            start: g.start,
            moves: &g.moves,
            penalties: &g.penalties,
            suspensions: &g.suspensions,
            state: &g.state,
            result: g.result,
        };
        let out = tick(black_box(&game), black_box(now));
        notices += out.notices.len();
        g.state = out.state;
    }
    let took = t.elapsed();
    println!("pure tick over {GAMES} games, 30 days of catch-up: {took:?} ({notices} notices)");
    // The daemon's usual day: everything due was issued already.
    let t = Instant::now();
    let mut again = 0usize;
    for g in &games {
        let game = ClockGame {
            params: &g.params,
            start: g.start,
            moves: &g.moves,
            penalties: &g.penalties,
            suspensions: &g.suspensions,
            state: &g.state,
            result: g.result,
        };
        let out = tick(black_box(&game), black_box(now));
        again += out.notices.len();
        black_box(out.state);
    }
    println!(
        "pure tick over {GAMES} games, same day again: {:?} ({again} notices)",
        t.elapsed()
    );
}
