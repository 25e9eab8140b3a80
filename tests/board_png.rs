//! Golden pictures of the board (issue 14 item 1): the PNG amici puts in a letter, for the
//! start, a castled position, a promotion and a position seen from Black's side, compared
//! pixel by pixel (with a small tolerance, for antialiasing that another resvg or CPU may
//! round differently) with the PNGs under `fixtures/board/`, each looked at once by a person.
//! `AMICI_BLESS_GOLDENS=1 cargo test --test board_png` rewrites them: look at them again.

#[path = "support/golden.rs"]
mod golden;

use amici::picture::{self, View};
use golden::same;
use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Square};

fn board(fen: &str) -> Board {
    fen.parse::<Fen>().expect("a FEN").into_setup().board
}

/// Renders `view` both ways — the SVG through resvg (the `board.svg` letters attach) and
/// the picture letters carry (`picture::board_png`, put together from parts) — checks their
/// size, and compares each with `fixtures/board/<name>.png`.
fn golden(name: &str, view: View) {
    let svg = picture::png(&picture::svg(&view)).expect("a picture");
    let path = golden::path(name);
    if std::env::var_os("AMICI_BLESS_GOLDENS").is_some() {
        std::fs::write(&path, &svg).unwrap();
    }
    let letter = picture::board_png(&view).expect("a picture");
    same(&format!("{name} (SVG)"), &svg, &path);
    same(&format!("{name} (letter)"), &letter, &path);
    // The letter's picture is the 256-colour one (the bytes it compresses are a third of
    // the RGB picture's), under 20 KB (fdeflate writes 17–18 KB for 32 pieces; `same`
    // checks the 30 KB budget).
    let header = png::Decoder::new(std::io::Cursor::new(&letter))
        .read_info()
        .expect("a PNG");
    assert_eq!(header.info().color_type, png::ColorType::Indexed, "{name}");
    assert!(letter.len() < 20 * 1024, "{name}: {} bytes", letter.len());
}

#[test]
fn the_start_position_from_whites_side() {
    golden(
        "start",
        View {
            board: Board::default(),
            side: Color::White,
            last_move: None,
        },
    );
}

#[test]
fn a_castled_position_with_the_kings_move_highlighted() {
    // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O
    golden(
        "castled",
        View {
            board: board("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"),
            side: Color::White,
            last_move: Some((Square::E1, Square::G1)),
        },
    );
}

#[test]
fn a_promotion_to_a_queen() {
    // White's pawn has just reached e8 and become a queen.
    golden(
        "promotion",
        View {
            board: board("4Q3/8/8/8/8/2k5/8/4K3 b - - 0 60"),
            side: Color::White,
            last_move: Some((Square::E7, Square::E8)),
        },
    );
}

#[test]
fn a_position_from_blacks_side() {
    // 1. e4 c5, drawn for Black: rank 8 at the bottom, file h on the left.
    golden(
        "black-side",
        View {
            board: board("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
            side: Color::Black,
            last_move: Some((Square::C7, Square::C5)),
        },
    );
}

#[test]
fn the_end_of_fools_mate_from_blacks_side() {
    // 1. f3 e5 2. g4 Qh4#, drawn for Black (the winner's letter at the end of the game):
    // rank 8 at the bottom, file h on the left, d8 and h4 highlighted.
    golden(
        "fools-mate-black",
        View {
            board: board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
            side: Color::Black,
            last_move: Some((Square::D8, Square::H4)),
        },
    );
}
