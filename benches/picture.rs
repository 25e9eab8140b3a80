//! The board picture of a letter (issue 14 item 1): SVG built as data, rasterised by resvg and
//! encoded as PNG. Prints the time of the picture a letter carries (`board_png`: parts
//! rasterised once, put together; the budget: under 5 ms) and its size (under 30 KB)
//! beside the whole SVG through resvg, for the start and a middlegame from Black's side.
//!
//! Run: `cargo bench --bench picture` (exits 1 when a picture is over the budget).

use std::hint::black_box;
use std::time::Instant;

use amici::picture::{self, View};
use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Square};

/// Times one picture; whether it is within the budget (under 5 ms, under 30 KB).
fn time(name: &str, view: &View) -> bool {
    let runs = 200;
    // Warm up (the letter's parts are made once per process), and the sizes.
    let png = picture::png(&picture::svg(view)).expect("a picture");
    let letter = picture::board_png(view).expect("a picture");
    let t = Instant::now();
    for _ in 0..runs {
        let svg = black_box(picture::svg(black_box(view)));
        black_box(picture::png(&svg).expect("a picture"));
    }
    let whole = t.elapsed() / runs;
    let t = Instant::now();
    for _ in 0..runs {
        black_box(picture::board_png(black_box(view)).expect("a picture"));
    }
    let each = t.elapsed() / runs;
    let t = Instant::now();
    for _ in 0..runs {
        black_box(picture::svg(black_box(view)));
    }
    let svg_only = t.elapsed() / runs;
    let pass = each.as_secs_f64() < 0.005 && letter.len() < 30 * 1024;
    println!(
        "{name}: the letter's picture {:.2} ms, {} bytes PNG (target < 5 ms, < 30 KB: {}); the whole SVG through resvg {:.2} ms (SVG alone {:.3} ms), {} bytes",
        each.as_secs_f64() * 1e3,
        letter.len(),
        if pass { "PASS" } else { "FAIL" },
        whole.as_secs_f64() * 1e3,
        svg_only.as_secs_f64() * 1e3,
        png.len()
    );
    pass
}

fn main() {
    let start = time(
        "start, White's side",
        &View {
            board: Board::default(),
            side: Color::White,
            last_move: None,
        },
    );
    let middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9"
        .parse::<Fen>()
        .expect("a FEN")
        .into_setup()
        .board;
    let middlegame = time(
        "middlegame, Black's side",
        &View {
            board: middlegame,
            side: Color::Black,
            last_move: Some((Square::G8, Square::H8)),
        },
    );
    // `cargo bench` fails over budget; under `cargo test --all-targets` (an unoptimised build)
    // the figures are only printed.
    if std::env::args().any(|a| a == "--bench") && !(start && middlegame) {
        std::process::exit(1);
    }
}
