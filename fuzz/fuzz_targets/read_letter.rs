//! Fuzz target: any bytes, read as a letter in every notation and judged in a game chosen by
//! the input, must never panic (read_letter, judge).
#![no_main]

use amici::rules::letter::read_letter;
use amici::rules::model::Notation;
use amici::rules::verdict::{GameView, Official, judge};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Color, Position};

fuzz_target!(|data: &[u8]| {
    let Some((&seed, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let arrival = chrono::NaiveDate::from_ymd_opt(2026, 3, 15).expect("date");
    // A game of `seed % 40` plies, always taking the (seed-dependent) k-th legal move.
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for ply in 0..(seed % 40) as usize {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[(ply * 7 + seed as usize) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    for notation in [Notation::Bg, Notation::Ru, Notation::En, Notation::De] {
        let letter = read_letter(&text, notation, seed & 1 == 1, arrival);
        let game = GameView {
            moves: moves.clone(),
            sender: if seed & 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            notation,
            over: seed & 4 == 4,
            penalty_days: 5,
            official: Official::default(),
        };
        let _ = judge(&letter, &game);
    }
});
