//! The FIDE Dutch pairing (C.04.3) of one round of a 500-player Swiss: rounds 1–5 are paired
//! by amici itself with random results (draws, forfeits), then round 6 is timed. Prints the
//! time beside the target (< 1 s on this machine).
//!
//! Run: `cargo bench --bench pair_500`.

use std::hint::black_box;
use std::time::Instant;

use amici::rules::dutch::{Colour, Float, Pairing, Player, RoundInput, pair};

const PLAYERS: usize = 500;
const ROUNDS: u32 = 9;
const TIMED: u32 = 6;

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
        self.next() % n
    }
}

fn input(round: u32, players: &[Player]) -> RoundInput {
    RoundInput {
        round,
        total_rounds: ROUNDS,
        initial: Colour::White,
        players: players.to_vec(),
        others: Vec::new(),
    }
}

/// Plays a round: results by rating order (the higher number a little weaker), 3% forfeits.
fn play(players: &mut [Player], p: &Pairing, rng: &mut Rng) {
    let before: Vec<u32> = players.iter().map(|x| x.score).collect();
    let idx = |id: u32| id as usize - 1;
    let mut touched = vec![false; players.len()];
    for &(w, b) in &p.games {
        let (wi, bi) = (idx(w), idx(b));
        touched[wi] = true;
        touched[bi] = true;
        let forfeit = rng.below(100) < 3;
        let r = rng.below(100);
        let (sw, sb) = if r < 30 {
            (1, 1)
        } else if (r < 65) == (w < b) {
            (2, 0)
        } else {
            (0, 2)
        };
        players[wi].score += sw;
        players[bi].score += sb;
        if forfeit {
            if sw == 2 {
                players[wi].bye_eligible = false;
            } else if sb == 2 {
                players[bi].bye_eligible = false;
            }
            players[wi]
                .floats
                .push(if sw == 2 { Float::Down } else { Float::None });
            players[bi]
                .floats
                .push(if sb == 2 { Float::Down } else { Float::None });
            continue;
        }
        players[wi].colours.push(Colour::White);
        players[bi].colours.push(Colour::Black);
        players[wi].opponents.push(b);
        players[bi].opponents.push(w);
        let (fw, fb) = match before[wi].cmp(&before[bi]) {
            std::cmp::Ordering::Greater => (Float::Down, Float::Up),
            std::cmp::Ordering::Less => (Float::Up, Float::Down),
            std::cmp::Ordering::Equal => (Float::None, Float::None),
        };
        players[wi].floats.push(fw);
        players[bi].floats.push(fb);
    }
    if let Some(b) = p.bye {
        let bi = idx(b);
        touched[bi] = true;
        players[bi].score += 2;
        players[bi].bye_eligible = false;
        players[bi].floats.push(Float::Down);
    }
    assert!(touched.iter().all(|t| *t), "every player paired");
}

fn main() {
    let mut rng = Rng(500);
    let mut players: Vec<Player> = (1..=PLAYERS as u32)
        .map(|id| Player {
            id,
            bye_eligible: true,
            ..Player::default()
        })
        .collect();
    // An odd field, so that every round has a bye too: 501 players.
    players.push(Player {
        id: PLAYERS as u32 + 1,
        bye_eligible: true,
        ..Player::default()
    });
    for round in 1..TIMED {
        let p = pair(&input(round, &players)).expect("a pairing");
        play(&mut players, &p, &mut rng);
    }
    let inp = input(TIMED, &players);
    let started = Instant::now();
    let p = black_box(pair(&inp).expect("a pairing"));
    let took = started.elapsed();
    println!(
        "pair_500: round {TIMED} of a {}-player Swiss paired in {:.3} s ({} games, bye {:?}); target < 1 s",
        players.len(),
        took.as_secs_f64(),
        p.games.len(),
        p.bye
    );
}
