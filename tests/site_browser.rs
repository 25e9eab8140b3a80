//! The site in a real browser (issue 14): headless Chromium takes screenshots of the index, a
//! crosstable and a game page at desktop and phone width (checked: the window's size, not
//! blank, the board drawn and, on a phone, inside the screen), and drives the board stepper
//! through whole games — after the last step the board is the game's FEN from
//! `amici status --format json`, at every step checked the position the score gives.
//!
//! The stepper is driven by the page's own `?step=N`, which presses "forward" N times from the
//! start; Chromium's `--dump-dom` then gives the board as the script left it.
//!
//! Needs `/usr/bin/chromium` (scripts/test.sh installs it); without it the tests say so and
//! pass (they fail under `CI=true`). Screenshots are kept in `target/tmp/site-*.png`.

#[path = "site_common/mod.rs"]
mod site_common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use regex::Regex;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Position};
use site_common::*;

#[path = "support/chromium.rs"]
mod chromium_run;

use chromium_run::{CHROMIUM, run as chromium};

fn have_chromium(test: &str) -> bool {
    if Path::new(CHROMIUM).exists() {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{CHROMIUM} is missing in CI (scripts/test.sh installs it)"
    );
    eprintln!(
        "SKIPPED {test}: {CHROMIUM} is missing (apt-get install chromium; scripts/test.sh does)"
    );
    false
}

fn url(page: &Path, query: &str) -> String {
    format!("file://{}{query}", page.display())
}

/// A screenshot of `page` in a `w`×`h` window, kept as `target/tmp/site-NAME.png`.
fn screenshot(page: &Path, name: &str, w: u32, h: u32) -> (PathBuf, Shot) {
    let keep = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("site-{name}.png"));
    let _ = std::fs::remove_file(&keep);
    chromium(
        &[
            format!("--screenshot={}", keep.display()),
            format!("--window-size={w},{h}"),
        ],
        &url(page, ""),
    );
    let bytes =
        std::fs::read(&keep).unwrap_or_else(|e| panic!("no screenshot {}: {e}", keep.display()));
    let shot = Shot::decode(&bytes);
    eprintln!("screenshot: {} ({} bytes)", keep.display(), bytes.len());
    assert_eq!(
        (shot.width, shot.height),
        (w, h),
        "{name}: the window's size"
    );
    (keep, shot)
}

/// A decoded screenshot, RGB.
struct Shot {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn decode(bytes: &[u8]) -> Shot {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(channels)
            .map(|p| match channels {
                1 | 2 => [p[0]; 3],
                _ => [p[0], p[1], p[2]],
            })
            .collect();
        Shot {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn colours(&self) -> usize {
        self.rgb.iter().collect::<HashSet<_>>().len()
    }

    /// The share of the most frequent colour.
    fn dominant_share(&self) -> f64 {
        let mut counts = std::collections::HashMap::new();
        for p in &self.rgb {
            *counts.entry(p).or_insert(0usize) += 1;
        }
        *counts.values().max().unwrap() as f64 / self.rgb.len() as f64
    }

    fn count(&self, f: impl Fn([u8; 3]) -> bool) -> usize {
        self.rgb.iter().filter(|p| f(**p)).count()
    }

    /// The columns where pixels of `colour` are found: (leftmost, rightmost).
    fn x_range(&self, colour: [u8; 3]) -> Option<(u32, u32)> {
        let xs = self
            .rgb
            .iter()
            .enumerate()
            .filter(|(_, p)| **p == colour)
            .map(|(i, _)| i as u32 % self.width);
        xs.fold(None, |r, x| match r {
            None => Some((x, x)),
            Some((a, b)) => Some((a.min(x), b.max(x))),
        })
    }
}

fn luma(p: [u8; 3]) -> u32 {
    (299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2])) / 1000
}

/// Not blank: many colours (text, anti-aliasing), a light page, some dark ink.
fn assert_a_page(name: &str, shot: &Shot) {
    let colours = shot.colours();
    assert!(
        colours > 50,
        "{name}: only {colours} colours: a blank or broken page"
    );
    let share = shot.dominant_share();
    assert!(
        share < 0.97,
        "{name}: one colour covers {share} of the window"
    );
    let dark = shot.count(|p| luma(p) < 80);
    assert!(dark > 1_500, "{name}: {dark} dark pixels of text");
}

const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
const HEAD: [u8; 3] = [0x1f, 0x3a, 0x5f];

#[test]
fn screenshots_of_the_index_a_crosstable_and_a_game_at_desktop_and_phone_width() {
    if !have_chromium("screenshots") {
        return;
    }
    let (e, games) = played("[site]\npublish_delay_moves = 2");
    let site = e.site("site");
    let blank = tempfile::tempdir().unwrap();
    let empty = blank.path().join("empty.html");
    std::fs::write(&empty, "<!DOCTYPE html><html></html>").unwrap();
    let (_, nothing) = screenshot(&empty, "blank", 400, 300);
    assert_eq!(nothing.colours(), 1, "an empty page is one colour");

    let index = site.join("index.html");
    let table = site.join("RU-2026/index.html");
    let game = game_page(&site, &games[1].id, "html");
    for (w, h, width) in [(1200, 800, "desktop"), (390, 844, "phone")] {
        let (_, s) = screenshot(&index, &format!("index-{width}"), w, h);
        assert_a_page("index", &s);
        let (_, s) = screenshot(&table, &format!("crosstable-{width}"), w, h);
        assert_a_page("crosstable", &s);
        assert!(
            s.count(|p| p == HEAD) > 2_000,
            "the table's dark header row ({width})"
        );
        let (_, s) = screenshot(&game, &format!("game-{width}"), w, h);
        assert_a_page("game", &s);
        // The board: its two square colours fill most of a board of at least 300 px.
        let squares = s.count(|p| p == LIGHT) + s.count(|p| p == DARK);
        assert!(
            squares > 300 * 300 / 2,
            "{width}: the board's squares, {squares} pixels"
        );
        let (left, right) = s.x_range(LIGHT).unwrap();
        assert!(
            right - left > 280,
            "{width}: a board {left}..{right} px wide"
        );
        assert!(
            right < w - 4,
            "{width}: the board ends inside the window ({right} of {w})"
        );
        if width == "phone" {
            // One column: the board spans the phone's width (less the page's margins).
            assert!(
                right - left > w * 3 / 4,
                "phone: the board fills the width ({left}..{right})"
            );
        }
    }
}

/// The board as the script left it: FEN piece placement from the squares' `data-p`, each
/// square's glyph and colour class checked against its letter.
fn board_in_dom(dom: &str) -> String {
    let sq = Regex::new(
        r#"<div class="sq ([ld])( [wb])?" data-sq="([a-h][1-8])" data-p="([KQRBNPkqrbnp]?)"[^>]*>([^<]*)</div>"#,
    )
    .unwrap();
    let cells: Vec<_> = sq.captures_iter(dom).collect();
    assert_eq!(cells.len(), 64, "64 squares in the DOM");
    let mut rows = Vec::new();
    for r in 0..8 {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..8 {
            let c = &cells[r * 8 + f];
            let name = format!("{}{}", (b'a' + f as u8) as char, 8 - r);
            assert_eq!(&c[3], name, "squares in order a8 … h1");
            let p = &c[4];
            let glyph = match p.to_ascii_lowercase().as_str() {
                "k" => "♚",
                "q" => "♛",
                "r" => "♜",
                "b" => "♝",
                "n" => "♞",
                "p" => "♟",
                _ => "",
            };
            assert_eq!(&c[5], glyph, "{name}: the glyph of {p:?}");
            let side = c.get(2).map_or("", |m| m.as_str().trim());
            let expected = match p.chars().next() {
                None => "",
                Some(ch) if ch.is_ascii_uppercase() => "w",
                Some(_) => "b",
            };
            assert_eq!(side, expected, "{name}: the piece's colour");
            if p.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(p);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// The page at `?step=N` after the script ran: the board's placement and the shown FEN.
fn step(page: &Path, n: usize) -> (String, String) {
    let dom = chromium(
        &["--dump-dom".to_string()],
        &url(page, &format!("?step={n}")),
    );
    let fen = Regex::new(r#"<output id="fen">([^<]*)</output>"#)
        .unwrap()
        .captures(&dom)
        .unwrap_or_else(|| panic!("no FEN in the DOM of {}", page.display()))[1]
        .to_string();
    assert!(
        !dom.contains("id=\"steps\" hidden"),
        "the script showed the buttons"
    );
    (board_in_dom(&dom), fen)
}

/// Every position of a game from the SAN of `status --format json`, replayed here.
fn positions(sans: &[String]) -> Vec<String> {
    let mut pos = Chess::default();
    let mut out = vec![Fen::from_position(&pos, EnPassantMode::Legal).to_string()];
    for s in sans {
        let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
        out.push(Fen::from_position(&pos, EnPassantMode::Legal).to_string());
    }
    out
}

fn placement(fen: &str) -> &str {
    fen.split(' ').next().unwrap()
}

#[test]
fn the_board_stepper_walks_whole_games_to_the_fen_of_amici_status() {
    if !have_chromium("stepper") {
        return;
    }
    let (e, games) = played("[site]\npublish_delay_moves = 0");
    let site = e.site("site");
    let status = e.status();
    let of = |id: &str| {
        status["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()
            .clone()
    };
    // The mate (finished) and the long game (in play, published live).
    for g in [&games[0], &games[1]] {
        let s = of(&g.id);
        let sans: Vec<String> = s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let fen = s["fen"].as_str().unwrap();
        let page = game_page(&site, &g.id, "html");
        let all = positions(&sans);
        assert_eq!(
            all.last().unwrap(),
            fen,
            "the replay here agrees with status"
        );
        // The whole game: the last step is the game's FEN.
        let (board, shown) = step(&page, sans.len());
        assert_eq!(
            board,
            placement(fen),
            "{}: the board after the last step",
            g.id
        );
        assert_eq!(shown, fen, "{}: the FEN after the last step", g.id);
        // Past the end the stepper stays there; the start and positions on the way.
        assert_eq!(step(&page, sans.len() + 5).1, fen);
        let probes: Vec<usize> = if sans.len() > 10 {
            vec![0, 1, 9, 16]
        } else {
            vec![0, 4]
        };
        for k in probes {
            let (board, shown) = step(&page, k);
            assert_eq!(board, placement(&all[k]), "{} after {k} half-moves", g.id);
            assert_eq!(shown, all[k]);
        }
    }

    // Three moves behind: the long game's last step is the position after 24 − 6 half-moves.
    let toml = e.dir().join("amici.toml");
    let config = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        config.replace("publish_delay_moves = 0", "publish_delay_moves = 3"),
    )
    .unwrap();
    let site = e.site("delayed");
    let s = of(&games[1].id);
    let sans: Vec<String> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(sans.len(), 24);
    let all = positions(&sans);
    let page = game_page(&site, &games[1].id, "html");
    let (board, shown) = step(&page, 24);
    assert_eq!(
        shown, all[18],
        "the stepper ends at the last published position"
    );
    assert_eq!(board, placement(&all[18]));
}

/// The page after `presses` ran on it: a copy of `page` beside it (its links still resolve)
/// with a script at the end of its body that works the page's own controls — `click()` on
/// its buttons, `keydown` of the arrow keys on the document — as a reader would, in a
/// Chromium cut off from the network; then the
/// board's placement, the shown FEN and whether "forward" ended disabled.
fn driven(page: &Path, name: &str, presses: &str) -> (String, String, bool) {
    let html = std::fs::read_to_string(page).unwrap();
    let copy = page.with_file_name(format!("drive-{name}.html"));
    let script = format!(
        "<script>(function () {{\
  function click(id) {{ document.getElementById(id).click(); }}\
  function key(k) {{ document.dispatchEvent(new KeyboardEvent('keydown', {{ key: k, bubbles: true }})); }}\
  {presses}\
  document.body.setAttribute('data-forward-disabled', document.getElementById('forward').disabled);\
}})();</script>\n</body>"
    );
    std::fs::write(&copy, html.replace("</body>", &script)).unwrap();
    // With the network cut off (a proxy on a closed port for every scheme, every host name
    // unresolvable): the stepper works offline, from the page's own files.
    let offline = [
        "--dump-dom",
        "--proxy-server=127.0.0.1:9",
        "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND",
    ];
    let dom = chromium(&offline.map(String::from), &url(&copy, ""));
    let fen = Regex::new(r#"<output id="fen">([^<]*)</output>"#)
        .unwrap()
        .captures(&dom)
        .expect("a FEN in the DOM")[1]
        .to_string();
    (
        board_in_dom(&dom),
        fen,
        dom.contains("data-forward-disabled=\"true\""),
    )
}

/// The stepper worked by its controls, not by `?step=N`: from "first", "forward" pressed once
/// a half-move (and, separately, the right arrow key) through the whole game ends on the FEN
/// of `amici status`, with "forward" disabled; one "back" (or left arrow) then shows the
/// position before the last move.
#[test]
fn the_stepper_driven_by_its_buttons_and_keys_ends_on_the_games_fen() {
    if !have_chromium("stepper controls") {
        return;
    }
    let (e, games) = played("[site]\npublish_delay_moves = 0");
    let site = e.site("site");
    let status = e.status();
    for g in [&games[0], &games[1]] {
        let s = status["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["id"] == g.id.as_str())
            .unwrap()
            .clone();
        let sans: Vec<String> = s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let fen = s["fen"].as_str().unwrap().to_string();
        let all = positions(&sans);
        let n = sans.len();
        let page = game_page(&site, &g.id, "html");
        let buttons = format!("click('first'); for (var i = 0; i < {n}; i++) click('forward');");
        let keys = format!("click('first'); for (var i = 0; i < {n}; i++) key('ArrowRight');");
        for (how, presses) in [("buttons", buttons), ("keys", keys)] {
            let (board, shown, at_end) = driven(&page, how, &presses);
            assert_eq!(board, placement(&fen), "{} by {how}: the board", g.id);
            assert_eq!(shown, fen, "{} by {how}: the FEN", g.id);
            assert!(at_end, "{} by {how}: forward disabled at the end", g.id);
            let back = if how == "buttons" {
                "click('back');"
            } else {
                "key('ArrowLeft');"
            };
            let (board, shown, at_end) =
                driven(&page, &format!("{how}-back"), &format!("{presses} {back}"));
            assert_eq!(board, placement(&all[n - 1]), "{} by {how}: one back", g.id);
            assert_eq!(shown, all[n - 1]);
            assert!(!at_end, "{} by {how}: forward enabled again", g.id);
        }
    }
}

/// The DOM of `page` in a Chromium with JavaScript switched off, after it loaded.
fn without_script(page: &Path, query: &str) -> String {
    chromium_run::dom_without_script(&url(page, query))
}

/// Without JavaScript the pages are whole: a game page shows its score, its PGN link and, on
/// the stepper's board, the final position (written here by hand for the Scholar's mate, 1.
/// e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#) — `?step=1` moves nothing and the buttons stay
/// hidden, which shows the script did not run — and the tournament page its crosstable and
/// its pairings, with their links.
#[test]
fn the_game_page_the_crosstable_and_the_pairings_read_without_javascript() {
    if !have_chromium("without JavaScript") {
        return;
    }
    let (e, games) = played("[site]\npublish_delay_moves = 0");
    let site = e.site("site");
    let mate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    let page = game_page(&site, &games[0].id, "html");
    let dom = without_script(&page, "?step=1");
    assert!(
        dom.contains("id=\"steps\" hidden"),
        "the script did not run"
    );
    assert_eq!(board_in_dom(&dom), placement(mate), "the final position");
    assert!(
        dom.contains(&format!("<output id=\"fen\">{mate}</output>")),
        "its FEN"
    );
    assert_eq!(dom.matches("<tr data-ply=").count(), 7, "seven half-moves");
    for (notation, san) in [("e2-e4", "e4"), ("Сf1-c4", "Bc4"), ("Фh5:f7", "Qxf7#")] {
        assert!(
            dom.contains(&format!(
                "<td class=\"l\">{notation}</td><td class=\"l\">{san}</td>"
            )),
            "{notation} / {san} in the score"
        );
    }
    let stem = games[0].id.rsplit('/').next().unwrap();
    assert!(
        dom.contains(&format!("<a href=\"{stem}.pgn\" download")),
        "the PGN link"
    );
    // The same page with the script: `?step=1` shows the position after 1. e4 (the flag
    // above is what kept it still).
    let with = chromium(&["--dump-dom".to_string()], &url(&page, "?step=1"));
    assert_eq!(
        board_in_dom(&with),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    );

    let dom = without_script(&site.join("RU-2026/index.html"), "");
    let rows = crosstable(&dom);
    let names: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(rows.len(), 4, "a row a player: {names:?}");
    for (name, _) in PLAYERS {
        assert!(names.contains(&name), "{name} in the crosstable: {names:?}");
    }
    for round in 1..=3 {
        assert!(
            dom.contains(&format!("<h3 id=\"round-{round}\">")),
            "round {round}'s pairings"
        );
    }
    for g in &games[..4] {
        let stem = g.id.rsplit('/').next().unwrap();
        assert!(
            dom.contains(&format!("<a href=\"{stem}.html\">")),
            "the link to {}",
            g.id
        );
    }
}

/// Where Chromium lays out a game page in a window `width` px wide: the board's left, right
/// and bottom edges, the moves table's left and top, and the page's scroll and client widths.
/// The page is measured in an iframe of that width by a script of the wrapper page (the site's
/// own script plays no part), read back with `--dump-dom`.
fn game_layout(page: &Path, width: u32) -> Vec<i64> {
    let dir = tempfile::tempdir().unwrap();
    let wrapper = dir.path().join("measure.html");
    let src = format!("file://{}", page.display());
    std::fs::write(
        &wrapper,
        format!(
            r#"<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="{src}" style="width:{width}px;height:3000px;border:0"></iframe>
<script>document.getElementById('f').onload = function () {{
  var d = this.contentDocument, b = d.getElementById('board').getBoundingClientRect(),
      m = d.querySelector('table.moves').getBoundingClientRect(), e = d.documentElement;
  var out = document.createElement('pre'); out.id = 'layout';
  out.textContent = [b.left, b.right, b.bottom, m.left, m.top, e.scrollWidth, e.clientWidth].map(Math.round).join(' ');
  document.body.appendChild(out);
}};</script></body></html>"#
        ),
    )
    .unwrap();
    let dom = chromium(
        &[
            "--dump-dom".to_string(),
            "--allow-file-access-from-files".to_string(),
            format!("--window-size={},900", width + 20),
        ],
        &format!("file://{}", wrapper.display()),
    );
    let found = Regex::new(r#"<pre id="layout">([-\d ]+)</pre>"#)
        .unwrap()
        .captures(&dom)
        .unwrap_or_else(|| panic!("no layout measured:\n{dom}"))[1]
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    found
}

/// Issue 14 item 3: one column under 600 px. At a phone's 390 px the moves table comes below
/// the board, not beside it, and nothing is wider than the window; at 1200 px it stands beside
/// the board — so the check tells the two layouts apart.
#[test]
fn the_game_page_is_one_column_at_phone_width_and_two_on_a_desktop() {
    if !have_chromium("one column") {
        return;
    }
    let (e, games) = played("[site]\npublish_delay_moves = 0");
    let site = e.site("site");
    let game = game_page(&site, &games[1].id, "html");
    let phone = game_layout(&game, 390);
    let [b_left, b_right, b_bottom, m_left, m_top, scroll, client] = phone[..] else {
        panic!("{phone:?}")
    };
    assert!(
        m_top >= b_bottom,
        "phone: the moves below the board: {phone:?}"
    );
    assert!(
        m_left < b_right,
        "phone: the moves under the board: {phone:?}"
    );
    assert!(
        b_right - b_left > 390 * 3 / 4,
        "phone: the board's width: {phone:?}"
    );
    assert!(scroll <= client, "phone: no sideways scrolling: {phone:?}");
    let desktop = game_layout(&game, 1200);
    let [_, b_right, b_bottom, m_left, m_top, scroll, client] = desktop[..] else {
        panic!("{desktop:?}")
    };
    assert!(
        m_left >= b_right,
        "desktop: the moves beside the board: {desktop:?}"
    );
    assert!(m_top < b_bottom, "desktop: side by side: {desktop:?}");
    assert!(scroll <= client, "desktop: {desktop:?}");
}
