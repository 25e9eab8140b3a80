//! The board as a picture for letters (issue 14 item 1): an SVG built as data from the
//! position, the side the recipient plays and the last move, and its PNG rasterised in pure
//! Rust by resvg. No IO, no clock, no font: the pieces are the cburnett set shipped in
//! `assets/pieces/cburnett/` (compiled in), the coordinates are stroked paths (`glyphs`).
//!
//! - `svg`      position → SVG text (pure, deterministic: the same position gives the same bytes)
//! - `png`      SVG text → PNG bytes (resvg / tiny-skia, then the `png` encoder, RGB)
//! - `glyphs`   the coordinate letters and digits as paths

pub mod glyphs;

use std::fmt::Write as _;

use shakmaty::{Board, Color, File, Rank, Role, Square};

/// The side of one square, in pixels.
pub const SQUARE: u32 = 40;
/// The margins around the board: the rank digits on the left, the file letters below.
const LEFT: u32 = 20;
const TOP: u32 = 8;
const RIGHT: u32 = 8;
const BOTTOM: u32 = 22;
/// The picture's size in pixels.
pub const WIDTH: u32 = LEFT + 8 * SQUARE + RIGHT;
pub const HEIGHT: u32 = TOP + 8 * SQUARE + BOTTOM;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The last move's two squares (the colours a light and a dark square take).
const LIGHT_MOVED: &str = "#cdd26a";
const DARK_MOVED: &str = "#aaa23a";
const MARGIN: &str = "#ffffff";
const INK: &str = "#4a3b2c";

/// What one picture shows: a position, from one side, and the move that led to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    pub board: Board,
    /// At the bottom: White has rank 1 there and file a on the left; Black rank 8 and file h.
    pub side: Color,
    /// The last move's from- and to-square (castling: the king's two squares).
    pub last_move: Option<(Square, Square)>,
}

/// A piece's artwork: the inside of its cburnett SVG file (45 × 45 units).
fn artwork(color: Color, role: Role) -> &'static str {
    let file = match (color, role) {
        (Color::White, Role::King) => include_str!("../../assets/pieces/cburnett/wK.svg"),
        (Color::White, Role::Queen) => include_str!("../../assets/pieces/cburnett/wQ.svg"),
        (Color::White, Role::Rook) => include_str!("../../assets/pieces/cburnett/wR.svg"),
        (Color::White, Role::Bishop) => include_str!("../../assets/pieces/cburnett/wB.svg"),
        (Color::White, Role::Knight) => include_str!("../../assets/pieces/cburnett/wN.svg"),
        (Color::White, Role::Pawn) => include_str!("../../assets/pieces/cburnett/wP.svg"),
        (Color::Black, Role::King) => include_str!("../../assets/pieces/cburnett/bK.svg"),
        (Color::Black, Role::Queen) => include_str!("../../assets/pieces/cburnett/bQ.svg"),
        (Color::Black, Role::Rook) => include_str!("../../assets/pieces/cburnett/bR.svg"),
        (Color::Black, Role::Bishop) => include_str!("../../assets/pieces/cburnett/bB.svg"),
        (Color::Black, Role::Knight) => include_str!("../../assets/pieces/cburnett/bN.svg"),
        (Color::Black, Role::Pawn) => include_str!("../../assets/pieces/cburnett/bP.svg"),
    };
    let start = file
        .find("<svg")
        .and_then(|i| file[i..].find('>').map(|j| i + j + 1));
    let end = file.rfind("</svg>");
    match (start, end) {
        (Some(s), Some(e)) if s <= e => &file[s..e],
        _ => "",
    }
}

/// The id of a piece's symbol: `wK`, `bP` …
fn symbol_id(color: Color, role: Role) -> String {
    format!("{}{}", color.char(), role.upper_char())
}

/// The square drawn in column `col` (0 = left) and row `row` (0 = top), seen from `side`.
fn square_at(side: Color, col: u32, row: u32) -> Square {
    let (file, rank) = match side {
        Color::White => (col, 7 - row),
        Color::Black => (7 - col, row),
    };
    Square::from_coords(File::new(file), Rank::new(rank))
}

/// One glyph placed with its box's centre at `x` and its baseline at `baseline` (pixels).
fn glyph(s: &mut String, c: char, x: f32, baseline: f32, scale: f32) {
    if let Some(d) = glyphs::path(c) {
        let _ = write!(
            s,
            r#"<path transform="translate({:.2} {:.2}) scale({scale})" d="{d}"/>"#,
            x - glyphs::WIDTH * scale / 2.0,
            baseline - glyphs::BASELINE * scale,
        );
    }
}

/// The position as an SVG picture, `WIDTH` × `HEIGHT` pixels: the board from `view.side`,
/// the last move's squares highlighted, the coordinates in the margins. Pure and
/// deterministic.
pub fn svg(view: &View) -> String {
    let s = SQUARE;
    let mut out = String::with_capacity(12_000);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">"#
    );
    // Only the pieces on the board are defined.
    out.push_str("<defs>");
    let mut defined: Vec<(Color, Role)> = Vec::new();
    for (_, piece) in view.board.clone() {
        if !defined.contains(&(piece.color, piece.role)) {
            defined.push((piece.color, piece.role));
        }
    }
    defined.sort_by_key(|(c, r)| (*c as u8, *r as u8));
    for (color, role) in &defined {
        let _ = write!(
            out,
            r#"<symbol id="{}" viewBox="0 0 45 45">{}</symbol>"#,
            symbol_id(*color, *role),
            artwork(*color, *role)
        );
    }
    out.push_str("</defs>");
    let _ = write!(
        out,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="{MARGIN}"/><rect x="{LEFT}" y="{TOP}" width="{}" height="{}" fill="{LIGHT}"/>"#,
        8 * s,
        8 * s
    );
    let moved = |sq: Square| {
        view.last_move
            .is_some_and(|(from, to)| sq == from || sq == to)
    };
    for row in 0..8 {
        for col in 0..8 {
            let sq = square_at(view.side, col, row);
            let fill = match (sq.is_dark(), moved(sq)) {
                (false, false) => continue,
                (true, false) => DARK,
                (false, true) => LIGHT_MOVED,
                (true, true) => DARK_MOVED,
            };
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="{fill}"/>"#,
                LEFT + col * s,
                TOP + row * s
            );
        }
    }
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="1"/>"#,
        f64::from(LEFT) - 0.5,
        f64::from(TOP) - 0.5,
        8 * s + 1,
        8 * s + 1
    );
    for row in 0..8 {
        for col in 0..8 {
            let sq = square_at(view.side, col, row);
            if let Some(p) = view.board.piece_at(sq) {
                let _ = write!(
                    out,
                    r##"<use xlink:href="#{}" x="{}" y="{}" width="{s}" height="{s}"/>"##,
                    symbol_id(p.color, p.role),
                    LEFT + col * s,
                    TOP + row * s
                );
            }
        }
    }
    // The coordinates: rank digits centred on their rows, file letters under their columns.
    let _ = write!(
        out,
        r#"<g fill="none" stroke="{INK}" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round">"#
    );
    let scale = 1.1;
    let half = s as f32 / 2.0;
    for i in 0..8 {
        let sq = square_at(view.side, i, i);
        let y = (TOP + i * s) as f32 + half;
        glyph(
            &mut out,
            sq.rank().char(),
            LEFT as f32 / 2.0,
            y + glyphs::BASELINE * scale / 2.0,
            scale,
        );
        let x = (LEFT + i * s) as f32 + half;
        glyph(
            &mut out,
            sq.file().char(),
            x,
            (TOP + 8 * s) as f32 + 15.0,
            scale,
        );
    }
    out.push_str("</g></svg>");
    wrap_between_tags(&out, SVG_LINE)
}

/// The longest line of the SVG: it goes by mail as it stands (`7bit`, RFC 5322's lines of at
/// most 998 octets), where a single line would be sent quoted-printable, 76 octets a line.
pub const SVG_LINE: usize = 900;

/// `svg` with a line break between two tags wherever the line would otherwise pass `max`
/// (whitespace between elements: the picture is the same). A run without a tag boundary
/// stays whole: amici's own SVG has none longer than a path (well under `max`).
fn wrap_between_tags(svg: &str, max: usize) -> String {
    let mut out = String::with_capacity(svg.len() + svg.len() / max + 1);
    let mut line = 0;
    let mut rest = svg;
    while let Some(i) = rest.find("><") {
        let piece = &rest[..=i];
        if line > 0 && line + piece.len() > max {
            out.push('\n');
            line = 0;
        }
        out.push_str(piece);
        line += piece.len();
        rest = &rest[i + 1..];
    }
    if line > 0 && line + rest.len() > max {
        out.push('\n');
    }
    out.push_str(rest);
    out
}

/// Why a picture could not be made (never expected: the SVG is ours).
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the board SVG does not parse: {0}")]
    Svg(#[from] resvg::usvg::Error),
    #[error("cannot allocate a {WIDTH}×{HEIGHT} picture")]
    Pixmap,
    #[error("cannot encode the PNG: {0}")]
    Png(#[from] png::EncodingError),
}

/// An SVG of `WIDTH` × `HEIGHT` as PNG bytes: rasterised by resvg on white, written as 8-bit
/// RGB (no alpha: the picture is opaque), unfiltered, at zlib's default level.
pub fn png(svg: &str) -> Result<Vec<u8>, PictureError> {
    encode(&rgb_of(&rasterise(svg, WIDTH, HEIGHT, true)?))
}

/// What every picture is put together from, rasterised once per process by [`png`]'s own
/// renderer: the empty board from each side (margins, squares, frame, coordinates) and each
/// piece on a transparent square.
struct Parts {
    /// The empty board as RGB, `WIDTH` × `HEIGHT`: `[White's side, Black's side]`.
    boards: [Vec<u8>; 2],
    /// Each piece, `SQUARE` × `SQUARE` premultiplied RGBA, at `piece_index`.
    pieces: Vec<Vec<u8>>,
    /// The same parts in 256 colours, what letters carry; `None` if the empty board's squares
    /// are not flat (never expected), and then the RGB picture is encoded instead.
    indexed: Option<Indexed>,
}

/// The parts as indices into one palette of at most 256 colours. A piece only ever stands on
/// a flat square of one of four colours (light, dark, and the two of the last move), so each
/// piece is blended over each of them once here, and a picture is put together by copying
/// bytes: an indexed PNG is a third of the pixels' bytes to compress, which is what lets
/// fdeflate write it in a tenth of a millisecond at about the RGB level-6 picture's size
/// ([`encode_as`]; at zlib's level 6 it was about two thirds of it).
struct Indexed {
    /// RGB triples.
    palette: Vec<u8>,
    /// The empty board from each side: `[White's side, Black's side]`.
    boards: [Vec<u8>; 2],
    /// The four square colours' indices: light, dark, light moved, dark moved.
    flat: [u8; 4],
    /// Each piece blended over each square colour: `tiles[piece_index * 4 + kind]`.
    tiles: Vec<Vec<u8>>,
}

/// The square colours a piece may stand on, in the order of [`Indexed::flat`].
fn square_colours() -> [[u8; 3]; 4] {
    [hex(LIGHT), hex(DARK), hex(LIGHT_MOVED), hex(DARK_MOVED)]
}

/// Which of [`square_colours`] square `sq` has: dark or light, of the last move or not.
fn kind_of(sq: Square, moved: bool) -> usize {
    usize::from(sq.is_dark()) + 2 * usize::from(moved)
}

/// Lays the premultiplied RGBA `sprite` row over the RGB `line`, source-over, as the SVG
/// draws a piece.
fn blend(line: &mut [u8], sprite: &[u8]) {
    for (d, p) in line.chunks_exact_mut(3).zip(sprite.chunks_exact(4)) {
        let a = u32::from(p[3]);
        if a == 0 {
            continue;
        }
        let keep = 255 - a;
        for c in 0..3 {
            let v = u32::from(p[c]) + (u32::from(d[c]) * keep + 127) / 255;
            d[c] = v.min(255) as u8;
        }
    }
}

/// The pixel offset of column `col`, row `row`'s square in an image `bpp` bytes a pixel.
fn square_origin(col: u32, row: u32, bpp: usize) -> usize {
    ((TOP + row * SQUARE) * WIDTH + LEFT + col * SQUARE) as usize * bpp
}

impl Indexed {
    fn new(boards: &[Vec<u8>; 2], pieces: &[Vec<u8>]) -> Option<Indexed> {
        use std::collections::HashMap;
        let s = SQUARE as usize;
        let colours = square_colours();
        // Every square of the empty boards is flat in its own colour.
        for (i, board) in boards.iter().enumerate() {
            let side = if i == 0 { Color::White } else { Color::Black };
            for (row, col) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
                let want = colours[kind_of(square_at(side, col, row), false)];
                let at = square_origin(col, row, 3);
                let flat = (0..s).all(|y| {
                    let line = &board[at + y * WIDTH as usize * 3..][..s * 3];
                    line.chunks_exact(3).all(|p| p == want)
                });
                if !flat {
                    return None;
                }
            }
        }
        let tiles_rgb: Vec<Vec<u8>> = pieces
            .iter()
            .flat_map(|sprite| {
                colours.iter().map(move |c| {
                    let mut tile: Vec<u8> = c.repeat(s * s);
                    blend(&mut tile, sprite);
                    tile
                })
            })
            .collect();
        // The palette: the most frequent colours (the ~500 there are, most of them a piece's
        // antialiased edge, come to 256 within a few steps a channel); each other one is drawn
        // in its nearest.
        let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
        for img in boards.iter().chain(&tiles_rgb) {
            for p in img.chunks_exact(3) {
                *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
            }
        }
        let mut by_count: Vec<([u8; 3], usize)> = counts.into_iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let palette: Vec<[u8; 3]> = by_count.iter().take(256).map(|(c, _)| *c).collect();
        let nearest = |c: [u8; 3]| -> u8 {
            let distance = |p: &[u8; 3]| -> u32 {
                (0..3).map(|i| u32::from(p[i].abs_diff(c[i])).pow(2)).sum()
            };
            let best = (0..palette.len()).min_by_key(|&i| distance(&palette[i]));
            best.unwrap_or(0) as u8
        };
        let index: HashMap<[u8; 3], u8> = by_count.iter().map(|(c, _)| (*c, nearest(*c))).collect();
        let map = |img: &[u8]| -> Vec<u8> {
            img.chunks_exact(3)
                .map(|p| index[&[p[0], p[1], p[2]]])
                .collect()
        };
        Some(Indexed {
            palette: palette.iter().flatten().copied().collect(),
            boards: [map(&boards[0]), map(&boards[1])],
            flat: colours.map(nearest),
            tiles: tiles_rgb.iter().map(|t| map(t)).collect(),
        })
    }

    /// The picture of `view` as palette indices: the empty board, each square of the last
    /// move filled, each piece's tile for its square's colour copied in.
    fn compose(&self, view: &View) -> Vec<u8> {
        let mut out = self.boards[usize::from(view.side == Color::Black)].clone();
        let (s, stride) = (SQUARE as usize, WIDTH as usize);
        for (row, col) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
            let sq = square_at(view.side, col, row);
            let moved = view
                .last_move
                .is_some_and(|(from, to)| sq == from || sq == to);
            let kind = kind_of(sq, moved);
            let at = square_origin(col, row, 1);
            let piece = view.board.piece_at(sq);
            if piece.is_none() && !moved {
                continue;
            }
            for y in 0..s {
                let line = &mut out[at + y * stride..at + y * stride + s];
                match piece {
                    Some(p) => line.copy_from_slice(
                        &self.tiles[piece_index(p.color, p.role) * 4 + kind][y * s..(y + 1) * s],
                    ),
                    None => line.fill(self.flat[kind]),
                }
            }
        }
        out
    }

    /// Palette indices of `WIDTH` × `HEIGHT` as an indexed PNG, by fdeflate with the Paeth
    /// filter (why, and the measurements: [`encode_as`]).
    fn encode(&self, pixels: &[u8]) -> Result<Vec<u8>, PictureError> {
        encode_as(pixels, Some(&self.palette))
    }
}

fn piece_index(color: Color, role: Role) -> usize {
    color as usize * 6 + (role as usize - 1)
}

/// An SVG text rasterised by resvg: premultiplied RGBA, on white when `opaque`.
fn rasterise(svg: &str, width: u32, height: u32, opaque: bool) -> Result<Vec<u8>, PictureError> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())?;
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PictureError::Pixmap)?;
    if opaque {
        pixmap.fill(tiny_skia::Color::WHITE);
    }
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap.take())
}

/// Premultiplied RGBA that is opaque everywhere as RGB.
fn rgb_of(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect()
}

impl Parts {
    fn new() -> Result<Parts, PictureError> {
        let empty = |side| View {
            board: Board::empty(),
            side,
            last_move: None,
        };
        let board = |side| rasterise(&svg(&empty(side)), WIDTH, HEIGHT, true).map(|p| rgb_of(&p));
        let mut pieces = vec![Vec::new(); 12];
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                // The piece exactly as `svg` places it, at the origin of its own square.
                let one = format!(
                    r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{s}" height="{s}" viewBox="0 0 {s} {s}"><defs><symbol id="{id}" viewBox="0 0 45 45">{art}</symbol></defs><use xlink:href="#{id}" x="0" y="0" width="{s}" height="{s}"/></svg>"##,
                    s = SQUARE,
                    id = symbol_id(color, role),
                    art = artwork(color, role)
                );
                pieces[piece_index(color, role)] = rasterise(&one, SQUARE, SQUARE, false)?;
            }
        }
        let boards = [board(Color::White)?, board(Color::Black)?];
        Ok(Parts {
            indexed: Indexed::new(&boards, &pieces),
            boards,
            pieces,
        })
    }

    /// The picture of `view` as RGB: the empty board, the last move's squares filled, each
    /// piece laid on its square (source-over, as the SVG draws it).
    fn compose(&self, view: &View) -> Vec<u8> {
        let mut rgb = self.boards[usize::from(view.side == Color::Black)].clone();
        let stride = WIDTH as usize * 3;
        let s = SQUARE as usize;
        for row in 0..8 {
            for col in 0..8 {
                let sq = square_at(view.side, col, row);
                let at = square_origin(col, row, 3);
                if view
                    .last_move
                    .is_some_and(|(from, to)| sq == from || sq == to)
                {
                    let fill = hex(if sq.is_dark() {
                        DARK_MOVED
                    } else {
                        LIGHT_MOVED
                    });
                    for y in 0..s {
                        let line = &mut rgb[at + y * stride..at + y * stride + s * 3];
                        for px in line.chunks_exact_mut(3) {
                            px.copy_from_slice(&fill);
                        }
                    }
                }
                let Some(piece) = view.board.piece_at(sq) else {
                    continue;
                };
                let sprite = &self.pieces[piece_index(piece.color, piece.role)];
                for y in 0..s {
                    let line = &mut rgb[at + y * stride..at + y * stride + s * 3];
                    blend(line, &sprite[y * s * 4..(y + 1) * s * 4]);
                }
            }
        }
        rgb
    }
}

/// `#rrggbb` as bytes.
fn hex(colour: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&colour[i..i + 2], 16).unwrap_or(0);
    [byte(1), byte(3), byte(5)]
}

/// The picture of `view` as PNG bytes — the one letters carry. The same picture as
/// `png(&svg(view))` (tests/board_png.rs compares both with the goldens), put together from
/// parts rasterised once per process instead of parsing and rasterising a whole SVG: about
/// a tenth of the time, and in 256 colours ([`Indexed`]; DESIGN.md "Pictures and the write
/// lock").
pub fn board_png(view: &View) -> Result<Vec<u8>, PictureError> {
    use std::sync::OnceLock;
    static PARTS: OnceLock<Result<Parts, String>> = OnceLock::new();
    match PARTS.get_or_init(|| Parts::new().map_err(|e| e.to_string())) {
        Ok(Parts {
            indexed: Some(ix), ..
        }) => ix.encode(&ix.compose(view)),
        Ok(parts) => encode(&parts.compose(view)),
        // Never expected (the SVG is ours): the whole picture the slow way.
        Err(_) => png(&svg(view)),
    }
}

/// RGB pixels of `WIDTH` × `HEIGHT` as PNG.
fn encode(rgb: &[u8]) -> Result<Vec<u8>, PictureError> {
    encode_as(rgb, None)
}

/// Pixels of `WIDTH` × `HEIGHT` as PNG: RGB, or indices into `palette` (RGB triples).
fn encode_as(pixels: &[u8], palette: Option<&[u8]>) -> Result<Vec<u8>, PictureError> {
    let mut out = Vec::with_capacity(20_000);
    {
        let mut enc = png::Encoder::new(&mut out, WIDTH, HEIGHT);
        match palette {
            Some(p) => {
                enc.set_color(png::ColorType::Indexed);
                enc.set_palette(p.to_vec());
            }
            None => enc.set_color(png::ColorType::Rgb),
        }
        enc.set_depth(png::BitDepth::Eight);
        if palette.is_some() {
            // The letters' picture. Measured (release, five positions of a game, 6-7 December):
            // zlib level 6 unfiltered 9.9 KB in 1.7 ms; level 2 with the Up filter 12.0 KB in
            // 0.9 ms; fdeflate (`Fast`) with Paeth 17.1 KB in 0.25 ms (unfiltered it reaches 46
            // KB: it is made for filtered rows). On the pipeline bench the machine is busy to
            // the last core while amici sends (its two cores share amici, the Python SMTP front
            // end and Dovecot), and level 6 was half of amici's CPU time: fdeflate took amici
            // from 3.2 to 1.9 s and the machine from 13.1 to 11.5 s for workload (b); the 7 KB
            // more cost the server ~0.5 ms a message, the level-6 deflate amici 1.4 ms
            // (DESIGN.md).
            enc.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
            enc.set_filter(png::Filter::Paeth);
        } else {
            // Whole RGB pictures (the goldens, the bench, a fallback never expected): flat
            // squares compress best unfiltered; level 6 gives 14.4 KB in 2.8 ms on the start
            // position, level 3 18.3 KB in 1.8 ms, level 1 27.7 KB in 0.6 ms.
            enc.set_compression(png::Compression::Balanced);
            enc.set_filter(png::Filter::NoFilter);
        }
        let mut w = enc.write_header()?;
        w.write_image_data(pixels)?;
        w.finish()?;
    }
    Ok(out)
}

/// Pictures kept for reuse; beyond this many the cache starts again.
const CACHE_ENTRIES: usize = 256;

/// [`board_png`] through a small cache keyed by the view: one tick sends the same position —
/// the start of every game in a new tournament, a claim to both players and the arbiter — to
/// many recipients.
pub fn png_cached(view: &View) -> Result<Vec<u8>, PictureError> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<View, Vec<u8>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Ok(c) = cache.lock()
        && let Some(png) = c.get(view)
    {
        return Ok(png.clone());
    }
    let out = board_png(view)?;
    if let Ok(mut c) = cache.lock() {
        if c.len() >= CACHE_ENTRIES {
            c.clear();
        }
        c.insert(view.clone(), out.clone());
    }
    Ok(out)
}

/// The picture of `view`: its SVG and its PNG.
pub fn picture(view: &View) -> Result<(String, Vec<u8>), PictureError> {
    Ok((svg(view), png_cached(view)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(side: Color) -> View {
        View {
            board: Board::default(),
            side,
            last_move: None,
        }
    }

    #[test]
    fn every_piece_has_artwork() {
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                assert!(artwork(color, role).contains("<path"), "{color:?} {role:?}");
            }
        }
    }

    #[test]
    fn squares_from_each_side() {
        assert_eq!(square_at(Color::White, 0, 7), Square::A1);
        assert_eq!(square_at(Color::White, 7, 0), Square::H8);
        assert_eq!(square_at(Color::Black, 0, 7), Square::H8);
        assert_eq!(square_at(Color::Black, 7, 0), Square::A1);
    }

    #[test]
    fn the_svg_is_deterministic_and_draws_32_pieces() {
        let a = svg(&start(Color::White));
        assert_eq!(a, svg(&start(Color::White)));
        assert_eq!(a.matches("<use ").count(), 32);
        assert_eq!(a.matches("<symbol ").count(), 12);
        assert_ne!(a, svg(&start(Color::Black)));
    }

    #[test]
    fn the_svg_is_broken_into_lines_between_tags_only() {
        let wrapped = svg(&start(Color::Black));
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines.len() >= 10, "{} lines", lines.len());
        for l in &lines {
            assert!(l.len() <= SVG_LINE, "{} octets: {l}", l.len());
            assert!(l.starts_with('<') && l.ends_with('>'), "{l}");
        }
        // Nothing but the breaks was added: the one-line SVG is the lines joined.
        assert_eq!(
            wrap_between_tags(&lines.concat(), usize::MAX),
            lines.concat()
        );
        assert_eq!(wrap_between_tags("<a><b><c>", 6), "<a><b>\n<c>");
        assert_eq!(wrap_between_tags("<a/>", 2), "<a/>");
    }

    #[test]
    fn the_png_is_a_png_of_the_size() {
        let png = png(&svg(&start(Color::White))).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), WIDTH);
        assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), HEIGHT);
        assert!(png.len() < 30 * 1024, "{} bytes", png.len());
    }
}
