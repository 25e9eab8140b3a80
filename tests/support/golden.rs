//! Board pictures compared with the golden PNGs under `fixtures/board/` (each looked at once
//! by a person), pixel by pixel with a small tolerance for antialiasing that another resvg
//! or CPU may round differently: `#[path = "support/golden.rs"] mod golden;`.
#![allow(dead_code)]

use amici::picture::{HEIGHT, WIDTH};

/// A per-channel difference up to this is the same colour.
pub const CHANNEL: u8 = 24;
/// At most this many pixels may differ by more (0.2 % of the picture).
pub const PIXELS: usize = (WIDTH * HEIGHT / 500) as usize;

/// The path of `fixtures/board/<name>.png`.
pub fn path(name: &str) -> String {
    format!("{}/fixtures/board/{name}.png", env!("CARGO_MANIFEST_DIR"))
}

/// A PNG's width, height and RGB pixels. Letters carry an indexed PNG: expanded to RGB here,
/// as any viewer shows it.
pub fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
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

/// The pixels of two PNGs that differ by more than [`CHANNEL`] in a channel; both must be
/// the board's size.
pub fn differing(name: &str, png: &[u8], want: &[u8]) -> usize {
    let (w, h, got) = decode(png);
    let (ww, wh, want) = decode(want);
    assert_eq!((w, h), (ww, wh), "{name}: size");
    assert_eq!((w, h), (WIDTH, HEIGHT), "{name}: the board's size");
    got.chunks_exact(3)
        .zip(want.chunks_exact(3))
        .filter(|(a, b)| {
            a.iter()
                .zip(b.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL)
        })
        .count()
}

/// `png` (under 30 KB) is the picture of the golden file `path`, within the tolerance.
pub fn same(name: &str, png: &[u8], path: &str) {
    assert!(png.len() < 30 * 1024, "{name}: {} bytes", png.len());
    let want = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let n = differing(name, png, &want);
    assert!(
        n <= PIXELS,
        "{name}: {n} pixels differ from the golden {path} (at most {PIXELS})"
    );
}
