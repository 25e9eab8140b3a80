//! `standings --format html` is a page a federation could publish (issue 5 item 6): the page of
//! a small crosstable is rendered by headless Chromium and the screenshot checked — a PNG of
//! the window's size, with a visible table (many colours, dark text on a light page), unlike
//! the screenshot of an empty page taken the same way.
//!
//! Needs `/usr/bin/chromium` (scripts/test.sh installs it); without it the test says so and
//! passes. It installs nothing itself. The PNG is decoded here (zlib inflate + PNG filters,
//! below) so no image crate is needed. The screenshot is kept as
//! `target/tmp/standings_html_screenshot.png` for a human look.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use amici::rules::model::Lang;
use amici::rules::standings::{DEFAULT_TIEBREAKS, Game, Outcome, compute};
use amici::rules::standings_html::render_html;
use chrono::NaiveDate;

#[path = "support/chromium.rs"]
mod chromium_run;

use chromium_run::CHROMIUM;
const WIDTH: u32 = 1200;
const HEIGHT: u32 = 800;

/// Seven players, a round robin mostly played: wins, draws, a forfeit, unfinished games.
fn page() -> String {
    let players: Vec<String> = [
        "Иван Петров",
        "Petar Georgiev",
        "Мария Николова",
        "Георги Димитров",
        "Elena Stoyanova",
        "Стоян Василев",
        "Nikolay Todorov",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    use Outcome::*;
    // (white, black, outcome) for every pair i < j, colours alternating.
    let results = [
        WhiteWins,
        Draw,
        BlackWins,
        WhiteWins,
        Draw,
        WhiteWins, // 0 vs 1..6
        Draw,
        WhiteWins,
        Unfinished,
        BlackWins,
        WhiteWins, // 1 vs 2..6
        Draw,
        WhiteWinsByForfeit,
        Draw,
        Unfinished, // 2 vs 3..6
        WhiteWins,
        BlackWins,
        Draw, // 3 vs 4..6
        Draw,
        WhiteWins, // 4 vs 5..6
        BlackWins, // 5 vs 6
    ];
    let mut games = Vec::new();
    let mut k = 0;
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let (white, black) = if (i + j) % 2 == 0 { (i, j) } else { (j, i) };
            games.push(Game {
                white,
                black,
                outcome: results[k],
            });
            k += 1;
        }
    }
    let standings = compute(&players, &games, &DEFAULT_TIEBREAKS).expect("standings");
    render_html(
        "Републиканско първенство по кореспондентен шах 2026 — финал",
        &players,
        &games,
        &standings,
        Lang::Bg,
        NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
    )
}

/// Headless Chromium: `html` → PNG screenshot of a WIDTH×HEIGHT window.
fn screenshot(dir: &Path, name: &str, html: &str) -> Vec<u8> {
    let page = dir.join(format!("{name}.html"));
    let png = dir.join(format!("{name}.png"));
    std::fs::write(&page, html).expect("write the page");
    chromium_run::run(
        &[
            format!("--screenshot={}", png.display()),
            format!("--window-size={WIDTH},{HEIGHT}"),
        ],
        &format!("file://{}", page.display()),
    );
    std::fs::read(&png).unwrap_or_else(|e| panic!("no screenshot {}: {e}", png.display()))
}

#[test]
fn the_html_standings_render_as_a_publishable_page() {
    if !Path::new(CHROMIUM).exists() {
        eprintln!(
            "SKIPPED standings_html_screenshot: {CHROMIUM} is missing \
             (install it with `apt-get install -y chromium`; scripts/test.sh does)"
        );
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let html = page();
    let png = screenshot(dir.path(), "standings", &html);
    let keep = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("standings_html_screenshot.png");
    let _ = std::fs::write(&keep, &png);
    eprintln!("screenshot: {}", keep.display());

    let shot = Png::decode(&png).expect("a valid PNG");
    assert_eq!((shot.width, shot.height), (WIDTH, HEIGHT), "window size");

    // The same Chromium on an empty page: one colour, and a much smaller file.
    let blank = Png::decode(&screenshot(
        dir.path(),
        "blank",
        "<!DOCTYPE html><html></html>",
    ))
    .expect("a valid blank PNG");
    assert_eq!(
        blank.colours(),
        1,
        "the decoder sees an empty page as one colour"
    );
    assert!(
        png.len() > 4 * blank.bytes,
        "{} vs {}",
        png.len(),
        blank.bytes
    );

    // A table: text and lines in many shades (anti-aliasing), dark ink on a light page.
    let colours = shot.colours();
    assert!(
        colours > 50,
        "only {colours} colours: a blank or broken page"
    );
    let (background, share) = shot.dominant();
    assert!(
        luma(background) > 200,
        "a light page: background {background:?}"
    );
    assert!(
        share < 0.97,
        "the table covers a visible part of the page ({share})"
    );
    let dark = shot.pixels().filter(|&p| luma(p) < 80).count();
    assert!(dark > 2_000, "dark text and marks: {dark} pixels");
    // The table reaches across: ink in the left and the right half of the window.
    let ink_at = |x0: u32, x1: u32| {
        (0..shot.height)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| luma(shot.pixel(x, y)) < 128)
            .count()
    };
    assert!(ink_at(0, WIDTH / 2) > 500 && ink_at(WIDTH / 2, WIDTH) > 500);
}

fn luma(p: [u8; 3]) -> u32 {
    (299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2])) / 1000
}

// ------------------------------------------------------------------------------------------
// A minimal PNG reader: 8-bit RGB / RGBA / grey, not interlaced — what Chromium writes.

struct Png {
    width: u32,
    height: u32,
    /// RGB per pixel, row by row.
    rgb: Vec<[u8; 3]>,
    bytes: usize,
}

impl Png {
    fn decode(data: &[u8]) -> Result<Png, String> {
        const SIG: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
        if data.len() < 33 || data[..8] != SIG {
            return Err("not a PNG signature".into());
        }
        let mut pos = 8;
        let (mut width, mut height, mut depth, mut ctype, mut interlace) = (0, 0, 0, 0, 0);
        let mut idat = Vec::new();
        let mut first = true;
        while pos + 12 <= data.len() {
            let len = u32::from_be_bytes(data[pos..pos + 4].try_into().unwrap()) as usize;
            let kind = &data[pos + 4..pos + 8];
            let body = data
                .get(pos + 8..pos + 8 + len)
                .ok_or("chunk runs past the end")?;
            if first && kind != b"IHDR" {
                return Err("IHDR is not the first chunk".into());
            }
            first = false;
            match kind {
                b"IHDR" => {
                    width = u32::from_be_bytes(body[0..4].try_into().unwrap());
                    height = u32::from_be_bytes(body[4..8].try_into().unwrap());
                    depth = body[8];
                    ctype = body[9];
                    interlace = body[12];
                }
                b"IDAT" => idat.extend_from_slice(body),
                b"IEND" => break,
                _ => {}
            }
            pos += 12 + len;
        }
        let channels = match ctype {
            0 => 1,
            2 => 3,
            4 => 2,
            6 => 4,
            _ => return Err(format!("colour type {ctype} not supported")),
        };
        if depth != 8 || interlace != 0 || width == 0 || height == 0 {
            return Err(format!(
                "depth {depth}, interlace {interlace} not supported"
            ));
        }
        if idat.len() < 2 {
            return Err("no image data".into());
        }
        let raw = inflate(&idat[2..])?; // skip the zlib header
        let stride = width as usize * channels;
        if raw.len() < (stride + 1) * height as usize {
            return Err(format!("{} bytes of pixels, expected more", raw.len()));
        }
        let mut prev = vec![0u8; stride];
        let mut rgb = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height as usize {
            let line = &raw[y * (stride + 1)..(y + 1) * (stride + 1)];
            let filter = line[0];
            let mut cur = line[1..].to_vec();
            for i in 0..stride {
                let a = if i >= channels { cur[i - channels] } else { 0 };
                let b = prev[i];
                let c = if i >= channels { prev[i - channels] } else { 0 };
                let add = match filter {
                    0 => 0,
                    1 => a,
                    2 => b,
                    3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                    4 => paeth(a, b, c),
                    f => return Err(format!("filter {f}")),
                };
                cur[i] = cur[i].wrapping_add(add);
            }
            for px in cur.chunks(channels) {
                rgb.push(match channels {
                    1 | 2 => [px[0]; 3],
                    _ => [px[0], px[1], px[2]],
                });
            }
            prev = cur;
        }
        Ok(Png {
            width,
            height,
            rgb,
            bytes: data.len(),
        })
    }

    fn pixels(&self) -> impl Iterator<Item = [u8; 3]> + '_ {
        self.rgb.iter().copied()
    }

    fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    fn colours(&self) -> usize {
        self.pixels().collect::<HashSet<_>>().len()
    }

    /// The most frequent colour and its share of the pixels.
    fn dominant(&self) -> ([u8; 3], f64) {
        let mut counts = std::collections::HashMap::new();
        for p in self.pixels() {
            *counts.entry(p).or_insert(0usize) += 1;
        }
        let (p, n) = counts.into_iter().max_by_key(|&(_, n)| n).unwrap();
        (p, n as f64 / self.rgb.len() as f64)
    }
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

// ------------------------------------------------------------------------------------------
// RFC 1951 inflate, after Mark Adler's puff.c: stored, fixed and dynamic Huffman blocks.

struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
    buf: u64,
    n: u32,
}

impl Bits<'_> {
    fn get(&mut self, need: u32) -> Result<u32, String> {
        while self.n < need {
            let byte = *self.data.get(self.pos).ok_or("deflate data ends early")?;
            self.buf |= u64::from(byte) << self.n;
            self.pos += 1;
            self.n += 8;
        }
        let v = (self.buf & ((1u64 << need) - 1)) as u32;
        self.buf >>= need;
        self.n -= need;
        Ok(v)
    }
}

struct Huffman {
    count: [u16; 16],
    symbol: Vec<u16>,
}

impl Huffman {
    fn new(lengths: &[u8]) -> Huffman {
        let mut count = [0u16; 16];
        for &l in lengths {
            count[l as usize] += 1;
        }
        count[0] = 0;
        let mut offs = [0u16; 16];
        for l in 1..15 {
            offs[l + 1] = offs[l] + count[l];
        }
        let mut symbol = vec![0u16; lengths.len()];
        for (s, &l) in lengths.iter().enumerate() {
            if l != 0 {
                symbol[offs[l as usize] as usize] = s as u16;
                offs[l as usize] += 1;
            }
        }
        Huffman { count, symbol }
    }

    fn decode(&self, bits: &mut Bits<'_>) -> Result<usize, String> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for len in 1..16 {
            code |= bits.get(1)? as i32;
            let count = i32::from(self.count[len]);
            if code - count < first {
                return Ok(self.symbol[(index + (code - first)) as usize] as usize);
            }
            index += count;
            first += count;
            first <<= 1;
            code <<= 1;
        }
        Err("bad Huffman code".into())
    }
}

const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

fn inflate(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut bits = Bits {
        data,
        pos: 0,
        buf: 0,
        n: 0,
    };
    let mut out: Vec<u8> = Vec::new();
    loop {
        let last = bits.get(1)?;
        match bits.get(2)? {
            0 => {
                bits.buf = 0;
                bits.n = 0;
                let p = bits.pos;
                let len = usize::from(u16::from_le_bytes(
                    data.get(p..p + 2)
                        .ok_or("stored block")?
                        .try_into()
                        .unwrap(),
                ));
                let body = data.get(p + 4..p + 4 + len).ok_or("stored block")?;
                out.extend_from_slice(body);
                bits.pos = p + 4 + len;
            }
            1 => {
                let mut lengths = [0u8; 288];
                lengths[..144].fill(8);
                lengths[144..256].fill(9);
                lengths[256..280].fill(7);
                lengths[280..].fill(8);
                let lit = Huffman::new(&lengths);
                let dist = Huffman::new(&[5u8; 30]);
                codes(&mut bits, &mut out, &lit, &dist)?;
            }
            2 => {
                let nlen = bits.get(5)? as usize + 257;
                let ndist = bits.get(5)? as usize + 1;
                let ncode = bits.get(4)? as usize + 4;
                const ORDER: [usize; 19] = [
                    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
                ];
                let mut cl = [0u8; 19];
                for &o in &ORDER[..ncode] {
                    cl[o] = bits.get(3)? as u8;
                }
                let lencode = Huffman::new(&cl);
                let mut lengths = vec![0u8; nlen + ndist];
                let mut i = 0;
                while i < nlen + ndist {
                    let sym = lencode.decode(&mut bits)?;
                    let (value, repeat) = match sym {
                        0..=15 => (sym as u8, 1),
                        16 => {
                            let prev = *lengths[..i].last().ok_or("repeat with no length")?;
                            (prev, 3 + bits.get(2)? as usize)
                        }
                        17 => (0, 3 + bits.get(3)? as usize),
                        _ => (0, 11 + bits.get(7)? as usize),
                    };
                    for _ in 0..repeat {
                        *lengths.get_mut(i).ok_or("too many lengths")? = value;
                        i += 1;
                    }
                }
                let lit = Huffman::new(&lengths[..nlen]);
                let dist = Huffman::new(&lengths[nlen..]);
                codes(&mut bits, &mut out, &lit, &dist)?;
            }
            _ => return Err("block type 3".into()),
        }
        if last == 1 {
            return Ok(out);
        }
    }
}

fn codes(
    bits: &mut Bits<'_>,
    out: &mut Vec<u8>,
    lit: &Huffman,
    dist: &Huffman,
) -> Result<(), String> {
    loop {
        let sym = lit.decode(bits)?;
        match sym {
            0..=255 => out.push(sym as u8),
            256 => return Ok(()),
            _ => {
                let s = sym - 257;
                if s >= 29 {
                    return Err("bad length symbol".into());
                }
                let len = usize::from(LEN_BASE[s]) + bits.get(u32::from(LEN_EXTRA[s]))? as usize;
                let d = dist.decode(bits)?;
                if d >= 30 {
                    return Err("bad distance symbol".into());
                }
                let back = usize::from(DIST_BASE[d]) + bits.get(u32::from(DIST_EXTRA[d]))? as usize;
                if back > out.len() {
                    return Err("distance too far back".into());
                }
                let start = out.len() - back;
                for k in 0..len {
                    out.push(out[start + k]);
                }
            }
        }
    }
}
