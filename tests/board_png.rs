//! Golden pictures of the board (issue 14 item 1): the PNG amici puts in a letter, for the
//! start, a castled position, a promotion and a position seen from Black's side, compared
//! pixel by pixel (with a small tolerance, for antialiasing that another resvg or CPU may
//! round differently) with the PNGs under `fixtures/board/`, each looked at once by a person.
//! `AMICI_BLESS_GOLDENS=1 cargo test --test board_png` rewrites them: look at them again.

use amici::picture::{self, HEIGHT, View, WIDTH};
use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Square};

/// A per-channel difference up to this is the same colour.
const CHANNEL: u8 = 24;
/// At most this many pixels may differ by more (0.2 % of the picture).
const PIXELS: usize = (WIDTH * HEIGHT / 500) as usize;

fn board(fen: &str) -> Board {
    fen.parse::<Fen>().expect("a FEN").into_setup().board
}

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    // Letters carry an indexed PNG: expanded to RGB here, as any viewer shows it.
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (info.width, info.height, rgb)
}

/// Renders `view` both ways — the SVG through resvg (the `board.svg` letters attach) and
/// the picture letters carry (`picture::board_png`, put together from parts) — checks their
/// size, and compares each with `fixtures/board/<name>.png`.
fn golden(name: &str, view: View) {
    let svg = picture::png(&picture::svg(&view)).expect("a picture");
    let path = format!("{}/fixtures/board/{name}.png", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("AMICI_BLESS_GOLDENS").is_some() {
        std::fs::write(&path, &svg).unwrap();
    }
    let letter = picture::board_png(&view).expect("a picture");
    same(&format!("{name} (SVG)"), &svg, &path);
    same(&format!("{name} (letter)"), &letter, &path);
    // The letter's picture is the 256-colour one: a third smaller than the RGB PNG.
    assert!(
        letter.len() * 4 < svg.len() * 3,
        "{name}: the letter's picture is {} bytes, the RGB one {}",
        letter.len(),
        svg.len()
    );
}

fn same(name: &str, png: &[u8], path: &str) {
    assert!(png.len() < 30 * 1024, "{name}: {} bytes", png.len());
    let want = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (w, h, got) = decode(png);
    let (ww, wh, want) = decode(&want);
    assert_eq!((w, h), (ww, wh), "{name}: size");
    assert_eq!((w, h), (WIDTH, HEIGHT));
    let differing = got
        .chunks_exact(3)
        .zip(want.chunks_exact(3))
        .filter(|(a, b)| {
            a.iter()
                .zip(b.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL)
        })
        .count();
    assert!(
        differing <= PIXELS,
        "{name}: {differing} pixels differ from the golden (at most {PIXELS})"
    );
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
